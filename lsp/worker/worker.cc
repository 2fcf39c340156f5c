/*!
 * \file worker.cc
 * \brief The analysis worker's request loop: documents by URI, analyses through the bridge,
 *  cancellation by newer versions, one reply per request.
 *
 * Threads: a reader thread reads every request. It queues them for the main thread, and it
 * alone sees a `change`, `close`, `cancel` or `shutdown` arrive while an analysis runs, so it
 * raises the cancellation flag that the bridge reads at each definition's progress call. The
 * main thread owns the documents and the interpreter. Every message out goes through Send to
 * a writer thread, the only one that writes the protocol's output: the thread that runs
 * Python (and every thread it starts) is barred by its own seccomp filter from the protocol's
 * file descriptors, so code in an analysis cannot forge, steal or cut off messages.
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <tvm/lsp/framing.h>
#include <tvm/lsp/freed_memory.h>
#include <tvm/lsp/text_change.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "worker_internal.h"
#include "worker_protocol.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;
using nlohmann::json;

namespace {

/*!
 * \brief Analysed once before the sandbox goes up, so the frontend's imports and first-use
 *  caches (which may read files the filter would still allow, or write caches it would not)
 *  are done.
 */
constexpr const char* kWarmUpText =
    "from tvm_tirx.script import tirx as T\n"
    "\n"
    "\n"
    "@T.function\n"
    "def warm_up(A: T.Tensor((4,), T.int32)):\n"
    "    for i in range(4):\n"
    "        A[i] = A[i] + 1\n";

/*! \brief How long a worker whose input ended may still finish its analysis. */
constexpr std::chrono::seconds kExitGrace{2};

/*! \brief A failed request: the error reply's code and message. */
struct RequestError {
  protocol::ErrorCode code;
  std::string message;
};

struct Document {
  int64_t version = 0;
  std::string text;
  /*! \brief The result_id of the last analysis reply sent for it, and its parts' tokens: the
   *  client holds those parts while its next analyze names that reply as its base. */
  std::string sent_id;
  std::vector<std::string> sent_tokens;
  /*! \brief The version whose analysis the frontend's session keeps (for queries). */
  std::optional<int64_t> analysed;
};

/*! \brief The analysis the main thread is running, as the reader sees it. */
struct Running {
  int64_t id = 0;
  std::string uri;
  int64_t version = 0;
};

class Worker {
 public:
  explicit Worker(const WorkerOptions& options) : options_(options) {}

  int Run();

 private:
  // Start-up, before any request is read.
  void TakeProtocolFds();
  void SetMemoryLimit();
  void StartPython();
  bool NarrowProcess();
  bool CloseDescriptors();
  void ConfineReads();
  void LoadFilters();

  // Threads.
  void ReadRequests();
  void NoteArrival(const protocol::Request& request);
  void Serve();

  // Requests (main thread): protocol::DispatchRequest, generated from the schema, calls the
  // `On` overload of each method with its params decoded.
  json Dispatch(const protocol::Request& request);

 public:
  protocol::Empty On(protocol::OpenMethod, int64_t id, protocol::OpenParams open);
  protocol::Empty On(protocol::ChangeMethod, int64_t id, protocol::ChangeParams change);
  protocol::Empty On(protocol::CloseMethod, int64_t id, protocol::CloseParams close);
  protocol::AnalyzeResult On(protocol::AnalyzeMethod, int64_t id, protocol::AnalyzeParams analyze);
  protocol::FormatResult On(protocol::FormatMethod, int64_t id, protocol::FormatParams query);
  script::bridge::NamespaceCatalog On(protocol::MembersMethod, int64_t id, protocol::Empty);
  /*! \brief Answered on the reader thread as it arrives (it must not wait behind an analysis). */
  protocol::Empty On(protocol::CancelMethod, int64_t, protocol::CancelParams) { return {}; }
  protocol::Empty On(protocol::ShutdownMethod, int64_t, protocol::Empty) { return {}; }
  protocol::TestEvalResult On(protocol::TestEvalMethod, int64_t id, protocol::TestEvalParams eval);

