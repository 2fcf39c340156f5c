/*!
 * \file parse_diagnostics.cc
 * \brief ParseDiagnostics: one call of the frontend's entry function under the time limit, its
 *  answer converted to plain data, and every failure turned into a diagnostic.
 */
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

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

PyRef StringList(const std::vector<std::string>& items) {
  PyRef list(PyList_New(0));
  for (const std::string& item : items) {
    PyRef text(list ? PyUnicode_DecodeUTF8(item.data(), static_cast<Py_ssize_t>(item.size()),
                                           "surrogateescape")
                    : nullptr);
    if (!text || PyList_Append(list.get(), text.get()) != 0) return PyRef();
  }
  return list;
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

/*!
 * \brief The (line, column) of byte `offset` of `text`. Line breaks are those of Python's
 *  `ast`: "\n", "\r\n" and a lone "\r".
 */
Range PositionOf(const std::string& text, size_t offset) {
  Range range{1, 0, 1, 0};
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    bool crlf = text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n';
    if (text[i] == '\n' || (text[i] == '\r' && !crlf)) {
      ++range.line;
      range.column = 0;
    } else if (!crlf) {
      ++range.column;
    }
  }
  range.end_line = range.line;
  range.end_column = range.column + 1;
  return range;
}

/*! \brief The "invalid-encoding" result for a UnicodeDecodeError of `text` (pending). */
ParseResult InvalidEncoding(const std::string& text) {
  PyRef exception = FetchException();
  Py_ssize_t offset = 0;
  if (!exception || PyUnicodeDecodeError_GetStart(exception.get(), &offset) != 0) PyErr_Clear();
  ParseResult result = BridgeResult(
      "invalid-encoding", "the text is not valid UTF-8 (byte " + std::to_string(offset) + ")");
  result.diagnostics[0].range = PositionOf(text, static_cast<size_t>(offset));
  return result;
}

/*!
 * \brief What the `progress=` callable of one analysis reaches. Shared by the call and the
 *  callable (a capsule owns a reference), since Python may keep the callable after the call.
 */
struct ProgressContext {
  std::function<void(const DefinitionProgress&)> progress;
  const std::atomic<bool>* cancel = nullptr;
  bool active = true;      // false once the analysis returned: calls then do nothing
  bool cancelled = false;  // the callable raised because `cancel` was set
};

using ProgressHandle = std::shared_ptr<ProgressContext>;
constexpr const char* kProgressCapsule = "tvm.script.bridge.progress";

/*! \brief The exception the progress callable raises on cancellation (a BaseException). */
PyObject* CancelledType() {
  static PyObject* type = [] {
    PyObject* made = PyErr_NewExceptionWithDoc(
        "tvm_script_bridge.AnalysisCancelled",
        "Raised by the progress callable when the caller cancelled the analysis.",
        PyExc_BaseException, nullptr);
    if (made == nullptr) PyErr_Clear();
    return made;  // kept for the life of the process
  }();
  return type;
}

/*! \brief `range` as a Range: a list or tuple of 4 ints (false with a TypeError set). */
bool ReadProgressRange(PyObject* range, Range* out) {
  PyRef items(PySequence_Fast(range, "progress(): range must be a list of 4 ints"));
  if (!items) return false;
  if (PySequence_Fast_GET_SIZE(items.get()) != 4) {
    PyErr_SetString(PyExc_TypeError, "progress(): range must be a list of 4 ints");
    return false;
  }
  int64_t* members[] = {&out->line, &out->column, &out->end_line, &out->end_column};
  for (Py_ssize_t i = 0; i < 4; ++i) {
    *members[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(items.get(), i));
    if (*members[i] == -1 && PyErr_Occurred()) return false;
  }
  return true;
}

/*! \brief progress(key, name, range): the body of the callable (GIL held). */
PyObject* CallProgress(PyObject* capsule, PyObject* args) {
  auto* handle = static_cast<ProgressHandle*>(PyCapsule_GetPointer(capsule, kProgressCapsule));
  if (handle == nullptr) return nullptr;
  ProgressContext& context = **handle;
  const char* key = nullptr;
  const char* name = nullptr;
  Py_ssize_t key_size = 0;
  Py_ssize_t name_size = 0;
  PyObject* range_object = nullptr;
  if (!PyArg_ParseTuple(args, "s#s#O:progress", &key, &key_size, &name, &name_size,
                        &range_object)) {
    return nullptr;
  }
  DefinitionProgress progress{std::string(key, static_cast<size_t>(key_size)),
                              std::string(name, static_cast<size_t>(name_size)), Range{}};
  if (!ReadProgressRange(range_object, &progress.range)) return nullptr;
  if (!context.active) Py_RETURN_NONE;
  if (context.cancel != nullptr && context.cancel->load()) {
    context.cancelled = true;
    PyErr_SetString(CancelledType() ? CancelledType() : PyExc_KeyboardInterrupt,
                    "the analysis was cancelled");
    return nullptr;
  }
  try {
    context.progress(progress);
  } catch (...) {
    // The caller's callback failing is not the analysed text's problem: carry on.
  }
  Py_RETURN_NONE;
}

