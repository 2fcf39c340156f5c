/*!
 * \file tvm/tirx/intrinsics.h
 * \brief Math intrinsics (exp, log, sqrt, tanh, pow, fabs, floor, ceil, round, ...) as
 *  registered operators "tirx.<name>" with type rules: float operands, result of the operand's
 *  type. They are ir::Calls of those operators.
 */
#ifndef TVM_TIRX_INTRINSICS_H_
#define TVM_TIRX_INTRINSICS_H_

#include <tvm/ir/call.h>
#include <tvm/tirx/expr.h>

#include <string>
#include <vector>

namespace tvm {
namespace tirx {

/*! \brief `tirx.<name>(args...)`; the op's type rule checks the arguments (TypeError). */
Expr CallIntrinsic(const std::string& name, ffi::Array<Expr> args, Span span = Span::Unknown());

/*! \return the names of the registered math intrinsics ("exp", "pow", ...). */
const std::vector<std::string>& MathIntrinsicNames();

/*!
 * \brief The other intrinsics printed as `T.<name>(args...)`, with their own type rules
 *  (builtin_intrinsics.cc): isnan, popcount, clz, ldexp, likely, assume, if_then_else,
 *  address_of, vscale, isnullptr, vector_low, vector_high, vector_combine, assume_aligned,
 *  assume_always, ignore_loop_partition, throw_last_error, handle_add_byte_offset; the
 *  runtime builtins stack_alloca, stack_make_shape, stack_make_dltensor (runtime_intrinsics.cc);
 *  prefetch, masked_load, masked_store (memory_intrinsics.cc).
 *  A call whose type is not its rule's prints `ty=` too.
 */
const std::vector<std::string>& RuledIntrinsicNames();

/*!
 * \brief The intrinsics whose result type is the call's `ty=`, int32 when none is given:
 *  undef, call_packed, call_cpacked, call_packed_lowered, call_cpacked_lowered, abi_field_set
 *  (runtime_intrinsics.cc). Each prints
 *  as `T.<name>(args...)`, with `ty=` only when it is not int32.
 */
const std::vector<std::string>& Int32DefaultIntrinsicNames();

/*!
 * \brief The intrinsics whose result type is given, not deduced: reinterpret, call_extern,
 *  call_pure_extern, call_llvm_intrin, call_llvm_pure_intrin, ptr_byte_offset, abi_field_get,
 *  static_handle (runtime_intrinsics.cc; Missing without `ty=`). Each prints as
 *  `T.<name>(args..., ty=...)`, without `ty` when it is Missing.
 */
const std::vector<std::string>& TypedIntrinsicNames();

/*!
 * \brief Apache TVM's GPU and runtime intrinsics with type rules (gpu_intrinsics.cc), printed
 *  as `T.<name>(args...)`: tvm_warp_shuffle, tvm_warp_shuffle_up, tvm_warp_shuffle_down,
 *  tvm_warp_shuffle_xor, tvm_warp_activemask, tvm_storage_sync, tvm_thread_allreduce,
 *  tvm_struct_set. (`tvm_struct_get`, of the call's type, prints that type last.)
 */
const std::vector<std::string>& GpuIntrinsicNames();

/*!
 * \brief The reference's predicated vector accesses (masked_access.cc), printed as
 *  `T.<name>(args...)`: masked_load, masked_store.
 */
const std::vector<std::string>& MaskedAccessNames();

/*!
 * \brief `tirx.reinterpret(value)` of type `ty`: the same bits read as another type; TypeError
 *  unless both types have the same total width.
 */
Expr Reinterpret(PrimType ty, Expr value, Span span = Span::Unknown());

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_INTRINSICS_H_
