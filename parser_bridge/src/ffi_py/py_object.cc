/*!
 * \file py_object.cc
 * \brief The tvm_ffi.Object and tvm_ffi.Function types, field descriptors and the map from
 *  type index to Python class.
 */
#include "py_ffi.h"
// structmember.h needs Python.h (from py_ffi.h) first.
#include <structmember.h>

#include <algorithm>
#include <string>
#include <vector>

namespace tvm {
namespace ffi {
namespace python {
namespace {

PyTypeObject* g_object_type = nullptr;
PyTypeObject* g_function_type = nullptr;
PyObject* g_class_factory = nullptr;
/*! \brief Python class per type index (strong references, never released). */
std::vector<PyObject*> g_classes;

using details::ObjectUnsafe;

// ---- Object ------------------------------------------------------------------------------

PyObject* ObjectNew(PyTypeObject* type, PyObject*, PyObject*) {
  PyObject* self = type->tp_alloc(type, 0);
  if (self != nullptr) reinterpret_cast<PyFFIObject*>(self)->handle = nullptr;
  return self;
}

void ObjectDealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  Object* handle = reinterpret_cast<PyFFIObject*>(self)->handle;
  reinterpret_cast<PyFFIObject*>(self)->handle = nullptr;
  if (handle != nullptr) ObjectUnsafe::DecRef(handle);
  type->tp_free(self);
  Py_DECREF(type);
}

/*! \brief The type index a Python class stands for (its __tvm_ffi_type_index__). */
std::optional<int32_t> ClassTypeIndex(PyTypeObject* cls) {
  PyObject* value =
      PyObject_GetAttrString(reinterpret_cast<PyObject*>(cls), "__tvm_ffi_type_index__");
  if (value == nullptr) {
    PyErr_Clear();
    return std::nullopt;
  }
  long index = PyLong_AsLong(value);
  Py_DECREF(value);
  if (index == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    return std::nullopt;
  }
  return static_cast<int32_t>(index);
}

void SetHandle(PyObject* self, ObjectRef ref) {
  auto* obj = reinterpret_cast<PyFFIObject*>(self);
  Object* old = obj->handle;
  obj->handle = ObjectUnsafe::ReleasePtr(ObjectUnsafe::MutablePtr(ref));
  if (old != nullptr) ObjectUnsafe::DecRef(old);
}

/*! \brief Makes self refer to the object an `__ffi_init__` returned (consumes result). */
PyObject* AdoptInitResult(PyObject* self, PyObject* result) {
  if (result == nullptr) return nullptr;
  if (!IsFFIObject(result)) {
    Py_DECREF(result);
    PyErr_SetString(PyExc_TypeError, "__ffi_init__ did not return an object");
    return nullptr;
  }
  SetHandle(self, ObjectUnsafe::RefFromPtr<ObjectRef>(ObjectUnsafe::PtrFromRaw<Object>(
                      reinterpret_cast<PyFFIObject*>(result)->handle)));
  Py_DECREF(result);
  Py_RETURN_NONE;
}

/*! \brief Owned references to Python objects, released together. */
struct OwnedArgs {
  std::vector<PyObject*> items;
  ~OwnedArgs() {
    for (PyObject* item : items) Py_XDECREF(item);
  }
};

/*!
 * \brief Maps positional and keyword arguments onto the constructor's named arguments
 *  (TypeInfo::init_arg_names); an omitted argument takes the default of the field of that name.
 * \return false with a TypeError set on unknown, repeated or missing arguments.
 */
bool BindInitArguments(const reflection::TypeInfo& info, PyObject* args, PyObject* kwargs,
                       OwnedArgs* bound) {
  const std::vector<std::string>& names = info.init_arg_names;
  Py_ssize_t nargs = PyTuple_GET_SIZE(args);
  if (static_cast<size_t>(nargs) > names.size()) {
    PyErr_Format(PyExc_TypeError, "%s() takes %zu arguments, got %zd", info.type_key.c_str(),
                 names.size(), nargs);
    return false;
  }
  bound->items.assign(names.size(), nullptr);
  for (Py_ssize_t i = 0; i < nargs; ++i) {
    bound->items[static_cast<size_t>(i)] = Py_NewRef(PyTuple_GET_ITEM(args, i));
  }
  PyObject* key;
  PyObject* value;
  Py_ssize_t pos = 0;
  while (kwargs != nullptr && PyDict_Next(kwargs, &pos, &key, &value)) {
    const char* name = PyUnicode_AsUTF8(key);
    auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) {
      PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%s'",
                   info.type_key.c_str(), name);
      return false;
    }
    PyObject*& slot = bound->items[static_cast<size_t>(it - names.begin())];
    if (slot != nullptr) {
      PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'",
                   info.type_key.c_str(), name);
      return false;
    }
    slot = Py_NewRef(value);
  }
  for (size_t i = 0; i < names.size(); ++i) {
    if (bound->items[i] != nullptr) continue;
    const reflection::FieldInfo* field = reflection::FindField(info.type_index, names[i]);
    if (field == nullptr || !field->default_value.has_value()) {
      PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", info.type_key.c_str(),
                   names[i].c_str());
      return false;
    }
    bound->items[i] = AnyToPy(*field->default_value);
    if (bound->items[i] == nullptr) return false;
  }
  return true;
}

