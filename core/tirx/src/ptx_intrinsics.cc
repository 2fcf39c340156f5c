/*!
 * \file ptx_intrinsics.cc
 * \brief The PTX instructions `T.ptx` builds (tirx_ptx.py, from the table tirx_ptx_table.py):
 *  one op `tirx.ptx.<entry>` per operand shape of a family, as the reference registers them.
 *  Each is a statement (void, updating state): its arguments are the operands, the predicate
 *  when there is one, a string per modifier slot and a marker, which the Python member builds
 *  and checks against the table; here only their least count is checked (the address and the
 *  slots). Each prints by its family (`T.ptx.ld(...)` for `tirx.ptx.ld_vec`), as the reference
 *  prints them. Also `tirx.ptx.addr(base, byte_offset)`, an address with an offset in bytes, of
 *  the base's type.
 */
#include <tvm/tirx/intrinsic_spec.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using enum CallEffect;
using enum PrintStyle;

constexpr auto Void = VoidResult;

/*! \brief Of the base's type: `T.ptx.addr(base, byte_offset)`. */
Type BaseType(const ffi::Array<Expr>& args, const char* op) {
  if (!IsPointer(args[0]->ty)) OperandDType(args[0], op, "base");
  IntegerDType(args[1], op, "byte_offset");
  return args[0]->ty;
}

/*!
 * \brief An instruction entry: a statement of at least `least` arguments, printed under its
 *  family `member` with its int32 constants typed.
 */
constexpr IntrinsicSpec Instruction(const char* name, int64_t least, const char* doc,
                                    const char* member) {
  return {name, least,   kUnboundedArgs, Void, kUpdateState, kCallTypedConstants,
          doc,  nullptr, member};
}

