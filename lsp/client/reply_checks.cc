/*!
 * \file reply_checks.cc
 * \brief The checks of a worker's answer against what the client asked and knows
 *  (reply_checks_internal.h).
 */
#include <tvm/lsp/lines.h>

#include <algorithm>
#include <cstdint>

#include "reply_checks_internal.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;
using nlohmann::json;

namespace {

std::string Text(const bridge::Range& range) {
  return "[" + std::to_string(range.line) + ", " + std::to_string(range.column) + ", " +
         std::to_string(range.end_line) + ", " + std::to_string(range.end_column) + "]";
}

/*! \brief Walks `value`, adding what it holds to `*total`; throws at the first thing too big. */
void WalkSizes(const json& value, const AnswerLimits& limits, const std::string& path,
               size_t* total) {
  *total += 1;
  if (value.is_string()) {
    size_t size = value.get_ref<const std::string&>().size();
    if (size > limits.max_string) {
      throw ProtocolViolation(path + ": a string of " + std::to_string(size) + " bytes (at most " +
                              std::to_string(limits.max_string) + ")");
    }
    *total += size;
  } else if (value.is_array()) {
    if (value.size() > limits.max_list) {
      throw ProtocolViolation(path + ": a list of " + std::to_string(value.size()) +
                              " items (at most " + std::to_string(limits.max_list) + ")");
    }
    for (size_t i = 0; i < value.size(); ++i) {
      WalkSizes(value[i], limits, path + "[" + std::to_string(i) + "]", total);
    }
  } else if (value.is_object()) {
    for (const auto& [key, item] : value.items()) {
      *total += key.size();
      WalkSizes(item, limits, path + "." + key, total);
    }
  }
  if (*total > limits.max_total) {
    throw ProtocolViolation(path + ": the answer holds more than " +
                            std::to_string(limits.max_total) + " bytes");
  }
}

}  // namespace

TextBounds::TextBounds(const std::string& text) : bytes_(text.size()) {
  // Line breaks as the frontend counts them (tvm/lsp/lines.h). The "\r" of a "\r\n" counts as a
  // byte of its line, which the frontend's columns may reach.
  std::vector<size_t> starts = LineStarts(text);
  for (size_t line = 0; line + 1 < starts.size(); ++line) {
    line_lengths_.push_back(static_cast<int64_t>(starts[line + 1] - starts[line] - 1));
  }
  line_lengths_.push_back(static_cast<int64_t>(text.size() - starts.back()));
}

bool TextBounds::Holds(const bridge::Range& range) const {
  auto inside = [&](int64_t line, int64_t column) {
    if (line < 1 || line > static_cast<int64_t>(line_lengths_.size())) return false;
    return column >= 0 && column <= line_lengths_[static_cast<size_t>(line - 1)];
  };
  bool ordered = range.line < range.end_line ||
                 (range.line == range.end_line && range.column <= range.end_column);
  return inside(range.line, range.column) && inside(range.end_line, range.end_column) && ordered;
}

AnswerLimits AnswerLimits::For(size_t text_bytes) {
  constexpr size_t kMiB = size_t{1} << 20;
  AnswerLimits limits;
  limits.max_string = kMiB + 8 * text_bytes;  // a canonical print is about its definition's size
  limits.max_list = 1024 + text_bytes;        // each item is about something in the text
  limits.max_total = 4 * kMiB + 64 * text_bytes;
  return limits;
}

void CheckSizes(const json& answer, const AnswerLimits& limits) {
  size_t total = 0;
  WalkSizes(answer, limits, "result", &total);
}

void CheckAbout(const std::string& uri, int64_t version, const std::string& asked_uri,
                int64_t asked_version) {
  if (uri != asked_uri || version != asked_version) {
    throw ProtocolViolation("an answer about " + uri.substr(0, 200) + " version " +
                            std::to_string(version) + " to a question about " + asked_uri +
                            " version " + std::to_string(asked_version));
  }
}

void CheckRange(const bridge::Range& range, const TextBounds& text, const std::string& where) {
  if (!text.Holds(range)) {
    throw ProtocolViolation(where + ": the range " + Text(range) +
                            " is not inside the text of the version asked");
  }
}

