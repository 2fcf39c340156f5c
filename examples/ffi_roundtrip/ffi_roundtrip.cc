/*!
 * \file ffi_roundtrip.cc
 * \brief The main job at the foundation stage: C++ builds objects and containers, hands them to
 *  Python through a global function that Python registered, gets them back and checks that
 *  they are the very same objects. It embeds the project's Python and imports `tvm_ffi`, whose
 *  extension links the same core library: one registry in the process.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/reflection/object_utils.h>
#include <tvm/ffi/testing.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

namespace {

using namespace tvm::ffi;

/*! \brief Where the venv's interpreter and the built package are (overridable for installs). */
struct PythonPaths {
  std::string executable;
  std::string package_root;
  std::string example_dir;
};

PythonPaths FindPaths() {
  auto from_env = [](const char* name, const char* fallback) {
    const char* value = std::getenv(name);
    return std::string(value != nullptr && *value != '\0' ? value : fallback);
  };
  return PythonPaths{from_env("TVM_LSP_PYTHON", TVM_LSP_VENV_PYTHON),
                     from_env("TVM_LSP_PYTHONPATH", TVM_LSP_PACKAGE_ROOT),
                     from_env("TVM_LSP_EXAMPLE_DIR", TVM_LSP_EXAMPLE_DIR)};
}

/*!
 * \brief Starts CPython pinned to the project's venv (no user site, no current folder on the
 *  path), then puts the package root and the example folder first on sys.path.
 */
bool StartPython(const PythonPaths& paths) {
  PyConfig config;
  PyConfig_InitPythonConfig(&config);
  config.user_site_directory = 0;
  config.safe_path = 1;
  PyStatus status = PyConfig_SetBytesString(&config, &config.executable, paths.executable.c_str());
  if (!PyStatus_Exception(status)) status = Py_InitializeFromConfig(&config);
  PyConfig_Clear(&config);
  if (PyStatus_Exception(status)) {
    std::cerr << "cannot start Python: " << (status.err_msg ? status.err_msg : "unknown") << "\n";
    return false;
  }
  PyObject* sys_path = PySys_GetObject("path");  // borrowed
  for (const std::string* dir : {&paths.example_dir, &paths.package_root}) {
    PyObject* entry = PyUnicode_DecodeFSDefault(dir->c_str());
    if (entry == nullptr || PyList_Insert(sys_path, 0, entry) != 0) {
      Py_XDECREF(entry);
      PyErr_Print();
      return false;
    }
    Py_DECREF(entry);
  }
  return true;
}

void FlushPython() {
  PyRun_SimpleString("import sys; sys.stdout.flush()");
  std::cout << std::flush;
}

std::string Describe(const Any& value) {
  if (const auto* pair = value.as<testing::TestIntPairObj>()) {
    return "testing.TestIntPair a=" + std::to_string(pair->a) + " b=" + std::to_string(pair->b);
  }
  if (auto text = value.as<String>()) return "str \"" + text->str() + "\"";
  return value.GetTypeKey();
}

int Run() {
  // Step 1: objects made in C++.
  testing::TestIntPair pair(1, 2);
  Array<Any> numbers{1, 2, 3};
  Map<String, Any> attrs{{"x", Any(1.5)}, {"y", Any(String("two"))}};
  List<Any> shared{String("a"), String("b")};
  Any node = Function::GetGlobalRequired("testing.make_test_node")(String("root"));
  String text("hello");
  std::vector<Any> originals{pair, numbers, attrs, shared, node, text};
  std::cout << "[C++] made " << originals.size()
            << " values: TestIntPair, Array, Map, List, TestNode, String" << std::endl;

  // Step 2: hand them to Python through the global function the script registered.
  if (PyRun_SimpleString("import roundtrip") != 0) return 1;
  Function roundtrip = Function::GetGlobalRequired("example.roundtrip");
  Any result = roundtrip(pair, numbers, attrs, shared, node, text);
  FlushPython();

  // Step 3: what came back.
  Array<Any> back = result.cast<Array<Any>>();
  std::cout << "[C++] got back " << back.size() << " values:" << std::endl;
  bool all_same = true;
  for (size_t i = 0; i < back.size(); ++i) {
    std::cout << "  #" << i << " " << Describe(back[i]);
    if (i < originals.size()) {
      // Strings are values: Python hands back an equal string, not the same object.
      bool same = back[i].is_object() && originals[i].is_object() &&
                  back[i].pod().v_obj == originals[i].pod().v_obj;
      bool equal = reflection::FieldwiseEqual(back[i], originals[i]);
      std::cout << " same_as original: " << (same ? "true" : "false")
                << ", equal: " << (equal ? "true" : "false");
      if (back[i].type_index() != TypeIndex::kStr) all_same = all_same && same;
    } else {
      std::cout << " (made in Python; IsInstance<TestIntPairObj>: "
                << (back[i].as<testing::TestIntPairObj>() != nullptr ? "true" : "false") << ")";
    }
    std::cout << std::endl;
  }
  shared.push_back(String("c"));
  std::cout << "[C++] after List.push_back in C++, Python's view has "
            << back[3].cast<List<Any>>().size() << " items" << std::endl;
  std::cout << "[C++] every object came back as the same object: " << (all_same ? "true" : "false")
            << std::endl;
  return all_same ? 0 : 1;
}

}  // namespace

int main() {
  PythonPaths paths = FindPaths();
  if (!StartPython(paths)) return 2;
  int code = 0;
  try {
    code = Run();
  } catch (const Error& error) {
    FlushPython();
    std::cerr << error.FullText() << std::endl;
    code = 1;
  }
  if (PyErr_Occurred()) PyErr_Print();
  // Objects that hold Python callables must die before the interpreter.
  tvm::ffi::Function::RemoveGlobal("example.roundtrip");
  if (Py_FinalizeEx() < 0) code = code == 0 ? 3 : code;
  return code;
}
