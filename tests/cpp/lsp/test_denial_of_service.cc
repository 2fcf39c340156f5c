// Denial of service with the real frontend (issue 9, item 5): untrusted TVMScript that loops in
// many definitions, allocates without bound or is 100,000 lines long ends within its limits
// through the sandboxed worker, and the next analysis works.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "worker_test_util.h"

using namespace tvm::lsp;     // NOLINT(build/namespaces)
using namespace worker_test;  // NOLINT(build/namespaces)
namespace bridge = tvm::script::bridge;

namespace {

using Status = AnalysisOutcome::Status;

// A worker with the real frontend starts in about 100-300 ms; a busy two-core machine doubles it.
constexpr milliseconds kSlack{2500};

const char* kHeader = "from tvm_tirx.script import tirx as T\n\n";

std::string Function(const std::string& name, const std::string& body) {
  return "@T.function\ndef " + name + "(A: T.Tensor((8,), T.int32)):\n" + body + "\n";
}

int CountCode(const bridge::ParseResult& result, const std::string& code) {
  int count = 0;
  for (const bridge::Diagnostic& diagnostic : result.diagnostics) count += diagnostic.code == code;
  return count;
}

}  // namespace

TEST_SUITE("lsp.denial_of_service") {
  TEST_CASE("untrusted, endless host loops are refused by the evaluator's pass budget") {
    WorkerClientOptions options = RealOptions();
    options.definition_limit = milliseconds(2000);
    WorkerClient client(options);
    std::string text = kHeader;
    for (int i = 0; i < 20; ++i) {
      text += Function("spin" + std::to_string(i), "    while T.constexpr(True):\n        pass");
    }
    client.Open("file:///spins.py", 1, text);
    client.Start();
    AnalysisOutcome outcome = client.Analyze("file:///spins.py");
    CHECK(outcome.status == Status::kDone);
    CHECK(outcome.stopped_keys.empty());
    CHECK(outcome.restarts == 0);
    CHECK(CountCode(outcome.result, "untrusted-not-evaluated") == 20);
  }

  TEST_CASE("many definitions with endless host loops end within the analysis budget") {
    // Trusted: untrusted host loops never run endlessly (the test above).
    WorkerClientOptions options = RealOptions();
    options.trusted = true;
    options.definition_limit = milliseconds(300);
    options.analysis_budget = milliseconds(3000);
    options.analysis_budget_per_1000_lines = milliseconds(0);  // the budget these tests time
    WorkerClient client(options);
    std::string text = kHeader;
    for (int i = 0; i < 100; ++i) {
      text += Function("spin" + std::to_string(i), "    while T.constexpr(True):\n        pass");
    }
    client.Open("file:///spins.py", 1, text);
    client.Start();
    Clock::time_point start = Clock::now();
    AnalysisOutcome outcome = client.Analyze("file:///spins.py");
    milliseconds took = Since(start);
    MESSAGE("100 endless definitions, real frontend: "
            << took.count() << " ms, " << outcome.stopped_keys.size() << " stopped");
    CHECK(outcome.status == Status::kDone);
    CHECK(took < options.analysis_budget + kSlack);
    CHECK(!outcome.stopped_keys.empty());
    CHECK(CountCode(outcome.result, "analysis-budget") == 1);
    // The next analysis goes on past the definitions already stopped: it stops others.
    AnalysisOutcome next = client.Analyze("file:///spins.py");
    CHECK(next.status == Status::kDone);
    CHECK(!next.stopped_keys.empty());
    for (const std::string& key : next.stopped_keys) {
      CHECK(std::find(outcome.stopped_keys.begin(), outcome.stopped_keys.end(), key) ==
            outcome.stopped_keys.end());
    }
    // A fixed text analyses normally.
    client.Change("file:///spins.py", 2, kHeader + Function("fine", "    A[0] = 1"));
    AnalysisOutcome fixed = client.Analyze("file:///spins.py");
    CHECK(fixed.status == Status::kDone);
    CHECK(fixed.result.diagnostics.empty());
  }

  TEST_CASE("an allocation without bound is refused or a memory error; the worker goes on") {
    for (bool trusted : {false, true}) {
      CAPTURE(trusted);
      WorkerClientOptions options = RealOptions();
      options.trusted = trusted;
      WorkerClient client(options);
      const std::string text = kHeader + Function("hungry", "    A[0] = len([0] * 10 ** 10)") +
                               "\n" + Function("after", "    A[1] = 2");
      client.Open("file:///hungry.py", 1, text);
      client.Start();
      Clock::time_point start = Clock::now();
      AnalysisOutcome outcome = client.Analyze("file:///hungry.py");
      MESSAGE("[0] * 10 ** 10: " << Since(start).count() << " ms");
      CHECK(outcome.status == Status::kDone);
      CHECK(Since(start) < options.definition_limit + kSlack);
      REQUIRE(outcome.result.definitions.size() == 2);
      CHECK(outcome.result.definitions[1].canonical_text.has_value());
      // Untrusted, the evaluator's element budget refuses it before anything is allocated.
      CHECK(CountCode(outcome.result, "untrusted-not-evaluated") == (trusted ? 0 : 1));
      CHECK(CountCode(outcome.result, "memory-error") + CountCode(outcome.result, "time-limit") +
                CountCode(outcome.result, "worker-crashed") ==
            (trusted ? 1 : 0));
      client.Change("file:///hungry.py", 2, kHeader + Function("after", "    A[1] = 2"));
      CHECK(client.Analyze("file:///hungry.py").result.diagnostics.empty());
    }
  }

  TEST_CASE("a 100,000-line file ends within the analysis budget") {
    WorkerClientOptions options = RealOptions();
    options.analysis_budget = milliseconds(4000);
    options.analysis_budget_per_1000_lines = milliseconds(0);  // the budget these tests time
    WorkerClient client(options);
    std::string text = kHeader;
    int lines = 2;
    for (int i = 0; lines < 100000; ++i) {
      text += Function("f" + std::to_string(i),
                       "    for i in range(8):\n        A[i] = A[i] + " + std::to_string(i));
      lines += 5;
    }
    client.Open("file:///large.py", 1, text);
    client.Start();
    Clock::time_point start = Clock::now();
    AnalysisOutcome outcome = client.Analyze("file:///large.py");
    milliseconds took = Since(start);
    MESSAGE("100,000 lines: " << took.count() << " ms, " << outcome.result.definitions.size()
                              << " definitions reported");
    CHECK(outcome.status == Status::kDone);
    CHECK(took < options.analysis_budget + kSlack);
    client.Change("file:///large.py", 2, kHeader + Function("small", "    A[0] = 1"));
    AnalysisOutcome small = client.Analyze("file:///large.py");
    CHECK(small.status == Status::kDone);
    CHECK(small.result.diagnostics.empty());
    REQUIRE(small.result.definitions.size() == 1);
  }
}
