/*!
 * \file server.cc
 * \brief The server's messages and lifecycle: JSON-RPC dispatch, initialize/shutdown/exit,
 *  cancellation, the client process watch, logs and traces.
 */
#include <errno.h>
#include <signal.h>
#include <unistd.h>

#include <boost/asio/post.hpp>
#include <cstdio>
#include <iostream>

#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

namespace asio = boost::asio;
using std::chrono::milliseconds;

namespace {

/*! \brief LSP's MessageType. */
enum LogType { kLogError = 1, kLogWarning = 2, kLogInfo = 3, kLogDebug = 4 };

/*! \brief The encoding to use: the first of the client's offers we support, else UTF-16. */
PositionEncoding NegotiateEncoding(const json& capabilities) {
  const json* offers = nullptr;
  auto general = capabilities.find("general");
  if (general != capabilities.end() && general->is_object()) {
    auto it = general->find("positionEncodings");
    if (it != general->end() && it->is_array()) offers = &*it;
  }
  if (offers == nullptr) return PositionEncoding::kUtf16;
  for (const json& offer : *offers) {
    if (offer == "utf-8") return PositionEncoding::kUtf8;
    if (offer == "utf-16") return PositionEncoding::kUtf16;
    if (offer == "utf-32") return PositionEncoding::kUtf32;
  }
  return PositionEncoding::kUtf16;
}

/*! \brief Plain text only when the client prefers it (`textDocument.hover.contentFormat`). */
features::HoverOptions HoverOptionsOf(const json& capabilities) {
  features::HoverOptions options;
  const json* formats = &capabilities;
  for (const char* key : {"textDocument", "hover", "contentFormat"}) {
    auto it = formats->is_object() ? formats->find(key) : formats->end();
    if (it == formats->end()) return options;
    formats = &*it;
  }
  if (formats->is_array() && !formats->empty()) options.markdown = (*formats)[0] == "markdown";
  return options;
}

}  // namespace

Server::Server(asio::io_context& io, const ServerOptions& options, int in_fd, int out_fd)
    : io_(io),
      options_(options),
      transport_(io, in_fd, out_fd, options.max_message,
                 TransportHandlers{[this](std::string body) { OnMessage(std::move(body)); },
                                   [this](const std::string& error) {
                                     SendError(nullptr, rpc::kParseError,
                                               "malformed message header: " + error);
                                   },
                                   [this](const std::string& prefix, const std::string& error) {
                                     SendError(rpc::FindId(prefix), rpc::kInvalidRequest,
                                               error + ": the message was skipped");
                                   },
                                   [this](const std::string& error) {
                                     if (!error.empty())
                                       Log(kLogError, "the input failed: " + error);
                                     if (!exiting_) Exit(state_ == State::kShutDown ? 0 : 1);
                                   }}),
      runner_(std::make_unique<AnalysisRunner>(
          options.worker,
          [&io](std::function<void()> callback) { asio::post(io, std::move(callback)); })) {
  cli_trusted_ = options.worker.trusted;
  // The debounce follows the analyses of edits only: a document analysed before (an open's
  // cold analysis would make every later edit wait as long as the whole file takes).
  runner_->SetTiming([this](const std::string& uri, std::chrono::milliseconds elapsed) {
    Document* document = Find(uri);
    if (document != nullptr && document->analysis_version >= 0) document->times.Record(elapsed);
  });
  RegisterHandlers();
}

void Server::Start() { transport_.Start(); }

std::vector<RequestSpec> Server::LifecycleRequests() {
  auto server_row = [](const char* method,
                       std::function<std::optional<json>(const json&, const json&)> serve) {
    RequestSpec spec;
    spec.method = method;
    spec.reads = Reads::kServer;
    spec.serve = std::move(serve);
    return spec;
  };
  std::vector<RequestSpec> rows;
  rows.push_back(server_row("initialize", [this](const json&, const json& params) {
    return std::optional<json>(Initialize(params));
  }));
  rows.push_back(server_row("shutdown", [this](const json&, const json&) {
    state_ = State::kShutDown;
    StopIndex();
    return std::optional<json>(nullptr);
  }));
  // Pull diagnostics (server_pull_diagnostics.cc), offered to clients that pull.
  RequestSpec pull = server_row(
      "textDocument/diagnostic",
      [this](const json& id, const json& params) { return DiagnosticRequest(id, params); });
  pull.offer = [](const json& client_capabilities) {
    json offer = json::object();
    auto pulls = client_capabilities.find("textDocument");
    if (pulls != client_capabilities.end() && pulls->is_object() && pulls->contains("diagnostic") &&
        (*pulls)["diagnostic"].is_object()) {
      offer["diagnosticProvider"] = {{"identifier", "tvm-lsp"},
                                     {"interFileDependencies", false},
                                     {"workspaceDiagnostics", false}};
    }
    return offer;
  };
  rows.push_back(std::move(pull));
  return rows;
}