/*!
 * \brief __ffi_init__(*args) calls the type's registered constructor. Keyword arguments go to
 *  the constructor's named arguments when it has them, else build the object field by field.
 */
PyObject* ObjectFFIInit(PyObject* self, PyObject* args, PyObject* kwargs) {
  return Guard([&]() -> PyObject* {
    std::optional<int32_t> index = ClassTypeIndex(Py_TYPE(self));
    if (!index.has_value()) {
      PyErr_Format(PyExc_TypeError, "%s is not a registered FFI object class",
                   Py_TYPE(self)->tp_name);
      return nullptr;
    }
    const reflection::TypeInfo* info = reflection::GetTypeInfo(*index);
    Py_ssize_t nargs = PyTuple_GET_SIZE(args);
    Py_ssize_t nkw = kwargs != nullptr ? PyDict_GET_SIZE(kwargs) : 0;
    const reflection::MethodInfo* named_init = reflection::FindMethod(*index, "__ffi_init__");
    if (nkw > 0 && !info->init_arg_names.empty() && named_init != nullptr) {
      OwnedArgs bound;
      if (!BindInitArguments(*info, args, kwargs, &bound)) return nullptr;
      return AdoptInitResult(
          self, CallFunction(named_init->func.get(), bound.items.data(), bound.items.size()));
    }
    if (nkw > 0 && nargs > 0) {
      PyErr_Format(PyExc_TypeError,
                   "%s() takes either positional arguments (its constructor) or keyword "
                   "arguments (its fields), not both",
                   info->type_key.c_str());
      return nullptr;
    }
    if (nkw > 0 || (nargs == 0 && reflection::FindMethod(*index, "__ffi_init__") == nullptr)) {
      ConversionScope scope;
      std::vector<std::pair<std::string, AnyView>> fields;
      PyObject* key;
      PyObject* value;
      Py_ssize_t pos = 0;
      while (kwargs != nullptr && PyDict_Next(kwargs, &pos, &key, &value)) {
        fields.emplace_back(PyUnicode_AsUTF8(key), PyToAnyView(value, &scope));
      }
      SetHandle(self, reflection::CreateFromFields(*index, fields));
      Py_RETURN_NONE;
    }
    const reflection::MethodInfo* init = reflection::FindMethod(*index, "__ffi_init__");
    if (init == nullptr || !init->is_static) {
      PyErr_Format(PyExc_TypeError, "%s has no registered constructor (__ffi_init__)",
                   info->type_key.c_str());
      return nullptr;
    }
    return AdoptInitResult(self, CallFunction(init->func.get(), &PyTuple_GET_ITEM(args, 0),
                                              static_cast<size_t>(nargs)));
  });
}

int ObjectInit(PyObject* self, PyObject* args, PyObject* kwargs) {
  // Classes that define no __init__ construct through __ffi_init__.
  PyObject* result = ObjectFFIInit(self, args, kwargs);
  if (result == nullptr) return -1;
  Py_DECREF(result);
  return 0;
}

Object* RequireHandle(PyObject* self) {
  Object* handle = reinterpret_cast<PyFFIObject*>(self)->handle;
  if (handle == nullptr) {
    PyErr_Format(PyExc_ValueError, "%s object is not initialised (its __ffi_init__ was not called)",
                 Py_TYPE(self)->tp_name);
  }
  return handle;
}

PyObject* ObjectSameAs(PyObject* self, PyObject* other) {
  if (!IsFFIObject(other)) Py_RETURN_FALSE;
  Object* a = reinterpret_cast<PyFFIObject*>(self)->handle;
  Object* b = reinterpret_cast<PyFFIObject*>(other)->handle;
  return PyBool_FromLong(a != nullptr && a == b);
}

