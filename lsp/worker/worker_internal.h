/*!
 * \file worker_internal.h
 * \brief The analysis worker (`tvm-lsp-worker`): its options, its request loop and its seccomp
 *  sandbox. Only lsp/worker includes this.
 */
#ifndef TVM_LSP_WORKER_WORKER_INTERNAL_H_
#define TVM_LSP_WORKER_WORKER_INTERNAL_H_

#include <cstdint>
#include <string>
#include <vector>

namespace tvm {
namespace lsp {

/*! \brief How the worker was started (its command line, see main.cc). */
struct WorkerOptions {
  /*! \brief A trusted worker installs no seccomp filter (the workspace is trusted). */
  bool trusted = false;
  /*! \brief Accept the `test-eval` request. */
  bool test_hooks = false;
  /*! \brief Test hook: make loading the seccomp filter fail (needs `test_hooks`). */
  bool test_sandbox_failure = false;
  /*! \brief RLIMIT_AS in bytes (soft and hard), 0 for none. */
  uint64_t memory_limit = uint64_t{4} << 30;
  /*!
   * \brief The frontend's entry function (tests point it at a fixture): per-document sessions
   *  that rebuild only the definitions whose text or context changed, answered per definition
   *  (parser/worker_entry.py). The same module answers the queries (`what_is_at`,
   *  `format_verdicts`).
   */
  std::string entry_module = "tvm_tirx.script.parser.worker_entry";
  std::string entry_function = "analyze_document";
  /*! \brief Folders put first on Python's path (fixture modules). */
  std::vector<std::string> python_paths;
};

/*! \brief Serves requests on stdin/stdout until `shutdown` or the end of input; the exit code. */
int RunWorker(const WorkerOptions& options);

/*! \brief What the sandbox lets through. */
struct SandboxOptions {
  /*! \brief The only file descriptors `write` may use (the protocol's output, stderr). */
  std::vector<int> write_fds;
  /*!
   * \brief File descriptors the calling thread (the one that runs Python) and the threads it
   *  starts later may not read, write or close: the protocol's, which only the worker's reader
   *  and writer threads (started before) use.
   */
  std::vector<int> protocol_fds;
  /*! \brief Test hook: the filter is built, then loading it fails (a real libseccomp error). */
  bool fail_to_load = false;
};

/*!
 * \brief Installs the default-deny seccomp filter on every thread of the process (TSYNC):
 *  an allowlist of what CPython needs to compute; denied calls fail with EPERM (`clone3` with
 *  ENOSYS, so glibc falls back to `clone`, allowed only with CLONE_THREAD); then a second
 *  filter on the calling thread alone that bars `protocol_fds`. Returns an error message,
 *  empty on success. A filter cannot be lifted.
 */
std::string InstallSandbox(const SandboxOptions& options);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_WORKER_WORKER_INTERNAL_H_
