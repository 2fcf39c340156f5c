/*!
 * \file py_convert.cc
 * \brief Python value <-> Any, including the argument-conversion protocols, and calls.
 */
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "py_ffi.h"

namespace tvm {
namespace ffi {
namespace python {

PyObject* WrapObject(Object* owned);

namespace {

using details::ObjectUnsafe;

/*! \brief How values of one Python type convert; found once per type and cached. */
enum class Protocol {
  kObject,      // __tvm_ffi_object__
  kValue,       // __tvm_ffi_value__
  kOpaquePtr,   // __tvm_ffi_opaque_ptr__
  kInt,         // __tvm_ffi_int__
  kFloat,       // __tvm_ffi_float__
  kDLPack,      // __dlpack__ (maybe with __tvm_ffi_env_stream__)
  kCudaStream,  // __cuda_stream__
  kBoolLike,    // numpy.bool_ (its __index__ is deprecated and gives an int)
  kIndex,       // __index__ (numpy integers)
  kFloatLike,   // __float__ (numpy floats)
  kSequence,    // list / tuple subclasses
  kMapping,     // dict subclasses
  kException,
  kCallable,
  kUnsupported,
};

std::unordered_map<PyTypeObject*, Protocol>& ProtocolCache() {
  static auto* cache = new std::unordered_map<PyTypeObject*, Protocol>();
  return *cache;
}

bool TypeHas(PyTypeObject* type, const char* name) {
  // Looked up on the class, not the instance, as the protocol table requires.
  PyObject* attr = PyObject_GetAttrString(reinterpret_cast<PyObject*>(type), name);
  if (attr == nullptr) {
    PyErr_Clear();
    return false;
  }
  Py_DECREF(attr);
  return true;
}

Protocol FindProtocol(PyTypeObject* type) {
  auto& cache = ProtocolCache();
  auto it = cache.find(type);
  if (it != cache.end()) return it->second;
  Protocol protocol = Protocol::kUnsupported;
  if (TypeHas(type, "__tvm_ffi_object__")) {
    protocol = Protocol::kObject;
  } else if (TypeHas(type, "__tvm_ffi_value__")) {
    protocol = Protocol::kValue;
  } else if (TypeHas(type, "__tvm_ffi_opaque_ptr__")) {
    protocol = Protocol::kOpaquePtr;
  } else if (TypeHas(type, "__tvm_ffi_int__")) {
    protocol = Protocol::kInt;
  } else if (TypeHas(type, "__tvm_ffi_float__")) {
    protocol = Protocol::kFloat;
  } else if (TypeHas(type, "__dlpack__")) {
    protocol = Protocol::kDLPack;
  } else if (TypeHas(type, "__cuda_stream__")) {
    protocol = Protocol::kCudaStream;
  } else if (PyType_IsSubtype(type, &PyList_Type) || PyType_IsSubtype(type, &PyTuple_Type)) {
    protocol = Protocol::kSequence;
  } else if (PyType_IsSubtype(type, &PyDict_Type)) {
    protocol = Protocol::kMapping;
  } else if (PyType_IsSubtype(type, reinterpret_cast<PyTypeObject*>(PyExc_BaseException))) {
    protocol = Protocol::kException;
  } else if (std::string_view(type->tp_name) == "numpy.bool_" ||
             std::string_view(type->tp_name) == "numpy.bool") {
    protocol = Protocol::kBoolLike;
  } else if (TypeHas(type, "__index__")) {
    protocol = Protocol::kIndex;
  } else if (TypeHas(type, "__float__")) {
    protocol = Protocol::kFloatLike;
  } else if (type->tp_call != nullptr) {
    protocol = Protocol::kCallable;
  }
  Py_INCREF(type);  // the cache keys on the type: keep it alive so its address stays unique
  cache.emplace(type, protocol);
  return protocol;
}

[[noreturn]] void ThrowPython() { throw PythonErrorSet(); }

/*! \brief Calls obj.<name>() and returns a new reference, or throws PythonErrorSet. */
PyObject* CallMethod(PyObject* obj, const char* name) {
  PyObject* result = PyObject_CallMethod(obj, name, nullptr);
  if (result == nullptr) ThrowPython();
  return result;
}

/*!
 * \brief Reads an int that fits one CPython digit (|value| < 2**30) without a call, as
 *  CPython's own fast paths do; false for anything else (then PyIntValue takes the slow path).
 */
inline bool CompactIntValue(PyObject* value, int64_t* result) {
  if (!PyLong_Check(value)) return false;
#if PY_VERSION_HEX >= 0x030C0000
  auto* number = reinterpret_cast<PyLongObject*>(value);
  if (!PyUnstable_Long_IsCompact(number)) return false;
  *result = PyUnstable_Long_CompactValue(number);
  return true;
#else
  // Before 3.12 ob_size holds the sign and the number of digits.
  Py_ssize_t size = Py_SIZE(value);
  if (size < -1 || size > 1) return false;
  *result = size == 0
                ? 0
                : static_cast<int64_t>(size) *
                      static_cast<int64_t>(reinterpret_cast<PyLongObject*>(value)->ob_digit[0]);
  return true;
#endif
}

int64_t PyIntValue(PyObject* value) {
  int64_t compact = 0;
  if (CompactIntValue(value, &compact)) return compact;
  int overflow = 0;
  long long result = PyLong_AsLongLongAndOverflow(value, &overflow);
  if (overflow != 0) {
    PyErr_SetString(PyExc_OverflowError, "Python int too large to convert to an FFI int64");
    ThrowPython();
  }
  if (result == -1 && PyErr_Occurred()) ThrowPython();
  return result;
}

AnyView Keep(ConversionScope* scope, Any value) {
  scope->temporaries.push_back(std::move(value));
  return AnyView(scope->temporaries.back());
}

/*! \brief Tracks the chain of __tvm_ffi_value__ calls to report cycles. */
struct ValueChain {
  std::vector<PyObject*> seen;
};
thread_local ValueChain* t_value_chain = nullptr;
constexpr size_t kMaxValueDepth = 64;

AnyView ConvertValueProtocol(PyObject* value, ConversionScope* scope) {
  ValueChain local;
  ValueChain* chain = t_value_chain != nullptr ? t_value_chain : &local;
  for (PyObject* seen : chain->seen) {
    if (seen == value) {
      PyErr_Format(PyExc_TypeError,
                   "__tvm_ffi_value__ of %s returned a value already seen in its conversion "
                   "chain: the conversion is cyclic",
                   Py_TYPE(value)->tp_name);
      ThrowPython();
    }
  }
  if (chain->seen.size() >= kMaxValueDepth) {
    PyErr_Format(PyExc_TypeError, "__tvm_ffi_value__ conversion of %s did not end after %d steps",
                 Py_TYPE(value)->tp_name, static_cast<int>(kMaxValueDepth));
    ThrowPython();
  }
  PyObject* inner = CallMethod(value, "__tvm_ffi_value__");
  chain->seen.push_back(value);
  ValueChain* previous = t_value_chain;
  t_value_chain = chain;
  struct Restore {
    ValueChain* previous;
    PyObject* inner;
    ~Restore() {
      t_value_chain = previous;
      Py_DECREF(inner);
    }
  } restore{previous, inner};
  // The inner value may be a temporary: own the converted result in the scope.
  Any converted = Any(PyToAnyView(inner, scope));
  chain->seen.pop_back();
  return Keep(scope, std::move(converted));
}

/*! \brief Counts nested containers as Python calls: too deep a nesting raises RecursionError. */
struct NestingGuard {
  NestingGuard() {
    if (Py_EnterRecursiveCall(" while converting to an FFI value") != 0) ThrowPython();
  }
  ~NestingGuard() { Py_LeaveRecursiveCall(); }
  NestingGuard(const NestingGuard&) = delete;
  NestingGuard& operator=(const NestingGuard&) = delete;
};

Any SequenceToArray(PyObject* value) {
  NestingGuard guard;
  PyObject* fast = PySequence_Fast(value, "expected a sequence");
  if (fast == nullptr) ThrowPython();
  Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
  PyObject** items = PySequence_Fast_ITEMS(fast);
  std::vector<Any> converted;
  converted.reserve(static_cast<size_t>(n));
  try {
    for (Py_ssize_t i = 0; i < n; ++i) {
      // Exact ints and floats (most lists) skip the ConversionScope that PyToAny sets up per
      // element; the result is the one the first checks of PyToAnyView give.
      PyObject* item = items[i];
      PyTypeObject* type = Py_TYPE(item);
      if (type == &PyLong_Type) {
        converted.emplace_back(PyIntValue(item));
      } else if (type == &PyFloat_Type) {
        converted.emplace_back(PyFloat_AS_DOUBLE(item));
      } else {
        converted.push_back(PyToAny(item));
      }
    }
  } catch (...) {
    Py_DECREF(fast);
    throw;
  }
  Py_DECREF(fast);
  return Array<Any>(make_object<ArrayObj>(std::move(converted)));
}

Any DictToMap(PyObject* value) {
  NestingGuard guard;
  Map<Any, Any> map;
  MapObj* data = map.CopyOnWrite();
  PyObject* key;
  PyObject* item;
  Py_ssize_t pos = 0;
  while (PyDict_Next(value, &pos, &key, &item)) data->data.Set(PyToAny(key), PyToAny(item));
  return map;
}

AnyView ConvertDLPack(PyObject* value, ConversionScope* scope) {
  PyTypeObject* type = Py_TYPE(value);
  if (TypeHas(type, "__tvm_ffi_env_stream__") && TypeHas(type, "__dlpack_device__")) {
    PyObject* device = CallMethod(value, "__dlpack_device__");
    int device_type = 0;
    int device_id = 0;
    bool ok = PyTuple_Check(device) && PyArg_ParseTuple(device, "ii", &device_type, &device_id);
    Py_DECREF(device);
    if (!ok) {
      if (!PyErr_Occurred()) {
        PyErr_Format(PyExc_TypeError,
                     "__dlpack_device__ of %s must return a (device_type, device_id) tuple",
                     Py_TYPE(value)->tp_name);
      }
      ThrowPython();
    }
    if (device_type != kDLCPU) {
      PyObject* stream = CallMethod(value, "__tvm_ffi_env_stream__");
      int64_t handle = PyIntValue(stream);
      Py_DECREF(stream);
      if (!scope->streams.has_value()) scope->streams.emplace();
      scope->streams->Record(DLDevice{static_cast<DLDeviceType>(device_type), device_id},
                             reinterpret_cast<void*>(static_cast<intptr_t>(handle)));
    }
  }
  return Keep(scope, TensorFromPyDLPack(value));
}

AnyView ConvertCudaStream(PyObject* value, ConversionScope* scope) {
  PyObject* result = CallMethod(value, "__cuda_stream__");
  long long version = 0;
  long long handle = 0;
  bool ok = PyTuple_Check(result) && PyArg_ParseTuple(result, "LL", &version, &handle);
  Py_DECREF(result);
  if (!ok) {
    if (!PyErr_Occurred()) {
      PyErr_SetString(PyExc_TypeError, "__cuda_stream__ must return a (version, handle) tuple");
    }
    ThrowPython();
  }
  void* stream = reinterpret_cast<void*>(static_cast<intptr_t>(handle));
  if (!scope->streams.has_value()) scope->streams.emplace();
  scope->streams->Record(DLDevice{kDLCUDA, 0}, stream);
  return Keep(scope, Any(stream));
}

AnyView ConvertByProtocol(PyObject* value, ConversionScope* scope) {
  switch (FindProtocol(Py_TYPE(value))) {
    case Protocol::kObject: {
      PyObject* obj = CallMethod(value, "__tvm_ffi_object__");
      if (!IsFFIObject(obj)) {
        PyErr_Format(PyExc_TypeError,
                     "__tvm_ffi_object__ of %s must return a tvm_ffi.Object, got %s",
                     Py_TYPE(value)->tp_name, Py_TYPE(obj)->tp_name);
        Py_DECREF(obj);
        ThrowPython();
      }
      Any held = Any(PyToAnyView(obj, scope));
      Py_DECREF(obj);
      return Keep(scope, std::move(held));
    }
    case Protocol::kValue:
      return ConvertValueProtocol(value, scope);
    case Protocol::kOpaquePtr: {
      PyObject* address = CallMethod(value, "__tvm_ffi_opaque_ptr__");
      void* ptr = PyLong_AsVoidPtr(address);
      Py_DECREF(address);
      if (ptr == nullptr && PyErr_Occurred()) ThrowPython();
      return AnyView(ptr);
    }
    case Protocol::kBoolLike: {
      int truth = PyObject_IsTrue(value);
      if (truth < 0) ThrowPython();
      return AnyView(truth != 0);
    }
    case Protocol::kInt:
    case Protocol::kIndex: {
      const char* name =
          FindProtocol(Py_TYPE(value)) == Protocol::kInt ? "__tvm_ffi_int__" : "__index__";
      PyObject* number = CallMethod(value, name);
      if (!PyLong_Check(number)) {
        Py_DECREF(number);
        PyErr_Format(PyExc_TypeError, "%s of %s must return an int", name, Py_TYPE(value)->tp_name);
        ThrowPython();
      }
      int64_t result = PyIntValue(number);
      Py_DECREF(number);
      return AnyView(result);
    }
    case Protocol::kFloat:
    case Protocol::kFloatLike: {
      const char* name =
          FindProtocol(Py_TYPE(value)) == Protocol::kFloat ? "__tvm_ffi_float__" : "__float__";
      PyObject* number = CallMethod(value, name);
      double result = PyFloat_AsDouble(number);
      Py_DECREF(number);
      if (result == -1.0 && PyErr_Occurred()) ThrowPython();
      return AnyView(result);
    }
    case Protocol::kDLPack:
      return ConvertDLPack(value, scope);
    case Protocol::kCudaStream:
      return ConvertCudaStream(value, scope);
    case Protocol::kSequence:
      return Keep(scope, SequenceToArray(value));
    case Protocol::kMapping:
      return Keep(scope, DictToMap(value));
    case Protocol::kException: {
      PyObject* type_name =
          PyObject_GetAttrString(reinterpret_cast<PyObject*>(Py_TYPE(value)), "__name__");
      PyObject* message = PyObject_Str(value);
      if (type_name == nullptr || message == nullptr) {
        Py_XDECREF(type_name);
        Py_XDECREF(message);
        ThrowPython();
      }
      Error error(PyUnicode_AsUTF8(type_name), PyUnicode_AsUTF8(message));
      Py_DECREF(type_name);
      Py_DECREF(message);
      return Keep(scope, error);
    }
    case Protocol::kCallable:
      return Keep(scope, FunctionFromPyCallable(value));
    case Protocol::kUnsupported:
      break;
  }
  PyErr_Format(PyExc_TypeError, "Cannot convert a Python `%s` to an FFI value",
               Py_TYPE(value)->tp_name);
  ThrowPython();
}

}  // namespace

AnyView PyToAnyView(PyObject* value, ConversionScope* scope) {
  PyTypeObject* type = Py_TYPE(value);
  // Exact built-in types first: the common case costs a few pointer compares.
  if (value == Py_None) return AnyView();
  if (type == &PyLong_Type) return AnyView(PyIntValue(value));
  if (type == &PyBool_Type) return AnyView(value == Py_True);
  if (type == &PyFloat_Type) return AnyView(PyFloat_AS_DOUBLE(value));
  if (type == &PyUnicode_Type) {
    Py_ssize_t size = 0;
    const char* text = PyUnicode_AsUTF8AndSize(value, &size);
    if (text == nullptr) ThrowPython();
    // The UTF-8 buffer lives as long as the str; embedded NULs need an owned String.
    if (std::char_traits<char>::length(text) == static_cast<size_t>(size)) return AnyView(text);
    return Keep(scope, String(std::string(text, static_cast<size_t>(size))));
  }
  if (PyObject_TypeCheck(value, ObjectType())) {
    Object* handle = reinterpret_cast<PyFFIObject*>(value)->handle;
    if (handle == nullptr) {
      PyErr_Format(PyExc_ValueError, "%s object is not initialised", type->tp_name);
      ThrowPython();
    }
    AnyPOD pod;
    pod.type_index = handle->type_index();
    pod.zero_padding = 0;
    pod.v_obj = handle;
    return AnyView::FromPOD(pod);
  }
  if (type == &PyList_Type || type == &PyTuple_Type) return Keep(scope, SequenceToArray(value));
  if (type == &PyDict_Type) return Keep(scope, DictToMap(value));
  if (type == &PyBytes_Type) {
    return Keep(scope, Bytes(std::string(PyBytes_AS_STRING(value),
                                         static_cast<size_t>(PyBytes_GET_SIZE(value)))));
  }
  const ValueClasses& classes = GetValueClasses();
  if (classes.dtype != nullptr &&
      PyObject_TypeCheck(value, reinterpret_cast<PyTypeObject*>(classes.dtype))) {
    return AnyView(DataType::Parse(PyUnicode_AsUTF8(value)));
  }
  if (classes.device != nullptr &&
      PyObject_TypeCheck(value, reinterpret_cast<PyTypeObject*>(classes.device))) {
    PyObject* pair = CallMethod(value, "__dlpack_device__");
    int device_type = 0;
    int device_id = 0;
    bool ok = PyArg_ParseTuple(pair, "ii", &device_type, &device_id);
    Py_DECREF(pair);
    if (!ok) ThrowPython();
    return AnyView(DLDevice{static_cast<DLDeviceType>(device_type), device_id});
  }
  if (classes.void_p != nullptr &&
      PyObject_TypeCheck(value, reinterpret_cast<PyTypeObject*>(classes.void_p))) {
    // Opaque pointers come back as ctypes.c_void_p: let them go in again.
    PyObject* address = PyObject_GetAttrString(value, "value");
    if (address == nullptr) ThrowPython();
    void* ptr = address == Py_None ? nullptr : PyLong_AsVoidPtr(address);
    Py_DECREF(address);
    if (ptr == nullptr && PyErr_Occurred()) ThrowPython();
    return AnyView(ptr);
  }
  if (PyBool_Check(value)) return AnyView(value == Py_True);
  if (PyLong_Check(value)) return AnyView(PyIntValue(value));
  if (PyFloat_Check(value)) return AnyView(PyFloat_AS_DOUBLE(value));
  if (PyUnicode_Check(value)) {
    const char* text = PyUnicode_AsUTF8(value);
    if (text == nullptr) ThrowPython();
    return AnyView(text);
  }
  return ConvertByProtocol(value, scope);
}

Any PyToAny(PyObject* value) {
  ConversionScope scope;
  return Any(PyToAnyView(value, &scope));
}

PyObject* AnyToPy(Any value) {
  const AnyPOD& pod = value.pod();
  switch (pod.type_index) {
    case TypeIndex::kNone:
      Py_RETURN_NONE;
    case TypeIndex::kBool:
      return PyBool_FromLong(pod.v_int64 != 0);
    case TypeIndex::kInt:
      return PyLong_FromLongLong(pod.v_int64);
    case TypeIndex::kFloat:
      return PyFloat_FromDouble(pod.v_float64);
    case TypeIndex::kOpaquePtr:
      return PyObject_CallFunction(
          GetValueClasses().void_p, "K",
          static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(pod.v_ptr)));
    case TypeIndex::kDataType:
      return PyObject_CallFunction(GetValueClasses().dtype, "s",
                                   DataType(pod.v_dtype).ToString().c_str());
    case TypeIndex::kDevice:
      return PyObject_CallFunction(GetValueClasses().device, "ii",
                                   static_cast<int>(pod.v_device.device_type),
                                   pod.v_device.device_id);
    case TypeIndex::kRawStr:
      return PyUnicode_FromString(pod.v_c_str);
    case TypeIndex::kStr: {
      const std::string& text = static_cast<StringObj*>(pod.v_obj)->data;
      return PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()),
                                  "surrogateescape");
    }
    case TypeIndex::kBytes: {
      const std::string& bytes = static_cast<BytesObj*>(pod.v_obj)->data;
      return PyBytes_FromStringAndSize(bytes.data(), static_cast<Py_ssize_t>(bytes.size()));
    }
    default:
      break;
  }
  if (value.is_object()) return WrapObject(std::move(value).ReleaseToPOD().v_obj);
  PyErr_Format(PyExc_TypeError, "Cannot convert FFI value of type index %d to Python",
               pod.type_index);
  return nullptr;
}

