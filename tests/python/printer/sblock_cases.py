"""S-TIR block programs built with the node constructors, one construct each: the printer tests
print them in both spellings, and scripts/oracle/record_apache_print.py has apache-tvm 0.27
read their Apache print back (tests/oracle_records/apache_print.json)."""

from __future__ import annotations

from typing import Any, Callable, Dict

import tvm_ffi
import tvm_tirx as tx
from tvm_tirx import ir
from tvm_tirx.stmt import (
    BufferRegion,
    IterVar,
    IterVarKind,
    MatchBufferRegion,
    SBlock,
    SBlockRealize,
)

S_TIR = {"script.namespace": "s_tir"}


def i32(name: str) -> ir.Var:
    return ir.Var(name, "int32")


def const(value: Any, dtype: str = "int32") -> ir.Expr:
    return tx.make_const(dtype, value)


def tensor(name: str, *shape: int, dtype: str = "float32", **fields: Any) -> ir.Var:
    dims = [const(s) for s in shape]
    return ir.Var(name, ir.TensorType(tvm_ffi.dtype(dtype), dims, **fields))


def span(start: Any, end: Any) -> ir.Range:
    start = start if isinstance(start, ir.Expr) else const(start)
    end = end if isinstance(end, ir.Expr) else const(end)
    return ir.Range(start, end)


def _indices(idx: Any) -> list:
    return [i if isinstance(i, ir.Expr) else const(i) for i in idx]


def load(t: ir.Var, *idx: Any) -> ir.Expr:
    return tx.TensorLoad(t, _indices(idx))


def store(t: ir.Var, idx: Any, value: Any) -> tx.Stmt:
    return tx.TensorStore(t, _indices(idx), value)


def loop(var: ir.Var, extent: int, body: tx.Stmt) -> tx.For:
    return tx.For(var, 0, extent, body)


def root(body: tx.Stmt, *alloc: ir.Var) -> SBlockRealize:
    return SBlockRealize([], SBlock([], [], [], "root", body, alloc_buffers=list(alloc)))


def function(name: str, params: Any, body: tx.Stmt) -> tx.Function:
    """An S-TIR function; a body that is not a root block gets one, as the readers build it."""
    if not (isinstance(body, SBlockRealize) and body.block.name_hint == "root"):
        body = root(body)
    return tx.Function(params, body, attrs={"global_symbol": name, **S_TIR})


def matmul_root_alloc() -> tx.Function:
    """The matmul of a root allocation: remap "SSR", init, reads/writes of points."""
    A, B, C = tensor("A", 16, 16), tensor("B", 16, 16), tensor("C", 16, 16)
    acc = tensor("acc", 16, 16)
    i, j, k, vi, vj, vk = (i32(n) for n in ("i", "j", "k", "vi", "vj", "vk"))
    update = store(acc, [vi, vj], load(acc, vi, vj) + load(A, vi, vk) * load(B, vj, vk))
    block = SBlock(
        [IterVar(vi, 16), IterVar(vj, 16), IterVar(vk, 16, IterVarKind.COMM_REDUCE)],
        [BufferRegion(A, [vi, vk]), BufferRegion(B, [vj, vk])],
        [BufferRegion(acc, [vi, vj])], "update", update,
        init=store(acc, [vi, vj], const(0.0, "float32")))
    nest = loop(i, 16, loop(j, 16, loop(k, 16, SBlockRealize([i, j, k], block))))
    ci, cj, wi, wj = i32("i"), i32("j"), i32("vi"), i32("vj")
    copy = SBlock([IterVar(wi, 16), IterVar(wj, 16)], [BufferRegion(acc, [wi, wj])],
                  [BufferRegion(C, [wi, wj])], "copy", store(C, [wi, wj], load(acc, wi, wj)))
    copies = loop(ci, 16, loop(cj, 16, SBlockRealize([ci, cj], copy)))
    return function("matmul", [A, B, C], root(tx.SeqStmt([nest, copies]), acc))


