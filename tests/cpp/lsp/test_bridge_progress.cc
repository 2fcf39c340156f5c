// The bridge's keywords for the worker, in process: progress= is called before each
// definition, skip= is passed, keys are read, an entry without the keywords still works,
// cancellation stops at the next progress call; invalid-encoding ranges count CRLF and CR.
#include <doctest/doctest.h>
#include <tvm/script/bridge/bridge.h>

#include <atomic>
#include <vector>

using namespace tvm::script::bridge;  // NOLINT(build/namespaces)

namespace {

ParseOptions FixtureOptions(const std::string& function) {
  static const bool added = Interpreter::Global().AddTestPath(TVM_LSP_WORKER_FIXTURES);
  REQUIRE(added);
  ParseOptions options;
  options.source_name = "progress.tvm";
  options.entry_module = "worker_fixture";
  options.entry_function = function;
  return options;
}

constexpr const char* kThree = "def one: ok\n\ndef two: ok\ndef three: ok\n";

std::vector<std::string> Codes(const ParseResult& result) {
  std::vector<std::string> codes;
  for (const Diagnostic& diagnostic : result.diagnostics) codes.push_back(diagnostic.code);
  return codes;
}

}  // namespace

TEST_SUITE("lsp.bridge_progress") {
  TEST_CASE("progress is called before each definition with its key, name and range") {
    std::vector<DefinitionProgress> calls;
    ParseOptions options = FixtureOptions("analyze");
    options.progress = [&](const DefinitionProgress& progress) { calls.push_back(progress); };
    ParseResult result = ParseDiagnostics(kThree, options);
    CHECK(calls == std::vector<DefinitionProgress>{
                       {"one:def one: ok", "one", Range{1, 0, 1, 11}},
                       {"two:def two: ok", "two", Range{3, 0, 3, 11}},
                       {"three:def three: ok", "three", Range{4, 0, 4, 13}},
                   });
    REQUIRE(result.definitions.size() == 3);
    CHECK(result.definitions[0].key == "one:def one: ok");
    CHECK(result.definitions[2].key == "three:def three: ok");
    CHECK(Codes(result) == std::vector<std::string>{"ran", "ran", "ran"});
  }

  TEST_CASE("skip keys are passed; skipped definitions are not run") {
    std::vector<std::string> started;
    ParseOptions options = FixtureOptions("analyze");
    options.progress = [&](const DefinitionProgress& progress) {
      started.push_back(progress.name);
    };
    options.skip_keys = {"two:def two: ok", "not:a key"};
    ParseResult result = ParseDiagnostics(kThree, options);
    CHECK(started == std::vector<std::string>{"one", "three"});
    CHECK(Codes(result) == std::vector<std::string>{"ran", "time-limit", "ran"});
    CHECK(result.diagnostics[1].range == Range{3, 0, 3, 11});
  }

  TEST_CASE("an entry function without the keywords is called without them") {
    std::vector<std::string> started;
    ParseOptions options = FixtureOptions("without_keywords");
    options.progress = [&](const DefinitionProgress& progress) {
      started.push_back(progress.name);
    };
    options.skip_keys = {"two:def two: ok"};
    ParseResult result = ParseDiagnostics(kThree, options);
    CHECK(started.empty());
    CHECK(Codes(result) == std::vector<std::string>{"ran", "ran", "ran"});
    // A definition without "key" keeps the default; the bridge's own fixture sends none.
  }

  TEST_CASE("cancellation stops the analysis at the next progress call") {
    std::atomic<bool> cancel{false};
    std::vector<std::string> started;
    ParseOptions options = FixtureOptions("analyze");
    options.cancel = &cancel;
    options.progress = [&](const DefinitionProgress& progress) {
      started.push_back(progress.name);
      if (progress.name == "two") cancel = true;  // as the worker's reader thread would
    };
    ParseResult result = ParseDiagnostics(kThree, options);
    CHECK(started == std::vector<std::string>{"one", "two"});
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].code == "cancelled");
    CHECK(result.diagnostics[0].message == "the analysis was cancelled");
    CHECK(result.definitions.empty());

    // Set before the call: nothing runs.
    started.clear();
    ParseResult early = ParseDiagnostics(kThree, options);
    CHECK(started.empty());
    CHECK(Codes(early) == std::vector<std::string>{"cancelled"});

    // The next call without cancellation is normal.
    cancel = false;
    options.progress = nullptr;
    CHECK(Codes(ParseDiagnostics(kThree, options)) ==
          std::vector<std::string>{"ran", "ran", "ran"});
  }

  TEST_CASE("invalid-encoding ranges count LF, CRLF and a lone CR as line breaks") {
    ParseOptions options = FixtureOptions("analyze");
    struct Case {
      std::string text;
      Range range;
    };
    for (const Case& c :
         {Case{"a\nbc\xff", Range{2, 2, 2, 3}}, Case{"a\r\nbc\xff", Range{2, 2, 2, 3}},
          Case{"a\rbc\xff", Range{2, 2, 2, 3}}, Case{"a\r\n\r\n\rx\n\xff", Range{5, 0, 5, 1}},
          Case{"ab\xff\r\n", Range{1, 2, 1, 3}}}) {
      CAPTURE(c.text);
      ParseResult result = ParseDiagnostics(c.text, options);
      REQUIRE(result.diagnostics.size() == 1);
      CHECK(result.diagnostics[0].code == "invalid-encoding");
      CHECK(result.diagnostics[0].range == c.range);
    }
  }
}
