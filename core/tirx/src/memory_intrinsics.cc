/*!
 * \file memory_intrinsics.cc
 * \brief The memory-access intrinsics beyond loads and stores (the reference's `tirx.*` ops of
 *  the same names): prefetch (a cache hint, a statement), with its type rule. masked_load and
 *  masked_store are masked_access.cc's.
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

const RuledSpec kMemoryRuled[] = {
    {"prefetch", 4, PrefetchRule, "a hint to fetch the memory a pointer addresses (a statement)"},
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
