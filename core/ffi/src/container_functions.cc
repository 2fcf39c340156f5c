/*!
 * \file container_functions.cc
 * \brief Global functions over the containers, used by every language binding
 *  ("ffi.Array", "ffi.ArrayGetItem", ...), plus the generic object utilities.
 */
#include <tvm/ffi/array.h>
#include <tvm/ffi/function.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/module.h>
#include <tvm/ffi/reflection/object_utils.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/shape.h>

namespace tvm {
namespace ffi {
namespace {

std::vector<Any> PackedToVector(PackedArgs args) {
  std::vector<Any> items;
  items.reserve(static_cast<size_t>(args.size()));
  for (int32_t i = 0; i < args.size(); ++i) items.emplace_back(args[i]);
  return items;
}

template <typename TMap>
TMap PackedToMap(PackedArgs args, const char* name) {
  if (args.size() % 2 != 0) {
    TVM_FFI_THROW(ValueError) << name << " expects key, value pairs but got " << args.size()
                              << " arguments";
  }
  TMap result;
  for (int32_t i = 0; i < args.size(); i += 2) result.Set(Any(args[i]), Any(args[i + 1]));
  return result;
}

/*! \brief Keys and values interleaved: [k0, v0, k1, v1, ...]. */
Array<Any> FlatItems(const details::OrderedAnyMap& data) {
  std::vector<Any> flat;
  flat.reserve(data.size() * 2);
  for (const auto& [k, v] : data.items()) {
    flat.push_back(k);
    flat.push_back(v);
  }
  return Array<Any>(flat);
}

template <typename TMap>
Any MapGetItem(const TMap& map, const Any& key) {
  const Any* value = map->data.Find(key);
  if (value == nullptr) details::ThrowKeyError(key);
  return *value;
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::GlobalDef()
      .def_packed(
          "ffi.Array", [](PackedArgs args, Any* rv) { *rv = Array<Any>(PackedToVector(args)); },
          "Array of the arguments.")
      .def("ffi.ArraySize", [](Array<Any> a) { return static_cast<int64_t>(a.size()); })
      .def("ffi.ArrayGetItem", [](Array<Any> a, int64_t i) { return a.at(i); })
      .def_packed(
          "ffi.List", [](PackedArgs args, Any* rv) { *rv = List<Any>(PackedToVector(args)); },
          "List of the arguments.")
      .def("ffi.ListSize", [](List<Any> l) { return static_cast<int64_t>(l.size()); })
      .def("ffi.ListGetItem", [](List<Any> l, int64_t i) { return l.at(i); })
      .def("ffi.ListSetItem", [](List<Any> l, int64_t i, Any v) { l.Set(i, std::move(v)); })
      .def("ffi.ListInsert", [](List<Any> l, int64_t i, Any v) { l.insert(i, std::move(v)); })
      .def("ffi.ListAppend", [](List<Any> l, Any v) { l.push_back(std::move(v)); })
      .def("ffi.ListErase", [](List<Any> l, int64_t i) { l.erase(i); })
      .def("ffi.ListClear", [](List<Any> l) { l.clear(); })
      .def_packed(
          "ffi.Map",
          [](PackedArgs args, Any* rv) { *rv = PackedToMap<Map<Any, Any>>(args, "ffi.Map"); },
          "Map of interleaved key, value arguments.")
      .def("ffi.MapSize", [](Map<Any, Any> m) { return static_cast<int64_t>(m.size()); })
      .def("ffi.MapGetItem", [](Map<Any, Any> m, Any k) { return MapGetItem(m, k); })
      .def("ffi.MapContains", [](Map<Any, Any> m, Any k) { return m->data.Find(k) != nullptr; })
      .def("ffi.MapItems", [](Map<Any, Any> m) { return FlatItems(m->data); })
      .def_packed(
          "ffi.Dict",
          [](PackedArgs args, Any* rv) { *rv = PackedToMap<Dict<Any, Any>>(args, "ffi.Dict"); },
          "Dict of interleaved key, value arguments.")
      .def("ffi.DictSize", [](Dict<Any, Any> d) { return static_cast<int64_t>(d.size()); })
      .def("ffi.DictGetItem", [](Dict<Any, Any> d, Any k) { return MapGetItem(d, k); })
      .def("ffi.DictContains", [](Dict<Any, Any> d, Any k) { return d->data.Find(k) != nullptr; })
      .def("ffi.DictSetItem", [](Dict<Any, Any> d, Any k, Any v) { d.Set(k, std::move(v)); })
      .def("ffi.DictErase",
           [](Dict<Any, Any> d, Any k) {
             if (!d.erase(k)) details::ThrowKeyError(k);
           })
      .def("ffi.DictClear", [](Dict<Any, Any> d) { d.clear(); })
      .def("ffi.DictItems", [](Dict<Any, Any> d) { return FlatItems(d->data); })
      .def_packed(
          "ffi.Shape",
          [](PackedArgs args, Any* rv) {
            std::vector<int64_t> dims;
            for (int32_t i = 0; i < args.size(); ++i) {
              std::optional<int64_t> dim = args[i].as<int64_t>();
              if (!dim.has_value()) {
                TVM_FFI_THROW(TypeError)
                    << "Shape extents must be int, got `" << args[i].GetTypeKey() << "` at " << i;
              }
              dims.push_back(*dim);
            }
            *rv = Shape(std::move(dims));
          },
          "Shape of int arguments.")
      .def("ffi.ShapeSize", [](Shape s) { return static_cast<int64_t>(s.size()); })
      .def("ffi.ShapeGetItem", [](Shape s, int64_t i) { return s.at(i); })
      .def("ffi.ModuleGetFunction",
           [](Module m, String name) -> Any {
             std::optional<Function> f = m.GetFunction(name);
             return f.has_value() ? Any(*f) : Any();
           })
      .def(
          "ffi.DeepCopy", [](Any v) { return refl::DeepCopy(v); },
          "A copy of the value in which every object with fields and every container is new.")
      .def(
          "ffi.FieldwiseEqual", [](Any a, Any b) { return refl::FieldwiseEqual(a, b); },
          "Equality by content, field by field.")
      .def("ffi.ListGlobalFunctionNames",
           []() {
             std::vector<std::string> names = Function::ListGlobalNames();
             return Array<String>(names.begin(), names.end());
           })
      .def("ffi.GetGlobalFunctionDoc",
           [](String name) { return Function::GetGlobalDoc(name.view()); });
}

}  // namespace
}  // namespace ffi
}  // namespace tvm
