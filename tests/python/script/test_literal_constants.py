"""Names a file binds to literal values beside its TVMScript (``N = 128``), folded by
literal_constants.py without running anything: which definitions see which value, and what
stays Python's (refused as ``untrusted-not-evaluated`` at the use)."""

from __future__ import annotations

from typing import List, Tuple

from tvm_tirx.script import parse_diagnostics
from tvm_tirx.script.parser.session import DocumentSession, TextEdit

HEADER = "from tvm.script import tirx as T\n"
REFUSED = "untrusted-not-evaluated"


def _codes(report) -> List[Tuple[str, Tuple[int, ...]]]:
    return [(d["code"], tuple(d["range"])) for d in report.to_plain()["diagnostics"]]


def _texts(report) -> List[str]:
    return [d.canonical_text for d in report.definitions]


def test_module_constants_fold_into_shapes_dtypes_and_bodies() -> None:
    report = parse_diagnostics(HEADER + '''
HEIGHT = 128
WIDTH = HEIGHT // 2 + 1
SHAPE = (HEIGHT, WIDTH)
DTYPE = "float" + "32"
SCALE = -2.5


@T.prim_func
def f(A: T.Buffer(SHAPE, DTYPE), B: T.Buffer([HEIGHT, SHAPE[1]], DTYPE)):
    for i in range(WIDTH):
        B[0, i] = A[0, i] * SCALE
''')
    assert _codes(report) == []
    text = _texts(report)[0]
    assert "A: T.Tensor((128, 65), T.float32)" in text
    assert "B: T.Tensor((128, 65), T.float32)" in text
    assert "for i in range(65):" in text
    assert "B[0, i] = A[0, i] * T.float32(-2.5)" in text


def test_a_definition_reads_the_last_assignment_above_it() -> None:
    report = parse_diagnostics(HEADER + '''
def test_both():
    n = 4

    @T.prim_func
    def first(A: T.Buffer((n,), "int32")):
        A[0] = 1

    n = 8

    @T.prim_func
    def second(A: T.Buffer((n,), "int32")):
        A[0] = 1
''')
    assert _codes(report) == []
    first, second = _texts(report)
    assert "A: T.Tensor((4,), T.int32)" in first
    assert "A: T.Tensor((8,), T.int32)" in second


def test_unpacking_and_enclosing_functions() -> None:
    report = parse_diagnostics(HEADER + '''
M, N = 16, 32
PAIR = (M, N)


def test_outer():
    K = M * 2
    lo, hi = PAIR

    def helper():
        @T.prim_func
        def f(A: T.Buffer((K, lo, hi), "float16")):
            A[0, 0, 0] = T.float16(0)
        return f
''')
    assert _codes(report) == []
    assert "A: T.Tensor((32, 16, 32), T.float16)" in _texts(report)[0]


def test_a_function_reads_a_module_name_as_the_whole_module_left_it() -> None:
    # test_a runs after the module ran: `N = 64` below is what it reads, so only a name
    # every assignment gives one value is folded for it.
    report = parse_diagnostics(HEADER + '''
N = 128
SAME = 4


def test_a():
    @T.prim_func
    def f(A: T.Buffer((N,), "int32")):
        A[0] = 1

    @T.prim_func
    def g(B: T.Buffer((SAME,), "int32")):
        B[0] = 1


N = 64
SAME = 2 + 2
''')
    assert _codes(report) == [(REFUSED, (9, 23, 9, 24))]
    assert _texts(report)[0] is None  # refused: not built
    assert "B: T.Tensor((4,), T.int32)" in _texts(report)[1]