PyObject* CallFunction(const FunctionObj* func, PyObject* const* args, size_t nargs) {
  return Guard([&]() -> PyObject* {
    ConversionScope scope;
    constexpr size_t kInline = 8;
    AnyView inline_args[kInline];
    std::vector<AnyView> heap_args;
    AnyView* packed = inline_args;
    if (nargs > kInline) {
      heap_args.resize(nargs);
      packed = heap_args.data();
    }
    for (size_t i = 0; i < nargs; ++i) packed[i] = PyToAnyView(args[i], &scope);
    Any rv;
    func->CallPacked(PackedArgs(packed, static_cast<int32_t>(nargs)), &rv);
    return AnyToPy(std::move(rv));
  });
}

namespace {

/*! \brief Holds a Python callable inside a Function; takes the GIL for every use. */
class PyCallableHolder {
 public:
  explicit PyCallableHolder(PyObject* callable) : callable_(callable) { Py_INCREF(callable_); }
  PyCallableHolder(const PyCallableHolder& other) : callable_(other.callable_) {
    PyGILState_STATE state = PyGILState_Ensure();
    Py_INCREF(callable_);
    PyGILState_Release(state);
  }
  PyCallableHolder& operator=(const PyCallableHolder&) = delete;
  ~PyCallableHolder() {
    // The interpreter may be gone when the last reference dies at process exit.
    if (!Py_IsInitialized()) return;
    PyGILState_STATE state = PyGILState_Ensure();
    Py_DECREF(callable_);
    PyGILState_Release(state);
  }

