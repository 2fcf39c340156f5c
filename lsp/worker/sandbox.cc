/*!
 * \file sandbox.cc
 * \brief The second wall (DESIGN.md, "Safety"): a default-deny seccomp filter for the worker
 *  that analyses untrusted text.
 *
 * The allowlist is what CPython and the frontend were seen to call while computing (strace -f
 * -c over analyses of the examples, thread start and stop, imports after start-up), minus
 * everything that reaches outside the process: no exec, no new processes, no sockets, no
 * signals to other processes, no file creation, writing, removal, renaming or mode changes,
 * and no new descriptors but read-only opens (no dup*, fcntl F_DUPFD*, pipe, socketpair,
 * memfd, eventfd, pidfd, io_uring, open_by_handle_at: none is on the list). It is the last of
 * the wall's parts (worker.cc, RaiseWall): Landlock's system calls are not on it.
 * Denied calls fail with EPERM rather than killing the process, so Python raises
 * PermissionError where the analysis meant to do something else, and the worker keeps serving.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <unistd.h>

#include <cstring>
#include <memory>

#include "worker_internal.h"

namespace tvm {
namespace lsp {

namespace {

/*! \brief System calls allowed with any arguments: they compute, read, wait or exit. */
constexpr int kAllowed[] = {
    // Reading open files and file metadata.
    SCMP_SYS(read),
    SCMP_SYS(readv),
    SCMP_SYS(pread64),
    SCMP_SYS(preadv),
    SCMP_SYS(close),
    SCMP_SYS(fstat),
    SCMP_SYS(newfstatat),
    SCMP_SYS(statx),
    SCMP_SYS(stat),
    SCMP_SYS(lstat),
    SCMP_SYS(lseek),
    SCMP_SYS(getdents64),
    SCMP_SYS(readlink),
    SCMP_SYS(readlinkat),
    SCMP_SYS(getcwd),
    SCMP_SYS(access),
    SCMP_SYS(faccessat),
    SCMP_SYS(faccessat2),
    SCMP_SYS(fstatfs),
    // Memory.
    SCMP_SYS(mmap),
    SCMP_SYS(munmap),
    SCMP_SYS(mprotect),
    SCMP_SYS(mremap),
    SCMP_SYS(madvise),
    SCMP_SYS(brk),
    // Threads, locks and time.
    SCMP_SYS(futex),
    SCMP_SYS(set_robust_list),
    SCMP_SYS(get_robust_list),
    SCMP_SYS(rseq),
    SCMP_SYS(set_tid_address),
    SCMP_SYS(sched_yield),
    SCMP_SYS(sched_getaffinity),
    SCMP_SYS(clock_gettime),
    SCMP_SYS(clock_getres),
    SCMP_SYS(clock_nanosleep),
    SCMP_SYS(nanosleep),
    SCMP_SYS(gettimeofday),
    SCMP_SYS(time),
    // Signals within the process, identity and exit.
    SCMP_SYS(rt_sigaction),
    SCMP_SYS(rt_sigprocmask),
    SCMP_SYS(rt_sigreturn),
    SCMP_SYS(sigaltstack),
    SCMP_SYS(getpid),
    SCMP_SYS(gettid),
    SCMP_SYS(getppid),
    SCMP_SYS(getuid),
    SCMP_SYS(geteuid),
    SCMP_SYS(getgid),
    SCMP_SYS(getegid),
    SCMP_SYS(getrandom),
    SCMP_SYS(uname),
    SCMP_SYS(sysinfo),
    SCMP_SYS(getrlimit),
    SCMP_SYS(getrusage),
    SCMP_SYS(exit),
    SCMP_SYS(exit_group),
};

/*!
 * \brief The fcntl commands CPython uses (os.set_inheritable, os.get_blocking,
 *  os.set_blocking, and open()'s checks): a descriptor's own flags, nothing that duplicates.
 */
constexpr scmp_datum_t kFcntlCommands[] = {F_GETFD, F_SETFD, F_GETFL, F_SETFL};

/*! \brief Owns a libseccomp filter context. */
struct ContextDeleter {
  void operator()(scmp_filter_ctx* context) const { seccomp_release(*context); }
};

std::string Failure(const char* what, int rc) {
  return std::string(what) + " failed: " + std::strerror(-rc);
}

