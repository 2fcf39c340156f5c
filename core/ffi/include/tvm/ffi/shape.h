/*!
 * \file tvm/ffi/shape.h
 * \brief Shape: an immutable list of int64 extents (tensor shapes and strides).
 */
#ifndef TVM_FFI_SHAPE_H_
#define TVM_FFI_SHAPE_H_

#include <tvm/ffi/any.h>

#include <initializer_list>
#include <vector>

namespace tvm {
namespace ffi {

class ShapeObj : public Object {
 public:
  ShapeObj() = default;
  explicit ShapeObj(std::vector<int64_t> dims) : data(std::move(dims)) {}
  std::vector<int64_t> data;
  TVM_FFI_DECLARE_STATIC_OBJECT_INFO("ffi.Shape", ShapeObj, Object, TypeIndex::kShape, true)
};

/*! \brief A never-null reference to an immutable shape. */
class Shape : public ObjectRef {
 public:
  Shape() : Shape(std::vector<int64_t>()) {}
  Shape(std::initializer_list<int64_t> dims) : Shape(std::vector<int64_t>(dims)) {}
  explicit Shape(std::vector<int64_t> dims) : ObjectRef(make_object<ShapeObj>(std::move(dims))) {}
  explicit Shape(ObjectPtr<Object> n) : ObjectRef(std::move(n)) {}

  size_t size() const { return get()->data.size(); }
  int64_t operator[](size_t i) const { return get()->data[i]; }
  /*! \brief Bounds-checked access; IndexError when out of range. */
  int64_t at(int64_t i) const;
  /*! \return the product of the extents (1 for a scalar shape). */
  int64_t Product() const;
  std::vector<int64_t>::const_iterator begin() const { return get()->data.begin(); }
  std::vector<int64_t>::const_iterator end() const { return get()->data.end(); }
  const ShapeObj* get() const { return static_cast<const ShapeObj*>(data_.get()); }
  const ShapeObj* operator->() const { return get(); }

  using ContainerType = ShapeObj;
  static constexpr bool _type_is_nullable = false;
};

}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_SHAPE_H_
