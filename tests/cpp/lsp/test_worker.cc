// The worker process through its client: documents, analyses of real TVMScript equal to the
// in-process bridge's, cancellation by a newer version, bad messages, the test hook's absence
// without its flag, and restarts that re-send the documents.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <tvm/lsp/framing.h>
#include <tvm/script/bridge/bridge.h>
#include <unistd.h>

#include <future>
#include <nlohmann/json.hpp>
#include <thread>

#include "worker_test_util.h"

using nlohmann::json;

extern char** environ;

using namespace tvm::lsp;     // NOLINT(build/namespaces)
using namespace worker_test;  // NOLINT(build/namespaces)
namespace bridge = tvm::script::bridge;

namespace {

using Status = AnalysisOutcome::Status;

bridge::Diagnostic Error(std::string code, std::string message, bridge::Range range) {
  bridge::Diagnostic diagnostic;
  diagnostic.code = std::move(code);
  diagnostic.message = std::move(message);
  diagnostic.range = range;
  return diagnostic;
}

}  // namespace

TEST_SUITE("lsp.worker") {
  TEST_CASE("open, analyze and close round trip on the examples, as the bridge analyses them") {
    WorkerClient client(RealOptions());
    const std::string uri = "file:///examples/work_in_progress.py";
    const std::string text = Example("work_in_progress.py");
    client.Open(uri, 1, text);
    AnalysisOutcome outcome = client.Analyze(uri);
    REQUIRE(outcome.status == Status::kDone);
    CHECK(outcome.uri == uri);
    CHECK(outcome.version == 1);
    CHECK(outcome.restarts == 1);  // the first request starts the worker
    MESSAGE("the worker with the real frontend was ready after "
            << client.last_start_duration().count() << " ms");
    const bridge::ParseResult& result = outcome.result;
    REQUIRE(result.diagnostics.size() == 2);
    CHECK(result.diagnostics[0] ==
          Error("syntax-error", "'(' was never closed", bridge::Range{7, 14, 7, 14}));
    CHECK(result.diagnostics[1] == Error("type-error",
                                         "Operator `//` needs integer operands, got `float32`",
                                         bridge::Range{14, 15, 14, 26}));
    REQUIRE(result.definitions.size() == 2);
    CHECK(result.definitions[0].name == "mixed_types");
    CHECK(result.definitions[0].range == bridge::Range{11, 0, 14, 26});
    // Its failing statement is left out of a partial IR; its key lets a client skip it.
    CHECK(result.definitions[0].partial);
    CHECK(*result.definitions[0].canonical_text ==
          "@T.function\ndef mixed_types(A: T.Tensor((8,), T.int32)):\n    for i in range(8):\n"
          "        pass");
    CHECK(result.definitions[0].key.size() == 32);
    CHECK(!result.definitions[1].partial);
    CHECK(result.definitions[1].name == "fine");
    CHECK(*result.definitions[1].canonical_text ==
          "@T.function\ndef fine(A: T.Tensor((8,), T.int32)):\n    for i in range(8):\n"
          "        A[i] = A[i] + 1");

    // Every field, as the frontend answers in this process.
    for (const char* name : {"work_in_progress.py", "vector_add.py", "matmul_module.py"}) {
      CAPTURE(name);
      std::string other = std::string("file:///examples/") + name;
      client.Open(other, 7, Example(name));
      AnalysisOutcome worker = client.Analyze(other);
      bridge::ParseOptions options;
      options.source_name = other;
      CHECK(worker.status == Status::kDone);
      CHECK(worker.version == 7);
      CHECK(worker.result == bridge::ParseDiagnostics(Example(name), options));
    }
    CHECK(client.starts() == 1);

    client.Close(uri);
    AnalysisOutcome closed = client.Analyze(uri);
    CHECK(closed.status == Status::kFailed);
    REQUIRE(closed.result.diagnostics.size() == 1);
    CHECK(closed.result.diagnostics[0].message == uri + " is not open");
    json reply =
        json::parse(client.RawRequest("analyze", R"({"uri": ")" + uri + R"(", "version": 1})"));
    CHECK(reply["result"].is_null());
    CHECK(reply["error"] == json{{"code", "unknown-document"}, {"message", uri + " is not open"}});

    // Reopened, its versions start afresh.
    client.Open(uri, 1, text);
    AnalysisOutcome reopened = client.Analyze(uri);
    CHECK(reopened.status == Status::kDone);
    CHECK(reopened.result == result);
  }
}

