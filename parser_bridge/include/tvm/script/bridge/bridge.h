/*!
 * \file tvm/script/bridge/bridge.h
 * \brief The C++ embedding API of the TVMScript frontend: one embedded CPython per process,
 *  pinned to the project's Python, and `ParseDiagnostics`, which analyses a TVMScript file in it
 *  and answers in plain data.
 *
 * This header is what the server (and any other C++ caller) sees of Python: it includes no
 * `Python.h` and exposes no Python or IR objects, so a caller never holds a live object across
 * calls and the analysis can be moved into a worker process that is killed and restarted
 * (DESIGN.md, "Safety").
 *
 * Positions: every range is (line, column, end line, end column); lines are 1-based, columns
 * 0-based UTF-8 byte offsets within their line (as Python's `ast` reports them), ends exclusive.
 */
#ifndef TVM_SCRIPT_BRIDGE_BRIDGE_H_
#define TVM_SCRIPT_BRIDGE_BRIDGE_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tvm {
namespace script {
namespace bridge {

/*! \brief A range of source text; see the file comment for the units. */
struct Range {
  int64_t line = 1;
  int64_t column = 0;
  int64_t end_line = 1;
  int64_t end_column = 0;

  bool operator==(const Range&) const = default;

  /*! \brief Whether `inner` lies inside this range (equal ends count). */
  bool Holds(const Range& inner) const {
    auto before = [](int64_t l1, int64_t c1, int64_t l2, int64_t c2) {
      return l1 < l2 || (l1 == l2 && c1 <= c2);
    };
    return before(line, column, inner.line, inner.column) &&
           before(inner.end_line, inner.end_column, end_line, end_column);
  }
};

/*! \brief How serious a diagnostic is (LSP's four levels). */
enum class Severity { kError, kWarning, kInformation, kHint };

/*! \brief The spelling of `severity` in the Python answer ("error", "warning", ...). */
const char* SeverityName(Severity severity);

/*! \brief Another place that explains a diagnostic (a first definition, a declared type). */
struct RelatedInformation {
  Range range;
  std::string message;

  bool operator==(const RelatedInformation&) const = default;
};

/*! \brief Replace the text of `range` with `new_text`. */
struct TextEdit {
  Range range;
  std::string new_text;

  bool operator==(const TextEdit&) const = default;
};

/*! \brief A fix a diagnostic offers: a title for the menu and the edits that apply it. */
struct Fix {
  std::string title;
  std::vector<TextEdit> edits;

  bool operator==(const Fix&) const = default;
};

/*!
 * \brief One problem found in the text. `code` names the kind of problem; the bridge itself
 *  reports four codes: "internal-error" (the analysis failed or answered malformed data; the
 *  message carries the Python exception and traceback or the offending key path),
 *  "time-limit" (the analysis was stopped), "invalid-encoding" (the text is not UTF-8) and
 *  "cancelled" (`ParseOptions::cancel` was set while it ran).
 */
struct Diagnostic {
  Severity severity = Severity::kError;
  std::string code;
  std::string message;
  Range range;
  std::vector<RelatedInformation> related;
  std::vector<Fix> fixes;
  /*! \brief LSP tags: "unnecessary", "deprecated"; empty when the entry sends none. */
  std::vector<std::string> tags{};
  /*!
   * \brief The access path of the offending IR node from its function (`<root>.body.seq[2]`),
   *  for a diagnostic of an IR check; none otherwise.
   */
  std::optional<std::string> path{};

