"""Apache TVM's GPU and runtime intrinsics (issue 10, item 4): the warp shuffles and active
mask, storage barriers, cross-thread reductions (``T.comm_reducer`` with
``T.tvm_thread_allreduce``), struct fields, and predicated vector accesses (``predicate=`` on
``vload``/``vstore``, the reference's ``T.masked_load``/``T.masked_store``). Each is built as
Apache TVM builds it, typed by the rules of core/tirx/src/gpu_intrinsics.cc and
masked_access.cc, printed, and read back as the same IR. Every program here is our own."""

from __future__ import annotations

import textwrap
from typing import Any, List, Tuple

import pytest
from tvm_ffi import structural_walk

import tvm_tirx
from tvm_tirx import ir
from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T


def build(text: str) -> Any:
    return from_source(textwrap.dedent(text))


def errors(text: str) -> List[Tuple[str, str, int]]:
    report = parse_diagnostics(textwrap.dedent(text), source_name="test_file.py")
    return [(d.code, d.message, d.span.start_line) for d in report.diagnostics
            if int(d.severity) == 1]


def statement_errors(params: str, statement: str) -> List[Tuple[str, str, int]]:
    """The errors of ``statement`` as the body of ``def f(<params>)`` (its line is 6)."""
    return errors(f'''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f({params}):
            {statement}
        ''')


def round_trips(func: Any) -> List[str]:
    """The print's body lines (after the header), once its reading back is checked."""
    text = func.script()
    ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)
    return text.split("\n")[6:]


def calls(func: Any, name: str) -> List[ir.Call]:
    """The calls of the operator ``name`` in ``func``, in walk order."""
    found: List[ir.Call] = []

    def walk(call: ir.Call) -> None:
        if isinstance(call.op, ir.Op) and call.op.name == name:
            found.append(call)

    structural_walk(func, walk)
    return found


# --- warp shuffles and the active mask ------------------------------------------------------------

WARP_REDUCE = '''
    from tvm_tirx.script import tirx as T

    @T.prim_func
    def f(A: T.Buffer((32,), "float16"), B: T.Buffer((32,), "float16")):
        lane = T.launch_thread("threadIdx.x", 32)
        mask = T.alloc_buffer((1,), "uint32", scope="local")
        mask[0] = T.tvm_warp_activemask()
        B[lane] = T.tvm_warp_shuffle(mask[0], A[lane], 0, 32, 32)
        B[lane] = B[lane] + T.tvm_warp_shuffle_up(mask[0], A[lane], 1, 32, 32)
        B[lane] = B[lane] + T.tvm_warp_shuffle_down(mask[0], A[lane], 2, 16, 32)
        B[lane] = B[lane] + T.tvm_warp_shuffle_xor(mask[0], A[lane], 4, 32, 32)
'''


def test_warp_shuffles_are_typed_as_their_value_and_print_as_written() -> None:
    func = build(WARP_REDUCE)
    assert round_trips(func) == [
        "    with T.launch_thread(\"threadIdx.x\", 32) as lane:",
        "        mask = T.alloc_tensor(ty_args=[T.Tensor((1,), T.uint32, scope=\"local\")])",
        "        mask[0] = T.tvm_warp_activemask()",
        "        B[lane] = T.tvm_warp_shuffle(mask[0], A[lane], 0, 32, 32)",
        "        B[lane] = B[lane] + T.tvm_warp_shuffle_up(mask[0], A[lane], 1, 32, 32)",
        "        B[lane] = B[lane] + T.tvm_warp_shuffle_down(mask[0], A[lane], 2, 16, 32)",
        "        B[lane] = B[lane] + T.tvm_warp_shuffle_xor(mask[0], A[lane], 4, 32, 32)",
    ]
    for name in ("shuffle", "shuffle_up", "shuffle_down", "shuffle_xor"):
        (call,) = calls(func, f"tirx.tvm_warp_{name}")
        assert str(call.ty) == "T.float16" and len(call.args) == 5
    (mask,) = calls(func, "tirx.tvm_warp_activemask")
    assert str(mask.ty) == "T.uint32" and len(mask.args) == 0


