/*!
 * \file diagnostics.cc
 * \brief Diagnostics: what an analysis found, as the editor shows it, less what the user
 *  suppressed on its line (`# tvm-lsp: ignore[code]`).
 */
#include <tvm/lsp/text_change.h>

#include <algorithm>
#include <set>
#include <string_view>

#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

namespace {

constexpr std::string_view kIgnore = "# tvm-lsp: ignore[";

/*! \brief The codes `# tvm-lsp: ignore[a, b]` names on 1-based line `line` of `text`. */
std::set<std::string> IgnoredCodes(const std::string& text, int64_t line) {
  size_t start = ByteOffset(text, line, 0);
  size_t end = std::min(text.find_first_of("\r\n", start), text.size());
  std::string_view bytes = std::string_view(text).substr(start, end - start);
  std::set<std::string> codes;
  size_t at = bytes.find(kIgnore);
  if (at == std::string_view::npos) return codes;
  size_t close = bytes.find(']', at);
  if (close == std::string_view::npos) return codes;
  std::string_view list = bytes.substr(at + kIgnore.size(), close - at - kIgnore.size());
  while (!list.empty()) {
    size_t comma = std::min(list.find(','), list.size());
    std::string_view code = list.substr(0, comma);
    while (!code.empty() && code.front() == ' ') code.remove_prefix(1);
    while (!code.empty() && code.back() == ' ') code.remove_suffix(1);
    if (!code.empty()) codes.emplace(code);
    list.remove_prefix(std::min(comma + 1, list.size()));
  }
  return codes;
}

}  // namespace

std::string GrantTrustHint() {
  return "To run this file's Python, grant trust: trust the workspace in the editor (it sends "
         "tvmscript/setTrust), list the folder in trusted-folders of "
         "~/.config/tvm-lsp/config.toml, or start the server with --trusted.";
}

std::vector<script::bridge::Diagnostic> Diagnostics(const script::bridge::ParseResult& result,
                                                    const std::string& text) {
  std::vector<script::bridge::Diagnostic> shown;
  for (const script::bridge::Diagnostic& diagnostic : result.diagnostics) {
    if (IgnoredCodes(text, diagnostic.range.line).count(diagnostic.code) != 0) continue;
    shown.push_back(diagnostic);
    if (diagnostic.code == "untrusted-not-evaluated") {
      std::string& message = shown.back().message;
      message += (!message.empty() && message.back() == '.' ? " " : ". ") + GrantTrustHint();
    }
  }
  return shown;
}

std::vector<script::bridge::Diagnostic> Diagnostics(const AnalysisOutcome& outcome,
                                                    const std::string& text) {
  // The worker's answer already holds the client's own diagnostics (time limits, a crashed or
  // failed worker, the sandbox refusing); a cancelled analysis publishes nothing (callers
  // drop it: a newer version is on its way).
  return Diagnostics(outcome.result, text);
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
