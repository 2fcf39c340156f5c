/*!
 * \file test_round_trip_units.cc
 * \brief features::RoundTripDiagnostics: the on-save round-trip warnings the worker's verdicts
 *  carry, in source order, less what `# tvm-lsp: ignore[...]` suppresses on their first line.
 */
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "features/features.h"

namespace tvm {
namespace lsp {
namespace {

namespace bridge = script::bridge;

bridge::FormatVerdict Verdict(const std::string& name, std::optional<int64_t> mismatch_line) {
  bridge::FormatVerdict verdict;
  verdict.name = name;
  verdict.range = bridge::Range{1, 0, 9, 0};
  if (!mismatch_line) {
    verdict.text = "@T.function\ndef " + name + "():\n    pass";
    return verdict;
  }
  verdict.reason = "not-equal";
  bridge::Diagnostic warning;
  warning.severity = bridge::Severity::kWarning;
  warning.code = "round-trip-mismatch";
  warning.message = name + "'s canonical print reads back as a different program at body: 1 vs 2";
  warning.range = bridge::Range{*mismatch_line, 4, *mismatch_line, 8};
  warning.related = {{verdict.range, "the canonical print of " + name + ":\n..."}};
  verdict.mismatch = warning;
  return verdict;
}

TEST_SUITE("lsp.round_trip") {
  TEST_CASE("each verdict's warning, in order; verdicts without one give none") {
    std::vector<bridge::FormatVerdict> verdicts = {Verdict("f", 2), Verdict("g", std::nullopt),
                                                   Verdict("h", 3)};
    std::vector<bridge::Diagnostic> found =
        features::RoundTripDiagnostics(verdicts, "a\n    x = 1\n    y = 2\n");
    REQUIRE(found.size() == 2);
    CHECK(found[0] == *verdicts[0].mismatch);
    CHECK(found[1] == *verdicts[2].mismatch);
  }

  TEST_CASE("an ignore comment on the warning's first line suppresses it, and only there") {
    std::vector<bridge::FormatVerdict> verdicts = {Verdict("f", 2), Verdict("h", 3)};
    std::string text =
        "a\n    x = 1  # tvm-lsp: ignore[round-trip-mismatch]\n"
        "    y = 2  # tvm-lsp: ignore[name-error]\n";
    std::vector<bridge::Diagnostic> found = features::RoundTripDiagnostics(verdicts, text);
    REQUIRE(found.size() == 1);
    CHECK(found[0].message ==
          "h's canonical print reads back as a different program at body: "
          "1 vs 2");
  }
}

}  // namespace
}  // namespace lsp
}  // namespace tvm