  void operator()(PackedArgs args, Any* rv) const {
    PyGILState_STATE state = PyGILState_Ensure();
    struct Release {
      PyGILState_STATE state;
      ~Release() { PyGILState_Release(state); }
    } release{state};
    PyObject* tuple = PyTuple_New(args.size());
    if (tuple == nullptr) throw FetchPyErrorAsFFI();
    for (int32_t i = 0; i < args.size(); ++i) {
      PyObject* item = AnyToPy(Any(args[i]));
      if (item == nullptr) {
        Py_DECREF(tuple);
        throw FetchPyErrorAsFFI();
      }
      PyTuple_SET_ITEM(tuple, i, item);
    }
    PyObject* result = PyObject_Call(callable_, tuple, nullptr);
    Py_DECREF(tuple);
    if (result == nullptr) throw FetchPyErrorAsFFI();
    try {
      *rv = PyToAny(result);
    } catch (const PythonErrorSet&) {
      Py_DECREF(result);
      throw FetchPyErrorAsFFI();
    }
    Py_DECREF(result);
  }

 private:
  PyObject* callable_;
};

}  // namespace

Function FunctionFromPyCallable(PyObject* callable) {
  return Function::FromPacked(PyCallableHolder(callable));
}

}  // namespace python
}  // namespace ffi
}  // namespace tvm