TEST_SUITE("lsp.worker") {
  TEST_CASE("a newer version cancels the analysis of the older one") {
    WorkerClient client(FixtureOptions());
    const std::string uri = "file:///cancel.tvm";
    client.Open(uri, 1, "def slow: sleep 0.3\ndef second: ok\n");
    client.Start();
    Clock::time_point start = Clock::now();
    std::future<AnalysisOutcome> analysis =
        std::async(std::launch::async, [&] { return client.Analyze(uri); });
    std::this_thread::sleep_for(milliseconds(100));
    client.Change(uri, 2, "def quick: ok\n");
    AnalysisOutcome cancelled = analysis.get();
    MESSAGE("cancelled after " << Since(start).count() << " ms");
    CHECK(cancelled.status == Status::kCancelled);
    CHECK(cancelled.version == 1);
    REQUIRE(cancelled.result.diagnostics.size() == 1);
    CHECK(cancelled.result.diagnostics[0].code == "cancelled");
    // The sleep ends in C; the next definition's progress call raises.
    CHECK(Since(start) < milliseconds(1000));

    AnalysisOutcome next = client.Analyze(uri);
    CHECK(next.status == Status::kDone);
    CHECK(next.version == 2);
    REQUIRE(next.result.definitions.size() == 1);
    CHECK(next.result.definitions[0].name == "quick");
    CHECK(next.result.definitions[0].key == "quick:def quick: ok");
    CHECK(client.starts() == 1);
  }

  TEST_CASE("cancel is answered at once, while an analysis runs") {
    WorkerClient client(FixtureOptions());
    client.Open("file:///busy.tvm", 1, "def busy: sleep 0.3\n");
    client.Start();
    std::future<AnalysisOutcome> analysis =
        std::async(std::launch::async, [&] { return client.Analyze("file:///busy.tvm"); });
    std::this_thread::sleep_for(milliseconds(100));
    Clock::time_point start = Clock::now();
    json reply = json::parse(client.RawRequest("cancel", R"({"id": 123456})"));
    CHECK(Since(start) < milliseconds(250));
    CHECK(reply["result"] == json::object());
    CHECK(reply["error"].is_null());
    // Another request's id cancels nothing.
    AnalysisOutcome outcome = analysis.get();
    CHECK(outcome.status == Status::kDone);
    CHECK(outcome.result.diagnostics[0].code == "ran");
  }

  TEST_CASE("bad messages get an error reply and the worker goes on") {
    WorkerClient client(FixtureOptions());
    auto error_of = [](const std::string& raw) { return json::parse(raw)["error"]; };
    CHECK(error_of(client.RawRequest("open", "{}")) ==
          json{{"code", "invalid-params"}, {"message", "params: missing key \"uri\""}});
    CHECK(error_of(client.RawRequest("open", R"({"uri": "u", "version": "1", "text": ""})")) ==
          json{{"code", "invalid-params"},
               {"message", "params.version: expected an integer, got string"}});
    CHECK(error_of(client.RawRequest("analyze", R"({"uri": "u", "version": 1, "skip": [3]})")) ==
          json{{"code", "invalid-params"},
               {"message", "params.skip[0]: expected a string, got number"}});
    CHECK(
        error_of(client.RawRequest("change", R"({"uri": "nowhere", "version": 2, "text": ""})")) ==
        json{{"code", "unknown-document"}, {"message", "nowhere is not open"}});
    CHECK(error_of(client.RawRequest("frobnicate", "{}")) ==
          json{{"code", "unknown-method"}, {"message", "unknown method \"frobnicate\""}});
    // Not JSON, no id, a broken header: replies with id -1.
    json not_json = json::parse(client.RawBytes("Content-Length: 5\r\n\r\n{oops"));
    CHECK(not_json ==
          json{{"id", -1},
               {"result", nullptr},
               {"error", {{"code", "invalid-message"}, {"message", "the message is not JSON"}}}});
    json no_id = json::parse(client.RawBytes("Content-Length: 18\r\n\r\n{\"method\": \"open\"}"));
    CHECK(no_id["error"] == json{{"code", "invalid-message"}, {"message", "missing key \"id\""}});
    json bad_header = json::parse(client.RawBytes("Content-Length: many\r\n\r\n"));
    CHECK(bad_header["error"] ==
          json{{"code", "invalid-message"},
               {"message", "malformed Content-Length \"Content-Length: many\""}});
    // Still serving, the same process.
    client.Open("file:///after.tvm", 1, "def fine: ok\n");
    AnalysisOutcome outcome = client.Analyze("file:///after.tvm");
    CHECK(outcome.status == Status::kDone);
    REQUIRE(outcome.result.diagnostics.size() == 1);
    CHECK(outcome.result.diagnostics[0].message == "fine ran (trusted=False, file:///after.tvm)");
    CHECK(client.starts() == 1);
  }

  TEST_CASE("300 requests of every method with params of the wrong shapes: one reply each") {
    WorkerClient client(FixtureOptions());
    int64_t pid = client.Info().pid;
    const std::vector<std::string> methods = {"open",   "change",    "close",   "analyze",
                                              "cancel", "test-eval", "nothing", ""};
    const std::vector<std::string> values = {
        "null",  "1",           "-7",          "1.5",
        "\"s\"", "[]",          "{}",          "[1, 2, 3, 4]",
        "true",  "{\"a\": {}}", "\"\\u00e9\"", "18446744073709551615"};
    const std::vector<std::string> keys = {"uri", "version",    "text",         "skip",
                                           "id",  "expression", "time_limit_ms"};
    uint64_t state = 12345;
    auto next = [&](size_t bound) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      return static_cast<size_t>((state >> 33) % bound);
    };
    int errors = 0;
    for (int i = 0; i < 300; ++i) {
      std::string params = "{";
      for (size_t k = 0, n = next(4); k < n; ++k) {
        params +=
            (k ? ", \"" : "\"") + keys[next(keys.size())] + "\": " + values[next(values.size())];
      }
      params += "}";
      std::string method = methods[next(methods.size())];
      CAPTURE(method);
      CAPTURE(params);
      json reply = json::parse(client.RawRequest(method, params));
      REQUIRE(reply.contains("id"));
      errors += reply["error"].is_null() ? 0 : 1;
    }
    MESSAGE(errors << " of 300 requests answered with an error");
    CHECK(errors > 200);
    CHECK(client.Info().pid == pid);
    CHECK(client.starts() == 1);
  }

  TEST_CASE("test-eval exists only with --enable-test-hooks") {
    WorkerClientOptions options = FixtureOptions();
    options.extra_args.pop_back();  // --enable-test-hooks
    WorkerClient client(options);
    CHECK(!client.Info().test_hooks);
    json reply = json::parse(client.RawRequest("test-eval", R"({"expression": "1 + 1"})"));
    CHECK(reply["error"] ==
          json{{"code", "unknown-method"}, {"message", "unknown method \"test-eval\""}});

    WorkerClient hooked(FixtureOptions());
    CHECK(hooked.Info().test_hooks);
    CHECK(hooked.TestEval("1 + 1") == "2");

    // The sandbox-failure hook is refused without the flag: the worker does not start.
    options.extra_args.push_back("--test-sandbox-failure");
    WorkerClient refused(options);
    CHECK_THROWS_WITH_AS(refused.Start(), "the worker exited before it was ready", WorkerError);
  }

  TEST_CASE("a worker that cannot be started makes the analysis fail, not the caller") {
    WorkerClientOptions options = FixtureOptions();
    options.executable = "/nonexistent/tvm-lsp-worker";
    WorkerClient client(options);
    client.Open("file:///x.tvm", 1, "def a: ok\n");
    AnalysisOutcome outcome = client.Analyze("file:///x.tvm");
    CHECK(outcome.status == Status::kFailed);
    REQUIRE(outcome.result.diagnostics.size() == 1);
    CHECK(outcome.result.diagnostics[0].code == "worker-failed");
    CHECK(outcome.result.diagnostics[0].message ==
          "cannot start /nonexistent/tvm-lsp-worker: No such file or directory");
    CHECK_THROWS_AS(client.TestEval("1"), WorkerError);
  }

  TEST_CASE("a restart re-sends the open documents") {
    WorkerClient client(FixtureOptions());
    client.Open("file:///a.tvm", 3, "def a: ok\n");
    client.Open("file:///b.tvm", 5, "def b: ok\n");
    client.Change("file:///b.tvm", 6, "def b2: ok\n");
    int64_t first = client.Info().pid;
    client.Restart();
    int64_t second = client.Info().pid;
    CHECK(first != second);
    CHECK(!ProcessExists(first));
    MESSAGE("restart: the worker was ready after " << client.last_start_duration().count()
                                                   << " ms");
    AnalysisOutcome b = client.Analyze("file:///b.tvm");
    CHECK(b.status == Status::kDone);
    CHECK(b.version == 6);
    REQUIRE(b.result.definitions.size() == 1);
    CHECK(b.result.definitions[0].name == "b2");
    CHECK(client.Analyze("file:///a.tvm").result.definitions[0].name == "a");
    CHECK(client.starts() == 2);
  }
}

