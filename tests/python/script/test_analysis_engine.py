"""The analysis engine (issue 9): one unit per TVMScript definition at any depth, errors
collected per statement with poisoned bindings, decorators recognised by name, keys,
progress and skip for the worker, trusted module code."""

from __future__ import annotations

import gc
import time
from typing import List, Tuple

import pytest

from tvm_ffi import structural_equal
from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T
from tvm_tirx.script.findings import collecting_failures
from tvm_tirx.script.parser.runtime import POISON, BuilderRuntime
from tvm_tirx.script.parser.analysis import AnalysisOptions, analyze
from tvm_tirx.script.parser.collector import ANALYSIS_THRESHOLDS

HEADER = "from tvm_tirx.script import tirx as T\n"


def _diagnostics(report) -> List[Tuple[str, str, Tuple[int, ...]]]:
    return [(d["code"], d["severity"], tuple(d["range"]))
            for d in report.to_plain()["diagnostics"]]


THREE_ERRORS = HEADER + '''
@T.function
def f(A: T.Tensor((8,), T.int32), B: T.Tensor((8,), T.float32), k: T.int32):
    x = k + 1
    y = x // T.float32(1.5)
    A[1] = undefined_name
    A[2] = T.Ramp(0, 1, 4)
    for i in range(8):
        A[i] = x
    z = y * 2
    A[3] = z
'''


def test_three_errors_give_three_diagnostics_and_the_rest_keeps_its_ir() -> None:
    report = parse_diagnostics(THREE_ERRORS)
    assert _diagnostics(report) == [
        ("type-error", "error", (6, 8, 6, 27)),
        ("name-error", "error", (7, 11, 7, 25)),
        ("type-error", "error", (8, 4, 8, 26)),
    ]
    (definition,) = report.definitions
    assert definition.partial
    # y failed, so z (computed from y) and the store of z report nothing more: they are
    # poisoned, and left out of the IR.
    assert definition.canonical_text == (
        "@T.function\n"
        "def f(A: T.Tensor((8,), T.int32), B: T.Tensor((8,), T.float32), k: T.int32):\n"
        "    x: T.let[T.int32] = k + 1\n"
        "    for i in range(8):\n"
        "        A[i] = x")
    plain = report.to_plain()
    names = {s["id"]: s["name"] for s in plain["symbols"]}
    uses = sorted((names[o["symbol"]], tuple(o["range"])) for o in plain["occurrences"])
    assert ("x", (5, 4, 5, 5)) in uses and ("x", (10, 15, 10, 16)) in uses
    assert ("i", (9, 8, 9, 9)) in uses and ("i", (10, 10, 10, 11)) in uses
    assert {s["name"]: s["type"] for s in plain["symbols"]}["x"] == "T.int32"


def test_a_failed_binding_is_poisoned_not_reported_again() -> None:
    text = HEADER + ('@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n'
                     '    x = nowhere + 1\n    y = x * 2\n    A[0] = y\n    A[x] = 1\n'
                     '    for i in range(x):\n        A[i] = i\n')
    assert _diagnostics(parse_diagnostics(text)) == [("name-error", "error", (4, 8, 4, 15))]


def test_what_an_untrusted_refusal_binds_is_poisoned_not_reported_again() -> None:
    text = ("from tvm_tirx.script import tirx as T\nN = compute()\n\n@T.function\n"
            "def f(A: T.Tensor((8,), T.int32)):\n    length: T.let[T.int32] = N + 1\n"
            "    for i in range(length):\n        A[i] = length\n    A[0] = 1\n")
    report = parse_diagnostics(text)
    assert _diagnostics(report) == [("untrusted-not-evaluated", "information", (6, 29, 6, 30))]
    assert report.definitions[0].canonical_text.endswith("):\n    A[0] = 1")


def test_a_rejected_statement_is_reported_and_the_rest_still_builds() -> None:
    text = HEADER + ('@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n'
                     '    A[0] = 1\n    try:\n        pass\n    except:\n        pass\n'
                     '    A[1] = 2\n')
    report = parse_diagnostics(text)
    assert _diagnostics(report) == [("syntax-error", "error", (5, 4, 8, 12))]
    assert report.definitions[0].canonical_text.endswith("    A[0] = 1\n    A[1] = 2")