 private:
  Document& Find(const std::string& uri);
  void Analysed(Document* document, bridge::PartsAnswer answer, protocol::AnalyzeResult* reply);
  bridge::PartsAnswer RunAnalysis(int64_t id, const std::string& uri, const Document& document,
                                  const protocol::AnalyzeParams& params);
  bridge::ParseOptions AnalysisOptions(const std::string& uri) const;
  /*! \brief Whether `version` of `document` is the one the frontend's session last analysed. */
  bool Current(const Document& document, int64_t version) const;
  bridge::QueryOptions QueryOptionsFor(const std::string& uri, int64_t time_limit_ms) const;

  // Output (any thread queues; the writer thread writes).
  void Send(const json& message);
  void WriteOutput();
  void FlushOutput();
  void Reply(int64_t id, const json& result);
  void ReplyError(int64_t id, const RequestError& error);

  WorkerOptions options_;
  int in_fd_ = -1;
  int out_fd_ = -1;
  bool sandboxed_ = false;
  std::string sandbox_error_;
  std::string landlock_;  // LandlockStatus::summary, for `ready`

  std::mutex out_mutex_;
  std::condition_variable out_wake_;
  std::deque<std::string> outbox_;
  bool writing_ = false;

  // Shared by the reader and the main thread.
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<protocol::Request> queue_;
  bool input_ended_ = false;
  bool serving_ = false;  // the wall is up: the reader may start reading
  std::optional<Running> running_;
  std::map<std::string, int64_t> newest_version_;  // per URI, as the reader saw them arrive
  std::set<int64_t> cancelled_ids_;
  std::atomic<bool> cancel_{false};

  // Main thread only.
  std::map<std::string, Document> documents_;
  /*! \brief The registry's namespaces, read at start-up before any document (`members`). */
  bridge::CatalogAnswer catalog_;
  uint64_t replies_sent_ = 0;  // numbers the analysis replies (result_id)
  bool freed_ = false;         // an analysis freed memory since the last trim (under mutex_)
};

/*! \brief A change gives exactly one of the whole text and edits. */
bool OneOfTextAndEdits(const protocol::ChangeParams& change) {
  return change.text.has_value() != change.edits.has_value();
}

/*!
 * \brief Whether Change will accept `params`: they decode, with exactly one of text and edits.
 *  (Decoding copies the text once more; a change is rare next to an analysis.)
 */
bool WellFormedChange(const json& params) {
  try {
    return OneOfTextAndEdits(protocol::Decode<protocol::ChangeParams>(params));
  } catch (const protocol::SchemaError&) {
    return false;
  }
}

void Worker::TakeProtocolFds() {
  // The protocol keeps private copies of stdin and stdout; fd 0 becomes /dev/null and fd 1 a
  // copy of stderr, so whatever Python prints cannot break a frame.
  in_fd_ = fcntl(0, F_DUPFD_CLOEXEC, 3);
  out_fd_ = fcntl(1, F_DUPFD_CLOEXEC, 3);
  int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null_fd >= 0) {
    dup2(null_fd, 0);
    close(null_fd);
  }
  dup2(2, 1);
  // A client that went away makes writes fail with EPIPE instead of killing the worker.
  signal(SIGPIPE, SIG_IGN);
}

void Worker::SetMemoryLimit() {
  if (options_.memory_limit == 0) return;
  rlimit limit{options_.memory_limit, options_.memory_limit};
  setrlimit(RLIMIT_AS, &limit);
}

