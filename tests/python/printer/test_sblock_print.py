"""Printing S-TIR blocks (built with the node constructors, tests/python/printer/sblock_cases.py):
the canonical `Ts` form, the implicit root block, underlines and the source map on block nodes,
and IR the block syntax cannot say (the reflection fallback)."""

from __future__ import annotations

import ast
import json
import pathlib
import sys
from typing import Any

import pytest

import tvm_ffi
import tvm_tirx as tx
from tvm_tirx.stmt import BufferRegion, IterVar, IterVarKind, SBlock, SBlockRealize

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import sblock_cases as cases  # noqa: E402

AccessPath = tvm_ffi.object_class("ffi.reflection.AccessPath")
_script_with_source_map = tvm_ffi.get_global_func("script.ScriptWithSourceMap")

APACHE_HEADER = "# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n"
TS_HEADER = ("from __future__ import annotations\n\n# from tvm_tirx.script import tirx as T\n"
             "# from tvm_tirx.script import s_tir as Ts\n\n")


def body_path(*attrs: str) -> Any:
    path = AccessPath.root()
    for attr in attrs:
        path = path.attr(attr)
    return path


CANONICAL = {
    "matmul_root_alloc": """\
@Ts.function
def matmul(A: T.Tensor((16, 16), T.float32), B: T.Tensor((16, 16), T.float32), C: T.Tensor((16, 16), T.float32)):
    # with Ts.sblock("root"):
    acc = Ts.sblock_alloc_buffer(ty_args=[T.Tensor((16, 16), T.float32)])
    for i in range(16):
        for j in range(16):
            for k in range(16):
                with Ts.sblock("update"):
                    vi, vj, vk = Ts.axis.remap("SSR", [i, j, k])
                    Ts.reads(A[vi, vk], B[vj, vk])
                    Ts.writes(acc[vi, vj])
                    with Ts.init():
                        acc[vi, vj] = T.float32(0.0)
                    acc[vi, vj] = acc[vi, vj] + A[vi, vk] * B[vj, vk]
    for i_1 in range(16):
        for j_1 in range(16):
            with Ts.sblock("copy"):
                vi_1, vj_1 = Ts.axis.remap("SS", [i_1, j_1])
                Ts.reads(acc[vi_1, vj_1])
                Ts.writes(C[vi_1, vj_1])
                C[vi_1, vj_1] = acc[vi_1, vj_1]""",
    "where_offset_domain": """\
@Ts.function
def shift(A: T.Tensor((16, 16), T.float32), B: T.Tensor((16, 20), T.float32)):
    # with Ts.sblock("root"):
    for i in range(16):
        for j in range(16):
            with Ts.sblock("shift"):
                vi = Ts.axis.spatial(16, i)
                vj = Ts.axis.spatial((2, 18), j + 2)
                Ts.where(i < 8)
                Ts.reads(A[vi, 0:16])
                Ts.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj - 2]""",
    "scan_opaque_axes": """\
@Ts.function
def prefix(A: T.Tensor((8, 8), T.float32)):
    # with Ts.sblock("root"):
    for i in range(8):
        for j in range(8):
            with Ts.sblock("prefix"):
                vi = Ts.axis.scan(8, i)
                vj = Ts.axis.opaque(8, j)
                Ts.reads(A[vi, vj])
                Ts.writes(A[vi, vj])
                A[vi, vj] = A[vi, vj] + T.float32(1.0)""",
    "annotated_match_alloc": """\
@Ts.function
def tile(A: T.Tensor((16, 16), T.float32)):
    # with Ts.sblock("root"):
    for i in range(16):
        with Ts.sblock("tile"):
            vi = Ts.axis.spatial(16, i)
            Ts.reads(A[vi, 4:8])
            Ts.writes(A[vi, 4:8])
            Ts.sblock_attr({"auto_unroll": 4, "schedule_rule": "tile"})
            scratch = Ts.sblock_alloc_buffer(ty_args=[T.Tensor((4,), T.float32, scope="local")])
            row = Ts.match_buffer(A[vi, 4:8], ty_args=[T.Tensor((4,), T.float32)])
            scratch[0] = row[0]
            row[1] = scratch[0]""",
    "no_iter_vars_nested": """\
@Ts.function
def fill(A: T.Tensor((8,), T.float32)):
    with Ts.sblock("root"):
        Ts.reads()
        Ts.writes()
        with Ts.sblock("outer"):
            Ts.reads()
            Ts.writes(A[0:8])
            for i in range(8):
                with Ts.sblock("fill"):
                    vi = Ts.axis.spatial(8, i)
                    Ts.reads()
                    Ts.writes(A[vi])
                    A[vi] = T.float32(0.0)""",
    "split_remap_groups": """\
@Ts.function
def half(A: T.Tensor((8, 8, 8), T.float32)):
    # with Ts.sblock("root"):
    for i in range(8):
        for j in range(8):
            for k in range(8):
                with Ts.sblock("half"):
                    vi = Ts.axis.spatial(8, i)
                    vj = Ts.axis.spatial(4, j // 2)
                    vk = Ts.axis.spatial(8, k)
                    Ts.reads()
                    Ts.writes(A[vi, vj, vk])
                    A[vi, vj, vk] = T.float32(1.0)""",
    "reduce_of_a_sum": """\
@Ts.function
def row_sum(A: T.Tensor((8, 32), T.int32), S: T.Tensor((8,), T.int32)):
    # with Ts.sblock("root"):
    for i in range(8):
        for k in range(16):
            with Ts.sblock("sum"):
                vi = Ts.axis.spatial(8, i)
                vk = Ts.axis.reduce(32, k * 2)
                Ts.where(k < 15)
                Ts.reads(A[vi, vk])
                Ts.writes(S[vi])
                pad = Ts.sblock_alloc_buffer(ty_args=[T.Tensor((4,), T.int8, data_alignment=16)])
                with Ts.init():
                    S[vi] = 0
                S[vi] = S[vi] + A[vi, vk]""",
    "opaque_tile_ranges": """\
@Ts.function
def tile_copy(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32)):
    # with Ts.sblock("root"):
    for i in range(16):
        with Ts.sblock("tile_copy"):
            Ts.reads(A[i * 4:i * 4 + 4])
            Ts.writes(B[i * 4:i * 4 + 4])
            for j in range(4):
                B[i * 4 + j] = A[i * 4 + j]""",
    "int64_domain": """\
@Ts.function
def zero64(A: T.Tensor((8, 8), T.float32)):
    # with Ts.sblock("root"):
    for i in range(T.int64(0), T.int64(8)):
        for j in range(T.int64(0), T.int64(8)):
            with Ts.sblock("zero"):
                vi, vj = Ts.axis.remap("SS", [i, j])
                Ts.reads()
                Ts.writes(A[vi, vj])
                A[vi, vj] = T.float32(0.0)""",
    "match_buffer_symbolic_view": """\
@Ts.function
def view(A: T.Tensor((16, 16), T.float32)):
    # with Ts.sblock("root"):
    for i in range(16):
        with Ts.sblock("tile"):
            vi = Ts.axis.spatial(16, i)
            Ts.reads(A[vi, 4:8])
            Ts.writes(A[vi, 4:8])
            row = Ts.match_buffer(A[vi, 4:8], ty_args=[T.Tensor((4,), T.float32, strides=(s0,), elem_offset=off)])
            row[0] = row[1] + T.Cast("float32", off + s0)""",
}


