/*!
 * \file features.h
 * \brief The features: plain functions over the analysis's results (bridge.h's structs), one
 *  small file each. No JSON, no client positions, no threads: the server converts.
 */
#ifndef TVM_LSP_SERVER_FEATURES_FEATURES_H_
#define TVM_LSP_SERVER_FEATURES_FEATURES_H_

#include <tvm/lsp/worker_client.h>
#include <tvm/script/bridge/bridge.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tvm {
namespace lsp {
namespace features {

struct CodeText;  // completion_text.h

/*! \brief The sentence that tells how to grant trust (diagnostics.cc). */
std::string GrantTrustHint();

/*!
 * \brief The diagnostics to publish for one analysis of `text` (diagnostics.cc): all of them,
 *  but those whose first line carries `# tvm-lsp: ignore[CODE, ...]` naming their code, with
 *  GrantTrustHint ending each `untrusted-not-evaluated`. Code actions list these same ones.
 */
std::vector<script::bridge::Diagnostic> Diagnostics(const script::bridge::ParseResult& result,
                                                    const std::string& text);
std::vector<script::bridge::Diagnostic> Diagnostics(const AnalysisOutcome& outcome,
                                                    const std::string& text);

/*!
 * \brief The on-save round-trip warnings (round_trip.cc): the `round-trip-mismatch` diagnostic
 *  of each verdict that carries one, in source order, less those `# tvm-lsp: ignore[...]`
 *  suppresses on their first line of `text`.
 */
std::vector<script::bridge::Diagnostic> RoundTripDiagnostics(
    const std::vector<script::bridge::FormatVerdict>& verdicts, const std::string& text);

/*! \brief How hovers are written (from the client's `hover.contentFormat`). */
struct HoverOptions {
  /*! \brief Markdown with a python fence; else plain text. */
  bool markdown = true;
};

/*! \brief What a hover shows (hover.cc). */
struct HoverContent {
  script::bridge::Range range;
  /*! \brief The node's canonical text (in a python fence in Markdown), then what it is. */
  std::string text;
};

/*!
 * \brief What is at a position (node_at.cc): a block's name (its header, kind "block"), the
 *  innermost expression the analysis recorded (kind its type key: `prim.Add`, `ir.Var`...),
 *  or a symbol's occurrence (kind "symbol", text its name).
 */
struct NodeInfo {
  script::bridge::Range range;
  std::string kind;
  /*! \brief Its canonical print (a symbol's name for an occurrence). */
  std::string text;
  std::string type;
  /*! \brief The symbol it names, when the analysis defines it (its part's or the module's). */
  std::optional<script::bridge::Symbol> symbol;
};

/*!
 * \brief What is at (line, UTF-8 byte column) in `index`, read from the position index of the
 *  one definition holding the line: a cost of that definition's size, not the file's. Mirrors
 *  the frontend's `what_is_at` (parser/report.py), which reads the same plain parts.
 */
std::optional<NodeInfo> NodeAt(const PartsIndex& index, int64_t line, int64_t column);

/*!
 * \brief The hover of what is at a position; none when nothing is recorded there. A node that
 *  names a symbol also says what the symbol is and where it is defined.
 */
std::optional<HoverContent> Hover(const std::optional<NodeInfo>& node, const HoverOptions& options);

/*! \brief What formatting a document gives (formatting.cc). */
struct FormattingResult {
  std::vector<script::bridge::TextEdit> edits;
  /*! \brief One line per definition left alone: its name and why. */
  std::vector<std::string> skipped;
};

/*! \brief The edits that put each formattable definition of `text` in canonical form. */
FormattingResult Formatting(const std::string& text,
                            const std::vector<script::bridge::FormatVerdict>& verdicts);

// -- Code actions and commands (code_actions.cc, commands.cc).

/*! \brief One code action, as plain data: edits of the document, or a command at a place. */
struct CodeAction {
  std::string title;
  /*! \brief LSP's kind ("quickfix", "source.format.tvmscript", ...); empty for none. */
  std::string kind;
  std::vector<script::bridge::TextEdit> edits;
  /*! \brief A command to run instead (`tvmscript.showCanonicalIR`), with the position it is
   *  about (the start of `command_at`). */
  std::string command;
  std::optional<script::bridge::Range> command_at;
  /*! \brief The diagnostics it resolves (quick fixes). */
  std::vector<script::bridge::Diagnostic> diagnostics;
  bool preferred = false;
  /*! \brief Why it cannot be applied (shown by the editor), when it cannot. */
  std::string disabled;
};

/*! \brief What the code actions are computed from: one analysis of `text`, at one version. */
struct CodeActionInput {
  const std::string& text;
  const script::bridge::ParseResult& analysis;
  /*! \brief The worker's formatting verdicts, and those of migrating (FormatQuery::migrate). */
  const std::vector<script::bridge::FormatVerdict>& format;
  const std::vector<script::bridge::FormatVerdict>& migrate;
  /*! \brief The request's range. */
  script::bridge::Range range;
  /*! \brief LSP's `context.only`: kinds asked for (a kind covers its sub-kinds); empty for all. */
  std::vector<std::string> only;
};

/*!
 * \brief The code actions at a range: the fixes of the diagnostics there, how to grant trust
 *  for `untrusted-not-evaluated`, the migration of a definition there in Apache TVM's spelling,
 *  the whole file's migration and formatting, and "show canonical IR" for the definition there.
 */
std::vector<CodeAction> CodeActions(const CodeActionInput& input);

/*! \brief Whether two ranges overlap or touch (a cursor at either end counts). */
bool Touches(const script::bridge::Range& a, const script::bridge::Range& b);

/*! \brief What `tvmscript.showCanonicalIR` answers (commands.cc). */
struct CanonicalIR {
  std::string name;
  std::string text;
  /*! \brief Why there is no answer; empty when there is one. */
  std::string error;
};

/*!
 * \brief The canonical text of the top-level definition holding (line, column), or of every
 *  definition (joined by two blank lines, named `file_name`) when `at` is none.
 */
CanonicalIR ShowCanonicalIR(const script::bridge::ParseResult& analysis,
                            const std::optional<std::pair<int64_t, int64_t>>& at,
                            const std::string& file_name);

/*! \brief The top-level definition holding (line, column); none when there is none. */
const script::bridge::Definition* DefinitionAt(const script::bridge::ParseResult& analysis,
                                               int64_t line, int64_t column);

// -- Navigation. Positions are the analysis's (bridge.h: lines 1-based, UTF-8 byte columns).

/*!
 * \brief The occurrence at (line, column) (occurrence_at.cc): the one whose range holds it,
 *  else one that ends there (a cursor right after a name); none when nothing is there.
 */
/*!
 * \brief Whether (line, column) lies in `range`: from its start up to its end, the end itself
 *  included when `end_inclusive` (occurrence_at.cc).
 */
bool Holds(const script::bridge::Range& range, int64_t line, int64_t column,
           bool end_inclusive = false);

const script::bridge::Occurrence* OccurrenceAt(const script::bridge::ParseResult& result,
                                               int64_t line, int64_t column);

/*!
 * \brief Where the symbol at (line, column) is defined (definition.cc): its definition
 *  occurrences, else its recorded definition range; empty when nothing is there or it is
 *  defined outside the text. Serves both definition and declaration (TVMScript declares a
 *  name where it defines it).
 */
std::vector<script::bridge::Range> Definition(const script::bridge::ParseResult& result,
                                              int64_t line, int64_t column);

/*! \brief How References answers. */
struct ReferencesOptions {
  /*! \brief LSP's `context.includeDeclaration`: the definition occurrences too. */
  bool include_declaration = true;
};

/*! \brief Every occurrence of the symbol at (line, column), in source order (references.cc). */
std::vector<script::bridge::Range> References(const script::bridge::ParseResult& result,
                                              int64_t line, int64_t column,
                                              const ReferencesOptions& options);

/*! \brief One highlighted occurrence; a write is a definition or a store's target. */
struct Highlight {
  script::bridge::Range range;
  bool write = false;
};

/*! \brief The occurrences of the symbol at (line, column) in `text` (document_highlight.cc). */
std::vector<Highlight> DocumentHighlight(const std::string& text,
                                         const script::bridge::ParseResult& result, int64_t line,
                                         int64_t column);

/*! \brief Whether a rename may start at a position (rename.cc). */
struct PrepareRenameResult {
  enum class Status {
    kRenamable,  // `range` holds the name, `placeholder` is it
    kNothing,    // no name is there
    kRefused,    // a name that cannot be renamed: `message` says why
  };
  Status status = Status::kNothing;
  script::bridge::Range range;
  std::string placeholder;
  std::string message;
};

PrepareRenameResult PrepareRename(const std::string& text,
                                  const script::bridge::ParseResult& result, int64_t line,
                                  int64_t column);

/*! \brief A rename's edits, or why there are none (`refusal`). */
struct RenameResult {
  std::vector<script::bridge::TextEdit> edits;
  std::optional<std::string> refusal;
};

/*! \brief How Rename words its refusals. */
struct RenameOptions {
  /*! \brief How a message names line `line` of the text ("4", or for a notebook's text "2 of
   *  book.ipynb cell 3"); the line's number when unset. */
  std::function<std::string(int64_t line)> line_name;
};

/*!
 * \brief Renames every occurrence of the symbol at (line, column) to `new_name`; refuses
 *  keywords, invalid identifiers, namespace aliases, names that would clash with a name
 *  visible where the symbol is used, and positions on nothing.
 */
RenameResult Rename(const std::string& text, const script::bridge::ParseResult& result,
                    int64_t line, int64_t column, const std::string& new_name,
                    const RenameOptions& options = {});

/*! \brief One entry of the document's outline (document_symbol.cc). */
struct OutlineSymbol {
  std::string name;
  /*! \brief The analysis's kind: "function", "module", "parameter", "tensor", "loop", ... */
  std::string kind;
  /*! \brief Its type ("T.Tensor((4,), T.int32)"), empty when none. */
  std::string detail;
  /*! \brief What it covers (a whole definition), and its name within that. */
  script::bridge::Range range;
  script::bridge::Range selection;
  std::vector<OutlineSymbol> children;
};

/*!
 * \brief The outline: each definition, a module's functions under it, and under each
 *  function what it defines (parameters, tensors, loop variables, bound scalars, symbols).
 */
std::vector<OutlineSymbol> DocumentSymbols(const std::string& text,
                                           const script::bridge::ParseResult& result);

/*! \brief A foldable run of lines, 1-based (folding_range.cc). */
struct Fold {
  int64_t start_line = 1;
  int64_t end_line = 1;
  bool comment = false;
};

/*!
 * \brief The folds of `text`: every compound statement's block (definitions, loops, `if`,
 *  `with`; the whole file's, so Python around the definitions folds too), and runs of two or
 *  more comment lines. Sorted by start.
 */
std::vector<Fold> FoldingRanges(const std::string& text);

/*!
 * \brief For each (line, column), the ranges a selection grows through from there, innermost
 *  first (selection_range.cc): the name there, its line's statement, each enclosing block
 *  (header to the end of its body), the definition, the whole text. Each holds the one before.
 *  The text is read once for all positions.
 */
std::vector<std::vector<script::bridge::Range>> SelectionRanges(
    const std::string& text, const script::bridge::ParseResult& result,
    const std::vector<std::pair<int64_t, int64_t>>& positions);

// -- Language features (server_language.cc answers them).

/*! \brief One inlay hint: `label` shown at (line, column) (inlay_hints.cc). */
struct InlayHint {
  int64_t line = 1;
  int64_t column = 0;
  std::string label;
};

/*! \brief What inlay hints show; `enable` is the setting `tvmscript.inlayHints.enable`. */
struct InlayHintOptions {
  bool enable = true;
};

/*!
 * \brief The inlay hints on lines [first_line, last_line] of `text`: `: dtype` after each
 *  unannotated bound scalar's definition (`x = A[i] + 1` -> `: int32`), and after each loop
 *  variable whose type is not int32 (`for i in T.serial(T.int64(8))` -> `: int64`). Only
 *  scalar types (`T.<dtype>`) are shown. None when `options.enable` is false.
 */
std::vector<InlayHint> InlayHints(const std::string& text,
                                  const script::bridge::ParseResult& result, int64_t first_line,
                                  int64_t last_line, const InlayHintOptions& options);

/*! \brief One semantic token, on one line (semantic_tokens.cc). */
struct SemanticToken {
  int64_t line = 1;
  int64_t column = 0;
  int64_t end_column = 0;
  /*! \brief An index into kSemanticTokenTypes. */
  int type = 0;
  /*! \brief Bits of kSemanticTokenModifiers. */
  int modifiers = 0;
};

/*! \brief The legend: token types, then modifiers, in the order their indices mean. */
inline const std::vector<std::string>& SemanticTokenTypes() {
  static const std::vector<std::string> types{
      "tensor", "symbol", "loopVariable", "parameter", "function", "namespaceMember", "variable"};
  return types;
}
inline const std::vector<std::string>& SemanticTokenModifiers() {
  static const std::vector<std::string> modifiers{"declaration", "readonly", "defaultLibrary"};
  return modifiers;
}

/*!
 * \brief The semantic tokens of `text` on lines [first_line, last_line], sorted, never
 *  overlapping: every occurrence of the analysis (tensor, symbol, loop variable, parameter,
 *  function, bound scalar; `declaration` on definitions, `readonly` on symbols and parameters)
 *  whose name the text still holds there, and the member part of `Alias.member` for each alias a
 *  `tvm` import binds (namespaceMember + defaultLibrary), outside strings and comments.
 */
std::vector<SemanticToken> SemanticTokens(const std::string& text,
                                          const script::bridge::ParseResult& result,
                                          int64_t first_line, int64_t last_line);

// -- Workspace symbols (workspace_symbol.cc; server_workspace.cc answers workspace/symbol).

/*! \brief A definition a workspace search can find: a top-level TVMScript definition, or a
 *  function of a module (`@I.ir_module` class). */
struct WorkspaceSymbol {
  std::string name;
  /*! \brief The analysis's kinds: "function", "macro" (`@T.macro`, `@T.inline`), "module". */
  std::string kind;
  /*! \brief The module a function belongs to; empty for a top-level definition. */
  std::string container;
  /*! \brief The name's range, on one line. */
  script::bridge::Range range;
  /*! \brief The bytes of the name's line up to the name's end: the server converts columns to
   *  the client's units from it without keeping the file's text. */
  std::string line_prefix;
};

/*! \brief How `ScanSymbols` reads a file. */
struct SymbolScanOptions {
  /*! \brief Whether a decorator line (`@T.prim_func(private=True)`) names a registered
   *  TVMScript decorator (the server's check, documents.h). */
  std::function<bool(std::string_view)> is_script_decorator;
  /*! \brief A name whose line is longer than this up to the name's end is skipped. */
  size_t max_line_prefix = 4096;
};

/*!
 * \brief The workspace symbols of `text` by syntax alone (nothing is evaluated): each
 *  top-level `def`/`class` with a TVMScript decorator, and inside such a class each decorated
 *  `def` of its body (container: the class). A class is a "module", a `macro`/`inline`
 *  decorator makes a "macro", anything else a "function". In source order.
 */
std::vector<WorkspaceSymbol> ScanSymbols(std::string_view text, const SymbolScanOptions& options);

/*! \brief The workspace symbols of an analysed document: its definitions (DocumentSymbols's
 *  top level) and each module's functions. */
std::vector<WorkspaceSymbol> AnalysedSymbols(const std::string& text,
                                             const script::bridge::ParseResult& result);

/*!
 * \brief How well `name` matches `query`, lower is better; none when the query's characters
 *  are not a subsequence of the name (ASCII letters compared without case). Tiers, best first:
 *  exact, exact but for case, prefix, prefix but for case, substring (but for case), then any
 *  subsequence, tighter first; shorter names first within a tier. An empty query matches all.
 */
std::optional<int64_t> MatchScore(std::string_view name, std::string_view query);

/*!
 * \brief The indices of the `symbols` that match `query`, best first (MatchScore, then name,
 *  then the order given), at most `limit`.
 */
std::vector<size_t> RankSymbols(const std::vector<const WorkspaceSymbol*>& symbols,
                                std::string_view query, size_t limit);
// -- Completion and signature help (completion.cc, signature_help.cc; server_completion.cc
// answers them). They read the current text and, for scope, the last finished analysis
// (possibly of an older version: a half-typed line is a syntax error); never wait for one.

/*!
 * \brief The namespace aliases the text's module-level imports bind, with the analysis's rule
 *  (discovery.py): `from P import A [as X]` and `import P.A as X`, P one of the catalog's
 *  packages and A a registered alias; X (or A) -> A's canonical root ("T" -> "tirx"). A later
 *  import of anything else under the same name (`import numpy as T`) unbinds it. `code` is
 *  CodeLines of the text.
 */
std::map<std::string, std::string> NamespaceAliases(
    const std::vector<std::string>& code, const script::bridge::NamespaceCatalog& catalog);

/*! \brief A namespace's members by canonical root; null when the root is unknown. */
const script::bridge::Namespace* FindNamespace(const script::bridge::NamespaceCatalog& catalog,
                                               const std::string& root);

/*! \brief What a completion or signature help request reads. */
struct CompletionInput {
  const std::string& text;
  /*! \brief `text` read as code (ReadCode), when the caller keeps it per version; null: read
   *  here. Reading a large file costs milliseconds, which every keystroke's request would pay. */
  std::shared_ptr<const CodeText> code;
  /*! \brief The last finished analysis (any version), or null when there is none yet. */
  const script::bridge::ParseResult* analysis;
  /*! \brief The registry's namespaces, or null while the server has not got them. */
  const script::bridge::NamespaceCatalog* catalog;
  /*! \brief The position: 1-based line, UTF-8 byte column (clamped to the text). */
  int64_t line = 1;
  int64_t column = 0;
};

/*! \brief One completion item. `root` and `member` name a namespace member (for resolve),
 *  `alias` the name it was reached through (`T`). */
struct CompletionItem {
  std::string label;
  /*! \brief LSP's CompletionItemKind. */
  int kind = 6;
  std::string detail;
  /*! \brief Empty: sorted by its label. */
  std::string sort_text;
  std::string root;
  std::string member;
  std::string alias;
};

struct CompletionResult {
  std::vector<CompletionItem> items;
  /*! \brief The word the items replace: [start, end) bytes on the request's line. */
  int64_t line = 1;
  int64_t start = 0;
  int64_t end = 0;
  /*! \brief The list lacks what the server does not have yet (the catalog). */
  bool incomplete = false;
};

/*!
 * \brief The completions at a position. After `Alias.` (an alias of NamespaceAliases): the
 *  namespace's members offered for completion whose name starts with the typed prefix (case
 *  insensitive), each with its kind and a short signature. Elsewhere in code: the names in scope
 *  there (the analysis's symbols of the enclosing definition defined before the line, loop
 *  variables inside their loop only; functions and modules everywhere) and the aliases. Nothing
 *  in strings, comments, after another `x.`, or on an import line.
 */
CompletionResult Completion(const CompletionInput& input);

/*! \brief How documentation is written (the client's `documentationFormat`). */
struct DocumentationOptions {
  bool markdown = false;
};

/*! \brief A namespace member as a completion item names it (its `data`). */
struct MemberRef {
  std::string root;
  std::string member;
  /*! \brief The alias it is written under (`T`); the root when empty. */
  std::string alias;
};

/*!
 * \brief The documentation of a member (completionItem/resolve): its signature (`T.serial(...)`),
 *  then its docstring, and the canonical spelling when it has one. Empty when the catalog has
 *  no such member.
 */
std::string MemberDocumentation(const script::bridge::NamespaceCatalog& catalog,
                                const MemberRef& ref, const DocumentationOptions& options);

/*!
 * \brief Hover on the member of `Alias.member` (member_hover.cc), Alias an alias of
 *  NamespaceAliases: MemberDocumentation over the range of `Alias.member`. None elsewhere, in
 *  strings and comments, and for members the catalog does not have (the worker's hover
 *  answers there).
 */
std::optional<HoverContent> MemberHover(const CompletionInput& input,
                                        const DocumentationOptions& options);

/*! \brief One signature (signature_help.cc). Offsets are UTF-8 bytes into `label`. */
struct SignatureHelpResult {
  std::string label;
  std::vector<std::pair<int64_t, int64_t>> parameters;
  /*! \brief An index into `parameters`; none when the cursor's argument matches none. */
  std::optional<int64_t> active;
  /*! \brief The member's docstring. */
  std::string doc;
};

/*!
 * \brief A signature as shown: without the source-location parameter `loc` (the parser passes
 *  it; nobody writes it).
 */
std::string DisplaySignature(std::string_view signature);

/*!
 * \brief The parameters of a signature text "(a, b=', ', *args, c=(1, 2), **kw)": each one's
 *  [start, end) bytes, without the bare `*` and `/` markers; brackets and strings inside
 *  defaults are skipped over.
 */
std::vector<std::pair<int64_t, int64_t>> SignatureParameters(std::string_view signature);

/*!
 * \brief The signature of the innermost namespace call (`T.serial(`) around the position, with
 *  the argument the cursor is in: the depth-0 commas before it (strings, brackets and nested
 *  calls skipped), or the parameter its `name=` names. None outside such a call, in a
 *  comment or string, and for members the catalog does not have.
 */
std::optional<SignatureHelpResult> SignatureHelp(const CompletionInput& input);

}  // namespace features
}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_FEATURES_FEATURES_H_