def where_offset_domain() -> tx.Function:
    """A binding that is no loop variable, a domain from 2, a predicate, a range region."""
    A, B = tensor("A", 16, 16), tensor("B", 16, 20)
    i, j, vi, vj = i32("i"), i32("j"), i32("vi"), i32("vj")
    block = SBlock([IterVar(vi, 16), IterVar(vj, (2, 18))],
                   [BufferRegion(A, [vi, span(0, 16)])], [BufferRegion(B, [vi, vj])], "shift",
                   store(B, [vi, vj], load(A, vi, vj - 2)))
    realize = SBlockRealize([i, j + 2], block, predicate=i < 8)
    return function("shift", [A, B], loop(i, 16, loop(j, 16, realize)))


def scan_opaque_axes() -> tx.Function:
    """`scan` and `opaque` axes print one per line (remap takes only S and R)."""
    A = tensor("A", 8, 8)
    i, j, vi, vj = i32("i"), i32("j"), i32("vi"), i32("vj")
    block = SBlock([IterVar(vi, 8, IterVarKind.ORDERED), IterVar(vj, 8, IterVarKind.OPAQUE)],
                   [BufferRegion(A, [vi, vj])], [BufferRegion(A, [vi, vj])], "prefix",
                   store(A, [vi, vj], load(A, vi, vj) + const(1.0, "float32")))
    return function("prefix", [A], loop(i, 8, loop(j, 8, SBlockRealize([i, j], block))))


def annotated_match_alloc() -> tx.Function:
    """Annotations (keys sorted), a block's own tensor, a match buffer with an offset."""
    A = tensor("A", 16, 16)
    i, vi = i32("i"), i32("vi")
    scratch = tensor("scratch", 4, scope="local")
    row = tensor("row", 4)
    body = tx.SeqStmt([store(scratch, [0], load(row, 0)), store(row, [1], load(scratch, 0))])
    block = SBlock([IterVar(vi, 16)], [BufferRegion(A, [vi, span(4, 8)])],
                   [BufferRegion(A, [vi, span(4, 8)])], "tile", body,
                   alloc_buffers=[scratch],
                   match_buffers=[MatchBufferRegion(row, BufferRegion(A, [vi, span(4, 8)]))],
                   annotations={"schedule_rule": "tile", "auto_unroll": 4})
    return function("tile", [A], loop(i, 16, SBlockRealize([i], block)))


def no_iter_vars_nested() -> tx.Function:
    """A block with no iteration variables around a block with its own loop."""
    A = tensor("A", 8)
    i, vi = i32("i"), i32("vi")
    inner = SBlock([IterVar(vi, 8)], [], [BufferRegion(A, [vi])], "fill",
                   store(A, [vi], const(0.0, "float32")))
    outer = SBlock([], [], [BufferRegion(A, [span(0, 8)])], "outer",
                   loop(i, 8, SBlockRealize([i], inner)))
    return function("fill", [A], root(SBlockRealize([], outer)))


