"""The Apache TVM conformance harness's static side (scripts/apache_conformance): which
decorated definitions it finds in a test file, how it classifies them, and how it turns the
analysis's answers into manifest rows and the table of docs/conformance.md. The programs here
are our own, written in the shapes Apache TVM's tests use."""

from __future__ import annotations

import pathlib
import subprocess
import sys
import textwrap
from typing import Any, Dict, List

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts" / "apache_conformance"))

import extract  # noqa: E402 - found through the path set above
import run  # noqa: E402

NESTED = '''
import pytest
import tvm
from tvm.script import tirx as T
from tvm.script import ir as I

WIDTH = 16
rows = T.int32()


@T.prim_func
def top_level(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(1)


@pytest.mark.parametrize("x", [1])
def test_inside_function(x):
    @T.prim_func
    def inner(A: T.Buffer((4,), "float32")):
        A[0] = T.float32(x)

    if x:
        with pytest.raises(ValueError):
            @T.prim_func(private=True)
            def under_with(A: T.Buffer((rows,), "float32")):
                A[0] = T.float32(0)


class TestSuite:
    def helper(self):
        @tvm.script.ir_module
        class Mod:
            @T.prim_func
            def main(A: T.Buffer((WIDTH,), "float32")):
                A[0] = T.float32(0)

            @T.prim_func
            def other(A: T.Buffer((4,), "float32")):
                A[1] = T.float32(0)
        return Mod
'''


def by_name(text: str) -> Dict[str, extract.Definition]:
    return {d.name: d for d in extract.definitions(textwrap.dedent(text))}


def test_definitions_at_any_depth_module_members_belong_to_their_module() -> None:
    found = extract.definitions(NESTED)
    assert [(d.name, d.kind, d.depth) for d in found] == [
        ("top_level", "function", 0), ("inner", "function", 1), ("under_with", "function", 1),
        ("Mod", "module", 2)]
    # The line is the first decorator's, where the analysis's range starts.
    lines = NESTED.split("\n")
    for definition in found:
        assert lines[definition.line - 1].strip().startswith("@")
        assert lines[definition.def_line - 1].strip().startswith(("def ", "class "))


def test_captures_are_names_python_binds_outside() -> None:
    found = {d.name: d for d in extract.definitions(NESTED)}
    assert found["top_level"].category == "checked"
    assert found["inner"].category == "captured"
    assert found["inner"].captured == ("x",)
    # A symbol declared at module level is read from the text: no capture.
    assert found["under_with"].category == "checked"
    assert found["Mod"].category == "captured"
    assert found["Mod"].captured == ("WIDTH",)


def test_symbols_of_enclosing_functions_macros_and_locals_are_not_captures() -> None:
    found = by_name('''
        from tvm.script import tirx as T

        @T.macro
        def clear(buf, i):
            buf[i] = T.float32(0)

        def test_symbols():
            n = T.int32()
            @T.prim_func
            def uses(a: T.handle):
                A = T.match_buffer(a, (n,), "float32")
                for i in range(n):
                    clear(A, i)
                    total = A[i] + T.float32(1)
                    A[i] = total
        ''')
    assert found["clear"].category == "helper"
    assert found["uses"].category == "checked"
    assert found["uses"].captured == ()


def test_categories_s_tir_device_relax_in_that_order() -> None:
    found = by_name('''
        from tvm.script import tirx as T
        from tvm.script import ir as I
        from tvm.script import relax as R

        @T.prim_func
        def blocky(A: T.Buffer((4,), "float32")):
            for i in range(4):
                with T.sblock("b"):
                    vi = T.axis.spatial(4, i)
                    A[vi] = T.float32(0)

        @T.prim_func
        def kernel(A: T.Buffer((4,), "float32")):
            T.device_entry()
            tx = T.thread_id([4])
            A[tx] = T.float32(0)

        @R.function
        def graph(x: R.Tensor((4,), "float32")):
            return x

        @I.ir_module
        class Mixed:
            @T.prim_func
            def f(A: T.Buffer((4,), "float32")):
                A[0] = T.float32(0)

            @R.function
            def main(x: R.Tensor((4,), "float32")):
                return x
        ''')
    assert (found["blocky"].category, found["blocky"].s_tir) == ("s-tir-blocks",
                                                                 ("axis", "sblock"))
    assert (found["kernel"].category, found["kernel"].device) == ("device-kernels",
                                                                  ("device_entry", "thread_id"))
    assert (found["graph"].category, found["graph"].dialect) == ("relax", "relax")
    assert (found["Mixed"].category, found["Mixed"].dialect) == ("relax", "mixed")


