"""S-TIR blocks in the frontend (issue 23, item 1): what `with T.sblock(...)`, `T.axis.*`,
`T.where`, `T.reads`/`T.writes` (inferred when omitted), `T.init`, `T.sblock_attr`,
`T.sblock_alloc_buffer`, `T.match_buffer` of a region and the implicit root block build, checked
against what apache-tvm 0.27 built for the same programs (tests/oracle_records/sblock_regions.json,
recorded by scripts/oracle/record_sblock_regions.py from tests/oracle_records/sblock_programs),
and the errors of misuse."""

from __future__ import annotations

import json
import pathlib
from typing import Any, Dict, List

import pytest

from tvm_ffi import structural_equal
from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T
from tvm_tirx.script.parser.analysis import AnalysisOptions, analyze

ROOT = pathlib.Path(__file__).resolve().parents[3]
PROGRAMS = ROOT / "tests" / "oracle_records" / "sblock_programs"
RECORD = json.loads((ROOT / "tests" / "oracle_records" / "sblock_regions.json").read_text())
KINDS = {0: "spatial", 2: "reduce", 3: "scan", 4: "opaque"}


def _text(expr: Any) -> str:
    """An expression as apache-tvm 0.27's `str` writes the ones these programs make."""
    return str(expr)


def _constant(expr: Any) -> Any:
    value = getattr(expr, "value", None)
    return value if isinstance(value, int) and str(expr.ty.dtype) != "bool" else None


def _typed(value: int, like: Any) -> str:
    """A constant as Apache prints one of `like`'s type: `8`, `T.int64(8)`."""
    dtype = str(like.ty.dtype)
    return str(value) if dtype == "int32" else f"T.{dtype}({value})"


def _extent(start: Any, end: Any) -> str:
    """Apache's `extent` of our half-open `[start, end)`: constant ends subtract, a point
    `[x, x + 1)` has 1, and a symbolic end `n` from 0 is `n`."""
    low, high = _constant(start), _constant(end)
    if low is not None and high is not None:
        return _typed(high - low, end)
    if type(end).__name__ == "Add" and structural_equal(end.a, start) and \
            _constant(end.b) is not None:
        return _typed(_constant(end.b), end)
    # `[x - 1, x)`: the builder folds `x - 1 + 1` to `x`.
    if type(start).__name__ == "Sub" and structural_equal(start.a, end) and \
            _constant(start.b) is not None:
        return _typed(_constant(start.b), end)
    if low == 0:
        return _text(end)
    return f"{_text(end)} - {_text(start)}"


def _region(region: Any) -> List[List[str]]:
    return [[_text(r.start), _extent(r.start, r.end)] for r in region.region]


def _shape(ty: Any) -> List[str]:
    return [_text(e) for e in ty.shape]


def _block_record(realize: Any, block: Any) -> Dict[str, Any]:
    return {
        "name": block.name_hint,
        "iter_vars": [[iv.var.name, KINDS[iv.kind], _text(iv.dom.start),
                       _extent(iv.dom.start, iv.dom.end), str(iv.var.ty.dtype)]
                      for iv in block.iter_vars],
        "bindings": [_text(v) for v in realize.iter_values],
        "predicate": _text(realize.predicate),
        "reads": [[r.tensor.name, _region(r)] for r in block.reads],
        "writes": [[r.tensor.name, _region(r)] for r in block.writes],
        "alloc_buffers": [[b.name, _shape(b.ty), str(b.ty.dtype), b.ty.scope]
                          for b in block.alloc_buffers],
        "match_buffers": [[m.tensor.name, m.source.tensor.name, _region(m.source)]
                          for m in block.match_buffers],
        "annotations": {k: _text(v) if not isinstance(v, str) else v
                        for k, v in block.annotations.items()},
        "has_init": block.init is not None,
    }