void Worker::StartPython() {
  bridge::Interpreter& interpreter = bridge::Interpreter::Global();
  for (const std::string& folder : options_.python_paths) interpreter.AddTestPath(folder);
  bridge::ParseOptions warm_up = AnalysisOptions("<warm-up>");
  warm_up.progress = [](const bridge::DefinitionProgress&) {};
  warm_up.skip_keys = {"<warm-up>"};
  bridge::ParseDiagnostics(kWarmUpText, warm_up);
  // Before any document is read, so no document's code can change what completion offers.
  bridge::QueryOptions catalog;
  catalog.time_limit = std::chrono::milliseconds(10000);
  catalog_ = bridge::NamespaceCatalogOf(catalog);
  if (options_.test_hooks) interpreter.Evaluate("1");
}

/*! \brief Python's path: the folders imports after the wall read (one per line). */
constexpr const char* kPythonFolders =
    "'\\n'.join(p for p in dict.fromkeys(__import__('sys').path) "
    "if __import__('os').path.isabs(p) and '\\n' not in p)";

/*! \brief One line on the worker's log (stderr, the server's log). */
void Log(const std::string& line) { std::cerr << "tvm-lsp-worker: " << line << std::endl; }

std::string Joined(const std::vector<std::string>& items) {
  std::string joined;
  for (const std::string& item : items) joined += (joined.empty() ? "" : ", ") + item;
  return joined;
}

bool Worker::CloseDescriptors() {
  DescriptorReport report = CloseAllBut({in_fd_, out_fd_});
  for (int fd : report.log_redirected) {
    Log("fd " + std::to_string(fd) + " was a protocol pipe: it is /dev/null now");
  }
  if (!report.closed.empty()) Log("closed inherited descriptors: " + Joined(report.closed));
  if (report.still_open.empty()) return true;
  std::vector<std::string> open;
  for (int fd : report.still_open) open.push_back(std::to_string(fd));
  sandbox_error_ = "descriptors still open after closing: " + Joined(open);
  return false;
}

void Worker::ConfineReads() {
  LandlockOptions landlock;
  std::istringstream folders(bridge::Interpreter::Global().Evaluate(kPythonFolders));
  for (std::string folder; std::getline(folders, folder);) {
    landlock.read_folders.push_back(folder);
  }
  const char* home = std::getenv("HOME");
  if (home != nullptr) landlock.home = home;
  landlock.simulate_unavailable = options_.test_landlock_unavailable;
  LandlockStatus status = InstallLandlock(landlock);
  landlock_ = status.summary;
  // Only what is wrong: the command line passes the worker's stderr on as its own.
  if (!status.enforced) {
    Log("Landlock " + status.summary + "; reads are not confined, the seccomp filter holds alone");
  }
  if (!status.skipped.empty()) Log("Landlock did not grant: " + Joined(status.skipped));
}

bool Worker::NarrowProcess() {
  if (options_.trusted) return false;
  if (!options_.relay_error.empty()) {
    sandbox_error_ = "the relay of the protocol pipes failed: " + options_.relay_error;
    return false;
  }
  // Descriptors while /proc is readable, then Landlock while its system calls are allowed.
  if (!CloseDescriptors()) return false;
  ConfineReads();
  return true;
}

void Worker::LoadFilters() {
  SandboxOptions sandbox;
  sandbox.write_fds = {out_fd_, 1, 2};
  sandbox.protocol_fds = {in_fd_, out_fd_};
  sandbox.fail_to_load = options_.test_sandbox_failure;
  sandbox_error_ = InstallSandbox(sandbox);
  sandboxed_ = sandbox_error_.empty();
}

