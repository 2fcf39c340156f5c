"""The untrusted evaluator's own rules (parser/evaluator.py, evaluator_values.py,
evaluator_check.py): what it builds, what it refuses and where, the budget, and that nothing of
the file reaches ``compile``, ``exec`` or ``eval``."""

from __future__ import annotations

import builtins
import time
from typing import Any, List, Tuple

import pytest

from tvm_tirx.script import parse_diagnostics
from tvm_tirx.script.parser.evaluator_values import Budget, ValueRules
from tvm_tirx.script.parser.untrusted import UntrustedNotEvaluated

HEADER = "from tvm_tirx.script import tirx as T\n\n\n"
REFUSED = (" is not evaluated in untrusted TVMScript (only the file's TVMScript definitions, "
           "their symbols and imports of script namespaces are; trust the workspace to run its "
           "Python)")


def _function(*lines: str) -> str:
    return HEADER + "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n" + \
        "".join(f"    {line}\n" for line in lines)


def _diagnostics(text: str) -> List[Tuple[str, str, Tuple[int, ...]]]:
    return [(d["code"], d["message"], tuple(d["range"]))
            for d in parse_diagnostics(text).to_plain()["diagnostics"]]


def _canonical(text: str) -> str:
    (definition,) = [d for d in parse_diagnostics(text).definitions if d.name == "f"]
    return definition.canonical_text


# --- the budget -------------------------------------------------------------------------------

@pytest.mark.parametrize("line, code, message, columns", [
    ("y = [0] * 10**9", "untrusted-not-evaluated",
     "This repetition exceeds the budget of 2,000,000 elements and iterations of one untrusted "
     "analysis (a TVMScript definition needs far fewer)", (8, 19)),
    ("y = list(range(10**12))", "untrusted-not-evaluated",
     "`list(...)` exceeds the budget of 2,000,000 elements and iterations of one untrusted "
     "analysis (a TVMScript definition needs far fewer)", (8, 27)),
    ('y = "a" * 10**9', "untrusted-not-evaluated",
     "A string of 1,000,000,000 characters is longer than untrusted TVMScript makes "
     "(1,048,576)", (8, 19)),
    ("y = 10**10**10", "value-error",
     "`10 ** 10000000000` is an integer of more than 65536 bits, which untrusted TVMScript "
     "does not compute", (8, 18)),
    ("y = 1 << 10**9", "value-error",
     "`1 << 1000000000` is an integer of more than 65536 bits, which untrusted TVMScript does "
     "not compute", (8, 18)),
])
def test_sizes_are_bounded(line: str, code: str, message: str, columns: Tuple[int, int]) -> None:
    start = time.monotonic()
    found = _diagnostics(_function(line, "A[0] = 1"))
    assert found == [(code, message, (6, *columns[:1], 6, columns[1]))]
    assert time.monotonic() - start < 10


def test_a_host_loop_stops_at_the_budget() -> None:
    text = _function("for k in T.constexpr(range(10**12)):", "    A[0] = k", "A[1] = 2")
    start = time.monotonic()
    report = parse_diagnostics(text)
    assert time.monotonic() - start < 30
    (diagnostic,) = report.to_plain()["diagnostics"]
    assert (diagnostic["code"], diagnostic["message"], diagnostic["range"]) == (
        "untrusted-not-evaluated", "A host loop exceeds the budget of 2,000 host-loop passes of one "
        "untrusted analysis (each pass builds its body again; a TVMScript definition needs far "
        "fewer)", [6, 13, 6, 39])
    assert report.definitions[0].canonical_text.endswith("    A[1] = 2")


def test_a_budget_counts_what_it_is_charged() -> None:
    budget = Budget(limit=3)
    assert list(budget.iterate([1, 2, 3], "Loop")) == [1, 2, 3]
    with pytest.raises(UntrustedNotEvaluated, match=r"^Loop exceeds the budget of 3 elements"):
        list(budget.iterate([4], "Loop"))


# --- refusals, at the construct ---------------------------------------------------------------