@pytest.mark.parametrize("call, message", [
    ("T.tvm_warp_shuffle(A[0], A[1], 0, 32, 32)",
     "`tirx.tvm_warp_shuffle.mask` must be an integer, got `float32`"),
    ("T.tvm_warp_shuffle_down(T.uint32(0), A[1], A[2], 32, 32)",
     "`tirx.tvm_warp_shuffle_down.lane` must be an integer, got `float32`"),
    ("T.tvm_warp_shuffle_up(T.uint32(0), A[1], 1, T.Broadcast(32, 4), 32)",
     "`tirx.tvm_warp_shuffle_up.width` must be a scalar, got `int32x4`"),
])
def test_warp_shuffle_operands_are_checked(call: str, message: str) -> None:
    found = statement_errors('A: T.Buffer((4,), "float32")', f"A[0] = {call}")
    assert found == [("type-error", message, 6)]


def test_warp_shuffle_takes_five_arguments() -> None:
    with pytest.raises(TypeError, match=r"^`T.tvm_warp_shuffle` takes 5 arguments, got 4$"):
        T.tvm_warp_shuffle(T.uint32(0), T.float32(1), 0, 32)
    with pytest.raises(TypeError, match=r"`tirx.tvm_warp_activemask` takes 0 arguments, got 1"):
        ir.Call(ir.Op.get("tirx.tvm_warp_activemask"), [T.int32(1)])


# --- storage barriers ----------------------------------------------------------------------------

def test_storage_sync_holds_the_three_arguments_apache_tvm_builds() -> None:
    func = build('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((64,), "float32")):
            tx = T.launch_thread("threadIdx.x", 64)
            tile = T.alloc_buffer((64,), "float32", scope="shared")
            tile[tx] = A[tx]
            T.tvm_storage_sync("shared")
            A[tx] = tile[63 - tx]
            T.tvm_storage_sync("global", True, 4)
        ''')
    lines = round_trips(func)
    assert lines[3:5] == ['        T.tvm_storage_sync("shared", T.bool(False), -1)',
                          '        A[tx] = tile[63 - tx]']
    assert lines[5] == '        T.tvm_storage_sync("global", T.bool(True), 4)'
    first, second = calls(func, "tirx.tvm_storage_sync")
    assert str(first.ty) == "T.void"
    assert [type(a).__name__ for a in first.args] == ["StringImm", "IntImm", "IntImm"]
    assert [str(a.ty) for a in first.args[1:]] == ["T.bool", "T.int32"]
    assert (first.args[0].value, first.args[1].value, first.args[2].value) == ("shared", 0, -1)
    assert (second.args[0].value, second.args[1].value, second.args[2].value) == ("global", 1, 4)


@pytest.mark.parametrize("call, message", [
    ("T.tvm_storage_sync(A[0])",
     '`tirx.tvm_storage_sync` takes the storage scope as a string, such as `"shared"`'),
    ('T.tvm_storage_sync("global", 1)',
     "`tirx.tvm_storage_sync.is_load` must be bool, got `int32`"),
    ('T.tvm_storage_sync("global", False, A[0])',
     "`tirx.tvm_storage_sync.num_blocks` must be an integer, got `float32`"),
])
def test_storage_sync_operands_are_checked(call: str, message: str) -> None:
    found = statement_errors('A: T.Buffer((4,), "float32")', call)
    assert found == [("type-error", message, 6)]


# --- struct fields -------------------------------------------------------------------------------

def test_struct_fields_read_as_the_given_type_and_write_an_int32() -> None:
    func = build('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(packed: T.handle, Out: T.Buffer((2,), "int64")):
            Out[0] = T.tvm_struct_get(packed, 0, 5, "int64")
            shape = T.tvm_struct_get(packed, 1, 2, dtype="handle")
            Out[1] = T.Cast("int64", T.tvm_struct_set(packed, 1, 4, 2))
            T.evaluate(T.isnullptr(shape))
            T.evaluate(T.tvm_struct_set(packed, 0, 1, Out.data))
        ''')
    # A pointer is a value too (a DLTensor's data field), as Apache TVM's lowering sets it.
    assert round_trips(func)[:5] == [
        "    Out[0] = T.tvm_struct_get(packed, 0, 5, T.int64)",
        "    shape: T.let[T.Ptr(T.void)] = T.tvm_struct_get(packed, 1, 2, T.Ptr(T.void))",
        "    Out[1] = T.Cast(\"int64\", T.tvm_struct_set(packed, 1, 4, 2))",
        "    T.isnullptr(shape)",
        "    T.tvm_struct_set(packed, 0, 1, Out.data)",
    ]
    get_field, get_shape = calls(func, "tirx.tvm_struct_get")
    assert str(get_field.ty) == "T.int64" and len(get_field.args) == 3
    (set_field, _) = calls(func, "tirx.tvm_struct_set")
    assert str(get_shape.ty) == "T.Ptr(T.void)"
    assert str(set_field.ty) == "T.int32"


