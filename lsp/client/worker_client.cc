/*!
 * \file worker_client.cc
 * \brief WorkerClient: the worker process, its pipes, and time kept from outside.
 *
 * Locks, in the order they may be taken: `analyze_mutex` (analyses one at a time),
 * `lifecycle_mutex` (starts and stops one at a time), `send_mutex` (a document update and its
 * write happen under it, as does the re-sending of documents to a new worker, so the newest
 * text is always the last sent), `write_mutex` (one frame at a time on the pipe, which is
 * closed under it too), `mutex` (the state the reader thread fills in: replies, events, whether
 * the worker lives). Nobody writes to the pipe or waits for a thread while holding `mutex`, so
 * the reader, which takes only `mutex`, always drains the worker's output.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <tvm/lsp/framing.h>
#include <tvm/lsp/worker_client.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "worker_protocol.h"

extern char** environ;

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;
using Clock = std::chrono::steady_clock;
using nlohmann::json;
using std::chrono::milliseconds;

namespace {

milliseconds Since(Clock::time_point start) {
  return std::chrono::duration_cast<milliseconds>(Clock::now() - start);
}

bridge::Diagnostic ClientDiagnostic(std::string code, std::string message, bridge::Range range) {
  bridge::Diagnostic diagnostic;
  diagnostic.severity = bridge::Severity::kError;
  diagnostic.code = std::move(code);
  diagnostic.message = std::move(message);
  diagnostic.range = range;
  return diagnostic;
}

bool Within(const bridge::Range& inner, const bridge::Range& outer) {
  auto before = [](int64_t l1, int64_t c1, int64_t l2, int64_t c2) {
    return l1 < l2 || (l1 == l2 && c1 <= c2);
  };
  return before(outer.line, outer.column, inner.line, inner.column) &&
         before(inner.end_line, inner.end_column, outer.end_line, outer.end_column);
}

/*!
 * \brief SIGKILL to the worker's process group: the worker and whatever a trusted worker's
 *  Python started. Only called before the worker is reaped, so the group id is still its own.
 */
void KillGroup(pid_t pid) {
  if (kill(-pid, SIGKILL) != 0) kill(pid, SIGKILL);
}

/*! \brief The key under which a document whose worker reported no definition is remembered. */
std::string DocumentKey(const std::string& text) {
  return "<document>:" + std::to_string(std::hash<std::string>{}(text)) + ":" +
         std::to_string(text.size());
}

}  // namespace

struct WorkerClient::Impl {
  explicit Impl(WorkerClientOptions options) : options(std::move(options)) {}

  struct Document {
    int64_t version = 0;
    std::string text;
  };

  /*! \brief A definition the worker reported as started, and when it arrived. */
  struct Started {
    protocol::DefinitionStartedParams params;
    Clock::time_point at;
  };

  /*! \brief Why the client stopped a definition in this analysis. */
  struct Stopped {
    protocol::DefinitionStartedParams definition;
    std::string code;  // "time-limit" or "worker-crashed"
    std::string message;
  };

  WorkerClientOptions options;

  std::mutex lifecycle_mutex;
  std::mutex analyze_mutex;
  std::mutex send_mutex;
  std::mutex write_mutex;  // one frame at a time on the pipe; to_worker is closed under it too
  std::map<std::string, Document> documents;  // under send_mutex
  std::set<std::string> stopped;              // under mutex

  mutable std::mutex mutex;
  std::condition_variable wake;
  pid_t worker_pid = 0;
  int to_worker = -1;
  uint64_t generation = 0;         // of the running worker; a reader only reports for its own
  uint64_t killed_on_request = 0;  // the generation KillWorker or Restart killed
  bool alive = false;
  std::optional<protocol::ReadyParams> ready;
  std::thread reader;
  std::set<int64_t> waiting;
  std::map<int64_t, protocol::Reply> replies;
  std::map<int64_t, Started> current_definition;  // analyze id -> last definition started
  int64_t next_id = 1;
  int starts = 0;
  milliseconds last_start_duration{0};

  // Process.
  void StartLocked();
  void StopLocked();
  void ReadReplies(int from_worker, uint64_t my_generation, pid_t pid);
  void Deliver(const json& message);
  void ResendDocuments();
  void EnsureStarted();

  // Requests.
  /*! \brief Sends a request whose reply nobody waits for (it is dropped when it comes). */
  int64_t Send(const std::string& method, const json& params);
  /*! \brief Sends a request whose reply `Wait` (or `RunAttempt`) will take. */
  int64_t Ask(const std::string& method, const json& params);
  bool SendRaw(const std::string& body);
  std::optional<protocol::Reply> Wait(int64_t id, Clock::time_point deadline);
  json Call(const std::string& method, const json& params);