  bool operator==(const Diagnostic&) const = default;
};

/*!
 * \brief A TVMScript definition found in the text (a function or module). `canonical_text` is
 *  its canonical print when it parsed; `lossy` is true when replacing the source with that print
 *  would lose something (macros, host-side Python, captured values), so formatting leaves it.
 */
struct Definition {
  std::string name;
  std::string kind;
  Range range;
  std::optional<std::string> canonical_text;
  bool lossy = false;
  /*!
   * \brief Identifies the definition by its text and context (what it depends on), so a
   *  caller can remember one that timed out and skip it until it changes; empty when the
   *  entry function sends none. (Last, with an initializer, so positional initialisers that
   *  predate it stay valid.)
   */
  std::string key{};
  /*!
   * \brief Whether parts of it failed: its IR (and `canonical_text`) then leaves out the
   *  statements with errors, so a formatter must never use it; false when the entry function
   *  sends none.
   */
  bool partial = false;
  /*!
   * \brief A result kept from before an edit broke the definition (a syntax error now): for
   *  navigation and hover only; false when the entry function sends none.
   */
  bool stale = false;

  bool operator==(const Definition&) const = default;
};

/*! \brief One mention of a symbol: `symbol` is the `Symbol::id` it refers to. */
struct Occurrence {
  Range range;
  std::string symbol;
  bool is_definition = false;
  std::string kind;

  bool operator==(const Occurrence&) const = default;
};

/*! \brief A variable, symbol, tensor or function the text defines. */
struct Symbol {
  std::string id;
  std::string name;
  std::string kind;
  std::string type;
  /*! \brief None for a symbol defined outside the text (one the caller passed in). */
  std::optional<Range> definition_range;

  bool operator==(const Symbol&) const = default;
};

/*! \brief A `#` comment; `definition` indexes `ParseResult::definitions` when it lies in one. */
struct Comment {
  Range range;
  std::string text;
  std::optional<int64_t> definition;
  /*! \brief First line of the statement the comment precedes or ends, when there is one. */
  std::optional<int64_t> statement_line;

  bool operator==(const Comment&) const = default;
};

/*! \brief Everything one analysis of a text found. Plain data: copy it, keep it, send it. */
struct ParseResult {
  std::vector<Definition> definitions;
  std::vector<Diagnostic> diagnostics;
  std::vector<Occurrence> occurrences;
  std::vector<Symbol> symbols;
  std::vector<Comment> comments;

  bool operator==(const ParseResult&) const = default;
};

/*! \brief What hover shows of a value: its type key (`prim.Add`, `ir.Var`...), canonical print
 *  and type. */
struct Description {
  std::string kind;
  std::string text;
  std::string type;

  bool operator==(const Description&) const = default;
};

/*!
 * \brief How many integers a node of a part's position index takes: line, column, end line, end
 *  column (lines counted from the definition's first line, 0 being that line, so a part that
 *  moved keeps them), the index of its value's Description in the part, and the index of the
 *  part's occurrence with the same range (the symbol it names) or -1.
 */
constexpr size_t kNodeFields = 6;

/*!
 * \brief One definition's share of a ParseResult: its entry and the diagnostics, occurrences,
 *  symbols and comments of its unit. Its comments have no `definition` index (the assembly
 *  numbers them). `nodes` and `descriptions` are its position index, which hover reads; they
 *  are not part of the assembled ParseResult.
 */
struct DefinitionPart {
  Definition definition;
  std::vector<Diagnostic> diagnostics;
  std::vector<Occurrence> occurrences;
  std::vector<Symbol> symbols;
  std::vector<Comment> comments;
  std::vector<Description> descriptions;
  /*! \brief kNodeFields integers per recorded expression or block name, in one list. */
  std::vector<int64_t> nodes;

  bool operator==(const DefinitionPart&) const = default;
};

/*!
 * \brief A definition's part under its token, or the token alone when the caller said it holds
 *  that part already. Within one process, parts with equal tokens have equal data.
 */
struct PartEntry {
  std::string token;
  std::optional<DefinitionPart> part;

  bool operator==(const PartEntry&) const = default;
};

/*!
 * \brief A ParseResult cut per definition: the file-level diagnostics and module symbols, then
 *  one entry per definition in source order. The whole result is, in this order: the parts'
 *  definitions; the file-level diagnostics, then each part's; each part's occurrences, stably
 *  sorted by range; the module symbols, then each part's; each part's comments, with the
 *  part's index as `definition`.
 */
struct ResultParts {
  std::vector<Diagnostic> diagnostics;
  std::vector<Symbol> symbols;
  std::vector<PartEntry> parts;

