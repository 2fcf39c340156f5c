// The second wall: Python that does run inside the sandboxed worker (through the test-eval
// hook) cannot write, delete, rename or chmod a file, make a folder, start a process, open a
// socket or read outside Python's path, while threads and computation still work
// (tests/python/lsp/test_worker_sandbox_wall.py attacks it further); a filter that fails to load
// means untrusted text is refused; a trusted worker has no filter.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "worker_test_util.h"

using namespace tvm::lsp;     // NOLINT(build/namespaces)
using namespace worker_test;  // NOLINT(build/namespaces)

namespace {

constexpr const char* kDenied = "<PermissionError>: [Errno 1] Operation not permitted";

/*! \brief A fresh folder holding `existing.txt` ("kept\n", mode 0644); removed at the end. */
struct Scratch {
  Scratch() {
    char pattern[] = "/tmp/tvm-lsp-sandbox-XXXXXX";
    folder = mkdtemp(pattern);
    existing = folder + "/existing.txt";
    std::ofstream(existing) << "kept\n";
    chmod(existing.c_str(), 0644);
  }
  ~Scratch() { std::filesystem::remove_all(folder); }

  std::string Path(const std::string& name) const { return folder + "/" + name; }
  /*! \brief A Python string literal of `path`. */
  static std::string Quoted(const std::string& path) { return "'" + path + "'"; }

  std::string folder;
  std::string existing;
};

bool Exists(const std::string& path) { return std::filesystem::exists(path); }

}  // namespace

