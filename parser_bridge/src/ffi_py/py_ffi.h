/*!
 * \file py_ffi.h
 * \brief Internals of the `tvm_ffi._core` extension: the Python object types that wrap FFI
 *  objects, and the conversions between Python values and Any.
 *
 * The wrappers are plain CPython heap types rather than pybind11 classes: Python subclasses
 * (`class TestIntPair(tvm_ffi.Object)`) must not be forced to call a base `__init__`, objects
 * coming back from C++ are created without running `__init__`, and Function calls use
 * vectorcall. pybind11 provides the module and its helper functions.
 */
#ifndef TVM_LSP_PARSER_BRIDGE_FFI_PY_PY_FFI_H_
#define TVM_LSP_PARSER_BRIDGE_FFI_PY_PY_FFI_H_

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <tvm/ffi/ffi.h>

#include <optional>
#include <vector>

namespace tvm {
namespace ffi {
namespace python {

/*! \brief Layout of every tvm_ffi.Object instance: the Python header and one owned handle. */
struct PyFFIObject {
  PyObject_HEAD
      /*! \brief Owned reference (counted), or nullptr before __ffi_init__. */
      Object* handle;
};

/*! \brief A Function instance also stores its vectorcall entry point. */
struct PyFFIFunction {
  PyFFIObject base;
  vectorcallfunc vectorcall;
};

/*! \brief Creates the Object and Function types and adds them to the module. */
bool InitObjectTypes(PyObject* module);
PyTypeObject* ObjectType();
PyTypeObject* FunctionType();
inline bool IsFFIObject(PyObject* obj) { return PyObject_TypeCheck(obj, ObjectType()); }

/*! \brief Associates a Python class with a type index (register_object). */
void RegisterClass(int32_t type_index, PyObject* cls);
/*! \brief The hook that makes classes for types Python has not registered. */
void SetClassFactory(PyObject* factory);
/*! \brief Python classes used for DataType, Device and opaque pointers on return. */
struct ValueClasses {
  PyObject* dtype = nullptr;
  PyObject* device = nullptr;
  PyObject* void_p = nullptr;
};
ValueClasses& GetValueClasses();

/*! \brief Python exception raised: a Python error is already set, just propagate. */
struct PythonErrorSet {};

/*!
 * \brief What one conversion of Python arguments must keep alive until the call returns:
 *  temporary objects made from lists, callables, ...; and the stream records.
 */
struct ConversionScope {
  std::vector<Any> temporaries;
  std::optional<StreamContextScope> streams;
};

/*!
 * \brief Converts a Python value into an AnyView valid while `scope` and `value` live.
 * \throws PythonErrorSet with a TypeError set when the value cannot be converted.
 */
AnyView PyToAnyView(PyObject* value, ConversionScope* scope);
/*! \brief Converts into an owning Any (strings become String objects). */
Any PyToAny(PyObject* value);
/*! \brief New reference to the Python form of value; nullptr with an error set on failure. */
PyObject* AnyToPy(Any value);

/*! \brief Calls func with Python arguments; nullptr with a Python error set on failure. */
PyObject* CallFunction(const FunctionObj* func, PyObject* const* args, size_t nargs);

/*! \brief Sets the Python error for an FFI error (mapped class, C++ frames in the traceback). */
void SetPyError(const Error& error);
/*! \brief Takes the current Python error and turns it into an FFI Error with its frames. */
Error FetchPyErrorAsFFI();
/*! \brief The registry kind -> Python class, filled by tvm_ffi.register_error. */
void SetErrorRegistry(PyObject* kind_to_class, PyObject* frames_hook);
/*! \brief Runs body; on failure sets the Python error and returns nullptr. */
template <typename F>
PyObject* Guard(F body) {
  try {
    return body();
  } catch (const PythonErrorSet&) {
    return nullptr;
  } catch (const Error& error) {
    SetPyError(error);
    return nullptr;
  } catch (const std::exception& error) {
    PyErr_SetString(PyExc_RuntimeError, error.what());
    return nullptr;
  }
}

/*! \brief Wraps a Python callable as a Function (holding a reference, GIL-aware). */
Function FunctionFromPyCallable(PyObject* callable);

/*! \brief DLPack: capsule export and import. */
PyObject* TensorToDLPackCapsule(const Tensor& tensor);
Tensor TensorFromPyDLPack(PyObject* value);

}  // namespace python
}  // namespace ffi
}  // namespace tvm

#endif  // TVM_LSP_PARSER_BRIDGE_FFI_PY_PY_FFI_H_