void Server::RegisterHandlers() {
  RegisterRequests();
  notifications_["initialized"] = [this](const json&) { Initialized(); };
  // Settings and trust (server_settings.cc), pull diagnostics (server_pull_diagnostics.cc).
  notifications_["workspace/didChangeConfiguration"] = [this](const json& params) {
    DidChangeConfiguration(params);
  };
  notifications_["workspace/didChangeWorkspaceFolders"] = [this](const json& params) {
    DidChangeWorkspaceFolders(params);
  };
  notifications_["tvmscript/setTrust"] = [this](const json& params) { SetTrust(params); };
  notifications_["textDocument/didSave"] = [this](const json& params) { DidSave(params); };
  notifications_["notebookDocument/didOpen"] = [this](const json& p) { NotebookDidOpen(p); };
  notifications_["notebookDocument/didChange"] = [this](const json& p) { NotebookDidChange(p); };
  notifications_["notebookDocument/didClose"] = [this](const json& p) { NotebookDidClose(p); };
  notifications_["notebookDocument/didSave"] = [this](const json& p) { NotebookDidSave(p); };
  notifications_["exit"] = [this](const json&) { Exit(state_ == State::kShutDown ? 0 : 1); };
  notifications_["$/cancelRequest"] = [this](const json& params) { CancelRequest(params); };
  notifications_["$/setTrace"] = [this](const json& params) {
    std::string value = lsp_json::String(params, "value", "params");
    if (value == "off" || value == "messages" || value == "verbose") trace_ = value;
  };
  notifications_["textDocument/didOpen"] = [this](const json& params) { DidOpen(params); };
  notifications_["textDocument/didChange"] = [this](const json& params) { DidChange(params); };
  notifications_["textDocument/didClose"] = [this](const json& params) { DidClose(params); };
  notifications_["workspace/didChangeWatchedFiles"] = [this](const json& params) {
    DidChangeWatchedFiles(params);
  };
}

// -- messages -------------------------------------------------------------------------------

void Server::OnMessage(std::string body) {
  if (exiting_) return;
  rpc::Decoded decoded;
  try {
    decoded = rpc::Decode(std::move(body));
  } catch (const std::exception& error) {  // memory: the message alone is lost
    Log(kLogError, std::string("a message could not be decoded: ") + error.what());
    return;
  }
  if (decoded.message) {
    Dispatch(std::move(*decoded.message));
  } else if (decoded.code != 0) {
    SendError(decoded.id, decoded.code, decoded.error);
  } else {
    Log(kLogError, "a notification was ignored: " + decoded.error);
  }
}

void Server::Dispatch(json message) {
  if (!message.is_object()) {
    SendError(nullptr, rpc::kInvalidRequest,
              message.is_array()
                  ? "batch messages (JSON arrays) are not supported"
                  : "a message must be a JSON object, got " + lsp_json::KindName(message));
    return;
  }
  auto id_it = message.find("id");
  bool has_id = id_it != message.end();
  json id = has_id ? *id_it : json();
  if (has_id && !(id.is_number_integer() || id.is_string())) {
    SendError(nullptr, rpc::kInvalidRequest,
              "the id must be an integer or a string, got " + lsp_json::KindName(id));
    return;
  }
  auto method_it = message.find("method");
  if (method_it == message.end()) {
    if (has_id && (message.contains("result") || message.contains("error"))) {
      OnReply(id, message);  // to a request of ours
      return;
    }
    SendError(id, rpc::kInvalidRequest, "a message with no \"method\" is not a request");
    return;
  }
  if (!method_it->is_string()) {
    if (has_id) {
      SendError(id, rpc::kInvalidRequest,
                "the method must be a string, got " + lsp_json::KindName(*method_it));
    }
    return;
  }
  std::string method = method_it->get<std::string>();
  auto version = message.find("jsonrpc");
  if (version == message.end() || *version != "2.0") {
    if (has_id) SendError(id, rpc::kInvalidRequest, "\"jsonrpc\" must be \"2.0\"");
    return;
  }
  auto params_it = message.find("params");
  json params = params_it == message.end() ? json() : std::move(*params_it);  // no copy
  if (has_id) {
    HandleRequest(id, method, params);
  } else {
    HandleNotification(method, params);
  }
}

void Server::HandleRequest(const json& id, const std::string& method, const json& params) {
  Trace("received request '" + method + " - (" + id.dump() + ")'", params);
  if (state_ == State::kStarting && method != "initialize") {
    SendError(id, rpc::kServerNotInitialized,
              "the server is not initialized: \"" + method + "\" came before \"initialize\"");
    return;
  }
  if (state_ == State::kShutDown) {
    SendError(id, rpc::kInvalidRequest,
              "the server is shut down: \"" + method + "\" came after \"shutdown\"");
    return;
  }
  auto handler = requests_.find(method);
  if (handler == requests_.end()) {
    SendError(id, rpc::kMethodNotFound, "unknown method \"" + method + "\"");
    return;
  }
  pending_[id.dump()] = id;
  try {
    std::optional<json> result = Serve(handler->second, id, lsp_json::ParamsObject(params));
    if (result) Reply(id, std::move(*result));
  } catch (const rpc::Error& error) {
    ReplyError(id, error.code(), error.what());
  } catch (const std::exception& error) {
    ReplyError(id, rpc::kInternalError, std::string("internal error: ") + error.what());
  }
}

