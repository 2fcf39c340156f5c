/*!
 * \file worker_internal.h
 * \brief The analysis worker (`tvm-lsp-worker`): its options, its request loop and its second
 *  wall (descriptors, Landlock, seccomp). Only lsp/worker includes this.
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
  /*! \brief Test hook: act as on a kernel without Landlock (needs `test_hooks`). */
  bool test_landlock_unavailable = false;
  /*! \brief Why the relay (InterposeRelay) could not be set up; the wall is refused then. */
  std::string relay_error;
  /*! \brief RLIMIT_AS in bytes (soft and hard), 0 for none. */
  uint64_t memory_limit = uint64_t{4} << 30;
  /*!
   * \brief The frontend's entry function (tests point it at a fixture): per-document sessions
   *  that rebuild only the definitions whose text or context changed, answered per definition
   *  (parser/worker_entry.py). The same module answers the query
   *  (`format_verdicts`).
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

/*! \brief What CloseAllBut did. */
struct DescriptorReport {
  /*! \brief The descriptors closed, each as "N (what it was)". */
  std::vector<std::string> closed;
  /*! \brief Log descriptors (1, 2) that were a protocol pipe, now /dev/null. */
  std::vector<int> log_redirected;
  /*! \brief Descriptors /proc/self/fd still lists afterwards, outside the kept set (none). */
  std::vector<int> still_open;
};

/*!
 * \brief Makes fd 1 and fd 2 (the log), where not in `fds`, /dev/null when it is the same file
 *  as one of `fds` (a stderr that is a protocol pipe or socket, as `2>&1` makes it); the fds it
 *  changed.
 */
std::vector<int> RedirectLogAwayFrom(const std::vector<int>& fds);

/*!
 * \brief Keeps fds 0, 1, 2 and `protocol_fds` open and closes every other descriptor
 *  (close_range, or one by one from /proc/self/fd), then checks /proc/self/fd again. A log
 *  descriptor (1 or 2) that is the same file as a protocol pipe becomes /dev/null first.
 */
DescriptorReport CloseAllBut(const std::vector<int>& protocol_fds);

/*!
 * \brief Forks a relay process that keeps the protocol's pipes (fds 0 and 1) and stderr, and
 *  copies bytes between them and three socket pairs, which replace fds 0, 1 and 2 here: a
 *  socket cannot be opened again through /proc/self/fd, a pipe can. Call it before any thread
 *  starts. An error message, empty on success.
 */
std::string InterposeRelay();

/*! \brief What the Landlock ruleset may read. */
struct LandlockOptions {
  /*! \brief Folders readable whole (Python's path); "/" and the home's ancestors are skipped. */
  std::vector<std::string> read_folders;
  /*! \brief The user's home folder ($HOME), empty when unknown. */
  std::string home;
  /*! \brief Test hook: answer as a kernel without Landlock does (ENOSYS). */
  bool simulate_unavailable = false;
};

/*! \brief What InstallLandlock did. */
struct LandlockStatus {
  bool enforced = false;
  /*! \brief The kernel's Landlock ABI, 0 when unavailable. */
  int abi = 0;
  int folders = 0;
  int files = 0;
  /*! \brief Entries not granted and why (a folder too wide, a path that could not be opened). */
  std::vector<std::string> skipped;
  /*! \brief One line for the log and the `ready` event: "enforced (ABI 7): ..." or why not. */
  std::string summary;
};

/*! \brief The kernel's Landlock ABI version, or -errno when it has none. */
int LandlockAbi();

/*!
 * \brief Confines the calling thread, and every thread it starts, to reading `read_folders`
 *  and the files the process has mapped (/proc/self/maps), handling every access right the
 *  kernel's ABI knows: no writing, making, removing or renaming anywhere, no TCP bind or
 *  connect, no signals or abstract unix sockets beyond the domain. Sets no_new_privs.
 */
LandlockStatus InstallLandlock(const LandlockOptions& options);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_WORKER_WORKER_INTERNAL_H_
