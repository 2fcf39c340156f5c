// Lines mapped through the edits since an analysis (lsp/server/edits_since.h): untouched lines
// move with the edits above them, touched ones map nowhere, and a change of the whole text or
// too many edits give up.
#include <doctest/doctest.h>

#include <optional>
#include <utility>

#include "edits_since.h"

using namespace tvm::lsp;  // NOLINT(build/namespaces)
namespace bridge = tvm::script::bridge;

namespace {

TextChange Replace(int64_t line, int64_t column, int64_t end_line, int64_t end_column,
                   std::string text) {
  return TextChange{bridge::Range{line, column, end_line, end_column}, std::move(text)};
}

using Lines = std::optional<std::pair<int64_t, int64_t>>;

}  // namespace

TEST_SUITE("lsp.edits_since") {
  TEST_CASE("no edit maps every line to itself") {
    EditsSince edits;
    CHECK(edits.empty());
    CHECK(edits.Back(7) == 7);
    CHECK(edits.Forth(3, 9) == Lines({3, 9}));
  }

  TEST_CASE("lines inserted and deleted above move what is below; the edited lines map nowhere") {
    EditsSince edits;
    edits.Add(Replace(3, 0, 3, 0, "a\nb\n"));  // line 3 becomes lines 3-5
    CHECK(!edits.empty());
    CHECK(edits.Back(2) == 2);
    CHECK(edits.Back(3) == std::nullopt);
    CHECK(edits.Back(5) == std::nullopt);
    CHECK(edits.Back(6) == 4);
    CHECK(edits.Forth(1, 2) == Lines({1, 2}));
    CHECK(edits.Forth(4, 9) == Lines({6, 11}));
    CHECK(edits.Forth(2, 3) == std::nullopt);  // holds the edited line

    edits.Add(Replace(8, 0, 11, 0, ""));  // then lines 8-11 of that text become line 8
    CHECK(edits.Back(9) == 10);           // 9 -> 12 before the deletion -> 10 before both
    CHECK(edits.Back(8) == std::nullopt);
    CHECK(edits.Forth(12, 14) == Lines({11, 13}));
    CHECK(edits.Forth(6, 7) == std::nullopt);  // its lines 8-9 were deleted
  }

  TEST_CASE("an edit within one line touches that line only; line breaks of every kind count") {
    EditsSince edits;
    edits.Add(Replace(5, 4, 5, 9, "xyz"));
    CHECK(edits.Back(5) == std::nullopt);
    CHECK(edits.Back(6) == 6);
    CHECK(edits.Forth(6, 8) == Lines({6, 8}));
    edits.Add(Replace(1, 0, 1, 0, "a\r\nb\rc\n"));  // three line breaks
    CHECK(edits.Back(7) == 4);
    CHECK(edits.Forth(6, 8) == Lines({9, 11}));
  }

  TEST_CASE("a change of the whole text, or too many edits, touch everything until cleared") {
    EditsSince edits;
    edits.Add(TextChange{std::nullopt, "anything"});
    CHECK(edits.Back(1) == std::nullopt);
    CHECK(edits.Forth(1, 1) == std::nullopt);
    edits.Add(Replace(1, 0, 1, 0, "x"));
    CHECK(edits.Back(2) == std::nullopt);
    edits.Clear();
    CHECK(edits.empty());
    CHECK(edits.Back(2) == 2);

    for (size_t k = 0; k < EditsSince::kLimit; ++k) edits.Add(Replace(1, 0, 1, 0, "x"));
    CHECK(edits.Back(2) == 2);  // in-line edits of line 1 only
    edits.Add(Replace(1, 0, 1, 0, "x"));
    CHECK(edits.Back(2) == std::nullopt);
  }
}