def _blocks(function: Any) -> List[Dict[str, Any]]:
    found: List[Dict[str, Any]] = []

    def visit(node: Any) -> None:
        if node is None:
            return
        if type(node).__name__ == "SBlockRealize":
            found.append(_block_record(node, node.block))
            visit(node.block.init)
            visit(node.block.body)
            return
        for name in ("body", "seq", "then_case", "else_case"):
            child = getattr(node, name, None)
            if name == "seq" and child is not None:
                for item in child:
                    visit(item)
            elif child is not None and not isinstance(child, (str, int)):
                visit(child)

    visit(function.body)
    return found


def _functions() -> Dict[str, Any]:
    built = {}
    for path in sorted(PROGRAMS.glob("*.py")):
        report = analyze(path.read_text(), AnalysisOptions(source_name=path.name, trusted=False,
                                                           build_only=True))
        assert not report.errors, report.errors
        for definition in report.definitions:
            assert not definition.errors, definition.errors
            built[f"{path.stem}.{definition.name}"] = definition.ir
    return built


FUNCTIONS = _functions()


def test_every_recorded_function_is_built() -> None:
    assert RECORD["oracle"] == "apache-tvm 0.27.0.post1"
    assert sorted(FUNCTIONS) == sorted(RECORD["functions"])


@pytest.mark.parametrize("name", sorted(RECORD["functions"]))
def test_blocks_are_what_apache_tvm_builds(name: str) -> None:
    # Iteration variables (kinds, domains, types), bindings, predicates, the regions block
    # completion infers, allocations, views, annotations, init, and the root block.
    assert _blocks(FUNCTIONS[name]) == RECORD["functions"][name]


MATMUL = '''
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def mm(A: T.Buffer((8, 4), "float32"), B: T.Buffer((4, 8), "float32"),
       C: T.Buffer((8, 8), "float32")):
    for i, j, k in T.grid(8, 8, 4):
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
'''


def test_given_regions_equal_the_inferred_ones() -> None:
    # Writing out what completion infers builds the same IR: inference is no new meaning.
    written = MATMUL.replace("            with T.init():",
                             "            T.reads(A[vi, vk], B[vk, vj])\n"
                             "            T.writes(C[vi, vj])\n"
                             "            with T.init():")
    assert structural_equal(from_source(MATMUL), from_source(written))
    reversed_reads = written.replace("T.reads(A[vi, vk], B[vk, vj])",
                                     "T.reads(B[vk, vj], A[vi, vk])")
    assert not structural_equal(from_source(MATMUL), from_source(reversed_reads))


def test_untrusted_and_trusted_build_the_same_blocks() -> None:
    assert structural_equal(from_source(MATMUL), from_source(MATMUL, trusted=True))


def test_a_block_file_has_no_diagnostic() -> None:
    for path in sorted(PROGRAMS.glob("*.py")):
        report = parse_diagnostics(path.read_text(), source_name=path.name)
        assert [(d.code, d.message) for d in report.diagnostics] == [], path.name


SIGNATURE = ('@T.prim_func(s_tir=True)\n'
             'def f(A: T.Buffer((8, 8), "float32"), n: T.int32):\n')


def _error(body: str, kind: type) -> BaseException:
    with pytest.raises(kind) as info:
        from_source(SIGNATURE + body, extra_vars={"T": T}, source_name="prog.py")
    return info.value


