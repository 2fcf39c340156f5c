/*!
 * \file memory_intrinsics.cc
 * \brief The memory-access intrinsics beyond loads and stores (the reference's `tirx.*` ops of
 *  the same names): prefetch (a cache hint, a statement), with its type rule. masked_load and
 *  masked_store are masked_access.cc's.
 */
#include <tvm/tirx/intrinsic_spec.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using enum CallEffect;
using enum PrintStyle;

/*! \brief `T.prefetch(A.data, rw, locality, cache_type)`: a hint; integer options. */
Type PrefetchRule(const ffi::Array<Expr>& args, const char* op) {
  if (!IsPointer(args[0]->ty)) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` prefetches through a pointer (such as `A.data` "
                             << "or `T.address_of(A[i])`)";
  }
  IntegerDType(args[1], op, "rw");
  IntegerDType(args[2], op, "locality");
  IntegerDType(args[3], op, "cache_type");
  return VoidType();
}

constexpr IntrinsicSpec kMemoryIntrinsics[] = {
    {"prefetch", 4, 4, PrefetchRule, kUpdateState, kCall,
     "a hint to fetch the memory a pointer addresses (a statement)"},
};

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const IntrinsicSpec& spec : kMemoryIntrinsics) RegisterIntrinsic(spec);
}

}  // namespace
}  // namespace tirx
}  // namespace tvm
