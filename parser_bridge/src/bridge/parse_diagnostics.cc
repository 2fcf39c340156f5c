/*!
 * \file parse_diagnostics.cc
 * \brief ParseDiagnostics: one call of the frontend's entry function under the time limit, its
 *  answer converted to plain data, and every failure turned into a diagnostic.
 */
#include <exception>
#include <string>

#include "bridge_internal.h"

namespace tvm {
namespace script {
namespace bridge {
namespace details {

Diagnostic BridgeDiagnostic(std::string code, std::string message) {
  Diagnostic diagnostic;
  diagnostic.severity = Severity::kError;
  diagnostic.code = std::move(code);
  diagnostic.message = std::move(message);
  diagnostic.range = Range{1, 0, 1, 0};
  return diagnostic;
}

ParseResult BridgeResult(std::string code, std::string message) {
  ParseResult result;
  result.diagnostics.push_back(BridgeDiagnostic(std::move(code), std::move(message)));
  return result;
}

namespace {

constexpr const char* kInternalError = "internal-error";

std::string EntryName(const ParseOptions& options) {
  return options.entry_module + "." + options.entry_function;
}

/*! \brief The current Python exception as an "internal-error" result. */
ParseResult PythonFailure(const std::string& what) {
  PythonError error = FetchPythonError();
  return BridgeResult(kInternalError,
                      what + ": " + error.kind + ": " + error.message + "\n\n" + error.traceback);
}

/*! \brief The "invalid-encoding" result for a UnicodeDecodeError of `text` (pending). */
ParseResult InvalidEncoding(const std::string& text) {
  PyRef exception = FetchException();
  Py_ssize_t offset = 0;
  if (!exception || PyUnicodeDecodeError_GetStart(exception.get(), &offset) != 0) PyErr_Clear();
  Range range{1, 0, 1, 0};
  for (Py_ssize_t i = 0; i < offset && i < static_cast<Py_ssize_t>(text.size()); ++i) {
    if (text[i] == '\n') {
      ++range.line;
      range.column = -1;
    }
    ++range.column;
  }
  range.end_line = range.line;
  range.end_column = range.column + 1;
  ParseResult result = BridgeResult(
      "invalid-encoding", "the text is not valid UTF-8 (byte " + std::to_string(offset) + ")");
  result.diagnostics[0].range = range;
  return result;
}

/*! \brief Imports the entry module and returns the entry function (GIL held). */
PyRef FindEntry(const ParseOptions& options) {
  PyRef module(PyImport_ImportModule(options.entry_module.c_str()));
  if (!module) return PyRef();
  return PyRef(PyObject_GetAttrString(module.get(), options.entry_function.c_str()));
}

/*! \brief `entry(text, source_name=..., trusted=...).to_plain()` (GIL held; nullptr on error). */
PyRef CallEntry(PyObject* entry, PyObject* text, const ParseOptions& options) {
  PyRef args(PyTuple_Pack(1, text));
  PyRef kwargs(Py_BuildValue("{s:s#,s:O}", "source_name", options.source_name.data(),
                             static_cast<Py_ssize_t>(options.source_name.size()), "trusted",
                             options.trusted ? Py_True : Py_False));
  if (!args || !kwargs) return PyRef();
  PyRef answer(PyObject_Call(entry, args.get(), kwargs.get()));
  if (!answer) return PyRef();
  return PyRef(PyObject_CallMethod(answer.get(), "to_plain", nullptr));
}

/*! \brief Everything after the interpreter is up, with the GIL held. */
ParseResult Run(const std::string& text, const ParseOptions& options) {
  const std::string entry_name = EntryName(options);
  PyRef text_object(
      PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "strict"));
  if (!text_object) {
    if (PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) return InvalidEncoding(text);
    return PythonFailure("cannot pass the text to Python");
  }
  // Importing the frontend is not the file's analysis: it runs before the clock starts.
  PyRef entry = FindEntry(options);
  if (!entry) return PythonFailure("cannot load " + entry_name);

  PyRef plain;
  bool stopped = false;
  {
    Watchdog::Guard guard(GuardedCall{entry_name, options.source_name, options.time_limit},
                          options.time_limit);
    plain = CallEntry(entry.get(), text_object.get(), options);
    stopped = guard.Disarm();
  }
  if (stopped) {
    // Whatever came back (an exception, or a partial answer from code that caught one) is
    // not the analysis of the whole text.
    if (!plain) PyErr_Clear();
    return BridgeResult("time-limit", "analysis stopped after " +
                                          std::to_string(options.time_limit.count()) + " ms");
  }
  if (!plain) return PythonFailure("internal error in " + entry_name);
  try {
    return ConvertPlainResult(plain.get());
  } catch (const MalformedAnswer& error) {
    return BridgeResult(kInternalError,
                        "malformed answer from " + entry_name + ".to_plain(): " + error.what());
  }
}

}  // namespace
}  // namespace details

ParseResult ParseDiagnostics(const std::string& text, const ParseOptions& options) {
  try {
    Interpreter& interpreter = Interpreter::Global();
    if (!interpreter.ok()) {
      return details::BridgeResult(details::kInternalError,
                                   "Python did not start: " + interpreter.error());
    }
    details::GilLock gil;
    return details::Run(text, options);
  } catch (const std::exception& error) {
    return details::BridgeResult(details::kInternalError,
                                 std::string("the bridge failed: ") + error.what());
  } catch (...) {
    return details::BridgeResult(details::kInternalError, "the bridge failed: unknown exception");
  }
}

}  // namespace bridge
}  // namespace script
}  // namespace tvm
