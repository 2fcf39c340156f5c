// What only a process of its own can show: the environment variables of installed layouts, and
// Python starting while SIGINT has its default action. These suites are skipped by default;
// tests/cpp/meson.build runs each again with `--no-skip -ts=<suite>` and the environment it
// expects.
#include <dlfcn.h>
#include <doctest/doctest.h>
#include <signal.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "bridge_fixture.h"

using namespace tvm::script::bridge;  // NOLINT(build/namespaces)

namespace {

std::string Env(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? "" : value;
}

}  // namespace

// TVM_LSP_PYTHON names no interpreter: nothing starts, and every call says why.
TEST_SUITE("bridge.no_python" * doctest::skip()) {
  TEST_CASE("a missing interpreter is an error of every call, not a crash") {
    const std::string python = Env("TVM_LSP_PYTHON");
    REQUIRE(python == "/tvm-lsp-bridge-test/no-such-python3");
    const std::string reason = "the Python interpreter " + python +
                               " does not exist or is not executable (set TVM_LSP_PYTHON)";
    Interpreter& interpreter = Interpreter::Global();
    CHECK_FALSE(interpreter.ok());
    CHECK(interpreter.error() == reason);
    CHECK(interpreter.executable() == python);
    CHECK(interpreter.Evaluate("1") == "<Python did not start>: " + reason);
    std::string error;
    CHECK_FALSE(interpreter.AddTestPath("/tmp", &error));
    CHECK(error == reason);

    ParseResult result = ParseDiagnostics("x = 1\n");
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].code == "internal-error");
    CHECK(result.diagnostics[0].message == "Python did not start: " + reason);
  }
}

// TVM_LSP_PYTHON and TVM_LSP_PYTHONPATH (two folders: the packages and the fixtures) replace the
// build-time paths.
TEST_SUITE("bridge.environment" * doctest::skip()) {
  TEST_CASE("TVM_LSP_PYTHON and TVM_LSP_PYTHONPATH replace the build's paths") {
    const std::string path_list = Env("TVM_LSP_PYTHONPATH");
    REQUIRE(path_list == std::string(TVM_LSP_PACKAGE_ROOT) + ":" + TVM_LSP_BRIDGE_FIXTURES);
    Interpreter& interpreter = Interpreter::Global();
    REQUIRE_MESSAGE(interpreter.ok(), interpreter.error());
    const std::string python = Env("TVM_LSP_PYTHON");
    CHECK(python != TVM_LSP_VENV_PYTHON);
    CHECK(interpreter.executable() == python);
    CHECK(interpreter.Evaluate("__import__('sys').executable") == python);
    CHECK(interpreter.package_path() ==
          std::vector<std::string>{TVM_LSP_PACKAGE_ROOT, TVM_LSP_BRIDGE_FIXTURES});
    CHECK(interpreter.Evaluate("__import__('sys').path[:2]") ==
          std::string("['") + TVM_LSP_PACKAGE_ROOT + "', '" + TVM_LSP_BRIDGE_FIXTURES + "']");

    // The fixture module is importable without AddTestPath.
    ParseOptions options;
    options.entry_module = "bridge_fixture";
    options.entry_function = "full";
    ParseResult result = ParseDiagnostics("env", options);
    REQUIRE(result.diagnostics.size() == 4);
    CHECK(result.diagnostics[3].message == "source_name=<unknown> trusted=False text=env");
  }
}

// Python starts while SIGINT has its default action (doctest installs its own handler for each
// test case, and Python leaves a handler it did not install alone, so the case resets it first).
TEST_SUITE("bridge.host_sigint" * doctest::skip()) {
  TEST_CASE("Python does not take SIGINT from the host, even once its code imports signal") {
    struct sigaction doctest_action {};
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    REQUIRE(sigaction(SIGINT, &default_action, &doctest_action) == 0);
    Interpreter& interpreter = Interpreter::Global();
    REQUIRE_MESSAGE(interpreter.ok(), interpreter.error());
    CHECK(interpreter.Evaluate("__import__('subprocess') and int(__import__('signal').SIGINT)") ==
          "2");
    struct sigaction now {};
    REQUIRE(sigaction(SIGINT, &doctest_action, &now) == 0);
    Dl_info info{};
    std::string owner = now.sa_handler == SIG_DFL ? "SIG_DFL"
                        : dladdr(reinterpret_cast<void*>(now.sa_handler), &info) != 0
                            ? info.dli_fname
                            : "unknown";
    CHECK(owner == "SIG_DFL");
  }
}