  // Analysis.
  struct Attempt;
  class AnalysisRun;
  AnalysisOutcome AnalyzeLocked(const std::string& uri);
  Attempt RunAttempt(int64_t id, Clock::time_point budget_end);
};

// -- the process ----------------------------------------------------------------------------

void WorkerClient::Impl::StartLocked() {
  Clock::time_point start = Clock::now();
  // A worker that died makes writes fail with EPIPE instead of killing this process.
  struct sigaction current {};
  if (sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL) {
    signal(SIGPIPE, SIG_IGN);
  }
  int to_child[2];
  int from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) throw WorkerError("pipe2 failed");
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    close(to_child[0]);
    close(to_child[1]);
    throw WorkerError("pipe2 failed");
  }
  std::vector<std::string> args = {options.executable};
  if (options.trusted) args.push_back("--trusted");
  args.push_back("--memory-limit-mb");
  args.push_back(std::to_string(options.memory_limit_mb));
  args.insert(args.end(), options.extra_args.begin(), options.extra_args.end());
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
  // Nothing else of this process leaks into the worker (fds opened without O_CLOEXEC).
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);
  // Its own process group, so a kill reaches what a trusted worker started, and the
  // terminal's Ctrl-C reaches the client only.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t pid = 0;
  int rc =
      posix_spawn(&pid, options.executable.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  close(to_child[0]);
  close(from_child[1]);
  if (rc != 0) {
    close(to_child[1]);
    close(from_child[0]);
    throw WorkerError("cannot start " + options.executable + ": " + std::strerror(rc));
  }
  uint64_t my_generation = 0;
  {
    std::lock_guard<std::mutex> lock(mutex);
    worker_pid = pid;
    to_worker = to_child[1];
    my_generation = ++generation;
    alive = true;
    ready.reset();
    ++starts;
  }
  reader = std::thread(
      [this, fd = from_child[0], my_generation, pid] { ReadReplies(fd, my_generation, pid); });
  std::unique_lock<std::mutex> lock(mutex);
  bool up = wake.wait_until(lock, start + options.start_timeout,
                            [&] { return ready.has_value() || !alive; });
  if (!up || !ready) {
    lock.unlock();
    StopLocked();
    throw WorkerError(up ? "the worker exited before it was ready"
                         : "the worker did not report ready in time");
  }
  last_start_duration = Since(start);
  lock.unlock();
  ResendDocuments();
}

void WorkerClient::Impl::StopLocked() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (worker_pid > 0 && alive) KillGroup(worker_pid);
  }
  if (reader.joinable()) reader.join();  // it reaps the process
  std::lock_guard<std::mutex> writing(write_mutex);
  std::lock_guard<std::mutex> lock(mutex);
  if (to_worker >= 0) close(to_worker);
  to_worker = -1;
  worker_pid = 0;
  alive = false;
  ready.reset();
}

void WorkerClient::Impl::ReadReplies(int from_worker, uint64_t my_generation, pid_t pid) {
  FrameReader frames(from_worker);
  std::string body;
  while (true) {
    FrameReader::Status status = frames.Read(&body);
    if (status == FrameReader::Status::kEnd || status == FrameReader::Status::kFailed) break;
    if (status == FrameReader::Status::kBadFrame) continue;
    json message = json::parse(body, nullptr, false);
    body.clear();
    if (message.is_discarded()) continue;
    std::lock_guard<std::mutex> lock(mutex);
    if (generation == my_generation) Deliver(message);
  }
  // The worker closed its output: it is gone or going. Make sure, and reap it.
  KillGroup(pid);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  close(from_worker);
  std::lock_guard<std::mutex> lock(mutex);
  if (generation == my_generation) {
    alive = false;
    wake.notify_all();
  }
}

void WorkerClient::Impl::Deliver(const json& message) {
  try {
    if (message.contains("event")) {
      auto event = protocol::Decode<protocol::Event>(message);
      if (event.event == protocol::ReadyEvent::kName) {
        ready = protocol::Decode<protocol::ReadyParams>(event.params);
      } else if (event.event == protocol::DefinitionStartedEvent::kName) {
        auto started = protocol::Decode<protocol::DefinitionStartedParams>(event.params);
        if (waiting.count(started.request) == 0) return;  // an abandoned analysis
        current_definition[started.request] = Started{started, Clock::now()};
      }
    } else {
      auto reply = protocol::Decode<protocol::Reply>(message);
      if (waiting.count(reply.id) == 0) return;  // nobody asked (re-sent documents)
      replies[reply.id] = std::move(reply);
    }
    wake.notify_all();
  } catch (const protocol::SchemaError&) {
    // A message off the schema is dropped; the request it answers times out.
  }
}