int Worker::Run() {
  TakeProtocolFds();
  SetMemoryLimit();
  StartPython();
  // The wall in three steps (the seccomp filter refuses what the first two use): descriptors
  // and Landlock first, on this thread, so the reader and writer started next inherit the
  // Landlock domain; the filters last, so those two alone keep the protocol's fds (the filter
  // on this thread bars them from it and from every thread it starts later). The reader reads
  // nothing before the wall is up and `ready` is queued.
  bool narrowed = NarrowProcess();
  std::thread writer([this] { WriteOutput(); });
  writer.detach();  // blocked waiting for output at exit; _exit ends it
  std::thread reader([this] { ReadRequests(); });
  reader.detach();  // blocked in read() at exit; _exit ends it
  if (narrowed) LoadFilters();
  protocol::ReadyParams ready{static_cast<int64_t>(getpid()),
                              options_.trusted,
                              sandboxed_,
                              sandbox_error_,
                              landlock_,
                              options_.test_hooks};
  Send(protocol::ToJson(protocol::Event{protocol::ReadyEvent::kName, protocol::ToJson(ready)}));
  {
    std::lock_guard<std::mutex> lock(mutex_);
    serving_ = true;
    wake_.notify_all();
  }
  Serve();
  FlushOutput();
  return 0;
}

void Worker::Send(const json& message) {
  std::string body = message.dump(-1, ' ', false, json::error_handler_t::replace);
  std::lock_guard<std::mutex> lock(out_mutex_);
  outbox_.push_back(std::move(body));
  out_wake_.notify_all();
}

void Worker::WriteOutput() {
  std::unique_lock<std::mutex> lock(out_mutex_);
  while (true) {
    out_wake_.wait(lock, [this] { return !outbox_.empty(); });
    std::string body = std::move(outbox_.front());
    outbox_.pop_front();
    writing_ = true;
    lock.unlock();
    WriteFrame(out_fd_, body);  // a client that went away: nothing to do
    lock.lock();
    writing_ = false;
    out_wake_.notify_all();
  }
}

void Worker::FlushOutput() {
  std::unique_lock<std::mutex> lock(out_mutex_);
  out_wake_.wait(lock, [this] { return outbox_.empty() && !writing_; });
}

void Worker::Reply(int64_t id, const json& result) {
  Send(protocol::ToJson(protocol::Reply{id, result, std::nullopt}));
}

void Worker::ReplyError(int64_t id, const RequestError& error) {
  Send(protocol::ToJson(
      protocol::Reply{id, nullptr, protocol::ReplyError{error.code, error.message}}));
}

void Worker::NoteArrival(const protocol::Request& request) {
  const json& params = request.params;
  std::lock_guard<std::mutex> lock(mutex_);
  bool for_running = false;
  if (request.method == protocol::CancelMethod::kName) {
    int64_t target = params.is_object() && params.value("id", json()).is_number_integer()
                         ? params["id"].get<int64_t>()
                         : -1;
    cancelled_ids_.insert(target);
    for_running = running_ && running_->id == target;
  } else if (request.method == protocol::OpenMethod::kName ||
             request.method == protocol::ChangeMethod::kName ||
             request.method == protocol::CloseMethod::kName) {
    // Malformed params are the main thread's to reject; here they only cancel nothing.
    std::string uri = params.is_object() && params.value("uri", json()).is_string()
                          ? params["uri"].get<std::string>()
                          : "";
    bool has_version = params.is_object() && params.value("version", json()).is_number_integer();
    // A change the main thread will reject (invalid-params) moves no version on.
    if (has_version && request.method == protocol::ChangeMethod::kName) {
      has_version = WellFormedChange(params);
    }
    int64_t version = has_version ? params["version"].get<int64_t>() : 0;
    bool running_here = running_ && running_->uri == uri;
    if (request.method == protocol::CloseMethod::kName) {
      newest_version_.erase(uri);
      for_running = running_here;
    } else if (has_version) {
      // The last version that arrived, whatever its order: LSP says versions increase, but a
      // client that sends a smaller one must not have every later analysis cancelled.
      bool open = request.method == protocol::OpenMethod::kName;
      newest_version_[uri] = version;
      for_running = running_here && (open || version != running_->version);
    }
  } else if (request.method == protocol::ShutdownMethod::kName) {
    for_running = running_.has_value();
  }
  if (for_running) cancel_ = true;
}

