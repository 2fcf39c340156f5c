/*!
 * \file relay.cc
 * \brief Keeps the protocol's pipes out of the process that runs Python.
 *
 * A pipe can be opened again through /proc/self/fd/N (or /dev/fd/N, /proc/thread-self/fd/N,
 * /proc/self/task/T/fd/N): the link leads to pipefs, which Landlock does not check, and a
 * thread cannot hide a descriptor from its siblings' /proc entries. A socket cannot be opened
 * that way at all (ENXIO). So before anything else starts, the untrusted worker forks a relay
 * that keeps the pipes and copies bytes between them and two socket pairs; the worker itself
 * then holds sockets only, on fds 0 and 1 as before. The relay parses nothing (it copies
 * bytes), runs no Python, and lies outside the worker's Landlock domain, which may not reach
 * another process's /proc entries.
 */
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
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

/*!
 * \brief The relay's life: requests from the pipe on fd 0 to `requests`, replies and events
 *  from `replies` to the pipe on fd 1. The end of the client's input is passed on as the end
 *  of the worker's; the worker's end (its exit) ends the relay.
 */
[[noreturn]] void Relay(int requests, int replies) {
  // Not dumpable: another process of the user cannot open its /proc entries (the pipes).
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  signal(SIGPIPE, SIG_IGN);
  std::thread([requests] {
    Copy(0, requests);
    shutdown(requests, SHUT_WR);
  }).detach();
  Copy(replies, 1);
  _exit(0);
}

}  // namespace

std::string InterposeRelay() {
  // A stderr that is one of the pipes (2>&1) would bypass the relay.
  RedirectLogAwayFrom({0, 1});
  int requests[2];  // [0] the worker reads, [1] the relay writes
  int replies[2];   // [0] the worker writes, [1] the relay reads
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, requests) != 0) {
    return std::string("socketpair failed: ") + std::strerror(errno);
  }
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, replies) != 0) {
    std::string error = std::string("socketpair failed: ") + std::strerror(errno);
    close(requests[0]);
    close(requests[1]);
    return error;
  }
  pid_t relay = fork();
  if (relay < 0) {
    std::string error = std::string("fork failed: ") + std::strerror(errno);
    for (int fd : {requests[0], requests[1], replies[0], replies[1]}) close(fd);
    return error;
  }
  if (relay == 0) {
    close(requests[0]);
    close(replies[0]);
    // Nothing of the worker's but the pipes (0, 1), stderr and its own two sockets.
    int low = std::min(requests[1], replies[1]);
    int high = std::max(requests[1], replies[1]);
    syscall(SYS_close_range, 3, low - 1, 0);
    if (high > low + 1) syscall(SYS_close_range, low + 1, high - 1, 0);
    syscall(SYS_close_range, high + 1, ~0U, 0);
    Relay(requests[1], replies[1]);
  }
  close(requests[1]);
  close(replies[1]);
  // The pipes on fds 0 and 1 are replaced (and so closed in this process).
  dup2(requests[0], 0);
  dup2(replies[0], 1);
  close(requests[0]);
  close(replies[0]);
  return "";
}

}  // namespace lsp
}  // namespace tvm