PyMethodDef kProgressMethod = {"progress", CallProgress, METH_VARARGS,
                               "progress(key, name, range): a definition's analysis starts."};

/*! \brief A new `progress` callable over `handle` (GIL held; nullptr on error). */
PyRef MakeProgressCallable(const ProgressHandle& handle) {
  PyRef capsule(PyCapsule_New(new ProgressHandle(handle), kProgressCapsule, [](PyObject* self) {
    delete static_cast<ProgressHandle*>(PyCapsule_GetPointer(self, kProgressCapsule));
  }));
  if (!capsule) return PyRef();
  return PyRef(PyCFunction_New(&kProgressMethod, capsule.get()));
}

/*! \brief Imports the entry module and returns the entry function (GIL held). */
PyRef FindEntry(const ParseOptions& options) {
  PyRef module(PyImport_ImportModule(options.entry_module.c_str()));
  if (!module) return PyRef();
  return PyRef(PyObject_GetAttrString(module.get(), options.entry_function.c_str()));
}

/*!
 * \brief Whether `entry` takes the keyword argument `name` (or any keyword); false when its
 *  signature cannot be read (GIL held, never fails).
 */
bool TakesKeyword(PyObject* entry, const char* name) {
  static PyObject* check = [] {
    PyRef globals(PyDict_New());
    PyDict_SetItemString(globals.get(), "__builtins__", PyEval_GetBuiltins());
    PyRef done(PyRun_String(
        "def takes_keyword(function, name):\n"
        "    import inspect\n"
        "    try:\n"
        "        parameters = inspect.signature(function).parameters\n"
        "    except (TypeError, ValueError):\n"
        "        return False\n"
        "    if any(p.kind == p.VAR_KEYWORD for p in parameters.values()):\n"
        "        return True\n"
        "    p = parameters.get(name)\n"
        "    return p is not None and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)\n",
        Py_file_input, globals.get(), globals.get()));
    PyObject* function = done ? PyDict_GetItemString(globals.get(), "takes_keyword") : nullptr;
    Py_XINCREF(function);  // kept for the life of the process, like the interpreter
    if (function == nullptr) PyErr_Clear();
    return function;
  }();
  if (check == nullptr) return false;
  PyRef answer(PyObject_CallFunction(check, "Os", entry, name));
  int truth = answer ? PyObject_IsTrue(answer.get()) : -1;
  if (truth < 0) PyErr_Clear();
  return truth == 1;
}

/*! \brief The keyword arguments of the entry call (GIL held; nullptr on error). */
PyRef EntryKeywords(PyObject* entry, const ParseOptions& options, PyObject* progress) {
  PyRef kwargs(Py_BuildValue("{s:s#,s:O}", "source_name", options.source_name.data(),
                             static_cast<Py_ssize_t>(options.source_name.size()), "trusted",
                             options.trusted ? Py_True : Py_False));
  if (!kwargs) return PyRef();
  if (progress != nullptr && TakesKeyword(entry, "progress") &&
      PyDict_SetItemString(kwargs.get(), "progress", progress) != 0) {
    return PyRef();
  }
  if (!options.skip_keys.empty() && TakesKeyword(entry, "skip")) {
    PyRef skip = StringList(options.skip_keys);
    if (!skip || PyDict_SetItemString(kwargs.get(), "skip", skip.get()) != 0) return PyRef();
  }
  if (options.only_lines && TakesKeyword(entry, "only_lines")) {
    PyRef lines(Py_BuildValue("(LL)", static_cast<long long>(options.only_lines->first),
                              static_cast<long long>(options.only_lines->second)));
    if (!lines || PyDict_SetItemString(kwargs.get(), "only_lines", lines.get()) != 0) {
      return PyRef();
    }
  }
  return kwargs;
}

/*!
 * \brief Makes the plain value of the entry's answer (GIL held; nullptr with an exception set
 *  on error): `to_plain()` for ParseDiagnostics, `to_parts(known)` for ParseParts.
 */
using PlainOf = std::function<PyRef(PyObject* answer)>;

/*! \brief `plain_of(entry(text, source_name=..., trusted=..., ...))` (GIL held; nullptr on error).
 */
PyRef CallEntry(PyObject* entry, PyObject* text, const ParseOptions& options, PyObject* progress,
                const PlainOf& plain_of) {
  PyRef args(PyTuple_Pack(1, text));
  PyRef kwargs = EntryKeywords(entry, options, progress);
  if (!args || !kwargs) return PyRef();
  PyRef answer(PyObject_Call(entry, args.get(), kwargs.get()));
  if (!answer) return PyRef();
  return plain_of(answer.get());
}

ParseResult Cancelled() { return BridgeResult("cancelled", "the analysis was cancelled"); }