namespace {

/*! \brief A worker started by hand, without WorkerClient (which would kill it). */
struct BareWorker {
  explicit BareWorker(std::vector<std::string> args) {
    int in[2];
    int out[2];
    REQUIRE(pipe2(in, O_CLOEXEC) == 0);
    REQUIRE(pipe2(out, O_CLOEXEC) == 0);
    args.insert(args.begin(), TVM_LSP_WORKER_PATH);
    std::vector<char*> argv;
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    REQUIRE(posix_spawn(&pid, TVM_LSP_WORKER_PATH, &actions, nullptr, argv.data(), environ) == 0);
    posix_spawn_file_actions_destroy(&actions);
    close(in[0]);
    close(out[1]);
    to_worker = in[1];
    from_worker = out[0];
  }
  ~BareWorker() {
    if (to_worker >= 0) close(to_worker);
    close(from_worker);
    if (pid > 0) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
  }
  json Next() {
    std::string body;
    if (frames.Read(&body) != FrameReader::Status::kMessage) return json();
    return json::parse(body);
  }
  /*! \brief Waits up to `limit` for the process to end; its exit code, or -1 if it did not. */
  int WaitExit(milliseconds limit) {
    Clock::time_point end = Clock::now() + limit;
    int status = 0;
    while (Clock::now() < end) {
      if (waitpid(pid, &status, WNOHANG) == pid) {
        pid = 0;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      std::this_thread::sleep_for(milliseconds(20));
    }
    return -1;
  }

  pid_t pid = 0;
  int to_worker = -1;
  int from_worker = -1;
  FrameReader frames{-1};
};

}  // namespace

TEST_SUITE("lsp.worker") {
  TEST_CASE("a worker whose client went away exits, even from a definition stuck in C") {
    BareWorker worker(
        {"--entry", "worker_fixture:analyze", "--python-path", TVM_LSP_WORKER_FIXTURES});
    worker.frames = FrameReader(worker.from_worker);
    json ready = worker.Next();
    CHECK(ready["event"] == "ready");
    CHECK(ready["params"]["sandboxed"] == true);
    WriteFrame(worker.to_worker,
               R"({"id": 1, "method": "open", "params": {"uri": "u", "version": 1,
                   "text": "def stuck: sleep 60\n"}})");
    WriteFrame(worker.to_worker,
               R"({"id": 2, "method": "analyze", "params": {"uri": "u", "version": 1}})");
    CHECK(worker.Next()["id"] == 1);
    json started = worker.Next();
    CHECK(started["event"] == "definition-started");
    CHECK(started["params"] == json{{"request", 2},
                                    {"uri", "u"},
                                    {"version", 1},
                                    {"key", "stuck:def stuck: sleep 60"},
                                    {"name", "stuck"},
                                    {"range", {1, 0, 1, 19}}});
    Clock::time_point closed = Clock::now();
    close(worker.to_worker);
    worker.to_worker = -1;
    CHECK(worker.WaitExit(milliseconds(4000)) == 0);
    milliseconds took = Since(closed);
    MESSAGE("the orphaned worker exited " << took.count() << " ms after its input closed");
    CHECK(took >= milliseconds(1900));  // it gives a running analysis 2 s to return
  }

  TEST_CASE("a body larger than the limit ends the stream with an error reply") {
    BareWorker worker(
        {"--entry", "worker_fixture:analyze", "--python-path", TVM_LSP_WORKER_FIXTURES});
    worker.frames = FrameReader(worker.from_worker);
    CHECK(worker.Next()["event"] == "ready");
    std::string header = "Content-Length: 9999999999999\r\n\r\n";
    REQUIRE(write(worker.to_worker, header.data(), header.size()) ==
            static_cast<ssize_t>(header.size()));
    CHECK(worker.Next() == json{{"id", -1},
                                {"result", nullptr},
                                {"error",
                                 {{"code", "invalid-message"},
                                  {"message",
                                   "a body of 9999999999999 bytes is larger than the limit of "
                                   "1073741824"}}}});
    CHECK(worker.WaitExit(milliseconds(1000)) == 0);
  }
}