PyObject* ObjectRichCompare(PyObject* self, PyObject* other, int op) {
  if ((op != Py_EQ && op != Py_NE) || !IsFFIObject(other)) Py_RETURN_NOTIMPLEMENTED;
  Object* a = reinterpret_cast<PyFFIObject*>(self)->handle;
  Object* b = reinterpret_cast<PyFFIObject*>(other)->handle;
  bool same = (a == b) && (a != nullptr || self == other);
  return PyBool_FromLong(op == Py_EQ ? same : !same);
}

Py_hash_t ObjectHash(PyObject* self) {
  Object* handle = reinterpret_cast<PyFFIObject*>(self)->handle;
  void* key = handle != nullptr ? static_cast<void*>(handle) : static_cast<void*>(self);
  // Pointers are aligned: drop the low bits that are always zero.
  Py_hash_t hash = static_cast<Py_hash_t>(reinterpret_cast<uintptr_t>(key) >> 4);
  return hash == -1 ? -2 : hash;
}

PyObject* ObjectGetTypeKey(PyObject* self, void*) {
  Object* handle = RequireHandle(self);
  if (handle == nullptr) return nullptr;
  return PyUnicode_FromString(handle->GetTypeKey().c_str());
}

PyObject* ObjectGetTypeIndex(PyObject* self, void*) {
  Object* handle = RequireHandle(self);
  if (handle == nullptr) return nullptr;
  return PyLong_FromLong(handle->type_index());
}

PyObject* ObjectGetHandleAddress(PyObject* self, void*) {
  return PyLong_FromVoidPtr(reinterpret_cast<PyFFIObject*>(self)->handle);
}

PyObject* ObjectUseCount(PyObject* self, PyObject*) {
  Object* handle = RequireHandle(self);
  if (handle == nullptr) return nullptr;
  return PyLong_FromLong(handle->use_count());
}

PyMethodDef kObjectMethods[] = {
    {"__ffi_init__", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(ObjectFFIInit)),
     METH_VARARGS | METH_KEYWORDS,
     "Initialise through the type's registered constructor, or by field keywords."},
    {"same_as", ObjectSameAs, METH_O, "Whether both refer to the same FFI object."},
    {"_use_count", ObjectUseCount, METH_NOARGS, "Reference count of the FFI object."},
    {nullptr, nullptr, 0, nullptr},
};

