"""The frontend's one way to split text into lines (parser/line_index.py ``split_lines``):
lines end at ``\\r\\n``, ``\\r`` and ``\\n`` only, as ``ast`` and the LSP count them. The other
characters ``str.splitlines`` breaks at stay inside their line, so every position after one, in
a string literal or a comment, stays right (issue 24, item 5)."""

from __future__ import annotations

import ast
from typing import List, Tuple

import pytest

from tvm_tirx.script import parse_diagnostics
from tvm_tirx.script.parser.line_index import LineIndex, split_lines

# What str.splitlines ends a line at besides \r and \n.
OTHER_BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
ENDINGS = ["\n", "\r\n", "\r"]


def test_lines_end_only_at_cr_lf_and_crlf() -> None:
    text = f"a{OTHER_BREAKS}b\r\nc\rd\ne\n"
    assert split_lines(text) == [f"a{OTHER_BREAKS}b", "c", "d", "e", ""]
    assert len(text.splitlines()) == 4 + len(OTHER_BREAKS)  # what it replaces would count


@pytest.mark.parametrize("text", ["", "x", "x\n", "\n\n", "x\r", "x\r\ny", "\r\r\n\n"])
def test_a_final_ending_starts_an_empty_last_line(text: str) -> None:
    assert split_lines(text) == text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _program(ending: str) -> str:
    lines = [
        "from tvm_tirx.script import tirx as T",
        f'NOTE = "one{OTHER_BREAKS}two"  # and a comment: {OTHER_BREAKS} end',
        "",
        "@T.function",
        "def f(A: T.Tensor((4,), T.int32)):",
        f"    # {OTHER_BREAKS} inside the body",
        "    x = nowhere + 1",
        "    A[0] = 1",
    ]
    return ending.join(lines) + ending


def _names(source: str) -> List[Tuple[str, int, int]]:
    return [(n.id, n.lineno, n.col_offset) for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Name)]


@pytest.mark.parametrize("ending", ENDINGS, ids=["lf", "crlf", "cr"])
def test_each_name_is_on_its_ast_line(ending: str) -> None:
    source = _program(ending)
    lines = split_lines(source)
    for name, line, column in _names(source):
        assert lines[line - 1].encode()[column:].decode().startswith(name)
    index = LineIndex(source)
    assert lines == [index.line_text(n) for n in range(1, index.line_count + 1)]


@pytest.mark.parametrize("ending", ENDINGS, ids=["lf", "crlf", "cr"])
def test_a_diagnostic_after_such_characters_is_at_its_line(ending: str) -> None:
    diagnostics = parse_diagnostics(_program(ending)).to_plain()["diagnostics"]
    assert [(d["code"], tuple(d["range"])) for d in diagnostics] == [
        ("name-error", (7, 8, 7, 15))]