def split_remap_groups() -> tx.Function:
    """Remap groups split by a binding that is not a loop variable: `vi`, then `vj`, `vk`."""
    A = tensor("A", 8, 8, 8)
    i, j, k, vi, vj, vk = (i32(n) for n in ("i", "j", "k", "vi", "vj", "vk"))
    block = SBlock([IterVar(vi, 8), IterVar(vj, 4), IterVar(vk, 8)], [],
                   [BufferRegion(A, [vi, vj, vk])], "half",
                   store(A, [vi, vj, vk], const(1.0, "float32")))
    realize = SBlockRealize([i, j // 2, k], block)
    return function("half", [A], loop(i, 8, loop(j, 8, loop(k, 8, realize))))


def reduce_of_a_sum() -> tx.Function:
    """A reduce axis bound to an expression, an init under a predicate, an int8 block tensor
    with its alignment, ranges of a computed start."""
    A, S = tensor("A", 8, 32, dtype="int32"), tensor("S", 8, dtype="int32")
    i, k, vi, vk = i32("i"), i32("k"), i32("vi"), i32("vk")
    pad = tensor("pad", 4, dtype="int8", alignment=16)
    update = store(S, [vi], load(S, vi) + load(A, vi, vk))
    block = SBlock([IterVar(vi, 8), IterVar(vk, 32, IterVarKind.COMM_REDUCE)],
                   [BufferRegion(A, [vi, span(vk, vk + 1)])], [BufferRegion(S, [vi])], "sum",
                   update, init=store(S, [vi], const(0)), alloc_buffers=[pad])
    nest = loop(i, 8, loop(k, 16, SBlockRealize([i, k * 2], block, predicate=k < 15)))
    return function("row_sum", [A, S], nest)


def opaque_tile_ranges() -> tx.Function:
    """A block without iteration variables inside a loop: ranges from the loop's variable."""
    A, B = tensor("A", 64), tensor("B", 64)
    i, j = i32("i"), i32("j")
    copy = loop(j, 4, store(B, [i * 4 + j], load(A, i * 4 + j)))
    block = SBlock([], [BufferRegion(A, [span(i * 4, i * 4 + 4)])],
                   [BufferRegion(B, [span(i * 4, i * 4 + 4)])], "tile_copy", copy)
    return function("tile_copy", [A, B], loop(i, 16, SBlockRealize([], block)))


def int64_domain() -> tx.Function:
    """int64 loops and domains: `T.axis.spatial(T.int64(8), i)` and a remap over them."""
    A = tensor("A", 8, 8)
    i, j = ir.Var("i", "int64"), ir.Var("j", "int64")
    vi, vj = ir.Var("vi", "int64"), ir.Var("vj", "int64")
    zero, eight = const(0, "int64"), const(8, "int64")
    block = SBlock([IterVar(vi, ir.Range(zero, eight)), IterVar(vj, ir.Range(zero, eight))], [],
                   [BufferRegion(A, [vi, vj])], "zero",
                   tx.TensorStore(A, [vi, vj], const(0.0, "float32")))
    body = tx.For(i, zero, eight, tx.For(j, zero, eight, SBlockRealize([i, j], block)))
    return function("zero64", [A], body)


def match_buffer_symbolic_view() -> tx.Function:
    """A match buffer whose view has its own stride and element offset symbols, used in the body
    (0.27 prints them through the buffer: `row.strides[0]`, `row.elem_offset`)."""
    A = tensor("A", 16, 16)
    i, vi, s0, off = i32("i"), i32("vi"), i32("s0"), i32("off")
    row = ir.Var("row", ir.TensorType(tvm_ffi.dtype("float32"), [const(4)], strides=[s0],
                                      elem_offset=off))
    value = load(row, 1) + tx.Cast(ir.PrimType("float32"), off + s0)
    block = SBlock([IterVar(vi, 16)], [BufferRegion(A, [vi, span(4, 8)])],
                   [BufferRegion(A, [vi, span(4, 8)])], "tile", store(row, [0], value),
                   match_buffers=[MatchBufferRegion(row, BufferRegion(A, [vi, span(4, 8)]))])
    return function("view", [A], loop(i, 16, SBlockRealize([i], block)))


CASES: Dict[str, Callable[[], tx.Function]] = {
    f.__name__: f
    for f in (matmul_root_alloc, where_offset_domain, scan_opaque_axes, annotated_match_alloc,
              no_iter_vars_nested, split_remap_groups, reduce_of_a_sum, opaque_tile_ranges,
              int64_domain, match_buffer_symbolic_view)
}


# The same programs written in Apache TVM's spelling, for apache-tvm 0.27 to read and print
# (scripts/oracle/record_apache_print.py): its print of these is what ours must be.
APACHE_SOURCES: Dict[str, str] = {
    "matmul_root_alloc": '''
@T.prim_func(s_tir=True)
def matmul(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    acc = T.sblock_alloc_buffer((16, 16))
    for i, j, k in T.grid(16, 16, 16):
        with T.sblock("update"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(acc[vi, vj])
            with T.init():
                acc[vi, vj] = T.float32(0)
            acc[vi, vj] = acc[vi, vj] + A[vi, vk] * B[vj, vk]
    for i, j in T.grid(16, 16):
        with T.sblock("copy"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(acc[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = acc[vi, vj]
''',
    "where_offset_domain": '''
@T.prim_func(s_tir=True)
def shift(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 20), "float32")):
    for i in range(16):
        for j in range(16):
            with T.sblock("shift"):
                vi = T.axis.spatial(16, i)
                vj = T.axis.spatial((2, 18), j + 2)
                T.where(i < 8)
                T.reads(A[vi, 0:16])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj - 2]
''',
    "scan_opaque_axes": '''
@T.prim_func(s_tir=True)
def prefix(A: T.Buffer((8, 8), "float32")):
    for i, j in T.grid(8, 8):
        with T.sblock("prefix"):
            vi = T.axis.scan(8, i)
            vj = T.axis.opaque(8, j)
            T.reads(A[vi, vj])
            T.writes(A[vi, vj])
            A[vi, vj] = A[vi, vj] + T.float32(1)
''',
    "annotated_match_alloc": '''
@T.prim_func(s_tir=True)
def tile(A: T.Buffer((16, 16), "float32")):
    for i in range(16):
        with T.sblock("tile"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi, 4:8])
            T.writes(A[vi, 4:8])
            T.sblock_attr({"schedule_rule": "tile", "auto_unroll": 4})
            scratch = T.sblock_alloc_buffer((4,), "float32", scope="local")
            row = T.match_buffer(A[vi, 4:8], (4,))
            scratch[0] = row[0]
            row[1] = scratch[0]
''',
    "no_iter_vars_nested": '''
@T.prim_func(s_tir=True)
def fill(A: T.Buffer((8,), "float32")):
    with T.sblock("root"):
        T.reads()
        T.writes()
        with T.sblock("outer"):
            T.reads()
            T.writes(A[0:8])
            for i in range(8):
                with T.sblock("fill"):
                    vi = T.axis.spatial(8, i)
                    T.reads()
                    T.writes(A[vi])
                    A[vi] = T.float32(0)
''',
    "split_remap_groups": '''
@T.prim_func(s_tir=True)
def half(A: T.Buffer((8, 8, 8), "float32")):
    for i, j, k in T.grid(8, 8, 8):
        with T.sblock("half"):
            vi = T.axis.spatial(8, i)
            vj = T.axis.spatial(4, j // 2)
            vk = T.axis.spatial(8, k)
            T.reads()
            T.writes(A[vi, vj, vk])
            A[vi, vj, vk] = T.float32(1)
''',
    "reduce_of_a_sum": '''
@T.prim_func(s_tir=True)
def row_sum(A: T.Buffer((8, 32), "int32"), S: T.Buffer((8,), "int32")):
    for i, k in T.grid(8, 16):
        with T.sblock("sum"):
            vi = T.axis.spatial(8, i)
            vk = T.axis.reduce(32, k * 2)
            T.where(k < 15)
            T.reads(A[vi, vk])
            T.writes(S[vi])
            pad = T.sblock_alloc_buffer((4,), "int8", align=16)
            with T.init():
                S[vi] = 0
            S[vi] = S[vi] + A[vi, vk]
''',
    "opaque_tile_ranges": '''
@T.prim_func(s_tir=True)
def tile_copy(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i in range(16):
        with T.sblock("tile_copy"):
            T.reads(A[i * 4:i * 4 + 4])
            T.writes(B[i * 4:i * 4 + 4])
            for j in range(4):
                B[i * 4 + j] = A[i * 4 + j]
''',
    "int64_domain": '''
@T.prim_func(s_tir=True)
def zero64(A: T.Buffer((8, 8), "float32")):
    for i, j in T.grid(T.int64(8), T.int64(8)):
        with T.sblock("zero"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads()
            T.writes(A[vi, vj])
            A[vi, vj] = T.float32(0)
''',
    "match_buffer_symbolic_view": '''
@T.prim_func(s_tir=True)
def view(A: T.Buffer((16, 16), "float32")):
    for i in range(16):
        with T.sblock("tile"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi, 4:8])
            T.writes(A[vi, 4:8])
            s0 = T.int32()
            off = T.int32()
            row = T.match_buffer(A[vi, 4:8], (4,), strides=(s0,), elem_offset=off)
            row[0] = row[1] + T.Cast("float32", off + s0)
''',
}


def module_of_blocks_and_a_private_function() -> ir.IRModule:
    """A module: an S-TIR function with blocks beside a private plain one."""
    a = tensor("A", 4)
    one = tx.Function([a], store(a, [0], const(1.0, "float32")), attrs={"global_symbol": "one"},
                      is_private=True)
    return ir.IRModule({ir.GlobalVar("matmul"): matmul_root_alloc(), ir.GlobalVar("one"): one})


MODULE_CASES: Dict[str, Callable[[], ir.IRModule]] = {
    "module_of_blocks_and_a_private_function": module_of_blocks_and_a_private_function,
}
