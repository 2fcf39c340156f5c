/*!
 * \file completion.cc
 * \brief Completion: namespace members after `Alias.` (from the registry's catalog), and the
 *  names in scope elsewhere (from the last analysis), read against the current text.
 */
#include <algorithm>
#include <set>

#include "completion_text.h"
#include "features.h"
#include "python_text.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

namespace {

// LSP's CompletionItemKind values used here.
constexpr int kFunction = 3;
constexpr int kClass = 7;
constexpr int kVariable = 6;
constexpr int kModule = 9;
constexpr int kKeyword = 14;
constexpr int kConstant = 21;
constexpr int kTypeParameter = 25;

/*! \brief A signature longer than this is cut in `detail` (the popup shows one line). */
constexpr size_t kMaxDetail = 60;

int MemberKind(const std::string& kind) {
  if (kind == "type") return kTypeParameter;  // dtypes: T.float32, T.int32x4
  if (kind == "constructor") return kClass;
  if (kind == "symbol") return kConstant;
  if (kind == "marker") return kKeyword;
  return kFunction;  // decorators, statements, loops, intrinsics, legacy spellings
}

int SymbolKind(const std::string& kind) {
  if (kind == "function") return kFunction;
  if (kind == "module") return kModule;
  if (kind == "symbol") return kConstant;
  return kVariable;  // tensors, parameters, loop variables, bound scalars
}

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool StartsWithFolded(const std::string& name, const std::string& folded_prefix) {
  return Lower(name.substr(0, folded_prefix.size())) == folded_prefix;
}

std::string ShortDetail(const bridge::NamespaceMember& member) {
  std::string detail = member.name + DisplaySignature(member.signature);
  if (member.signature.empty()) detail = member.kind;
  if (detail.size() > kMaxDetail) {
    size_t cut = kMaxDetail;
    while (cut > 0 && (static_cast<unsigned char>(detail[cut]) & 0xC0) == 0x80) --cut;
    detail = detail.substr(0, cut) + "...)";
  }
  if (!member.canonical.empty()) detail += "  (canonical: " + member.canonical + ")";
  return detail;
}

void AddMembers(const bridge::Namespace& ns, const std::string& alias, const std::string& prefix,
                CompletionResult* out) {
  std::string folded = Lower(prefix);
  for (const bridge::NamespaceMember& member : ns.members) {
    if (!member.completion || !StartsWithFolded(member.name, folded)) continue;
    // Canonical spellings by their name, today's (Apache TVM's) after them ('~' sorts last).
    bool canonical = member.canonical.empty() && member.kind != "legacy";
    out->items.push_back(CompletionItem{member.name, MemberKind(member.kind), ShortDetail(member),
                                        canonical ? "" : "~" + member.name, ns.root, member.name,
                                        alias});
  }
}

/*! \brief Whether the (current) text still holds `name` at the start of `range`. */
bool Holds(const CodeText& code, const bridge::Range& range, const std::string& name) {
  if (range.line < 1 || range.line > static_cast<int64_t>(code.code.size())) return false;
  const std::string& line = code.code[static_cast<size_t>(range.line - 1)];
  if (range.column < 0 || static_cast<size_t>(range.column) + name.size() > line.size()) {
    return false;  // the line is shorter now (or the analysis's range is off the text)
  }
  return line.compare(static_cast<size_t>(range.column), name.size(), name) == 0;
}

/*! \brief Whether a code line starts a `def` or `class` (its parameters are not module-level). */
bool StartsDefinition(std::string_view line) {
  if (line.rfind("async ", 0) == 0) line.remove_prefix(6);
  return line.rfind("def ", 0) == 0 || line.rfind("class ", 0) == 0;
}

/*! \brief The block of the innermost `def` around `line` in the current text: [first, last]. */
/*! \brief BlockEnds of a text, computed on first use (a scope may need no block at all). */
class LazyBlockEnds {
 public:
  explicit LazyBlockEnds(const std::vector<std::string>& code) : code_(code) {}
  int64_t At(int64_t line) {
    if (!computed_) ends_ = BlockEnds(code_);
    computed_ = true;
    return line >= 1 && line <= static_cast<int64_t>(ends_.size())
               ? ends_[static_cast<size_t>(line - 1)]
               : 0;
  }

