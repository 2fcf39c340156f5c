// Time kept from outside: definitions that loop in Python, compute in C, sleep or allocate are
// stopped by killing the worker within their limit; the rest of the file is still analysed,
// stopped definitions are not retried, 100 endless definitions end within the budget, and the
// worker survives being killed from outside or crashing by itself.
#include <doctest/doctest.h>

#include <future>
#include <map>
#include <set>
#include <thread>

#include "worker_test_util.h"

using namespace tvm::lsp;     // NOLINT(build/namespaces)
using namespace worker_test;  // NOLINT(build/namespaces)
namespace bridge = tvm::script::bridge;

namespace {

using Status = AnalysisOutcome::Status;

// Killing, reaping and starting a fixture worker takes about 100-300 ms on this machine kind
// (printed by the tests); the slack also covers a busy two-core scheduler.
constexpr milliseconds kSlack{1500};

/*! \brief The codes of `result`'s diagnostics, by the line they are on. */
std::map<int64_t, std::string> CodesByLine(const bridge::ParseResult& result) {
  std::map<int64_t, std::string> codes;
  for (const bridge::Diagnostic& diagnostic : result.diagnostics) {
    codes[diagnostic.range.line] = diagnostic.code;
  }
  return codes;
}

const bridge::Diagnostic* OnLine(const bridge::ParseResult& result, int64_t line) {
  for (const bridge::Diagnostic& diagnostic : result.diagnostics) {
    if (diagnostic.range.line == line) return &diagnostic;
  }
  return nullptr;
}

}  // namespace