  bool operator==(const ResultParts&) const = default;
};

/*! \brief What `ParseParts` gives: `parts` when the entry answers in parts, else `whole`. */
struct PartsAnswer {
  std::optional<ResultParts> parts;
  ParseResult whole;
};

/*! \brief One definition's formatting verdict: `text` to write, or `reason` and `detail`. */
struct FormatVerdict {
  std::string name;
  std::string key;
  Range range;
  std::optional<std::string> text;
  /*! \brief A key of the frontend's `formatting.REASONS` ("errors", "lossy", ...). */
  std::optional<std::string> reason;
  std::string detail;
  /*!
   * \brief For a `not-equal` verdict of a definition without errors: the `round-trip-mismatch`
   *  warning at the source of the first IR node that reads back differently, with the canonical
   *  text as related information (the frontend's `round_trip.py`); none otherwise.
   */
  std::optional<Diagnostic> mismatch{};

  bool operator==(const FormatVerdict&) const = default;
};

/*! \brief One member of a registered namespace (`T.serial`), for completion and signature help. */
struct NamespaceMember {
  std::string name;
  /*! \brief The registry's kind: "decorator", "type", "constructor", "statement", "loop", ... */
  std::string kind;
  /*! \brief The parameter list without annotations ("(start, stop=None, ...)"); may be empty. */
  std::string signature;
  /*! \brief The whole docstring (or its registry summary). */
  std::string doc;
  /*! \brief The canonical spelling it maps to ("range" for `serial`); empty when canonical. */
  std::string canonical;
  /*! \brief Whether completion offers it (not hooks, not unsupported constructs). */
  bool completion = true;

  bool operator==(const NamespaceMember&) const = default;
};

/*! \brief A registered namespace under its canonical root ("tirx"), with its members by name. */
struct Namespace {
  std::string root;
  std::vector<NamespaceMember> members;

  bool operator==(const Namespace&) const = default;
};

/*! \brief A name a namespace is registered under ("tir") and its canonical root ("tirx"). */
struct NamespaceAlias {
  std::string alias;
  std::string root;

  bool operator==(const NamespaceAlias&) const = default;
};

/*!
 * \brief The registry's namespaces (member_catalog.py): the packages they are imported from
 *  (`from tvm.script import tir as T`), every registered alias, and each namespace's members.
 */
struct NamespaceCatalog {
  std::vector<std::string> packages;
  std::vector<NamespaceAlias> aliases;
  std::vector<Namespace> namespaces;

  bool operator==(const NamespaceCatalog&) const = default;
};

/*!
 * \brief What the entry function reports as it starts analysing one definition (see
 *  `ParseOptions::progress`).
 */
struct DefinitionProgress {
  std::string key;
  std::string name;
  Range range;

