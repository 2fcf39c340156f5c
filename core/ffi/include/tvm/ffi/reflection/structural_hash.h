/*!
 * \file tvm/ffi/reflection/structural_hash.h
 * \brief A hash consistent with StructuralEqual: values that are structurally equal under some
 *  options hash equal under the same options.
 */
#ifndef TVM_FFI_REFLECTION_STRUCTURAL_HASH_H_
#define TVM_FFI_REFLECTION_STRUCTURAL_HASH_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/reflection/structural_equal.h>

#include <cstdint>

namespace tvm {
namespace ffi {
namespace reflection {

/*!
 * \brief The structural hash of a value. Defined variables hash by the position of their
 *  definition, so alpha-renamed copies hash equal; free variables hash by identity (or by order
 *  of first appearance under map_free_vars). Free variables hashed by identity make the value
 *  differ from run to run: compare hashes within one process only. Never recurses.
 */
uint64_t StructuralHash(const Any& value, StructuralEqualOptions options = {});

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_REFLECTION_STRUCTURAL_HASH_H_