def test_names_bound_otherwise_stay_pythons() -> None:
    report = parse_diagnostics(HEADER + '''
import os

LOOPED = 4
for _ in range(2):
    LOOPED = 8
GROWN = 4
GROWN += 1
CALLED = len("abcd")
ATTRIBUTE = os.sep
FORMATTED = "%d" % 4
REBOUND = 4


def rebind():
    global REBOUND
    REBOUND = 5


@T.prim_func
def f(A: T.Buffer((LOOPED, GROWN, CALLED), "int32"), B: T.Buffer((REBOUND,), "int32")):
    A[0, 0, 0] = 1


@T.prim_func
def g(A: T.Buffer((4,), "int32")):
    A[0] = ATTRIBUTE


@T.prim_func
def h(A: T.Buffer((4,), "int32")):
    A[0] = FORMATTED
''')
    codes = _codes(report)
    # One refusal per definition: the first name the file binds with Python poisons the rest.
    assert [c for c, _ in codes] == [REFUSED] * 3
    assert [r for _, r in codes] == [(22, 19, 22, 25), (28, 11, 28, 20), (33, 11, 33, 20)]


def test_parameters_and_class_bodies_shadow_or_fold_nothing() -> None:
    report = parse_diagnostics(HEADER + '''
N = 4


def test_param(N):
    @T.prim_func
    def f(A: T.Buffer((N,), "int32")):
        A[0] = 1


class TestSuite:
    K = 8

    @T.prim_func
    def g(A: T.Buffer((N, K), "int32")):
        A[0, 0] = 1
''')
    # The parameter shadows the module's `N`; the class body's `K` is not folded, while the
    # module's `N` is seen (the refusal is at `K`, not `N`).
    assert _codes(report) == [(REFUSED, (8, 23, 8, 24)), (REFUSED, (16, 26, 16, 27))]


def test_values_too_large_to_fold_are_refused_at_the_use() -> None:
    report = parse_diagnostics(HEADER + '''
N = 10 ** 10 ** 10
S = "x" * 10 ** 9


@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    A[0] = N


@T.prim_func
def g(A: T.Buffer((4,), "int32")):
    A[0] = len(S)
''')
    assert _codes(report) == [(REFUSED, (9, 11, 9, 12)), (REFUSED, (14, 15, 14, 16))]


def test_editing_a_constant_rebuilds_the_definitions_that_read_it() -> None:
    session = DocumentSession("doc.py")
    session.set_text(HEADER + '''
N = 4


@T.prim_func
def f(A: T.Buffer((N,), "int32")):
    A[0] = 1


def test_inner():
    K = 2

    @T.prim_func
    def g(A: T.Buffer((K,), "int32")):
        A[0] = 1
''')
    report = session.analyze()
    assert "(4,)" in report.definitions[0].canonical_text
    session.apply_edits([TextEdit((3, 4, 3, 5), "16"), TextEdit((12, 8, 12, 9), "3")])
    report = session.analyze()
    assert sorted(session.stats.built) == ["f", "g"]
    assert "(16,)" in report.definitions[0].canonical_text
    assert "(3,)" in report.definitions[1].canonical_text


def test_a_global_hidden_in_any_statement_body_keeps_its_name_unfolded() -> None:
    # `global` is a statement, found in every kind of statement body: an except handler, a
    # match case, a with, a nested function (nonlocal rebinds the enclosing function's name,
    # not the module's, but is treated the same: never folded).
    hiding = {
        "HANDLED": "try:\n        pass\n    except OSError:\n        global HANDLED\n"
                   "        HANDLED = 5\n",
        "MATCHED": "match 1:\n        case 1:\n            global MATCHED\n"
                   "            MATCHED = 5\n",
        "WITHIN": "with open('x'):\n        global WITHIN\n        WITHIN = 5\n",
        "NESTED": "def inner():\n        nonlocal NESTED\n        NESTED = 5\n",
    }
    for name, body in hiding.items():
        report = parse_diagnostics(HEADER + f'''
{name} = 4


def rebind():
    {body}

@T.prim_func
def f(A: T.Buffer(({name},), "int32")):
    A[0] = 1
''')
        assert [c for c, _ in _codes(report)] == [REFUSED], name
    folded = parse_diagnostics(HEADER + '''
KEPT = 4


def rebind():
    try:
        pass
    except OSError:
        KEPT_TOO = 5


@T.prim_func
def f(A: T.Buffer((KEPT,), "int32")):
    A[0] = 1
''')
    assert _codes(folded) == []
    assert "T.Tensor((4,), T.int32)" in _texts(folded)[0]
