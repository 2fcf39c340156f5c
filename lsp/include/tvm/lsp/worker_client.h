/*!
 * \file tvm/lsp/worker_client.h
 * \brief The analysis worker's client: starts `tvm-lsp-worker`, keeps its documents, and keeps
 *  time from outside.
 *
 * The worker runs the frontend on untrusted text, so the client assumes it may hang in C code,
 * exhaust memory, crash or be killed. Time is wall-clock time measured here: when one
 * definition runs past `definition_limit` (the worker reports each definition as it starts),
 * or one analysis past `analysis_budget`, the client kills the worker (SIGKILL), starts a new
 * one, sends it the open documents again, and goes on with the rest of the file, skipping the
 * definition that ran too long. Keys of such definitions are remembered (by the frontend's
 * text-and-context key) across restarts and edits, and sent as `skip`, so they are not retried
 * until they change.
 *
 * The worker answers an analysis per definition, sending only the parts that changed since the
 * last reply this client took for the document; the client keeps the others and hands its
 * callers the whole result, always (tvm/lsp/result_parts.h).
 *
 * The worker is also assumed hostile: every frame it sends is bounded and checked against what
 * was asked and the text of that version before any of it reaches a caller, and a worker that
 * breaks the protocol is logged and killed; formatting texts are confirmed by a fresh worker
 * that has seen only their document (docs/lsp.md, "The trust boundary between server and
 * worker").
 *
 * Thread-safety: every method may be called from any thread. `Analyze` and `Format` calls
 * run one at a time; `Open`, `Change`, `Edit`, `Close` and `KillWorker` may be
 * called while one runs (a newer version of the document being analysed makes that analysis
 * answer `kCancelled`).
 */
#ifndef TVM_LSP_WORKER_CLIENT_H_
#define TVM_LSP_WORKER_CLIENT_H_

#include <tvm/lsp/result_parts.h>
#include <tvm/lsp/text_change.h>
#include <tvm/script/bridge/bridge.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tvm {
namespace lsp {

/*! \brief How to run the worker. */
struct WorkerClientOptions {
  /*! \brief The `tvm-lsp-worker` executable. */
  std::string executable;
  /*! \brief More arguments for it (`--entry`, `--python-path`, `--enable-test-hooks`, ...). */
  std::vector<std::string> extra_args;
  /*! \brief Start it with `--trusted` (no sandbox; the file's module code may run). */
  bool trusted = false;
  /*! \brief Its address-space limit (RLIMIT_AS) in MiB; 0 for none. */
  uint64_t memory_limit_mb = 4096;
  /*! \brief Wall time one definition may take before the worker is killed. */
  std::chrono::milliseconds definition_limit{3000};
  /*! \brief Wall time one analysis of a document may take, restarts included. */
  std::chrono::milliseconds analysis_budget{15000};
  /*!
   * \brief What each 1,000 lines of the document add to `analysis_budget`: a cold analysis
   *  costs about 0.7 ms a line, so a fixed budget cut every analysis of a 20,000-line file short
   *  (and killed the worker, which lost what it held, so no edit was ever incremental).
   */
  std::chrono::milliseconds analysis_budget_per_1000_lines{2000};
  /*!
   * \brief How many fresh workers formatting keeps started ahead to confirm verdicts with
   *  (format_confirmation.cc): one for an editor, which saves one document at a time; two
   *  for `tvm-lsp format` over a folder, where starting a worker (about 100 ms) is most of
   *  a changed file's cost and two start side by side.
   */
  size_t spare_workers = 1;
  /*! \brief How long a starting worker may take to report ready. */
  std::chrono::milliseconds start_timeout{30000};
  /*! \brief How long a request other than `analyze` and the queries may take. */
  std::chrono::milliseconds request_timeout{10000};
  /*!
   * \brief Wall time a query (`Format`) may take: past it the worker stops the
   *  query itself and answers an error naming the limit (`kFailed`), keeping its documents
   *  and analyses.
   */
  std::chrono::milliseconds query_limit{5000};
  /*! \brief How much longer a query may run before the worker is killed (it is stuck where the
   *  worker cannot stop it, in C code). */
  std::chrono::milliseconds query_kill_grace{3000};
  /*!
   * \brief Where the client logs a worker that broke the protocol (one line each); unset:
   *  standard error (the server's log in an editor, the terminal for the CLI).
   */
  std::function<void(const std::string&)> log;
};

/*! \brief What `Analyze` gives back. */
struct AnalysisOutcome {
  enum class Status {
    kDone,       // `result` is the analysis of the version asked for
    kCancelled,  // the document changed (or closed) meanwhile; analyse again
    kRefused,    // the worker would not analyse untrusted text (its sandbox is not up)
    kFailed,     // no worker could be run; `result` holds one "worker-failed" diagnostic
  };
  Status status = Status::kDone;
  std::string uri;
  int64_t version = 0;
  /*!
   * \brief The worker's answer, plus one "time-limit" diagnostic per definition stopped in this
   *  analysis (and a "worker-crashed" one per definition that killed the worker), and an
   *  "analysis-budget" diagnostic when the budget ran out before the end of the file.
   */
  script::bridge::ParseResult result;
  /*!
   * \brief `result` per definition with each one's position index, which hover reads; null
   *  unless the worker answered in parts and the analysis is done.
   */
  std::shared_ptr<const PartsIndex> index;
  /*! \brief How many times the worker was (re)started during this analysis. */
  int restarts = 0;
  /*! \brief The keys stopped (or crashed on) during this analysis, in order. */
  std::vector<std::string> stopped_keys;
  /*!
   * \brief How the worker sent `result`: definitions' parts in full, and parts named by token
   *  only (the client held them). Both 0 for a result not sent in parts.
   */
  size_t parts_in_full = 0;
  size_t parts_held = 0;
};

/*! \brief How a query went. */
enum class QueryStatus {
  kDone,    // answered on the analysis of the document's current version
  kStale,   // that version has no finished analysis in the worker (analyse first)
  kFailed,  // no answer: `message` says why (the worker failed, or the query ran too long)
};

/*! \brief What `Format` gives back: one verdict per definition, in source order. */
struct FormatOutcome {
  QueryStatus status = QueryStatus::kDone;
  int64_t version = 0;
  std::vector<script::bridge::FormatVerdict> definitions;
  std::string message;
  /*! \brief False when the query's budget ran out first (`definitions` is then empty): asking
   *  again goes on where it stopped. */
  bool complete = true;
};

/*! \brief What `Members` gives back. */
struct MembersOutcome {
  QueryStatus status = QueryStatus::kDone;  // kDone or kFailed
  script::bridge::NamespaceCatalog catalog;
  std::string message;
};

/*! \brief What the worker said about itself when it started. */
struct WorkerInfo {
  int64_t pid = 0;
  bool trusted = false;
  bool sandboxed = false;
  std::string sandbox_error;
  bool test_hooks = false;
};

/*! \brief Thrown when the worker cannot be started or a request cannot be completed. */
class WorkerError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class WorkerClient {
 public:
  /*! \brief Does not start the worker yet: the first request (or `Start`) does. */
  explicit WorkerClient(WorkerClientOptions options);
  /*! \brief Asks the worker to shut down, and kills it if it does not go at once. */
  ~WorkerClient();
  WorkerClient(const WorkerClient&) = delete;
  WorkerClient& operator=(const WorkerClient&) = delete;