void WorkerClient::Impl::ResendDocuments() {
  std::lock_guard<std::mutex> lock(send_mutex);
  for (const auto& [uri, document] : documents) {
    protocol::OpenParams open{uri, document.version, document.text};
    protocol::Request request{0, protocol::OpenMethod::kName, protocol::ToJson(open)};
    {
      std::lock_guard<std::mutex> state(mutex);
      request.id = next_id++;
    }
    SendRaw(protocol::ToJson(request).dump());
  }
}

void WorkerClient::Impl::EnsureStarted() {
  std::lock_guard<std::mutex> lifecycle(lifecycle_mutex);
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (alive && ready) return;
  }
  StopLocked();
  StartLocked();
}

// -- requests -------------------------------------------------------------------------------

bool WorkerClient::Impl::SendRaw(const std::string& body) {
  std::lock_guard<std::mutex> writing(write_mutex);
  int fd = -1;
  {
    std::lock_guard<std::mutex> lock(mutex);
    fd = to_worker;
  }
  return fd >= 0 && WriteFrame(fd, body);
}

int64_t WorkerClient::Impl::Send(const std::string& method, const json& params) {
  protocol::Request request{0, method, params};
  {
    std::lock_guard<std::mutex> lock(mutex);
    request.id = next_id++;
  }
  SendRaw(protocol::ToJson(request).dump());
  return request.id;
}

int64_t WorkerClient::Impl::Ask(const std::string& method, const json& params) {
  protocol::Request request{0, method, params};
  {
    std::lock_guard<std::mutex> lock(mutex);
    request.id = next_id++;
    waiting.insert(request.id);
  }
  SendRaw(protocol::ToJson(request).dump());
  return request.id;
}

std::optional<protocol::Reply> WorkerClient::Impl::Wait(int64_t id, Clock::time_point deadline) {
  std::unique_lock<std::mutex> lock(mutex);
  wake.wait_until(lock, deadline, [&] { return replies.count(id) != 0 || !alive; });
  waiting.erase(id);
  auto it = replies.find(id);
  if (it == replies.end()) return std::nullopt;
  protocol::Reply reply = std::move(it->second);
  replies.erase(it);
  return reply;
}

json WorkerClient::Impl::Call(const std::string& method, const json& params) {
  EnsureStarted();
  int64_t id = Ask(method, params);
  std::optional<protocol::Reply> reply = Wait(id, Clock::now() + options.request_timeout);
  if (!reply) throw WorkerError("no reply from the worker to \"" + method + "\"");
  if (reply->error) throw WorkerError(reply->error->message);
  return reply->result;
}

// -- public surface -------------------------------------------------------------------------

WorkerClient::WorkerClient(WorkerClientOptions options)
    : impl_(std::make_unique<Impl>(std::move(options))) {}

WorkerClient::~WorkerClient() {
  std::lock_guard<std::mutex> lifecycle(impl_->lifecycle_mutex);
  bool alive = false;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    alive = impl_->alive;
  }
  if (alive) {
    int64_t id = impl_->Ask(protocol::ShutdownMethod::kName, json::object());
    impl_->Wait(id, Clock::now() + milliseconds(500));
  }
  impl_->StopLocked();
}

void WorkerClient::Start() { impl_->EnsureStarted(); }

void WorkerClient::Open(const std::string& uri, int64_t version, const std::string& text) {
  std::lock_guard<std::mutex> lock(impl_->send_mutex);
  impl_->documents[uri] = Impl::Document{version, text};
  impl_->Send(protocol::OpenMethod::kName,
              protocol::ToJson(protocol::OpenParams{uri, version, text}));
}

void WorkerClient::Change(const std::string& uri, int64_t version, const std::string& text) {
  std::lock_guard<std::mutex> lock(impl_->send_mutex);
  impl_->documents[uri] = Impl::Document{version, text};
  // A worker restarting meanwhile answers "unknown-document" (nobody waits for it) and then
  // gets the new text with the other documents: both happen under send_mutex.
  impl_->Send(protocol::ChangeMethod::kName,
              protocol::ToJson(protocol::ChangeParams{uri, version, text}));
}