def _nested_loops(depth: int) -> str:
    lines = [f"{'    ' * (k + 1)}for i{k} in range(2):" for k in range(depth)]
    return HEADER + ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n" + "\n".join(lines)
                     + f"\n{'    ' * (depth + 1)}A[0] = i0\n")


def test_eighteen_nested_loops_build_and_their_print_reads_back() -> None:
    # Each guarded loop is one block of the builder program (a `with`), not two (a `try`
    # around it): 18 levels fit in the 20 blocks CPython compiles; 9 did before.
    report = parse_diagnostics(_nested_loops(18))
    assert _diagnostics(report) == []
    (definition,) = report.definitions
    again = from_source(definition.canonical_text, extra_vars={"T": T})
    assert structural_equal(definition.ir, again)


def test_nesting_past_the_limit_names_the_statement_and_what_to_write() -> None:
    # Trusted text runs as a builder program, which Python compiles (20 nested blocks).
    report = parse_diagnostics(_nested_loops(20), trusted=True)
    assert _diagnostics(report) == [("syntax-error", "error", (23, 80, 23, 99))]
    assert report.to_plain()["diagnostics"][0]["message"] == (
        "This `for` nests too deep: a TVMScript function holds about 18 levels of loops, "
        "`if`s and `with`s (Python compiles at most 20 nested blocks in one function); move "
        "the inner levels into a `@T.macro` and call it here")


def test_untrusted_text_has_no_nesting_limit() -> None:
    # The evaluator interprets the definition: nothing is compiled, so 40 levels build.
    report = parse_diagnostics(_nested_loops(40))
    assert _diagnostics(report) == []
    assert report.definitions[-1].canonical_text.count(" in range(2):") == 40


def test_a_macro_holds_the_levels_past_the_limit() -> None:
    inner = "".join(f"{'    ' * (k + 1)}for j{k} in range(2):\n" for k in range(6))
    text = (_nested_loops(16).replace("A[0] = i0", "fill(A, i0)")
            .replace("@T.function", "@T.macro\ndef fill(A, start):\n" + inner
                     + f"{'    ' * 7}A[j5] = start\n\n\n@T.function", 1))
    report = parse_diagnostics(text)
    assert _diagnostics(report) == []
    # The macro's six loops inside the function's sixteen, 22 levels in all.
    assert report.definitions[-1].canonical_text.count(" in range(2):") == 22


def test_a_failing_frame_header_skips_its_body_and_poisons_what_it_binds() -> None:
    text = HEADER + ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n"
                     "    with T.launch_thread(\"threadIdx.x\", nowhere) as tx:\n"
                     "        y = tx + 1\n"
                     "    A[0] = y\n    A[tx] = 2\n    A[1] = 3\n")
    report = parse_diagnostics(text)
    assert _diagnostics(report) == [("name-error", "error", (4, 40, 4, 47))]
    assert report.definitions[0].canonical_text.endswith("):\n    A[1] = 3")


class _Frame:
    """A frame whose exit fails (``closes=False``), as a builder frame does when its statement
    is ill-formed."""

    def __init__(self, closes: bool) -> None:
        self.closes = closes
        self.exited_with: List[object] = []

    def __enter__(self) -> str:
        return "entered"

    def __exit__(self, kind, error, trace) -> None:
        self.exited_with.append(error)
        if not self.closes:
            raise ValueError("the frame cannot close")


def test_a_frame_guard_records_a_failing_exit_and_poisons_the_statement() -> None:
    runtime = BuilderRuntime(lambda error, fallback: fallback)
    frame = _Frame(closes=False)
    with collecting_failures() as sink:
        guard = runtime.enter_(frame, (3, 4, 3, 20), ())
        with guard:
            assert guard.entered and guard.value == "entered"
    assert frame.exited_with == [None]
    assert guard.failed and guard.poison is POISON
    assert [(str(f.error), f.loc) for f in sink.failures] == [
        ("the frame cannot close", (3, 4, 3, 20))]


