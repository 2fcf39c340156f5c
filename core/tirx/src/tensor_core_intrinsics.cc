/*!
 * \file tensor_core_intrinsics.cc
 * \brief Apache TVM's tensor-core (WMMA) intrinsics, in its spelling: `tvm_fill_fragment`,
 *  `tvm_load_matrix_sync`, `tvm_store_matrix_sync`, `tvm_mma_sync` and `tvm_bmma_sync`. Each is a
 *  statement (void), as Apache TVM 0.27 builds it (python/tvm/tirx/op.py: `call_intrin("void",
 *  ...)`). Apache TVM checks no operand; ours checks the kinds its pseudo-code names (a
 *  fragment's data pointer, integer shapes and indices, a layout string), nothing more, so that
 *  no program Apache TVM reads is refused for a value it does not look at. With them, the two
 *  intrinsics their memory operands are written with: `tvm_access_ptr` (a handle) and
 *  `type_annotation` (its element type operand).
 */
#include <tvm/tirx/intrinsic_spec.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using enum CallEffect;
using enum PrintStyle;

void CheckPointer(const Expr& arg, const char* op, const char* field) {
  CheckDefined(arg, op, field);
  if (!IsPointer(arg->ty)) {
    TVM_FFI_THROW(TypeError) << "`" << op << "." << field << "` is a data pointer, such as "
                             << "`C.data`";
  }
}

/*! \brief The fragment, its shape `m, n, k` and the fragment index, first in four of them. */
void CheckFragmentShape(const ffi::Array<Expr>& args, const char* op) {
  CheckPointer(args[0], op, "fragment");
  IntegerDType(args[1], op, "m");
  IntegerDType(args[2], op, "n");
  IntegerDType(args[3], op, "k");
  IntegerDType(args[4], op, "index");
}

/*! \brief `tvm_fill_fragment(fragment, m, n, k, index, value)`. */
Type FillFragmentRule(const ffi::Array<Expr>& args, const char* op) {
  CheckFragmentShape(args, op);
  ScalarDType(args[5], op, "value");
  return VoidType();
}

/*!
 * \brief `tvm_load_matrix_sync` / `tvm_store_matrix_sync(fragment, m, n, k, index, buffer_ptr,
 *  stride, layout)`: a tile between the fragment and memory at `buffer_ptr` (a pointer, such as
 *  `T.tvm_access_ptr(...)`), rows `stride` apart, in the layout `"row_major"` or
 *  `"col_major"`.
 */
Type MatrixSyncRule(const ffi::Array<Expr>& args, const char* op) {
  CheckFragmentShape(args, op);
  CheckPointer(args[5], op, "buffer_ptr");
  IntegerDType(args[6], op, "stride");
  if (args[7].as<StringImmObj>() == nullptr) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` takes the layout as a string, such as "
                             << "`\"row_major\"`";
  }
  return VoidType();
}

/*! \brief `tvm_mma_sync(d, index_d, a, index_a, b, index_b, c, index_c)`: d = a * b + c. */
Type MmaSyncRule(const ffi::Array<Expr>& args, const char* op) {
  static const char* const kFields[] = {"fragment_d", "index_d", "fragment_a", "index_a",
                                        "fragment_b", "index_b", "fragment_c", "index_c"};
  for (int i = 0; i < 8; i += 2) {
    CheckPointer(args[i], op, kFields[i]);
    IntegerDType(args[i + 1], op, kFields[i + 1]);
  }
  return VoidType();
}

/*!
 * \brief `tvm_access_ptr(T.type_annotation("float16"), A.data, offset, extent, rw_mask)`: the
 *  pointer to `extent` elements of `A` from `offset`, read (1), written (2) or both (3). As
 *  Apache TVM types it, a pointer to the type annotation's type, in the data's scope.
 */
Type AccessPtrRule(const ffi::Array<Expr>& args, const char* op) {
  CheckDefined(args[0], op, "ptype");
  CheckPointer(args[1], op, "data");
  IntegerDType(args[2], op, "offset");
  IntegerDType(args[3], op, "extent");
  IntegerDType(args[4], op, "rw_mask");
  const auto* data = args[1]->ty.as<ir::PointerTypeObj>();
  ffi::String scope = data != nullptr ? data->scope : ffi::String("global");
  return ir::PointerType(args[0]->ty, scope);
}

constexpr IntrinsicSpec kTensorCoreIntrinsics[] = {
    {"tvm_access_ptr", 5, 5, AccessPtrRule, kSpecialCallArg, kCall,
     "a handle to `extent` elements of a tensor's data from `offset` (rw_mask 1 read, 2 write)"},
    // Printed with its type last, as Apache TVM prints it: `T.type_annotation("float16")`.
    {"type_annotation", 0, 0, nullptr, kPure, kCallTypeLast,
     "a value that stands for its type only (the element type operand of `tvm_access_ptr`)"},
    {"tvm_fill_fragment", 6, 6, FillFragmentRule, kUpdateState, kCall,
     "fills a tensor-core fragment with one value (a statement)"},
    {"tvm_load_matrix_sync", 8, 8, MatrixSyncRule, kUpdateState, kCall,
     "loads a tile from memory into a tensor-core fragment (a statement)"},
    {"tvm_store_matrix_sync", 8, 8, MatrixSyncRule, kUpdateState, kCall,
     "stores a tensor-core fragment into memory (a statement)"},
    {"tvm_mma_sync", 8, 8, MmaSyncRule, kUpdateState, kCall,
     "the tensor-core product d = a * b + c of four fragments (a statement)"},
    {"tvm_bmma_sync", 8, 8, MmaSyncRule, kUpdateState, kCall,
     "the tensor-core binary product d = a * b + c of four fragments (a statement)"},
};

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const IntrinsicSpec& spec : kTensorCoreIntrinsics) RegisterIntrinsic(spec);
}

}  // namespace
}  // namespace tirx
}  // namespace tvm
