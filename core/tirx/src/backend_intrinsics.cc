/*!
 * \file backend_intrinsics.cc
 * \brief The device backends' members that ours builds (`T.cuda.cta_sync()`,
 *  `T.nki.matmul(...)`, `T.metal.simd_shuffle(...)`, ...): the ops `tirx.<backend>.<name>`, one
 *  IntrinsicSpec row each, with the result types apache-tvm 0.27 builds (recorded in
 *  tests/oracle_records/device_scope_ids.json, `intrinsic/...` cases): a barrier, a wait or an
 *  NKI instruction is void; a bit cast, vote or address conversion has a fixed type; a shuffle,
 *  atomic or warp reduction has its value's type. Apache TVM checks no operand; ours checks
 *  only what the type needs (the value a result takes its type from, a string reduction). The
 *  other members of these namespaces are not analysed yet (tirx_backends.py). Also the
 *  reference's generic `T.atomic_add`.
 */
#include <tvm/tirx/intrinsic_spec.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using ffi::DataType;
using enum CallEffect;
using enum PrintStyle;

constexpr auto Void = VoidResult;
constexpr auto UInt32 = UInt32Result;
constexpr auto UInt64 = UInt64Result;
constexpr auto Int32 = Int32Result;
constexpr auto Int64 = Int64Result;
constexpr auto Float32 = Float32Result;

/*! \brief Of the type of the first operand: the value of a Metal or WebGPU shuffle. */
Type FirstOperandType(const ffi::Array<Expr>& args, const char* op) {
  OperandDType(args[0], op, "var");
  return args[0]->ty;
}

/*! \brief Of the type of the second operand: the value of a shuffle, an atomic, a CAS. */
Type SecondOperandType(const ffi::Array<Expr>& args, const char* op) {
  OperandDType(args[1], op, "value");
  return args[1]->ty;
}

/*!
 * \brief `warp_reduce(value, "sum", width)` and `cta_reduce(value, "sum", num_warps, scratch)`:
 *  a reduction over the warp or the CTA, of the value's type.
 */
Type WarpReduceRule(const ffi::Array<Expr>& args, const char* op) {
  ScalarDType(args[0], op, "value");
  if (args[1].as<StringImmObj>() == nullptr) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` takes the reduction as a string, such as "
                             << "`\"sum\"`";
  }
  if (args.size() > 2) IntegerDType(args[2], op, "width");
  return args[0]->ty;
}

