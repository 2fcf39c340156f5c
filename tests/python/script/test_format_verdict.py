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
    ("@T.prim_func(s_tir=True)\ndef f(A: T.Buffer((4,), 'int32')):\n    with T.block('b'):\n"
     "        A[0] = 1\n", "older-spelling"),
    ("@T.function  # deco\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n", "comments"),
    ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = \"a\"\n", "errors"),
    ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = len([1, 2])\n", "lossy"),
    ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n"
     "    T.func_attr({'global_symbol': 'g'})\n    A[0] = 1\n", "renames"),
])
def test_the_verdict_declines_with_its_reason(source, reason) -> None:
    verdict = _verdict(H + source)
    assert (verdict.text, verdict.reason) == (None, reason)
    assert verdict.detail and reason in REASONS


def test_apache_spelling_is_formatted_in_it_and_migrated_only_on_request() -> None:
    # A definition in Apache TVM's spelling keeps it (as apache-tvm 0.27 prints it); the
    # explicit migration gives the canonical spelling; `T.serial` alone is the reference's too,
    # so a canonical definition using it is formatted canonically.
    apache = H + "@T.prim_func\ndef f(A: T.Buffer((4,), 'int32')):\n    for i in T.serial(4):\n" \
                 "        A[i]=1\n"
    assert _verdict(apache).text == ('@T.prim_func\ndef f(A: T.Buffer((4,), "int32")):\n'
                                     "    for i in range(4):\n        A[i] = 1")
    migrated = format_verdict(parse_diagnostics(apache, source_name="m.py").definitions[0],
                              migrate=True)
    assert migrated.text == ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n"
                             "    for i in range(4):\n        A[i] = 1")
    canonical = H + "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    for i in T.serial(4):" \
                    "\n        A[i]=1\n"
    assert _verdict(canonical).text == migrated.text
    # A block's canonical print names `Ts`, which this file does not import: migration says so.
    blocks = H + "@T.prim_func(s_tir=True)\ndef f(A: T.Buffer((4,), 'int32')):\n" \
                 "    for i in range(4):\n        with T.sblock('b'):\n" \
                 "            vi = T.axis.spatial(4, i)\n            A[vi] = 1\n"
    assert _verdict(blocks).text.splitlines()[4:7] == [
        "        with T.sblock(\"b\"):", "            vi = T.axis.spatial(4, i)",
        "            T.reads()"]
    declined = format_verdict(parse_diagnostics(blocks, source_name="m.py").definitions[0],
                              migrate=True)
    assert (declined.reason, declined.detail) == (
        "needs-import", "import `from tvm_tirx.script import s_tir as Ts` first")


def test_a_module_keeps_its_class_name() -> None:
    # An IR module has no name (the print writes `Module`): formatting keeps the class's own.
    verdict = _verdict(H + "@I.ir_module\nclass M:\n    @T.function\n"
                           "    def main(x: T.int32) -> T.int32:\n        return  x\n")
    assert verdict.text == ("@I.ir_module\nclass M:\n    @T.function\n"
                            "    def main(x: T.int32) -> T.int32:\n        return x")


def test_a_module_keeps_its_package_decorator() -> None:
    # `@tvm.script.ir_module` (Apache TVM's tests, `import tvm`) is what the printed
    # `@I.ir_module` means: it stays, and the file needs no `I` import.
    source = ("import tvm\nfrom tvm.script import tirx as T\n\n@tvm.script.ir_module\n"
              "class Mod:\n    @T.prim_func\n    def main(A: T.Buffer((4,), \"int32\")):\n"
              "        A[0]  =  1\n")
    verdict = format_verdict(parse_diagnostics(source, source_name="m.py").definitions[0])
    assert verdict.reason is None and verdict.text == (
        "@tvm.script.ir_module\nclass Mod:\n    @T.prim_func\n"
        "    def main(A: T.Buffer((4,), \"int32\")):\n        A[0] = 1")


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


SHARED_N = ('n = T.dynamic("n")\n\n@I.ir_module\nclass Module:\n    @T.function\n'
            "    def fill(A: T.Tensor((n,), T.float32)):\n        A[0]=T.float32(0)\n\n"
            "    @T.function\n    def copy(A: T.Tensor((n,), T.float32), "
            "B: T.Tensor((n,), T.float32)):\n        B[0] = A[0]\n")


def test_a_module_keeps_the_files_own_symbol_declarations() -> None:
    # The module's print begins with `n = T.dynamic(...)` (printer.md): in a file, `n` is the
    # file's declaration above the class, which must not be written a second time.
    verdict = _verdict(H + SHARED_N)
    assert verdict.reason is None
    assert verdict.text.startswith("@I.ir_module\nclass Module:\n")
    assert "T.dynamic" not in verdict.text
    assert _verdict(H + SHARED_N.replace(
        "@I.ir_module", verdict.text.split("\n", 1)[0]).replace(
        SHARED_N.split("@I.ir_module")[1], verdict.text.split("@I.ir_module")[1] + "\n")
    ).text == verdict.text


