/*!
 * \file interpreter.cc
 * \brief The one embedded CPython of a process: started isolated and pinned to the project's
 *  venv Python, with the project's package folders first on its path.
 *
 * Build-time defaults (compile definitions from parser_bridge/meson.build):
 *  - TVM_LSP_VENV_PYTHON: the venv interpreter Meson built against (`python.full_path()`);
 *  - TVM_LSP_PACKAGE_ROOT: `<build>/parser_bridge/python`, where tvm_ffi and tvm_tirx are built.
 * An installed bridge (a wheel, installed_layout.cc) uses neither folder of the build: it takes
 * its venv's Python and site-packages from its own path. $TVM_LSP_PYTHON and
 * $TVM_LSP_PYTHONPATH override both.
 */
#include <signal.h>
#include <tvm/script/printer/printer.h>
#include <unistd.h>

#include <cstdlib>
#include <optional>

#include "bridge_internal.h"

#ifndef TVM_LSP_VENV_PYTHON
#error "TVM_LSP_VENV_PYTHON must name the venv's Python executable (parser_bridge/meson.build)"
#endif
#ifndef TVM_LSP_PACKAGE_ROOT
#error "TVM_LSP_PACKAGE_ROOT must name the built package folder (parser_bridge/meson.build)"
#endif