void Worker::ReadRequests() {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    wake_.wait(lock, [this] { return serving_; });
  }
  FrameReader reader(in_fd_);
  std::string body;
  while (true) {
    FrameReader::Status status = reader.Read(&body);
    if (status == FrameReader::Status::kEnd) break;
    if (status == FrameReader::Status::kFailed) {
      // The stream cannot be followed any more (a body past the limit, a read error): say why,
      // then end as at the end of input.
      ReplyError(-1, {protocol::ErrorCode::kInvalidMessage, reader.error()});
      break;
    }
    if (status == FrameReader::Status::kBadFrame) {
      ReplyError(-1, {protocol::ErrorCode::kInvalidMessage, reader.error()});
      continue;
    }
    json message = json::parse(body, nullptr, false);
    protocol::Request request;
    try {
      if (message.is_discarded()) throw protocol::SchemaError("the message is not JSON");
      protocol::FromJson(message, &request);
    } catch (const protocol::SchemaError& error) {
      int64_t id = message.is_object() && message.value("id", json()).is_number_integer()
                       ? message["id"].get<int64_t>()
                       : -1;
      ReplyError(id, {protocol::ErrorCode::kInvalidMessage, error.what()});
      continue;
    }
    NoteArrival(request);
    if (request.method == protocol::CancelMethod::kName) {
      Reply(request.id, json::object());  // answered here: it must not wait behind the analysis
      continue;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(std::move(request));
    wake_.notify_all();
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    input_ended_ = true;
    cancel_ = true;  // nobody is left to read the result
    wake_.notify_all();
  }
  // The main thread ends the process when its analysis returns; one stuck in C code (the
  // client that would kill it is gone) must not outlive its client for long.
  std::this_thread::sleep_for(kExitGrace);
  _exit(0);
}

void Worker::Serve() {
  while (true) {
    protocol::Request request;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      WaitTrimmingWhenIdle(lock, wake_, &freed_,
                           [this] { return !queue_.empty() || input_ended_; });
      if (queue_.empty()) return;
      request = std::move(queue_.front());
      queue_.pop_front();
    }
    try {
      Reply(request.id, Dispatch(request));
    } catch (const RequestError& error) {
      ReplyError(request.id, error);
    } catch (const std::exception& error) {
      ReplyError(request.id, {protocol::ErrorCode::kInternalError, error.what()});
    }
    if (request.method == protocol::ShutdownMethod::kName) return;
    if (request.method == protocol::AnalyzeMethod::kName) {
      std::lock_guard<std::mutex> lock(mutex_);
      freed_ = true;  // its transient objects (the reply's plain data, replaced trees)
    }
  }
}

json Worker::Dispatch(const protocol::Request& request) {
  const std::string& method = request.method;
  if (method != protocol::TestEvalMethod::kName || options_.test_hooks) {
    std::optional<json> result;
    try {
      result = protocol::DispatchRequest(*this, method, request.id, request.params);
    } catch (const protocol::SchemaError& error) {
      throw RequestError{protocol::ErrorCode::kInvalidParams, error.what()};
    }
    if (result) return std::move(*result);
  }
  throw RequestError{protocol::ErrorCode::kUnknownMethod, "unknown method \"" + method + "\""};
}

Document& Worker::Find(const std::string& uri) {
  auto it = documents_.find(uri);
  if (it == documents_.end()) {
    throw RequestError{protocol::ErrorCode::kUnknownDocument, uri + " is not open"};
  }
  return it->second;
}

protocol::Empty Worker::On(protocol::OpenMethod, int64_t, protocol::OpenParams open) {
  documents_[open.uri] = Document{open.version, std::move(open.text), "", {}, std::nullopt};
  return {};
}

