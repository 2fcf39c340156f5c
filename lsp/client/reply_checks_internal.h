/*!
 * \file reply_checks_internal.h
 * \brief What the client checks in a worker's answer before it uses any of it. The worker runs
 *  the frontend on untrusted text, so it is treated as hostile (docs/lsp.md, "The trust
 *  boundary"): the schema's codecs check types; these check sizes, every range against the
 *  text of the version asked, and that an answer is about what the client asked. A failed
 *  check throws ProtocolViolation, whose message says what and where; the client then logs
 *  it, kills the worker and answers its caller without the data. Only lsp/client includes it.
 */
#ifndef TVM_LSP_CLIENT_REPLY_CHECKS_INTERNAL_H_
#define TVM_LSP_CLIENT_REPLY_CHECKS_INTERNAL_H_

#include <tvm/script/bridge/bridge.h>

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace tvm {
namespace lsp {

/*! \brief A worker's message that breaks the protocol; what() says what and where. */
class ProtocolViolation : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/*! \brief The positions of one text: which ranges lie inside it. */
class TextBounds {
 public:
  explicit TextBounds(const std::string& text);
  /*! \brief Whether `range` starts and ends inside the text, its start not after its end. */
  bool Holds(const script::bridge::Range& range) const;
  size_t bytes() const { return bytes_; }

 private:
  /*! \brief The byte length of each line (line breaks excluded): lines 1..size(). */
  std::vector<int64_t> line_lengths_;
  size_t bytes_ = 0;
};

/*!
 * \brief The sizes an answer about a text of `text_bytes` bytes may have. Measured on the
 *  corpus, an analysis reply is at most about 16 times its text, so these leave room without
 *  letting a worker make the client hold much more than the text warrants.
 */
struct AnswerLimits {
  size_t max_string = 0;
  size_t max_list = 0;
  size_t max_total = 0;  // the serialized answer
  static AnswerLimits For(size_t text_bytes);
};

/*! \brief Throws when a string or list in `answer`, or the whole, is over `limits`. */
void CheckSizes(const nlohmann::json& answer, const AnswerLimits& limits);

/*! \brief Throws when the uri or version an answer is about is not the one asked. */
void CheckAbout(const std::string& uri, int64_t version, const std::string& asked_uri,
                int64_t asked_version);

/*! \brief Throws when a range of `diagnostic` (its related ones and fixes too) is outside. */
void CheckDiagnostic(const script::bridge::Diagnostic& diagnostic, const TextBounds& text,
                     const std::string& where);

/*! \brief Throws when a range anywhere in `result` (nested ones too) is outside the text. */
void CheckRanges(const script::bridge::ParseResult& result, const TextBounds& text);

/*!
 * \brief Throws when a node of `part`'s position index lies outside the text (its lines count
 *  from the definition's first line) or names a description the part does not have.
 */
void CheckPositionIndex(const script::bridge::DefinitionPart& part, const TextBounds& text);

/*! \brief Throws when `range` (named `where` in the message) is outside the text. */
void CheckRange(const script::bridge::Range& range, const TextBounds& text,
                const std::string& where);

/*!
 * \brief Throws unless each verdict is about a definition the client's analysis of that
 *  version found (the same name, key and range, in source order), so a verdict's text can
 *  replace only that definition; and its mismatch warning lies inside the text.
 */
void CheckVerdicts(const std::vector<script::bridge::FormatVerdict>& verdicts,
                   const std::vector<script::bridge::Definition>& analysed, const TextBounds& text);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_CLIENT_REPLY_CHECKS_INTERNAL_H_