def test_decorator_spellings() -> None:
    found = by_name('''
        import tvm
        from tvm import script
        from tvm.script.parser import tirx as T
        from tvm.script.parser import ir as I
        from tvm.script import tir as TT

        @script.ir_module
        class A:
            pass

        @tvm.script.parser.ir_module
        class B:
            pass

        @I.ir_module(s_tir=True)
        class C:
            pass

        @TT.prim_func(s_tir=True)
        def d():
            TT.evaluate(0)

        @T.jit
        def e():
            T.evaluate(0)

        @pytest.mark.skip
        def test_not_script():
            pass

        @tvm.testing.fixture
        def not_script_either():
            pass
        ''')
    assert {name: d.kind for name, d in found.items()} == {
        "A": "module", "B": "module", "C": "module", "d": "function", "e": "macro"}


def test_aliases_of_imports_anywhere() -> None:
    tree = extract.ast.parse(textwrap.dedent('''
        import tvm.testing
        def test_x():
            from tvm.script import tirx as T, relax as R
        '''))
    aliases = extract.file_aliases(tree)
    assert aliases.namespaces == {"T": "tirx", "R": "relax"}
    assert aliases.tvm == {"tvm"}


# --- rows and the table -------------------------------------------------------------------------

def _unit(line: int, diagnostics: List[Dict[str, Any]], **more: Any) -> Dict[str, Any]:
    return {"line": line, "kind": "function", "depth": 0, "key": "k", "diagnostics": diagnostics,
            "built": True, **more}


def _error(code: str, message: str, severity: str = "error") -> Dict[str, Any]:
    return {"severity": severity, "code": code, "message": message, "range": [3, 4, 3, 9]}


def test_rows_map_each_definition_to_its_result() -> None:
    found = [extract.Definition(1, 2, "a", "function", "tirx"),
             extract.Definition(5, 6, "b", "function", "tirx"),
             extract.Definition(9, 10, "c", "function", "tirx"),
             extract.Definition(13, 14, "d", "function", "tirx"),
             extract.Definition(17, 18, "e", "function", "tirx", category="relax")]
    result = {"definitions": [
        _unit(1, [], result="round-trips"),
        _unit(5, [_error("not-implemented-error", "`T.vscale` is not supported yet")]),
        _unit(9, [], result="not-equal", message="the print reads back as another IR"),
    ], "file_diagnostics": [_error("not-implemented-error", "`e` is a Relax function",
                                   "information")]}
    rows = run.rows_for("tests/python/x/test_a.py", found, result, timed_out=[13], ends={})
    assert [(r["result"], r["code"], r["construct"]) for r in rows] == [
        ("round-trips", "-", "-"),
        ("fails", "not-implemented-error", "T.vscale"),
        ("not-equal", "-", "-"),
        ("timeout", "-", "-"),
        ("not-found", "-", "-"),
    ]
    crashed = run.rows_for("p.py", found[:1], None, [], {})
    assert crashed[0]["result"] == "crashed"


