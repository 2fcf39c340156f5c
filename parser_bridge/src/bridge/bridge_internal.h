/*!
 * \file bridge_internal.h
 * \brief What the files of the bridge library share and the public header must not show:
 *  Python references and the GIL, Python errors as text, the plain-data reader and the watchdog.
 */
#ifndef TVM_SCRIPT_BRIDGE_BRIDGE_INTERNAL_H_
#define TVM_SCRIPT_BRIDGE_BRIDGE_INTERNAL_H_

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <tvm/script/bridge/bridge.h>

#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tvm {
namespace script {
namespace bridge {
namespace details {

/*! \brief Holds the GIL for its lifetime (from any thread, re-entrant). */
class GilLock {
 public:
  GilLock() : state_(PyGILState_Ensure()) {}
  ~GilLock() { PyGILState_Release(state_); }
  GilLock(const GilLock&) = delete;
  GilLock& operator=(const GilLock&) = delete;

 private:
  PyGILState_STATE state_;
};

/*! \brief An owned Python reference; use only with the GIL held. */
class PyRef {
 public:
  PyRef() = default;
  /*! \brief Takes over a new reference (nullptr allowed: a failed call). */
  explicit PyRef(PyObject* owned) : ptr_(owned) {}
  PyRef(PyRef&& other) noexcept : ptr_(std::exchange(other.ptr_, nullptr)) {}
  PyRef& operator=(PyRef&& other) noexcept {
    std::swap(ptr_, other.ptr_);
    return *this;
  }
  ~PyRef() { Py_XDECREF(ptr_); }
  PyRef(const PyRef&) = delete;
  PyRef& operator=(const PyRef&) = delete;

  PyObject* get() const { return ptr_; }
  explicit operator bool() const { return ptr_ != nullptr; }

 private:
  PyObject* ptr_ = nullptr;
};

/*! \brief str(value) as UTF-8; "<unprintable>" when str() fails (GIL held). */
std::string StrOf(PyObject* value);

/*! \brief A Python exception as text. */
struct PythonError {
  std::string kind;       // the class name, e.g. "ValueError"
  std::string message;    // str() of the exception
  std::string traceback;  // traceback.format_exception(), ending with "Kind: message"
};

/*! \brief Takes the current Python exception, normalised, its traceback attached; clears it. */
PyRef FetchException();

/*! \brief Takes the current Python exception (there must be one) as text and clears it. */
PythonError FetchPythonError();

/*! \brief A diagnostic the bridge itself reports, at the start of the text. */
Diagnostic BridgeDiagnostic(std::string code, std::string message);

/*! \brief A result holding only `BridgeDiagnostic(code, message)`. */
ParseResult BridgeResult(std::string code, std::string message);

/*! \brief The answer of the entry function did not have the documented shape. */
class MalformedAnswer : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/*!
 * \brief Converts the value of `to_plain()` into a ParseResult (GIL held).
 * \throws MalformedAnswer naming the key path of the first value that has the wrong shape,
 *  e.g. "diagnostics[0].range: expected a list of 4 ints, got str".
 */
ParseResult ConvertPlainResult(PyObject* plain);

/*! \brief The value of `to_parts(known)` as ResultParts (GIL held). \throws MalformedAnswer */
ResultParts ConvertPlainParts(PyObject* plain);

/*! \brief A list of format verdicts (GIL held). \throws MalformedAnswer */
std::vector<FormatVerdict> ConvertFormatVerdicts(PyObject* plain);

/*! \brief A `member_catalog.catalog()` answer's "catalog" (GIL held). \throws MalformedAnswer */
NamespaceCatalog ConvertNamespaceCatalog(PyObject* plain);

/*!
 * \brief `body()` with Python up and the GIL held; a Python that did not start, or a C++
 *  exception, is `failed(message)` instead. For the never-throwing entry points.
 */
template <typename Failed, typename Body>
auto WithPython(Failed failed, Body body) -> decltype(body()) {
  try {
    Interpreter& interpreter = Interpreter::Global();
    if (!interpreter.ok()) return failed("Python did not start: " + interpreter.error());
    GilLock gil;
    return body();
  } catch (const std::exception& error) {
    return failed(std::string("the bridge failed: ") + error.what());
  } catch (...) {
    return failed("the bridge failed: unknown exception");
  }
}

/*! \brief `items` as a Python list of str (GIL held; nullptr with an exception set on error). */
PyRef StringList(const std::vector<std::string>& items);

/*! \brief An installed bridge's Python (installed_layout.cc, docs/packaging.md). */
struct InstalledLayout {
  std::string site_packages;  // the folder holding tvm_ffi/ and tvm_tirx/
  std::string python;         // <venv>/bin/python3; empty outside a venv
};

/*!
 * \brief The layout of an installed wheel when the bridge library at `library_path` sits in
 *  `<site-packages>/tvm_ffi/lib/` beside `<site-packages>/tvm_tirx/`; nullopt otherwise (a
 *  build tree).
 */
std::optional<InstalledLayout> InstalledLayoutOf(const std::string& library_path);

/*! \brief `InstalledLayoutOf` the file this library was loaded from. */
std::optional<InstalledLayout> FindInstalledLayout();

/*! \brief What the watchdog knows about one guarded call (for the stuck report). */
struct GuardedCall {
  std::string entry;
  std::string source_name;
  std::chrono::milliseconds time_limit;
};

/*!
 * \brief Stops Python code that runs past its time limit.
 *
 * A timer thread (which never takes the GIL) watches the deadlines; at a deadline it asks an
 * injector thread to take the GIL and raise `TimeoutError` asynchronously in the thread running
 * the call (`PyThreadState_SetAsyncExc`), again every `kReinjectInterval` while the call still
 * runs (code that catches the first one meets the next). The exception arrives when that thread
 * next passes through the interpreter loop, so C code that never returns to it (or sleeps with
 * the GIL released) cannot be stopped; `grace` after the deadline the timer calls the stuck
 * handler so the process owner can kill the worker. Both threads live as long as the process.
 */
class Watchdog {
 public:
  static Watchdog& Global();

  /*! \brief Watches the current thread from construction to Disarm(). GIL held for both. */
  class Guard {
   public:
    Guard(GuardedCall call, std::chrono::milliseconds time_limit);
    ~Guard() { Disarm(); }
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;
    /*!
     * \brief Stops watching and clears an asynchronous exception not yet delivered, so it cannot
     *  hit later code of this thread. Returns whether the watchdog tried to stop the call.
     */
    bool Disarm();

   private:
    uint64_t id_;
    unsigned long thread_ident_;  // NOLINT(runtime/int): CPython's thread id type
    bool disarmed_ = false;
    bool fired_ = false;
  };

  void SetStuckHandler(std::function<void(const Interpreter::StuckReport&)> handler);
  void SetStuckGrace(std::chrono::milliseconds grace);

  static constexpr std::chrono::milliseconds kReinjectInterval{100};

 private:
  Watchdog();
  struct State;
  State* state_;  // never freed: the watchdog's threads run until the process exits
};

}  // namespace details
}  // namespace bridge
}  // namespace script
}  // namespace tvm

#endif  // TVM_SCRIPT_BRIDGE_BRIDGE_INTERNAL_H_