void WorkerClient::Close(const std::string& uri) {
  std::lock_guard<std::mutex> lock(impl_->send_mutex);
  impl_->documents.erase(uri);
  impl_->Send(protocol::CloseMethod::kName, protocol::ToJson(protocol::CloseParams{uri}));
}

void WorkerClient::KillWorker() {
  std::unique_lock<std::mutex> lock(impl_->mutex);
  impl_->killed_on_request = impl_->generation;
  if (impl_->worker_pid <= 0 || !impl_->alive) return;
  KillGroup(impl_->worker_pid);
  // Until its reader has reaped it, so the next request does not go to the dying process.
  uint64_t generation = impl_->generation;
  impl_->wake.wait_for(lock, std::chrono::seconds(5),
                       [&] { return !impl_->alive || impl_->generation != generation; });
}

void WorkerClient::Restart() {
  std::lock_guard<std::mutex> lifecycle(impl_->lifecycle_mutex);
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->killed_on_request = impl_->generation;
  }
  impl_->StopLocked();
  impl_->StartLocked();
}

void WorkerClient::SetTrusted(bool trusted) {
  std::lock_guard<std::mutex> lifecycle(impl_->lifecycle_mutex);
  if (impl_->options.trusted == trusted) return;
  impl_->options.trusted = trusted;
  impl_->StopLocked();  // the next request starts a worker with the new trust
}

std::string WorkerClient::TestEval(const std::string& expression) {
  json result = impl_->Call(protocol::TestEvalMethod::kName,
                            protocol::ToJson(protocol::TestEvalParams{expression}));
  return protocol::Decode<protocol::TestEvalResult>(result).value;
}

std::string WorkerClient::RawRequest(const std::string& method, const std::string& params_json) {
  impl_->EnsureStarted();
  json params = json::parse(params_json, nullptr, false);
  if (params.is_discarded()) throw WorkerError("params are not JSON: " + params_json);
  int64_t id = impl_->Ask(method, params);
  std::optional<protocol::Reply> reply =
      impl_->Wait(id, Clock::now() + impl_->options.request_timeout);
  if (!reply) throw WorkerError("no reply from the worker to \"" + method + "\"");
  return protocol::ToJson(*reply).dump();
}

std::string WorkerClient::RawBytes(const std::string& bytes) {
  impl_->EnsureStarted();
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->waiting.insert(-1);
  }
  {
    std::lock_guard<std::mutex> writing(impl_->write_mutex);
    int fd = -1;
    {
      std::lock_guard<std::mutex> lock(impl_->mutex);
      fd = impl_->to_worker;
    }
    if (fd < 0 || write(fd, bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size())) {
      throw WorkerError("cannot write to the worker");
    }
  }
  std::optional<protocol::Reply> reply =
      impl_->Wait(-1, Clock::now() + impl_->options.request_timeout);
  if (!reply) throw WorkerError("no reply from the worker to raw bytes");
  return protocol::ToJson(*reply).dump();
}

WorkerInfo WorkerClient::Info() {
  impl_->EnsureStarted();
  std::lock_guard<std::mutex> lock(impl_->mutex);
  if (!impl_->ready) return WorkerInfo{};
  const protocol::ReadyParams& ready = *impl_->ready;
  return WorkerInfo{ready.pid, ready.trusted, ready.sandboxed, ready.sandbox_error,
                    ready.test_hooks};
}

int64_t WorkerClient::pid() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->alive ? impl_->worker_pid : 0;
}

int WorkerClient::starts() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->starts;
}

milliseconds WorkerClient::last_start_duration() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->last_start_duration;
}

std::set<std::string> WorkerClient::stopped_keys() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->stopped;
}

// -- analysis -------------------------------------------------------------------------------

/*! \brief How one attempt (one analyze request to one worker) ended. */
struct WorkerClient::Impl::Attempt {
  enum class End { kReply, kDied, kDefinitionLimit, kBudget } end = End::kReply;
  protocol::Reply reply;
  std::optional<Started> running;  // the definition the worker last reported, if any
  bool killed_on_request = false;  // kDied because KillWorker or Restart killed it
};

