/*!
 * \file tvm/ffi/reflection/object_utils.h
 * \brief Generic operations written once over the reflection tables: deep copy and
 *  field-wise equality. They work on every registered type with no per-type code.
 */
#ifndef TVM_FFI_REFLECTION_OBJECT_UTILS_H_
#define TVM_FFI_REFLECTION_OBJECT_UTILS_H_

#include <tvm/ffi/any.h>

namespace tvm {
namespace ffi {
namespace reflection {

/*!
 * \brief A copy in which every reachable object with fields, and every container, is new;
 *  sharing inside the value is kept (a node reached twice is copied once). Strings, shapes,
 *  functions, tensors and modules are immutable or opaque and are shared.
 * \throws Error(TypeError) for an object type without a copy constructor.
 */
Any DeepCopy(const Any& value);

/*!
 * \brief Equality by content: same types, equal inline values, equal strings, containers
 *  element by element, objects field by field (identity short-cuts). Functions, tensors and
 *  modules compare by identity.
 */
bool FieldwiseEqual(const Any& lhs, const Any& rhs);

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_REFLECTION_OBJECT_UTILS_H_
