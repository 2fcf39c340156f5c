/*!
 * \file descriptors.cc
 * \brief What the worker keeps open before it touches untrusted text: its protocol pipes, fd 0
 *  (/dev/null), and fds 1 and 2 for its log (stderr). Everything else it inherited or opened is
 *  closed, so code in an analysis finds no other descriptor to write to or duplicate.
 */
#include <dirent.h>
#include <fcntl.h>
#include <linux/close_range.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>

#include "worker_internal.h"

namespace tvm {
namespace lsp {

namespace {

/*! \brief The open descriptors, as /proc/self/fd lists them (without the listing's own). */
std::vector<int> OpenFds() {
  std::vector<int> fds;
  DIR* folder = opendir("/proc/self/fd");
  if (folder == nullptr) return fds;
  int own = dirfd(folder);
  while (dirent* entry = readdir(folder)) {
    char* end = nullptr;
    long fd = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0' || fd == own) continue;
    fds.push_back(static_cast<int>(fd));
  }
  closedir(folder);
  std::sort(fds.begin(), fds.end());
  return fds;
}

/*! \brief What `fd` is, for the log: its /proc/self/fd link. */
std::string Describe(int fd) {
  std::string link = "/proc/self/fd/" + std::to_string(fd);
  char target[PATH_MAX];
  ssize_t size = readlink(link.c_str(), target, sizeof(target));
  return size < 0 ? "?" : std::string(target, static_cast<size_t>(size));
}

/*! \brief Whether two descriptors are the same file (the same pipe, for instance). */
bool SameFile(int a, int b) {
  struct stat first {};
  struct stat second {};
  return fstat(a, &first) == 0 && fstat(b, &second) == 0 && first.st_dev == second.st_dev &&
         first.st_ino == second.st_ino;
}

/*! \brief Closes [low, high], with close_range where the kernel has it, else one by one. */
void CloseRange(unsigned low, unsigned high, const std::vector<int>& listed) {
  if (low > high) return;
  if (syscall(SYS_close_range, low, high, 0) == 0) return;
  for (int fd : listed) {
    if (static_cast<unsigned>(fd) >= low && static_cast<unsigned>(fd) <= high) close(fd);
  }
}

}  // namespace

std::vector<int> RedirectLogAwayFrom(const std::vector<int>& fds) {
  std::vector<int> redirected;
  for (int log_fd : {1, 2}) {
    // A log fd that is itself one of `fds` (fd 1 before the protocol takes its copy) stays.
    if (std::find(fds.begin(), fds.end(), log_fd) != fds.end()) continue;
    bool into = std::any_of(fds.begin(), fds.end(), [&](int fd) { return SameFile(log_fd, fd); });
    if (!into) continue;
    int null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (null_fd >= 0) {
      dup2(null_fd, log_fd);
      close(null_fd);
    }
    redirected.push_back(log_fd);
  }
  return redirected;
}

DescriptorReport CloseAllBut(const std::vector<int>& protocol_fds) {
  DescriptorReport report;
  // Step 1. The log must not be a way into the protocol.
  report.log_redirected = RedirectLogAwayFrom(protocol_fds);
  // Step 2. Close every other descriptor, between and after the kept ones.
  std::vector<int> listed = OpenFds();
  std::vector<int> kept = {0, 1, 2};
  kept.insert(kept.end(), protocol_fds.begin(), protocol_fds.end());
  std::sort(kept.begin(), kept.end());
  kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
  for (int fd : listed) {
    if (!std::binary_search(kept.begin(), kept.end(), fd)) {
      report.closed.push_back(std::to_string(fd) + " (" + Describe(fd) + ")");
    }
  }
  unsigned low = 0;
  for (int fd : kept) {
    if (static_cast<unsigned>(fd) > low) CloseRange(low, static_cast<unsigned>(fd) - 1, listed);
    low = static_cast<unsigned>(fd) + 1;
  }
  CloseRange(low, UINT_MAX, listed);
  // Step 3. Check: what /proc/self/fd lists now must be within the kept set.
  for (int fd : OpenFds()) {
    if (!std::binary_search(kept.begin(), kept.end(), fd)) report.still_open.push_back(fd);
  }
  return report;
}

}  // namespace lsp
}  // namespace tvm
