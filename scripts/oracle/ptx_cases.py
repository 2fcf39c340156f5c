"""The ``T.ptx`` cases (the PTX instruction families ours builds: ``ld``, ``st``, ``mov``, ``setp``,
``set``, ``mbarrier``, ``bar``, ``barrier``, ``fence``, ``mapa``, ``lop3``,
``multimem_ld_reduce``, ``add``, ``sub``, ``mul``, ``mad``, ``fma``, ``neg``, ``ex2``) whose answers
record_ptx.py records with the reference and tests/python/script/test_ptx_records.py checks on
ours. Plain text: neither side's package is imported here.

A case is one statement in a kernel of the reference's spelling (``program``), with these
names: ``A`` a global float32 tensor, ``S`` a shared uint64 tensor, ``H`` a uint64 tensor (an
address held as an integer), the mutable scalars ``x`` (float32), ``u`` (uint32), ``w``
(uint64), ``i`` (int32) and ``h`` (float16). Its answer is the call the statement builds (``call_answer``: the
op, each argument's text) and the line the reference prints for it, or ``{"error": kind}``.
"""

from __future__ import annotations

from typing import Any, Dict, List

CASES: Dict[str, str] = {
    # ld: the space, the semantics and scope in any order, a destination of each dtype class.
    "ld/global_b32": "T.ptx.ld.global_.b32(u, A.data)",
    "ld/global_f32": "T.ptx.ld.global_.f32(x, A.data)",
    "ld/global_f32_element": "T.ptx.ld.global_.f32(A[3], A.data)",
    "ld/acquire_gpu_global_b32": "T.ptx.ld.global_.acquire.gpu.b32(u, A.data)",
    "ld/order_free": "T.ptx.ld.acquire.gpu.global_.b32(u, A.data)",
    "ld/relaxed_sys_s32": "T.ptx.ld.relaxed.sys.global_.s32(i, A.data)",
    "ld/volatile_u64": "T.ptx.ld.volatile.global_.u64(w, A.data)",
    "ld/generic_b32": "T.ptx.ld.b32(u, A.data)",
    "ld/b32_into_float": "T.ptx.ld.global_.b32(x, A.data)",
    "ld/u32_into_uint64": "T.ptx.ld.global_.u32(w, A.data)",
    "ld/shared_u64": "T.ptx.ld.shared.u64(w, S.data)",
    "ld/shared_element_address": "T.ptx.ld.shared__cta.b64(w, T.address_of(S[1]))",
    "ld/shared_of_global_pointer": "T.ptx.ld.shared.b32(u, A.data)",
    "ld/shared_uint32_address": "T.ptx.ld.shared.b32(u, u)",
    "ld/global_uint64_address": "T.ptx.ld.global_.b32(u, H[0])",
    "ld/nc_f32": "T.ptx.ld.global_.nc.f32(x, A.data)",
    "ld/cache_hint": "T.ptx.ld.global_.L2__cache_hint.b32(u, A.data, w)",
    "ld/evict_first": "T.ptx.ld.global_.L1__evict_first.f32(x, A.data)",
    "ld/v2_b32": "T.ptx.ld.global_.v2.b32(u, u, A.data)",
    "ld/v4_f32_shared": "T.ptx.ld.shared.v4.f32(x, x, x, x, S.data)",
    "ld/v4_b64_is_256_bit": "T.ptx.ld.global_.v4.b64(w, w, w, w, A.data)",
    "ld/v8_f32": "T.ptx.ld.global_.v8.f32(x, x, x, x, x, x, x, x, A.data)",
    "ld/readonly": "T.ptx.ld.global_.proxy__readonly.f32(x, A.data)",
    "ld/by_text": 'T.ptx["ld.global.acquire.gpu.b32"](u, A.data)',
    "ld/raw": 'T.ptx.ld(u, A.data, "", "", "", "global", "", "", "", "", "", "b32", "")',
    "ld/predicated": "T.ptx.ld.global_.b32(u, A.data, pred=i < 4)",
    "ld/addr_offset": "T.ptx.ld.global_.b32(u, T.ptx.addr(A.data, 16))",
    # ld misuse.
    "ld/bad_token": "T.ptx.ld.global_.bogus.b32(u, A.data)",
    "ld/no_type": "T.ptx.ld.global_(u, A.data)",
    "ld/acquire_without_scope": "T.ptx.ld.acquire.global_.b32(u, A.data)",
    "ld/scope_without_sem": "T.ptx.ld.gpu.global_.b32(u, A.data)",
    "ld/volatile_with_cop": "T.ptx.ld.volatile.global_.cg.b32(u, A.data)",
    "ld/nc_on_shared": "T.ptx.ld.shared.nc.b32(u, S.data)",
    "ld/cache_hint_on_shared": "T.ptx.ld.shared.L2__cache_hint.b32(u, S.data, w)",
    "ld/wrong_dtype": "T.ptx.ld.global_.f32(u, A.data)",
    "ld/narrow_dtype": "T.ptx.ld.global_.b64(u, A.data)",
    "ld/not_writable": "T.ptx.ld.global_.f32(x + T.float32(1), A.data)",
    "ld/arity": "T.ptx.ld.global_.f32(x, A.data, A.data, A.data)",
    "ld/global_of_shared_pointer": "T.ptx.ld.global_.b32(u, S.data)",
    "ld/global_uint32_address": "T.ptx.ld.global_.b32(u, u)",
    "ld/float_address": "T.ptx.ld.global_.b32(u, x)",
    "ld/mixed_lanes": "T.ptx.ld.global_.v2.b32(u, x, A.data)",
    # st.
    "st/global_b32": "T.ptx.st.global_.b32(A.data, u)",
    "st/global_f32_scalar": "T.ptx.st.global_.f32(A.data, x)",
    "st/release_gpu": "T.ptx.st.release.gpu.global_.b32(A.data, u)",
    "st/shared_b64": "T.ptx.st.shared.b64(S.data, w)",
    "st/int_literal": "T.ptx.st.global_.b32(A.data, 7)",
    "st/float_literal": "T.ptx.st.global_.f32(A.data, 1.5)",
    "st/expression_value": "T.ptx.st.global_.s32(A.data, i + 1)",
    "st/v2_f32": "T.ptx.st.global_.v2.f32(A.data, x, x)",
    "st/v4_u32_literals": "T.ptx.st.shared.v4.u32(S.data, 1, 2, u, 3)",
    "st/volatile_u64": "T.ptx.st.volatile.global_.u64(A.data, w)",
    # st misuse.
    "st/release_without_scope": "T.ptx.st.release.global_.b32(A.data, u)",
    "st/float_literal_into_u32": "T.ptx.st.global_.u32(A.data, 1.5)",
    "st/float_literal_into_b32": "T.ptx.st.global_.b32(A.data, 1.5)",
    "st/volatile_with_cop": "T.ptx.st.volatile.global_.wb.b32(A.data, u)",
    "st/wrong_dtype": "T.ptx.st.global_.u32(A.data, x)",
    "st/no_such_token": "T.ptx.st.global_.nc.b32(A.data, u)",
    # mov: a register, a predicate as a uint32, packing and unpacking (a lane discarded).
    "mov/b32_literal": "T.ptx.mov.b32(u, 7)",
    "mov/f32": "T.ptx.mov.f32(x, x)",
    "mov/pred_of_bool": "T.ptx.mov.pred(u, i < 4)",
    "mov/pred_tagged_int": "T.ptx.mov.pred(u, T.ptx.pred(i))",
    "mov/pred_tagged_literal": "T.ptx.mov.pred(u, T.ptx.pred(1))",
    "mov/pack_b16x2": "T.ptx.mov.b32(u, h, h)",
    "mov/unpack_b16x2": "T.ptx.mov.b32(h, h, u)",
    "mov/unpack_sink": "T.ptx.mov.b32(T.ptx.SINK, h, u)",
    "mov/pack_b32x2": "T.ptx.mov.b64(w, u, u)",
    "mov/unpack_b32x2_sink": "T.ptx.mov.b64(u, T.ptx.SINK, w)",
    "mov/pack_b16x4": "T.ptx.mov.b64(w, h, h, h, h)",
    "mov/raw_sink": 'T.ptx.mov(h, u, "b32", "s0")',
    "mov/raw_pred": 'T.ptx.mov(u, i < 4, "pred", "p1")',
    "mov/raw_tagged": 'T.ptx.mov(u, i, "pred", "p1")',
    "mov/predicated": "T.ptx.mov.u32(u, 3, pred=i > 0)",
    # mov misuse.
    "mov/pred_of_int": "T.ptx.mov.pred(u, i)",
    "mov/pred_into_float": "T.ptx.mov.pred(x, i < 4)",
    "mov/tag_on_integer": "T.ptx.mov.b32(u, T.ptx.pred(i))",
    "mov/all_lanes_sunk": "T.ptx.mov.b32(T.ptx.SINK, T.ptx.SINK, u)",
    "mov/sink_not_sinkable": "T.ptx.mov.b64(T.ptx.SINK, u, u)",
    "mov/no_type": "T.ptx.mov(u, u)",
    "mov/wrong_width": "T.ptx.mov.b64(u, u)",
    # setp and set: a predicate (or a register) from a comparison.
    "setp/lt_s32": "T.ptx.setp.lt.s32(u, i, 4)",
    "setp/hs_u32": "T.ptx.setp.hs.u32(u, u, T.uint32(9))",
    "setp/gtu_f32_ftz": "T.ptx.setp.gtu.ftz.f32(u, x, 0.5)",
    "setp/eq_b64": "T.ptx.setp.eq.b64(u, w, w)",
    "setp/pq": "T.ptx.setp.ge.s32(u, u, i, 0)",
    "setp/bool_and": "T.ptx.setp.lt.and_.s32(u, i, 4, i > 0)",
    "setp/bool_pq_tagged": "T.ptx.setp.ne.or_.u32(u, u, u, 0, T.ptx.pred(i))",
    "setp/half": "T.ptx.setp.lt.f16(u, h, h)",
    "setp/half_pq": "T.ptx.setp.eq.f16x2(u, u, u, u)",
    "setp/raw": 'T.ptx.setp(u, i, 4, "lt", "", "s32", "")',
    "set/u32_of_s32": "T.ptx.set.lt.u32.s32(u, i, 0)",
    "set/f32_of_f32": "T.ptx.set.ge.f32.f32(x, x, x)",
    "set/bool": "T.ptx.set.eq.xor.u32.b32(u, u, u, i == 1)",
    "set/packed": "T.ptx.set.hi.u16x2(u, u, u)",
    "set/half_f16_of_f32": "T.ptx.set.lt.f16.f32(h, x, x)",
    "set/half_u32_of_f16x2": "T.ptx.set.ne.u32.f16x2(u, u, u)",
    # setp and set misuse.
    "setp/signed_unordered": "T.ptx.setp.ltu.s32(u, i, 0)",
    "setp/bits_ordered": "T.ptx.setp.lt.b32(u, u, u)",
    "setp/ftz_on_s32": "T.ptx.setp.eq.ftz.s32(u, i, i)",
    "setp/float_unsigned_alias": "T.ptx.setp.lo.f32(u, x, x)",
    "setp/predicate_into_float": "T.ptx.setp.lt.s32(x, i, 4)",
    "setp/untagged_int_c": "T.ptx.setp.lt.and_.s32(u, i, 4, i)",
    "setp/bf16_ftz": "T.ptx.setp.lt.ftz.bf16(u, h, h)",
    "set/packed_signed_alias": "T.ptx.set.lo.s8x4(u, u, u)",
    "set/half_unpaired": "T.ptx.set.lt.f16x2.f32(u, x, x)",
    "set/no_stype": "T.ptx.set.lt.u32(u, u, u)",
    # mbarrier: initialise, arrive (with a count, an expected transaction count, the phase
    # state), wait on a parity or a state, the cluster forms.
    "mbarrier/init": "T.ptx.mbarrier.init.shared.b64(T.address_of(S[0]), T.uint32(1))",
    "mbarrier/init_literal_count": "T.ptx.mbarrier.init.shared__cta.b64(S.data, 128)",
    "mbarrier/arrive": "T.ptx.mbarrier.arrive.shared.b64(T.address_of(S[0]))",
    "mbarrier/arrive_count": "T.ptx.mbarrier.arrive.release.cta.shared.b64(S.data, 2)",
    "mbarrier/arrive_expect_tx":
        "T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(S[0]), T.uint32(4096))",
    "mbarrier/arrive_expect_tx_cluster":
        "T.ptx.mbarrier.arrive.expect_tx.relaxed.cluster.shared__cluster.b64(S.data, u)",
    "mbarrier/arrive_state": "T.ptx.mbarrier.arrive.shared.b64(w, S.data)",
    "mbarrier/arrive_no_complete":
        "T.ptx.mbarrier.arrive.noComplete.release.cta.shared__cta.b64(w, S.data, 1)",
    "mbarrier/arrive_no_complete_sink":
        "T.ptx.mbarrier.arrive.noComplete.release.cta.shared.b64(S.data, 1)",
    "mbarrier/arrive_drop": "T.ptx.mbarrier.arrive_drop.shared.b64(S.data)",
    "mbarrier/multicast":
        "T.ptx.mbarrier.arrive.relaxed.cluster.shared__cluster.multicast__cluster__32b.b64("
        "S.data, T.uint32(3))",
    "mbarrier/expect_tx": "T.ptx.mbarrier.expect_tx.relaxed.cta.shared__cta.b64(S.data, 64)",
    "mbarrier/complete_tx": "T.ptx.mbarrier.complete_tx.shared.b64(S.data, u)",
    "mbarrier/try_wait_parity": "T.ptx.mbarrier.try_wait.parity.shared__cta.b64(u, S.data, 0)",
    "mbarrier/try_wait_parity_hint":
        "T.ptx.mbarrier.try_wait.parity.acquire.cta.shared.b64(u, S.data, i, T.uint32(100))",
    "mbarrier/test_wait_state": "T.ptx.mbarrier.test_wait.shared.b64(u, S.data, w)",
    "mbarrier/try_wait_report":
        "T.ptx.mbarrier.try_wait.phase_type__primary.shared.b64(u, u, S.data, w)",
    "mbarrier/pending_count": "T.ptx.mbarrier.pending_count.b64(u, w)",
    "mbarrier/inval": "T.ptx.mbarrier.inval.shared.b64(S.data)",
    "mbarrier/raw": 'T.ptx.mbarrier(S.data, T.uint32(1), "init", "", "shared", "b64", "")',
    # mbarrier misuse.
    "mbarrier/sem_without_scope": "T.ptx.mbarrier.arrive.release.shared.b64(S.data)",
    "mbarrier/global_pointer": "T.ptx.mbarrier.init.shared.b64(A.data, 1)",
    "mbarrier/float_state": "T.ptx.mbarrier.arrive.shared.b64(x, S.data)",
    "mbarrier/no_action": "T.ptx.mbarrier.shared.b64(S.data)",
    "mbarrier/wait_into_float": "T.ptx.mbarrier.try_wait.parity.shared.b64(x, S.data, 0)",
    # bar, barrier and fence.
    "bar/sync": "T.ptx.bar.sync(0)",
    "bar/sync_count": "T.ptx.bar.sync(1, 128)",
    "bar/arrive": "T.ptx.bar.arrive(u, 64)",
    "bar/warp_sync": "T.ptx.bar.warp.sync(T.uint32(0xFFFFFFFF))",
    "bar/red_popc": "T.ptx.bar.red.popc.u32(u, 0, i < 4)",
    "bar/red_and": "T.ptx.bar.red.and_.pred(u, 0, T.ptx.pred(i))",
    "barrier/sync_aligned": "T.ptx.barrier.sync.aligned(0)",
    "barrier/cluster_arrive": "T.ptx.barrier.cluster.arrive.release.aligned()",
    "barrier/cluster_wait": "T.ptx.barrier.cluster.wait()",
    "fence/acq_rel_gpu": "T.ptx.fence.acq_rel.gpu()",
    "fence/sc_sys": "T.ptx.fence.sc.sys()",
    "fence/proxy_async_shared": "T.ptx.fence.proxy.async_.shared__cta()",
    "fence/proxy_async": "T.ptx.fence.proxy.async_()",
    "fence/mbarrier_init": "T.ptx.fence.mbarrier_init.release.cluster()",
    "fence/tensormap_acquire":
        "T.ptx.fence.proxy.tensormap__generic.acquire.gpu(H[0])",
    "fence/by_text": 'T.ptx["fence.proxy.async.shared::cta"]()',
    # bar, barrier and fence misuse.
    "bar/float_id": "T.ptx.bar.sync(x)",
    "fence/no_scope": "T.ptx.fence.acq_rel()",
    "fence/alias_with_space": "T.ptx.fence.proxy.alias.global_()",
    "fence/operand": "T.ptx.fence.sc.gpu(u)",
    # mapa, lop3, multimem.ld_reduce.
    "mapa/pointer": "T.ptx.mapa.u64(w, S.data, 1)",
    "mapa/cluster_pointer": "T.ptx.mapa.shared__cluster.u64(w, S.data, u)",
    "mapa/raw_u64": "T.ptx.mapa.u64(w, w, 0)",
    "mapa/u32": "T.ptx.mapa.shared__cluster.u32(u, u, 1)",
    "lop3/lut": "T.ptx.lop3.b32(u, u, u, u, 0xE8)",
    "lop3/lut_expression": "T.ptx.lop3.b32(u, u, u, u, i)",
    "lop3/bool": "T.ptx.lop3.or_.b32(u, u, u, u, u, 0x96, i > 0)",
    "lop3/bool_sink": "T.ptx.lop3.and_.b32(u, u, u, u, 0x80, T.ptx.pred(i))",
    "multimem/add_u32": "T.ptx.multimem_ld_reduce.global_.add.u32(u, A.data)",
    "multimem/relaxed_sys_min_s64": "T.ptx.multimem_ld_reduce.relaxed.sys.min.s64(w, A.data)",
    "multimem/f32": "T.ptx.multimem_ld_reduce.add.f32(x, A.data)",
    "multimem/v2_f16x2_acc": "T.ptx.multimem_ld_reduce.add.acc__f32.v2.f16x2(u, u, A.data)",
    # mapa, lop3, multimem.ld_reduce misuse.
    "mapa/float": "T.ptx.mapa.u64(x, S.data, 1)",
    "lop3/lut_too_wide": "T.ptx.lop3.b32(u, u, u, u, 256)",
    "lop3/lut_float": "T.ptx.lop3.b32(u, u, u, u, x)",
    "multimem/add_s64": "T.ptx.multimem_ld_reduce.add.s64(w, A.data)",
    "multimem/weak_with_scope": "T.ptx.multimem_ld_reduce.weak.gpu.add.u32(u, A.data)",
    "multimem/min_f32": "T.ptx.multimem_ld_reduce.min.f32(x, A.data)",
    "multimem/acc_on_f32": "T.ptx.multimem_ld_reduce.add.acc__f32.f32(x, A.data)",
    # Arithmetic: integer, single and double precision, half precision, mixed, widening.
    "add/s32": "T.ptx.add.s32(i, i, 1)",
    "add/sat_s32": "T.ptx.add.sat.s32(i, i, i)",
    "add/u16x2": "T.ptx.add.u16x2(u, u, u)",
    "add/f32_rn_ftz": "T.ptx.add.rn.ftz.f32(x, x, 1.0)",
    "add/f32_of_f16": "T.ptx.add.f32.f16(x, h, x)",
    "add/f16x2": "T.ptx.add.f16x2(u, u, u)",
    "add/mixed_up": "T.ptx.add.rn.f32x2.f16x2.f32x2(w, u, w)",
    "sub/s64": "T.ptx.sub.s64(w, w, w)",
    "mul/lo_u32": "T.ptx.mul.lo.u32(u, u, 3)",
    "mul/wide_s32": "T.ptx.mul.wide.s32(w, i, i)",
    "mul/wide_u32": "T.ptx.mul.wide.u32(w, u, u)",
    "sub/u64": "T.ptx.sub.u64(w, w, 1)",
    "mul/f32": "T.ptx.mul.rz.f32(x, x, x)",
    "mad/hi_sat_s32": "T.ptx.mad.hi.sat.s32(i, i, i, i)",
    "mad/wide_u16": "T.ptx.mad.wide.u16(u, h, h, u)",
    "mad/f32": "T.ptx.mad.rn.f32(x, x, x, x)",
    "fma/rn_f32": "T.ptx.fma.rn.f32(x, x, x, x)",
    "fma/f16_relu": "T.ptx.fma.rn.relu.f16(h, h, h, h)",
    "neg/s32": "T.ptx.neg.s32(i, i)",
    "neg/f32_ftz": "T.ptx.neg.ftz.f32(x, x)",
    "neg/bf16x2": "T.ptx.neg.bf16x2(u, u)",
    "neg/bf16x2_ftz": "T.ptx.neg.ftz.bf16x2(u, u)",
    "ex2/f32": "T.ptx.ex2.approx.ftz.f32(x, x)",
    "ex2/bf16": "T.ptx.ex2.approx.ftz.bf16(h, h)",
    # Arithmetic misuse.
    "add/sat_u64": "T.ptx.add.sat.u64(w, w, w)",
    "add/ftz_f64": "T.ptx.add.ftz.f64(x, x, x)",
    "mad/sat_lo": "T.ptx.mad.lo.sat.s32(i, i, i, i)",
    "fma/no_rounding": "T.ptx.fma.f32(x, x, x, x)",
    "fma/sat_and_relu": "T.ptx.fma.rn.sat.relu.f16(h, h, h, h)",
    "neg/unsigned": "T.ptx.neg.u32(u, u)",
    "ex2/f16_ftz": "T.ptx.ex2.approx.ftz.f16(h, h)",
    "mul/wide_into_u32": "T.ptx.mul.wide.u32(u, u, u)",
}
"""Case key -> the statement."""


