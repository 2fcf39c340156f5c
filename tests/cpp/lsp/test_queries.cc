// The worker's queries on its last analysis: what is at a position and the formatting
// verdicts, answered in the sandboxed worker on the version analysed (stale otherwise), stopped
// in the worker at their limit, and killed from outside when they cannot be stopped.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "worker_test_util.h"

using namespace tvm::lsp;     // NOLINT(build/namespaces)
using namespace worker_test;  // NOLINT(build/namespaces)
namespace bridge = tvm::script::bridge;
using nlohmann::json;

namespace {

/*! \brief The worker with the query fixture entry (fixtures/query_fixture.py). */
WorkerClientOptions QueryFixtureOptions() {
  WorkerClientOptions options = FixtureOptions();
  options.extra_args = {"--entry", "query_fixture:analyze", "--python-path",
                        TVM_LSP_WORKER_FIXTURES};
  options.query_limit = milliseconds(300);
  options.query_kill_grace = milliseconds(700);
  return options;
}

}  // namespace

TEST_SUITE("lsp.queries") {
  TEST_CASE("what is at a position and the format verdicts, on the version analysed") {
    WorkerClient client(RealOptions());
    const std::string uri = "file:///examples/vector_add.py";
    client.Open(uri, 1, Example("vector_add.py"));
    WhatIsAtOutcome before = client.WhatIsAt(uri, 10, 8);
    CHECK(before.status == QueryStatus::kStale);  // never analysed
    CHECK(client.Info().sandboxed);
    REQUIRE(client.Analyze(uri).status == AnalysisOutcome::Status::kDone);

    WhatIsAtOutcome tensor = client.WhatIsAt(uri, 10, 8);  // `C[i] = A[i] + B[i]`
    REQUIRE(tensor.status == QueryStatus::kDone);
    CHECK(tensor.version == 1);
    REQUIRE(tensor.node.has_value());
    CHECK(*tensor.node == bridge::NodeInfo{bridge::Range{10, 8, 10, 9}, "ir.Var", "C",
                                           "T.Tensor((n,), T.float32)", "vector_add:4"});
    WhatIsAtOutcome loop_var = client.WhatIsAt(uri, 9, 8);  // `for i in range(n):`
    REQUIRE(loop_var.node.has_value());
    CHECK(*loop_var.node ==
          bridge::NodeInfo{bridge::Range{9, 8, 9, 9}, "symbol", "i", "T.int32", "vector_add:5"});
    WhatIsAtOutcome nothing = client.WhatIsAt(uri, 3, 0);  // a blank line
    CHECK(nothing.status == QueryStatus::kDone);
    CHECK(!nothing.node.has_value());

    FormatOutcome format = client.Format(uri);
    REQUIRE(format.status == QueryStatus::kDone);
    REQUIRE(format.definitions.size() == 2);
    CHECK(format.definitions[0] ==
          bridge::FormatVerdict{"vector_add", format.definitions[0].key,
                                bridge::Range{5, 0, 10, 26}, std::nullopt, "comments",
                                "line 8: it is between the multi-line header of `vector_add` "
                                "and its body, where it may be inside the header"});
    CHECK(format.definitions[0].key.size() == 32);
    CHECK(format.definitions[1].name == "relu");
    CHECK(!format.definitions[1].reason.has_value());
    CHECK(format.definitions[1].text ==
          "@T.function\ndef relu[n](X: T.Tensor((n,), T.float32), Y: T.Tensor((n,), "
          "T.float32)):\n    for i in T.parallel(0, n):\n        x: T.let[T.float32] = X[i]\n"
          "        if x > "
          "T.float32(0.0):\n            Y[i] = x\n        else:\n            Y[i] = "
          "T.float32(0.0)");

    // In steps (the slow lane's): with a budget of 1 ms a step judges at least one new verdict
    // and keeps what it judged, so the steps end, and their verdicts are those judged at once
    // (another document, none of whose verdicts are kept yet).
    const std::string copy = "file:///examples/many_kernels.py";
    std::string many = Example("vector_add.py");
    for (int k = 0; k < 20; ++k) {
      many += "\n\n@T.function\ndef twice_" + std::to_string(k) +
              "[n](X: T.Tensor((n,), T.float32)):\n    for i in range(n):\n"
              "        X[i] = X[i] * T.float32(2.0)\n";
    }
    client.Open(copy, 1, many);
    REQUIRE(client.Analyze(copy).status == AnalysisOutcome::Status::kDone);
    bridge::FormatQuery step{false, milliseconds(1)};
    FormatOutcome stepped;
    int steps = 0;
    do {
      stepped = client.UnconfirmedVerdicts(copy, step);
      REQUIRE(stepped.status == QueryStatus::kDone);
      if (!stepped.complete) CHECK(stepped.definitions.empty());
    } while (!stepped.complete && ++steps < 100);
    MESSAGE("22 verdicts judged in " << steps + 1 << " steps of 1 ms");
    CHECK(steps >= 1);
    FormatOutcome at_once = client.UnconfirmedVerdicts(copy);
    REQUIRE(stepped.definitions.size() == 22);
    CHECK(stepped.definitions == at_once.definitions);
    client.Close(copy);

    // A newer version is stale until analysed; then the answer follows the text.
    client.Edit(uri, 2, {TextChange{bridge::Range{1, 0, 1, 0}, "\n"}});
    CHECK(client.WhatIsAt(uri, 11, 8).status == QueryStatus::kStale);
    CHECK(client.Format(uri).status == QueryStatus::kStale);
    REQUIRE(client.Analyze(uri).status == AnalysisOutcome::Status::kDone);
    WhatIsAtOutcome moved = client.WhatIsAt(uri, 11, 8);
    REQUIRE(moved.node.has_value());
    CHECK(moved.version == 2);
    CHECK(moved.node->range == bridge::Range{11, 8, 11, 9});
    CHECK(moved.node->text == "C");

    // The version asked for must be the document's.
    json old = json::parse(client.RawRequest(
        "what-is-at", R"({"uri": ")" + uri + R"(", "version": 1, "line": 11, "column": 8})"));
    CHECK(old["result"] ==
          json{{"uri", uri}, {"version", 1}, {"status", "stale"}, {"node", nullptr}});
    json malformed = json::parse(
        client.RawRequest("what-is-at", R"({"uri": ")" + uri + R"(", "version": 2, "line": 1})"));
    CHECK(malformed["error"]["code"] == "invalid-params");
    json unknown =
        json::parse(client.RawRequest("format", R"({"uri": "file:///nope.py", "version": 1})"));
    CHECK(unknown["error"] ==
          json{{"code", "unknown-document"}, {"message", "file:///nope.py is not open"}});
    WhatIsAtOutcome closed = client.WhatIsAt("file:///nope.py", 1, 0);
    CHECK(closed.status == QueryStatus::kFailed);
    CHECK(closed.message == "file:///nope.py is not open");
    CHECK(client.starts() == 1);
  }

  TEST_CASE("a query past its limit is stopped, keeping the worker; one stuck in C is killed") {
    WorkerClient client(QueryFixtureOptions());
    const std::string uri = "file:///query.tvm";
    client.Open(uri, 1, "anything\n\n\n    here\n");  // the fixed node is on line 4
    REQUIRE(client.Analyze(uri).status == AnalysisOutcome::Status::kDone);
    WhatIsAtOutcome found = client.WhatIsAt(uri, 4, 2);
    REQUIRE(found.node.has_value());
    CHECK(*found.node ==
          bridge::NodeInfo{bridge::Range{4, 2, 4, 3}, "prim.IntImm", uri, "T.int32", std::nullopt});
    int64_t first_pid = client.pid();

    Clock::time_point start = Clock::now();
    WhatIsAtOutcome endless = client.WhatIsAt(uri, 999, 0);
    MESSAGE("the endless query was stopped after " << Since(start).count() << " ms");
    CHECK(endless.status == QueryStatus::kFailed);
    CHECK(endless.message == "query_fixture.what_is_at stopped after 300 ms (time-limit)");
    CHECK(Since(start) < milliseconds(1000));
    // The worker stopped it itself and keeps its analysis: answered without analysing again.
    CHECK(client.pid() == first_pid);
    CHECK(ProcessExists(first_pid));
    CHECK(client.WhatIsAt(uri, 4, 2).status == QueryStatus::kDone);
    CHECK(client.starts() == 1);

    // Stuck in C, the query cannot be stopped in the worker: after the grace, it is killed.
    start = Clock::now();
    WhatIsAtOutcome stuck = client.WhatIsAt(uri, 996, 0);
    MESSAGE("the query stuck in C was stopped after " << Since(start).count() << " ms");
    CHECK(stuck.status == QueryStatus::kFailed);
    CHECK(stuck.message ==
          "the query ran past its 300 ms limit (time-limit) and could not be stopped in the "
          "analysis worker, so the worker was stopped");
    CHECK(Since(start) >= milliseconds(1000));
    CHECK(Since(start) < milliseconds(2500));
    CHECK(!ProcessExists(first_pid));

    // A new worker holds no analysis: stale until the document is analysed again.
    CHECK(client.WhatIsAt(uri, 4, 2).status == QueryStatus::kStale);
    CHECK(client.pid() != first_pid);
    REQUIRE(client.Analyze(uri).status == AnalysisOutcome::Status::kDone);
    CHECK(client.WhatIsAt(uri, 4, 2).status == QueryStatus::kDone);

    WhatIsAtOutcome raised = client.WhatIsAt(uri, 998, 0);
    CHECK(raised.status == QueryStatus::kFailed);
    CHECK(raised.message == "internal error in query_fixture.what_is_at: ValueError: no such line");
    WhatIsAtOutcome bad = client.WhatIsAt(uri, 997, 0);
    CHECK(bad.status == QueryStatus::kFailed);
    CHECK(bad.message ==
          "malformed answer from query_fixture.what_is_at, \"node\": range: expected a list of 4 "
          "ints [line, column, end_line, end_column], got str");
    CHECK(client.Format(uri).status == QueryStatus::kStale);  // it keeps no analysis
    CHECK(client.starts() == 2);
  }

  TEST_CASE("an answer outside the text is refused, logged, and its worker replaced") {
    WorkerClientOptions options = QueryFixtureOptions();
    std::vector<std::string> logged;
    options.log = [&](const std::string& line) { logged.push_back(line); };
    WorkerClient client(options);
    const std::string uri = "file:///query.tvm";
    client.Open(uri, 1, "anything\n\n\n    here\n");  // five lines, the last empty
    REQUIRE(client.Analyze(uri).status == AnalysisOutcome::Status::kDone);
    int64_t first_pid = client.pid();
    // The fixture answers [line, column, line, column + 1]: past the end of line 5.
    WhatIsAtOutcome outside = client.WhatIsAt(uri, 5, 0);
    CHECK(outside.status == QueryStatus::kFailed);
    CHECK(!outside.node.has_value());
    const std::string what =
        "node: the range [5, 0, 5, 1] is not inside the text of the version asked";
    CHECK(outside.message ==
          "the analysis worker broke the protocol, so it was stopped and none of its answer is "
          "used: " +
              what);
    REQUIRE(logged.size() == 1);
    CHECK(logged[0] == "tvm-lsp: the analysis worker (pid " + std::to_string(first_pid) +
                           ") broke the protocol and was stopped (a new one starts at the next "
                           "request): " +
                           what);
    CHECK(!ProcessExists(first_pid));
    // The next request starts a new worker, which answers correctly once it has analysed.
    REQUIRE(client.Analyze(uri).status == AnalysisOutcome::Status::kDone);
    WhatIsAtOutcome found = client.WhatIsAt(uri, 4, 2);
    CHECK(found.status == QueryStatus::kDone);
    CHECK(found.node->range == bridge::Range{4, 2, 4, 3});
    CHECK(client.starts() == 2);
  }
}