@pytest.mark.parametrize("body, kind, message", [
    ('    for i in range(8):\n        with T.sblock("b"):\n            vi = T.axis.spatial(8, i)\n'
     '            vi = T.axis.remap("S", [n])\n', ValueError,
     "`T.axis.remap` binds the variables of enclosing loops, and `n` is not one"),
    ('    with T.sblock("b"):\n        T.reads(A[0, 0])\n        T.reads(A[1, 1])\n', ValueError,
     "Block `b` gives `T.reads` twice"),
    ('    with T.sblock("b"):\n        T.where(n > 0)\n        T.where(n > 1)\n', ValueError,
     "Block `b` has two `T.where`"),
    ('    with T.sblock("b"):\n        T.where(2)\n', ValueError,
     "`T.where` takes a condition, got the int 2"),
    ('    with T.sblock("b"):\n        with T.init():\n            pass\n'
     '        with T.init():\n            pass\n', ValueError,
     "Block `b` has two `T.init()` scopes"),
    ('    with T.sblock("b"):\n        T.evaluate(T.call_extern("int32", "f", A.data))\n',
     ValueError, "Block `b` uses tensor `A` other than by loads and stores, so its access "
     "regions cannot be inferred: write them with `T.reads(...)` and `T.writes(...)`"),
    ('    for i in range(8):\n        with T.sblock("b"):\n            vi = T.axis.spatial(8.5, i)\n',
     TypeError, "`T.axis.spatial` takes a domain (an extent, `(start, end)` or `T.Range`), got "
     "`float`"),
    ('    with T.sblock("b"):\n        vi = T.axis.spatial((0, 8, 1), n)\n', ValueError,
     "`T.axis.spatial` takes a domain `(start, end)` of two bounds, got 3"),
    ('    with T.sblock("b"):\n        T.reads(n)\n', TypeError,
     "`T.reads` takes tensor regions such as `A[i, 0:4]`, got `ir.Var`"),
    ('    with T.sblock("b"):\n        T.reads(A[0, 0:8:2])\n', TypeError,
     "`T.reads` takes contiguous regions (`A[lo:hi]`), not a strided slice"),
    ('    with T.sblock("b"):\n        T.reads([[A[0, 0]]])\n', TypeError,
     "`T.reads` takes regions (`A[i, 0:4]`), not a nested list"),
    ('    with T.sblock("b"):\n        T.axis.spatial(8, n)\n', ValueError,
     "`T.axis.spatial(...)` must be assigned to a name: `vi = T.axis.spatial(...)`"),
    ('    with T.sblock("b"):\n        vi: T.int32 = T.axis.spatial(8, n)\n', TypeError,
     "`vi` is a block variable: its type comes from `T.axis.spatial`, not an annotation"),
    ('    with T.sblock("b", no_realize=True):\n        vi = T.axis.spatial(8, n)\n', ValueError,
     "Block `b` is not realized (`no_realize=True`), so it cannot bind iteration variables or "
     "take `T.where`"),
    ('    with T.sblock("b"):\n        vi = T.axis.remap("SX", [n, n])\n', ValueError,
     "`T.axis.remap` kinds are `S` (spatial) and `R` (reduce), got 'X'"),
    ('    with T.sblock("b"):\n        vi = T.axis.remap("SS", [n])\n', ValueError,
     "`T.axis.remap(\"SS\", ...)` has 2 kinds for 1 bindings"),
    ('    with T.sblock("b") as x:\n        pass\n', TypeError,
     "`with T.sblock('b')` gives no value to name with `as`"),
    ('    with T.sblock(7):\n        pass\n', TypeError,
     "`T.sblock` takes the block's name as a str, got `int`"),
    ('    T.sblock("b")\n', TypeError, "`T.sblock('b')` opens a scope: write `with "
     "T.sblock('b'):`"),
    ('    with T.sblock("b"):\n        T.init()\n', TypeError,
     "`T.init()` opens a scope: write `with T.init():`"),
    ('    with T.sblock("b"):\n        T.sblock_attr([1])\n', TypeError,
     "`T.sblock_attr` takes a dict, got `list`"),
    ('    with T.sblock("b"):\n        v = T.match_buffer(A[0, 0:4], (8,))\n', ValueError,
     "The match buffer `v` has extent 8 in dimension 0 but its source region has extent 4"),
    ('    with T.sblock("b"):\n        T.sblock_attr({"k": 1, "d": {"x": 1}})\n'
     '        T.sblock_attr({"k": 2})\n', ValueError,
     "Block `b` gives annotation `k` twice, with different values"),
])
def test_block_misuse_is_a_located_error(body: str, kind: type, message: Any) -> None:
    assert str(_error(body, kind)) == message