def test_a_construct_left_out_is_not_a_false_error() -> None:
    # Issue 23, item 3: an information that left a construct out keeps the definition out of
    # the analysed count, in a result of its own; an error anywhere still makes it `fails`.
    found = [extract.Definition(line, line + 1, name, "function", "tirx",
                                category="device-kernels")
             for line, name in ((1, "a"), (5, "b"), (9, "c"), (13, "d"))]
    not_yet = _error("not-implemented-error", "`T.device_entry` is not analysed yet",
                     "information")
    python = _error("untrusted-not-evaluated", "`n` is bound by Python", "information")
    result = {"definitions": [
        _unit(1, [python, not_yet], partial=True),
        _unit(5, [python], partial=True),
        _unit(9, [not_yet, _error("type-error", "`T.min` of a string")]),
        _unit(13, [_error("lossy-store", "a float stored", "warning")], result="round-trips"),
    ], "file_diagnostics": []}
    rows = run.rows_for("tests/python/x/test_a.py", found, result, timed_out=[], ends={})
    assert [(r["result"], r["code"], r["construct"]) for r in rows] == [
        ("not-analysed-yet", "not-implemented-error", "T.device_entry"),
        ("needs-python", "untrusted-not-evaluated", "-"),
        ("fails", "type-error", "T.min"),
        ("round-trips", "-", "-"),
    ]
    table = run.category_table(rows)
    assert table[2:] == [
        "| device-kernels | 4 | 1 (25.0%) | 1 | 1 | 0 | 1 | 0 |",
        "| **all** | 4 | 1 (25.0%) | 1 | 1 | 0 | 1 | 0 |",
    ]


def test_ill_formed_on_purpose_is_told_by_its_decorator() -> None:
    # `@T.prim_func(check_well_formed=False)` whose first error is a well-formedness one is
    # ill-formed on purpose (Apache TVM's tests of its verifier); another error still fails.
    found = extract.definitions(textwrap.dedent('''
        from tvm.script import tirx as T

        @T.prim_func(check_well_formed=False)
        def a(A: T.Buffer((4,), "int32")):
            A[0] = n

        @T.prim_func(check_well_formed=False)
        def b(A: T.Buffer((4,), "int32")):
            A[0] = n

        @T.prim_func
        def c(A: T.Buffer((4,), "int32")):
            A[0] = n
        '''))
    assert [d.unchecked for d in found] == [True, True, False]
    undefined = _error("undefined-variable", "variable `n` is used but never defined")
    result = {"definitions": [_unit(d.line, [error]) for d, error in zip(
        found, [undefined, _error("type-error", "bad"), undefined])], "file_diagnostics": []}
    rows = run.rows_for("p.py", found, result, timed_out=[], ends={})
    assert [r["result"] for r in rows] == ["ill-formed", "fails", "fails"]


def test_a_macro_without_diagnostics_parses() -> None:
    # A macro builds nothing alone (built is false); without a diagnostic it is analysed,
    # while a function that built nothing without saying why still fails.
    found = [extract.Definition(1, 2, "m", "macro", "tirx", category="helper"),
             extract.Definition(5, 6, "f", "function", "tirx")]
    result = {"definitions": [_unit(1, [], built=False), _unit(5, [], built=False)],
              "file_diagnostics": []}
    rows = run.rows_for("p.py", found, result, timed_out=[], ends={})
    assert [r["result"] for r in rows] == ["parses", "fails"]


def test_construct_names_only_members_and_methods() -> None:
    assert run.construct_of("`T.address_of` is not supported yet") == "T.address_of"
    assert run.construct_of("`A.data` of a tensor") == "A.data"
    assert run.construct_of("`total` is already bound") == "-"
    assert run.construct_of("") == "-"


