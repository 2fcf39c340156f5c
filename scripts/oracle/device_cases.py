"""The scope-id cases (``bx = T.cta_id([4])``, Apache TVM 0.27's device-kernel indices) whose
types and errors record_device.py records with apache-tvm 0.27 and
tests/python/script/test_oracle_device.py checks on ours. Plain data and text: neither side's
package is imported here.

A case is one statement after ``T.device_entry()`` in a kernel with an int64 parameter ``n``; its
answer is ``{"vars": [[name, dtype], ...], "extents": [dtype, ...] | None}`` (the definition the
statement builds) or ``{"error": kind}``, where the kind is the Python error class the message
names (Apache TVM wraps every error of its parser in a DiagnosticError).
"""

from __future__ import annotations

from typing import Dict, List

MEMBERS = ("cluster_id", "cta_id", "cta_id_in_cluster", "warpgroup_id", "warp_id",
           "warp_id_in_wg", "lane_id", "thread_id", "thread_id_in_wg")
"""The scope ids that take extents (``cta_id_in_pair`` takes none: its own cases)."""

DTYPES = (None, "int32", "uint32", "int64", "int16", "uint8", "float32", "bool")

EXTENTS = {
    "int_literal": "[4]",
    "two": "[2, 3]",
    "int64_const": "[T.int64(4)]",
    "int16_const": "[T.int16(4)]",
    "int64_param": "[n]",
    "float_literal": "[4.0]",
    "bare_int": "4",
    "none": "None",
}


def _call(member: str, extents: str, dtype: str | None, extra: str = "") -> str:
    args = [extents] if extents else []
    if extra:
        args.append(extra)
    if dtype is not None:
        args.append(f'dtype="{dtype}"')
    return f"T.{member}({', '.join(args)})"


def cases() -> Dict[str, str]:
    """Case key -> the statement."""
    out: Dict[str, str] = {}
    for member in MEMBERS:
        for dtype in DTYPES:
            out[f"{member}/int_literal/{dtype}"] = f"x = {_call(member, '[4]', dtype)}"
    for name, extents in EXTENTS.items():
        target = "x, y" if name == "two" else "x"
        out[f"thread_id/{name}/None"] = f"{target} = {_call('thread_id', extents, None)}"
    for dtype in DTYPES:
        out[f"cta_id_in_pair/none/{dtype}"] = f"x = {_call('cta_id_in_pair', '', dtype)}"
    out["cta_id_in_cluster/preferred/None"] = \
        f"x = {_call('cta_id_in_cluster', '[4]', None, 'preferred=[2]')}"
    out["cta_id/preferred/None"] = f"x = {_call('cta_id', '[4]', None, 'preferred=[2]')}"
    out["thread_id/bare_statement/None"] = _call("thread_id", "[4]", None)
    out["thread_id/three_names_two_extents/None"] = \
        f"x, y, z = {_call('thread_id', '[2, 3]', None)}"
    return out


