// Content changes applied to a text (tvm/lsp/text_change.h): positions clamped to the text,
// never inside a character or a line break; then the same through the real worker, whose
// malformed edits leave the text as it was.
#include <doctest/doctest.h>
#include <tvm/lsp/text_change.h>

#include <nlohmann/json.hpp>

#include "worker_test_util.h"

using nlohmann::json;
using tvm::lsp::ApplyTextChanges;
using tvm::lsp::ByteOffset;
using tvm::lsp::TextChange;
using tvm::script::bridge::Range;

namespace {

TextChange Replace(Range range, std::string text) { return TextChange{range, std::move(text)}; }

std::string Apply(const std::string& text, std::vector<TextChange> changes) {
  return ApplyTextChanges(text, changes);
}

}  // namespace

TEST_SUITE("lsp.text_change") {
  TEST_CASE("offsets: lines end at \\n, \\r\\n and a lone \\r; a final break starts a line") {
    const std::string text = "ab\ncd\r\nef\rgh\n";
    CHECK(ByteOffset(text, 1, 0) == 0);
    CHECK(ByteOffset(text, 1, 2) == 2);
    CHECK(ByteOffset(text, 2, 0) == 3);
    CHECK(ByteOffset(text, 2, 2) == 5);
    CHECK(ByteOffset(text, 3, 0) == 7);  // after "\r\n", one break
    CHECK(ByteOffset(text, 4, 1) == 11);
    CHECK(ByteOffset(text, 5, 0) == 13);  // the empty last line
    CHECK(ByteOffset(text, 6, 0) == 13);  // past the last line: the end
    CHECK(ByteOffset("", 1, 5) == 0);
  }

  TEST_CASE("offsets are clamped: before the text, past a line's end, negative columns") {
    const std::string text = "ab\r\ncd";
    CHECK(ByteOffset(text, 0, 7) == 0);
    CHECK(ByteOffset(text, -3, 0) == 0);
    CHECK(ByteOffset(text, 1, 99) == 2);  // before "\r\n", never between \r and \n
    CHECK(ByteOffset(text, 1, -4) == 0);
    CHECK(ByteOffset(text, 2, 99) == 6);
    CHECK(ByteOffset(text, 9, 0) == 6);
  }

  TEST_CASE("a column inside a multi-byte character rounds down to its start") {
    const std::string text = "x = \"\xc3\xa9\xf0\x9f\x98\x80\"; y = 1";  // "é😀": 2 + 4 bytes
    CHECK(ByteOffset(text, 1, 5) == 5);
    CHECK(ByteOffset(text, 1, 6) == 5);  // inside é
    CHECK(ByteOffset(text, 1, 7) == 7);
    CHECK(ByteOffset(text, 1, 8) == 7);  // inside 😀
    CHECK(ByteOffset(text, 1, 9) == 7);
    CHECK(ByteOffset(text, 1, 10) == 7);
    CHECK(ByteOffset(text, 1, 11) == 11);
    CHECK(ByteOffset(text, 1, 14) == 14);  // `y`, at byte 14 (toolchain notes)
  }

  TEST_CASE("changes apply in order, each to the text the previous one left") {
    const std::string text = "a = 1\nb = 2\n";
    CHECK(Apply(text, {Replace({1, 4, 1, 5}, "10")}) == "a = 10\nb = 2\n");
    CHECK(Apply(text, {Replace({1, 4, 1, 5}, "10"), Replace({1, 5, 1, 6}, "")}) ==
          "a = 1\nb = 2\n");
    CHECK(Apply(text, {Replace({2, 0, 3, 0}, ""), Replace({1, 0, 1, 0}, "# top\n")}) ==
          "# top\na = 1\n");
    CHECK(Apply(text, {TextChange{std::nullopt, "whole"}, Replace({1, 5, 1, 5}, "!")}) == "whole!");
    CHECK(Apply(text, {}) == text);
  }

  TEST_CASE("ranges past the text, reversed or inside characters do not corrupt it") {
    const std::string text = "\xc3\xa9\r\nz";
    // A range ending inside é deletes nothing of it; one starting inside deletes it whole.
    CHECK(Apply(text, {Replace({1, 0, 1, 1}, "")}) == text);
    CHECK(Apply(text, {Replace({1, 1, 1, 2}, "")}) == "\r\nz");
    // Past the line's end: at the end, before "\r\n".
    CHECK(Apply(text, {Replace({1, 50, 1, 60}, "!")}) == "\xc3\xa9!\r\nz");
    // Reversed: an insertion at the start.
    CHECK(Apply(text, {Replace({2, 1, 1, 0}, "<")}) == "\xc3\xa9\r\nz<");
    // Past the last line: appended.
    CHECK(Apply(text, {Replace({40, 0, 50, 0}, "\nend")}) == "\xc3\xa9\r\nz\nend");
    // Across the CRLF: the break goes whole.
    CHECK(Apply(text, {Replace({1, 2, 2, 0}, "")}) == "\xc3\xa9z");
  }
}