/*! \brief The rules whose arguments matter. Returns an error message, empty on success. */
std::string AddConditionalRules(scmp_filter_ctx context, const SandboxOptions& options) {
  int rc = 0;
  for (int fd : options.write_fds) {
    for (int call : {SCMP_SYS(write), SCMP_SYS(writev), SCMP_SYS(pwrite64)}) {
      rc = seccomp_rule_add(context, SCMP_ACT_ALLOW, call, 1,
                            SCMP_A0(SCMP_CMP_EQ, static_cast<scmp_datum_t>(fd)));
      if (rc < 0) return Failure("adding a write rule", rc);
    }
  }
  // Opening for reading only: every flag that writes, creates or truncates is denied.
  constexpr scmp_datum_t kWriting = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND;
  rc = seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1,
                        SCMP_A2(SCMP_CMP_MASKED_EQ, kWriting, 0));
  if (rc < 0) return Failure("adding the openat rule", rc);
  // Threads only: a clone without CLONE_THREAD is a new process (fork, vfork, posix_spawn).
  rc = seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
                        SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
  if (rc < 0) return Failure("adding the clone rule", rc);
  // clone3 passes its flags in memory, which a filter cannot read: ENOSYS makes glibc fall
  // back to clone, which the rule above checks.
  rc = seccomp_rule_add(context, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
  if (rc < 0) return Failure("adding the clone3 rule", rc);
  // fcntl only to read and set a descriptor's own flags: F_DUPFD and F_DUPFD_CLOEXEC would
  // copy a descriptor onto a number `write` may use (fd 1 after `close(1)`), F_SETOWN would
  // signal another process, locks and leases reach other processes.
  for (scmp_datum_t command : kFcntlCommands) {
    rc = seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(fcntl), 1,
                          SCMP_A1(SCMP_CMP_EQ, command));
    if (rc < 0) return Failure("adding an fcntl rule", rc);
  }
  // Reading the process's own limits, never setting them.
  rc = seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 2, SCMP_A0(SCMP_CMP_EQ, 0),
                        SCMP_A2(SCMP_CMP_EQ, 0));
  if (rc < 0) return Failure("adding the prlimit64 rule", rc);
  // Adding a filter to the calling thread (it can only take rights away): the second filter,
  // which bars the protocol's fds from the thread that runs Python, is loaded after this one.
  rc = seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(seccomp), 2,
                        SCMP_A0(SCMP_CMP_EQ, SECCOMP_SET_MODE_FILTER), SCMP_A1(SCMP_CMP_EQ, 0));
  if (rc < 0) return Failure("adding the seccomp rule", rc);
  // Signals to the process's own threads (raise, abort, pthread_kill).
  rc = seccomp_rule_add(context, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1,
                        SCMP_A0(SCMP_CMP_EQ, static_cast<scmp_datum_t>(getpid())));
  if (rc < 0) return Failure("adding the tgkill rule", rc);
  return "";
}

/*!
 * \brief The calling thread's own filter (no TSYNC: threads started earlier keep only the
 *  first): no read, write or close of the protocol's file descriptors.
 */
std::string BarProtocolFds(const std::vector<int>& fds) {
  scmp_filter_ctx raw = seccomp_init(SCMP_ACT_ALLOW);
  if (raw == nullptr) return "seccomp_init failed";
  std::unique_ptr<scmp_filter_ctx, ContextDeleter> context(&raw);
  // No new privileges is set already (by the first filter); the first filter denies prctl.
  int rc = seccomp_attr_set(raw, SCMP_FLTATR_CTL_NNP, 0);
  if (rc < 0) return Failure("seccomp_attr_set(NNP)", rc);
  for (int fd : fds) {
    for (int call : {SCMP_SYS(read), SCMP_SYS(readv), SCMP_SYS(pread64), SCMP_SYS(preadv),
                     SCMP_SYS(write), SCMP_SYS(writev), SCMP_SYS(pwrite64), SCMP_SYS(close)}) {
      rc = seccomp_rule_add(raw, SCMP_ACT_ERRNO(EPERM), call, 1,
                            SCMP_A0(SCMP_CMP_EQ, static_cast<scmp_datum_t>(fd)));
      if (rc < 0) return Failure("adding a protocol fd rule", rc);
    }
  }
  rc = seccomp_load(raw);
  if (rc < 0) return Failure("seccomp_load (protocol fds)", rc);
  return "";
}

}  // namespace

std::string InstallSandbox(const SandboxOptions& options) {
  scmp_filter_ctx raw = seccomp_init(SCMP_ACT_ERRNO(EPERM));
  if (raw == nullptr) return "seccomp_init failed";
  std::unique_ptr<scmp_filter_ctx, ContextDeleter> context(&raw);
  // Every thread of the process, including those the bridge started before the filter.
  int rc = seccomp_attr_set(raw, SCMP_FLTATR_CTL_TSYNC, 1);
  if (rc < 0) return Failure("seccomp_attr_set(TSYNC)", rc);
  for (int call : kAllowed) {
    rc = seccomp_rule_add(raw, SCMP_ACT_ALLOW, call, 0);
    if (rc < 0) return Failure("seccomp_rule_add", rc);
  }
  std::string error = AddConditionalRules(raw, options);
  if (!error.empty()) return error;
  // The test hook asks libseccomp to load no filter at all, which it refuses (EINVAL).
  rc = seccomp_load(options.fail_to_load ? nullptr : raw);
  if (rc < 0) return Failure("seccomp_load", rc);
  return BarProtocolFds(options.protocol_fds);
}

}  // namespace lsp
}  // namespace tvm
