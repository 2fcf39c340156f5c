// Results sent per definition and made whole again: the assembly's order, the parts a client
// holds, and a sequence of edits through the real worker (moves, a syntax error that leaves a
// stale result, deletions, additions, a worker killed midway) whose every reassembled result
// equals the frontend's whole answer field by field.
#include <doctest/doctest.h>
#include <tvm/lsp/result_parts.h>

#include <nlohmann/json.hpp>
#include <tuple>

#include "worker_protocol.h"
#include "worker_test_util.h"

using namespace tvm::lsp;     // NOLINT(build/namespaces)
using namespace worker_test;  // NOLINT(build/namespaces)
namespace bridge = tvm::script::bridge;
using nlohmann::json;

namespace {

bridge::Occurrence At(bridge::Range range, std::string symbol) {
  return bridge::Occurrence{range, std::move(symbol), false, "use"};
}

bridge::DefinitionPart Part(std::string name, std::vector<bridge::Occurrence> occurrences) {
  bridge::DefinitionPart part;
  part.definition.name = std::move(name);
  part.occurrences = std::move(occurrences);
  part.symbols.push_back(bridge::Symbol{part.definition.name + ".x", "x", "var", "int32", {}});
  part.comments.push_back(bridge::Comment{{2, 0, 2, 3}, "# " + part.definition.name, 7, 2});
  return part;
}

bridge::Diagnostic Named(std::string code) {
  bridge::Diagnostic diagnostic;
  diagnostic.code = std::move(code);
  return diagnostic;
}

/*! \brief Every field, one check each, so a failure names the field. */
void CheckSame(const bridge::ParseResult& got, const bridge::ParseResult& expected) {
  CHECK(got.definitions == expected.definitions);
  CHECK(got.diagnostics == expected.diagnostics);
  CHECK(got.occurrences == expected.occurrences);
  CHECK(got.symbols == expected.symbols);
  CHECK(got.comments == expected.comments);
}

/*! \brief The whole `to_plain()` of the frontend session's last report, inside the worker. */
bridge::ParseResult SessionResult(WorkerClient& client, const std::string& uri) {
  std::string text = client.TestEval(
      "__import__('json').dumps(__import__('tvm_tirx.script.parser.session', fromlist=['_'])"
      ".document_session('" +
      uri + "').report.to_plain())");
  return protocol::Decode<bridge::ParseResult>(json::parse(text));
}

TextChange Replace(bridge::Range range, std::string text) {
  return TextChange{range, std::move(text)};
}

constexpr const char* kProgram =
    "from tvm_tirx.script import tirx as T\n"
    "\n"
    "\n"
    "@T.function\n"
    "def first(A: T.Tensor((8,), T.int32)):\n"
    "    for i in range(8):\n"
    "        A[i] = A[i] + 1  # one\n"
    "\n"
    "\n"
    "@T.function\n"
    "def second(A: T.Tensor((8,), T.int32)):\n"
    "    for i in range(8):\n"
    "        A[i] = A[i] * 2\n"
    "\n"
    "\n"
    "@T.function\n"
    "def third(A: T.Tensor((8,), T.int32)):\n"
    "    # three\n"
    "    A[0] = 3\n";

}  // namespace