TEST_SUITE("lsp.text_change") {
  TEST_CASE("the worker applies edits, and malformed ones leave the text unchanged") {
    using namespace worker_test;  // NOLINT(build/namespaces)
    tvm::lsp::WorkerClient client(RealOptions());
    const std::string uri = "file:///edits.py";
    client.Open(uri, 1, "x = \"\xc3\xa9\"\r\ny = 2\r\n");
    auto session_text = [&] {
      // What the frontend's session analysed: the worker's text, as Python got it.
      REQUIRE(client.Analyze(uri).status == tvm::lsp::AnalysisOutcome::Status::kDone);
      return client.TestEval(
          "ascii(__import__('tvm_tirx.script.parser.session', fromlist=['_'])"
          ".document_session('" +
          uri + "').text)");
    };
    CHECK(session_text() == "'x = \"\\xe9\"\\r\\ny = 2\\r\\n'");
    client.Edit(uri, 2, {Replace({2, 4, 2, 5}, "3"), Replace({1, 6, 1, 6}, "!")});
    // Column 6 is inside é: the insertion goes before it.
    CHECK(session_text() == "'x = \"!\\xe9\"\\r\\ny = 3\\r\\n'");
    client.Edit(uri, 3, {Replace({1, 8, 1, 8}, "!"), Replace({9, 0, 9, 0}, "# end")});
    CHECK(session_text() == "'x = \"!\\xe9!\"\\r\\ny = 3\\r\\n# end'");

    const json malformed[] = {
        {{"uri", uri}, {"version", 4}},                                           // neither
        {{"uri", uri}, {"version", 4}, {"text", "a"}, {"edits", json::array()}},  // both
        {{"uri", uri}, {"version", 4}, {"edits", {{{"range", {1, 0, 1}}, {"text", "a"}}}}},
        {{"uri", uri}, {"version", 4}, {"edits", {{{"range", {1, 0, 1, 0}}}}}},
        {{"uri", uri}, {"version", 4}, {"edits", {{{"range", {1, 0, 1, "0"}}, {"text", "a"}}}}},
        {{"uri", uri}, {"version", 4}, {"edits", "a"}},
    };
    for (const json& params : malformed) {
      CAPTURE(params.dump());
      json reply = json::parse(client.RawRequest("change", params.dump()));
      CHECK(reply["error"]["code"] == "invalid-params");
    }
    json unknown = json::parse(
        client.RawRequest("change", R"({"uri": "file:///nope.py", "version": 1, "edits": []})"));
    CHECK(unknown["error"]["code"] == "unknown-document");
    // The worker's text and version are those of the last good change.
    CHECK(session_text() == "'x = \"!\\xe9!\"\\r\\ny = 3\\r\\n# end'");
  }
}