void Server::HandleNotification(const std::string& method, const json& params) {
  Trace("received notification '" + method + "'", params);
  if (method != "exit" && state_ != State::kRunning) return;  // before initialize, after shutdown
  auto handler = notifications_.find(method);
  if (handler == notifications_.end()) {
    if (method.rfind("$/", 0) != 0) Log(kLogDebug, "ignored the notification \"" + method + "\"");
    return;
  }
  try {
    handler->second(lsp_json::ParamsObject(params));
  } catch (const std::exception& error) {
    // A notification has no reply: say what was wrong in the log.
    Log(kLogError, "the notification \"" + method + "\" was ignored: " + error.what());
  }
}

void Server::Reply(const json& id, json result) {
  if (pending_.erase(id.dump()) == 0) return;  // answered already (cancelled)
  Send(rpc::ResultMessage(id, std::move(result)));
}

void Server::ReplyError(const json& id, int code, const std::string& message) {
  if (pending_.erase(id.dump()) == 0) return;  // answered already (cancelled)
  SendError(id, code, message);
}

void Server::SendError(const json& id, int code, const std::string& message) {
  Send(rpc::ErrorMessage(id, code, message));
}

void Server::Notify(const std::string& method, json params) {
  Send(rpc::NotificationMessage(method, std::move(params)));
}

void Server::Send(const json& message) {
  if (exiting_ && !message.contains("id")) return;
  transport_.Send(rpc::Encode(message));
}

void Server::Log(int type, const std::string& message) {
  std::cerr << message << "\n";
  if (!exiting_) Notify("window/logMessage", {{"type", type}, {"message", message}});
}

void Server::Trace(const std::string& message, const json& verbose) {
  if (trace_ == "off") return;
  json params = {{"message", message}};
  if (trace_ == "verbose") params["verbose"] = "params: " + rpc::Encode(verbose);
  Notify("$/logTrace", std::move(params));
}

// -- lifecycle ------------------------------------------------------------------------------

json Server::Initialize(const json& params) {
  if (state_ != State::kStarting) {
    throw rpc::Error(rpc::kInvalidRequest, "\"initialize\" may come only once");
  }
  std::optional<int64_t> process_id = lsp_json::OptionalInteger(params, "processId", "params");
  json capabilities = json::object();
  if (params.contains("capabilities"))
    capabilities = lsp_json::Object(params, "capabilities", "params");
  if (auto trace = lsp_json::OptionalString(params, "trace", "params")) trace_ = *trace;
  encoding_ = NegotiateEncoding(capabilities);
  hover_ = HoverOptionsOf(capabilities);
  InitializeSettings(params, capabilities);
  InitializeNotebooks(capabilities);
  InitializeWorkspace(capabilities);
  state_ = State::kRunning;
  if (process_id && *process_id > 0) WatchParent(*process_id);
  // What the requests offer (their table's rows), then document and notebook sync.
  json server_capabilities = RequestOffers(capabilities);
  server_capabilities["positionEncoding"] = EncodingName(encoding_);
  server_capabilities.update(SettingsCapabilities(capabilities));
  return json{{"capabilities", std::move(server_capabilities)},
              {"serverInfo", {{"name", "tvm-lsp"}, {"version", options_.version}}}};
}

void Server::CancelRequest(const json& params) {
  auto id = params.find("id");
  if (id == params.end() || !(id->is_number_integer() || id->is_string())) {
    throw rpc::Error(rpc::kInvalidParams, "params.id: expected an integer or a string");
  }
  if (IsPending(*id)) ReplyError(*id, rpc::kRequestCancelled, "the request was cancelled");
}

void Server::WatchParent(int64_t pid) {
  parent_timer_ = std::make_unique<asio::steady_timer>(io_, options_.parent_poll);
  parent_timer_->async_wait([this, pid](const boost::system::error_code& error) {
    if (error || exiting_) return;
    if (kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
      Log(kLogError, "tvm-lsp: the client's process " + std::to_string(pid) + " is gone: exiting");
      Exit(1);
      return;
    }
    WatchParent(pid);
  });
}

void Server::Exit(int code) {
  exit_code_ = code;
  exiting_ = true;
  transport_.StopReading();
  StopIndex();
  if (parent_timer_) parent_timer_->cancel();
  CancelDebounces();
  transport_.WhenDrained([this] { io_.stop(); });
}

// -- entry ----------------------------------------------------------------------------------

int RunServer(const ServerOptions& options, int in_fd, int out_fd) {
  // The client going away makes writes fail (EPIPE) instead of killing the process.
  signal(SIGPIPE, SIG_IGN);
  asio::io_context io;
  auto server = std::make_unique<Server>(io, options, in_fd, out_fd);
  server->Start();
  io.run();
  int code = server->exit_code();
  if (!server->StopAnalysis(milliseconds(500))) {
    // An analysis is stuck in the worker: kill it and leave (its thread cannot be joined).
    server->KillWorker();
    std::fflush(nullptr);
    _exit(code);
  }
  server.reset();  // asks the worker to shut down
  return code;
}

}  // namespace lsp
}  // namespace tvm