def test_a_frame_guard_lets_through_what_stops_the_analysis() -> None:
    runtime = BuilderRuntime(lambda error, fallback: fallback)
    frame = _Frame(closes=True)
    with collecting_failures() as sink, pytest.raises(TimeoutError):
        guard = runtime.enter_(frame, (3, 4, 3, 20), ())
        with guard:
            raise TimeoutError("the watchdog's limit")
    assert [type(e) for e in frame.exited_with] == [TimeoutError] and sink.failures == []


NESTED = HEADER + '''
def test_inside_a_function():
    n = T.dynamic("n")

    @T.function
    def inner(A: T.Tensor((n,), T.int32)):
        A[0] = 1

    return inner


class TestSuite:
    @T.function
    def method_level(A: T.Tensor((4,), T.int32)):
        A[0] = T.Ramp(0, 1, 4)


if True:
    @T.function
    def under_if(A: T.Tensor((4,), T.int32)):
        A[0] = 3
'''


def test_definitions_at_any_depth_are_analysed() -> None:
    report = parse_diagnostics(NESTED)
    assert [(d.name, d.depth) for d in report.definitions] == [
        ("inner", 1), ("method_level", 1), ("under_if", 0)]
    inner = report.definitions[0]
    # The enclosing function's literal symbol declaration is visible to the definition.
    assert inner.canonical_text.startswith("@T.function\ndef inner[n](A: T.Tensor((n,)")
    assert _diagnostics(report) == [("type-error", "error", (16, 8, 16, 30))]


def test_decorators_are_recognised_by_name_and_never_run() -> None:
    text = HEADER + '''
@print
def plain(x):
    return x

@T.function(private=True)
def hidden(A: T.Tensor((4,), T.int32)):
    A[0] = 1

@T.function(private=len("x") == 1)
def computed(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''
    report = parse_diagnostics(text)
    assert [d.name for d in report.definitions] == ["hidden", "computed"]
    assert report.definitions[0].ir.is_private
    # A computed option is not evaluated (reported) and left out; the definition still builds.
    assert _diagnostics(report) == [("untrusted-not-evaluated", "information", (11, 20, 11, 33))]
    assert report.definitions[1].ir is not None and not report.definitions[1].ir.is_private


def test_trusted_analysis_runs_the_module_code() -> None:
    text = HEADER + ("N = len('x' * 128)\n\n@T.function\ndef f(A: T.Tensor((N,), T.int32)):\n"
                     "    A[0] = N\n")
    untrusted = parse_diagnostics(text)
    assert [(d["code"], d["message"][:3]) for d in untrusted.to_plain()["diagnostics"]] == [
        ("untrusted-not-evaluated", "`N`")]
    trusted = parse_diagnostics(text, trusted=True)
    assert trusted.to_plain()["diagnostics"] == []
    assert "T.Tensor((128,), T.int32)" in trusted.definitions[0].canonical_text


def test_failing_module_code_is_a_warning_and_the_rest_runs() -> None:
    text = HEADER + ("import no_such_module_anywhere\nN = 8\n\n@T.function\n"
                     "def f(A: T.Tensor((N,), T.int32)):\n    A[0] = 1\n")
    report = parse_diagnostics(text, trusted=True)
    assert _diagnostics(report) == [("module-not-found-error", "warning", (2, 0, 2, 30))]
    assert report.definitions[0].ir is not None


TWO = HEADER + '''
@T.function
def first(A: T.Tensor((4,), T.int32)):
    A[0] = 1

@T.function
def second(A: T.Tensor((4,), T.int32)):
    A[0] = 2