protocol::Empty Worker::On(protocol::ChangeMethod, int64_t, protocol::ChangeParams change) {
  Document& document = Find(change.uri);
  if (!OneOfTextAndEdits(change)) {
    throw RequestError{protocol::ErrorCode::kInvalidParams,
                       "params: give exactly one of \"text\" and \"edits\""};
  }
  // Everything is checked before the text changes: decoding the edits was the last step that
  // can fail, and applying them clamps every position to the text.
  document.text = change.text ? std::move(*change.text)
                              : ApplyTextChanges(std::move(document.text), *change.edits);
  document.version = change.version;
  document.analysed.reset();
  return {};
}

protocol::Empty Worker::On(protocol::CloseMethod, int64_t, protocol::CloseParams close) {
  Find(close.uri);
  documents_.erase(close.uri);
  return {};
}

protocol::TestEvalResult Worker::On(protocol::TestEvalMethod, int64_t,
                                    protocol::TestEvalParams eval) {
  return protocol::TestEvalResult{bridge::Interpreter::Global().Evaluate(eval.expression)};
}

bridge::ParseOptions Worker::AnalysisOptions(const std::string& uri) const {
  bridge::ParseOptions parse;
  parse.source_name = uri;
  parse.trusted = options_.trusted;
  parse.time_limit = std::chrono::milliseconds(0);
  parse.entry_module = options_.entry_module;
  parse.entry_function = options_.entry_function;
  return parse;
}

protocol::AnalyzeResult Worker::On(protocol::AnalyzeMethod, int64_t id,
                                   protocol::AnalyzeParams analyze) {
  Document& document = Find(analyze.uri);
  protocol::AnalyzeResult reply;
  reply.uri = analyze.uri;
  reply.version = analyze.version;
  if (analyze.version != document.version) {
    reply.status = protocol::AnalyzeStatus::kCancelled;  // the document moved on
    reply.result.emplace();
  } else if (!options_.trusted && !sandboxed_) {
    reply.status = protocol::AnalyzeStatus::kRefused;
    bridge::Diagnostic refusal;
    refusal.code = "sandbox-unavailable";
    refusal.message =
        "untrusted text is not analysed: the worker's seccomp sandbox did not load (" +
        sandbox_error_ + ")";
    refusal.range = bridge::Range{1, 0, 1, 0};
    reply.result.emplace().diagnostics.push_back(std::move(refusal));
  } else {
    Analysed(&document, RunAnalysis(id, analyze.uri, document, analyze), &reply);
  }
  return reply;
}

void Worker::Analysed(Document* document, bridge::PartsAnswer answer,
                      protocol::AnalyzeResult* reply) {
  const bridge::ParseResult& whole = answer.whole;
  bool cancelled = !answer.parts && whole.diagnostics.size() == 1 &&
                   whole.diagnostics[0].code == "cancelled" && whole.definitions.empty();
  if (cancelled) {
    // The client keeps what it held, and so does the record of what it holds.
    reply->status = protocol::AnalyzeStatus::kCancelled;
    reply->result = std::move(answer.whole);
    return;
  }
  reply->status = protocol::AnalyzeStatus::kDone;
  reply->result_id = std::to_string(getpid()) + "-" + std::to_string(++replies_sent_);
  document->sent_id = reply->result_id;
  document->sent_tokens.clear();
  if (!answer.parts) {
    document->analysed.reset();
    reply->result = std::move(answer.whole);
    return;
  }
  for (const bridge::PartEntry& entry : answer.parts->parts) {
    document->sent_tokens.push_back(entry.token);
  }
  document->analysed = document->version;
  reply->parts = std::move(answer.parts);
}

bool Worker::Current(const Document& document, int64_t version) const {
  return document.version == version && document.analysed == version;
}

bridge::QueryOptions Worker::QueryOptionsFor(const std::string& uri, int64_t time_limit_ms) const {
  bridge::QueryOptions query;
  query.source_name = uri;
  query.trusted = options_.trusted;
  query.entry_module = options_.entry_module;
  // Past it the bridge stops the query in-process, and the worker keeps what it holds; 0: none
  // (the client keeps time from outside).
  query.time_limit = std::chrono::milliseconds(std::max<int64_t>(time_limit_ms, 0));
  return query;
}