@pytest.mark.parametrize("line, message, columns", [
    ("x = (i for i in range(2))", "A generator expression", (8, 29)),
    ("x = {i for i in range(2)}", "A set comprehension", (8, 29)),
    ("x = [0 for T.serial in [1]]", "A comprehension target other than a name", (15, 23)),
    ("x = [0 for p[0] in [1]]", "A comprehension target other than a name", (15, 19)),
    ("x = max([2, 1], key=lambda v: v)", "`max(..., key=...)`", (8, 36)),
    ("x = T.emit_", "Attribute `emit_` of a `module` value", (8, 15)),
    ("x = T._tirx", "Attribute `_tirx` of a `module` value", (8, 15)),
    ("x = f == 1", "A comparison of a `function` value", (8, 14)),
    ("x = str(T.serial)", "`str(...)` of a `function` value", (8, 21)),
    ("x = {T.serial: 1}", "A dict key of a `function` value", (8, 21)),
    ("x = 1 if T.serial else 0", "The condition of a `function` value", (8, 28)),
])
def test_refusals_are_where_they_are_written(line: str, message: str,
                                             columns: Tuple[int, int]) -> None:
    text = _function("p = [0]", line.replace("f == 1", "(lambda: 0) == 1"), "A[0] = 1")
    if "(lambda: 0)" in text:
        message, columns = "A comparison of a `Closure` value", (8, 24)
    found = _diagnostics(text)
    assert found == [("untrusted-not-evaluated", message + REFUSED,
                      (7, columns[0], 7, columns[1]))]
    assert _canonical(text).endswith("    A[0] = 1")


def test_a_with_target_must_be_a_name() -> None:
    text = _function('with T.attr(A, "k", 1) as T.serial:', "    A[1] = 1", "A[0] = 1")
    assert _diagnostics(text) == [(
        "untrusted-not-evaluated",
        "A `with` target other than a name or a tuple of names" + REFUSED, (6, 30, 6, 38))]


def test_stores_go_to_tensor_elements_only() -> None:
    text = _function("cells = [0]", "cells[0] = 1", "A[0] = 1")
    assert _diagnostics(text) == [(
        "untrusted-not-evaluated", "A store into an element of a `list` value" + REFUSED,
        (7, 4, 7, 16))]


def test_operands_of_no_rule_are_python_type_errors() -> None:
    text = _function("x = T.serial + 1", "A[0] = 1")
    assert _diagnostics(text) == [(
        "type-error", "unsupported operand type(s) for +: 'function' and 'int'",
        (6, 8, 6, 20))]


def test_the_first_refusal_of_a_statement_in_source_order() -> None:
    text = _function('x = T.let_(T.Let, "x", 1, lambda v: [0 for T.exp in [v]])', "A[0] = 1")
    assert _diagnostics(text) == [(
        "untrusted-not-evaluated", "Attribute `let_` of a `module` value" + REFUSED,
        (6, 8, 6, 14))]


# --- mutation only of the program's own containers --------------------------------------------

def test_own_containers_take_mutating_methods() -> None:
    text = _function("parts = [1] + [2]", "parts.append(3)", "extra = {}",
                     "extra.update({0: 1})",
                     "for k in T.constexpr(range(len(parts))):", "    A[k] = parts[k] + extra[0]")
    assert _diagnostics(text) == []
    assert _canonical(text).count("A[") == 3


def test_containers_the_program_did_not_make_are_read_only() -> None:
    rules = ValueRules(Budget(), lambda value: False)
    mine = rules.own([1])
    assert rules.attribute(mine, "append") == mine.append
    foreign = [1]
    assert rules.attribute(foreign, "index") == foreign.index
    with pytest.raises(UntrustedNotEvaluated,
                       match=r"^Method `append` of a `list` this definition did not make"):
        rules.attribute(foreign, "append")
    with pytest.raises(UntrustedNotEvaluated, match=r"^Attribute `__class__` of a `list`"):
        rules.attribute(mine, "__class__")


# --- what real TVMScript needs ----------------------------------------------------------------

def test_lambdas_are_closures_of_the_evaluator() -> None:
    text = HEADER + (
        "@T.function\ndef f(A: T.Tensor((4,), T.float32)):\n"
        "    scale = T.float32(2)\n"
        "    twice = lambda v, w=scale: v * w\n"
        "    A[0] = twice(A[1])\n")
    assert _diagnostics(text) == []
    assert _canonical(text).endswith("    A[0] = A[1] * scale")