@pytest.mark.parametrize("name", sorted(CANONICAL))
def test_canonical_block_print(name: str) -> None:
    func = cases.CASES[name]()
    assert func.script() == TS_HEADER + CANONICAL[name]
    assert str(func) == TS_HEADER + CANONICAL[name]
    ast.parse(func.script())  # the print is Python


def test_apache_block_print_is_0_27s() -> None:
    """Apache's spelling of every case is apache-tvm 0.27's print of its Apache-spelled twin,
    byte for byte, as recorded (tests/oracle_records/apache_print.json)."""
    record = json.loads((ROOT / "tests" / "oracle_records" / "apache_print.json").read_text())
    for name, build in cases.CASES.items():
        expected = record["programs"][f"sblock/{name}"]["apache"]["print"]
        assert build().script(spelling="apache") == expected, name
        assert expected.startswith(APACHE_HEADER + "@T.prim_func(s_tir=True)\n")


def test_s_tir_attribute_alone_makes_ts_function_and_is_not_repeated() -> None:
    a = cases.tensor("A", 4)
    body = cases.store(a, [0], cases.const(1.0, "float32"))
    func = tx.Function([a], body, attrs={"global_symbol": "one", "script.namespace": "s_tir",
                                         "tir.noalias": True}, is_private=True)
    assert func.script(show_header=False) == (
        '@Ts.function(private=True)\ndef one(A: T.Tensor((4,), T.float32)):\n'
        '    T.func_attr({"tir.noalias": True})\n    A[0] = T.float32(1.0)')
    # Another namespace value is an ordinary attribute of a T function.
    other = tx.Function([a], body, attrs={"global_symbol": "one", "script.namespace": "x"})
    assert other.script(show_header=False) == (
        '@T.function\ndef one(A: T.Tensor((4,), T.float32)):\n'
        '    T.func_attr({"script.namespace": "x"})\n    A[0] = T.float32(1.0)')