void CheckPositionIndex(const bridge::DefinitionPart& part, const TextBounds& text) {
  std::string where = "the nodes of `" + part.definition.name.substr(0, 200) + "`";
  const std::vector<int64_t>& nodes = part.nodes;
  if (nodes.size() % bridge::kNodeFields != 0) {
    throw ProtocolViolation(where + ": " + std::to_string(nodes.size()) +
                            " integers, not six per node");
  }
  int64_t first = part.definition.range.line;
  for (size_t k = 0; k < nodes.size(); k += bridge::kNodeFields) {
    std::string node = where + "[" + std::to_string(k / bridge::kNodeFields) + "]";
    int64_t about = nodes[k + 4];
    int64_t occurrence = nodes[k + 5];
    if (about < 0 || static_cast<size_t>(about) >= part.descriptions.size()) {
      throw ProtocolViolation(node + ": description " + std::to_string(about) + " of " +
                              std::to_string(part.descriptions.size()));
    }
    if (occurrence < -1 || occurrence >= static_cast<int64_t>(part.occurrences.size())) {
      throw ProtocolViolation(node + ": occurrence " + std::to_string(occurrence) + " of " +
                              std::to_string(part.occurrences.size()));
    }
    bridge::Range at{nodes[k], nodes[k + 1], nodes[k + 2], nodes[k + 3]};
    if (at.line < 0 || at.end_line < 0 || at.line > INT64_MAX - first ||
        at.end_line > INT64_MAX - first) {
      throw ProtocolViolation(node + ": the range " + Text(at) +
                              " is not relative to the definition");
    }
    at.line += first;
    at.end_line += first;
    CheckRange(at, text, node);
  }
}

void CheckDiagnostic(const bridge::Diagnostic& diagnostic, const TextBounds& text,
                     const std::string& where) {
  CheckRange(diagnostic.range, text, where);
  for (size_t j = 0; j < diagnostic.related.size(); ++j) {
    CheckRange(diagnostic.related[j].range, text, where + ".related[" + std::to_string(j) + "]");
  }
  for (size_t j = 0; j < diagnostic.fixes.size(); ++j) {
    for (size_t k = 0; k < diagnostic.fixes[j].edits.size(); ++k) {
      CheckRange(diagnostic.fixes[j].edits[k].range, text,
                 where + ".fixes[" + std::to_string(j) + "].edits[" + std::to_string(k) + "]");
    }
  }
}

void CheckRanges(const bridge::ParseResult& result, const TextBounds& text) {
  auto at = [](const char* list, size_t i) {
    return std::string(list) + "[" + std::to_string(i) + "]";
  };
  for (size_t i = 0; i < result.definitions.size(); ++i) {
    CheckRange(result.definitions[i].range, text, at("definitions", i));
  }
  for (size_t i = 0; i < result.diagnostics.size(); ++i) {
    CheckDiagnostic(result.diagnostics[i], text, at("diagnostics", i));
  }
  for (size_t i = 0; i < result.occurrences.size(); ++i) {
    CheckRange(result.occurrences[i].range, text, at("occurrences", i));
  }
  for (size_t i = 0; i < result.symbols.size(); ++i) {
    if (result.symbols[i].definition_range) {
      CheckRange(*result.symbols[i].definition_range, text, at("symbols", i));
    }
  }
  for (size_t i = 0; i < result.comments.size(); ++i) {
    CheckRange(result.comments[i].range, text, at("comments", i));
  }
}

void CheckVerdicts(const std::vector<bridge::FormatVerdict>& verdicts,
                   const std::vector<bridge::Definition>& analysed, const TextBounds& text) {
  size_t next = 0;  // verdicts come in source order, at most one per definition
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const bridge::FormatVerdict& verdict = verdicts[i];
    std::string where = "definitions[" + std::to_string(i) + "]";
    auto found = std::find_if(analysed.begin() + static_cast<std::ptrdiff_t>(next), analysed.end(),
                              [&](const bridge::Definition& definition) {
                                return definition.range == verdict.range &&
                                       definition.name == verdict.name &&
                                       definition.key == verdict.key;
                              });
    if (found == analysed.end()) {
      throw ProtocolViolation(where + ": a verdict on `" + verdict.name.substr(0, 200) + "` at " +
                              Text(verdict.range) +
                              ", which is no definition of the analysis of the version asked "
                              "(or not in source order)");
    }
    next = static_cast<size_t>(found - analysed.begin()) + 1;
    if (verdict.mismatch) CheckDiagnostic(*verdict.mismatch, text, where + ".mismatch");
  }
}

}  // namespace lsp
}  // namespace tvm
