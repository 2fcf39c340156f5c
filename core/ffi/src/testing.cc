/*!
 * \file testing.cc
 * \brief Registration of the "testing.*" objects and functions.
 */
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/stream_context.h>
#include <tvm/ffi/testing.h>

namespace tvm {
namespace ffi {
namespace testing {
namespace {

[[noreturn]] void TestRaiseError(String kind, String message) {
  throw Error(kind, message, {ErrorFrame{__FILE__, __LINE__, TVM_FFI_FUNC_SIG}});
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  using refl::DefaultValue;
  using refl::DefRegionKind;
  refl::ObjectDef<TestIntPairObj>()
      .def(refl::init<int64_t, int64_t>())
      .def_ro("a", &TestIntPairObj::a, "first value")
      .def_ro("b", &TestIntPairObj::b, "second value")
      .def("sum", &TestIntPairObj::Sum, "a + b");
  refl::ObjectDef<TestBaseObj>()
      .def_ro("name", &TestBaseObj::name)
      .def_ro("value", &TestBaseObj::value, DefaultValue(0));
  refl::ObjectDef<TestNodeObj>()
      .def_ro("dtype", &TestNodeObj::dtype)
      .def_ro("body", &TestNodeObj::body)
      .def_ro("parent", &TestNodeObj::parent, DefaultValue(Any()))
      .def_ro("children", &TestNodeObj::children, DefaultValue(Array<TestBase>()))
      .def_ro("attrs", &TestNodeObj::attrs, DefaultValue(Map<String, Any>()))
      .def_ro("binding", &TestNodeObj::binding, DefRegionKind::kSimple, DefaultValue(Any()))
      .def_ro("pattern", &TestNodeObj::pattern, DefRegionKind::kPattern,
              DefaultValue(Array<TestBase>()));

  refl::GlobalDef()
      .def(
          "testing.echo", [](Any x) { return x; }, "Returns its argument.")
      .def_packed(
          "testing.apply",
          [](PackedArgs args, Any* rv) {
            if (args.size() < 1) {
              TVM_FFI_THROW(TypeError) << "testing.apply expects a function first";
            }
            Function f = args[0].cast<Function>();
            if (!f.defined()) {
              TVM_FFI_THROW(TypeError) << "testing.apply expects a function first, got None";
            }
            f.CallPacked(PackedArgs(args.data() + 1, args.size() - 1), rv);
          },
          "apply(f, *args) calls f(*args).")
      .def("testing.test_raise_error", TestRaiseError, "Throws an error of the given kind.")
      .def(
          "testing.nop", []() {}, "Does nothing (call overhead).")
      .def(
          "testing.add3", [](int64_t a, int64_t b, int64_t c) { return a + b + c; },
          "a + b + c on int64.")
      .def(
          "testing.object_count",
          []() { return details::LiveObjectCounter().load(std::memory_order_relaxed); },
          "Number of live objects in the process (leak tests).")
      .def(
          "testing.get_current_stream",
          [](int64_t device_type, int64_t device_id) {
            DLDevice device{static_cast<DLDeviceType>(device_type),
                            static_cast<int32_t>(device_id)};
            return static_cast<int64_t>(reinterpret_cast<intptr_t>(GetCurrentStream(device)));
          },
          "The stream the caller recorded for the device in this call (0 when none).")
      .def(
          "testing.make_test_node",
          [](String name) {
            ObjectPtr<TestBaseObj> leaf = make_object<TestBaseObj>();
            leaf->name = name + ".leaf";
            ObjectPtr<TestNodeObj> node = make_object<TestNodeObj>();
            node->name = name;
            node->value = 7;
            node->dtype = DataType::Float(32);
            node->body = TestBase(leaf);
            node->children = Array<TestBase>({TestBase(leaf)});
            node->attrs = Map<String, Any>({{"k", Any(1)}});
            return TestNode(node);
          },
          "A TestNode built in C++.");
}

}  // namespace
}  // namespace testing
}  // namespace ffi
}  // namespace tvm
