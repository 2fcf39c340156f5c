/*!
 * \file worker_client.cc
 * \brief WorkerClient: the worker process, its pipes, documents and plain requests (locks:
 *  worker_client_internal.h; analyses: worker_analysis.cc; queries: worker_queries.cc).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <tvm/lsp/framing.h>
#include <unistd.h>

#include <cstring>
#include <iostream>

#include "bounded_json_internal.h"
#include "worker_client_internal.h"

extern char** environ;

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;
using nlohmann::json;
using std::chrono::milliseconds;

namespace {

/*!
 * \brief The largest frame taken from a worker. The corpus's replies are at most about 16
 *  times their text, and an analysis past the 64 MiB of the server's own messages would run
 *  out of its time budget first.
 */
constexpr size_t kMaxWorkerFrame = size_t{128} << 20;

}  // namespace

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
    violation.clear();
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
  FrameReader frames(from_worker, kMaxWorkerFrame);
  std::string body;
  std::string broken;  // why the worker is stopped: it broke the protocol
  while (broken.empty()) {
    FrameReader::Status status = frames.Read(&body);
    if (status == FrameReader::Status::kEnd) break;
    if (status != FrameReader::Status::kMessage) {
      // A worker that died mid-frame crashed (the analysis says which definition it ran);
      // a frame the parser refuses, or one over the limit, was written that way.
      bool cut_short =
          status == FrameReader::Status::kFailed && frames.error().rfind("the input ended", 0) == 0;
      if (!cut_short) broken = "a malformed frame: " + frames.error();
      break;
    }
    std::string error;
    std::optional<json> message = ParseBoundedJson(body, JsonBounds{}, &error);
    body.clear();
    if (!message) {
      broken = "a frame that is not a bounded JSON message: " + error;
      break;
    }
    std::lock_guard<std::mutex> lock(mutex);
    if (generation != my_generation) continue;
    try {
      Deliver(*message);
    } catch (const ProtocolViolation& violation) {
      broken = violation.what();
    } catch (const protocol::SchemaError& error) {
      broken = std::string("a message off the schema: ") + error.what();
    }
  }
  bool first = false;  // one log line per worker: the reply checks may have stopped it already
  if (!broken.empty()) {
    std::lock_guard<std::mutex> lock(mutex);
    first = generation == my_generation && violation.empty();
    if (first) violation = broken;
  }
  if (first) LogViolation(pid, broken);
  // The worker closed its output (or broke the protocol): it is gone or going. Make sure, and
  // reap it.
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

bool WorkerClient::Impl::AboutWaitingAnalysis(int64_t request, const std::string& event) const {
  if (unanswered.count(request) == 0) {
    throw ProtocolViolation("an event \"" + event + "\" for request " + std::to_string(request) +
                            ", which is not running");
  }
  return waiting.count(request) != 0;  // none: an abandoned analysis
}

void WorkerClient::Impl::Deliver(const json& message) {
  if (message.contains("event")) {
    auto event = protocol::Decode<protocol::Event>(message);
    if (event.event == protocol::ReadyEvent::kName) {
      if (ready) throw ProtocolViolation("a second ready event");
      ready = protocol::Decode<protocol::ReadyParams>(event.params, "params");
    } else if (event.event == protocol::DefinitionStartedEvent::kName) {
      auto started = protocol::Decode<protocol::DefinitionStartedParams>(event.params, "params");
      if (!AboutWaitingAnalysis(started.request, event.event)) return;
      current_definition[started.request] = Started{started, Clock::now()};
    } else if (event.event == protocol::AnsweringEvent::kName) {
      auto answering = protocol::Decode<protocol::AnsweringParams>(event.params, "params");
      if (!AboutWaitingAnalysis(answering.request, event.event)) return;
      current_definition.erase(answering.request);
      answered_definitions.insert(answering.request);
    } else {
      throw ProtocolViolation("an unknown event \"" + event.event.substr(0, 100) + "\"");
    }
  } else {
    auto reply = protocol::Decode<protocol::Reply>(message);
    if (unanswered.erase(reply.id) == 0) {
      throw ProtocolViolation("a reply to request " + std::to_string(reply.id) +
                              ", which was never sent or was answered already");
    }
    if (waiting.count(reply.id) == 0) return;  // nobody asked (re-sent documents)
    replies[reply.id] = std::move(reply);
  }
  wake.notify_all();
}

void WorkerClient::Impl::Reject(const std::string& what) {
  pid_t pid = 0;
  bool first = false;
  {
    std::lock_guard<std::mutex> lock(mutex);
    pid = worker_pid;
    first = violation.empty();
    if (first) violation = what;
  }
  if (first) LogViolation(pid, what);
  {
    std::lock_guard<std::mutex> lifecycle(lifecycle_mutex);
    StopLocked();
  }
  std::lock_guard<std::mutex> lock(parts_mutex);
  held_parts.clear();
  analysed.clear();
}

void WorkerClient::Impl::LogViolation(pid_t pid, const std::string& what) const {
  Log("tvm-lsp: the analysis worker (pid " + std::to_string(pid) +
      ") broke the protocol and was stopped (a new one starts at the next request): " + what);
}

void WorkerClient::Impl::Log(const std::string& line) const {
  if (options.log) {
    options.log(line);
  } else {
    std::cerr << line + "\n" << std::flush;  // one write: threads log whole lines
  }
}

std::optional<WorkerClient::Impl::Analysed> WorkerClient::Impl::AnalysedAt(const std::string& uri,
                                                                           int64_t version) {
  std::lock_guard<std::mutex> lock(parts_mutex);
  auto it = analysed.find(uri);
  if (it == analysed.end() || it->second.version != version) return std::nullopt;
  return it->second;
}

void WorkerClient::Impl::ResendDocuments() {
  std::lock_guard<std::mutex> lock(send_mutex);
  for (const auto& [uri, document] : documents) {
    protocol::OpenParams open{uri, document.version, document.text};
    protocol::Request request{0, protocol::OpenMethod::kName, protocol::ToJson(open)};
    {
      std::lock_guard<std::mutex> state(mutex);
      request.id = next_id++;
      unanswered.insert(request.id);
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
    unanswered.insert(request.id);
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
    unanswered.insert(request.id);
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
    impl_->unanswered.insert(-1);  // the worker answers a request without a readable id so
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

}  // namespace lsp
}  // namespace tvm