def test_a_root_that_is_more_than_allocations_prints_as_a_block() -> None:
    a = cases.tensor("A", 4)
    block = SBlock([], [], [cases.BufferRegion(a, [0])], "root",
                   cases.store(a, [0], cases.const(1.0, "float32")))
    func = cases.function("one", [a], SBlockRealize([], block))
    assert func.script(show_header=False) == (
        '@Ts.function\ndef one(A: T.Tensor((4,), T.float32)):\n'
        '    with Ts.sblock("root"):\n        Ts.reads()\n        Ts.writes(A[0])\n'
        '        A[0] = T.float32(1.0)')


def test_block_without_realize_and_statement_alone() -> None:
    func = cases.scan_opaque_axes()
    realize = func.body.block.body.body.body
    lines = CANONICAL["scan_opaque_axes"].splitlines()[5:]
    assert realize.script() == "\n".join(line[12:] for line in lines)
    assert realize.block.script() == (
        'with Ts.sblock("prefix", no_realize=True):\n    vi = Ts.axis.scan(8)\n'
        '    vj = Ts.axis.opaque(8)\n    Ts.reads(A[vi, vj])\n    Ts.writes(A[vi, vj])\n'
        '    A[vi, vj] = A[vi, vj] + T.float32(1.0)')


def test_regions_print_points_and_ranges() -> None:
    a = cases.tensor("A", 16, 16)
    n = cases.i32("n")
    region = BufferRegion(a, [n, cases.span(n, n + 4)])
    assert region.script() == "A[n, n:n + 4]"
    assert BufferRegion(a, [cases.span(0, 1), cases.span(3, 3)]).script() == "A[0, 3:3]"


def test_underline_an_iter_var_a_block_and_a_region() -> None:
    func = cases.where_offset_domain()
    realize = body_path("body", "block", "body", "body", "body")
    text = func.script(show_header=False, num_context_lines=0,
                       path_to_underline=[realize.attr("block").attr("iter_vars").array_item(1)])
    assert text == ("(... 7 lines skipped ...)\n"
                    "                vj = Ts.axis.spatial((2, 18), j + 2)\n"
                    "                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
                    "(... 4 lines skipped ...)")
    region = realize.attr("block").attr("reads").array_item(0).attr("region").array_item(1)
    text = func.script(show_header=False, num_context_lines=0, path_to_underline=[region])
    assert text == ("(... 9 lines skipped ...)\n"
                    "                Ts.reads(A[vi, 0:16])\n"
                    "                               ^^^^\n"
                    "(... 2 lines skipped ...)")
    text = func.script(show_header=False, num_context_lines=0,
                       path_to_underline=[realize.attr("predicate")])
    assert "                Ts.where(i < 8)\n                         ^^^^^\n" in text
    # The same node in Apache's spelling (the loops are one T.grid line there).
    text = func.script(show_header=False, num_context_lines=0, spelling="apache",
                       path_to_underline=[realize.attr("predicate")])
    assert text == ("(... 7 lines skipped ...)\n            T.where(i < 8)\n"
                    "                    ^^^^^\n(... 3 lines skipped ...)")