'''


def _keys(text: str) -> List[str]:
    return [d["key"] for d in parse_diagnostics(text).to_plain()["definitions"]]


def test_keys_follow_the_text_and_context_of_each_definition() -> None:
    first, second = _keys(TWO)
    assert first != second and len(first) == 32
    # Editing one definition (and moving the other down) changes only the edited one's key.
    edited = TWO.replace("    A[0] = 1\n", "    A[0] = 1\n    A[1] = 1\n")
    assert _keys(edited) == [_keys(edited)[0], second] and _keys(edited)[0] != first
    # Comments and blank lines between definitions are not part of any definition.
    assert _keys(TWO.replace("\n@T.function\ndef second", "\n# note\n\n@T.function\ndef second")) \
        == [first, second]
    # A module symbol is context: declaring one changes every key.
    assert set(_keys(TWO.replace(HEADER, HEADER + 'm = T.dynamic("m")\n'))).isdisjoint(
        {first, second})


def test_progress_hears_of_each_definition_and_skipped_keys_do_not_run() -> None:
    heard: List[Tuple[str, str, List[int]]] = []
    report = parse_diagnostics(TWO, progress=lambda *args: heard.append(args))
    keys = [d.key for d in report.definitions]
    assert heard == [(keys[0], "first", [3, 0, 5, 12]), (keys[1], "second", [7, 0, 9, 12])]
    heard.clear()
    skipped = parse_diagnostics(TWO, progress=lambda *args: heard.append(args),
                                skip=[keys[0]])
    assert [h[1] for h in heard] == ["second"]
    assert _diagnostics(skipped) == [("time-limit", "error", (4, 4, 4, 9))]
    assert skipped.definitions[0].ir is None and skipped.definitions[1].ir is not None


def test_a_deep_expression_built_by_a_host_loop_hides_no_later_definition() -> None:
    text = HEADER + '''
@T.function
def deep(A: T.Tensor((4,), T.int32), k: T.int32):
    x = k
    for j in T.constexpr(range(14000)):
        x = x + 1
    A[0] = x

@T.function
def after(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''
    report = parse_diagnostics(text, trusted=True)
    assert [d.name for d in report.definitions] == ["deep", "after"]
    assert report.definitions[1].ir is not None
    assert all(d["code"] != "internal-error" for d in report.to_plain()["diagnostics"])


@pytest.mark.parametrize("text", [
    HEADER + "@T.function\ndef f[n\ud800](A: T.Tensor((n,), T.int32)):\n    A[0] = 1\n",
    HEADER + "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = '\ud800'\n",
])
def test_lone_surrogates_never_make_the_collecting_api_raise(text) -> None:
    report = parse_diagnostics(text)
    assert all(d["code"] != "internal-error" for d in report.to_plain()["diagnostics"])


@pytest.mark.parametrize("body, refused", [
    ("    __tvm_ns = A\n    A[0] = 1\n", "Binding `__tvm_ns`"),
    ("    T.range_(len, 4)\n", "Attribute `range_` of a `module` value"),
    ("    T.function(lambda: 0)\n", "Attribute `function` of a `module` value"),
    # The evaluator has no generators: refused before anything of it runs.
    ("    x = (i for i in range(2)).gi_frame\n", "A generator expression"),
    ("    x = [1].__class__\n", "Attribute `__class__` of a `list` value"),
    ("    x = '{0.ty}'.format(A)\n", "Attribute `format` of a `str` value"),
])
def test_untrusted_bodies_are_refused_what_the_allowlist_lacks(body, refused) -> None:
    text = HEADER + "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n" + body
    (diagnostic,) = parse_diagnostics(text).to_plain()["diagnostics"]
    assert (diagnostic["code"], diagnostic["severity"]) == ("untrusted-not-evaluated",
                                                            "information")
    assert diagnostic["message"].startswith(refused)


def test_untrusted_bodies_keep_what_tvmscript_needs() -> None:
    text = HEADER + ('@T.function\ndef f(A: T.Tensor((4,), T.int32), B: T.Tensor((4,), '
                     'T.float32x4)):\n    parts = [1, 2]\n    parts.append(3)\n'
                     '    for k in T.constexpr(range(len(parts))):\n        A[k] = parts[k]\n'
                     '    A[3] = T.int32(A.ty.shape[0])\n')
    report = parse_diagnostics(text)
    assert report.to_plain()["diagnostics"] == []
    assert "A[2] = 3" in report.definitions[0].canonical_text


def test_an_untrusted_power_too_large_to_compute_is_refused_at_once() -> None:
    # A fuzz mutant (`range(2**31**20)`) made Python compute for minutes and gigabytes.
    text = HEADER + ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n"
                     "    for i in range(2**31**20):\n        A[0] = 2 ** 10\n")
    started = time.perf_counter()
    (diagnostic,) = parse_diagnostics(text).to_plain()["diagnostics"]
    assert time.perf_counter() - started < 5
    assert (diagnostic["code"], diagnostic["range"]) == ("value-error", [4, 19, 4, 28])
    assert diagnostic["message"] == (
        "`2 ** 671790528819082282036142601601` is an integer of more than 65536 bits, which "
        "untrusted TVMScript does not compute")


