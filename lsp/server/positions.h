/*!
 * \file positions.h
 * \brief The one place where the analysis's positions (lines 1-based, columns in UTF-8 bytes,
 *  bridge.h) meet the client's (lines 0-based, columns in the negotiated encoding's units).
 *
 * Lines end at "\n", "\r\n" or a lone "\r", as in LSP and tvm/lsp/text_change.h. A client
 * position past its line's end is that end, and one past the last line the end of the text (as
 * LSP says); one inside a character (half a surrogate pair) rounds down to its start.
 */
#ifndef TVM_LSP_SERVER_POSITIONS_H_
#define TVM_LSP_SERVER_POSITIONS_H_

#include <tvm/script/bridge/bridge.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tvm {
namespace lsp {

/*! \brief What a client's column counts (LSP's `positionEncoding`). */
enum class PositionEncoding { kUtf8, kUtf16, kUtf32 };

/*! \brief LSP's spelling: "utf-8", "utf-16", "utf-32". */
const char* EncodingName(PositionEncoding encoding);

/*! \brief A position as the client counts it. */
struct ClientPosition {
  int64_t line = 0;
  int64_t character = 0;

  bool operator==(const ClientPosition&) const = default;
};

/*! \brief A range as the client counts it. */
struct ClientRange {
  ClientPosition start;
  ClientPosition end;

  bool operator==(const ClientRange&) const = default;
};

/*! \brief Where each line of one text starts; converts positions both ways. */
class LineIndex {
 public:
  /*! \brief `text` must outlive the index (and not change). */
  LineIndex(std::string_view text, PositionEncoding encoding);
  /*! \brief The same with `text`'s LineStarts made already (a document's, kept per version). */
  LineIndex(std::string_view text, PositionEncoding encoding,
            std::shared_ptr<const std::vector<size_t>> starts);

  ClientPosition ToClient(int64_t line, int64_t byte_column) const;
  ClientRange ToClient(const script::bridge::Range& range) const;
  /*! \brief (line 1-based, UTF-8 byte column) of a client position, clamped as above. */
  std::pair<int64_t, int64_t> FromClient(const ClientPosition& position) const;
  script::bridge::Range FromClient(const ClientRange& range) const;

  size_t line_count() const { return starts_->size(); }
  /*! \brief The bytes of 0-based line `line` (< line_count()), without its line break. */
  std::string_view Line(size_t line) const;

 private:
  std::string_view text_;
  PositionEncoding encoding_;
  std::shared_ptr<const std::vector<size_t>> starts_;
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_POSITIONS_H_