def test_source_map_has_every_block_node() -> None:
    func = cases.matmul_root_alloc()
    text, entries = _script_with_source_map(func, {})
    spans = {str(e.path): text[e.begin:e.end] for e in entries}
    block = "<root>.body.block.body.seq[0].body.body.body.block"
    assert spans["<root>.body"] == '# with Ts.sblock("root"):'
    assert spans["<root>.body.block.alloc_buffers[0]"].startswith("acc = Ts.sblock_alloc_buffer(")
    assert spans[block + ".reads[1]"] == "B[vj, vk]"
    assert spans[block + ".writes[0].region[1]"] == "vj"
    assert spans[block + ".iter_vars[2]"] == "vk"
    assert spans[block + ".name_hint"] == '"update"'
    assert spans[block + ".init"] == "acc[vi, vj] = T.float32(0.0)"
    assert spans["<root>.body.block.body.seq[0].body.body.body"].startswith(
        'with Ts.sblock("update"):\n')


def test_an_axis_kind_without_syntax_prints_by_its_name_under_a_comment() -> None:
    a = cases.tensor("A", 8)
    i, vi = cases.i32("i"), cases.i32("vi")
    block = SBlock([IterVar(vi, 8, IterVarKind.VECTORIZED)], [], [BufferRegion(a, [vi])], "v",
                   cases.store(a, [vi], cases.const(0.0, "float32")))
    assert SBlockRealize([i], block).script() == (
        "# ill-formed: the block syntax has no iteration variable of kind Vectorized\n"
        'with Ts.sblock("v"):\n    vi = Ts.axis.vectorized(8, i)\n    Ts.reads()\n'
        "    Ts.writes(A[vi])\n    A[vi] = T.float32(0.0)")


def test_hostile_block_names_and_variable_names_print_as_python() -> None:
    a = cases.tensor("A", 4)
    vi = cases.i32("for")  # a keyword
    block = SBlock([IterVar(vi, 4)], [], [BufferRegion(a, [vi])], 'x"\n# y',
                   cases.store(a, [vi], cases.const(0.0, "float32")))
    text = SBlockRealize([cases.const(1)], block).script()
    assert text.splitlines()[:2] == ['with Ts.sblock("x\\"\\n# y"):',
                                     "    for_1 = Ts.axis.spatial(4, 1)"]
    ast.parse(text)


def test_blocks_nested_past_the_limit_are_a_recursion_error() -> None:
    a = cases.tensor("A", 1)
    stmt = cases.store(a, [0], cases.const(0.0, "float32"))
    for depth in range(1200):
        stmt = SBlockRealize([], SBlock([], [], [], f"b{depth}", stmt))
    with pytest.raises(RecursionError, match="nested more than 1000 levels deep"):
        stmt.script()
    while isinstance(stmt, SBlockRealize):  # free the chain level by level (docs/printer.md)
        stmt = stmt.block.body


def test_a_block_printed_in_its_function_keeps_the_function_s_names() -> None:
    func = cases.matmul_root_alloc()
    copy = func.body.block.body.seq[1].body.body
    assert copy.script(name_context=func).splitlines()[:2] == [
        'with Ts.sblock("copy"):', '    vi_1, vj_1 = Ts.axis.remap("SS", [i_1, j_1])']