  /*! \brief Starts the worker if none runs. \throws WorkerError when it does not come up. */
  void Start();

  /*! \brief Document state; remembered here and re-sent to every new worker. */
  void Open(const std::string& uri, int64_t version, const std::string& text);
  void Change(const std::string& uri, int64_t version, const std::string& text);
  /*!
   * \brief Applies content changes (tvm/lsp/text_change.h) here and sends them, not the text,
   *  to the worker, which applies the same rule to the same text.
   */
  void Edit(const std::string& uri, int64_t version, const std::vector<TextChange>& changes);
  void Close(const std::string& uri);

  /*!
   * \brief Analyses the current version of `uri` (which must be open), within the limits.
   *  Never throws for what the worker does; a worker that cannot be started is `kFailed`.
   *  With `only_lines` (first, last; 1-based), only the definitions overlapping those lines:
   *  what the user sees first of a large file, before the rest.
   */
  AnalysisOutcome Analyze(const std::string& uri,
                          std::optional<std::pair<int64_t, int64_t>> only_lines = std::nullopt);

  /*!
   * \brief Every definition's formatting verdict, on the last analysis of the current
   *  version of `uri` (`kStale` when that version was not analysed); past `query_limit` the
   *  worker stops the query and keeps its analyses (`kFailed`, the message naming the limit),
   *  past `query_kill_grace` more it is killed (`kFailed` too). Never throws. With
   *  `query.migrate`, the verdicts of migrating to the canonical spelling. A verdict whose text
   *  would change the document keeps it only when a fresh worker, given nothing but this
   *  document, gives the same text (otherwise its reason is "unconfirmed"): what this returns
   *  may be written. The first call starts that worker ahead (a spare, replaced after each
   *  use); a confirmation is kept for the document's version.
   */
  FormatOutcome Format(const std::string& uri, const script::bridge::FormatQuery& query = {});
  /*!
   * \brief The running worker's verdicts, checked like every answer but not confirmed: for
   *  their reasons and mismatch warnings (the on-save round-trip check), never for writing
   *  their texts.
   */
  FormatOutcome UnconfirmedVerdicts(const std::string& uri,
                                    const script::bridge::FormatQuery& query = {});

  /*!
   * \brief The registry's namespaces and members (worker_members.cc), as the worker read them
   *  when it started, before any document: the same for every worker of this build. Within
   *  `query_limit`. Never throws.
   */
  MembersOutcome Members();
  /*!
   * \brief Kills the worker now (SIGKILL), from any thread. The analysis running, if any, is
   *  retried by a new worker; otherwise the next request starts one.
   */
  void KillWorker();
  /*! \brief Kills the worker and starts a new one, which gets the open documents. */
  void Restart();
  /*! \brief Changes trust; a running worker is replaced (a seccomp filter cannot be lifted). */
  void SetTrusted(bool trusted);

  /*!
   * \brief Test hook (the worker must run with `--enable-test-hooks`): evaluates a Python
   *  expression inside the worker, returning str() of it or "<Kind>: message".
   */
  std::string TestEval(const std::string& expression);
  /*!
   * \brief Sends one raw request (`method`, `params` as JSON text) and returns the raw reply
   *  as JSON text: for protocol tests. \throws WorkerError when no reply comes.
   */
  std::string RawRequest(const std::string& method, const std::string& params_json);
  /*! \brief Sends raw bytes to the worker (framing tests); returns the next reply as text. */
  std::string RawBytes(const std::string& bytes);

  /*! \brief The running worker's report (starts one if needed). */
  WorkerInfo Info();
  /*! \brief The process id of the running worker, 0 when none runs. */
  int64_t pid() const;
  /*! \brief How many workers have been started so far. */
  int starts() const;
  /*! \brief How long the last start took, until the worker reported ready. */
  std::chrono::milliseconds last_start_duration() const;
  /*! \brief The keys of every definition stopped so far (skipped until they change). */
  std::set<std::string> stopped_keys() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_WORKER_CLIENT_H_
