/*!
 * \file worker_test_util.h
 * \brief Clients of the real `tvm-lsp-worker` binary for the lsp suite: with the real frontend,
 *  or with the fixture entry fixtures/worker_fixture.py:analyze, and a clock.
 */
#ifndef TESTS_CPP_LSP_WORKER_TEST_UTIL_H_
#define TESTS_CPP_LSP_WORKER_TEST_UTIL_H_

#include <signal.h>
#include <tvm/lsp/worker_client.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>

namespace worker_test {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

inline milliseconds Since(Clock::time_point start) {
  return std::chrono::duration_cast<milliseconds>(Clock::now() - start);
}

/*! \brief The worker with the real frontend (tvm_tirx.script.parse_diagnostics). */
inline tvm::lsp::WorkerClientOptions RealOptions() {
  tvm::lsp::WorkerClientOptions options;
  options.executable = TVM_LSP_WORKER_PATH;
  options.extra_args = {"--enable-test-hooks"};
  return options;
}

/*! \brief The worker with the fixture entry; short limits so the suite stays fast. */
inline tvm::lsp::WorkerClientOptions FixtureOptions() {
  tvm::lsp::WorkerClientOptions options;
  options.executable = TVM_LSP_WORKER_PATH;
  options.extra_args = {"--entry", "worker_fixture:analyze", "--python-path",
                        TVM_LSP_WORKER_FIXTURES, "--enable-test-hooks"};
  options.definition_limit = milliseconds(400);
  options.analysis_budget = milliseconds(4000);
  options.analysis_budget_per_1000_lines = milliseconds(0);  // the budget these tests time
  options.memory_limit_mb = 1024;
  return options;
}

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::string Example(const std::string& name) {
  return ReadFile(std::string(TVM_LSP_EXAMPLES_DIR) + "/" + name);
}

/*! \brief Whether process `pid` still exists (not yet reaped counts as existing). */
inline bool ProcessExists(int64_t pid) { return pid > 0 && kill(static_cast<pid_t>(pid), 0) == 0; }

}  // namespace worker_test

#endif  // TESTS_CPP_LSP_WORKER_TEST_UTIL_H_