def test_a_non_hygienic_macro_is_not_called_from_frontend_code() -> None:
    text = HEADER + ('@T.macro(hygienic=False)\ndef range(n):\n    T.evaluate(0)\n\n'
                     '@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n'
                     '    for i in range(4):\n        A[0] = 1\n')
    (diagnostic,) = parse_diagnostics(text).to_plain()["diagnostics"]
    assert diagnostic["code"] == "untrusted-not-evaluated"
    assert "Non-hygienic macro `range` is called from outside TVMScript" in diagnostic["message"]


def test_the_documented_pure_builtins_are_the_allowlist() -> None:
    import pathlib
    import re

    from tvm_tirx.script.parser.untrusted import PURE_BUILTINS

    doc = (pathlib.Path(__file__).resolve().parents[3] / "docs" / "frontend.md").read_text()
    listed = re.search(r"these pure builtins: `([^`]*)`", doc.replace("\n  ", " "))
    assert listed is not None
    assert listed.group(1).split() == list(PURE_BUILTINS)


QUERY = HEADER + '''
@T.function
def f(A: T.Tensor((4,), T.int32), k: T.int32):
    x = A[1] + k * 2
    A[0] = x
'''


@pytest.mark.parametrize("position, expected", [
    ((5, 8), {"range": [5, 8, 5, 9], "kind": "ir.Var", "text": "A",
              "type": "T.Tensor((4,), T.int32)", "symbol": "f:1"}),
    ((5, 13), {"range": [5, 8, 5, 20], "kind": "prim.Add", "text": "A[1] + k * 2",
               "type": "T.int32", "symbol": None}),
    ((5, 17), {"range": [5, 15, 5, 20], "kind": "prim.Mul", "text": "k * 2",
               "type": "T.int32", "symbol": None}),
    ((6, 11), {"range": [6, 11, 6, 12], "kind": "ir.Var", "text": "x", "type": "T.int32",
               "symbol": "f:3"}),
    ((4, 34), {"range": [4, 34, 4, 35], "kind": "symbol", "text": "k", "type": "T.int32",
               "symbol": "f:2"}),
    ((5, 21), None),
    ((2, 0), None),
])
def test_what_is_at_gives_the_innermost_node(position, expected) -> None:
    assert parse_diagnostics(QUERY).what_is_at(*position) == expected


def test_what_is_at_follows_a_session_edit_above() -> None:
    from tvm_tirx.script.parser.session import DocumentSession, TextEdit

    session = DocumentSession()
    session.set_text(QUERY)
    session.analyze()
    session.apply_edits([TextEdit((2, 0, 2, 0), "\n\n")])
    report = session.analyze()
    assert session.stats.reused == ["f"]
    assert report.what_is_at(7, 13)["text"] == "A[1] + k * 2"
    assert report.what_is_at(7, 13)["range"] == [7, 8, 7, 20]