/*! \brief `printf("format", args...)`: the format is a string; a statement. */
Type PrintfRule(const ffi::Array<Expr>& args, const char* op) {
  if (args[0].as<StringImmObj>() == nullptr) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` takes the format as a string";
  }
  return VoidType();
}

constexpr IntrinsicSpec kCudaIntrinsics[] = {
    // Barriers and waits: statements.
    {"cuda.cta_sync", 0, 0, Void, kUpdateState, kCall, "a barrier over the CTA (__syncthreads)"},
    {"cuda.cluster_sync", 0, 0, Void, kUpdateState, kCall, "a barrier over the cluster"},
    {"cuda.warp_sync", 0, 0, Void, kUpdateState, kCall, "a barrier over the warp (__syncwarp)"},
    {"cuda.grid_sync", 0, 0, Void, kUpdateState, kCall,
     "a barrier over the grid (cooperative groups)"},
    {"cuda.thread_fence", 0, 0, Void, kUpdateState, kCall, "a memory fence (__threadfence)"},
    {"cuda.warpgroup_sync", 1, 1, Void, kUpdateState, kCall, "a named barrier over the warpgroup"},
    {"cuda.mbarrier_wait", 2, 2, Void, kUpdateState, kCall,
     "waits on an mbarrier for the given phase"},
    {"cuda.mbarrier_wait_acquire_cluster", 2, 2, Void, kUpdateState, kCall,
     "waits on an mbarrier for the given phase, acquiring at cluster scope"},
    {"cuda.nano_sleep", 1, 1, Void, kUpdateState, kCall, "sleeps about the given nanoseconds"},
    {"cuda.trap_when_assert_failed", 1, 1, Void, kUpdateState, kCall,
     "traps when the condition is false"},
    {"cuda.printf", 1, kUnboundedArgs, PrintfRule, kUpdateState, kCall,
     "prints from the device (a statement)"},
    // Fixed result types.
    {"cuda.elect_sync", 0, 0, UInt32, kUpdateState, kCall,
     "1 in one elected thread of the warp, else 0 (uint32)"},
    {"cuda.__activemask", 0, 0, UInt32, kUpdateState, kCall,
     "the mask of the active threads of the warp (uint32)"},
    {"cuda.clock64", 0, 0, UInt64, kUpdateState, kCall, "the SM's cycle counter (uint64)"},
    {"cuda.thread_rank", 0, 0, Int32, kUpdateState, kCall,
     "the thread's rank in its block (int32)"},
    {"cuda.float_as_uint", 1, 1, UInt32, kPure, kCall, "the bits of a float32 (uint32)"},
    {"cuda.uint_as_float", 1, 1, Float32, kPure, kCall, "a float32 of the given bits"},
    {"cuda.cvta_generic_to_shared", 1, 1, UInt32, kPure, kCall,
     "the shared-memory address of a generic pointer (uint32)"},
    {"cuda.ballot_sync", 2, 2, UInt32, kUpdateState, kCall,
     "the mask of the warp's threads whose predicate holds (uint32)"},
    {"cuda.any_sync", 2, 2, Int32, kUpdateState, kCall,
     "whether the predicate holds in any thread of the warp (int32)"},
    {"cuda.reduce_add_sync_u32", 2, 2, UInt32, kUpdateState, kCall,
     "the sum of a uint32 over the warp"},
    {"cuda.reduce_min_sync_u32", 2, 2, UInt32, kUpdateState, kCall,
     "the minimum of a uint32 over the warp"},
    {"cuda.syncthreads_and", 1, 1, Int64, kUpdateState, kCall,
     "a CTA barrier, nonzero when the condition holds in every thread (int64)"},
    {"cuda.syncthreads_or", 1, 1, Int64, kUpdateState, kCall,
     "a CTA barrier, nonzero when the condition holds in any thread (int64)"},
    {"cuda.ffs_u32", 1, 1, Int32, kPure, kCall, "the position of the lowest set bit (int32)"},
    {"cuda.make_float2", 2, 2, UInt64, kPure, kCall, "two float32 packed as a float2 (uint64)"},
    {"cuda.half2float", 1, 1, Float32, kPure, kCall, "a float16 as a float32"},
    {"cuda.fdividef", 2, 2, Float32, kPure, kCall, "the fast float32 division"},
    // Of the value's type.
    {"cuda.__shfl_sync", 4, 4, SecondOperandType, kUpdateState, kCall,
     "the value of a given lane of the warp (__shfl_sync)"},
    {"cuda.__shfl_up_sync", 4, 4, SecondOperandType, kUpdateState, kCall,
     "the value of the lane `delta` below (__shfl_up_sync)"},
    {"cuda.__shfl_down_sync", 4, 4, SecondOperandType, kUpdateState, kCall,
     "the value of the lane `delta` above (__shfl_down_sync)"},
    {"cuda.__shfl_xor_sync", 4, 4, SecondOperandType, kUpdateState, kCall,
     "the value of the lane this one's xor the lane mask (__shfl_xor_sync)"},
    {"cuda.atomic_add", 2, 2, SecondOperandType, kUpdateState, kCall,
     "adds to the value at an address, the old value (atomicAdd)"},
    {"cuda.atomic_cas", 3, 3, SecondOperandType, kUpdateState, kCall,
     "compares and swaps the value at an address, the old value (atomicCAS)"},
    {"cuda.warp_reduce", 2, 3, WarpReduceRule, kUpdateState, kCall,
     "a reduction (\"sum\", \"max\", \"min\") of a value over the warp"},
    {"cuda.cta_reduce", 4, 4, WarpReduceRule, kUpdateState, kCall,
     "a reduction of a value over the CTA, through a shared scratch of one value per warp"},
    // Tensor memory, shared addresses and packed conversions.
    {"cuda.get_tmem_addr", 3, 3, UInt32, kPure, kCall,
     "a tensor-memory address offset by rows and columns (uint32)"},
    {"cuda.smem_addr_from_uint64", 1, 1, UInt32, kPure, kCall,
     "the shared-memory address of a 64-bit cluster address (uint32)"},
    {"cuda.runtime_instr_desc", 2, 2, Void, kUpdateState, kCall,
     "sets the scale-factor id of an instruction descriptor"},
    {"cuda.float2_x", 1, 1, Float32, kPure, kCall, "the first float32 of a packed float2"},
    {"cuda.float2_y", 1, 1, Float32, kPure, kCall, "the second float32 of a packed float2"},
    {"cuda.fadd2_rn", 2, 2, UInt64, kPure, kCall, "the sum of two packed float2 (uint64)"},
    {"cuda.fmul2_rn", 2, 2, UInt64, kPure, kCall, "the product of two packed float2 (uint64)"},
    {"cuda.hmax2", 2, 2, UInt32, kPure, kCall, "the lane-wise maximum of two packed half2"},
    {"cuda.hmin2", 2, 2, UInt32, kPure, kCall, "the lane-wise minimum of two packed half2"},
    {"cuda.bfloat162float", 1, 1, Float32, kPure, kCall, "a bfloat16 as a float32"},
    {"cuda.bfloat1622float2", 1, 1, UInt64, kPure, kCall,
     "a packed bfloat162 as a packed float2 (uint64)"},
    {"cuda.float22bfloat162_rn", 2, 2, UInt32, kPure, kCall,
     "two float32 as a packed bfloat162, rounded to nearest (uint32)"},
    {"cuda.float22bfloat162_rn_from_float2", 1, 1, UInt32, kPure, kCall,
     "a packed float2 as a packed bfloat162, rounded to nearest (uint32)"},
    {"cuda.fp8x4_e4m3_from_float4", 4, 4, UInt32, kPure, kCall,
     "four float32 as four packed float8_e4m3 (uint32)"},
    {"cuda.float22half2", 2, 2, Void, kUpdateState, kCall,
     "converts float2 values to half2 values, from one address to another"},
    {"cuda.float8tohalf8", 2, 2, Void, kUpdateState, kCall,
     "converts eight float8 values to half, from one address to another"},
    {"cuda.half8tofloat8", 2, 2, Void, kUpdateState, kCall,
     "converts eight half values to float8, from one address to another"},
};

/*!
 * \brief `T.nki`, the Trainium NKI instructions: statements (void), their operands unchecked
 *  as Apache TVM leaves them. A count runs from the required parameters to all of them; the
 *  Python members pass the defaults Apache TVM passes, so a call they build has them all.
 */
constexpr IntrinsicSpec kNkiIntrinsics[] = {
    {"nki.load", 2, 2, Void, kUpdateState, kCall, "loads a tile into on-chip memory"},
    {"nki.store", 2, 2, Void, kUpdateState, kCall, "stores a tile from on-chip memory"},
    {"nki.tensor_copy", 2, 2, Void, kUpdateState, kCall, "copies a tile on chip"},
    {"nki.matmul", 3, 4, Void, kUpdateState, kCall, "a matrix product, accumulated or not"},
    {"nki.activation", 3, 5, Void, kUpdateState, kCall,
     "an activation function of a tile, with bias and scale"},
    {"nki.reciprocal", 2, 2, Void, kUpdateState, kCall, "the reciprocal of a tile"},
    {"nki.tensorreduce", 4, kUnboundedArgs, Void, kUpdateState, kCall,
     "a reduction of a tile over the given axes"},
    {"nki.tensortensor", 4, 4, Void, kUpdateState, kCall, "an element-wise op of two tiles"},
    {"nki.tensorscalar", 4, 5, Void, kUpdateState, kCall,
     "an element-wise op of a tile and a scalar"},
    {"nki.memset", 2, 2, Void, kUpdateState, kCall, "fills a tile with a value"},
    {"nki.activation_reduce", 5, 7, Void, kUpdateState, kCall,
     "an activation of a tile and a reduction of its result"},
    {"nki.tensorscalar_reduce", 6, 7, Void, kUpdateState, kCall,
     "a tile-scalar op and a reduction of its result"},
    {"nki.scalar_tensor_tensor", 6, 8, Void, kUpdateState, kCall,
     "a tile-scalar op then a tile-tile op"},
    {"nki.scalar_tensor_scalar", 6, 8, Void, kUpdateState, kCall,
     "two tile-scalar ops in one instruction"},
    {"nki.identity", 2, 2, Void, kUpdateState, kCall, "an identity matrix of the given size"},
    {"nki.affine_select", 4, 4, Void, kUpdateState, kCall,
     "an element-wise select under an affine predicate"},
};

/*!
 * \brief The shuffles of `T.metal` (SIMD groups) and `T.webgpu` (subgroups): the value of
 *  another lane, of the value's type, as Apache TVM types them.
 */
constexpr IntrinsicSpec kShuffleIntrinsics[] = {
    {"metal.simd_shuffle", 2, 2, FirstOperandType, kUpdateState, kCall,
     "the value of a given lane of the SIMD group"},
    {"metal.simd_shuffle_up", 2, 2, FirstOperandType, kUpdateState, kCall,
     "the value of the lane `delta` below in the SIMD group"},
    {"metal.simd_shuffle_down", 2, 2, FirstOperandType, kUpdateState, kCall,
     "the value of the lane `delta` above in the SIMD group"},
    {"webgpu.subgroup_shuffle", 2, 2, FirstOperandType, kUpdateState, kCall,
     "the value of a given lane of the subgroup"},
    {"webgpu.subgroup_shuffle_up", 2, 2, FirstOperandType, kUpdateState, kCall,
     "the value of the lane `delta` below in the subgroup"},
    {"webgpu.subgroup_shuffle_down", 2, 2, FirstOperandType, kUpdateState, kCall,
     "the value of the lane `delta` above in the subgroup"},
};

/*!
 * \brief The reference's generic `T.atomic_add(address, value)`: untyped (Missing) unless the
 *  call is given a type, with no operand checked, as the reference builds it.
 */
constexpr IntrinsicSpec kAtomicIntrinsics[] = {
    {"atomic_add", 2, 2, nullptr, kUpdateState, kCallTyUnlessMissing,
     "adds a value at an address atomically (untyped unless `ty=` is given)"},
};

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const IntrinsicSpec& spec : kCudaIntrinsics) RegisterIntrinsic(spec);
  for (const IntrinsicSpec& spec : kNkiIntrinsics) RegisterIntrinsic(spec);
  for (const IntrinsicSpec& spec : kShuffleIntrinsics) RegisterIntrinsic(spec);
  for (const IntrinsicSpec& spec : kAtomicIntrinsics) RegisterIntrinsic(spec);
}

}  // namespace
}  // namespace tirx
}  // namespace tvm