TEST_SUITE("lsp.result_parts") {
  TEST_CASE("the assembly orders every list as the frontend's to_plain() does") {
    bridge::ResultParts module;
    module.diagnostics = {Named("syntax-error")};
    module.symbols = {bridge::Symbol{"module.n", "n", "symbol", "int32", {}}};
    std::vector<HeldPart> parts = {
        std::make_shared<const bridge::DefinitionPart>(
            Part("f", {At({5, 4, 5, 5}, "b"), At({3, 0, 3, 1}, "a"), At({5, 4, 5, 5}, "c")})),
        std::make_shared<const bridge::DefinitionPart>(
            Part("g", {At({4, 0, 4, 2}, "d"), At({3, 0, 3, 1}, "e")}))};
    bridge::ParseResult whole = AssembleResult(module, parts);
    REQUIRE(whole.definitions.size() == 2);
    CHECK(whole.definitions[1].name == "g");
    CHECK(whole.diagnostics == module.diagnostics);
    // By range, and stably: equal ranges keep their part order, then their order in the part.
    std::vector<std::string> order;
    for (const bridge::Occurrence& occurrence : whole.occurrences)
      order.push_back(occurrence.symbol);
    CHECK(order == std::vector<std::string>{"a", "e", "d", "b", "c"});
    REQUIRE(whole.symbols.size() == 3);
    CHECK(whole.symbols[0].id == "module.n");
    CHECK(whole.symbols[2].id == "g.x");
    REQUIRE(whole.comments.size() == 2);
    CHECK(whole.comments[0].definition == 0);  // renumbered: a part's own index is not trusted
    CHECK(whole.comments[1].definition == 1);
  }

  TEST_CASE("held parts: tokens stand for what the last reply held; an unknown one is refused") {
    HeldParts held;
    CHECK(held.result_id().empty());
    bridge::ResultParts first;
    first.parts = {bridge::PartEntry{"1", Part("f", {})}, bridge::PartEntry{"2", Part("g", {})}};
    first.symbols = {bridge::Symbol{"module.n", "n", "var", "int32", {}}};
    bridge::ParseResult whole;
    PartsIndex index;
    REQUIRE(held.Take("9-1", first, &whole, &index));
    CHECK(held.result_id() == "9-1");
    CHECK(held.size() == 2);
    CHECK(held.last_reused() == 0);
    REQUIRE(index.parts.size() == 2);
    CHECK(index.module_symbols == first.symbols);

    bridge::ResultParts second;
    second.parts = {bridge::PartEntry{"2", std::nullopt}, bridge::PartEntry{"3", Part("h", {})}};
    const bridge::DefinitionPart* g = index.parts[1].get();
    REQUIRE(held.Take("9-2", second, &whole, &index));
    CHECK(held.last_reused() == 1);
    REQUIRE(whole.definitions.size() == 2);
    CHECK(whole.definitions[0].name == "g");
    CHECK(whole.definitions[1].name == "h");
    REQUIRE(index.parts.size() == 2);
    CHECK(index.parts[0].get() == g);  // the held part itself, shared, not a copy
    CHECK(index.parts[1]->definition.name == "h");

    // "1" was dropped with the reply that no longer had it.
    bridge::ParseResult untouched = whole;
    bridge::ResultParts stale;
    stale.parts = {bridge::PartEntry{"1", std::nullopt}};
    CHECK(!held.Take("9-3", stale, &whole, &index));
    CHECK(whole == untouched);
    CHECK(index.parts[0].get() == g);
    CHECK(held.result_id() == "9-2");
    CHECK(held.size() == 2);

    held.TakeWhole("9-4");
    CHECK(held.size() == 0);
    CHECK(held.result_id() == "9-4");
  }

  TEST_CASE("the part holding a line, by binary search over definitions in source order") {
    PartsIndex index;
    for (auto [name, first, last] : {std::tuple{"f", 3, 6}, {"g", 9, 9}, {"h", 12, 20}}) {
      bridge::DefinitionPart part = Part(name, {});
      part.definition.range = bridge::Range{first, 0, last, 4};
      index.parts.push_back(std::make_shared<const bridge::DefinitionPart>(part));
    }
    auto at = [&](int64_t line) -> std::string {
      const bridge::DefinitionPart* part = index.PartAt(line);
      return part == nullptr ? "-" : part->definition.name;
    };
    std::string found;
    for (int64_t line = 1; line <= 22; ++line) found += at(line);
    CHECK(found == "--ffff--g--hhhhhhhhh--");
    CHECK(PartsIndex{}.PartAt(1) == nullptr);
  }

  TEST_CASE("edits through the worker: every reassembled result is the whole answer") {
    WorkerClient client(RealOptions());
    const std::string uri = "file:///parts.py";
    std::string text = kProgram;
    auto step = [&](const char* what, size_t in_full, size_t held) {
      CAPTURE(what);
      AnalysisOutcome outcome = client.Analyze(uri);
      REQUIRE(outcome.status == AnalysisOutcome::Status::kDone);
      CHECK(outcome.parts_in_full == in_full);
      CHECK(outcome.parts_held == held);
      CheckSame(outcome.result, SessionResult(client, uri));
      return outcome;
    };
    auto from_scratch = [&](const AnalysisOutcome& outcome, const std::string& now) {
      bridge::ParseOptions options;
      options.source_name = uri;
      CheckSame(outcome.result, bridge::ParseDiagnostics(now, options));
    };
    auto edit = [&](int64_t version, std::vector<TextChange> changes) {
      client.Edit(uri, version, changes);
      text = ApplyTextChanges(text, changes);
    };

    client.Open(uri, 1, text);
    from_scratch(step("opened", 3, 0), text);

    edit(2, {Replace({13, 22, 13, 23}, "5")});  // a digit of the second definition
    from_scratch(step("one digit", 1, 2), text);

    edit(3, {Replace({1, 0, 1, 0}, "# moved\n")});  // every definition one line down
    from_scratch(step("moved", 3, 0), text);

    edit(4, {Replace({13, 20, 13, 21}, "")});  // `range(8:` in the second definition
    AnalysisOutcome broken = step("broken", 1, 2);
    REQUIRE(broken.result.definitions.size() == 3);
    CHECK(broken.result.definitions[1].stale);
    CHECK(broken.result.diagnostics.at(0).code == "syntax-error");

    edit(5, {Replace({13, 20, 13, 20}, ")")});
    from_scratch(step("mended", 1, 2), text);

    client.KillWorker();  // the next analysis starts a worker, which holds nothing
    edit(6, {Replace({20, 11, 20, 12}, "4")});
    AnalysisOutcome restarted = step("restarted", 3, 0);
    CHECK(restarted.restarts == 1);
    from_scratch(restarted, text);

    edit(7, {Replace({15, 0, 21, 0}, "")});  // the third definition goes
    AnalysisOutcome deleted = step("deleted", 0, 2);
    CHECK(deleted.result.definitions.size() == 2);
    from_scratch(deleted, text);

    edit(8, {Replace({15, 0, 15, 0},
                     "\n\n@T.function\ndef fourth(A: T.Tensor((8,), T.int32)):\n    A[1] = 4\n")});
    AnalysisOutcome added = step("added", 1, 2);
    REQUIRE(added.result.definitions.size() == 3);
    CHECK(added.result.definitions[2].name == "fourth");
    from_scratch(added, text);
    CHECK(client.starts() == 2);
  }

  TEST_CASE("a base the worker did not send, or an unknown token, gets every part in full") {
    WorkerClient client(RealOptions());
    const std::string uri = "file:///base.py";
    client.Open(uri, 1, kProgram);
    REQUIRE(client.Analyze(uri).status == AnalysisOutcome::Status::kDone);
    json reply = json::parse(client.RawRequest(
        "analyze", R"({"uri": ")" + uri + R"(", "version": 1, "base": "no-such-reply"})"));
    const json& parts = reply["result"]["parts"]["parts"];
    REQUIRE(parts.size() == 3);
    for (const json& entry : parts) CHECK(entry["part"].is_object());
    CHECK(reply["result"]["result"].is_null());
    // That reply is now the worker's base, not the client's: its next analysis (named by the
    // client's older base) still gets full parts, and equals the whole answer.
    AnalysisOutcome outcome = client.Analyze(uri);
    CHECK(outcome.parts_in_full == 3);
    CheckSame(outcome.result, SessionResult(client, uri));
  }
}