def test_summary_rates_per_folder() -> None:
    rows = [
        {"path": "tests/python/tirx-base/test_a.py", "category": "checked",
         "result": "round-trips", "code": "-", "construct": "-"},
        {"path": "tests/python/tirx-base/test_a.py", "category": "checked", "result": "fails",
         "code": "type-error", "construct": "T.min"},
        {"path": "tests/python/relax/test_b.py", "category": "relax", "result": "not-found",
         "code": "-", "construct": "-"},
        {"path": "tests/python/s_tir/x/test_c.py", "category": "s-tir-blocks", "result": "-",
         "code": "-", "construct": "-"},
    ]
    table = run.summary(rows, "0123456789abcdef")
    assert "| relax | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | - |" in table
    assert "| s_tir | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | - |" in table
    assert "| tirx-base | 2 | 0 | 0 | 0 | 0 | 0 | 2 | 1 | 1 | 50.0% |" in table
    assert "| **all** | 4 | 1 | 0 | 1 | 0 | 0 | 2 | 1 | 1 | 50.0% |" in table
    assert "| fails | type-error | T.min | 1 |" in table


def test_manifest_round_trips_through_its_reader(tmp_path: pathlib.Path) -> None:
    rows = [{"path": "tests/python/a/test_a.py", "line": 3, "kind": "function",
             "category": "checked", "result": "round-trips", "code": "-", "construct": "-",
             "apache_print": "identical", "canonical_round_trip": True, "format": "formats"}]
    path = tmp_path / "manifest.tsv"
    run.write_manifest(path, "f" * 40, ["seccomp"], rows)
    commit, read = run.read_manifest(path)
    assert commit == "f" * 40
    assert read == [{k: str(v) for k, v in rows[0].items()}]


def test_a_macros_captures_are_its_callers() -> None:
    found = by_name('''
        from tvm.script import tirx as T

        def test_inline_capture():
            fill = 64

            @T.inline
            def write_fill(A):
                A[0] = fill

            @T.prim_func
            def caller(A: T.Buffer((4,), "int32")):
                write_fill(A)
        ''')
    assert (found["write_fill"].category, found["write_fill"].captured) == ("helper",
                                                                          ("fill",))
    assert (found["caller"].category, found["caller"].captured) == ("captured", ("fill",))


# --- the child processes ------------------------------------------------------------------------

_STUB = r'''
import json, sys, time
print(json.dumps({"event": "ready", "sandbox": "stub"}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    if "slow" not in request["skip"]:
        print(json.dumps({"event": "progress", "key": "slow", "line": 5}), flush=True)
        time.sleep(60)
    print(json.dumps({"event": "result", "path": request["path"], "definitions": [],
                      "file_diagnostics": [], "skipped": request["skip"]}), flush=True)
'''


def test_a_definition_past_its_time_limit_is_skipped_on_a_new_child() -> None:
    child = run.Child([sys.executable, "-c", _STUB], timeout=1.0)
    try:
        result, timed_out = child.analyse("tests/python/a/test_a.py", "text")
    finally:
        child.stop()
    assert timed_out == [5]
    assert result is not None and result["skipped"] == ["slow"]