namespace tvm {
namespace script {
namespace bridge {

using details::GilLock;
using details::PyRef;

namespace {

std::string EnvOr(const char* name, const char* fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : fallback;
}

/*! \brief The folders of a `:`-separated list, empty entries dropped. */
std::vector<std::string> SplitFolderList(const std::string& list) {
  std::vector<std::string> folders;
  size_t begin = 0;
  while (begin <= list.size()) {
    size_t end = list.find(':', begin);
    if (end == std::string::npos) end = list.size();
    if (end > begin) folders.push_back(list.substr(begin, end - begin));
    begin = end + 1;
  }
  return folders;
}

/*!
 * \brief Puts `folders` first on sys.path, in their order, moving them when already on it (a
 *  venv's .pth file may list them after site-packages). GIL held. Returns an error message,
 *  empty on success.
 */
std::string PrependToSysPath(const std::vector<std::string>& folders) {
  PyObject* sys_path = PySys_GetObject("path");  // borrowed
  if (sys_path == nullptr || !PyList_Check(sys_path)) return "sys.path is not a list";
  for (auto it = folders.rbegin(); it != folders.rend(); ++it) {
    PyRef entry(PyUnicode_DecodeFSDefault(it->c_str()));
    int present = entry ? PySequence_Contains(sys_path, entry.get()) : -1;
    while (present == 1) {
      Py_ssize_t index = PySequence_Index(sys_path, entry.get());
      present = index >= 0 && PySequence_DelItem(sys_path, index) == 0
                    ? PySequence_Contains(sys_path, entry.get())
                    : -1;
    }
    if (present == 0 && PyList_Insert(sys_path, 0, entry.get()) != 0) present = -1;
    if (present < 0) {
      details::PythonError error = details::FetchPythonError();
      return "cannot put " + *it + " on sys.path: " + error.kind + ": " + error.message;
    }
  }
  return "";
}

/*! \brief Appends `folder` to sys.path unless it is on it already (GIL held); an error message. */
std::string AppendToSysPathIfMissing(const std::string& folder) {
  PyObject* sys_path = PySys_GetObject("path");  // borrowed
  if (sys_path == nullptr || !PyList_Check(sys_path)) return "sys.path is not a list";
  PyRef entry(PyUnicode_DecodeFSDefault(folder.c_str()));
  int present = entry ? PySequence_Contains(sys_path, entry.get()) : -1;
  if (present == 0 && PyList_Append(sys_path, entry.get()) != 0) present = -1;
  if (present < 0) {
    details::PythonError error = details::FetchPythonError();
    return "cannot put " + folder + " on sys.path: " + error.kind + ": " + error.message;
  }
  return "";
}

/*!
 * \brief Imports `signal` now and gives SIGINT back to the host (GIL held). The isolated
 *  configuration installs no handler at start, but the first import of `signal` (which
 *  subprocess, asyncio and others do) would install Python's SIGINT handler process-wide.
 */
void KeepHostSigint() {
  struct sigaction host {};
  sigaction(SIGINT, nullptr, &host);
  PyRef module(PyImport_ImportModule("signal"));
  if (!module) PyErr_Clear();
  sigaction(SIGINT, &host, nullptr);
}

/*!
 * \brief Starts CPython with the isolated configuration: the environment is ignored
 *  ($PYTHONPATH, $PYTHONHOME, ...), neither the user site nor the current folder is on the path
 *  and the host keeps its signal handlers. The executable pins the prefix: the pyvenv.cfg beside
 *  it gives the standard library and the venv's site-packages. Returns an error message, empty
 *  on success; on success the calling thread holds the GIL.
 */
std::string StartPython(const std::string& executable) {
  if (access(executable.c_str(), X_OK) != 0) {
    return "the Python interpreter " + executable +
           " does not exist or is not executable (set TVM_LSP_PYTHON)";
  }
  PyConfig config;
  PyConfig_InitIsolatedConfig(&config);
  PyStatus status = PyConfig_SetBytesString(&config, &config.executable, executable.c_str());
  if (!PyStatus_Exception(status)) status = Py_InitializeFromConfig(&config);
  PyConfig_Clear(&config);
  if (PyStatus_Exception(status)) {
    return "cannot start Python from " + executable + ": " +
           (status.err_msg != nullptr ? status.err_msg : "unknown error");
  }
  KeepHostSigint();
  return "";
}

}  // namespace

Interpreter& Interpreter::Global() {
  // Never destroyed (see the class comment); a function-local static makes the first call from
  // several threads at once start Python exactly once.
  static Interpreter* instance = new Interpreter();
  return *instance;
}

Interpreter::Interpreter() {
  // The printer's registrations (script.Script, ...) must exist wherever the frontend runs.
  printer::LinkPrinter();
  // Installed: the packages are in site-packages, which the venv's Python puts on its path
  // itself, after the standard library; it is added (at the end) only where it is missing (a
  // user site, which the isolated configuration leaves out). Nothing of the build is used.
  std::optional<details::InstalledLayout> installed = details::FindInstalledLayout();
  const char* path_override = std::getenv("TVM_LSP_PYTHONPATH");
  bool append_site = installed && (path_override == nullptr || *path_override == '\0');
  package_path_ = append_site ? std::vector<std::string>{installed->site_packages}
                              : SplitFolderList(EnvOr("TVM_LSP_PYTHONPATH", TVM_LSP_PACKAGE_ROOT));
  auto add_packages = [&] {
    return append_site ? AppendToSysPathIfMissing(package_path_.front())
                       : PrependToSysPath(package_path_);
  };
  if (Py_IsInitialized()) {
    // Loaded into a Python program: use its interpreter, adding only the package folders.
    GilLock gil;
    error_ = add_packages();
    return;
  }
  // Outside a venv (python empty) the installed bridge takes the Python that built it: the one
  // pip ran.
  const char* python =
      installed && !installed->python.empty() ? installed->python.c_str() : TVM_LSP_VENV_PYTHON;
  executable_ = EnvOr("TVM_LSP_PYTHON", python);
  error_ = StartPython(executable_);
  if (!error_.empty()) return;
  error_ = add_packages();
  // Every use takes the GIL for itself, from whatever thread it runs on.
  PyEval_SaveThread();
}

bool Interpreter::AddTestPath(const std::string& folder, std::string* error) {
  std::string failure = error_;
  if (ok()) {
    GilLock gil;
    failure = PrependToSysPath({folder});
  }
  if (error != nullptr) *error = failure;
  return failure.empty();
}

std::string Interpreter::Evaluate(const std::string& expression) {
  if (!ok()) return "<Python did not start>: " + error_;
  GilLock gil;
  PyObject* globals = PyModule_GetDict(PyImport_AddModule("__main__"));  // borrowed
  PyRef value(PyRun_String(expression.c_str(), Py_eval_input, globals, globals));
  if (!value) {
    details::PythonError error = details::FetchPythonError();
    return "<" + error.kind + ">: " + error.message;
  }
  return details::StrOf(value.get());
}

void Interpreter::SetStuckHandler(std::function<void(const StuckReport&)> handler) {
  details::Watchdog::Global().SetStuckHandler(std::move(handler));
}

void Interpreter::SetStuckGrace(std::chrono::milliseconds grace) {
  details::Watchdog::Global().SetStuckGrace(grace);
}

}  // namespace bridge
}  // namespace script
}  // namespace tvm