  bool operator==(const DefinitionProgress&) const = default;
};

/*! \brief How to analyse one text. */
struct ParseOptions {
  /*! \brief The name diagnostics and Python tracebacks give the text (a path or URI). */
  std::string source_name = "<unknown>";
  /*!
   * \brief Whether the file's own code may run (a trusted workspace). When false the frontend
   *  resolves only imports of registered namespaces, literals and `T.dynamic` symbols.
   */
  bool trusted = false;
  /*!
   * \brief After this long the analysis is stopped and reported as "time-limit"; zero or
   *  negative means no limit. The clock starts after the entry module is imported.
   */
  std::chrono::milliseconds time_limit{10000};
  /*!
   * \brief The Python function called as `function(text, source_name=..., trusted=...)`; it
   *  returns an object whose `to_plain()` gives the nested dicts and lists of docs/architecture.md.
   *  Tests point these at a fixture module.
   */
  std::string entry_module = "tvm_tirx.script";
  std::string entry_function = "parse_diagnostics";
  /*!
   * \brief When set, passed to the entry function as the keyword argument `progress=`, a
   *  Python callable `progress(key: str, name: str, range: list[int])` that the entry calls
   *  before it analyses each definition; the bridge calls this function (on the analysing
   *  thread, GIL held: keep it short, and do not call into the bridge from it) with the
   *  arguments. Not passed when empty, nor when the entry function takes no `progress`
   *  keyword (nor `**kwargs`), so older entry functions still work (and report no progress).
   *  The callable stays safe to call after the analysis returns: it then does nothing.
   */
  std::function<void(const DefinitionProgress&)> progress;
  /*!
   * \brief When not empty, passed as `skip=` (a list of str): the keys of definitions the
   *  entry function reports with one "time-limit" diagnostic each instead of analysing them.
   *  Like `progress`, only passed to an entry function that takes it.
   */
  std::vector<std::string> skip_keys;
  /*!
   * \brief When set, passed as `only_lines=(first, last)`: only the definitions overlapping
   *  these lines (1-based) are analysed and reported (what the user sees first of a large
   *  file). Like `progress`, only passed to an entry function that takes it.
   */
  std::optional<std::pair<int64_t, int64_t>> only_lines;
  /*!
   * \brief When not null, read at each progress call (and before the entry runs): once true,
   *  the analysis is abandoned (the progress callable raises, again at each later call) and
   *  the result is one "cancelled" diagnostic. Must outlive the call.
   */
  const std::atomic<bool>* cancel = nullptr;
};

/*! \brief How to ask a question about the last analysis of a document (see `FormatVerdicts`). */
struct QueryOptions {
  /*! \brief The document, as the analysis named it (`ParseOptions::source_name`). */
  std::string source_name = "<unknown>";
  /*! \brief The trust of that analysis (sessions are kept per name and trust). */
  bool trusted = false;
  /*! \brief The module whose `format_verdicts` answers. */
  std::string entry_module = "tvm_tirx.script.parser.worker_entry";
  /*! \brief As `ParseOptions::time_limit`; zero or negative for none. */
  std::chrono::milliseconds time_limit{10000};
};

/*! \brief How a query went. */
enum class QueryStatus {
  kDone,
  kNotAnalysed,  // no finished analysis of the document is kept
  kFailed,       // the query failed itself; `error` says why
};

struct FormatAnswer {
  QueryStatus status = QueryStatus::kDone;
  /*! \brief One per definition, in source order; none while not `complete`. */
  std::vector<FormatVerdict> definitions;
  std::string error;
  /*! \brief False when `FormatQuery::budget` ran out first: asking again goes on (the
   *  verdicts judged so far are kept by the worker). */
  bool complete = true;
};

/*!
 * \brief The one embedded CPython of the process.
 *
 * Started on first use from whichever thread asks first (thread-safe), then shared: every call
 * takes the GIL for itself (`PyGILState_Ensure`) and the GIL is free between calls. Python runs
 * isolated from the environment: the interpreter is the project's venv Python (fixed at build
 * time, or `$TVM_LSP_PYTHON`), the import path is its standard library, the venv's
 * site-packages and the project's package folders (fixed at build time, or
 * `$TVM_LSP_PYTHONPATH`, a `:`-separated list) only: no user site, no `$PYTHONPATH`, no current
 * folder. An installed bridge (the wheel, docs/packaging.md) takes the Python of the venv it is
 * installed in and that venv's site-packages from the path of its own library instead of the
 * build's. The host keeps SIGINT (Python's handler is not left installed). If the process already
 * runs Python (the library loaded from a Python program), that interpreter is used, with the
 * package folders put first on its path when missing.
 *
 * The interpreter is never finalised: C++ registries may hold Python callables until process
 * exit, and a stopped-but-stuck analysis may still hold the GIL.
 */
class Interpreter {
 public:
  /*! \brief The interpreter, started on first call. Never throws; see `ok()`. */
  static Interpreter& Global();