@pytest.mark.parametrize("source, detail", [
    # A member's own header symbol would be declared at module level: left to the user.
    ("@I.ir_module\nclass Module:\n    @T.function\n    def f[k](A: T.Tensor((k,), T.float32)):"
     "\n        A[0] = T.float32(0)\n", 'declare `k = T.dynamic("k")` above the module'),
])
def test_a_module_whose_print_declares_new_symbols_is_left_alone(source, detail) -> None:
    verdict = _verdict(H + source)
    assert (verdict.text, verdict.reason, verdict.detail) == (None, "module-symbols", detail)


def test_a_header_symbol_may_become_the_files_symbol_of_its_name() -> None:
    # The file's `n` belongs to `other`; the module's `n` is its member's header symbol. The
    # formatted module uses the file's `n`: one symbol in the module either way, and symbols of
    # a signature are defined by it, so the module is structurally the same program.
    source = ('n = T.dynamic("n")\n\n@T.function\ndef other(A: T.Tensor((n,), T.float32)):\n'
              "    A[0] = T.float32(0)\n\n@I.ir_module\nclass Module:\n    @T.function\n"
              "    def f[n](A: T.Tensor((n,), T.float32)):\n        A[0] = T.float32(0)\n")
    verdict = _verdict(H + source, index=1)
    assert verdict.reason is None
    assert "    def f(A: T.Tensor((n,), T.float32)):" in verdict.text


def test_a_second_symbol_of_a_declared_name_is_left_alone() -> None:
    # `f` uses the file's `n`, `g` a header `n` of its own: the print needs `n_1`.
    source = ('n = T.dynamic("n")\n\n@I.ir_module\nclass Module:\n    @T.function\n'
              "    def f(A: T.Tensor((n,), T.float32)):\n        A[0] = T.float32(0)\n\n"
              "    @T.function\n    def g[n](A: T.Tensor((n,), T.float32)):\n"
              "        A[0] = T.float32(0)\n")
    verdict = _verdict(H + source)
    assert (verdict.reason, verdict.detail) == (
        "module-symbols", 'declare `n_1 = T.dynamic("n_1")` above the module')


def test_a_symbol_whose_name_is_not_an_identifier_keeps_the_files_declaration() -> None:
    # `T.dynamic("tile size")` prints as `tile_size = T.dynamic("tile size", ...)`: that line
    # must never be written above the class as a new binding.
    source = ('n = T.dynamic("tile size")\n\n@I.ir_module\nclass Module:\n    @T.function\n'
              "    def f(A: T.Tensor((n,), T.float32)):\n        A[0] = T.float32(0)\n")
    verdict = _verdict(H + source)
    # The print names the symbol `tile_size`, which the file does not bind: left alone.
    assert (verdict.text, verdict.reason) == (None, "module-symbols")


def test_a_module_with_comments_keeps_its_class_name() -> None:
    verdict = _verdict(H + "@I.ir_module\nclass M:\n    @T.function\n"
                           "    def main(x: T.int32) -> T.int32:\n        # the input\n"
                           "        return  x\n")
    assert verdict.text == ("@I.ir_module\nclass M:\n    @T.function\n"
                            "    def main(x: T.int32) -> T.int32:\n        # the input\n"
                            "        return x")


def test_an_apache_function_keeps_its_def_name_beside_its_global_symbol() -> None:
    # Apache TVM's tests write `def before` with `T.func_attr({"global_symbol": "main"})`: its
    # print names the function `main`; formatting keeps `before` and the attribute (printer
    # option `function_name`), which reads back as the same IR.
    verdict = _verdict(H + "@T.prim_func\ndef before(A: T.Buffer((4,), 'int32')):\n"
                           "    T.func_attr({'global_symbol': 'main'})\n    A[0]=1\n")
    assert verdict.text == ('@T.prim_func\ndef before(A: T.Buffer((4,), "int32")):\n'
                            '    T.func_attr({"global_symbol": "main"})\n    A[0] = 1')


def test_a_module_whose_members_call_each_other_keeps_its_class_name() -> None:
    # The print names the class and its members' references to it (`Mod.helper`) the same.
    source = (H + "@I.ir_module\nclass Mod:\n    @T.function\n"
              "    def main(A: T.Tensor((4,), T.int32)):\n        Mod.helper(A.data)\n\n"
              "    @T.function(private=True)\n    def helper(p: T.Ptr(T.int32)):\n"
              "        T.evaluate(0)\n")
    verdict = format_verdict(parse_diagnostics(source, source_name="m.py").definitions[0])
    assert verdict.reason is None, verdict.detail
    assert "class Mod:" in verdict.text and "T.Call(Mod.helper, [A.data]" in verdict.text