@pytest.mark.parametrize("call, code, message", [
    # A read is typed by hand, so its operands are checked with the built IR (its contract).
    ('A[0] = T.tvm_struct_get(A[1], 0, 5, "float32")', "op-contract",
     "`tirx.tvm_struct_get` reads and writes the fields of a struct array, a `T.handle`"),
    ("T.tvm_struct_set(p, 0, A[1], 1)", "type-error",
     "`tirx.tvm_struct_set.field` must be an integer, got `float32`"),
    ("A[0] = T.tvm_struct_get(p, 0, 5, 7)", "type-error",
     "`T.tvm_struct_get` takes a dtype, such as \"int32\" or `T.int64`, got `int`"),
])
def test_struct_field_operands_are_checked(call: str, code: str, message: str) -> None:
    found = statement_errors('A: T.Buffer((4,), "float32"), p: T.handle', call)
    assert found == [(code, message, 6)]


# --- cross-thread reductions -----------------------------------------------------------------------

ALLREDUCE_SUM = '''
    from tvm_tirx.script import tirx as T

    @T.prim_func
    def f(A: T.Buffer((16, 32), "float32"), B: T.Buffer((16,), "float32")):
        for i in range(16):
            tx = T.launch_thread("threadIdx.x", 32)
            acc = T.alloc_buffer((1,), "float32", scope="local")
            with T.attr(T.comm_reducer(lambda x, y: x + y, [T.float32(0)]), "reduce_scope",
                        T.reinterpret(T.uint64(0), dtype="handle")):
                T.tvm_thread_allreduce(T.uint32(1), A[i, tx], T.bool(True), acc[0], tx)
            B[i] = acc[0]
'''


def test_a_reduce_scope_holds_a_comm_reducer_the_allreduce_reads() -> None:
    func = build(ALLREDUCE_SUM)
    assert round_trips(func)[3:5] == [
        '            with T.attr(T.comm_reducer(lambda x, y: x + y, [T.float32(0.0)]), '
        '"reduce_scope", T.reinterpret(T.uint64(0), ty=T.handle)):',
        "                T.tvm_thread_allreduce(T.uint32(1), A[i, tx], T.bool(True), acc[0], tx)",
    ]
    attrs: List[Any] = []
    structural_walk(func, lambda a: attrs.append(a) if type(a).__name__ == "AttrStmt" else None)
    (scope,) = attrs
    reducer = scope.node
    assert isinstance(reducer, tvm_tirx.CommReducer)
    assert [v.name for v in reducer.lhs] == ["x"] and [v.name for v in reducer.rhs] == ["y"]
    assert str(reducer.lhs[0].ty) == "T.float32"
    assert reducer.result[0].a.same_as(reducer.lhs[0])
    assert reducer.result[0].b.same_as(reducer.rhs[0])
    (allreduce,) = calls(func, "tirx.tvm_thread_allreduce")
    assert str(allreduce.ty) == "T.void" and len(allreduce.args) == 5


