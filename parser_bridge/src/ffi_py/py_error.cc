/*!
 * \file py_error.cc
 * \brief Error translation at the Python boundary, in both directions, keeping kind and frames.
 */
#include <string>
#include <vector>

#include "py_ffi.h"

namespace tvm {
namespace ffi {
namespace python {
namespace {

PyObject* g_error_classes = nullptr;  // dict kind -> exception class (tvm_ffi.register_error)
PyObject* g_frames_hook = nullptr;    // (exc, [(file, line, func)]) -> traceback or None

/*! \brief The Python class for an error kind: registered, then builtins, else RuntimeError. */
PyObject* ClassForKind(const std::string& kind) {
  if (g_error_classes != nullptr) {
    PyObject* cls = PyDict_GetItemString(g_error_classes, kind.c_str());
    if (cls != nullptr) return cls;
  }
  PyObject* builtins = PyEval_GetBuiltins();
  PyObject* cls = builtins != nullptr ? PyDict_GetItemString(builtins, kind.c_str()) : nullptr;
  if (cls != nullptr && PyType_Check(cls) &&
      PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(cls),
                       reinterpret_cast<PyTypeObject*>(PyExc_Exception))) {
    return cls;
  }
  return PyExc_RuntimeError;
}

/*! \brief The kind an exception class was registered under (register_error), if any. */
bool RegisteredKindOf(PyObject* cls, std::string* kind) {
  if (g_error_classes == nullptr) return false;
  PyObject* key;
  PyObject* value;
  Py_ssize_t pos = 0;
  while (PyDict_Next(g_error_classes, &pos, &key, &value)) {
    if (value == cls && PyUnicode_Check(key)) {
      *kind = PyUnicode_AsUTF8(key);
      return true;
    }
  }
  return false;
}

PyObject* FramesToList(const std::vector<ErrorFrame>& frames) {
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(frames.size()));
  if (list == nullptr) return nullptr;
  for (size_t i = 0; i < frames.size(); ++i) {
    PyObject* item =
        Py_BuildValue("(sis)", frames[i].file.c_str(), frames[i].line, frames[i].func.c_str());
    if (item == nullptr) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), item);
  }
  return list;
}

}  // namespace

void SetErrorRegistry(PyObject* kind_to_class, PyObject* frames_hook) {
  Py_XINCREF(kind_to_class);
  Py_XDECREF(g_error_classes);
  g_error_classes = kind_to_class;
  Py_XINCREF(frames_hook);
  Py_XDECREF(g_frames_hook);
  g_frames_hook = frames_hook;
}

void SetPyError(const Error& error) {
  PyObject* cls = ClassForKind(error.kind());
  PyObject* exc = PyObject_CallFunction(cls, "s", error.message().c_str());
  if (exc == nullptr) {
    // A class that cannot be built from a message alone (UnicodeDecodeError, ...).
    PyErr_Clear();
    exc = PyObject_CallFunction(PyExc_RuntimeError, "s", error.message().c_str());
    if (exc == nullptr) return;
  }
  // Keep the FFI error reachable for tools that want kind and frames as data.
  PyObject* kind = PyUnicode_FromString(error.kind().c_str());
  PyObject* frames = FramesToList(error.frames());
  if (kind != nullptr) PyObject_SetAttrString(exc, "__tvm_ffi_error_kind__", kind);
  if (frames != nullptr) PyObject_SetAttrString(exc, "__tvm_ffi_frames__", frames);
  PyErr_Clear();  // attribute errors (e.g. __slots__ exceptions) are not worth failing for
  PyObject* traceback = nullptr;
  if (g_frames_hook != nullptr && frames != nullptr) {
    traceback = PyObject_CallFunctionObjArgs(g_frames_hook, exc, frames, nullptr);
    if (traceback == Py_None) {
      Py_DECREF(traceback);
      traceback = nullptr;
    }
    PyErr_Clear();
  }
  Py_XDECREF(kind);
  Py_XDECREF(frames);
  PyObject* type = reinterpret_cast<PyObject*>(Py_TYPE(exc));
  Py_INCREF(type);
  if (traceback != nullptr) PyException_SetTraceback(exc, traceback);
  PyErr_Restore(type, exc, traceback);
}

Error FetchPyErrorAsFFI() {
  PyObject* type = nullptr;
  PyObject* value = nullptr;
  PyObject* traceback = nullptr;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  std::string kind = "RuntimeError";
  std::string message;
  if (type != nullptr && !RegisteredKindOf(type, &kind)) {
    PyObject* name = PyObject_GetAttrString(type, "__name__");
    if (name != nullptr && PyUnicode_Check(name)) kind = PyUnicode_AsUTF8(name);
    Py_XDECREF(name);
  }
  // An error that came from C++ and passes back keeps its original kind.
  if (value != nullptr) {
    PyObject* original = PyObject_GetAttrString(value, "__tvm_ffi_error_kind__");
    if (original != nullptr && PyUnicode_Check(original)) kind = PyUnicode_AsUTF8(original);
    Py_XDECREF(original);
    PyErr_Clear();  // most exceptions have no __tvm_ffi_error_kind__
    // str(KeyError("k")) is "'k'": take the key itself, so the message survives a round trip.
    PyObject* args = PyObject_GetAttrString(value, "args");
    bool single_key = PyErr_GivenExceptionMatches(value, PyExc_KeyError) && args != nullptr &&
                      PyTuple_Check(args) && PyTuple_GET_SIZE(args) == 1;
    PyObject* text = PyObject_Str(single_key ? PyTuple_GET_ITEM(args, 0) : value);
    Py_XDECREF(args);
    if (text != nullptr) message = PyUnicode_AsUTF8(text);
    Py_XDECREF(text);
  }
  PyErr_Clear();
  std::vector<ErrorFrame> frames;
  for (PyObject* tb = traceback; tb != nullptr && tb != Py_None;) {
    auto* entry = reinterpret_cast<PyTracebackObject*>(tb);
    PyCodeObject* code = PyFrame_GetCode(entry->tb_frame);
    frames.push_back(ErrorFrame{PyUnicode_AsUTF8(code->co_filename), entry->tb_lineno,
                                PyUnicode_AsUTF8(code->co_name)});
    Py_DECREF(code);
    tb = reinterpret_cast<PyObject*>(entry->tb_next);
  }
  std::reverse(frames.begin(), frames.end());  // innermost first, as FFI errors keep them
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(traceback);
  return Error(kind, message, std::move(frames));
}

}  // namespace python
}  // namespace ffi
}  // namespace tvm
