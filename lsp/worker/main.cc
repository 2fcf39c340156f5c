/*!
 * \file main.cc
 * \brief `tvm-lsp-worker`: the analysis worker process (lsp/README.md, docs/architecture.md).
 *
 *   tvm-lsp-worker [--trusted] [--memory-limit-mb N] [--entry MODULE:FUNCTION]
 *                  [--python-path DIR]... [--enable-test-hooks [--test-sandbox-failure]
 *                  [--test-landlock-unavailable]]
 *
 * Requests come on stdin and replies and events go to stdout, framed and shaped as
 * lsp/protocol/worker_protocol.json says. Exit code 2: a bad command line.
 */
#include <unistd.h>

#include <charconv>
#include <cstring>
#include <iostream>
#include <string>

#include "worker_internal.h"

namespace {

constexpr const char* kUsage =
    "usage: tvm-lsp-worker [--trusted] [--memory-limit-mb N] [--entry MODULE:FUNCTION]\n"
    "                      [--python-path DIR]... [--enable-test-hooks "
    "[--test-sandbox-failure]\n"
    "                      [--test-landlock-unavailable]]\n";

/*! \brief Parses the command line into `options`; an error message, empty on success. */
std::string ParseArguments(int argc, char** argv, tvm::lsp::WorkerOptions* options) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    if (arg == "--trusted") {
      options->trusted = true;
    } else if (arg == "--enable-test-hooks") {
      options->test_hooks = true;
    } else if (arg == "--test-sandbox-failure") {
      options->test_sandbox_failure = true;
    } else if (arg == "--test-landlock-unavailable") {
      options->test_landlock_unavailable = true;
    } else if (arg == "--memory-limit-mb" && has_value) {
      std::string value = argv[++i];
      uint64_t megabytes = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), megabytes);
      if (ec != std::errc() || end != value.data() + value.size() || megabytes > (1u << 30)) {
        return "--memory-limit-mb takes a number of MiB, got \"" + value + "\"";
      }
      options->memory_limit = megabytes << 20;
    } else if (arg == "--entry" && has_value) {
      std::string value = argv[++i];
      size_t colon = value.find(':');
      if (colon == std::string::npos || colon == 0 || colon + 1 == value.size()) {
        return "--entry takes MODULE:FUNCTION, got \"" + value + "\"";
      }
      options->entry_module = value.substr(0, colon);
      options->entry_function = value.substr(colon + 1);
    } else if (arg == "--python-path" && has_value) {
      options->python_paths.push_back(argv[++i]);
    } else {
      return "unknown or incomplete argument \"" + arg + "\"";
    }
  }
  if (options->test_sandbox_failure && !options->test_hooks) {
    return "--test-sandbox-failure is a test hook: it needs --enable-test-hooks";
  }
  if (options->test_landlock_unavailable && !options->test_hooks) {
    return "--test-landlock-unavailable is a test hook: it needs --enable-test-hooks";
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  tvm::lsp::WorkerOptions options;
  std::string error = ParseArguments(argc, argv, &options);
  if (!error.empty()) {
    std::cerr << "tvm-lsp-worker: " << error << "\n" << kUsage;
    return 2;
  }
  // Before any thread: fork needs a single-threaded process (the relay, relay.cc).
  if (!options.trusted) options.relay_error = tvm::lsp::InterposeRelay();
  int code = tvm::lsp::RunWorker(options);
  // The embedded interpreter is never finalised (bridge.h): leave without static destructors.
  std::cout.flush();
  _exit(code);
}