def test_host_loops_break_and_continue_as_python() -> None:
    text = _function("for k in T.constexpr(range(4)):", "    if T.constexpr(k == 1):",
                     "        continue", "    if T.constexpr(k == 3):", "        break",
                     "    A[k] = k")
    assert _diagnostics(text) == []
    assert _canonical(text).endswith("    A[0] = 0\n    A[2] = 2")


def test_untrusted_definitions_have_no_nesting_limit() -> None:
    lines = [f"{'    ' * k}for i{k} in range(2):" for k in range(30)]
    text = _function(*lines, f"{'    ' * 30}A[0] = i0")
    assert _diagnostics(text) == []


def test_an_error_is_at_the_innermost_expression() -> None:
    text = _function("A[0] = T.int32(1) + missing * 2")
    assert _diagnostics(text) == [("name-error", "name 'missing' is not defined",
                                   (6, 24, 6, 31))]


# --- nothing of the file is compiled --------------------------------------------------------

def test_nothing_of_the_file_reaches_compile_exec_or_eval(monkeypatch: Any) -> None:
    text = HEADER + '''
@T.macro
def store(A, i, v=1):
    A[i] = v


@T.inline
def lerp(a, b, t):
    return a + (b - a) * t


@T.function
def f(A: T.Tensor((4,), T.float32), n: T.int32):
    for k in T.constexpr(range(2)):
        store(A, k)
    A[2] = lerp(A[0], A[1], T.float32(0.5))
    A[3] = T.Let(x * 2, where={x: T.float32(1)})
    s = T.comm_reducer(lambda a, b: a + b, [T.float32(0)])
    while n > 0:
        n = n - 1
'''
    # The frontend's own code may compile its own text (typing resolves our annotations): what
    # must never happen is code made from the file, which carries its source name, or from a
    # tree (a builder program), or from a piece of its text.
    name = "untrusted_probe.py"
    calls: List[str] = []
    real_compile, real_exec, real_eval = builtins.compile, builtins.exec, builtins.eval

    def from_file(value: Any) -> bool:
        return (isinstance(value, str) and value.strip() and value.strip() in text) or \
            getattr(value, "co_filename", None) == name

    def watched_compile(source: Any, filename: Any = "", *args: Any, **kwargs: Any) -> Any:
        flags = args[1] if len(args) > 1 else kwargs.get("flags", 0)
        if not flags & 0x400 and (not isinstance(source, str) or from_file(source)
                                  or filename == name):
            calls.append(f"compile {type(source).__name__} {filename}")
        return real_compile(source, filename, *args, **kwargs)

    def watched(run: Any, what: str) -> Any:
        def call(code: Any, *args: Any, **kwargs: Any) -> Any:
            if from_file(code):
                calls.append(what)
            return run(code, *args, **kwargs)
        return call

    monkeypatch.setattr(builtins, "compile", watched_compile)
    monkeypatch.setattr(builtins, "exec", watched(real_exec, "exec"))
    monkeypatch.setattr(builtins, "eval", watched(real_eval, "eval"))
    report = parse_diagnostics(text, source_name=name)
    assert calls == []
    # The harness sees it when the file's code is compiled: the trusted path does.
    parse_diagnostics(text, source_name=name, trusted=True)
    assert "compile Module untrusted_probe.py" in calls
    plain = report.to_plain()
    assert [d["code"] for d in plain["diagnostics"]] == []
    assert [d.name for d in report.definitions if d.ir is not None] == ["f"]


@pytest.mark.parametrize("line, columns", [
    ("x = [v for v in B]", (8, 22)),
    ("x = list(B)", (8, 15)),
    ("a, b = B", (4, 12)),
    ("x = zip(A, B)", (8, 17)),
    ("x = T.max(*B)", (8, 17)),
])
def test_a_tensor_is_not_iterated(line: str, columns: Tuple[int, int]) -> None:
    # A tensor has only __getitem__: Python would iterate it without end, a load per step.
    text = HEADER + ("@T.function\ndef f(A: T.Tensor((4,), T.int32), B: T.Tensor((4,), "
                     f"T.float16)):\n    {line}\n    A[0] = 1\n")
    start = time.monotonic()
    assert _diagnostics(text) == [("type-error", "'Var' object is not iterable",
                                   (6, columns[0], 6, columns[1]))]
    assert time.monotonic() - start < 5