 private:
  const std::vector<std::string>& code_;
  bool computed_ = false;
  std::vector<int64_t> ends_;
};

std::pair<int64_t, int64_t> EnclosingFunction(const CodeText& code, int64_t line,
                                              LazyBlockEnds* block_ends) {
  int64_t indent = std::numeric_limits<int64_t>::max();
  for (int64_t at = line; at >= 1; --at) {
    const std::string& text = code.code[static_cast<size_t>(at - 1)];
    int64_t width = Indent(text);
    if (width < 0 || (width >= indent && at != line)) continue;
    if (at != line) indent = width;
    std::string_view statement = std::string_view(text).substr(static_cast<size_t>(width));
    if (statement.rfind("async ", 0) == 0) statement.remove_prefix(6);
    if (statement.rfind("def ", 0) == 0 && at != line) {
      int64_t end = block_ends->At(at);
      if (end >= line) return {at, end};
    }
    if (width == 0 && at != line) break;
  }
  return {0, -1};
}

/*! \brief The analysis's names visible at `line` of the current text. */
void AddScope(const CodeText& code, const bridge::ParseResult& analysis, int64_t line,
              const std::string& prefix, std::set<std::string>* seen, CompletionResult* out) {
  std::map<std::string, const bridge::Occurrence*> definitions;
  for (const bridge::Occurrence& occurrence : analysis.occurrences) {
    if (occurrence.is_definition) definitions.emplace(occurrence.symbol, &occurrence);
  }
  LazyBlockEnds block_ends(code.code);  // one pass for all blocks asked, not one per block
  auto [first, last] = EnclosingFunction(code, line, &block_ends);
  std::string folded = Lower(prefix);
  for (const bridge::Symbol& symbol : analysis.symbols) {
    if (symbol.kind == "block") continue;  // a block's name is a string, not a Python name
    if (seen->count(symbol.name) != 0 || !StartsWithFolded(symbol.name, folded)) continue;
    bool global = symbol.kind == "function" || symbol.kind == "module";
    if (!global) {
      auto found = definitions.find(symbol.id);
      if (found == definitions.end() && !symbol.definition_range) continue;
      const bridge::Range& at =
          found != definitions.end() ? found->second->range : *symbol.definition_range;
      // Lines above the cursor are those an edit at the cursor leaves in place: a definition
      // the text no longer holds where the analysis saw it is not offered.
      if (!Holds(code, at, symbol.name) || at.line > line) continue;
      bool local = at.line >= first && at.line <= last;
      bool module_level = Indent(code.code[static_cast<size_t>(at.line - 1)]) == 0 &&
                          !StartsDefinition(code.code[static_cast<size_t>(at.line - 1)]);
      if (!local && !module_level) continue;
      if (symbol.kind == "loop" && at.line != line && block_ends.At(at.line) < line) {
        continue;  // a loop variable outside its loop
      }
    }
    seen->insert(symbol.name);
    out->items.push_back(
        CompletionItem{symbol.name, SymbolKind(symbol.kind), symbol.type, "", "", "", ""});
  }
}

}  // namespace

const bridge::Namespace* FindNamespace(const bridge::NamespaceCatalog& catalog,
                                       const std::string& root) {
  for (const bridge::Namespace& ns : catalog.namespaces) {
    if (ns.root == root) return &ns;
  }
  return nullptr;
}

CompletionResult Completion(const CompletionInput& input) {
  std::shared_ptr<const CodeText> read =
      input.code ? input.code : std::make_shared<const CodeText>(ReadCode(input.text));
  const CodeText& code = *read;
  CompletionResult out;
  out.incomplete = input.catalog == nullptr;  // the aliases and members are missing
  Cursor cursor = CursorAt(code, input.line, input.column);
  out.line = cursor.line;
  out.start = out.end = cursor.column;
  if (cursor.blanked) return out;  // in a string or a comment
  const std::string& line = code.code[static_cast<size_t>(cursor.line - 1)];
  auto [start, end] = WordAt(line, cursor.column);
  if (start > cursor.column) start = end = cursor.column;
  std::string prefix =
      line.substr(static_cast<size_t>(start), static_cast<size_t>(cursor.column - start));
  out.start = start;
  out.end = std::max(end, cursor.column);
  if (!prefix.empty() && prefix[0] >= '0' && prefix[0] <= '9') return out;  // a number
  std::map<std::string, std::string> aliases;
  if (input.catalog != nullptr) aliases = NamespaceAliases(code.code, *input.catalog);
  std::optional<std::string> object = ObjectBefore(line, start);
  if (object) {
    std::optional<std::string> root = RootOfObject(*object, aliases);
    if (!root) return out;  // an attribute of something else
    if (const bridge::Namespace* ns = FindNamespace(*input.catalog, *root)) {
      AddMembers(*ns, *object, prefix, &out);
    }
    return out;
  }
  if (IsImportLine(line)) return out;
  std::set<std::string> seen;
  if (input.analysis != nullptr) AddScope(code, *input.analysis, cursor.line, prefix, &seen, &out);
  std::string folded = Lower(prefix);
  for (const auto& [alias, root] : aliases) {
    if (seen.count(alias) != 0 || !StartsWithFolded(alias, folded)) continue;
    seen.insert(alias);
    out.items.push_back(
        CompletionItem{alias, kModule, "namespace " + root, "~" + alias, "", "", ""});
  }
  return out;
}

std::string MemberDocumentation(const bridge::NamespaceCatalog& catalog, const MemberRef& ref,
                                const DocumentationOptions& options) {
  const std::string& root = ref.root;
  const std::string& member = ref.member;
  const bridge::Namespace* ns = FindNamespace(catalog, root);
  if (ns == nullptr) return "";
  for (const bridge::NamespaceMember& entry : ns->members) {
    if (entry.name != member) continue;
    std::string heading = (ref.alias.empty() ? root : ref.alias) + "." + entry.name +
                          DisplaySignature(entry.signature);
    std::string text = options.markdown ? "```python\n" + heading + "\n```\n" : heading + "\n";
    if (!entry.doc.empty()) text += "\n" + entry.doc + "\n";
    if (!entry.canonical.empty()) {
      text += options.markdown ? "\nCanonical spelling: `" + entry.canonical + "`\n"
                               : "\nCanonical spelling: " + entry.canonical + "\n";
    }
    return text;
  }
  return "";
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