def test_the_child_sandbox_refuses_writing_files(tmp_path: pathlib.Path) -> None:
    try:
        __import__("seccomp")  # Debian's python3-seccomp
    except ImportError:
        pytest.skip("python3-seccomp is not installed: the harness records sandbox 'none'")
    target = tmp_path / "written.txt"
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import child; "
            "print(child.install_sandbox()); "
            "open(sys.argv[2], 'w')")
    done = subprocess.run([sys.executable, "-c", code,
                           str(ROOT / "scripts" / "apache_conformance"), str(target)],
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "seccomp"
    assert "PermissionError" in done.stderr
    assert not target.exists()


def test_a_macros_s_tir_blocks_are_its_callers() -> None:
    found = by_name('''
        from tvm.script import tirx as T

        @T.inline
        def scale(A, idx):
            with T.sblock("op"):
                v = T.axis.remap("S", [idx])
                A[v] = A[v] * T.float32(2)

        @T.prim_func
        def caller(A: T.Buffer((4,), "float32")):
            for i in range(4):
                scale(A, i)
        ''')
    assert (found["caller"].category, found["caller"].s_tir) == ("s-tir-blocks",
                                                                 ("axis", "sblock"))


def test_a_definition_its_test_expects_to_fail_is_rejected_on_purpose() -> None:
    # A definition inside `with pytest.raises(...)` is one Apache TVM refuses by the test's own
    # word: our error there is no false error. One outside it, or inside another `with`, is.
    found = extract.definitions(textwrap.dedent('''
        import pytest
        from tvm.script import tirx as T

        def test_refused():
            with pytest.raises(ValueError):
                @T.prim_func(s_tir=True)
                def a(A: T.Buffer((4,), "int32")):
                    A[0] = 1

            with open("x"):
                @T.prim_func(s_tir=True)
                def b(A: T.Buffer((4,), "int32")):
                    A[0] = 1
        '''))
    assert [(d.name, d.rejected) for d in found] == [("a", True), ("b", False)]
    error = _error("value-error", "Block `` gives `T.sblock_attr` twice")
    result = {"definitions": [_unit(d.line, [error]) for d in found], "file_diagnostics": []}
    rows = run.rows_for("tests/python/x/test_a.py", found, result, timed_out=[], ends={})
    assert [r["result"] for r in rows] == ["ill-formed", "fails"]


def test_a_definition_of_a_known_failing_test_may_be_ill_formed_on_purpose() -> None:
    # In a test marked `@pytest.mark.xfail` a well-formedness error is Apache TVM's own
    # (its verifier refuses the IR too); another error is still a false one.
    found = extract.definitions(textwrap.dedent('''
        import pytest
        from tvm.script import tirx as T

        @pytest.mark.xfail(reason="not yet")
        def test_known():
            @T.prim_func(s_tir=True)
            def a(A: T.Buffer((4,), "int32")):
                A[0] = 1

        def test_plain():
            @T.prim_func(s_tir=True)
            def b(A: T.Buffer((4,), "int32")):
                A[0] = 1
        '''))
    assert [(d.name, d.unchecked) for d in found] == [("a", True), ("b", False)]


def test_prints_are_compared_with_the_recorded_hashes() -> None:
    # Our Apache-spelling print's digest against apache-tvm 0.27's recorded one: identical,
    # differs, unrecorded (0.27 printed nothing), or not compared (ours did not analyse it).
    recorded = {("p.py", 1): ("printed", "aa"), ("p.py", 5): ("printed", "bb"),
                ("p.py", 9): ("refused", "DiagnosticError")}
    rows = [{"path": "p.py", "line": 1, "category": "s-tir-blocks", "result": "round-trips",
             "apache_sha256": "aa", "canonical_round_trip": True},
            {"path": "p.py", "line": 5, "category": "s-tir-blocks", "result": "not-equal",
             "apache_sha256": "cc"},
            {"path": "p.py", "line": 9, "category": "checked", "result": "parses",
             "apache_sha256": "dd"},
            {"path": "p.py", "line": 13, "category": "checked", "result": "fails"}]
    run.compare_prints(rows, recorded)
    assert [r["apache_print"] for r in rows] == ["identical", "differs", "unrecorded", "-"]
    assert "apache_sha256" not in rows[0]
    assert run.print_table(rows)[2:] == [
        "| checked | 1 | 0 (0.0%) | 0 (0.0%) | 0 | 0 |",
        "| s-tir-blocks | 2 | 1 (50.0%) | 1 (50.0%) | 2 | 1 (50.0%) |",
        "| **all** | 3 | 1 (33.3%) | 1 (33.3%) | 2 | 1 (50.0%) |"]


def test_the_format_table_counts_rewritten_formatted_and_why_the_rest_stays() -> None:
    rows = [{"category": "checked", "result": "round-trips", "format": "formats"},
            {"category": "checked", "result": "parses", "format": "formatted"},
            {"category": "checked", "result": "round-trips", "format": "comments"},
            {"category": "checked", "result": "fails"}]
    assert run.format_table(rows)[2:] == [
        "| checked | 3 | 1 | 1 | 2 (66.7%) | comments 1 |",
        "| **all** | 3 | 1 | 1 | 2 (66.7%) | comments 1 |"]
