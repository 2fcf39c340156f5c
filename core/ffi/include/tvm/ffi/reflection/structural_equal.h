/*!
 * \file tvm/ffi/reflection/structural_equal.h
 * \brief Structural equality of values through reflection only: objects field by field,
 *  variables matched by their definitions (DESIGN.md "Definition regions"), and the first
 *  mismatch as a pair of access paths. The rules are in docs/structural-equality.md.
 */
#ifndef TVM_FFI_REFLECTION_STRUCTURAL_EQUAL_H_
#define TVM_FFI_REFLECTION_STRUCTURAL_EQUAL_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/reflection/access_path.h>

#include <optional>
#include <utility>

namespace tvm {
namespace ffi {
namespace reflection {

/*! \brief Options shared by structural equality and structural hashing. */
struct StructuralEqualOptions {
  /*!
   * \brief Let variables that no definition binds (free variables) match each other by their
   *  first appearance, as if they were defined there. When false, a free variable is equal only
   *  to itself.
   */
  bool map_free_vars = false;
  /*! \brief Compare tensors by dtype and shape only, not by their bytes. */
  bool skip_tensor_content = false;
};

/*!
 * \brief Whether lhs and rhs have the same structure: same kinds of value, equal leaves, equal
 *  reflected fields except the structurally ignored ones, and variables that correspond one to
 *  one, definitions matched by position. Never recurses: any depth works.
 * \throws Error(ValueError) when tensor contents must be compared and a tensor is not on CPU.
 */
bool StructuralEqual(const Any& lhs, const Any& rhs, StructuralEqualOptions options = {});

/*!
 * \brief The first place where lhs and rhs differ, in comparison order (an object's definition
 *  fields first, then its other fields, each in declaration order): the path to it from each
 *  root, or nullopt when they are structurally equal. Items or keys present on one side only are
 *  named with ArrayItemMissing / MapItemMissing on the side that lacks them.
 */
std::optional<std::pair<AccessPath, AccessPath>> GetFirstStructuralMismatch(
    const Any& lhs, const Any& rhs, StructuralEqualOptions options = {});

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_REFLECTION_STRUCTURAL_EQUAL_H_
