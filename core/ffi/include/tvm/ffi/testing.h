/*!
 * \file tvm/ffi/testing.h
 * \brief Objects the test suites and the Python guide use ("testing.*"). They ship in the core
 *  library, as in tvm-ffi, so `tvm_ffi.get_global_func("testing.echo")` works after import.
 */
#ifndef TVM_FFI_TESTING_H_
#define TVM_FFI_TESTING_H_

#include <tvm/ffi/array.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/optional.h>
#include <tvm/ffi/string.h>

namespace tvm {
namespace ffi {
namespace testing {

/*! \brief The guide's "testing.TestIntPair". */
class TestIntPairObj : public Object {
 public:
  int64_t a = 0;
  int64_t b = 0;
  TestIntPairObj() = default;
  TestIntPairObj(int64_t a, int64_t b) : a(a), b(b) {}
  int64_t Sum() const { return a + b; }
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("testing.TestIntPair", TestIntPairObj, Object);
};

class TestIntPair : public ObjectRef {
 public:
  explicit TestIntPair(int64_t a, int64_t b) : ObjectRef(make_object<TestIntPairObj>(a, b)) {}
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(TestIntPair, ObjectRef, TestIntPairObj);
};

/*! \brief Base of the C++-only reflection test hierarchy. */
class TestBaseObj : public Object {
 public:
  String name;
  int64_t value = 0;
  TVM_FFI_DECLARE_OBJECT_INFO("testing.TestBase", TestBaseObj, Object);
};

class TestBase : public ObjectRef {
 public:
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(TestBase, ObjectRef, TestBaseObj);
};

/*!
 * \brief A node with one field of each kind the reflection system must carry: object,
 *  optional, Array of objects, Map, String (inherited), DataType and definition regions.
 */
class TestNodeObj : public TestBaseObj {
 public:
  DataType dtype;
  TestBase body;
  Optional<TestBase> parent;
  Array<TestBase> children;
  Map<String, Any> attrs;
  /*! \brief A Simple definition region (a fresh binding). */
  Optional<TestBase> binding;
  /*! \brief A Pattern definition region (matched against values). */
  Array<TestBase> pattern;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("testing.TestNode", TestNodeObj, TestBaseObj);
};

class TestNode : public TestBase {
 public:
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(TestNode, TestBase, TestNodeObj);
};

}  // namespace testing
}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_TESTING_H_
