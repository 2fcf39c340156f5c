/*!
 * \file python_error.cc
 * \brief A Python exception turned into text once, at the bridge's boundary: its class name,
 *  message and formatted traceback.
 */
#include "bridge_internal.h"

namespace tvm {
namespace script {
namespace bridge {
namespace details {

std::string StrOf(PyObject* value) {
  PyRef text(PyObject_Str(value));
  const char* utf8 = text ? PyUnicode_AsUTF8(text.get()) : nullptr;
  if (utf8 == nullptr) {
    PyErr_Clear();
    return "<unprintable>";
  }
  return utf8;
}

namespace {

/*! \brief "".join(traceback.format_exception(exc)); empty when formatting fails. */
std::string FormatTraceback(PyObject* exception) {
  PyRef module(PyImport_ImportModule("traceback"));
  PyRef lines(module ? PyObject_CallMethod(module.get(), "format_exception", "O", exception)
                     : nullptr);
  PyRef empty(lines ? PyUnicode_FromString("") : nullptr);
  PyRef joined(empty ? PyUnicode_Join(empty.get(), lines.get()) : nullptr);
  if (!joined) {
    PyErr_Clear();
    return "";
  }
  return StrOf(joined.get());
}

}  // namespace

PyRef FetchException() {
  PyObject* type = nullptr;
  PyObject* value = nullptr;
  PyObject* traceback = nullptr;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  PyRef owned_type(type);
  PyRef owned_traceback(traceback);
  if (value != nullptr && traceback != nullptr) PyException_SetTraceback(value, traceback);
  return PyRef(value);
}

PythonError FetchPythonError() {
  PyRef exception = FetchException();
  if (!exception) return PythonError{"SystemError", "no Python exception was set", ""};
  PythonError error;
  error.kind = Py_TYPE(exception.get())->tp_name;
  error.message = StrOf(exception.get());
  error.traceback = FormatTraceback(exception.get());
  if (error.traceback.empty()) error.traceback = error.kind + ": " + error.message + "\n";
  return error;
}

}  // namespace details
}  // namespace bridge
}  // namespace script
}  // namespace tvm
