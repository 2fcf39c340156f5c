/*!
 * \file cuda_library_intrinsics.cc
 * \brief The CUDA library calls of the device backends that are not PTX instructions:
 *  `T.nvshmem.*` (NVSHMEM's one-sided communication) and `T.ptx_legacy.mma`/`.ldmatrix`
 *  (Apache TVM's older tensor-core spellings, kept for the code that still writes them). One
 *  IntrinsicSpec row each, `tirx.<backend>.<name>`, with the reference's count and effect (every
 *  one updates state): NVSHMEM's PE queries are int32 and its transfers, signals and barriers
 *  void, as both oracles type them (tests/oracle_records/device_scope_ids.json, the
 *  `intrinsic/nvshmem.*` cases); the legacy tensor-core calls are untyped (Missing) unless
 *  `ty=` gives a type, as the reference builds them. Like the reference, ours checks only the
 *  choices NVSHMEM names by string (`sig_op`, `cmp`); the Python members (tirx_nvshmem.py)
 *  give the parameters their names and defaults.
 */
#include <tvm/tirx/intrinsic_spec.h>

#include <algorithm>
#include <array>
#include <string>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using enum CallEffect;
using enum PrintStyle;

constexpr auto Void = VoidResult;
constexpr auto Int32 = Int32Result;

/*!
 * \brief ValueError unless the operand at `index` is a string constant among `choices`:
 *  "`nvshmem.signal_op` takes `sig_op` as one of "set", "add", got "mul"".
 */
template <size_t N>
void CheckChoice(const ffi::Array<Expr>& args, size_t index, const char* op, const char* name,
                 const std::array<const char*, N>& choices) {
  const auto* text = args[index].as<StringImmObj>();
  bool known = text != nullptr && std::any_of(choices.begin(), choices.end(), [&](const char* c) {
                 return std::string(text->value) == c;
               });
  if (known) return;
  std::string listed;
  for (const char* choice : choices) {
    listed += std::string(listed.empty() ? "" : ", ") + "\"" + choice + "\"";
  }
  std::string given =
      text != nullptr ? "\"" + std::string(text->value) + "\"" : std::string("no string");
  TVM_FFI_THROW(ValueError) << "`" << op << "` takes `" << name << "` as one of " << listed
                            << ", got " << given;
}

constexpr std::array<const char*, 2> kSignalOps = {"set", "add"};
constexpr std::array<const char*, 6> kComparisons = {"eq", "ne", "gt", "ge", "lt", "le"};

/*! \brief `signal_op(sig_addr, signal, sig_op, pe)`: a statement; `sig_op` "set" or "add". */
Type SignalOpRule(const ffi::Array<Expr>& args, const char* op) {
  CheckChoice(args, 2, op, "sig_op", kSignalOps);
  return VoidType();
}

/*! \brief `wait_until(ivar, cmp, cmp_value, type)`: a statement; `cmp` a comparison. */
Type WaitUntilRule(const ffi::Array<Expr>& args, const char* op) {
  CheckChoice(args, 1, op, "cmp", kComparisons);
  return VoidType();
}

constexpr IntrinsicSpec kNvshmemIntrinsics[] = {
    {"nvshmem.my_pe", 0, 0, Int32, kUpdateState, kCall, "the number of this PE (int32)"},
    {"nvshmem.n_pes", 0, 0, Int32, kUpdateState, kCall, "the number of PEs (int32)"},
    {"nvshmem.getmem_nbi", 4, 4, Void, kUpdateState, kCall,
     "gets bytes from a remote PE without blocking, per thread"},
    {"nvshmem.getmem_nbi_warp", 4, 4, Void, kUpdateState, kCall,
     "gets bytes from a remote PE without blocking, per warp"},
    {"nvshmem.getmem_nbi_block", 4, 4, Void, kUpdateState, kCall,
     "gets bytes from a remote PE without blocking, per CTA"},
    {"nvshmem.putmem_nbi", 4, 4, Void, kUpdateState, kCall,
     "puts bytes to a remote PE without blocking, per thread"},
    {"nvshmem.putmem_nbi_warp", 4, 4, Void, kUpdateState, kCall,
     "puts bytes to a remote PE without blocking, per warp"},
    {"nvshmem.putmem_nbi_block", 4, 4, Void, kUpdateState, kCall,
     "puts bytes to a remote PE without blocking, per CTA"},
    {"nvshmem.putmem_signal_nbi", 7, 7, Void, kUpdateState, kCall,
     "puts bytes to a remote PE and then updates its signal, per thread"},
    {"nvshmem.putmem_signal_nbi_warp", 7, 7, Void, kUpdateState, kCall,
     "puts bytes to a remote PE and then updates its signal, per warp"},
    {"nvshmem.putmem_signal_nbi_block", 7, 7, Void, kUpdateState, kCall,
     "puts bytes to a remote PE and then updates its signal, per CTA"},
    {"nvshmem.signal_op", 4, 4, SignalOpRule, kUpdateState, kCall,
     "sets or adds to a signal word on a remote PE"},
    // 3 to 4: the member passes its default C type ("uint64_t"), so every call has 4.
    {"nvshmem.wait_until", 3, 4, WaitUntilRule, kUpdateState, kCall,
     "waits until a symmetric word compares true with a value"},
    {"nvshmem.quiet", 0, 0, Void, kUpdateState, kCall,
     "waits until this PE's transfers are complete"},
    {"nvshmem.fence", 0, 0, Void, kUpdateState, kCall,
     "orders this PE's transfers to each remote PE"},
    {"nvshmem.barrier_all", 0, 0, Void, kUpdateState, kCall, "a barrier over every PE"},
};

/*!
 * \brief Apache TVM's older tensor-core calls: `mma(shape, a_layout, b_layout, a_dtype, b_dtype,
 *  c_dtype, a, a_offset, b, b_offset, accumulator, c_offset, saturate[, operator])` and
 *  `ldmatrix(trans, num, dtype, local, local_offset, smem, smem_offset)`, untyped unless given.
 */
constexpr IntrinsicSpec kPtxLegacyIntrinsics[] = {
    {"ptx_legacy.mma", 13, 14, nullptr, kUpdateState, kCallTyUnlessMissing,
     "a warp-level matrix multiply-accumulate into the accumulator (untyped unless `ty=`)"},
    {"ptx_legacy.ldmatrix", 7, 7, nullptr, kUpdateState, kCallTyUnlessMissing,
     "loads matrices from shared memory into the warp's fragments (untyped unless `ty=`)"},
};

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const IntrinsicSpec& spec : kNvshmemIntrinsics) RegisterIntrinsic(spec);
  for (const IntrinsicSpec& spec : kPtxLegacyIntrinsics) RegisterIntrinsic(spec);
}

}  // namespace
}  // namespace tirx
}  // namespace tvm