def program(statement: str) -> str:
    """The kernel holding ``statement`` (the reference's spelling, which ours reads too)."""
    return ("from tvm_tirx.script import tirx as T\n\n\n@T.function\n"
            "def kernel(A: T.Tensor((64,), T.float32), "
            "S: T.Tensor((8,), T.uint64, scope=\"shared\"), H: T.Tensor((4,), T.uint64)):\n"
            "    with T.device_entry():\n"
            "        x: T.float32\n        u: T.uint32\n        w: T.uint64\n        i: T.int32\n"
            "        h: T.float16\n"
            f"        {statement}\n")


def arg_text(arg: Any) -> str:
    """A call argument as text of either side: a string's value quoted, a call's op with its
    arguments, a load's tensor and type, else its type."""
    value = getattr(arg, "value", None)
    if isinstance(value, str):
        return repr(value)
    op = getattr(arg, "op", None)
    if op is not None and hasattr(arg, "args"):
        return f"{op.name}({', '.join(arg_text(a) for a in arg.args)})"
    tensor = getattr(arg, "tensor", None)
    ty = getattr(arg, "ty", None)
    ty_text = str(getattr(ty, "dtype", ty))
    if tensor is not None:
        return f"{tensor.name}[...]: {ty_text}"
    if isinstance(value, (int, float)):
        return f"{value!r}: {ty_text}"
    return ty_text


def call_answer(call: Any, line: str) -> Dict[str, Any]:
    """The answer of a case that built ``call``, printed as ``line``."""
    return {"op": call.op.name, "args": [arg_text(a) for a in call.args], "print": line.strip()}


def last_statement_call(func: Any) -> Any:
    """The call of the kernel's last statement (the last ``T.ptx`` call in the body)."""
    found: List[Any] = []

    def visit(stmt: Any) -> None:
        for child in getattr(stmt, "seq", None) or []:
            visit(child)
        body = getattr(stmt, "body", None)
        if body is not None and not isinstance(body, (list, tuple)):
            visit(body)
        value = getattr(stmt, "value", None)
        op = getattr(value, "op", None)
        if op is not None and str(getattr(op, "name", "")).startswith("tirx.ptx."):
            found.append(value)

    visit(func.body)
    return found[-1]


def error_kind(error: BaseException) -> str:
    """The Python error class of a failed parse (the reference wraps errors of its parser)."""
    text = f"{type(error).__name__}: {error}"
    for kind in ("AttributeError", "ValueError", "TypeError", "KeyError", "IndexError"):
        if kind in text:
            return kind
    return type(error).__name__
