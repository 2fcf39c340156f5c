/*!
 * \file positions.cc
 * \brief Conversions between UTF-8 byte columns and the client's units.
 */
#include "positions.h"

#include <tvm/lsp/lines.h>

#include <algorithm>

namespace tvm {
namespace lsp {

namespace {

/*! \brief The length of the UTF-8 sequence led by `lead` (1 for a stray byte). */
size_t SequenceLength(unsigned char lead) {
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  if (lead >= 0xC0) return 2;
  return 1;
}

/*! \brief How many units of `encoding` the character of `length` UTF-8 bytes counts. */
int64_t Units(size_t length, PositionEncoding encoding) {
  switch (encoding) {
    case PositionEncoding::kUtf8:
      return static_cast<int64_t>(length);
    case PositionEncoding::kUtf16:
      return length == 4 ? 2 : 1;
    case PositionEncoding::kUtf32:
      return 1;
  }
  return 1;
}

}  // namespace

const char* EncodingName(PositionEncoding encoding) {
  switch (encoding) {
    case PositionEncoding::kUtf8:
      return "utf-8";
    case PositionEncoding::kUtf16:
      return "utf-16";
    case PositionEncoding::kUtf32:
      return "utf-32";
  }
  return "utf-16";
}

LineIndex::LineIndex(std::string_view text, PositionEncoding encoding)
    : text_(text),
      encoding_(encoding),
      starts_(std::make_shared<const std::vector<size_t>>(LineStarts(text))) {}

LineIndex::LineIndex(std::string_view text, PositionEncoding encoding,
                     std::shared_ptr<const std::vector<size_t>> starts)
    : text_(text), encoding_(encoding), starts_(std::move(starts)) {}

std::string_view LineIndex::Line(size_t line) const { return LineAt(text_, *starts_, line); }

ClientPosition LineIndex::ToClient(int64_t line, int64_t byte_column) const {
  if (line < 1) return ClientPosition{0, 0};
  if (static_cast<size_t>(line) > starts_->size()) {
    size_t last = starts_->size() - 1;
    return ToClient(static_cast<int64_t>(last + 1), static_cast<int64_t>(Line(last).size()));
  }
  std::string_view bytes = Line(static_cast<size_t>(line - 1));
  size_t limit = std::min(bytes.size(), static_cast<size_t>(std::max<int64_t>(byte_column, 0)));
  int64_t units = 0;
  size_t at = 0;
  while (at < limit) {
    size_t length = SequenceLength(static_cast<unsigned char>(bytes[at]));
    if (at + length > limit) break;  // a column inside a character: its start
    units += Units(length, encoding_);
    at += length;
  }
  return ClientPosition{line - 1, units};
}

ClientRange LineIndex::ToClient(const script::bridge::Range& range) const {
  return ClientRange{ToClient(range.line, range.column),
                     ToClient(range.end_line, range.end_column)};
}

std::pair<int64_t, int64_t> LineIndex::FromClient(const ClientPosition& position) const {
  if (position.line < 0) return {1, 0};
  if (static_cast<size_t>(position.line) >= starts_->size()) {
    size_t last = starts_->size() - 1;
    return {static_cast<int64_t>(last + 1), static_cast<int64_t>(Line(last).size())};
  }
  std::string_view bytes = Line(static_cast<size_t>(position.line));
  int64_t units = 0;
  size_t at = 0;
  while (at < bytes.size()) {
    size_t length = SequenceLength(static_cast<unsigned char>(bytes[at]));
    int64_t next = units + Units(length, encoding_);
    if (next > position.character) break;  // the target is inside (or before) this character
    units = next;
    at += length;
  }
  return {position.line + 1, static_cast<int64_t>(std::min(at, bytes.size()))};
}

script::bridge::Range LineIndex::FromClient(const ClientRange& range) const {
  auto [line, column] = FromClient(range.start);
  auto [end_line, end_column] = FromClient(range.end);
  return script::bridge::Range{line, column, end_line, end_column};
}

}  // namespace lsp
}  // namespace tvm