  /*! \brief Whether Python started; if not, `error()` says why. */
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  /*! \brief The Python executable it was pinned to (empty when adopted from a host process). */
  const std::string& executable() const { return executable_; }
  /*! \brief The package folders put first on `sys.path` (installed: site-packages, kept last). */
  const std::vector<std::string>& package_path() const { return package_path_; }

  /*!
   * \brief Test hook: puts `folder` first on `sys.path` (once), so tests can import fixture
   *  modules. Returns false, with the reason in `error`, when that fails.
   */
  bool AddTestPath(const std::string& folder, std::string* error = nullptr);

  /*!
   * \brief Test and diagnostics hook: evaluates one Python expression in `__main__` and returns
   *  `str()` of its value, or "<Kind>: message" when it raises. Never give it user text.
   */
  std::string Evaluate(const std::string& expression);

  /*! \brief Information about an analysis that did not stop when asked. */
  struct StuckReport {
    std::string entry;  // module.function
    std::string source_name;
    std::chrono::milliseconds time_limit;
    std::chrono::milliseconds waited;  // since the deadline
  };
  /*!
   * \brief Called (on the watchdog's thread) when an analysis is still running `grace` after its
   *  time limit: C code that never returns to the interpreter loop (a C extension spinning, a
   *  long `time.sleep`) cannot be interrupted in-process; the owner of the worker process should
   *  kill it. The default handler writes one line to stderr.
   */
  void SetStuckHandler(std::function<void(const StuckReport&)> handler);
  /*! \brief How long after the time limit an analysis counts as stuck (default 2 s). */
  void SetStuckGrace(std::chrono::milliseconds grace);

  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

 private:
  Interpreter();
  ~Interpreter() = default;

  std::string error_;
  std::string executable_;
  std::vector<std::string> package_path_;
};

/*!
 * \brief Analyses `text` with the frontend in the embedded interpreter and returns what it
 *  found. Never throws and never lets a Python exception out: a failure of the analysis itself
 *  becomes one "internal-error" diagnostic, a run past `options.time_limit` one "time-limit"
 *  diagnostic; the next call works normally. Safe to call from any thread.
 */
ParseResult ParseDiagnostics(const std::string& text, const ParseOptions& options = {});

/*!
 * \brief `ParseDiagnostics`, answered per definition when the entry's answer has
 *  `to_parts(known)`: parts whose token is in `known` come back as their token alone (not
 *  converted: that is the point). An answer without `to_parts`, and every failure
 *  `ParseDiagnostics` would report, comes back in `whole`. Never throws.
 */
PartsAnswer ParseParts(const std::string& text, const ParseOptions& options,
                       const std::vector<std::string>& known);

/*! \brief What a formatting query asks for. */
struct FormatQuery {
  /*!
   * \brief The verdicts of migrating: Apache TVM's spelling is not a reason to decline (the
   *  explicit migration to the canonical spelling); every other check still holds.
   */
  bool migrate = false;
  /*! \brief Judging stops after this long (after at least one new verdict) with an answer that
   *  is not `complete`; zero: every verdict at once. */
  std::chrono::milliseconds budget{0};
};

/*! \brief Every definition's formatting verdict there (`format_verdicts`). Never throws. */
FormatAnswer FormatVerdicts(const QueryOptions& options, const FormatQuery& query = {});

struct CatalogAnswer {
  QueryStatus status = QueryStatus::kDone;
  NamespaceCatalog catalog;
  std::string error;
};

/*!
 * \brief The registry's namespaces and members: `tvm_tirx.script.parser.member_catalog.catalog()`
 *  (`options.entry_module` and `source_name` are not used). Runs no document's code. Never throws.
 */
CatalogAnswer NamespaceCatalogOf(const QueryOptions& options);

}  // namespace bridge
}  // namespace script
}  // namespace tvm

#endif  // TVM_SCRIPT_BRIDGE_BRIDGE_H_
