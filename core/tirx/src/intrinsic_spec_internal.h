/*!
 * \file intrinsic_spec_internal.h
 * \brief How the intrinsic tables of builtin_intrinsics.cc and runtime_intrinsics.cc are written
 *  and registered: one spec per op (name, argument count, type rule, doc), grouped by how the
 *  printer writes the call (the name lists of <tvm/tirx/intrinsics.h> gather every file's).
 */
#ifndef TVM_TIRX_SRC_INTRINSIC_SPEC_INTERNAL_H_
#define TVM_TIRX_SRC_INTRINSIC_SPEC_INTERNAL_H_

#include <tvm/ffi/function.h>
#include <tvm/ir/call.h>
#include <tvm/tirx/expr.h>

#include <string>
#include <vector>

namespace tvm {
namespace tirx {
namespace details {

/*! \brief A type rule: the result type of `op(args...)`, or TypeError naming `op`. */
using TypeRule = Type (*)(const ffi::Array<Expr>& args, const char* op);

/*! \brief One intrinsic `tirx.<name>`; `num_args` -1 takes any number; `rule` may be null. */
struct RuledSpec {
  const char* name;
  int64_t num_args;
  TypeRule rule;
  const char* doc;
};

/*! \brief The op's type rule as a registry Function: checks the count, then runs `rule`. */
ffi::Function RuleFunction(std::string op_name, int64_t num_args, TypeRule rule);

/*! \brief Registers `tirx.<spec.name>` with its doc, argument count and rule (when not null). */
void RegisterIntrinsic(const RuledSpec& spec);

/*! \brief Whether `ty` is a pointer: a `T.Ptr(...)` or the legacy `handle` dtype. */
bool IsPointer(const Type& ty);

/*! \brief The `void` type of a statement-like intrinsic. */
Type VoidType();

/*!
 * \brief How the printer writes a call (the name lists of <tvm/tirx/intrinsics.h>): `kRuled`
 *  `T.<name>(args...)` (with `ty=` when the call's type is not the rule's), `kInt32Default`
 *  with `ty=` unless int32, `kTyped` with `ty=` unless Missing.
 */
enum class PrintFamily { kRuled, kInt32Default, kTyped };

/*! \brief The runtime builtins (runtime_intrinsics.cc) of one print family. */
std::vector<RuledSpec> RuntimeSpecs(PrintFamily family);

/*! \brief The memory-access intrinsics (memory_intrinsics.cc) of one print family. */
std::vector<RuledSpec> MemorySpecs(PrintFamily family);

}  // namespace details
}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_SRC_INTRINSIC_SPEC_INTERNAL_H_