/*! \brief A query that failed in the frontend is an internal-error reply; kNotAnalysed is stale. */
template <typename Answer>
bool Answered(const Answer& answer) {
  if (answer.status == bridge::QueryStatus::kFailed) {
    throw RequestError{protocol::ErrorCode::kInternalError, answer.error};
  }
  return answer.status == bridge::QueryStatus::kDone;
}

protocol::FormatResult Worker::On(protocol::FormatMethod, int64_t, protocol::FormatParams query) {
  const Document& document = Find(query.uri);
  protocol::FormatResult reply{query.uri, query.version, protocol::QueryStatus::kStale, {}};
  if (Current(document, query.version)) {
    bridge::FormatQuery format{query.migrate, std::chrono::milliseconds(query.budget_ms)};
    bridge::FormatAnswer answer =
        bridge::FormatVerdicts(QueryOptionsFor(query.uri, query.time_limit_ms), format);
    if (Answered(answer)) {
      reply.status = protocol::QueryStatus::kDone;
      reply.definitions = std::move(answer.definitions);
      reply.complete = answer.complete;
    }
  }
  return reply;
}

bridge::NamespaceCatalog Worker::On(protocol::MembersMethod, int64_t, protocol::Empty) {
  if (catalog_.status != bridge::QueryStatus::kDone) {
    throw RequestError{protocol::ErrorCode::kInternalError,
                       "the namespace catalog could not be read: " + catalog_.error};
  }
  return catalog_.catalog;
}

bridge::PartsAnswer Worker::RunAnalysis(int64_t id, const std::string& uri,
                                        const Document& document,
                                        const protocol::AnalyzeParams& params) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    running_ = Running{id, uri, document.version};
    auto newest = newest_version_.find(uri);
    cancel_ = input_ended_ || cancelled_ids_.count(id) != 0 ||
              (newest != newest_version_.end() && newest->second != document.version);
  }
  bridge::ParseOptions parse = AnalysisOptions(uri);
  parse.time_limit = std::chrono::milliseconds(params.time_limit_ms);
  parse.skip_keys = params.skip;
  if (params.first_line > 0 && params.last_line >= params.first_line) {
    parse.only_lines = std::make_pair(params.first_line, params.last_line);
  }
  parse.cancel = &cancel_;
  parse.progress = [this, id, &uri, &document](const bridge::DefinitionProgress& progress) {
    protocol::DefinitionStartedParams started{id,           uri,           document.version,
                                              progress.key, progress.name, progress.range};
    Send(protocol::ToJson(
        protocol::Event{protocol::DefinitionStartedEvent::kName, protocol::ToJson(started)}));
    // On the pipe before the definition runs: it may kill the worker at once.
    FlushOutput();
  };
  // Parts the client holds (it names the reply they came in as its base) come back as tokens.
  const bool base_held = !params.base.empty() && params.base == document.sent_id;
  bridge::PartsAnswer answer = bridge::ParseParts(
      document.text, parse, base_held ? document.sent_tokens : std::vector<std::string>{});
  // Encoding and sending a large answer takes a while: no definition's time.
  Send(protocol::ToJson(protocol::Event{protocol::AnsweringEvent::kName,
                                        protocol::ToJson(protocol::AnsweringParams{id})}));
  FlushOutput();
  std::lock_guard<std::mutex> lock(mutex_);
  running_.reset();
  cancelled_ids_.erase(id);
  cancel_ = false;
  return answer;
}

}  // namespace

int RunWorker(const WorkerOptions& options) {
  // Never destroyed: its detached reader and writer threads wait on its members until the
  // process leaves with _exit (main.cc).
  Worker* worker = new Worker(options);
  return worker->Run();
}

}  // namespace lsp
}  // namespace tvm