// The least count: one string per modifier slot, the marker, and an operand where the instruction
// has one (a fence or a cluster barrier may have none).
constexpr IntrinsicSpec kPtxIntrinsics[] = {
    Instruction("ptx.ld", 12, "loads a register from memory (PTX `ld`)", "ptx.ld"),
    Instruction("ptx.ld_vec", 12,
                "loads a vector of 2 or 4 registers from memory (PTX `ld.v2`, `ld.v4`)", "ptx.ld"),
    Instruction("ptx.ld_vec256", 13,
                "loads 256 bits into a vector of registers (PTX `ld.v8` of 32 bits, `ld.v4` of 64)",
                "ptx.ld"),
    Instruction("ptx.ld_proxy_readonly", 5,
                "loads a register through the read-only proxy (PTX `ld.global.proxy::readonly`)",
                "ptx.ld"),
    Instruction("ptx.st", 10, "stores a register to memory (PTX `st`)", "ptx.st"),
    Instruction("ptx.st_vec", 10,
                "stores a vector of 2 or 4 registers to memory (PTX `st.v2`, `st.v4`)", "ptx.st"),
    Instruction(
        "ptx.st_vec256", 11,
        "stores 256 bits from a vector of registers (PTX `st.v8` of 32 bits, `st.v4` of 64)",
        "ptx.st"),
    Instruction("ptx.mov", 3, "copies a register, or a predicate as a uint32 (PTX `mov`)",
                "ptx.mov"),
    Instruction("ptx.mov_pack_b16x2", 3,
                "packs two 16-bit registers into a 32-bit one (PTX `mov.b32 d, {a, b}`)",
                "ptx.mov"),
    Instruction("ptx.mov_unpack_b16x2", 3,
                "unpacks a 32-bit register into two 16-bit ones (PTX `mov.b32 {a, b}, d`)",
                "ptx.mov"),
    Instruction("ptx.mov_pack_b32x2", 3, "packs two 32-bit registers into a 64-bit one", "ptx.mov"),
    Instruction("ptx.mov_unpack_b32x2", 3, "unpacks a 64-bit register into two 32-bit ones",
                "ptx.mov"),
    Instruction("ptx.mov_pack_b16x4", 3, "packs four 16-bit registers into a 64-bit one",
                "ptx.mov"),
    Instruction("ptx.mov_unpack_b16x4", 3, "unpacks a 64-bit register into four 16-bit ones",
                "ptx.mov"),
    Instruction("ptx.mov_pack_b64x2", 3, "packs two 64-bit registers into a 128-bit one",
                "ptx.mov"),
    Instruction("ptx.mov_unpack_b64x2", 3, "unpacks a 128-bit register into two 64-bit ones",
                "ptx.mov"),
    Instruction("ptx.mov_pack_b32x4", 3, "packs four 32-bit registers into a 128-bit one",
                "ptx.mov"),
    Instruction("ptx.mov_unpack_b32x4", 3, "unpacks a 128-bit register into four 32-bit ones",
                "ptx.mov"),
    {"ptx.set_packed", 3, kUnboundedArgs, Void, kUpdateState, kCallTypedConstants,
     "compares packed 8- or 16-bit lanes, all ones in each lane that holds (PTX `set` of `.u8x4`, "
     "...)",
     nullptr, "ptx.set"},
    Instruction("ptx.set", 3, "compares two registers: all ones or 1.0 when it holds (PTX `set`)",
                "ptx.set"),
    {"ptx.set_bool", 3, kUnboundedArgs, Void, kUpdateState, kCallTypedConstants,
     "compares two registers and combines the result with a predicate (PTX `set.CmpOp.BoolOp`)",
     nullptr, "ptx.set"},
    Instruction("ptx.set_half", 3,
                "compares half-precision registers (PTX `set` of `.f16`, `.bf16`, ...)", "ptx.set"),
    Instruction("ptx.set_half_bool", 3,
                "compares half-precision registers and combines with a predicate", "ptx.set"),
    Instruction("ptx.setp", 3, "a predicate from comparing two registers (PTX `setp`)", "ptx.setp"),
    Instruction("ptx.setp_pq", 3,
                "a predicate and its negation from comparing two registers (PTX `setp p|q`)",
                "ptx.setp"),
    Instruction("ptx.setp_bool", 3,
                "a predicate from a comparison combined with a predicate (PTX `setp.CmpOp.BoolOp`)",
                "ptx.setp"),
    Instruction("ptx.setp_bool_pq", 3,
                "a predicate and its negation from a comparison combined with a predicate",
                "ptx.setp"),
    Instruction("ptx.setp_half", 3, "a predicate from comparing half-precision registers",
                "ptx.setp"),
    Instruction("ptx.setp_half_pq", 3,
                "two predicates from comparing packed half-precision registers", "ptx.setp"),
    Instruction("ptx.setp_half_bool", 3,
                "a predicate from a half-precision comparison combined with a predicate",
                "ptx.setp"),
    Instruction("ptx.setp_half_bool_pq", 3,
                "two predicates from a packed half-precision comparison combined with a predicate",
                "ptx.setp"),
    Instruction("ptx.mbarrier_init", 6, "PTX `mbarrier` (init)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_nocount", 7, "PTX `mbarrier` (arrive nocount)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive", 7, "PTX `mbarrier` (arrive)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_expect_tx", 8, "PTX `mbarrier` (arrive expect tx)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_no_complete", 8, "PTX `mbarrier` (arrive no complete)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_no_complete_sink", 8,
                "PTX `mbarrier` (arrive no complete sink)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_state", 7, "PTX `mbarrier` (arrive state)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_count_state", 7, "PTX `mbarrier` (arrive count state)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_expect_tx_state", 8, "PTX `mbarrier` (arrive expect tx state)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_drop_nocount", 7, "PTX `mbarrier` (arrive drop nocount)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_drop", 7, "PTX `mbarrier` (arrive drop)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_drop_expect_tx", 8, "PTX `mbarrier` (arrive drop expect tx)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_drop_no_complete", 8,
                "PTX `mbarrier` (arrive drop no complete)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_drop_no_complete_sink", 8,
                "PTX `mbarrier` (arrive drop no complete sink)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_drop_state", 7, "PTX `mbarrier` (arrive drop state)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_drop_count_state", 7,
                "PTX `mbarrier` (arrive drop count state)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_drop_expect_tx_state", 8,
                "PTX `mbarrier` (arrive drop expect tx state)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_expect_tx_multicast32", 8, "PTX `mbarrier` (expect tx multicast32)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_complete_tx_multicast32", 8,
                "PTX `mbarrier` (complete tx multicast32)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_multicast32_nocount", 8,
                "PTX `mbarrier` (arrive multicast32 nocount)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_multicast32", 8, "PTX `mbarrier` (arrive multicast32)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_drop_multicast32_nocount", 8,
                "PTX `mbarrier` (arrive drop multicast32 nocount)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_drop_multicast32", 8,
                "PTX `mbarrier` (arrive drop multicast32)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_expect_tx_multicast32", 9,
                "PTX `mbarrier` (arrive expect tx multicast32)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_arrive_drop_expect_tx_multicast32", 9,
                "PTX `mbarrier` (arrive drop expect tx multicast32)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_test_wait_parity", 9, "PTX `mbarrier` (test wait parity)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_test_wait", 8, "PTX `mbarrier` (test wait)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_test_wait_report", 8, "PTX `mbarrier` (test wait report)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_test_wait_report_value", 8, "PTX `mbarrier` (test wait report value)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_test_wait_parity_report", 9,
                "PTX `mbarrier` (test wait parity report)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_test_wait_parity_report_value", 9,
                "PTX `mbarrier` (test wait parity report value)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_try_wait_parity_no_hint", 9,
                "PTX `mbarrier` (try wait parity no hint)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_try_wait_parity", 9, "PTX `mbarrier` (try wait parity)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_try_wait", 8, "PTX `mbarrier` (try wait)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_try_wait_hint", 8, "PTX `mbarrier` (try wait hint)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_try_wait_report", 8, "PTX `mbarrier` (try wait report)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_try_wait_report_hint", 8, "PTX `mbarrier` (try wait report hint)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_try_wait_report_value", 8, "PTX `mbarrier` (try wait report value)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_try_wait_report_value_hint", 8,
                "PTX `mbarrier` (try wait report value hint)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_try_wait_parity_report", 9, "PTX `mbarrier` (try wait parity report)",
                "ptx.mbarrier"),
    Instruction("ptx.mbarrier_try_wait_parity_report_hint", 9,
                "PTX `mbarrier` (try wait parity report hint)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_try_wait_parity_report_value", 9,
                "PTX `mbarrier` (try wait parity report value)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_try_wait_parity_report_value_hint", 9,
                "PTX `mbarrier` (try wait parity report value hint)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_expect_tx", 7, "PTX `mbarrier` (expect tx)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_complete_tx", 7, "PTX `mbarrier` (complete tx)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_inval", 5, "PTX `mbarrier` (inval)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_pending_count", 5, "PTX `mbarrier` (pending count)", "ptx.mbarrier"),
    Instruction("ptx.mbarrier_check_layout", 6, "PTX `mbarrier` (check layout)", "ptx.mbarrier"),
    Instruction("ptx.bar_sync", 3, "PTX `bar` (bar sync)", "ptx.bar"),
    Instruction("ptx.bar_sync_count", 3, "PTX `bar` (bar sync count)", "ptx.bar"),
    Instruction("ptx.bar_arrive", 3, "PTX `bar` (bar arrive)", "ptx.bar"),
    Instruction("ptx.bar_red_popc", 5, "PTX `bar` (bar red popc)", "ptx.bar"),
    Instruction("ptx.bar_red_popc_count", 5, "PTX `bar` (bar red popc count)", "ptx.bar"),
    Instruction("ptx.bar_red_pred", 5, "PTX `bar` (bar red pred)", "ptx.bar"),
    Instruction("ptx.bar_red_pred_count", 5, "PTX `bar` (bar red pred count)", "ptx.bar"),
    Instruction("ptx.bar_warp_sync", 3, "PTX `bar` (bar warp sync)", "ptx.bar"),
    Instruction("ptx.barrier_sync", 4, "PTX `barrier` (barrier sync)", "ptx.barrier"),
    Instruction("ptx.barrier_sync_count", 4, "PTX `barrier` (barrier sync count)", "ptx.barrier"),
    Instruction("ptx.barrier_arrive", 4, "PTX `barrier` (barrier arrive)", "ptx.barrier"),
    Instruction("ptx.barrier_red_popc", 6, "PTX `barrier` (barrier red popc)", "ptx.barrier"),
    Instruction("ptx.barrier_red_popc_count", 6, "PTX `barrier` (barrier red popc count)",
                "ptx.barrier"),
    Instruction("ptx.barrier_red_pred", 6, "PTX `barrier` (barrier red pred)", "ptx.barrier"),
    Instruction("ptx.barrier_red_pred_count", 6, "PTX `barrier` (barrier red pred count)",
                "ptx.barrier"),
    Instruction("ptx.barrier_cluster_arrive", 5, "PTX `barrier` (barrier cluster arrive)",
                "ptx.barrier"),
    Instruction("ptx.barrier_cluster_wait", 5, "PTX `barrier` (barrier cluster wait)",
                "ptx.barrier"),
    Instruction("ptx.fence", 3, "PTX `fence` (fence)", "ptx.fence"),
    Instruction("ptx.fence_mbarrier_init", 4, "PTX `fence` (fence mbarrier init)", "ptx.fence"),
    Instruction("ptx.fence_proxy", 4, "PTX `fence` (fence proxy)", "ptx.fence"),
    Instruction("ptx.fence_proxy_fabric", 6, "PTX `fence` (fence proxy fabric)", "ptx.fence"),
    Instruction("ptx.fence_proxy_tensormap_release", 5,
                "PTX `fence` (fence proxy tensormap release)", "ptx.fence"),
    Instruction("ptx.fence_proxy_tensormap_acquire", 5,
                "PTX `fence` (fence proxy tensormap acquire)", "ptx.fence"),
    Instruction("ptx.mapa", 4, "PTX `mapa` (mapa)", "ptx.mapa"),
    Instruction("ptx.mapa_u64_raw", 3, "PTX `mapa` (mapa u64 raw)", "ptx.mapa"),
    Instruction("ptx.mapa_u64_shared", 4, "PTX `mapa` (mapa u64 shared)", "ptx.mapa"),
    Instruction("ptx.mapa_u32", 4, "PTX `mapa` (mapa u32)", "ptx.mapa"),
    Instruction("ptx.lop3", 3, "PTX `lop3` (lop3)", "ptx.lop3"),
    Instruction("ptx.lop3_bool", 4, "PTX `lop3` (lop3 bool)", "ptx.lop3"),
    Instruction("ptx.lop3_bool_sink", 4, "PTX `lop3` (lop3 bool sink)", "ptx.lop3"),
    Instruction("ptx.multimem_ld_reduce", 7, "PTX `multimem_ld_reduce` (multimem ld reduce)",
                "ptx.multimem_ld_reduce"),
    Instruction("ptx.multimem_ld_reduce_f", 8, "PTX `multimem_ld_reduce` (multimem ld reduce f)",
                "ptx.multimem_ld_reduce"),
    Instruction("ptx.multimem_ld_reduce_f_vec", 9,
                "PTX `multimem_ld_reduce` (multimem ld reduce f vec)", "ptx.multimem_ld_reduce"),
    {"ptx.addr", 2, 2, BaseType, kPure, kCall,
     "an address plus a constant offset in bytes, for a PTX address operand"},
};

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const IntrinsicSpec& spec : kPtxIntrinsics) RegisterIntrinsic(spec);
}

}  // namespace
}  // namespace tirx
}  // namespace tvm
