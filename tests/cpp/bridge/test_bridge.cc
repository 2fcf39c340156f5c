// ParseDiagnostics over the fixture module: the plain answer converted field by field, malformed
// answers and Python exceptions turned into "internal-error" diagnostics, calls from several
// threads.
#include <doctest/doctest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "bridge_fixture.h"

using namespace tvm::script::bridge;  // NOLINT(build/namespaces)
using bridge_test::FixtureOptions;

namespace {

/*! \brief What bridge_fixture.full() answers, written out in C++. */
ParseResult ExpectedFull(const std::string& echo) {
  ParseResult r;
  r.definitions = {
      {"add_one",
       "function",
       {3, 0, 9, 12},
       "@T.function\ndef add_one(x: T.int32):\n    T.evaluate(x + 1)\n",
       false},
      {"Module", "module", {11, 0, 20, 1}, std::nullopt, true},
  };
  Diagnostic undefined{
      Severity::kError, "undefined-name", "name `m` is not defined", Range{5, 8, 5, 9}, {}, {}};
  undefined.related = {{{3, 12, 3, 13}, "did you mean `n`?"},
                       {{11, 4, 11, 5}, "`m` is defined here, in another function"}};
  undefined.fixes = {
      {"Replace with `n`", {{{5, 8, 5, 9}, "n"}, {{1, 0, 1, 0}, "# fixed\n"}}},
      {"Do nothing", {}},
  };
  r.diagnostics = {
      undefined,
      {Severity::kWarning, "unused", "`k` is never used", {6, 4, 6, 5}, {}, {}},
      {Severity::kInformation, "note", "tensors «A» and «B» alias", {7, 0, 7, 30}, {}, {}},
      {Severity::kHint, "echo", echo, {8, 2, 8, 3}, {}, {}},
  };
  r.occurrences = {
      {{3, 12, 3, 13}, "add_one/n", true, "Pattern"},
      {{5, 8, 5, 9}, "add_one/n", false, "None"},
      {{4, 8, 4, 9}, "add_one/i", true, "Simple"},
  };
  r.symbols = {
      {"add_one/n", "n", "symbol", "T.int32", Range{3, 12, 3, 13}},
      {"add_one/i", "i", "variable", "T.int64", Range{4, 8, 4, 9}},
      {"extern/m", "m", "symbol", "T.int32", std::nullopt},
  };
  constexpr int64_t kFar = int64_t{1} << 40;
  r.comments = {
      {{4, 20, 4, 35}, "# the loop ü", 0, 5},
      {{1, 0, 1, 8}, "# header", std::nullopt, std::nullopt},
      {{kFar, 0, kFar, 3}, "# far", 1, std::nullopt},
  };
  return r;
}

template <typename T>
void CheckSame(const std::vector<T>& actual, const std::vector<T>& expected) {
  REQUIRE(actual.size() == expected.size());
  for (size_t i = 0; i < actual.size(); ++i) {
    CAPTURE(i);
    CHECK(actual[i] == expected[i]);
  }
}

void CheckSameResult(const ParseResult& actual, const ParseResult& expected) {
  CheckSame(actual.definitions, expected.definitions);
  CheckSame(actual.diagnostics, expected.diagnostics);
  CheckSame(actual.occurrences, expected.occurrences);
  CheckSame(actual.symbols, expected.symbols);
  CheckSame(actual.comments, expected.comments);
}

/*! \brief The one diagnostic of a result the bridge made itself (a copy: results are temporaries).
 */
Diagnostic OnlyDiagnostic(const ParseResult& result) {
  REQUIRE(result.definitions.empty());
  REQUIRE(result.occurrences.empty());
  REQUIRE(result.symbols.empty());
  REQUIRE(result.comments.empty());
  REQUIRE(result.diagnostics.size() == 1);
  return result.diagnostics[0];
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_SUITE("bridge.ParseDiagnostics") {
  TEST_CASE("converts every field of the fixture's answer") {
    ParseOptions options = FixtureOptions("full");
    options.source_name = "dir/ünï.py";
    options.trusted = true;
    const std::string text = "x = \"é😀\"; y = 1\n";
    ParseResult result = ParseDiagnostics(text, options);
    CheckSameResult(result, ExpectedFull("source_name=dir/ünï.py trusted=True text=" + text));
    CHECK(result == ExpectedFull("source_name=dir/ünï.py trusted=True text=" + text));

    options.trusted = false;
    ParseResult untrusted = ParseDiagnostics("", options);
    CHECK(untrusted.diagnostics.at(3).message == "source_name=dir/ünï.py trusted=False text=");
  }

  TEST_CASE("a malformed answer is an internal error naming the key path") {
    struct Case {
      const char* name;
      const char* message;
    };
    const Case cases[] = {
        {"root", "(the answer): expected a dict, got list"},
        {"missing-key", "diagnostics[0]: missing key \"code\""},
        {"missing-list", "(the answer): missing key \"symbols\""},
        {"wrong-type", "definitions[1].lossy: expected bool, got str"},
        {"short-range",
         "occurrences[1].range: expected a list of 4 ints [line, column, "
         "end_line, end_column], got 3 items"},
        {"range-not-list",
         "symbols[0].definition_range: expected a list of 4 ints [line, "
         "column, end_line, end_column], got str"},
        {"bool-as-int", "symbols[1].definition_range[0]: expected int, got bool"},
        {"bad-severity",
         "diagnostics[2].severity: expected one of \"error\", \"warning\", "
         "\"information\", \"hint\", got \"fatal\""},
        {"nested", "diagnostics[0].fixes[0].edits[1].new_text: expected str, got int"},
        {"not-a-list", "comments: expected a list, got dict"},
        {"record-not-dict", "occurrences[2]: expected a dict, got str"},
        {"lone-surrogate",
         "definitions[0].name: expected a str that UTF-8 can encode, got one with lone surrogates"},
        {"huge-int", "comments[0].definition: expected a 64-bit int, got one out of range"},
        {"none-for-str", "symbols[0].type: expected str, got NoneType"},
    };
    for (const Case& c : cases) {
      CAPTURE(c.name);
      Diagnostic diagnostic = OnlyDiagnostic(ParseDiagnostics(c.name, FixtureOptions("malformed")));
      CHECK(diagnostic.code == "internal-error");
      CHECK(diagnostic.severity == Severity::kError);
      CHECK(diagnostic.message ==
            std::string("malformed answer from bridge_fixture.malformed.to_plain(): ") + c.message);
    }
  }

  TEST_CASE("a Python exception is an internal error with message and traceback") {
    Diagnostic diagnostic = OnlyDiagnostic(ParseDiagnostics("abc", FixtureOptions("raises")));
    CHECK(diagnostic.code == "internal-error");
    CHECK(diagnostic.range == Range{1, 0, 1, 0});
    const std::string& message = diagnostic.message;
    CAPTURE(message);
    CHECK(message.rfind("internal error in bridge_fixture.raises: ValueError: boom: abc\n\n"
                        "Traceback (most recent call last):\n",
                        0) == 0);
    CHECK(Contains(message, "bridge_fixture.py\", line"));
    CHECK(Contains(message, "in raises"));
    CHECK(Contains(message, "in _fail_deeper"));
    CHECK(Contains(message, "\nValueError: boom: abc\n"));

    // The next call is not affected.
    CHECK(ParseDiagnostics("", FixtureOptions("full")).diagnostics.size() == 4);
  }

  TEST_CASE("an answer without to_plain() is an internal error") {
    Diagnostic diagnostic = OnlyDiagnostic(ParseDiagnostics("", FixtureOptions("no_to_plain")));
    CHECK(diagnostic.code == "internal-error");
    CHECK(
        Contains(diagnostic.message, "AttributeError: 'dict' object has no attribute 'to_plain'"));
  }

  TEST_CASE("an entry that cannot be found is an internal error") {
    ParseOptions options = FixtureOptions("full");
    options.entry_module = "bridge_fixture_missing";
    Diagnostic missing_module = OnlyDiagnostic(ParseDiagnostics("", options));
    CHECK(missing_module.code == "internal-error");
    CHECK(missing_module.message.rfind(
              "cannot load bridge_fixture_missing.full: ModuleNotFoundError: No module named "
              "'bridge_fixture_missing'",
              0) == 0);

    Diagnostic missing_function =
        OnlyDiagnostic(ParseDiagnostics("", FixtureOptions("no_such_function")));
    CHECK(missing_function.message.rfind(
              "cannot load bridge_fixture.no_such_function: AttributeError: ", 0) == 0);
  }

  TEST_CASE("text that is not UTF-8 is reported at its byte") {
    Diagnostic diagnostic =
        OnlyDiagnostic(ParseDiagnostics("x = 1\ny = '\xff'\n", FixtureOptions("full")));
    CHECK(diagnostic.code == "invalid-encoding");
    CHECK(diagnostic.message == "the text is not valid UTF-8 (byte 11)");
    CHECK(diagnostic.range == Range{2, 5, 2, 6});
  }

  TEST_CASE("calls from two C++ threads in turn") {
    for (int round = 0; round < 2; ++round) {
      for (const char* name : {"first", "second"}) {
        ParseResult result;
        std::thread([&] { result = ParseDiagnostics(name, FixtureOptions("full")); }).join();
        CheckSameResult(result, ExpectedFull(std::string("source_name=fixture.py trusted=False "
                                                         "text=") +
                                             name));
      }
    }
  }

  TEST_CASE("the default entry is the frontend's tvm_tirx.script.parse_diagnostics") {
    ParseOptions defaults;
    CHECK(defaults.entry_module == "tvm_tirx.script");
    CHECK(defaults.entry_function == "parse_diagnostics");
    CHECK(defaults.trusted == false);
    CHECK(defaults.time_limit == std::chrono::seconds(10));
  }

  TEST_CASE("TVMScript end to end: definitions, diagnostics, occurrences, comments") {
    const std::string text =
        "from tvm_tirx.script import tirx as T\n"
        "\n"
        "@T.function\n"
        "def f(A: T.Tensor((4,), T.int32)):\n"
        "    # store\n"
        "    A[0] = A[1] // 1.5\n"
        "\n"
        "@T.function\n"
        "def g(B: T.Tensor((4,), T.int32)):\n"
        "    for i in range(4):\n"
        "        B[i] = i\n";
    ParseOptions options;
    options.source_name = "kernels.py";
    ParseResult result = ParseDiagnostics(text, options);
    REQUIRE(result.definitions.size() == 2);
    // The failing store is recorded and skipped: f keeps a partial IR, and says so.
    Definition f = result.definitions[0];
    CHECK(f.partial);
    CHECK(f.key.size() == 32);
    f.key.clear();
    CHECK(f == Definition{"f",
                          "function",
                          {3, 0, 6, 22},
                          std::string("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    pass"),
                          false,
                          "",
                          true});
    Definition g = result.definitions[1];
    CHECK(g.key.size() == 32);
    CHECK(g.key != result.definitions[0].key);
    g.key.clear();
    CHECK(g == Definition{"g",
                          "function",
                          {8, 0, 11, 16},
                          std::string("@T.function\ndef g(B: T.Tensor((4,), T.int32)):\n"
                                      "    for i in range(4):\n        B[i] = i"),
                          false});
    REQUIRE(result.diagnostics.size() == 1);
    Diagnostic error = result.diagnostics[0];
    CHECK(error == Diagnostic{Severity::kError,
                              "type-error",
                              "Operator `//` needs integer operands, got `float32`",
                              Range{6, 11, 6, 22},
                              {},
                              {}});
    REQUIRE(result.comments.size() == 1);
    CHECK(result.comments[0] == Comment{{5, 4, 5, 11}, "# store", 0, 6});
    // `i`: its definition and its two uses refer to one symbol.
    std::vector<Range> uses_of_i;
    std::string i_id;
    for (const Symbol& symbol : result.symbols) {
      if (symbol.name == "i") i_id = symbol.id;
    }
    for (const Occurrence& occurrence : result.occurrences) {
      if (occurrence.symbol == i_id) uses_of_i.push_back(occurrence.range);
    }
    CHECK(uses_of_i == std::vector<Range>{{10, 8, 10, 9}, {11, 10, 11, 11}, {11, 15, 11, 16}});
  }

  TEST_CASE("untrusted text runs none of its Python; trusted text does") {
    const std::string marker = "/tmp/tvm_lsp_bridge_marker_" + std::to_string(::getpid());
    std::remove(marker.c_str());
    const std::string text =
        "from tvm_tirx.script import tirx as T\n"
        "@T.function\n"
        "def f(A: T.Tensor((4,), T.int32)):\n"
        "    A[0] = __import__('pathlib').Path('" +
        marker + "').write_text('ran')\n";
    ParseResult untrusted = ParseDiagnostics(text, ParseOptions{});
    CHECK(std::fopen(marker.c_str(), "r") == nullptr);
    REQUIRE(untrusted.diagnostics.size() == 1);
    CHECK(untrusted.diagnostics[0].code == "untrusted-not-evaluated");
    CHECK(untrusted.diagnostics[0].severity == Severity::kInformation);
    CHECK(untrusted.diagnostics[0].message.find("`__import__` is not evaluated in untrusted") !=
          std::string::npos);
    ParseOptions trusted;
    trusted.trusted = true;
    ParseDiagnostics(text, trusted);
    std::FILE* ran = std::fopen(marker.c_str(), "r");
    CHECK(ran != nullptr);
    if (ran != nullptr) std::fclose(ran);
    std::remove(marker.c_str());
  }

  TEST_CASE("a runaway evaluation in trusted TVMScript stops at the limit; the next parse works") {
    ParseOptions trusted;
    trusted.trusted = true;
    trusted.time_limit = std::chrono::milliseconds(300);
    const std::string runaway =
        "from tvm_tirx.script import tirx as T\n"
        "@T.function\n"
        "def f(A: T.Tensor((4,), T.int32)):\n"
        "    A[0] = len([i for i in range(10 ** 12)])\n";
    auto start = std::chrono::steady_clock::now();
    ParseResult result = ParseDiagnostics(runaway, trusted);
    auto elapsed = std::chrono::steady_clock::now() - start;
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].code == "time-limit");
    CHECK(elapsed < std::chrono::seconds(3));
    ParseResult next = ParseDiagnostics(
        "from tvm_tirx.script import tirx as T\n@T.function\ndef g(A: T.Tensor((4,), "
        "T.int32)):\n    A[0] = 1\n",
        trusted);
    CHECK(next.diagnostics.empty());
    REQUIRE(next.definitions.size() == 1);
    CHECK(next.definitions[0].canonical_text.has_value());
  }
}
