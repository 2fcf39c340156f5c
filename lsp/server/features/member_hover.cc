/*!
 * \file member_hover.cc
 * \brief Hover on a namespace member (`T.serial`): its signature and docs from the registry's
 *  catalog, as completionItem/resolve documents it.
 */
#include "completion_text.h"
#include "features.h"
#include "python_text.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

std::optional<HoverContent> MemberHover(const CompletionInput& input,
                                        const DocumentationOptions& options) {
  if (input.catalog == nullptr) return std::nullopt;
  std::shared_ptr<const CodeText> read =
      input.code ? input.code : std::make_shared<const CodeText>(ReadCode(input.text));
  const CodeText& code = *read;
  Cursor cursor = CursorAt(code, input.line, input.column);
  if (cursor.blanked) return std::nullopt;  // in a string or a comment
  const std::string& line = code.code[cursor.line - 1];
  // The word at the cursor; a cursor right after it counts, as for the other requests.
  auto begin = static_cast<size_t>(cursor.column);
  size_t end = begin;
  while (begin > 0 && IsIdentifierByte(static_cast<unsigned char>(line[begin - 1]))) --begin;
  while (end < line.size() && IsIdentifierByte(static_cast<unsigned char>(line[end]))) ++end;
  std::optional<std::string> alias = ObjectBefore(line, static_cast<int64_t>(begin));
  if (begin == end || !alias) return std::nullopt;
  std::map<std::string, std::string> aliases = NamespaceAliases(code.code, *input.catalog);
  std::optional<std::string> root = RootOfObject(*alias, aliases);
  if (!root) return std::nullopt;
  MemberRef ref{*root, line.substr(begin, end - begin), *alias};
  std::string text = MemberDocumentation(*input.catalog, ref, options);
  if (text.empty()) return std::nullopt;
  // Over `Alias.member` when written so (else, with spaces around the dot, the member only).
  size_t start = begin;
  if (begin > alias->size() &&
      line.compare(begin - alias->size() - 1, alias->size() + 1, *alias + ".") == 0) {
    start = begin - alias->size() - 1;
  }
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return HoverContent{bridge::Range{cursor.line, static_cast<int64_t>(start), cursor.line,
                                    static_cast<int64_t>(end)},
                      text};
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
