"""Formatting verdicts (issue 9, item 1): a definition is rewritten to its canonical print only
when nothing would be lost or changed; otherwise the verdict says why it declines."""

from __future__ import annotations

import pytest

from tvm_tirx.script import parse_diagnostics
from tvm_tirx.script.parser.formatting import REASONS, format_verdict

H = "from tvm_tirx.script import tirx as T\nfrom tvm_tirx.script import ir as I\n"


def _verdict(text: str, index: int = 0):
    return format_verdict(parse_diagnostics(text).definitions[index])


def test_an_untidy_definition_is_formatted_to_its_canonical_print() -> None:
    verdict = _verdict(H + "@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n"
                           "    for i in range( 4 ):\n        A[i] = (A[i] + k)\n")
    assert verdict.reason is None
    assert verdict.text == ("@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n"
                            "    for i in range(4):\n        A[i] = A[i] + k")
    # Formatting twice changes nothing.
    again = _verdict(H + verdict.text + "\n")
    assert again.text == verdict.text


def test_a_nested_definition_keeps_its_indentation() -> None:
    verdict = _verdict(H + "def test():\n    @T.function\n    def f(A: T.Tensor((4,), T.int32)):"
                           "\n        A[0]=1\n")
    assert verdict.text == ("@T.function\n    def f(A: T.Tensor((4,), T.int32)):\n"
                            "        A[0] = 1")


@pytest.mark.parametrize("source, reason", [
    ("@T.prim_func\ndef f(A: T.Buffer((4,), 'int32')):\n    A[0] = 1\n", "apache-spelling"),
    ("@T.function  # deco\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n", "comments"),
    ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 1.5\n", "errors"),
    ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = len([1, 2])\n", "lossy"),
    ("@I.ir_module\nclass M:\n    @T.function\n    def main(x: T.int32) -> T.int32:\n"
     "        return x\n", "renames"),
])
def test_the_verdict_declines_with_its_reason(source, reason) -> None:
    verdict = _verdict(H + source)
    assert (verdict.text, verdict.reason) == (None, reason)
    assert verdict.detail and reason in REASONS


def test_a_stale_definition_is_never_formatted() -> None:
    from tvm_tirx.script.parser.session import DocumentSession, TextEdit

    session = DocumentSession()
    session.set_text(H + "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n")
    session.analyze()
    session.apply_edits([TextEdit((5, 10, 5, 10), "(")])
    (definition,) = session.analyze().definitions
    assert definition.stale and format_verdict(definition).reason == "stale"


def test_the_documented_reasons_are_the_verdicts() -> None:
    import pathlib
    import re

    doc = (pathlib.Path(__file__).resolve().parents[3] / "docs" / "frontend.md").read_text()
    section = doc[doc.index("**Formatting verdicts**"):doc.index("## The pipeline of one")]
    assert dict(re.findall(r"^\| `([a-z-]+)` \| (.*) \|$", section, re.MULTILINE)) == REASONS


@pytest.mark.parametrize("source, line", [
    ('@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    """Adds one."""\n    A[0] = 1\n', 5),
    ('@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    # a comment first\n'
     '    """Adds one."""\n    A[0] = 1\n', 6),
    ('@I.ir_module\nclass M:\n    """Two kernels."""\n\n    @T.function\n'
     '    def f(A: T.Tensor((4,), T.int32)):\n        A[0] = 1\n', 5),
])
def test_a_docstring_is_never_dropped_by_formatting(source, line) -> None:
    # The IR keeps no docstring, so the canonical print would lose it. (A string statement
    # elsewhere in a body is an error already.)
    verdict = _verdict(H + source)
    assert (verdict.text, verdict.reason) == (None, "lossy")
    assert verdict.detail == f"a string statement (a docstring) is not kept in the IR (line {line})"
