/*!
 * \file notebook_map.h
 * \brief The one mapping between the document a request names and the text the server
 *  analyses for it. A text document is its own text. A notebook cell is a run of whole lines
 *  of its notebook's text (the Python code cells in order, each ending with a line break;
 *  server_notebooks.cc), so within a line a cell's columns are the notebook text's columns in
 *  every encoding, and mapping a position is a shift of lines plus clamping to the cell.
 *
 * Every request handler resolves its URI through `Server::Resolve` and converts positions
 * through a `DocumentMap` (`Server::MapOf`): positions in through `FromClient`, positions and
 * ranges of the requested document out through `ToClient` (clamped to it), locations anywhere
 * in the analysed text through `Locate` (which cell holds them), edits through
 * `WorkspaceEditJson`. For a text document each of these is exactly the LineIndex conversion.
 */
#ifndef TVM_LSP_SERVER_NOTEBOOK_MAP_H_
#define TVM_LSP_SERVER_NOTEBOOK_MAP_H_

#include <tvm/script/bridge/bridge.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "positions.h"

namespace tvm {
namespace lsp {

/*! \brief Where one document sits in an analysed text: a notebook's cell, or a whole text. */
struct CellSpan {
  std::string uri;
  /*! \brief The cell's version as the client sent it; none when unknown (or a text document). */
  std::optional<int64_t> version;
  /*! \brief Its first line in the analysed text (0-based), and how many lines it takes there. */
  int64_t first_line = 0;
  int64_t line_count = 0;
  /*! \brief Whether the cell's own text ends with a line break (else one was added after it). */
  bool ends_with_break = true;
  /*! \brief Its place among all the notebook's cells (markdown ones too), from 0. */
  int64_t index = 0;
};

/*! \brief The analysed cells of a notebook, in order, covering its text's lines. */
using NotebookLayout = std::vector<CellSpan>;

/*! \brief The last part of a URI's path ("book.ipynb" of "file:///nb/book.ipynb"). */
std::string FileNameOf(const std::string& uri);

/*! \brief Appends a cell's text to a notebook's text and its span to `layout`. */
void AppendCell(const std::string& cell_text, CellSpan span, std::string* text,
                NotebookLayout* layout);

/*! \brief A position or range in one document the client knows. */
struct ClientLocation {
  std::string uri;
  ClientRange range;
  std::optional<int64_t> version;
};

class DocumentMap {
 public:
  /*! \brief A text document at `uri`: its own text. `text` must outlive the map. */
  DocumentMap(std::string_view text, PositionEncoding encoding, std::string uri,
              std::shared_ptr<const std::vector<size_t>> starts = nullptr);
  /*!
   * \brief The cell `cell_uri` of a notebook whose analysed text is `text`, laid out by
   *  `layout`. A cell not in the layout maps to nothing: it holds no line.
   */
  DocumentMap(std::string_view text, PositionEncoding encoding, NotebookLayout layout,
              const std::string& cell_uri, std::string notebook_name);

  /*! \brief The requested document's URI (the cell's for a cell). */
  const std::string& uri() const { return span_.uri; }
  bool is_cell() const { return is_cell_; }
  /*! \brief A name for answers about the whole document: its file name, or "book.ipynb cell 2". */
  const std::string& name() const { return name_; }
  /*! \brief Whether edits go out as `documentChanges` (with versions) for cells. */
  bool versioned_edits = false;

  // In: a position of the requested document -> (line 1-based, UTF-8 byte column) of the
  // analysed text. Past the document's end (or its last line's) is its end; before it, its start.
  std::pair<int64_t, int64_t> FromClient(const ClientPosition& position) const;
  script::bridge::Range FromClient(const ClientRange& range) const;

  // Out, in the requested document: a place of the analysed text, clamped to the document.
  ClientPosition ToClient(int64_t line, int64_t byte_column) const;
  ClientRange ToClient(const script::bridge::Range& range) const;