def test_symbolic_and_open_regions() -> None:
    # A slice whose extent is not a constant, or with a bound left out, is a region.
    function = from_source(
        SIGNATURE + '    for i in range(8):\n        with T.sblock("b"):\n'
        '            vi = T.axis.spatial(8, i)\n            T.reads(A[vi, 0:n], A[:, vi])\n'
        '            T.writes(A[vi, :])\n            A[vi, 0] = A[0, vi]\n',
        extra_vars={"T": T})
    block = function.body.block.body.body.block
    assert [_region(r) for r in block.reads] == [[["vi", "1"], ["0", "n"]],
                                                 [["0", "8"], ["vi", "1"]]]
    assert [_region(r) for r in block.writes] == [[["vi", "1"], ["0", "8"]]]


def test_old_spelling_makes_its_function_s_tir() -> None:
    # `T.block` (Apache TVM before `T.sblock`): blocks in a plain `@T.prim_func`, completed and
    # rooted as those releases did; the same IR as the S-TIR function today's spelling writes.
    old = MATMUL.replace('T.sblock("C")', 'T.block("C")') \
        .replace("@T.prim_func(s_tir=True)", "@T.prim_func")
    assert structural_equal(from_source(old), from_source(MATMUL))


def test_a_view_without_shape_takes_the_regions_extents_and_dtype() -> None:
    # As Apache TVM: `T.match_buffer(A[2:6, 0:8])` is the view of shape (4, 8) and A's dtype;
    # a named stride is a new symbol the view defines.
    given = from_source(SIGNATURE + '    with T.sblock("b"):\n'
                        '        V = T.match_buffer(A[2:6, 0:8], (4, 8), "float32")\n'
                        '        V[0, 0] = T.float32(1)\n', extra_vars={"T": T})
    implicit = from_source(SIGNATURE + '    with T.sblock("b"):\n'
                           '        V = T.match_buffer(A[2:6, 0:8])\n'
                           '        V[0, 0] = T.float32(1)\n', extra_vars={"T": T})
    assert structural_equal(given, implicit)
    strided = from_source(SIGNATURE + '    with T.sblock("b"):\n'
                          '        V = T.match_buffer(A[2:6, 0:8], (4, 8), strides=("s0", 1))\n'
                          '        V[0, 0] = T.float32(1)\n', extra_vars={"T": T})
    view = strided.body.block.match_buffers[0].tensor
    assert [str(s) for s in view.ty.strides] == ["s0", "1"]
    assert str(view.ty.strides[0].ty.dtype) == "int32"


def test_block_attributes_merge_and_allocations_lift_as_in_apache_tvm() -> None:
    # Two `T.sblock_attr` merge (dicts under one key too, one value given twice is kept);
    # `T.sblock_alloc_buffer` under a loop belongs to the innermost block, or to the root.
    function = from_source(
        SIGNATURE + '    for r in range(2):\n        R = T.sblock_alloc_buffer((4,))\n'
        '        with T.sblock("b"):\n'
        '            T.sblock_attr({"k": 1, "d": {"x": 1}})\n'
        '            for i in range(4):\n'
        '                X = T.sblock_alloc_buffer((4,))\n'
        '                T.sblock_attr({"k": 1, "d": {"y": 2}, "z": "s"})\n'
        '                X[i] = A[i, r]\n                R[i] = X[i]\n',
        extra_vars={"T": T})
    root = function.body.block
    block = root.body.body.block  # root -> for r -> the realize of "b"
    assert [t.name for t in root.alloc_buffers] == ["R"]
    assert [t.name for t in block.alloc_buffers] == ["X"]
    assert {k: (dict(v) if not isinstance(v, (int, str)) else v)
            for k, v in block.annotations.items()} == {"k": 1, "d": {"x": 1, "y": 2}, "z": "s"}
