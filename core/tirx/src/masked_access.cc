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
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/call.h>
#include <tvm/ir/op.h>
#include <tvm/tirx/intrinsics.h>

#include <string>

#include "intrinsic_spec_internal.h"
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

ffi::Function MaskedRule(std::string op, size_t first_index) {
  return ffi::Function::FromTyped(
      [op, first_index](ffi::Array<Expr> args, ffi::Map<ffi::String, ffi::Any>,
                        ffi::Array<Type>) -> Type {
        if (args.size() < first_index + 2) {
          TVM_FFI_THROW(TypeError)
              << "`" << op << "` takes the tensor, " << (first_index == 2 ? "the value, " : "")
              << "the indices and the mask, got " << args.size() << " arguments";
        }
        DataType access = CheckMaskedAccess(args, first_index, op.c_str());
        if (first_index == 1) return PrimType(access);
        CheckStoredValue(args[1], access);
        return details::VoidType();
      },
      op + ".type_rule");
}

TVM_FFI_STATIC_INIT_BLOCK() {
  ir::OpRegistry::Register("tirx.masked_load")
      .set_doc("the lanes of `A[indices]` a bool mask selects (the others undefined)")
      .set_num_args(-1)
      .set_attr(ir::kOpTypeRule, MaskedRule("tirx.masked_load", 1));
  ir::OpRegistry::Register("tirx.masked_store")
      .set_doc("stores the lanes of a value a bool mask selects into `A[indices]` (a statement)")
      .set_num_args(-1)
      .set_attr(ir::kOpTypeRule, MaskedRule("tirx.masked_store", 2));
}

}  // namespace

const std::vector<std::string>& MaskedAccessNames() {
  static const std::vector<std::string> names = {"masked_load", "masked_store"};
  return names;
}

}  // namespace tirx
}  // namespace tvm
