// The one line splitter of the C++ side (tvm/lsp/lines.h): "\n", "\r\n" and a lone "\r" end a
// line, nothing else does (a form feed, a vertical tab, U+2028 and U+0085 are text, unlike in
// Python's str.splitlines), and it agrees with the offsets of content changes.
#include <doctest/doctest.h>
#include <tvm/lsp/lines.h>
#include <tvm/lsp/text_change.h>

#include <string>
#include <string_view>
#include <vector>

using tvm::lsp::ByteOffset;
using tvm::lsp::LineAt;
using tvm::lsp::LineCount;
using tvm::lsp::LineStarts;
using tvm::lsp::SplitLines;

TEST_SUITE("lsp.lines") {
  TEST_CASE("lines end at \\n, \\r\\n and a lone \\r; a final break starts an empty line") {
    std::string_view text = "a\r\nbb\rc\n\nd\n";
    CHECK(LineStarts(text) == std::vector<size_t>{0, 3, 6, 8, 9, 11});
    CHECK(LineCount(text) == 6);
    CHECK(SplitLines(text) == std::vector<std::string_view>{"a", "bb", "c", "", "d", ""});
    CHECK(SplitLines("") == std::vector<std::string_view>{""});
    CHECK(SplitLines("\r\r\n\n") == std::vector<std::string_view>{"", "", "", ""});
  }

  TEST_CASE("other Unicode and ASCII breaks are text") {
    // \f, \v, \x1c, U+0085 (C2 85), U+2028 (E2 80 A8): Python's splitlines would split here.
    std::string text = "x = 1 \f\v\x1c # \xC2\x85 \xE2\x80\xA8 end\ny\n";
    CHECK(LineCount(text) == 3);
    CHECK(SplitLines(text)[0] == "x = 1 \f\v\x1c # \xC2\x85 \xE2\x80\xA8 end");
  }

  TEST_CASE("each line starts where a content change's offset puts it") {
    std::string_view text = "one\r\ntwo\rthree\nfour";
    std::vector<size_t> starts = LineStarts(text);
    REQUIRE(starts.size() == 4);
    for (size_t line = 0; line < starts.size(); ++line) {
      CHECK(ByteOffset(text, static_cast<int64_t>(line + 1), 0) == starts[line]);
      std::string_view body = LineAt(text, starts, line);
      CHECK(ByteOffset(text, static_cast<int64_t>(line + 1), 1000) == starts[line] + body.size());
    }
  }
}