INTRINSICS = {
    # name -> the call, given a namespace T, a handle `p`, an int32 `i` and a float32 `x`.
    "tvm_fill_fragment": lambda T, p, i, x: T.tvm_fill_fragment(p, 16, 16, 16, i, x),
    "tvm_load_matrix_sync": lambda T, p, i, x: T.tvm_load_matrix_sync(
        p, 16, 16, 16, i, T.tvm_access_ptr(T.type_annotation("float16"), p, 0, 256, 1), 16,
        "row_major"),
    "tvm_store_matrix_sync": lambda T, p, i, x: T.tvm_store_matrix_sync(
        p, 16, 16, 16, i, T.tvm_access_ptr(T.type_annotation("float32"), p, i, 256, 2), 16,
        "col_major"),
    "tvm_mma_sync": lambda T, p, i, x: T.tvm_mma_sync(p, i, p, 0, p, 0, p, i),
    "tvm_bmma_sync": lambda T, p, i, x: T.tvm_bmma_sync(p, 0, p, i, p, 0, p, 0),
    "tvm_access_ptr": lambda T, p, i, x: T.tvm_access_ptr(T.type_annotation("int8"), p, i, 4, 3),
    "type_annotation/float16": lambda T, p, i, x: T.type_annotation("float16"),
    "type_annotation/int64": lambda T, p, i, x: T.type_annotation("int64"),
    # T.cuda: the members ours builds, with operands of several types where the result
    # follows one.
    "cuda.cta_sync": lambda T, p, i, x: T.cuda.cta_sync(),
    "cuda.cluster_sync": lambda T, p, i, x: T.cuda.cluster_sync(),
    "cuda.warp_sync": lambda T, p, i, x: T.cuda.warp_sync(),
    "cuda.grid_sync": lambda T, p, i, x: T.cuda.grid_sync(),
    "cuda.thread_fence": lambda T, p, i, x: T.cuda.thread_fence(),
    "cuda.warpgroup_sync": lambda T, p, i, x: T.cuda.warpgroup_sync(1),
    "cuda.mbarrier_wait": lambda T, p, i, x: T.cuda.mbarrier_wait(p, i),
    "cuda.mbarrier_wait_acquire_cluster":
        lambda T, p, i, x: T.cuda.mbarrier_wait_acquire_cluster(p, 0),
    "cuda.nano_sleep": lambda T, p, i, x: T.cuda.nano_sleep(i),
    "cuda.trap_when_assert_failed": lambda T, p, i, x: T.cuda.trap_when_assert_failed(i < 4),
    "cuda.printf": lambda T, p, i, x: T.cuda.printf("%d %f", i, x),
    "cuda.elect_sync": lambda T, p, i, x: T.cuda.elect_sync(),
    "cuda.__activemask": lambda T, p, i, x: getattr(T.cuda, "__activemask")(),
    "cuda.clock64": lambda T, p, i, x: T.cuda.clock64(),
    "cuda.thread_rank": lambda T, p, i, x: T.cuda.thread_rank(),
    "cuda.float_as_uint": lambda T, p, i, x: T.cuda.float_as_uint(x),
    "cuda.uint_as_float": lambda T, p, i, x: T.cuda.uint_as_float(T.uint32(7)),
    "cuda.cvta_generic_to_shared": lambda T, p, i, x: T.cuda.cvta_generic_to_shared(p),
    "cuda.ballot_sync": lambda T, p, i, x: T.cuda.ballot_sync(T.uint32(255), i < 4),
    "cuda.any_sync": lambda T, p, i, x: T.cuda.any_sync(T.uint32(255), i < 4),
    "cuda.reduce_add_sync_u32": lambda T, p, i, x: T.cuda.reduce_add_sync_u32(
        T.uint32(255), T.uint32(1)),
    "cuda.reduce_min_sync_u32": lambda T, p, i, x: T.cuda.reduce_min_sync_u32(
        T.uint32(255), T.uint32(1)),
    "cuda.syncthreads_and": lambda T, p, i, x: T.cuda.syncthreads_and(i < 4),
    "cuda.syncthreads_or": lambda T, p, i, x: T.cuda.syncthreads_or(i),
    "cuda.ffs_u32": lambda T, p, i, x: T.cuda.ffs_u32(T.uint32(8)),
    "cuda.make_float2": lambda T, p, i, x: T.cuda.make_float2(x, x),
    "cuda.half2float": lambda T, p, i, x: T.cuda.half2float(T.float16(1)),
    "cuda.fdividef": lambda T, p, i, x: T.cuda.fdividef(x, x),
    "cuda.__shfl_sync/float32": lambda T, p, i, x: getattr(T.cuda, "__shfl_sync")(
        T.uint32(255), x, i, 32),
    "cuda.__shfl_up_sync/int32": lambda T, p, i, x: getattr(T.cuda, "__shfl_up_sync")(
        T.uint32(255), i, 1, 32),
    "cuda.__shfl_down_sync/float16": lambda T, p, i, x: getattr(T.cuda, "__shfl_down_sync")(
        T.uint32(255), T.float16(1), 1, 32),
    "cuda.__shfl_xor_sync/int32": lambda T, p, i, x: getattr(T.cuda, "__shfl_xor_sync")(
        T.uint32(255), i, 1, 32),
    "cuda.atomic_add/float32": lambda T, p, i, x: T.cuda.atomic_add(p, x),
    "cuda.atomic_add/int32": lambda T, p, i, x: T.cuda.atomic_add(p, i),
    "cuda.atomic_cas/int32": lambda T, p, i, x: T.cuda.atomic_cas(p, i, i),
    "cuda.warp_sum/float32": lambda T, p, i, x: T.cuda.warp_sum(x),
    "cuda.warp_max/float16": lambda T, p, i, x: T.cuda.warp_max(T.float16(1)),
    "cuda.warp_min/int32": lambda T, p, i, x: T.cuda.warp_min(i, 16),
    "cuda.warp_reduce/int32": lambda T, p, i, x: T.cuda.warp_reduce(i, "sum", 32),
    "cuda.cta_sum/float32": lambda T, p, i, x: T.cuda.cta_sum(x, 4, p),
    "cuda.cta_max/int32": lambda T, p, i, x: T.cuda.cta_max(i, 4, p),
    "cuda.cta_min/float32": lambda T, p, i, x: T.cuda.cta_min(x, 8, p),
    "cuda.cta_reduce/int32": lambda T, p, i, x: T.cuda.cta_reduce(i, "sum", 4, p),
    "cuda.get_tmem_addr": lambda T, p, i, x: T.cuda.get_tmem_addr(T.uint32(0), i, 0),
    "cuda.smem_addr_from_uint64": lambda T, p, i, x: T.cuda.smem_addr_from_uint64(T.uint64(8)),
    "cuda.runtime_instr_desc": lambda T, p, i, x: T.cuda.runtime_instr_desc(T.uint32(0), i),
    "cuda.float2_x": lambda T, p, i, x: T.cuda.float2_x(T.uint64(0)),
    "cuda.float2_y": lambda T, p, i, x: T.cuda.float2_y(T.uint64(0)),
    "cuda.fadd2_rn": lambda T, p, i, x: T.cuda.fadd2_rn(T.uint64(0), T.uint64(1)),
    "cuda.fmul2_rn": lambda T, p, i, x: T.cuda.fmul2_rn(T.uint64(0), T.uint64(1)),
    "cuda.hmax2": lambda T, p, i, x: T.cuda.hmax2(T.uint32(0), T.uint32(1)),
    "cuda.hmin2": lambda T, p, i, x: T.cuda.hmin2(T.uint32(0), T.uint32(1)),
    "cuda.bfloat162float": lambda T, p, i, x: T.cuda.bfloat162float(T.bfloat16(1)),
    "cuda.bfloat1622float2": lambda T, p, i, x: T.cuda.bfloat1622float2(T.uint32(0)),
    "cuda.float22bfloat162_rn": lambda T, p, i, x: T.cuda.float22bfloat162_rn(x, x),
    "cuda.float22bfloat162_rn_from_float2":
        lambda T, p, i, x: T.cuda.float22bfloat162_rn_from_float2(T.uint64(0)),
    "cuda.fp8x4_e4m3_from_float4": lambda T, p, i, x: T.cuda.fp8x4_e4m3_from_float4(x, x, x, x),
    "cuda.float22half2": lambda T, p, i, x: T.cuda.float22half2(p, p),
    "cuda.float8tohalf8": lambda T, p, i, x: T.cuda.float8tohalf8(p, p),
    "cuda.half8tofloat8": lambda T, p, i, x: T.cuda.half8tofloat8(p, p),
    # T.nki: statements; the parameters left out take the defaults Apache TVM passes.
    "nki.load": lambda T, p, i, x: T.nki.load(x, x),
    "nki.store": lambda T, p, i, x: T.nki.store(x, x),
    "nki.tensor_copy": lambda T, p, i, x: T.nki.tensor_copy(x, x),
    "nki.matmul": lambda T, p, i, x: T.nki.matmul(x, x, x),
    "nki.matmul/accum": lambda T, p, i, x: T.nki.matmul(x, x, x, False),
    "nki.activation": lambda T, p, i, x: T.nki.activation(x, x, "exp"),
    "nki.activation/all": lambda T, p, i, x: T.nki.activation(x, x, "exp", x, 2.0),
    "nki.reciprocal": lambda T, p, i, x: T.nki.reciprocal(x, x),
    "nki.tensorreduce": lambda T, p, i, x: T.nki.tensorreduce(x, x, "add", False, 1, 2),
    "nki.tensortensor": lambda T, p, i, x: T.nki.tensortensor(x, x, x, "multiply"),
    "nki.tensorscalar": lambda T, p, i, x: T.nki.tensorscalar(x, x, T.float32(1), "add"),
    "nki.tensorscalar/reverse": lambda T, p, i, x: T.nki.tensorscalar(
        x, x, T.float32(1), "add", T.bool(True)),
    "nki.memset": lambda T, p, i, x: T.nki.memset(x, T.float32(0)),
    "nki.activation_reduce": lambda T, p, i, x: T.nki.activation_reduce(x, x, x, "exp", "add"),
    "nki.tensorscalar_reduce": lambda T, p, i, x: T.nki.tensorscalar_reduce(
        x, x, x, T.float32(2), "multiply", "add"),
    "nki.scalar_tensor_tensor": lambda T, p, i, x: T.nki.scalar_tensor_tensor(
        x, x, T.float32(2), x, "multiply", "add"),
    "nki.scalar_tensor_scalar": lambda T, p, i, x: T.nki.scalar_tensor_scalar(
        x, x, T.float32(2), T.float32(3), "multiply", "add", True),
    "nki.identity": lambda T, p, i, x: T.nki.identity(x, 128),
    "nki.affine_select": lambda T, p, i, x: T.nki.affine_select(x, i < 4, x, T.float32(0)),
    # The shuffles of T.metal and T.webgpu: of the value's type.
    "metal.simd_shuffle": lambda T, p, i, x: T.metal.simd_shuffle(x, i),
    "metal.simd_shuffle_up/int32": lambda T, p, i, x: T.metal.simd_shuffle_up(i, 1),
    "metal.simd_shuffle_down": lambda T, p, i, x: T.metal.simd_shuffle_down(x, 2),
    "webgpu.subgroup_shuffle": lambda T, p, i, x: T.webgpu.subgroup_shuffle(x, i),
    "webgpu.subgroup_shuffle_up/int32": lambda T, p, i, x: T.webgpu.subgroup_shuffle_up(i, 1),
    "webgpu.subgroup_shuffle_down/float16": lambda T, p, i, x: T.webgpu.subgroup_shuffle_down(
        T.float16(1), 1),
}
"""The tensor-core intrinsics (and the two their memory operands use) and the members of
``T.cuda``, ``T.nki``, ``T.metal`` and ``T.webgpu`` ours builds; the answer of each is the
call's type and its arguments' types (type_text; a string argument's is ``str``)."""


