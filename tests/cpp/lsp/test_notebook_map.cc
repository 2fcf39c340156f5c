/*!
 * \file test_notebook_map.cc
 * \brief DocumentMap (lsp/server/notebook_map.h): a notebook cell's positions against its
 *  notebook's analysed text, both ways, clamped to the cell; a text document as itself.
 */
#include <doctest/doctest.h>

#include <string>

#include "notebook_map.h"

namespace {

using tvm::lsp::AppendCell;
using tvm::lsp::CellSpan;
using tvm::lsp::ClientPosition;
using tvm::lsp::ClientRange;
using tvm::lsp::DocumentMap;
using tvm::lsp::NotebookLayout;
using tvm::lsp::PositionEncoding;
using Range = tvm::script::bridge::Range;

/*! \brief A notebook of `cells` (URIs "c0", "c1", ...), laid out as the server lays it out. */
struct Book {
  std::string text;
  NotebookLayout layout;

  explicit Book(const std::vector<std::string>& cells) {
    for (size_t k = 0; k < cells.size(); ++k) {
      CellSpan span;
      span.uri = "c" + std::to_string(k);
      span.version = static_cast<int64_t>(10 + k);
      span.index = static_cast<int64_t>(k);
      AppendCell(cells[k], span, &text, &layout);
    }
  }
  DocumentMap Map(const std::string& cell, PositionEncoding encoding = PositionEncoding::kUtf16) {
    return DocumentMap(text, encoding, layout, cell, "book.ipynb");
  }
};

}  // namespace

TEST_SUITE("lsp.DocumentMap") {
  TEST_CASE("cells take whole lines, each ending with one line break") {
    Book book({"a = 1\n", "b\r\nc", "d\r", "\ne"});
    CHECK(book.text == "a = 1\nb\r\nc\nd\r\n\ne\n");
    REQUIRE(book.layout.size() == 4);
    CHECK(book.layout[0].first_line == 0);
    CHECK(book.layout[0].line_count == 1);
    CHECK(book.layout[1].first_line == 1);
    CHECK(book.layout[1].line_count == 2);
    CHECK_FALSE(book.layout[1].ends_with_break);
    CHECK(book.layout[2].first_line == 3);
    CHECK(book.layout[2].line_count == 1);  // "d\r": one line, its break kept one break
    CHECK(book.layout[2].ends_with_break);
    CHECK(book.layout[3].first_line == 4);
    CHECK(book.layout[3].line_count == 2);
  }

  TEST_CASE("a cell's positions shift by its first line, in and out") {
    Book book({"x = 'é😀'\n", "é😀 = 1; y = 2\nz = 3\n"});
    DocumentMap map = book.Map("c1");
    CHECK(map.FromClient(ClientPosition{0, 9}) == std::pair<int64_t, int64_t>{2, 12});
    CHECK(map.ToClient(2, 12) == ClientPosition{0, 9});
    CHECK(book.Map("c1", PositionEncoding::kUtf8).ToClient(2, 12) == ClientPosition{0, 12});
    CHECK(book.Map("c1", PositionEncoding::kUtf32).ToClient(2, 12) == ClientPosition{0, 8});
    CHECK(map.Holds(2));
    CHECK(map.Holds(3));
    CHECK_FALSE(map.Holds(1));
    CHECK_FALSE(map.Holds(4));
    CHECK(map.first_line() == 2);
    CHECK(map.last_line() == 3);
    CHECK(map.name() == "book.ipynb cell 2");
  }

  TEST_CASE("positions outside the cell are clamped to it") {
    Book book({"a = 1\n", "bb = 2\ncc = 3", "dd = 4\n"});
    DocumentMap map = book.Map("c1");
    // In: past the last line is the end of the last line; before the first, the start.
    CHECK(map.FromClient(ClientPosition{2, 0}) == std::pair<int64_t, int64_t>{3, 6});
    CHECK(map.FromClient(ClientPosition{int64_t{1} << 62, 5}) == std::pair<int64_t, int64_t>{3, 6});
    CHECK(map.FromClient(ClientPosition{-1, 3}) == std::pair<int64_t, int64_t>{2, 0});
    CHECK(map.FromClient(ClientPosition{1, 99}) == std::pair<int64_t, int64_t>{3, 6});
    // Out: a place in the next cell is this cell's end (its last line's: no break of its own).
    CHECK(map.ToClient(4, 2) == ClientPosition{1, 6});
    CHECK(map.ToClient(1, 2) == ClientPosition{0, 0});
    // A cell with its own final break ends after it.
    CHECK(book.Map("c0").ToClient(2, 0) == ClientPosition{1, 0});
  }

  TEST_CASE("Locate names the cell holding a range's start") {
    Book book({"a = 1\n", "bb = 2\n", "cc = 3\n"});
    DocumentMap map = book.Map("c1");
    tvm::lsp::ClientLocation where = map.Locate(Range{3, 0, 3, 2});
    CHECK(where.uri == "c2");
    CHECK(where.range == ClientRange{{0, 0}, {0, 2}});
    CHECK(where.version == 12);
    // A range running into the next cell ends at its own cell's end.
    where = map.Locate(Range{1, 4, 3, 1});
    CHECK(where.uri == "c0");
    CHECK(where.range == ClientRange{{0, 4}, {1, 0}});
    // Messages name a line of the cell by its number there, another cell's with the cell.
    CHECK(map.LineName(2) == "1");
    CHECK(map.LineName(3) == "1 of book.ipynb cell 3");
    CHECK(map.LineName(1) == "1 of book.ipynb cell 1");
  }

  TEST_CASE("a text document maps to itself and a cell not laid out holds nothing") {
    std::string text = "a = 1\nb = 2\n";
    DocumentMap plain(text, PositionEncoding::kUtf16, "file:///x/a.py");
    CHECK_FALSE(plain.is_cell());
    CHECK(plain.name() == "a.py");
    CHECK(plain.FromClient(ClientPosition{1, 3}) == std::pair<int64_t, int64_t>{2, 3});
    CHECK(plain.ToClient(Range{2, 0, 2, 1}) == ClientRange{{1, 0}, {1, 1}});
    CHECK(plain.Locate(Range{1, 0, 1, 1}).uri == "file:///x/a.py");
    CHECK(plain.Holds(2));
    Book book({"a = 1\n"});
    DocumentMap gone = book.Map("c9");
    CHECK(gone.is_cell());
    CHECK_FALSE(gone.Holds(1));
    CHECK(gone.ToClient(1, 0) == ClientPosition{0, 0});
  }
}