def test_describe_shows_what_hover_shows_and_never_raises() -> None:
    from tvm_tirx.script.parser.report import describe

    # A namespace function: its header and the first paragraph of its docstring.
    assert describe(T.parallel) == {"kind": "function", "type": "", "text": (
        "def parallel(start: Any, stop: Any = None, *, annotations: Optional[Dict[str, Any]] = "
        "None, step: Any = 1, dtype: Any = None) -> LoopSpec:\n    \"\"\"``T.parallel(a, b)``: "
        "a loop whose iterations may run in parallel threads.\"\"\"")}
    # A namespace: its name, not its file (and no attribute probe on it).
    assert describe(T) == {"kind": "module", "text": "module tvm_tirx.script.tirx", "type": ""}
    # Values whose hooks raise or answer with themselves still get a description.

    class Raising:
        def __getattr__(self, name):
            raise RuntimeError("no builder is active")

        def __repr__(self):
            raise ValueError("no repr either")

    assert describe(Raising()) == {"kind": "Raising", "text": "<Raising>", "type": ""}
    assert describe(POISON)["kind"] == type(POISON).__name__
    assert isinstance(describe(POISON)["text"], str)


def test_cancellation_from_progress_propagates_out_of_the_collecting_api() -> None:
    from tvm_tirx.script.parser.runtime import Cancelled
    from tvm_tirx.script.parser.session import analyze_document

    class Stop(BaseException):  # as the bridge's AnalysisCancelled
        pass

    def stop(*_: object) -> None:
        raise Stop()

    with pytest.raises(Stop):
        parse_diagnostics(TWO, progress=stop)
    with pytest.raises(Stop):
        analyze_document(TWO, source_name="file:///cancel.py", progress=stop)

    def cancel(*_: object) -> None:
        raise Cancelled()

    with pytest.raises(Cancelled):
        parse_diagnostics(TWO, progress=cancel)


def test_collections_are_fewer_while_an_analysis_runs_and_restored_after() -> None:
    saved = gc.get_threshold()
    seen: List[Tuple[int, ...]] = []
    options = AnalysisOptions(progress=lambda key, name, where: seen.append(gc.get_threshold()))
    try:
        gc.set_threshold(700, 10, 10)
        analyze(TWO, options)
        assert seen and all(t == ANALYSIS_THRESHOLDS for t in seen)
        assert gc.get_threshold() == (700, 10, 10)
        # A process that collects less often already keeps its own thresholds where higher.
        gc.set_threshold(90_000, 5, 500)
        seen.clear()
        analyze(TWO, options)
        assert seen[0] == (90_000, 50, 500)
        assert gc.get_threshold() == (90_000, 5, 500)

        def cancel(key, name, where):
            raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):  # an analysis that ends early restores them too
            analyze(TWO, AnalysisOptions(progress=cancel))
        assert gc.get_threshold() == (90_000, 5, 500)
    finally:
        gc.set_threshold(*saved)


def test_hover_text_of_a_python_value_holds_no_memory_address() -> None:
    from tvm_tirx.script import tirx as T
    from tvm_tirx.script.parser.report import describe

    def helper() -> None:
        pass

    for value in (helper, T.Tensor, object()):
        text = describe(value)["text"]
        assert "0x" not in text, text
    assert describe(helper)["text"] == "def helper() -> None: ..."
    assert describe(object())["text"] == "<object>"


def test_hover_text_of_a_namespace_function_is_its_header_and_docstring_summary() -> None:
    from tvm_tirx.script import tirx as T
    from tvm_tirx.script.parser.report import describe

    # Before, hover on `T.parallel` showed `<function parallel>`.
    assert describe(T.parallel) == {
        "kind": "function",
        "text": "def parallel(start: Any, stop: Any = None, *, "
                "annotations: Optional[Dict[str, Any]] = None, step: Any = 1, "
                "dtype: Any = None) -> LoopSpec:\n"
                '    """``T.parallel(a, b)``: a loop whose iterations may run in parallel '
                'threads."""',
        "type": "",
    }

    def documented(x: int) -> int:
        """First line
        goes on.

        Second paragraph, left out."""
        return x

    assert describe(documented)["text"] == (
        'def documented(x: int) -> int:\n    """First line\n    goes on."""')