namespace {

/*! \brief `result` with the client's diagnostics for what it stopped in place of the worker's. */
void MergeStopped(const std::vector<bridge::Diagnostic>& stopped, bridge::ParseResult* result) {
  auto& diagnostics = result->diagnostics;
  for (const bridge::Diagnostic& ours : stopped) {
    // The worker reports a skipped definition as "time-limit" too; ours says why.
    diagnostics.erase(std::remove_if(diagnostics.begin(), diagnostics.end(),
                                     [&](const bridge::Diagnostic& theirs) {
                                       return theirs.code == "time-limit" &&
                                              Within(theirs.range, ours.range);
                                     }),
                      diagnostics.end());
  }
  diagnostics.insert(diagnostics.end(), stopped.begin(), stopped.end());
}

AnalysisOutcome::Status StatusOf(protocol::AnalyzeStatus status) {
  switch (status) {
    case protocol::AnalyzeStatus::kDone:
      return AnalysisOutcome::Status::kDone;
    case protocol::AnalyzeStatus::kCancelled:
      return AnalysisOutcome::Status::kCancelled;
    case protocol::AnalyzeStatus::kRefused:
      return AnalysisOutcome::Status::kRefused;
  }
  return AnalysisOutcome::Status::kDone;
}

AnalysisOutcome Failed(AnalysisOutcome outcome, const std::string& message) {
  outcome.status = AnalysisOutcome::Status::kFailed;
  outcome.result = bridge::ParseResult{};
  outcome.result.diagnostics.push_back(
      ClientDiagnostic("worker-failed", message, bridge::Range{1, 0, 1, 0}));
  return outcome;
}

}  // namespace

/*!
 * \brief One call of Analyze: attempts (one analyze request to one worker each) until a reply,
 *  stopping and skipping what runs too long. Runs under analyze_mutex.
 */
class WorkerClient::Impl::AnalysisRun {
 public:
  AnalysisRun(Impl& impl, const std::string& uri)
      : impl_(impl), budget_end_(Clock::now() + impl.options.analysis_budget) {
    outcome_.uri = uri;
    std::lock_guard<std::mutex> lock(impl_.mutex);
    starts_before_ = impl_.starts;
  }

  AnalysisOutcome Run() {
    while (true) {
      std::optional<Attempt> attempt = Next();
      if (!attempt) return Finish();
      if (attempt->end == Attempt::End::kReply) {
        TakeReply(*attempt);
        return Finish();
      }
      if (attempt->end == Attempt::End::kDied && attempt->killed_on_request) continue;
      if (attempt->end != Attempt::End::kDied) {
        std::lock_guard<std::mutex> lifecycle(impl_.lifecycle_mutex);
        impl_.StopLocked();  // killed and reaped: the next attempt starts a new worker
      }
      if (attempt->running) {
        Stop(*attempt);
      } else if (attempt->end == Attempt::End::kDied) {
        // Once: the worker may have died of something other than this text.
        if (++deaths_outside_definitions_ < 2) continue;
        Fail("the analysis worker died twice outside any definition");
        return Finish();
      } else if (stopped_here_.empty()) {
        // Nothing was ever reported (an entry without progress, or module-level code): the
        // text as a whole is what ran too long.
        std::lock_guard<std::mutex> lock(impl_.mutex);
        impl_.stopped.insert(DocumentKey(text_));
      }
      if (attempt->end == Attempt::End::kBudget || !attempt->running) {
        BudgetSpent();
        return Finish();
      }
    }
  }

 private:
  /*! \brief Sends the next analyze and waits for it; nullopt when the outcome is settled. */
  std::optional<Attempt> Next() {
    {
      std::lock_guard<std::mutex> lock(impl_.send_mutex);
      auto it = impl_.documents.find(outcome_.uri);
      if (it == impl_.documents.end()) {
        Fail(outcome_.uri + " is not open");
        return std::nullopt;
      }
      outcome_.version = it->second.version;
      text_ = it->second.text;
    }
    protocol::AnalyzeParams params{outcome_.uri, outcome_.version, {}, 0};
    {
      std::lock_guard<std::mutex> lock(impl_.mutex);
      params.skip.assign(impl_.stopped.begin(), impl_.stopped.end());
      if (impl_.stopped.count(DocumentKey(text_)) != 0) {
        outcome_.result.diagnostics.push_back(ClientDiagnostic(
            "time-limit",
            "the analysis of this text ran past its budget before, without reporting which "
            "definition ran: it is not retried until the text changes",
            bridge::Range{1, 0, 1, 0}));
        return std::nullopt;
      }
    }
    try {
      impl_.EnsureStarted();
    } catch (const WorkerError& error) {
      Fail(error.what());
      return std::nullopt;
    }
    int64_t id = impl_.Ask(protocol::AnalyzeMethod::kName, protocol::ToJson(params));
    return impl_.RunAttempt(id, budget_end_);
  }

