/*!
 * \file landlock.cc
 * \brief The worker's read confinement (DESIGN.md, "Safety"): a Landlock ruleset that lets the
 *  thread that runs Python read only what the interpreter needs, and change nothing.
 *
 * glibc has no wrappers, so the three system calls go through syscall(); Debian 12's
 * linux/landlock.h stops at ABI 2, so the rights of later ABIs are named here. The ruleset
 * handles every right the kernel's ABI knows (the file system's, the network's and, from ABI 6,
 * the scopes of signals and abstract unix sockets) and grants back only reading: folders on
 * Python's path (read files, list folders) and the files the process has mapped (read files).
 * Anything not granted, /proc included, is refused with EACCES.
 */
#include <fcntl.h>
#include <linux/landlock.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include "worker_internal.h"

namespace tvm {
namespace lsp {

namespace {

// Rights of ABIs later than the installed header's (values from the kernel's uapi header).
constexpr uint64_t kFsTruncate = 1ULL << 14;              // ABI 3
constexpr uint64_t kFsIoctlDev = 1ULL << 15;              // ABI 5
constexpr uint64_t kNetBindTcp = 1ULL << 0;               // ABI 4
constexpr uint64_t kNetConnectTcp = 1ULL << 1;            // ABI 4
constexpr uint64_t kScopeAbstractUnixSocket = 1ULL << 0;  // ABI 6
constexpr uint64_t kScopeSignal = 1ULL << 1;              // ABI 6

constexpr uint64_t kReadFile = LANDLOCK_ACCESS_FS_READ_FILE;
constexpr uint64_t kReadFolder = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;

/*! \brief The kernel's landlock_ruleset_attr as of ABI 6; older ABIs read a prefix of it. */
struct RulesetAttr {
  uint64_t handled_access_fs = 0;
  uint64_t handled_access_net = 0;
  uint64_t scoped = 0;
};

/*! \brief Every file-system right the ABI knows: none of them is granted unless listed. */
uint64_t HandledFs(int abi) {
  uint64_t rights = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1;  // ABI 1: EXECUTE .. MAKE_SYM
  if (abi >= 2) rights |= LANDLOCK_ACCESS_FS_REFER;
  if (abi >= 3) rights |= kFsTruncate;
  if (abi >= 5) rights |= kFsIoctlDev;
  return rights;
}

/*! \brief The size of the ruleset attribute the ABI reads (its later fields would be E2BIG). */
size_t AttrSize(int abi) {
  if (abi >= 6) return sizeof(RulesetAttr);
  if (abi >= 4) return offsetof(RulesetAttr, scoped);
  return offsetof(RulesetAttr, handled_access_net);
}

/*! \brief Whether `path` is `folder` or lies under it, component by component. */
bool Within(const std::string& path, const std::string& folder) {
  if (folder == "/") return true;
  return path == folder || (path.compare(0, folder.size(), folder) == 0 &&
                            path.size() > folder.size() && path[folder.size()] == '/');
}

/*! \brief The files the process has mapped (its binary and every loaded library). */
std::set<std::string> MappedFiles() {
  std::set<std::string> files;
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    // address perms offset dev inode path; the path starts at the first '/' after the inode.
    size_t slash = line.find('/');
    if (slash == std::string::npos) continue;  // anonymous, [heap], [stack], [vdso]
    std::string path = line.substr(slash);
    if (path.size() > 10 && path.compare(path.size() - 10, 10, " (deleted)") == 0) continue;
    files.insert(path);
  }
  return files;
}

class Ruleset {
 public:
  explicit Ruleset(int fd) : fd_(fd) {}
  ~Ruleset() { close(fd_); }
  Ruleset(const Ruleset&) = delete;
  Ruleset& operator=(const Ruleset&) = delete;

  /*! \brief Grants `rights` beneath `path`; false (errno set) when the path cannot be opened. */
  bool Allow(const std::string& path, uint64_t rights) const {
    int target = open(path.c_str(), O_PATH | O_CLOEXEC);
    if (target < 0) return false;
    landlock_path_beneath_attr rule{rights, target};
    long rc = syscall(SYS_landlock_add_rule, fd_, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
    int saved = errno;
    close(target);
    errno = saved;
    return rc == 0;
  }

  int fd() const { return fd_; }

 private:
  int fd_;
};

std::string Errno(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

}  // namespace

int LandlockAbi() {
  long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  return abi < 0 ? -errno : static_cast<int>(abi);
}

LandlockStatus InstallLandlock(const LandlockOptions& options) {
  LandlockStatus status;
  int abi = options.simulate_unavailable ? -ENOSYS : LandlockAbi();
  if (abi <= 0) {
    errno = -abi;
    status.summary = Errno("unavailable (landlock_create_ruleset)");
    return status;
  }
  status.abi = abi;
  RulesetAttr attr;
  attr.handled_access_fs = HandledFs(abi);
  if (abi >= 4) attr.handled_access_net = kNetBindTcp | kNetConnectTcp;
  if (abi >= 6) attr.scoped = kScopeAbstractUnixSocket | kScopeSignal;
  long fd = syscall(SYS_landlock_create_ruleset, &attr, AttrSize(abi), 0);
  if (fd < 0) {
    status.summary = Errno("unavailable (landlock_create_ruleset)");
    return status;
  }
  Ruleset ruleset(static_cast<int>(fd));
  for (const std::string& folder : options.read_folders) {
    // "/" or a folder holding the home would open everything the user can read.
    bool too_wide = folder == "/" || (!options.home.empty() && Within(options.home, folder));
    if (too_wide) {
      status.skipped.push_back(folder + " (it holds the home folder)");
    } else if (!ruleset.Allow(folder, kReadFolder)) {
      if (errno != ENOENT) status.skipped.push_back(Errno(folder.c_str()));
    } else {
      ++status.folders;
    }
  }
  for (const std::string& file : MappedFiles()) {
    if (ruleset.Allow(file, kReadFile)) {
      ++status.files;
    } else {
      status.skipped.push_back(Errno(file.c_str()));
    }
  }
  // Required unless the caller has CAP_SYS_ADMIN; the seccomp filter sets it again later.
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    status.summary = Errno("not enforced (prctl(PR_SET_NO_NEW_PRIVS))");
    return status;
  }
  if (syscall(SYS_landlock_restrict_self, ruleset.fd(), 0) != 0) {
    status.summary = Errno("not enforced (landlock_restrict_self)");
    return status;
  }
  status.enforced = true;
  std::ostringstream summary;
  summary << "enforced (ABI " << abi << "): reads " << status.folders << " folders and "
          << status.files << " mapped files";
  status.summary = summary.str();
  return status;
}

}  // namespace lsp
}  // namespace tvm
