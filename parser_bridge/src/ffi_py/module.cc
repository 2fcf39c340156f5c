/*!
 * \file module.cc
 * \brief The `tvm_ffi.core` extension module: the object types plus the helpers the Python
 *  package builds on (class registration, reflection queries, globals, DLPack).
 */
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <tvm/script/printer/printer.h>

#include <string>

#include "py_ffi.h"

namespace py = pybind11;

namespace tvm {
namespace ffi {
namespace python {

PyObject* MakeFieldDescriptor(int32_t type_index, int32_t field_index);

ValueClasses& GetValueClasses() {
  static ValueClasses classes;
  return classes;
}

namespace {

/*! \brief A new reference from our C API to a pybind11 object; a null result re-raises. */
py::object Steal(PyObject* result) {
  if (result == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(result);
}

template <typename F>
py::object Run(F body) {
  return Steal(Guard(body));
}

const reflection::TypeInfo* LookupType(py::handle key_or_index) {
  const reflection::TypeInfo* info = nullptr;
  if (py::isinstance<py::int_>(key_or_index)) {
    info = reflection::GetTypeInfo(key_or_index.cast<int32_t>());
  } else {
    info = reflection::GetTypeInfo(key_or_index.cast<std::string>());
  }
  if (info == nullptr) {
    throw py::key_error("no FFI type registered as " + py::str(key_or_index).cast<std::string>());
  }
  return info;
}

py::dict TypeInfoToDict(const reflection::TypeInfo& info) {
  py::dict result;
  result["type_index"] = info.type_index;
  result["type_key"] = info.type_key;
  result["parent_index"] = info.parent_index;
  result["depth"] = info.type_depth;
  result["final"] = info.final;
  result["has_creator"] = info.creator != nullptr;
  py::list fields;
  for (const reflection::FieldInfo& field : info.fields) {
    py::dict entry;
    entry["name"] = field.name;
    entry["type"] = field.type_str;
    entry["read_only"] = field.read_only;
    entry["def_region"] = reflection::DefRegionKindName(field.def_region);
    entry["structural_ignore"] = field.structural_ignore;
    entry["doc"] = field.doc;
    entry["has_default"] = field.default_value.has_value();
    fields.append(entry);
  }
  result["fields"] = fields;
  py::list methods;
  for (const reflection::MethodInfo& method : info.methods) {
    py::dict entry;
    entry["name"] = method.name;
    entry["func"] = Run([&]() { return AnyToPy(Any(method.func)); });
    entry["is_static"] = method.is_static;
    entry["doc"] = method.doc;
    methods.append(entry);
  }
  result["methods"] = methods;
  return result;
}

Tensor RequireTensor(py::handle obj) {
  Object* handle = PyObject_TypeCheck(obj.ptr(), ObjectType())
                       ? reinterpret_cast<PyFFIObject*>(obj.ptr())->handle
                       : nullptr;
  if (handle == nullptr || handle->type_index() != TypeIndex::kTensor) {
    throw py::type_error("expected a tvm_ffi.Tensor");
  }
  return details::ObjectUnsafe::RefFromPtr<Tensor>(
      details::ObjectUnsafe::PtrFromRaw<Object>(handle));
}

}  // namespace
}  // namespace python
}  // namespace ffi
}  // namespace tvm

PYBIND11_MODULE(core, m) {
  using namespace tvm::ffi;
  using namespace tvm::ffi::python;
  m.doc() = "C++ core of tvm_ffi: object wrappers, conversions and registries.";
  // Keeps the printer library loaded: `.script()` and str() reach it through the registry.
  tvm::script::printer::LinkPrinter();
  if (!InitObjectTypes(m.ptr())) throw py::error_already_set();

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const PythonErrorSet&) {
      // the Python error is already set
    } catch (const Error& error) {
      SetPyError(error);
    }
  });

  m.def("_register_class",
        [](int32_t type_index, py::handle cls) { RegisterClass(type_index, cls.ptr()); });
  m.def("_set_class_factory", [](py::handle factory) { SetClassFactory(factory.ptr()); });
  m.def("_set_value_classes", [](py::handle dtype, py::handle device, py::handle void_p) {
    ValueClasses& classes = GetValueClasses();
    for (auto [slot, value] :
         {std::pair{&classes.dtype, dtype}, {&classes.device, device}, {&classes.void_p, void_p}}) {
      Py_INCREF(value.ptr());
      Py_XDECREF(*slot);
      *slot = value.ptr();
    }
  });
  m.def("_set_error_registry", [](py::handle classes, py::handle frames_hook) {
    SetErrorRegistry(classes.ptr(), frames_hook.ptr());
  });
  m.def(
      "_type_info",
      [](py::handle key_or_index) { return TypeInfoToDict(*LookupType(key_or_index)); },
      "Reflection data of a type (by key or index).");
  m.def("_type_ancestors", [](py::handle key_or_index) {
    py::list chain;
    for (const reflection::TypeInfo* info = LookupType(key_or_index); info != nullptr;
         info = reflection::GetTypeInfo(info->parent_index)) {
      chain.append(info->type_index);
    }
    return chain;
  });
  m.def("_field_descriptor", [](int32_t type_index, int32_t field_index) {
    return Steal(MakeFieldDescriptor(type_index, field_index));
  });
  m.def("_get_global_func", [](const std::string& name) {
    return Run([&]() -> PyObject* {
      std::optional<Function> func = Function::GetGlobal(name);
      if (!func.has_value()) Py_RETURN_NONE;
      return AnyToPy(Any(*func));
    });
  });
  m.def("_register_global_func", [](const std::string& name, py::handle func,
                                    bool override_existing, const std::string& doc) {
    Run([&]() -> PyObject* {
      Any value = PyToAny(func.ptr());
      std::optional<Function> f = value.as<Function>();
      if (!f.has_value()) {
        TVM_FFI_THROW(TypeError) << "register_global_func needs a callable, got "
                                 << Py_TYPE(func.ptr())->tp_name;
      }
      Function::SetGlobal(name, *f, GlobalFunctionOptions{override_existing, doc});
      Py_RETURN_NONE;
    });
  });
  m.def("_remove_global_func",
        [](const std::string& name) { return Function::RemoveGlobal(name); });
  m.def("_list_global_func_names", []() { return Function::ListGlobalNames(); });
  m.def("_global_func_doc", [](const std::string& name) { return Function::GetGlobalDoc(name); });
  m.def(
      "convert",
      [](py::handle value) { return Run([&]() { return AnyToPy(PyToAny(value.ptr())); }); },
      "Converts a Python value to its FFI form (list -> Array, dict -> Map, callable -> "
      "Function).");
  m.def("_from_dlpack", [](py::handle value) {
    return Run([&]() { return AnyToPy(Any(TensorFromPyDLPack(value.ptr()))); });
  });
  m.def("_tensor_to_dlpack",
        [](py::handle tensor) { return Steal(TensorToDLPackCapsule(RequireTensor(tensor))); });
  m.def("_tensor_info", [](py::handle tensor) {
    Tensor t = RequireTensor(tensor);
    py::tuple shape = py::cast(t.shape());
    py::tuple strides = py::cast(t.strides());
    return py::make_tuple(shape, t.dtype().ToString(), static_cast<int>(t.device().device_type),
                          t.device().device_id, strides, reinterpret_cast<uintptr_t>(t.data_ptr()));
  });
  m.def("_tensor_empty", [](std::vector<int64_t> shape, const std::string& dtype, int device_type,
                            int device_id) {
    return Run([&]() {
      return AnyToPy(Tensor::Empty(shape, DataType::Parse(dtype),
                                   DLDevice{static_cast<DLDeviceType>(device_type), device_id}));
    });
  });
  m.def("_parse_dtype", [](const std::string& text) {
    return Run([&]() -> PyObject* {
      return PyUnicode_FromString(DataType::Parse(text).ToString().c_str());
    });
  });
  m.def("_device_type_from_name", [](const std::string& name) {
    return Run([&]() { return PyLong_FromLong(DeviceTypeFromName(name)); });
  });
  m.def("_device_type_name",
        [](int device_type) { return std::string(DeviceTypeName(device_type)); });
  m.def(
      "_init_handle_from",
      [](py::handle self, py::handle source) {
        if (!IsFFIObject(self.ptr()) || !IsFFIObject(source.ptr())) {
          throw py::type_error("_init_handle_from needs two FFI objects");
        }
        Object* handle = reinterpret_cast<PyFFIObject*>(source.ptr())->handle;
        if (handle != nullptr) details::ObjectUnsafe::IncRef(handle);
        Object* old = reinterpret_cast<PyFFIObject*>(self.ptr())->handle;
        reinterpret_cast<PyFFIObject*>(self.ptr())->handle = handle;
        if (old != nullptr) details::ObjectUnsafe::DecRef(old);
      },
      "Makes self refer to the object source refers to (used by container constructors).");
  m.def("_object_count", []() { return details::LiveObjectCounter().load(); });
}