TEST_SUITE("lsp.sandbox") {
  TEST_CASE("Python in the sandboxed worker cannot change files, start processes or connect") {
    Scratch scratch;
    WorkerClient client(FixtureOptions());
    WorkerInfo info = client.Info();
    CHECK(info.sandboxed);
    CHECK(info.sandbox_error == "");
    CHECK(!info.trusted);
    const std::string made = Scratch::Quoted(scratch.Path("made.txt"));
    const std::string existing = Scratch::Quoted(scratch.existing);

    // Files: write, create, append, truncate, delete, rename, chmod, mkdir, link.
    CHECK(client.TestEval("open(" + made + ", 'w')") == std::string(kDenied) + ": " + made);
    CHECK(client.TestEval("open(" + made + ", 'x')") == std::string(kDenied) + ": " + made);
    CHECK(client.TestEval("open(" + existing + ", 'a')") == std::string(kDenied) + ": " + existing);
    CHECK(client.TestEval("open(" + existing + ", 'r+')") ==
          std::string(kDenied) + ": " + existing);
    CHECK(client.TestEval("__import__('os').open(" + made +
                          ", 0o1101)") ==  // O_WRONLY|O_CREAT|O_TRUNC
          std::string(kDenied) + ": " + made);
    CHECK(client.TestEval("__import__('os').remove(" + existing + ")") ==
          std::string(kDenied) + ": " + existing);
    CHECK(client.TestEval("__import__('os').rename(" + existing + ", " + made + ")") ==
          std::string(kDenied) + ": " + existing + " -> " + made);
    CHECK(client.TestEval("__import__('os').chmod(" + existing + ", 0o777)") ==
          std::string(kDenied) + ": " + existing);
    CHECK(client.TestEval("__import__('os').mkdir(" + made + ")") ==
          std::string(kDenied) + ": " + made);
    CHECK(client.TestEval("__import__('os').symlink(" + existing + ", " + made + ")") ==
          std::string(kDenied) + ": " + existing + " -> " + made);
    CHECK(client.TestEval("__import__('os').truncate(" + existing + ", 0)") ==
          std::string(kDenied) + ": " + existing);

    // Processes: fork, exec, system, subprocess, posix_spawn; signals to other processes.
    CHECK(client.TestEval("__import__('os').fork()") == kDenied);
    CHECK(client.TestEval("__import__('os').execv('/bin/true', ['true'])") == kDenied);
    // glibc's system() reports a spawn that failed as the shell's exit status 127.
    CHECK(client.TestEval("__import__('os').system('touch ' + " + made + ")") == "32512");
    CHECK(client.TestEval("__import__('subprocess').run(['touch', " + made + "])") == kDenied);
    CHECK(client.TestEval("__import__('os').posix_spawn('/usr/bin/touch', ['touch', " + made +
                          "], {})") == std::string(kDenied) + ": '/usr/bin/touch'");
    CHECK(client.TestEval("__import__('os').kill(__import__('os').getppid(), 0)") == kDenied);

    // Sockets.
    CHECK(client.TestEval("__import__('socket').socket()") == kDenied);
    CHECK(client.TestEval("__import__('socket').create_connection(('127.0.0.1', 9))") == kDenied);

    // Nothing happened on disk.
    CHECK(!Exists(scratch.Path("made.txt")));
    CHECK(ReadFile(scratch.existing) == "kept\n");
    struct stat status {};
    REQUIRE(stat(scratch.existing.c_str(), &status) == 0);
    CHECK((status.st_mode & 0777) == 0644);

    // Reading is confined (Landlock) to Python's path and the loaded libraries: the scratch
    // file is refused, the fixture folder (on the path through --python-path) is readable.
    CHECK(client.TestEval("open(" + existing + ").read()") ==
          "<PermissionError>: [Errno 13] Permission denied: " + existing);
    const std::string fixture = std::string(TVM_LSP_WORKER_FIXTURES) + "/worker_fixture.py";
    CHECK(client.TestEval("open(" + Scratch::Quoted(fixture) + ").read()") == ReadFile(fixture));
    CHECK(client.TestEval("'worker_fixture.py' in __import__('os').listdir(" +
                          Scratch::Quoted(TVM_LSP_WORKER_FIXTURES) + ")") == "True");

    // What computing needs still works: threads, arithmetic, imports.
    CHECK(client.TestEval("(lambda t, box: (t(target=lambda: box.append(sum(range(10 ** 6))))"
                          ".start(), __import__('time').sleep(0.05), box)[2])("
                          "__import__('threading').Thread, [])") == "[499999500000]");
    CHECK(client.TestEval("(lambda t: (t.start(), t.join(), t.is_alive())[2])("
                          "__import__('threading').Thread(target=lambda: None))") == "False");
    CHECK(client.TestEval("str(__import__('decimal').Decimal(1) / 7)[:8]") == "0.142857");
    CHECK(client.TestEval("__import__('json').dumps({'a': [1, 2]})") == "{\"a\": [1, 2]}");

    // The protocol's sockets (the worker's private copies of its stdin and stdout, relayed to
    // the pipes by another process), the only descriptors above 2, cannot be written (a forged
    // reply), read (a stolen request) or closed from Python, in the thread that runs it or in
    // one it starts.
    const std::string pipes =
        "[f for f in range(3, 64) if __import__('ctypes').CDLL(None).fcntl(f, 1) >= 0]";
    CHECK(client.TestEval("len(" + pipes + ")") == "2");
    const std::string forged = "b'Content-Length: 2\\r\\n\\r\\n{}'";
    CHECK(client.TestEval("[__import__('os').write(f, " + forged + ") for f in " + pipes + "]") ==
          kDenied);
    CHECK(client.TestEval("__import__('os').read(" + pipes + "[0], 1)") == kDenied);
    CHECK(client.TestEval("[__import__('os').close(f) for f in " + pipes + "]") == kDenied);
    CHECK(client.TestEval("(lambda box: (lambda t: (t.start(), t.join(), box)[2])("
                          "__import__('threading').Thread(target=lambda: box.append("
                          "__import__('errno').errorcode[__import__('ctypes').get_errno()] if "
                          "__import__('ctypes').CDLL(None, use_errno=True).write(" +
                          pipes + "[1], b'x', 1) < 0 else 'written'))))([])") == "['EPERM']");

    // What Python prints goes to stderr, not into the protocol's stream.
    CHECK(client.TestEval("print('the sandboxed worker prints this to stderr')") == "None");
    CHECK(client.TestEval("__import__('sys').stdout.write('and this') and None") == "None");
    CHECK(client.TestEval("__import__('sys').stdout.flush()") == "None");

    // And the worker still analyses.
    client.Open("file:///after.tvm", 1, "def fine: ok\n");
    CHECK(client.Analyze("file:///after.tvm").status == AnalysisOutcome::Status::kDone);
    CHECK(client.starts() == 1);
  }

  TEST_CASE("a filter that fails to load means untrusted text is refused, not analysed") {
    WorkerClientOptions options = FixtureOptions();
    options.extra_args.push_back("--test-sandbox-failure");
    WorkerClient client(options);
    WorkerInfo info = client.Info();
    CHECK(!info.sandboxed);
    CHECK(info.sandbox_error == "seccomp_load failed: Invalid argument");
    client.Open("file:///refused.tvm", 1, "def fine: ok\n");
    AnalysisOutcome outcome = client.Analyze("file:///refused.tvm");
    CHECK(outcome.status == AnalysisOutcome::Status::kRefused);
    REQUIRE(outcome.result.diagnostics.size() == 1);
    CHECK(outcome.result.diagnostics[0].code == "sandbox-unavailable");
    CHECK(outcome.result.diagnostics[0].message ==
          "untrusted text is not analysed: the worker's seccomp sandbox did not load "
          "(seccomp_load failed: Invalid argument)");
    CHECK(outcome.result.definitions.empty());
  }

  TEST_CASE("a trusted worker has no filter; changing trust restarts the worker") {
    Scratch scratch;
    WorkerClient client(FixtureOptions());
    int64_t untrusted_pid = client.Info().pid;
    CHECK(client.Info().sandboxed);
    client.SetTrusted(true);
    WorkerInfo info = client.Info();
    CHECK(info.pid != untrusted_pid);
    CHECK(info.trusted);
    CHECK(!info.sandboxed);
    CHECK(info.sandbox_error == "");
    // The same write the sandbox refuses works here, so the refusal above is the filter's.
    const std::string made = Scratch::Quoted(scratch.Path("trusted.txt"));
    CHECK(client.TestEval("open(" + made + ", 'w').write('x')") == "1");
    CHECK(Exists(scratch.Path("trusted.txt")));
    client.Open("file:///t.tvm", 1, "def fine: ok\n");
    AnalysisOutcome outcome = client.Analyze("file:///t.tvm");
    REQUIRE(outcome.result.diagnostics.size() == 1);
    CHECK(outcome.result.diagnostics[0].message == "fine ran (trusted=True, file:///t.tvm)");
    // What a trusted worker starts dies with it (the worker has its own process group).
    std::string child = client.TestEval(
        "__import__('subprocess').Popen(['sleep', '30'], stdout=__import__('subprocess')"
        ".DEVNULL).pid");
    int64_t child_pid = std::stoll(child);
    CHECK(ProcessExists(child_pid));
    client.SetTrusted(false);
    CHECK(client.Info().sandboxed);
    Clock::time_point end = Clock::now() + milliseconds(2000);
    while (ProcessExists(child_pid) && Clock::now() < end) {
      std::this_thread::sleep_for(milliseconds(20));
    }
    CHECK(!ProcessExists(child_pid));
  }
}
