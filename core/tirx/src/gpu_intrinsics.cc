/*!
 * \file gpu_intrinsics.cc
 * \brief Apache TVM's GPU and runtime intrinsics, in its spelling: the warp shuffles and
 *  `tvm_warp_activemask`, `tvm_storage_sync`, `tvm_thread_allreduce`, `tvm_struct_get` and
 *  `tvm_struct_set`. The reference (tvm-tirx) has the GPU ones only as device-backend members
 *  (`T.gpu_warp_shuffle`, ...); these are the operators Apache TVM's programs call, with the
 *  result types of its definitions (python/tvm/tirx/op.py at the pinned commit): a shuffle is
 *  of its value's type, the active mask a uint32, a sync and an all-reduce void, a struct field
 *  read of the given type, a struct field write an int32. Apache TVM checks no operand; ours
 *  checks what those definitions' pseudo-code (include/tvm/tirx/builtin.h) names.
 */
#include <tvm/tirx/intrinsic_spec.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using ffi::DataType;
using enum CallEffect;
using enum PrintStyle;

/*!
 * \brief `tvm_warp_shuffle(mask, value, lane, width, warp_size)` and its `_up`/`_down`/`_xor`
 *  forms: the value of another lane of the warp, of the value's type. The mask, the lane (or
 *  offset, or lane mask), the width and the warp size are scalar integers.
 */
Type WarpShuffleRule(const ffi::Array<Expr>& args, const char* op) {
  IntegerDType(args[0], op, "mask");
  OperandDType(args[1], op, "value");
  IntegerDType(args[2], op, "lane");
  IntegerDType(args[3], op, "width");
  IntegerDType(args[4], op, "warp_size");
  return args[1]->ty;
}

/*!
 * \brief `tvm_storage_sync("shared", is_load, num_blocks)`: a barrier over the named storage
 *  scope (the last two for a global barrier only), a statement.
 */
Type StorageSyncRule(const ffi::Array<Expr>& args, const char* op) {
  if (args[0].as<StringImmObj>() == nullptr) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` takes the storage scope as a string, such as "
                             << "`\"shared\"`";
  }
  if (args.size() > 1) {
    ScalarDType(args[1], op, "is_load");
    CheckBool(args[1], op, "is_load");
  }
  if (args.size() > 2) IntegerDType(args[2], op, "num_blocks");
  return VoidType();
}

/*!
 * \brief `tvm_thread_allreduce(n, source_1..n, cond, dest_1..n, thread_index...)`: reduces the
 *  `n` sources over the threads of the given indices where `cond` holds, with the combiner of
 *  the enclosing `reduce_scope` attribute, into the `n` destinations; a statement.
 */
Type ThreadAllreduceRule(const ffi::Array<Expr>& args, const char* op) {
  const auto* count = args[0].as<IntImmObj>();
  IntegerDType(args[0], op, "size");
  if (count == nullptr || count->value < 1) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` takes the number of reduced values first, as a "
                             << "positive integer constant such as `T.uint32(1)`";
  }
  int64_t n = count->value;
  if (static_cast<int64_t>(args.size()) < 2 * n + 2) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` of " << n << " value" << (n == 1 ? "" : "s")
                             << " takes " << n << " source" << (n == 1 ? "" : "s")
                             << ", a condition and " << n << " destination" << (n == 1 ? "" : "s")
                             << " after the count, got " << args.size() - 1 << " arguments";
  }
  ScalarDType(args[n + 1], op, "cond");
  CheckBool(args[n + 1], op, "cond");
  for (size_t i = 2 * n + 2; i < args.size(); ++i) {
    IntegerDType(args[i], op, "thread_index");
  }
  return VoidType();
}

/*! \brief The struct array, its index and its field id of `tvm_struct_get`/`tvm_struct_set`. */
void CheckStructAccess(const ffi::Array<Expr>& args, const char* op) {
  if (!IsPointer(args[0]->ty)) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` reads and writes the fields of a struct array, "
                             << "a `T.handle`";
  }
  IntegerDType(args[1], op, "index");
  IntegerDType(args[2], op, "field");
}

/*!
 * \brief `tvm_struct_set(arr, index, field, value)`: an int32 (Apache TVM's result type). The
 *  value is a scalar or a pointer (a DLTensor's data field takes `A.data`, as Apache TVM's
 *  lowering writes it).
 */
Type StructSetRule(const ffi::Array<Expr>& args, const char* op) {
  CheckStructAccess(args, op);
  if (!IsPointer(args[3]->ty)) OperandDType(args[3], op, "value");
  return PrimType(DataType::Int(32));
}

/*! \brief `tvm_struct_get(arr, index, field)` of the call's type: its operands, once built. */
void CheckStructGet(const ir::Call& call, const char* op) { CheckStructAccess(call->args, op); }

constexpr IntrinsicSpec kGpuIntrinsics[] = {
    {"tvm_warp_shuffle", 5, 5, WarpShuffleRule, kUpdateState, kCall,
     "the value of a given lane of the warp"},
    {"tvm_warp_shuffle_up", 5, 5, WarpShuffleRule, kUpdateState, kCall,
     "the value of the lane `offset` below this one in the warp"},
    {"tvm_warp_shuffle_down", 5, 5, WarpShuffleRule, kUpdateState, kCall,
     "the value of the lane `offset` above this one in the warp"},
    {"tvm_warp_shuffle_xor", 5, 5, WarpShuffleRule, kUpdateState, kCall,
     "the value of the lane whose index is this one's xor the lane mask"},
    {"tvm_warp_activemask", 0, 0, UInt32Result, kUpdateState, kCall,
     "the 32-bit mask of the active threads of the warp (uint32)"},
    {"tvm_storage_sync", 1, 3, StorageSyncRule, kUpdateState, kCall,
     "a barrier over a storage scope such as \"shared\" (a statement)"},
    {"tvm_thread_allreduce", 3, kUnboundedArgs, ThreadAllreduceRule, kUpdateState, kCall,
     "a reduction across the threads of a block, with the enclosing reduce_scope's combiner"},
    {"tvm_struct_set", 4, 4, StructSetRule, kUpdateState, kCall,
     "writes a field of a struct in an array (the runtime's DLTensor, ...), an int32"},
    // Printed with its type last, as Apache TVM prints it (`TScriptDtypePrintLocation` kLast).
    {"tvm_struct_get", 3, 3, nullptr, kReadState, kCallTypeLast,
     "reads a field of a struct in an array (the runtime's DLTensor, ...), of the call's type",
     CheckStructGet},
};

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const IntrinsicSpec& spec : kGpuIntrinsics) RegisterIntrinsic(spec);
}

}  // namespace
}  // namespace tirx
}  // namespace tvm