PyGetSetDef kObjectGetSet[] = {
    {"__tvm_ffi_type_key__", ObjectGetTypeKey, nullptr, "Type key of the object.", nullptr},
    {"_type_index", ObjectGetTypeIndex, nullptr, "Runtime type index.", nullptr},
    {"_handle_address", ObjectGetHandleAddress, nullptr, "Address of the FFI object.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyType_Slot kObjectSlots[] = {
    {Py_tp_new, reinterpret_cast<void*>(ObjectNew)},
    {Py_tp_init, reinterpret_cast<void*>(ObjectInit)},
    {Py_tp_dealloc, reinterpret_cast<void*>(ObjectDealloc)},
    {Py_tp_methods, kObjectMethods},
    {Py_tp_getset, kObjectGetSet},
    {Py_tp_richcompare, reinterpret_cast<void*>(ObjectRichCompare)},
    {Py_tp_hash, reinterpret_cast<void*>(ObjectHash)},
    {Py_tp_doc, const_cast<char*>("Base class of every FFI object.")},
    {0, nullptr},
};

PyType_Spec kObjectSpec = {
    "tvm_ffi.core.Object", sizeof(PyFFIObject), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    kObjectSlots,
};

// ---- Function ----------------------------------------------------------------------------

PyObject* FunctionVectorcall(PyObject* self, PyObject* const* args, size_t nargsf,
                             PyObject* kwnames) {
  if (kwnames != nullptr && PyTuple_GET_SIZE(kwnames) > 0) {
    PyErr_SetString(PyExc_TypeError, "FFI functions take positional arguments only");
    return nullptr;
  }
  Object* handle = reinterpret_cast<PyFFIObject*>(self)->handle;
  if (handle == nullptr) return RequireHandle(self) == nullptr ? nullptr : nullptr;
  return CallFunction(static_cast<FunctionObj*>(handle), args, PyVectorcall_NARGS(nargsf));
}

PyObject* FunctionNew(PyTypeObject* type, PyObject* args, PyObject*) {
  // Function(callable) wraps a Python callable.
  PyObject* callable = nullptr;
  if (!PyArg_ParseTuple(args, "O:Function", &callable)) return nullptr;
  if (!PyCallable_Check(callable)) {
    PyErr_Format(PyExc_TypeError, "Function() needs a callable, got %s",
                 Py_TYPE(callable)->tp_name);
    return nullptr;
  }
  PyObject* self = type->tp_alloc(type, 0);
  if (self == nullptr) return nullptr;
  reinterpret_cast<PyFFIFunction*>(self)->vectorcall = FunctionVectorcall;
  SetHandle(self, FunctionFromPyCallable(callable));
  return self;
}

PyMemberDef kFunctionMembers[] = {
    {"__vectorcalloffset__", T_PYSSIZET, offsetof(PyFFIFunction, vectorcall), READONLY, nullptr},
    {nullptr, 0, 0, 0, nullptr},
};

PyType_Slot kFunctionSlots[] = {
    {Py_tp_new, reinterpret_cast<void*>(FunctionNew)},
    {Py_tp_init, reinterpret_cast<void*>(+[](PyObject*, PyObject*, PyObject*) { return 0; })},
    {Py_tp_call, reinterpret_cast<void*>(PyVectorcall_Call)},
    {Py_tp_members, kFunctionMembers},
    {Py_tp_doc, const_cast<char*>("A callable FFI function.")},
    {0, nullptr},
};

PyType_Spec kFunctionSpec = {
    "tvm_ffi.core.Function",
    sizeof(PyFFIFunction),
    0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    kFunctionSlots,
};

// ---- Field descriptors -------------------------------------------------------------------

/*! \brief A property reading (and for def_rw fields writing) one reflected field. */
struct PyFieldDescriptor {
  PyObject ob_base;  // PyObject_HEAD, spelled out so that clang-format keeps the layout
  int32_t type_index;
  int32_t field_index;
};

const reflection::FieldInfo& DescriptorField(PyObject* self) {
  auto* desc = reinterpret_cast<PyFieldDescriptor*>(self);
  return reflection::GetTypeInfo(desc->type_index)->fields[static_cast<size_t>(desc->field_index)];
}

PyObject* FieldGet(PyObject* self, PyObject* obj, PyObject*) {
  if (obj == nullptr || obj == Py_None) {
    Py_INCREF(self);
    return self;
  }
  if (!IsFFIObject(obj)) {
    PyErr_SetString(PyExc_TypeError, "field descriptor used on a non-FFI object");
    return nullptr;
  }
  Object* handle = RequireHandle(obj);
  if (handle == nullptr) return nullptr;
  auto* desc = reinterpret_cast<PyFieldDescriptor*>(self);
  if (!details::IsDerivedFrom(handle->type_index(), desc->type_index)) {
    PyErr_Format(PyExc_TypeError, "field `%s` does not belong to `%s`",
                 DescriptorField(self).name.c_str(), handle->GetTypeKey().c_str());
    return nullptr;
  }
  return Guard([&]() { return AnyToPy(reflection::GetFieldValue(handle, DescriptorField(self))); });
}

int FieldSet(PyObject* self, PyObject* obj, PyObject* value) {
  const reflection::FieldInfo& field = DescriptorField(self);
  if (field.read_only || value == nullptr) {
    PyErr_Format(PyExc_AttributeError, "field `%s` is read-only: FFI objects are immutable",
                 field.name.c_str());
    return -1;
  }
  Object* handle = RequireHandle(obj);
  if (handle == nullptr) return -1;
  PyObject* ok = Guard([&]() -> PyObject* {
    ConversionScope scope;
    reflection::SetFieldValue(handle, field, PyToAnyView(value, &scope));
    Py_RETURN_NONE;
  });
  if (ok == nullptr) return -1;
  Py_DECREF(ok);
  return 0;
}

PyObject* FieldDoc(PyObject* self, void*) {
  const reflection::FieldInfo& field = DescriptorField(self);
  std::string doc = field.name + ": " + field.type_str;
  if (!field.doc.empty()) doc += "\n" + field.doc;
  return PyUnicode_FromString(doc.c_str());
}

PyGetSetDef kFieldGetSet[] = {
    {"__doc__", FieldDoc, nullptr, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyType_Slot kFieldSlots[] = {
    {Py_tp_descr_get, reinterpret_cast<void*>(FieldGet)},
    {Py_tp_descr_set, reinterpret_cast<void*>(FieldSet)},
    {Py_tp_getset, kFieldGetSet},
    {0, nullptr},
};

PyType_Spec kFieldSpec = {
    "tvm_ffi.core.FieldDescriptor",
    sizeof(PyFieldDescriptor),
    0,
    // Made only by _field_descriptor, which checks the indices the descriptor reads through.
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    kFieldSlots,
};

PyTypeObject* g_field_type = nullptr;

}  // namespace

PyTypeObject* ObjectType() { return g_object_type; }
PyTypeObject* FunctionType() { return g_function_type; }

bool InitObjectTypes(PyObject* module) {
  g_object_type = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&kObjectSpec));
  if (g_object_type == nullptr) return false;
  PyObject* bases = PyTuple_Pack(1, g_object_type);
  g_function_type =
      reinterpret_cast<PyTypeObject*>(PyType_FromSpecWithBases(&kFunctionSpec, bases));
  Py_DECREF(bases);
  g_field_type = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&kFieldSpec));
  if (g_function_type == nullptr || g_field_type == nullptr) return false;
  g_classes.assign(1 << 14, nullptr);
  RegisterClass(TypeIndex::kObject, reinterpret_cast<PyObject*>(g_object_type));
  RegisterClass(TypeIndex::kFunction, reinterpret_cast<PyObject*>(g_function_type));
  Py_INCREF(g_object_type);
  Py_INCREF(g_function_type);
  Py_INCREF(g_field_type);
  return PyModule_AddObject(module, "Object", reinterpret_cast<PyObject*>(g_object_type)) == 0 &&
         PyModule_AddObject(module, "Function", reinterpret_cast<PyObject*>(g_function_type)) ==
             0 &&
         PyModule_AddObject(module, "FieldDescriptor", reinterpret_cast<PyObject*>(g_field_type)) ==
             0;
}