  /*! \brief Whether analysed line `line` (1-based) is one of the requested document's. */
  bool Holds(int64_t line) const;
  /*! \brief Whether a range starts in the requested document. */
  bool Holds(const script::bridge::Range& range) const { return Holds(range.line); }
  /*! \brief The items whose `range` starts in the requested document, in order. */
  template <typename T>
  std::vector<T> Within(const std::vector<T>& items) const {
    std::vector<T> mine;
    for (const T& item : items) {
      if (Holds(item.range)) mine.push_back(item);
    }
    return mine;
  }
  /*! \brief Those items with their ranges' lines counted from the requested document's start. */
  template <typename T>
  std::vector<T> Local(const std::vector<T>& items) const {
    std::vector<T> mine = Within(items);
    for (T& item : mine) {
      item.range.line -= span_.first_line;
      item.range.end_line -= span_.first_line;
    }
    return mine;
  }
  /*!
   * \brief How a message names analysed line `line`: its number in the requested document,
   *  or for a line of another cell, "2 of book.ipynb cell 3".
   */
  std::string LineName(int64_t line) const;
  /*! \brief Analysed line `line` counted from the requested document's start (1-based). */
  int64_t LineIn(int64_t line) const { return line - span_.first_line; }
  /*! \brief The requested document's first and last analysed lines (1-based). */
  int64_t first_line() const { return span_.first_line + 1; }
  int64_t last_line() const { return span_.first_line + span_.line_count; }

  /*! \brief Where a range of the analysed text is: the document (cell) holding its start. */
  ClientLocation Locate(const script::bridge::Range& range) const;
  /*! \brief The same for a range already in the analysed text's client units. */
  ClientLocation Locate(const ClientRange& range) const;

  /*!
   * \brief `symbols` with their definitions' lines counted in the requested document (a hover
   *  names them): for a cell, from the cell's first line, and a symbol defined in another cell
   *  has none (as one defined outside the text). For a text document, `symbols` itself; else
   *  the copy kept in `storage`.
   */
  const std::vector<script::bridge::Symbol>& Symbols(
      const std::vector<script::bridge::Symbol>& symbols,
      std::vector<script::bridge::Symbol>* storage) const;

  const LineIndex& index() const { return index_; }

 private:
  static constexpr size_t kNone = static_cast<size_t>(-1);
  /*! \brief The span holding client line `line` of the analysed text (the nearest one). */
  const CellSpan& SpanOf(int64_t line) const;
  /*! \brief A client position of the analysed text, as a position of `span`'s document. */
  ClientPosition Shift(const CellSpan& span, const ClientPosition& position) const;

  LineIndex index_;
  NotebookLayout layout_;  // empty for a text document
  size_t cell_ = kNone;    // the requested cell's place in layout_
  CellSpan span_;          // the requested document's
  std::string notebook_name_;
  bool is_cell_ = false;
  std::string name_;
};

namespace lsp_json {

using nlohmann::json;

/*! \brief A TextEdit of the requested document (clamped to it). */
json ToJson(const script::bridge::TextEdit& edit, const DocumentMap& map);
/*! \brief An LSP Diagnostic of the requested document; related locations wherever they are. */
json ToJson(const script::bridge::Diagnostic& diagnostic, const DocumentMap& map);
/*! \brief A Location `{uri, range}` of a range anywhere in the analysed text. */
json LocationJson(const script::bridge::Range& range, const DocumentMap& map);
/*!
 * \brief A WorkspaceEdit of edits anywhere in the analysed text, each in the document holding
 *  its start: `changes` by URI, or, for cells when `map.versioned_edits`, `documentChanges`
 *  (one TextDocumentEdit per cell, with its version).
 */
json WorkspaceEditJson(const std::vector<script::bridge::TextEdit>& edits, const DocumentMap& map);

}  // namespace lsp_json
}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_NOTEBOOK_MAP_H_