def call_answer(call: object) -> dict:
    """The answer of an intrinsic case: the call's type and its arguments' types."""
    return {"type": type_text(call.ty),  # type: ignore[attr-defined]
            "args": [arg_text(a) for a in call.args]}  # type: ignore[attr-defined]


def arg_text(arg: object) -> str:
    value = getattr(arg, "value", None)
    if isinstance(value, str):
        return "str"
    return type_text(arg.ty)  # type: ignore[attr-defined]


def type_text(ty: object) -> str:
    """``void``, ``float16``, ``handle(int8, global)``: the same text of either side's type."""
    element = getattr(ty, "element_type", None)
    if element is not None:
        scope = getattr(ty, "storage_scope", None) or getattr(ty, "scope", "")
        return f"handle({type_text(element)}, {scope})"
    return str(getattr(ty, "dtype", ty)) or "void"  # Apache TVM's void dtype prints empty


def program(statement: str, header: str) -> str:
    """The kernel holding ``statement``; ``header`` is the namespace import."""
    return (f"{header}\n\n\n@T.prim_func(check_well_formed=False)\n"
            f"def kernel(n: T.int64):\n    T.device_entry()\n    {statement}\n")


def error_kind(message: str) -> str:
    """The Python error class an Apache TVM diagnostic names (``ValueError: dtype ...``), or the
    FFI's argument mismatch as the TypeError it is."""
    for kind in ("ValueError", "TypeError", "IndexError", "AttributeError"):
        if kind in message:
            return kind
    if "values to unpack" in message:  # Python's own unpacking of the returned variables
        return "ValueError"
    if "Mismatched type" in message or "does not support subscript" in message:
        return "TypeError"
    return "Error"


def definitions_answer(defs: List[dict]) -> dict:
    """The answer of the definitions a case built (one per case)."""
    if len(defs) != 1:
        return {"error": f"{len(defs)} definitions"}
    return defs[0]
