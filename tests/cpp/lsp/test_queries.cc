// The worker's answers about its last analysis: the position index that comes with it (which
// hover reads on the server, never asking the worker), checked against the text, and the
// formatting verdicts, a query answered in the sandboxed worker on the version analysed (stale
// otherwise), stopped in the worker at its limit, and killed from outside when it cannot be.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "features/features.h"
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

/*! \brief A document of the fixture, opened and analysed: true when the analysis is done. */
bool Analysed(WorkerClient& client, const std::string& uri) {
  client.Open(uri, 1, "anything\n\n\n    here\n");  // five lines, the last empty
  return client.Analyze(uri).status == AnalysisOutcome::Status::kDone;
}

}  // namespace

TEST_SUITE("lsp.queries") {
  TEST_CASE("the position index comes with the analysis; the format verdicts are of its version") {
    WorkerClient client(RealOptions());
    const std::string uri = "file:///examples/vector_add.py";
    client.Open(uri, 1, Example("vector_add.py"));
    CHECK(client.Format(uri).status == QueryStatus::kStale);  // never analysed
    CHECK(client.Info().sandboxed);
    AnalysisOutcome analysed = client.Analyze(uri);
    REQUIRE(analysed.status == AnalysisOutcome::Status::kDone);
    REQUIRE(analysed.index != nullptr);
    REQUIRE(analysed.index->parts.size() == 2);
    CHECK(analysed.index->parts[0]->definition.name == "vector_add");

    std::optional<features::NodeInfo> tensor = features::NodeAt(*analysed.index, 10, 8);
    REQUIRE(tensor.has_value());  // `C[i] = A[i] + B[i]`
    CHECK(tensor->range == bridge::Range{10, 8, 10, 9});
    CHECK(tensor->kind == "ir.Var");
    CHECK(tensor->text == "C");
    CHECK(tensor->type == "T.Tensor((n,), T.float32)");
    REQUIRE(tensor->symbol.has_value());
    CHECK(tensor->symbol->id == "vector_add:4");
    CHECK(tensor->symbol->definition_range == bridge::Range{7, 18, 7, 19});
    std::optional<features::NodeInfo> loop_var = features::NodeAt(*analysed.index, 9, 8);
    REQUIRE(loop_var.has_value());  // `for i in range(n):`: a symbol's occurrence
    CHECK(loop_var->range == bridge::Range{9, 8, 9, 9});
    CHECK(loop_var->kind == "symbol");
    CHECK(loop_var->text == "i");
    CHECK(loop_var->type == "T.int32");
    CHECK(features::NodeAt(*analysed.index, 3, 0) == std::nullopt);  // a blank line

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

    // A newer version is stale until analysed; then the index follows the text, and a part that
    // only moved keeps its nodes (their lines count from the definition's first line).
    client.Edit(uri, 2, {TextChange{bridge::Range{1, 0, 1, 0}, "\n"}});
    CHECK(client.Format(uri).status == QueryStatus::kStale);
    AnalysisOutcome moved = client.Analyze(uri);
    REQUIRE(moved.status == AnalysisOutcome::Status::kDone);
    REQUIRE(moved.index != nullptr);
    CHECK(moved.index->parts[0]->nodes == analysed.index->parts[0]->nodes);
    std::optional<features::NodeInfo> now = features::NodeAt(*moved.index, 11, 8);
    REQUIRE(now.has_value());
    CHECK(now->range == bridge::Range{11, 8, 11, 9});
    CHECK(now->text == "C");
    CHECK(features::NodeAt(*moved.index, 10, 8)->text == "i");  // `for i in range(n):` now

    // The version asked for must be the document's.
    json old =
        json::parse(client.RawRequest("format", R"({"uri": ")" + uri + R"(", "version": 1})"));
    CHECK(old["result"] == json{{"uri", uri},
                                {"version", 1},
                                {"status", "stale"},
                                {"definitions", json::array()},
                                {"complete", true}});
    json malformed = json::parse(client.RawRequest("format", R"({"uri": ")" + uri + R"("})"));
    CHECK(malformed["error"]["code"] == "invalid-params");
    json gone = json::parse(client.RawRequest(
        "what-is-at", R"({"uri": ")" + uri + R"(", "version": 2, "line": 11, "column": 8})"));
    CHECK(gone["error"]["code"] == "unknown-method");  // hover reads the index instead
    json unknown =
        json::parse(client.RawRequest("format", R"({"uri": "file:///nope.py", "version": 1})"));
    CHECK(unknown["error"] ==
          json{{"code", "unknown-document"}, {"message", "file:///nope.py is not open"}});
    FormatOutcome closed = client.Format("file:///nope.py");
    CHECK(closed.status == QueryStatus::kFailed);
    CHECK(closed.message == "file:///nope.py is not open");
    CHECK(client.starts() == 1);
  }

  TEST_CASE("a query past its limit is stopped, keeping the worker; one stuck in C is killed") {
    WorkerClient client(QueryFixtureOptions());
    const std::string endless = "file:///endless.tvm";
    const std::string stuck = "file:///stuck.tvm";
    const std::string plain = "file:///plain.tvm";
    for (const std::string& uri : {endless, stuck, plain}) REQUIRE(Analysed(client, uri));
    CHECK(client.Format(plain).status == QueryStatus::kDone);
    int64_t first_pid = client.pid();

    Clock::time_point start = Clock::now();
    FormatOutcome stopped = client.Format(endless);
    MESSAGE("the endless query was stopped after " << Since(start).count() << " ms");
    CHECK(stopped.status == QueryStatus::kFailed);
    CHECK(stopped.message == "query_fixture.format_verdicts stopped after 300 ms (time-limit)");
    CHECK(Since(start) < milliseconds(1000));
    // The worker stopped it itself and keeps its analyses: answered without analysing again.
    CHECK(client.pid() == first_pid);
    CHECK(ProcessExists(first_pid));
    CHECK(client.Format(plain).status == QueryStatus::kDone);
    CHECK(client.starts() == 1);

    // Stuck in C, the query cannot be stopped in the worker: after the grace, it is killed.
    start = Clock::now();
    FormatOutcome killed = client.Format(stuck);
    MESSAGE("the query stuck in C was stopped after " << Since(start).count() << " ms");
    CHECK(killed.status == QueryStatus::kFailed);
    CHECK(killed.message ==
          "the query ran past its 300 ms limit (time-limit) and could not be stopped in the "
          "analysis worker, so the worker was stopped");
    CHECK(Since(start) >= milliseconds(1000));
    CHECK(Since(start) < milliseconds(2500));
    CHECK(!ProcessExists(first_pid));

    // A new worker holds no analysis: stale until the document is analysed again.
    CHECK(client.Format(plain).status == QueryStatus::kStale);
    CHECK(client.pid() != first_pid);
    REQUIRE(client.Analyze(plain).status == AnalysisOutcome::Status::kDone);
    CHECK(client.Format(plain).status == QueryStatus::kDone);

    const std::string raises = "file:///raises.tvm";
    REQUIRE(Analysed(client, raises));
    FormatOutcome raised = client.Format(raises);
    CHECK(raised.status == QueryStatus::kFailed);
    CHECK(raised.message ==
          "internal error in query_fixture.format_verdicts: ValueError: no verdicts today");
    const std::string malformed = "file:///malformed.tvm";
    REQUIRE(Analysed(client, malformed));
    FormatOutcome bad = client.Format(malformed);
    CHECK(bad.status == QueryStatus::kFailed);
    CHECK(bad.message ==
          "malformed answer from query_fixture.format_verdicts, \"definitions\": [0].name: "
          "expected str, got int");
    CHECK(client.starts() == 2);
  }

  TEST_CASE("a position index outside the text is refused, logged, and its worker replaced") {
    WorkerClientOptions options = QueryFixtureOptions();
    std::vector<std::string> logged;
    options.log = [&](const std::string& line) { logged.push_back(line); };
    WorkerClient client(options);
    REQUIRE(Analysed(client, "file:///index/inside.tvm"));
    AnalysisOutcome inside = client.Analyze("file:///index/inside.tvm");
    REQUIRE(inside.index != nullptr);
    std::optional<features::NodeInfo> found = features::NodeAt(*inside.index, 4, 2);
    REQUIRE(found.has_value());
    CHECK(found->range == bridge::Range{4, 2, 4, 3});
    CHECK(found->text == "1");
    int64_t first_pid = client.pid();

    // The node's line counts from the definition's (1): line 5, column 2, past the empty line 5.
    client.Open("file:///index/outside.tvm", 1, "anything\n\n\n    here\n");
    AnalysisOutcome outside = client.Analyze("file:///index/outside.tvm");
    CHECK(outside.status == AnalysisOutcome::Status::kFailed);
    CHECK(outside.index == nullptr);
    const std::string what =
        "the nodes of `indexed`[0]: the range [5, 2, 5, 3] is not inside the text of the version "
        "asked";
    REQUIRE(outside.result.diagnostics.size() == 1);
    CHECK(outside.result.diagnostics[0].message ==
          "the analysis worker broke the protocol, so it was stopped and none of its answer is "
          "used: " +
              what);
    REQUIRE(logged.size() == 1);
    CHECK(logged[0] == "tvm-lsp: the analysis worker (pid " + std::to_string(first_pid) +
                           ") broke the protocol and was stopped (a new one starts at the next "
                           "request): " +
                           what);
    CHECK(!ProcessExists(first_pid));

    client.Open("file:///index/unknown.tvm", 1, "anything\n\n\n    here\n");
    AnalysisOutcome unknown = client.Analyze("file:///index/unknown.tvm");
    CHECK(unknown.status == AnalysisOutcome::Status::kFailed);
    REQUIRE(logged.size() == 2);
    CHECK(logged[1].ends_with("the nodes of `indexed`[0]: description 1 of 1"));
    // The next request starts a new worker, which answers correctly.
    AnalysisOutcome again = client.Analyze("file:///index/inside.tvm");
    REQUIRE(again.status == AnalysisOutcome::Status::kDone);
    CHECK(features::NodeAt(*again.index, 4, 2)->text == "1");
    CHECK(client.starts() == 3);
  }
}