def test_a_reducer_of_two_groups_takes_left_values_then_right_values() -> None:
    func = build('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((64,), "float32"), Index: T.Buffer((1,), "int32")):
            tx = T.launch_thread("threadIdx.x", 64)
            best = T.alloc_buffer((1,), "int32", scope="local")
            peak = T.alloc_buffer((1,), "float32", scope="local")
            with T.attr(T.comm_reducer(lambda i, v, j, w: (T.Select(v >= w, i, j), T.max(v, w)),
                                       [-1, T.float32(0)]), "reduce_scope", T.int32(0)):
                T.tvm_thread_allreduce(T.uint32(2), tx, A[tx], tx < 64, best[0], peak[0], tx)
            Index[0] = best[0]
        ''')
    assert round_trips(func)[3] == (
        "        with T.attr(T.comm_reducer(lambda i, v, j, w: (T.Select(v >= w, i, j), "
        "T.max(v, w)), [-1, T.float32(0.0)]), \"reduce_scope\", 0):")


@pytest.mark.parametrize("reducer, error", [
    ("T.comm_reducer(lambda x: x, [T.float32(0)])",
     "`T.comm_reducer` of 1 identity takes a lambda of 2 values (1 left, 1 right), got 1"),
    ("T.comm_reducer(lambda x, y: x + y, T.float32(0))",
     "`T.comm_reducer` takes the identities as a non-empty list, such as `[T.float32(0)]`"),
    ("T.comm_reducer(lambda x, y: x < y, [T.float32(0)])",
     "`tirx.CommReducer.result[0]` has type `bool` but its identity has type `float32`"),
])
def test_a_reducer_names_what_is_wrong(reducer: str, error: str) -> None:
    assert errors(f'''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((4,), "float32")):
            with T.attr({reducer}, "reduce_scope", T.int32(0)):
                A[0] = A[1]
        ''') == [("type-error", error, 6)]


@pytest.mark.parametrize("call, message", [
    ("T.tvm_thread_allreduce(tx, A[tx], T.bool(True), acc[0], tx)",
     "`tirx.tvm_thread_allreduce` takes the number of reduced values first, as a positive "
     "integer constant such as `T.uint32(1)`"),
    ("T.tvm_thread_allreduce(T.uint32(2), A[tx], T.bool(True), acc[0], tx)",
     "`tirx.tvm_thread_allreduce` of 2 values takes 2 sources, a condition and 2 "
     "destinations after the count, got 4 arguments"),
    ("T.tvm_thread_allreduce(T.uint32(1), A[tx], tx, acc[0], tx)",
     "`tirx.tvm_thread_allreduce.cond` must be bool, got `int32`"),
    ("T.tvm_thread_allreduce(T.uint32(1), A[tx], T.bool(True), acc[0], A[0])",
     "`tirx.tvm_thread_allreduce.thread_index` must be an integer, got `float32`"),
])
def test_allreduce_operands_are_checked(call: str, message: str) -> None:
    assert errors(f'''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((32,), "float32")):
            tx = T.launch_thread("threadIdx.x", 32)
            acc = T.alloc_buffer((1,), "float32", scope="local")
            with T.attr(T.comm_reducer(lambda x, y: x + y, [T.float32(0)]), "reduce_scope", 0):
                {call}
        ''') == [("type-error", message, 9)]


# --- predicated vector accesses --------------------------------------------------------------------

def test_a_predicate_makes_vload_and_vstore_the_references_masked_accesses() -> None:
    apache = build('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((2, 16), "float32"), B: T.Buffer((2, 16), "float32")):
            v = A.vload([1, T.Ramp(0, 2, 4)], predicate=T.Broadcast(T.bool(True), 4))
            B.vstore([0, 4], v, predicate=T.Ramp(0, 1, 4) < T.Broadcast(3, 4))
            B.vstore([1, 0], A.vload([1, 8], "float32x4", predicate=T.Broadcast(T.bool(False), 4)),
                     predicate=T.Broadcast(T.bool(False), 4))
        ''')
    canonical = build('''
        from tvm_tirx.script import tirx as T

        @T.function
        def f(A: T.Tensor((2, 16), T.float32), B: T.Tensor((2, 16), T.float32)):
            v: T.let[T.float32x4] = T.masked_load(A, 1, T.Ramp(0, 2, 4), T.Broadcast(T.bool(True), 4))
            T.masked_store(B, v, 0, T.Ramp(4, 1, 4), T.Ramp(0, 1, 4) < T.Broadcast(3, 4))
            T.masked_store(B, T.masked_load(A, 1, T.Ramp(8, 1, 4), T.Broadcast(T.bool(False), 4)), 1, T.Ramp(0, 1, 4), T.Broadcast(T.bool(False), 4))
        ''')
    ir.assert_structural_equal(apache, canonical)
    assert round_trips(apache) == [
        "    v: T.let[T.float32x4] = T.masked_load(A, 1, T.Ramp(0, 2, 4), "
        "T.Broadcast(T.bool(True), 4))",
        "    T.masked_store(B, v, 0, T.Ramp(4, 1, 4), T.Ramp(0, 1, 4) < T.Broadcast(3, 4))",
        "    T.masked_store(B, T.masked_load(A, 1, T.Ramp(8, 1, 4), T.Broadcast(T.bool(False), 4)), "
        "1, T.Ramp(0, 1, 4), T.Broadcast(T.bool(False), 4))",
    ]
    load, _ = calls(apache, "tirx.masked_load")
    assert str(load.ty) == "T.float32x4"
    store, _ = calls(apache, "tirx.masked_store")
    assert str(store.ty) == "T.void"


