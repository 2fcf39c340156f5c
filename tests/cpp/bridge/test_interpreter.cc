// The embedded interpreter: started once, pinned to the build's venv Python, isolated from the
// environment (meson sets PYTHONPATH and PYTHONHOME to bogus folders for this suite), importing
// the build tree's packages and sharing the one registry with this executable.
#include <doctest/doctest.h>
#include <tvm/ffi/function.h>

#include <cstdio>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "bridge_fixture.h"

using tvm::script::bridge::Interpreter;

namespace {

/*! \brief What `python -I -c code` prints, without the final newline. */
std::string RunIsolated(const std::string& python, const std::string& code) {
  std::string command = "'" + python + "' -I -c '" + code + "'";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string output;
  char buffer[4096];
  size_t read = 0;
  while ((read = fread(buffer, 1, sizeof(buffer), pipe)) > 0) output.append(buffer, read);
  CHECK(pclose(pipe) == 0);
  if (!output.empty() && output.back() == '\n') output.pop_back();
  return output;
}

}  // namespace

TEST_SUITE("bridge.Interpreter") {
  TEST_CASE("starts once, from whichever thread asks first") {
    std::vector<Interpreter*> seen(4, nullptr);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < seen.size(); ++i) {
      threads.emplace_back([&seen, i] { seen[i] = &Interpreter::Global(); });
    }
    for (auto& thread : threads) thread.join();
    std::set<Interpreter*> distinct(seen.begin(), seen.end());
    CHECK(distinct.size() == 1);
    CHECK(&Interpreter::Global() == seen[0]);
    Interpreter& interpreter = Interpreter::Global();
    REQUIRE_MESSAGE(interpreter.ok(), interpreter.error());
    CHECK(interpreter.Evaluate("1 + 1") == "2");
  }

  TEST_CASE("is pinned to the build's venv Python") {
    Interpreter& interpreter = Interpreter::Global();
    CHECK(interpreter.executable() == TVM_LSP_VENV_PYTHON);
    CHECK(interpreter.Evaluate("__import__('sys').executable") == interpreter.executable());
    // A venv: its own prefix, the base interpreter's standard library.
    CHECK(interpreter.Evaluate("(lambda s: s.prefix != s.base_prefix)(__import__('sys'))") ==
          "True");
    CHECK(interpreter.Evaluate("__import__('sys').version_info[:2]") == "(3, 11)");
  }

  TEST_CASE("ignores the environment, the user site and the current folder") {
    Interpreter& interpreter = Interpreter::Global();
    CHECK(interpreter.Evaluate("__import__('sys').flags.isolated") == "1");
    CHECK(interpreter.Evaluate("__import__('sys').flags.no_user_site") == "1");
    CHECK(interpreter.Evaluate("__import__('sys').flags.ignore_environment") == "1");
    CHECK(interpreter.Evaluate("[p for p in __import__('sys').path if 'must-be-ignored' in p]") ==
          "[]");
    CHECK(interpreter.Evaluate("[p for p in __import__('sys').path if p in ('', '.')]") == "[]");
    CHECK(interpreter.Evaluate("__import__('os').getcwd() in __import__('sys').path") == "False");
  }

  TEST_CASE("the path is the venv interpreter's own isolated path after the package folders") {
    Interpreter& interpreter = Interpreter::Global();
    bridge_test::FixtureOptions("full");  // adds the fixture folder
    REQUIRE(interpreter.package_path().size() == 1);
    const std::string root = interpreter.package_path()[0];
    CHECK(root == TVM_LSP_PACKAGE_ROOT);
    CHECK(interpreter.Evaluate("__import__('sys').path[:2]") ==
          std::string("['") + TVM_LSP_BRIDGE_FIXTURES + "', '" + root + "']");
    // `python3 -I` of the same venv (isolated: no environment, no user site, no script folder)
    // is the oracle for the rest: its standard library and site-packages, with their .pth files.
    // The package folders moved to the front when the venv's .pth file listed them too.
    CHECK(interpreter.Evaluate("__import__('sys').path[2:]") ==
          RunIsolated(interpreter.executable(),
                      "import sys; print([p for p in sys.path if p not in (\"" + root + "\", \"" +
                          TVM_LSP_BRIDGE_FIXTURES + "\")])"));
  }

  TEST_CASE("imports tvm_ffi and tvm_tirx from the build tree") {
    Interpreter& interpreter = Interpreter::Global();
    const std::string root = interpreter.package_path()[0];
    CHECK(interpreter.Evaluate("__import__('tvm_ffi').__file__") == root + "/tvm_ffi/__init__.py");
    CHECK(interpreter.Evaluate("__import__('tvm_tirx').__file__") ==
          root + "/tvm_tirx/__init__.py");
  }

  TEST_CASE("shares the one registry with this executable") {
    Interpreter& interpreter = Interpreter::Global();
    // The printer is linked (through the bridge library) and seen from Python.
    CHECK(interpreter.Evaluate(
              "__import__('tvm_ffi').get_global_func('script.Script') is not None") == "True");
    // C++ -> Python.
    tvm::ffi::Function::SetGlobal("bridge_test.add_one",
                                  tvm::ffi::Function::FromTyped([](int64_t x) { return x + 1; }));
    CHECK(interpreter.Evaluate(
              "__import__('tvm_ffi').get_global_func('bridge_test.add_one')(41)") == "42");
    // Python -> C++.
    CHECK(interpreter.Evaluate("__import__('tvm_ffi').register_global_func("
                               "'bridge_test.twice', lambda x: x * 2) is not None") == "True");
    auto twice = tvm::ffi::Function::GetGlobal("bridge_test.twice");
    REQUIRE(twice.has_value());
    CHECK((*twice)(21).cast<int64_t>() == 42);
    CHECK(tvm::ffi::Function::RemoveGlobal("bridge_test.twice"));
    CHECK(tvm::ffi::Function::RemoveGlobal("bridge_test.add_one"));
  }

  TEST_CASE("Evaluate reports a Python error as text") {
    Interpreter& interpreter = Interpreter::Global();
    CHECK(interpreter.Evaluate("1 / 0") == "<ZeroDivisionError>: division by zero");
    CHECK(interpreter.Evaluate("1 +").rfind("<SyntaxError>: ", 0) == 0);
  }

  TEST_CASE("AddTestPath adds a folder once") {
    Interpreter& interpreter = Interpreter::Global();
    bridge_test::FixtureOptions("full");
    std::string error;
    CHECK(interpreter.AddTestPath(TVM_LSP_BRIDGE_FIXTURES, &error));
    CHECK(error.empty());
    CHECK(interpreter.Evaluate(std::string("__import__('sys').path.count('") +
                               TVM_LSP_BRIDGE_FIXTURES + "')") == "1");
  }
}
