/*!
 * \file masked_access.cc
 * \brief The reference's predicated vector accesses, `tirx.masked_load(A, indices..., mask)`
 *  and `tirx.masked_store(A, value, indices..., mask)`: a load or store of the lanes the bool
 *  mask selects. Apache TVM's `A.vload(indices, predicate=mask)` and
 *  `A.vstore(indices, value, predicate=mask)` (a `predicate` field of its BufferLoad and
 *  BufferStore) build them. Types as the reference's: the load is of the access `A[indices]`'s
 *  type, the store void; ours also checks the mask (bool, of the access's lanes) and the
 *  stored value's type, which the reference leaves unchecked.
 */
#include <tvm/tirx/intrinsic_spec.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using ffi::DataType;

/*! \brief The accessed element type of `tensor[indices]` (args[first..last)), mask checked. */
DataType CheckMaskedAccess(const ffi::Array<Expr>& args, size_t first, const char* op) {
  ffi::Array<Expr> indices;
  for (size_t i = first; i + 1 < args.size(); ++i) indices.push_back(args[i]);
  DataType access = CheckTensorAccess(args[0], indices, op);
  const Expr& mask = args[args.size() - 1];
  DataType mask_type = OperandDType(mask, op, "mask");
  if (!mask_type.is_bool() || mask_type.lanes() != access.lanes()) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` needs a bool mask of one lane per accessed "
                             << "element (`" << DataType::Bool(access.lanes()).ToString()
                             << "`), got `" << mask_type.ToString() << "`";
  }
  return access;
}

/*! \brief `masked_load(A, indices..., mask)`: of the access's type. */
Type MaskedLoadRule(const ffi::Array<Expr>& args, const char* op) {
  return PrimType(CheckMaskedAccess(args, 1, op));
}

/*! \brief `masked_store(A, value, indices..., mask)`: a statement storing the access's type. */
Type MaskedStoreRule(const ffi::Array<Expr>& args, const char* op) {
  CheckStoredValue(args[1], CheckMaskedAccess(args, 2, op));
  return VoidType();
}

// At least one index: the tensor, (the value,) an index and the mask.
constexpr IntrinsicSpec kMaskedAccess[] = {
    {"masked_load", 3, kUnboundedArgs, MaskedLoadRule, CallEffect::kReadState, PrintStyle::kCall,
     "the lanes of `A[indices]` a bool mask selects (the others undefined)"},
    {"masked_store", 4, kUnboundedArgs, MaskedStoreRule, CallEffect::kUpdateState,
     PrintStyle::kCall,
     "stores the lanes of a value a bool mask selects into `A[indices]` (a "
     "statement)"},
};

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const IntrinsicSpec& spec : kMaskedAccess) RegisterIntrinsic(spec);
}

}  // namespace
}  // namespace tirx
}  // namespace tvm