/*! \brief How a call of the entry went: its plain answer, or the result that says why not. */
struct EntryOutcome {
  PyRef plain;
  ParseResult failure;
};

/*! \brief Everything after the interpreter is up, with the GIL held. */
EntryOutcome Run(const std::string& text, const ParseOptions& options, const PlainOf& plain_of) {
  const std::string entry_name = EntryName(options);
  PyRef text_object(
      PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "strict"));
  if (!text_object) {
    if (PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) return {PyRef(), InvalidEncoding(text)};
    return {PyRef(), PythonFailure("cannot pass the text to Python")};
  }
  // Importing the frontend is not the file's analysis: it runs before the clock starts.
  PyRef entry = FindEntry(options);
  if (!entry) return {PyRef(), PythonFailure("cannot load " + entry_name)};

  ProgressHandle progress_context;
  PyRef progress;
  if (options.progress || options.cancel != nullptr) {
    progress_context = std::make_shared<ProgressContext>();
    progress_context->progress = options.progress;
    progress_context->cancel = options.cancel;
    progress = MakeProgressCallable(progress_context);
    if (!progress) return {PyRef(), PythonFailure("cannot make the progress callable")};
  }
  if (options.cancel != nullptr && options.cancel->load()) return {PyRef(), Cancelled()};

  PyRef plain;
  bool stopped = false;
  {
    Watchdog::Guard guard(GuardedCall{entry_name, options.source_name, options.time_limit},
                          options.time_limit);
    plain = CallEntry(entry.get(), text_object.get(), options, progress.get(), plain_of);
    stopped = guard.Disarm();
  }
  if (progress_context) progress_context->active = false;
  if (progress_context && progress_context->cancelled) {
    if (!plain) PyErr_Clear();
    return {PyRef(), Cancelled()};
  }
  if (stopped) {
    // Whatever came back (an exception, or a partial answer from code that caught one) is
    // not the analysis of the whole text.
    if (!plain) PyErr_Clear();
    return {PyRef(),
            BridgeResult("time-limit", "analysis stopped after " +
                                           std::to_string(options.time_limit.count()) + " ms")};
  }
  if (!plain) return {PyRef(), PythonFailure("internal error in " + entry_name)};
  return {std::move(plain), ParseResult{}};
}

/*! \brief `convert(plain)`, a malformed answer as one internal-error result. */
template <typename T, typename Convert>
std::optional<T> ConvertAnswer(PyObject* plain, const std::string& what, Convert convert,
                               ParseResult* failure) {
  try {
    return convert(plain);
  } catch (const MalformedAnswer& error) {
    *failure = BridgeResult(kInternalError, "malformed answer from " + what + ": " + error.what());
    return std::nullopt;
  }
}

}  // namespace
}  // namespace details

ParseResult ParseDiagnostics(const std::string& text, const ParseOptions& options) {
  auto failed = [](const std::string& message) {
    return details::BridgeResult(details::kInternalError, message);
  };
  return details::WithPython(failed, [&]() -> ParseResult {
    auto outcome = details::Run(text, options, [](PyObject* answer) {
      return details::PyRef(PyObject_CallMethod(answer, "to_plain", nullptr));
    });
    if (!outcome.plain) return outcome.failure;
    auto result = details::ConvertAnswer<ParseResult>(
        outcome.plain.get(), details::EntryName(options) + ".to_plain()",
        details::ConvertPlainResult, &outcome.failure);
    return result ? std::move(*result) : outcome.failure;
  });
}

PartsAnswer ParseParts(const std::string& text, const ParseOptions& options,
                       const std::vector<std::string>& known) {
  auto failed = [](const std::string& message) {
    return PartsAnswer{std::nullopt, details::BridgeResult(details::kInternalError, message)};
  };
  return details::WithPython(failed, [&]() -> PartsAnswer {
    bool in_parts = false;
    auto outcome = details::Run(text, options, [&](PyObject* answer) {
      in_parts = PyObject_HasAttrString(answer, "to_parts") == 1;
      if (!in_parts) return details::PyRef(PyObject_CallMethod(answer, "to_plain", nullptr));
      details::PyRef known_list = details::StringList(known);
      if (!known_list) return details::PyRef();
      return details::PyRef(PyObject_CallMethod(answer, "to_parts", "O", known_list.get()));
    });
    PartsAnswer answer;
    if (!outcome.plain) {
      answer.whole = std::move(outcome.failure);
      return answer;
    }
    std::string what = details::EntryName(options) + (in_parts ? ".to_parts()" : ".to_plain()");
    if (in_parts) {
      answer.parts = details::ConvertAnswer<ResultParts>(outcome.plain.get(), what,
                                                         details::ConvertPlainParts, &answer.whole);
    } else if (auto whole = details::ConvertAnswer<ParseResult>(
                   outcome.plain.get(), what, details::ConvertPlainResult, &answer.whole)) {
      answer.whole = std::move(*whole);
    }
    return answer;
  });
}

}  // namespace bridge
}  // namespace script
}  // namespace tvm
