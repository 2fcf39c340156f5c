/*!
 * \file queries.cc
 * \brief Questions about the last analysis of a document (what is at a position, formatting
 *  verdicts), asked of the entry module's query functions under the time limit.
 *
 * The query functions take the question's positional arguments and the document's
 * `source_name=` and `trusted=`, and answer None when they keep no finished analysis of that
 * document, else a dict holding the answer under one key.
 */
#include <functional>
#include <string>

#include "bridge_internal.h"

namespace tvm {
namespace script {
namespace bridge {
namespace details {
namespace {

/*! \brief The plain answer of one query function, or why there is none. */
struct QueryCall {
  PyRef value;
  std::string error;  // set when value is null
};

std::string PythonFailure(const std::string& what) {
  PythonError error = FetchPythonError();
  return what + ": " + error.kind + ": " + error.message;
}

/*! \brief `module.function(*args, source_name=, trusted=)` under the time limit (GIL held). */
QueryCall CallQuery(const QueryOptions& options, const char* function, PyObject* args) {
  const std::string name = options.entry_module + "." + function;
  PyRef module(PyImport_ImportModule(options.entry_module.c_str()));
  PyRef callable(module ? PyObject_GetAttrString(module.get(), function) : nullptr);
  if (!callable) return {PyRef(), PythonFailure("cannot load " + name)};
  PyRef kwargs(Py_BuildValue("{s:s#,s:O}", "source_name", options.source_name.data(),
                             static_cast<Py_ssize_t>(options.source_name.size()), "trusted",
                             options.trusted ? Py_True : Py_False));
  if (!args || !kwargs) return {PyRef(), PythonFailure("cannot call " + name)};
  PyRef value;
  bool stopped = false;
  {
    Watchdog::Guard guard(GuardedCall{name, options.source_name, options.time_limit},
                          options.time_limit);
    value = PyRef(PyObject_Call(callable.get(), args, kwargs.get()));
    stopped = guard.Disarm();
  }
  if (stopped) {
    if (!value) PyErr_Clear();
    return {PyRef(), name + " stopped after " + std::to_string(options.time_limit.count()) +
                         " ms (time-limit)"};
  }
  if (!value) return {PyRef(), PythonFailure("internal error in " + name)};
  return {std::move(value), ""};
}

/*!
 * \brief Runs a query and reads `key` of its answer with `convert` into `answer` (GIL held).
 *  Answer is FormatAnswer (or another query's answer); `store` puts the converted value in it.
 */
template <typename Answer, typename Convert, typename Store>
Answer Ask(const QueryOptions& options, const char* function, PyObject* args, const char* key,
           Convert convert, Store store,
           const std::function<void(Answer*, PyObject* dict)>& rest = nullptr) {
  Answer answer;
  QueryCall call = CallQuery(options, function, args);
  if (!call.value) {
    answer.status = QueryStatus::kFailed;
    answer.error = call.error;
    return answer;
  }
  if (call.value.get() == Py_None) {
    answer.status = QueryStatus::kNotAnalysed;
    return answer;
  }
  PyObject* item =
      PyDict_Check(call.value.get()) ? PyDict_GetItemString(call.value.get(), key) : nullptr;
  try {
    if (item == nullptr) throw MalformedAnswer(std::string("expected a dict with \"") + key + "\"");
    store(&answer, convert(item));
    if (rest) rest(&answer, call.value.get());
  } catch (const MalformedAnswer& error) {
    answer.status = QueryStatus::kFailed;
    answer.error = "malformed answer from " + options.entry_module + "." + function + ", \"" + key +
                   "\": " + error.what();
  }
  return answer;
}

template <typename Answer>
Answer FailedQuery(const std::string& message) {
  Answer answer;
  answer.status = QueryStatus::kFailed;
  answer.error = message;
  return answer;
}

}  // namespace
}  // namespace details

FormatAnswer FormatVerdicts(const QueryOptions& options, const FormatQuery& query) {
  return details::WithPython(details::FailedQuery<FormatAnswer>, [&] {
    // `migrate` and the budget only when asked, so entry functions that do not take them still
    // format.
    details::PyRef args(query.budget.count() > 0
                            ? Py_BuildValue("(OL)", query.migrate ? Py_True : Py_False,
                                            static_cast<long long>(query.budget.count()))  // NOLINT
                        : query.migrate ? Py_BuildValue("(O)", Py_True)
                                        : PyTuple_New(0));
    FormatAnswer answer = details::Ask<FormatAnswer>(
        options, "format_verdicts", args.get(), "definitions", details::ConvertFormatVerdicts,
        [](FormatAnswer* answer, std::vector<FormatVerdict> verdicts) {
          answer->definitions = std::move(verdicts);
        },
        [](FormatAnswer* answer, PyObject* dict) {
          PyObject* complete = PyDict_GetItemString(dict, "complete");  // absent: complete
          if (complete != nullptr && !PyBool_Check(complete)) {
            throw details::MalformedAnswer("\"complete\" is not a bool");
          }
          answer->complete = complete == nullptr || complete == Py_True;
          if (!answer->complete && !answer->definitions.empty()) {
            throw details::MalformedAnswer("verdicts with an answer that is not complete");
          }
        });
    return answer;
  });
}

CatalogAnswer NamespaceCatalogOf(const QueryOptions& options) {
  return details::WithPython(details::FailedQuery<CatalogAnswer>, [&] {
    QueryOptions catalog = options;
    catalog.entry_module = "tvm_tirx.script.parser.member_catalog";
    details::PyRef args(PyTuple_New(0));
    return details::Ask<CatalogAnswer>(
        catalog, "catalog", args.get(), "catalog", details::ConvertNamespaceCatalog,
        [](CatalogAnswer* answer, NamespaceCatalog value) { answer->catalog = std::move(value); });
  });
}

}  // namespace bridge
}  // namespace script
}  // namespace tvm