void RegisterClass(int32_t type_index, PyObject* cls) {
  if (type_index < 0 || static_cast<size_t>(type_index) >= g_classes.size()) return;
  Py_INCREF(cls);
  Py_XDECREF(g_classes[static_cast<size_t>(type_index)]);
  g_classes[static_cast<size_t>(type_index)] = cls;
}

void SetClassFactory(PyObject* factory) {
  Py_XINCREF(factory);
  Py_XDECREF(g_class_factory);
  g_class_factory = factory;
}

/*! \brief New field descriptor for field `field_index` declared by `type_index`. */
PyObject* MakeFieldDescriptor(int32_t type_index, int32_t field_index) {
  const reflection::TypeInfo* info = reflection::GetTypeInfo(type_index);
  if (info == nullptr || field_index < 0 ||
      static_cast<size_t>(field_index) >= info->fields.size()) {
    PyErr_Format(PyExc_IndexError, "FFI type %d has no reflected field #%d", type_index,
                 field_index);
    return nullptr;
  }
  PyObject* self = g_field_type->tp_alloc(g_field_type, 0);
  if (self == nullptr) return nullptr;
  reinterpret_cast<PyFieldDescriptor*>(self)->type_index = type_index;
  reinterpret_cast<PyFieldDescriptor*>(self)->field_index = field_index;
  return self;
}

/*! \brief The class for a type index: registered, else made by the factory, else Object. */
PyObject* ClassForTypeIndex(int32_t type_index) {
  size_t slot = static_cast<size_t>(type_index);
  if (slot < g_classes.size() && g_classes[slot] != nullptr) return g_classes[slot];
  if (g_class_factory != nullptr) {
    PyObject* cls = PyObject_CallFunction(g_class_factory, "i", type_index);
    if (cls == nullptr) return nullptr;
    RegisterClass(type_index, cls);
    Py_DECREF(cls);
    return cls;
  }
  return reinterpret_cast<PyObject*>(g_object_type);
}

/*! \brief Wraps an owned object reference in an instance of its class (no __init__ runs). */
PyObject* WrapObject(Object* owned) {
  PyObject* cls = ClassForTypeIndex(owned->type_index());
  if (cls == nullptr) {
    ObjectUnsafe::DecRef(owned);
    return nullptr;
  }
  auto* type = reinterpret_cast<PyTypeObject*>(cls);
  PyObject* self = type->tp_alloc(type, 0);
  if (self == nullptr) {
    ObjectUnsafe::DecRef(owned);
    return nullptr;
  }
  reinterpret_cast<PyFFIObject*>(self)->handle = owned;
  if (owned->type_index() == TypeIndex::kFunction) {
    reinterpret_cast<PyFFIFunction*>(self)->vectorcall = FunctionVectorcall;
  }
  return self;
}

}  // namespace python
}  // namespace ffi
}  // namespace tvm