@pytest.mark.parametrize("statement, message", [
    ("B.vstore([T.Ramp(0, 1, 4)], A.vload([0], \"float32x4\"), "
     "predicate=T.Broadcast(T.bool(True), 8))",
     "`tirx.masked_store` needs a bool mask of one lane per accessed element (`boolx4`), got "
     "`boolx8`"),
    ("B[0:4] = A.vload([T.Ramp(0, 1, 4)], predicate=T.Broadcast(1, 4))",
     "`tirx.masked_load` needs a bool mask of one lane per accessed element (`boolx4`), got "
     "`int32x4`"),
    ("B.vstore([0], T.Broadcast(1, 4), predicate=T.Broadcast(T.bool(True), 4))",
     "`tirx.TensorStore` writes `int32x4` into elements of type `float32x4`"),
    ("T.masked_store(B, A[0], 0)", "`T.masked_store` takes at least 4 arguments, got 3"),
])
def test_masked_access_errors(statement: str, message: str) -> None:
    found = statement_errors('A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")',
                             statement)
    assert found == [("type-error", message, 6)]


def test_a_masked_load_keeps_no_other_type() -> None:
    A = ir.Var("A", T.Tensor((8,), T.int8))
    mask = T.Broadcast(T.bool(True), 4)
    assert str(T.masked_load(A, T.Ramp(0, 1, 4), mask, ty=T.int8x4).ty) == "T.int8x4"
    with pytest.raises(TypeError, match=r"`T.masked_load` loads `T.int8x4`, not `T.int32x4`"):
        T.masked_load(A, T.Ramp(0, 1, 4), mask, ty="int32x4")


def test_allreduce_drops_a_dtype_as_apache_tvm_does() -> None:
    with_dtype = build(ALLREDUCE_SUM.replace("acc[0], tx)", "acc[0], tx, dtype=\"handle\")"))
    ir.assert_structural_equal(with_dtype, build(ALLREDUCE_SUM))
