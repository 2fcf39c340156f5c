/*!
 * \file memory_intrinsics.cc
 * \brief The memory-access intrinsics beyond loads and stores (the reference's `tirx.*` ops of
 *  the same names): prefetch (a cache hint, a statement), masked_load and masked_store (the
 *  lanes a bool mask selects). Each with its type rule; the result types are the reference's.
 */
#include <tvm/tirx/intrinsics.h>

#include <string>
#include <vector>

#include "intrinsic_spec_internal.h"
#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using details::IsPointer;
using details::PrintFamily;
using details::RuledSpec;

/*! \brief `T.prefetch(A.data, rw, locality, cache_type)`: a hint; integer options. */
Type PrefetchRule(const ffi::Array<Expr>& args, const char* op) {
  if (!IsPointer(args[0]->ty)) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` prefetches through a pointer (such as `A.data` "
                             << "or `T.address_of(A[i])`)";
  }
  IntegerDType(args[1], op, "rw");
  IntegerDType(args[2], op, "locality");
  IntegerDType(args[3], op, "cache_type");
  return details::VoidType();
}

/*!
 * \brief The tensor, indices and mask of `masked_load(A, i..., mask)` /
 *  `masked_store(A, value, i..., mask)` from `first_index` on: one integer index per dimension,
 *  then a bool mask. \return the tensor's element type.
 */
ffi::DataType CheckMaskedAccess(const ffi::Array<Expr>& args, size_t first_index, const char* op) {
  const auto* tensor = args.empty() ? nullptr : args[0]->ty.as<ir::TensorTypeObj>();
  if (tensor == nullptr) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` accesses a tensor, given first";
  }
  size_t ndim = tensor->shape.size();
  if (args.size() != first_index + ndim + 1) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` takes " << ndim << " index"
                             << (ndim == 1 ? "" : "es") << " of its tensor, then a bool mask; got "
                             << (args.size() < first_index ? 0 : args.size() - first_index)
                             << " operands after them";
  }
  for (size_t i = first_index; i < first_index + ndim; ++i) {
    ffi::DataType index = OperandDType(args[i], op, "index");
    if (!index.is_int() && !index.is_uint()) {
      TVM_FFI_THROW(TypeError) << "`" << op << "` needs integer indices, got `" << index.ToString()
                               << "`";
    }
  }
  CheckBool(args[args.size() - 1], op, "mask");
  return tensor->dtype;
}

/*! \brief `T.masked_load(A, i, mask)`: of the element type, or of `ty=` (a vector, say). */
Type MaskedLoadRule(const ffi::Array<Expr>& args, const char* op) {
  return PrimType(CheckMaskedAccess(args, 1, op));
}

/*! \brief `T.masked_store(A, value, i, mask)`: a statement storing a value of the elements. */
Type MaskedStoreRule(const ffi::Array<Expr>& args, const char* op) {
  ffi::DataType element = CheckMaskedAccess(args, 2, op);
  ffi::DataType value = OperandDType(args[1], op, "value");
  if (value.with_lanes(1) != element) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` stores a value of the elements' type `"
                             << element.ToString() << "`, got `" << value.ToString() << "`";
  }
  return details::VoidType();
}

const RuledSpec kMemoryRuled[] = {
    {"prefetch", 4, PrefetchRule, "a hint to fetch the memory a pointer addresses (a statement)"},
    {"masked_load", -1, MaskedLoadRule, "the tensor elements a bool mask selects"},
    {"masked_store", -1, MaskedStoreRule, "stores the lanes a bool mask selects (a statement)"},
};

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const RuledSpec& spec : kMemoryRuled) details::RegisterIntrinsic(spec);
}

}  // namespace

namespace details {

std::vector<RuledSpec> MemorySpecs(PrintFamily family) {
  if (family != PrintFamily::kRuled) return {};
  return {std::begin(kMemoryRuled), std::end(kMemoryRuled)};
}

}  // namespace details
}  // namespace tirx
}  // namespace tvm