  /*! \brief The outcome from the worker's reply, with what this run stopped merged in. */
  void TakeReply(const Attempt& attempt) {
    if (attempt.reply.error) return Fail(attempt.reply.error->message);
    try {
      auto answer = protocol::Decode<protocol::AnalyzeResult>(attempt.reply.result);
      outcome_.status = StatusOf(answer.status);
      outcome_.result = std::move(answer.result);
    } catch (const protocol::SchemaError& error) {
      return Fail(std::string("malformed analyze reply: ") + error.what());
    }
    MergeStopped(stopped_here_, &outcome_.result);
  }

  /*! \brief Remembers the definition that ran too long (or crashed the worker). */
  void Stop(const Attempt& attempt) {
    const protocol::DefinitionStartedParams& definition = attempt.running->params;
    const WorkerClientOptions& options = impl_.options;
    std::string code = "time-limit";
    std::string message;
    if (attempt.end == Attempt::End::kDied) {
      code = "worker-crashed";
      message = "the analysis worker died while analysing `" + definition.name +
                "`; it is not analysed again until it changes";
    } else if (attempt.end == Attempt::End::kDefinitionLimit) {
      message = "the analysis of `" + definition.name + "` was stopped after " +
                std::to_string(options.definition_limit.count()) +
                " ms (the limit per definition); it is not retried until it changes";
    } else {
      message = "the analysis of `" + definition.name + "` was stopped when the document's " +
                std::to_string(options.analysis_budget.count()) +
                " ms budget ran out; it is not retried until it changes";
    }
    stopped_here_.push_back(ClientDiagnostic(code, message, definition.range));
    outcome_.stopped_keys.push_back(definition.key);
    std::lock_guard<std::mutex> lock(impl_.mutex);
    impl_.stopped.insert(definition.key);
  }

  void BudgetSpent() {
    outcome_.result = bridge::ParseResult{};
    outcome_.result.diagnostics = stopped_here_;
    outcome_.result.diagnostics.push_back(ClientDiagnostic(
        "analysis-budget",
        "the analysis of this document was stopped after " +
            std::to_string(impl_.options.analysis_budget.count()) +
            " ms (its budget); definitions after the last one reported were not analysed",
        bridge::Range{1, 0, 1, 0}));
  }

  void Fail(const std::string& message) { outcome_ = Failed(outcome_, message); }

  AnalysisOutcome Finish() {
    std::lock_guard<std::mutex> lock(impl_.mutex);
    outcome_.restarts = impl_.starts - starts_before_;
    return outcome_;
  }

  Impl& impl_;
  const Clock::time_point budget_end_;
  AnalysisOutcome outcome_;
  std::string text_;
  int starts_before_ = 0;
  std::vector<bridge::Diagnostic> stopped_here_;
  int deaths_outside_definitions_ = 0;
};

AnalysisOutcome WorkerClient::Impl::AnalyzeLocked(const std::string& uri) {
  return AnalysisRun(*this, uri).Run();
}

WorkerClient::Impl::Attempt WorkerClient::Impl::RunAttempt(int64_t id,
                                                           Clock::time_point budget_end) {
  Attempt attempt;
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    auto started = current_definition.find(id);
    if (started != current_definition.end()) attempt.running = started->second;
    Clock::time_point definition_end = Clock::time_point::max();
    if (attempt.running) definition_end = attempt.running->at + options.definition_limit;
    auto reply = replies.find(id);
    if (reply != replies.end()) {
      attempt.end = Attempt::End::kReply;
      attempt.reply = std::move(reply->second);
      replies.erase(reply);
      break;
    }
    if (!alive) {
      attempt.end = Attempt::End::kDied;
      attempt.killed_on_request = killed_on_request == generation;
      break;
    }
    Clock::time_point now = Clock::now();
    if (now >= definition_end) {
      attempt.end = Attempt::End::kDefinitionLimit;
      break;
    }
    if (now >= budget_end) {
      attempt.end = Attempt::End::kBudget;
      break;
    }
    wake.wait_until(lock, std::min(definition_end, budget_end));
  }
  waiting.erase(id);
  current_definition.erase(id);
  return attempt;
}

AnalysisOutcome WorkerClient::Analyze(const std::string& uri) {
  std::lock_guard<std::mutex> lock(impl_->analyze_mutex);
  return impl_->AnalyzeLocked(uri);
}

}  // namespace lsp
}  // namespace tvm
