/*!
 * \file relay.cc
 * \brief Keeps the protocol's pipes out of the process that runs Python.
 *
 * A pipe can be opened again through /proc/self/fd/N (or /dev/fd/N, /proc/thread-self/fd/N,
 * /proc/self/task/T/fd/N): the link leads to pipefs, which Landlock does not check, and a
 * thread cannot hide a descriptor from its siblings' /proc entries. A socket cannot be opened
 * that way at all (ENXIO). So before anything else starts, the untrusted worker forks a relay
 * that keeps the pipes and copies bytes between them and two socket pairs; the worker itself
 * then holds sockets only, on fds 0 and 1 as before, and on fd 2, whose bytes the relay copies
 * to the real stderr (the server's log): a stderr that is a pipe could be opened again too,
 * for reading. The relay parses nothing (it copies bytes), runs no Python, and lies outside
 * the worker's Landlock domain, which may not reach another process's /proc entries.
 */
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <thread>

#include "worker_internal.h"

namespace tvm {
namespace lsp {

namespace {

/*! \brief Writes all of `data` to `fd`; false when the other side is gone. */
bool WriteAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    ssize_t written = write(fd, data, size);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;
    data += written;
    size -= static_cast<size_t>(written);
  }
  return true;
}

/*! \brief Copies from `from` to `to` until either side ends. */
void Copy(int from, int to) {
  char buffer[1 << 16];
  while (true) {
    ssize_t got = read(from, buffer, sizeof(buffer));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0 || !WriteAll(to, buffer, static_cast<size_t>(got))) return;
  }
}

/*! \brief The relay's ends of the three socket pairs. */
struct RelayEnds {
  int requests;  // it writes what the client sends on the pipe on fd 0
  int replies;   // it reads what goes to the pipe on fd 1
  int log;       // it reads what goes to fd 2
};

/*!
 * \brief The relay's life: requests from the pipe on fd 0 to the worker, replies and events
 *  from the worker to the pipe on fd 1, the worker's log to fd 2. The end of the client's
 *  input is passed on as the end of the worker's; the worker's exit ends the relay, once the
 *  last of its log is written.
 */
[[noreturn]] void Relay(RelayEnds ends) {
  // Not dumpable: another process of the user cannot open its /proc entries (the pipes).
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  signal(SIGPIPE, SIG_IGN);
  std::thread([requests = ends.requests] {
    Copy(0, requests);
    shutdown(requests, SHUT_WR);
  }).detach();  // may wait on fd 0 for ever: _exit ends it
  std::thread log([from = ends.log] { Copy(from, 2); });
  Copy(ends.replies, 1);
  log.join();
  _exit(0);
}

}  // namespace

std::string InterposeRelay() {
  // Fds 0 to 2 open (a closed one would be taken by a socket below): /dev/null where not,
  // which open() puts on the lowest free number, that one.
  for (int fd = 0; fd < 3; ++fd) {
    if (fcntl(fd, F_GETFD) < 0) open("/dev/null", O_RDWR);
  }
  // A stderr that is one of the pipes (2>&1) would let the worker's log into the protocol.
  RedirectLogAwayFrom({0, 1});
  // Per pair: [0] the worker's end, [1] the relay's.
  int pairs[3][2];
  for (int made = 0; made < 3; ++made) {
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pairs[made]) != 0) {
      std::string error = std::string("socketpair failed: ") + std::strerror(errno);
      for (int i = 0; i < made; ++i) close(pairs[i][0]), close(pairs[i][1]);
      return error;
    }
  }
  pid_t relay = fork();
  if (relay < 0) {
    std::string error = std::string("fork failed: ") + std::strerror(errno);
    for (auto& pair : pairs) close(pair[0]), close(pair[1]);
    return error;
  }
  if (relay == 0) {
    // Only the pipes (0, 1), stderr and its own ends stay open.
    RelayEnds ends{pairs[0][1], pairs[1][1], pairs[2][1]};
    CloseAllBut({ends.requests, ends.replies, ends.log});
    Relay(ends);
  }
  for (auto& pair : pairs) close(pair[1]);
  // The pipes on fds 0 and 1 and the log on fd 2 are replaced (and so closed here).
  for (int fd = 0; fd < 3; ++fd) {
    dup2(pairs[fd][0], fd);
    close(pairs[fd][0]);
  }
  return "";
}

}  // namespace lsp
}  // namespace tvm