TEST_SUITE("lsp.time_limits") {
  TEST_CASE("a runaway definition is stopped within its limit; the others are analysed") {
    struct Case {
      std::string behaviour;
      std::string why;
    };
    for (Case c :
         {Case{"loop", "an endless Python loop"}, Case{"bigpow", "10 ** 10 ** 8, in C"},
          Case{"sum", "sum(range(10 ** 11)), in C"}, Case{"sleep 30", "time.sleep(30), in C"},
          Case{"grow", "a list growing by 8 MB every 10 ms"}}) {
      CAPTURE(c.why);
      WorkerClientOptions options = FixtureOptions();
      WorkerClient client(options);
      const std::string uri = "file:///runaway.tvm";
      const std::string runaway = "def runaway: " + c.behaviour;
      client.Open(uri, 1, "def before: ok\n" + runaway + "\ndef after: ok\n");
      client.Start();
      Clock::time_point start = Clock::now();
      AnalysisOutcome outcome = client.Analyze(uri);
      milliseconds took = Since(start);
      MESSAGE(c.why << ": analysed in " << took.count() << " ms (limit "
                    << options.definition_limit.count() << " ms), restart "
                    << client.last_start_duration().count() << " ms");
      CHECK(took >= options.definition_limit);
      CHECK(took < options.definition_limit + kSlack);
      CHECK(outcome.status == Status::kDone);
      CHECK(outcome.restarts == 1);
      CHECK(outcome.stopped_keys == std::vector<std::string>{"runaway:" + runaway});
      CHECK(CodesByLine(outcome.result) ==
            std::map<int64_t, std::string>{{1, "ran"}, {2, "time-limit"}, {3, "ran"}});
      const bridge::Diagnostic* stopped = OnLine(outcome.result, 2);
      REQUIRE(stopped != nullptr);
      CHECK(stopped->message ==
            "the analysis of `runaway` was stopped after 400 ms (the limit per definition); it "
            "is not retried until it changes");
      CHECK(stopped->range == bridge::Range{2, 0, 2, static_cast<int64_t>(runaway.size())});
      CHECK(outcome.result.definitions.size() == 3);

      // Not retried: the next analysis skips it, and no worker is killed for it again.
      start = Clock::now();
      AnalysisOutcome again = client.Analyze(uri);
      CHECK(Since(start) < milliseconds(300));
      CHECK(again.restarts == 0);
      CHECK(client.starts() == 2);
      CHECK(CodesByLine(again.result) ==
            std::map<int64_t, std::string>{{1, "ran"}, {2, "time-limit"}, {3, "ran"}});
      CHECK(OnLine(again.result, 2)->message ==
            "`runaway` is not analysed: it ran past its time limit before and has not changed");

      // Once it changes it runs again (and is fine now).
      client.Change(uri, 2, "def before: ok\ndef runaway: ok\ndef after: ok\n");
      AnalysisOutcome fixed = client.Analyze(uri);
      CHECK(CodesByLine(fixed.result) ==
            std::map<int64_t, std::string>{{1, "ran"}, {2, "ran"}, {3, "ran"}});
      CHECK(fixed.restarts == 0);
    }
  }

  TEST_CASE("an allocation past the address-space limit is a MemoryError, not a dead worker") {
    WorkerClient client(FixtureOptions());
    client.Open("file:///alloc.tvm", 1, "def huge: alloc\ndef after: ok\n");
    client.Start();
    Clock::time_point start = Clock::now();
    AnalysisOutcome outcome = client.Analyze("file:///alloc.tvm");
    CHECK(Since(start) < milliseconds(400));
    CHECK(outcome.restarts == 0);
    CHECK(CodesByLine(outcome.result) ==
          std::map<int64_t, std::string>{{1, "internal-error"}, {2, "ran"}});
    CHECK(OnLine(outcome.result, 1)->message == "MemoryError: ");
    CHECK(client.TestEval("__import__('resource').getrlimit(__import__('resource').RLIMIT_AS)") ==
          "(1073741824, 1073741824)");
  }

  TEST_CASE("100 endless definitions end within the analysis budget") {
    WorkerClientOptions options = FixtureOptions();
    options.definition_limit = milliseconds(300);
    options.analysis_budget = milliseconds(2500);
    options.analysis_budget_per_1000_lines = milliseconds(0);  // the budget these tests time
    WorkerClient client(options);
    std::string text;
    for (int i = 0; i < 100; ++i) text += "def spin" + std::to_string(i) + ": loop\n";
    client.Open("file:///spins.tvm", 1, text);
    client.Start();
    Clock::time_point start = Clock::now();
    AnalysisOutcome outcome = client.Analyze("file:///spins.tvm");
    milliseconds took = Since(start);
    MESSAGE("100 endless definitions: " << took.count() << " ms, " << outcome.stopped_keys.size()
                                        << " stopped, budget " << options.analysis_budget.count()
                                        << " ms");
    CHECK(outcome.status == Status::kDone);
    CHECK(took >= options.analysis_budget);
    CHECK(took < options.analysis_budget + milliseconds(1000));  // a worker's restart under load
    REQUIRE(!outcome.stopped_keys.empty());
    CHECK(outcome.stopped_keys[0] == "spin0:def spin0: loop");
    // One time-limit diagnostic per stopped definition, then the budget's.
    REQUIRE(outcome.result.diagnostics.size() == outcome.stopped_keys.size() + 1);
    for (size_t i = 0; i < outcome.stopped_keys.size(); ++i) {
      CHECK(outcome.result.diagnostics[i].code == "time-limit");
      CHECK(outcome.result.diagnostics[i].range.line == static_cast<int64_t>(i) + 1);
    }
    CHECK(outcome.result.diagnostics.back().code == "analysis-budget");

    // The next analysis (a keystroke later) goes on from there instead of starting over.
    AnalysisOutcome next = client.Analyze("file:///spins.tvm");
    CHECK(next.stopped_keys.size() >= 1);
    CHECK(next.stopped_keys[0] == "spin" + std::to_string(outcome.stopped_keys.size()) +
                                      ":def spin" + std::to_string(outcome.stopped_keys.size()) +
                                      ": loop");
  }

  TEST_CASE("the budget grows with the document's lines") {
    WorkerClientOptions options = FixtureOptions();
    options.extra_args[1] = "worker_fixture:without_keywords";
    options.analysis_budget = milliseconds(500);
    options.analysis_budget_per_1000_lines = milliseconds(1000);
    WorkerClient client(options);
    // 2,003 lines (the last one empty): 500 ms + 2.003 x 1,000 ms (a fixed budget cut large
    // files short every time).
    client.Open("file:///long.tvm", 1, "def a: ok\ndef spin: loop\n" + std::string(2000, '\n'));
    client.Start();
    Clock::time_point start = Clock::now();
    AnalysisOutcome outcome = client.Analyze("file:///long.tvm");
    milliseconds took = Since(start);
    CHECK(took >= milliseconds(2503));
    CHECK(took < milliseconds(3000));
    REQUIRE(outcome.result.diagnostics.size() == 1);
    CHECK(outcome.result.diagnostics[0].message ==
          "the analysis of this document was stopped after 2503 ms (its budget); definitions "
          "after the last one reported were not analysed");
  }

  TEST_CASE("an entry that reports no definitions is limited by the budget, per text") {
    WorkerClientOptions options = FixtureOptions();
    options.extra_args[1] = "worker_fixture:without_keywords";
    options.analysis_budget = milliseconds(1000);
    options.analysis_budget_per_1000_lines = milliseconds(0);  // the budget these tests time
    WorkerClient client(options);
    client.Open("file:///quiet.tvm", 1, "def a: ok\ndef spin: loop\n");
    client.Start();
    Clock::time_point start = Clock::now();
    AnalysisOutcome outcome = client.Analyze("file:///quiet.tvm");
    milliseconds took = Since(start);
    CHECK(took >= options.analysis_budget);
    CHECK(took < options.analysis_budget + milliseconds(1000));  // a worker's restart under load
    CHECK(outcome.stopped_keys.empty());
    REQUIRE(outcome.result.diagnostics.size() == 1);
    CHECK(outcome.result.diagnostics[0].code == "analysis-budget");
    CHECK(client.starts() == 1);  // killed; the next request starts a worker

    // The same text is not run again...
    start = Clock::now();
    AnalysisOutcome again = client.Analyze("file:///quiet.tvm");
    CHECK(Since(start) < milliseconds(100));
    REQUIRE(again.result.diagnostics.size() == 1);
    CHECK(again.result.diagnostics[0].message ==
          "the analysis of this text ran past its budget before, without reporting which "
          "definition ran: it is not retried until the text changes");
    CHECK(client.starts() == 1);
    // ...a changed one is.
    client.Change("file:///quiet.tvm", 2, "def a: ok\n");
    AnalysisOutcome changed = client.Analyze("file:///quiet.tvm");
    CHECK(CodesByLine(changed.result) == std::map<int64_t, std::string>{{1, "ran"}});
    CHECK(client.starts() == 2);
  }

  TEST_CASE("untrusted, the evaluator's budget refuses C-level arithmetic before it runs") {
    // Untrusted text goes through the evaluator (parser/evaluator.py), which charges every
    // element a builtin would take: sum(range(10 ** 12)) is refused at once, no restart.
    WorkerClientOptions options = RealOptions();
    options.definition_limit = milliseconds(1000);
    WorkerClient client(options);
    client.Open("file:///budget.py", 1,
                "from tvm_tirx.script import tirx as T\n\n\n@T.function\n"
                "def huge(A: T.Tensor((8,), T.int32)):\n    A[0] = sum(range(10 ** 12))\n");
    client.Start();
    AnalysisOutcome outcome = client.Analyze("file:///budget.py");
    CHECK(outcome.status == Status::kDone);
    CHECK(outcome.restarts == 0);
    REQUIRE(outcome.result.diagnostics.size() == 1);
    CHECK(outcome.result.diagnostics[0].code == "untrusted-not-evaluated");
    CHECK(outcome.result.diagnostics[0].range.line == 6);  // the statement, 1-based
    CHECK(client.starts() == 1);
  }

  TEST_CASE("the real frontend on C-level arithmetic in a body is stopped per definition") {
    // The frontend reports each definition before it runs (progress=), so the client knows
    // which one ran past its limit: sum(range(10 ** 12)) runs for minutes in C. Trusted, since
    // untrusted text never gets there (the evaluator's budget, the test above).
    WorkerClientOptions options = RealOptions();
    options.trusted = true;
    options.definition_limit = milliseconds(1000);
    options.analysis_budget = milliseconds(20000);
    options.analysis_budget_per_1000_lines = milliseconds(0);  // the budget these tests time
    WorkerClient client(options);
    const std::string header = "from tvm_tirx.script import tirx as T\n\n\n";
    const std::string fine = "@T.function\ndef fine(A: T.Tensor((8,), T.int32)):\n    A[0] = 1\n";
    const std::string after = "@T.function\ndef after(A: T.Tensor((8,), T.int32)):\n    A[1] = 2\n";
    client.Open("file:///dos.py", 1,
                header + fine +
                    "\n\n@T.function\ndef huge(A: T.Tensor((8,), T.int32)):\n"
                    "    A[0] = sum(range(10 ** 12))\n\n\n" +
                    after);
    client.Start();
    Clock::time_point start = Clock::now();
    AnalysisOutcome outcome = client.Analyze("file:///dos.py");
    milliseconds took = Since(start);
    MESSAGE("real frontend, sum(range(10 ** 12)): stopped after " << took.count() << " ms");
    CHECK(took >= options.definition_limit);
    CHECK(took < options.definition_limit + kSlack);
    CHECK(outcome.status == Status::kDone);
    CHECK(outcome.restarts == 1);
    REQUIRE(outcome.result.diagnostics.size() == 1);
    CHECK(outcome.result.diagnostics[0].code == "time-limit");
    CHECK(outcome.result.diagnostics[0].range.line == 9);  // `huge`'s name
    REQUIRE(outcome.result.definitions.size() == 3);
    CHECK(outcome.result.definitions[0].canonical_text.has_value());
    CHECK(!outcome.result.definitions[1].canonical_text.has_value());
    CHECK(*outcome.result.definitions[2].canonical_text ==
          "@T.function\ndef after(A: T.Tensor((8,), T.int32)):\n    A[1] = 2");
    // Not retried while its text stays the same, even when another definition changes.
    client.Change("file:///dos.py", 2,
                  header + fine +
                      "\n\n@T.function\ndef huge(A: T.Tensor((8,), T.int32)):\n"
                      "    A[0] = sum(range(10 ** 12))\n\n\n" +
                      after + "    A[2] = 3\n");
    start = Clock::now();
    AnalysisOutcome again = client.Analyze("file:///dos.py");
    CHECK(Since(start) < milliseconds(1000));
    CHECK(again.restarts == 0);
    REQUIRE(again.result.diagnostics.size() == 1);
    CHECK(again.result.diagnostics[0].code == "time-limit");
    CHECK(client.starts() == 2);
    client.Change("file:///dos.py", 3, header + fine);
    AnalysisOutcome fixed = client.Analyze("file:///dos.py");
    CHECK(fixed.status == Status::kDone);
    CHECK(fixed.result.diagnostics.empty());
    REQUIRE(fixed.result.definitions.size() == 1);
    CHECK(fixed.result.definitions[0].name == "fine");
    CHECK(client.starts() == 2);
  }

  TEST_CASE("a worker killed from outside mid-analysis is restarted and the analysis finishes") {
    WorkerClient client(FixtureOptions());
    client.Open("file:///other.tvm", 4, "def other: ok\n");
    client.Open("file:///killed.tvm", 1, "def first: sleep 0.3\ndef second: ok\n");
    int64_t first_pid = client.Info().pid;
    std::future<AnalysisOutcome> analysis =
        std::async(std::launch::async, [&] { return client.Analyze("file:///killed.tvm"); });
    std::this_thread::sleep_for(milliseconds(150));
    Clock::time_point killed = Clock::now();
    client.KillWorker();
    MESSAGE("KillWorker: SIGKILL to reaped in " << Since(killed).count() << " ms");
    CHECK(!ProcessExists(first_pid));
    AnalysisOutcome outcome = analysis.get();
    MESSAGE("killed from outside: the analysis finished " << Since(killed).count()
                                                          << " ms after the kill");
    CHECK(outcome.status == Status::kDone);
    CHECK(outcome.restarts == 1);
    CHECK(outcome.stopped_keys.empty());  // not the text's fault: nothing is skipped
    CHECK(CodesByLine(outcome.result) == std::map<int64_t, std::string>{{1, "ran"}, {2, "ran"}});
    CHECK(!ProcessExists(first_pid));
    CHECK(client.Info().pid != first_pid);
    // The other document was re-sent too.
    CHECK(client.Analyze("file:///other.tvm").result.definitions[0].name == "other");

    // Killed while idle: the next request starts a new worker.
    client.KillWorker();
    AnalysisOutcome after_idle = client.Analyze("file:///other.tvm");
    CHECK(after_idle.status == Status::kDone);
    CHECK(client.starts() == 3);
  }

  TEST_CASE("a worker that crashes by itself is restarted; the crashing definition is skipped") {
    WorkerClient client(FixtureOptions());
    client.Open("file:///crash.tvm", 1, "def a: ok\ndef boom: abort\ndef c: ok\n");
    client.Start();
    AnalysisOutcome outcome = client.Analyze("file:///crash.tvm");
    CHECK(outcome.status == Status::kDone);
    CHECK(outcome.restarts == 1);
    CHECK(CodesByLine(outcome.result) ==
          std::map<int64_t, std::string>{{1, "ran"}, {2, "worker-crashed"}, {3, "ran"}});
    CHECK(OnLine(outcome.result, 2)->message ==
          "the analysis worker died while analysing `boom`; it is not analysed again until it "
          "changes");
    AnalysisOutcome again = client.Analyze("file:///crash.tvm");
    CHECK(again.restarts == 0);
    CHECK(client.starts() == 2);
  }
}
