/*!
 * \file server_settings.cc
 * \brief Settings (workspace/configuration, didChangeConfiguration, pyproject.toml), trust
 *  (initializationOptions, tvmscript/setTrust, the user's trusted folders, --trusted), the
 *  `tvmscript/status` notification, and the server's own requests to the client.
 *
 * Trust never comes from the workspace: nothing read here from the client's settings or from
 * a file inside a workspace folder can turn it on (settings.h refuses `trusted` keys with a
 * warning; trust.h refuses a user configuration inside the workspace).
 */
#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

using std::chrono::milliseconds;

namespace {

enum LogType { kLogError = 1, kLogWarning = 2, kLogInfo = 3 };

/*! \brief `object.a.b...` when every step is an object member, else null. */
const json* Member(const json& object, std::initializer_list<const char*> keys) {
  const json* at = &object;
  for (const char* key : keys) {
    if (!at->is_object()) return nullptr;
    auto it = at->find(key);
    if (it == at->end()) return nullptr;
    at = &*it;
  }
  return at;
}

bool IsTrue(const json* value) { return value != nullptr && value->is_boolean() && *value; }

/*! \brief The workspace folders `initialize` names, as paths (non-file URIs dropped). */
std::vector<std::string> FoldersOf(const json& params) {
  std::vector<std::string> folders;
  const json* list = Member(params, {"workspaceFolders"});
  if (list != nullptr && list->is_array()) {
    for (const json& folder : *list) {
      const json* uri = Member(folder, {"uri"});
      if (uri == nullptr || !uri->is_string()) continue;
      if (auto path = FilePathOfUri(uri->get<std::string>())) folders.push_back(*path);
    }
  }
  const json* root_uri = Member(params, {"rootUri"});
  if (folders.empty() && root_uri != nullptr && root_uri->is_string()) {
    if (auto path = FilePathOfUri(root_uri->get<std::string>())) folders.push_back(*path);
  }
  const json* root_path = Member(params, {"rootPath"});
  if (folders.empty() && root_path != nullptr && root_path->is_string()) {
    std::string path = root_path->get<std::string>();
    if (!path.empty() && path[0] == '/') folders.push_back(path);
  }
  for (std::string& folder : folders) {
    while (folder.size() > 1 && folder.back() == '/') folder.pop_back();
  }
  return folders;
}

}  // namespace

json SettingsCapabilities(const json& client_capabilities) {
  json capabilities = {
      {"textDocumentSync",
       {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
  };
  const json* notebooks = Member(client_capabilities, {"notebookDocument", "synchronization"});
  if (notebooks != nullptr && notebooks->is_object()) {
    capabilities["notebookDocumentSync"] = {{"notebookSelector",
                                             {{{"notebook", {{"notebookType", "jupyter-notebook"}}},
                                               {"cells", {{{"language", "python"}}}}}}},
                                            {"save", true}};
  }
  return capabilities;
}

void Server::InitializeSettings(const json& params, const json& capabilities) {
  configuration_supported_ = IsTrue(Member(capabilities, {"workspace", "configuration"}));
  const json* pull = Member(capabilities, {"textDocument", "diagnostic"});
  pull_diagnostics_ = pull != nullptr && pull->is_object();
  refresh_supported_ = IsTrue(Member(capabilities, {"workspace", "diagnostics", "refreshSupport"}));
  if (cli_trusted_) trust_source_ = "--trusted";
  // The client's word on the user's behalf (VS Code's workspace trust).
  const json* trusted = Member(params, {"initializationOptions", "trusted"});
  if (trusted != nullptr && trusted->is_boolean()) {
    client_trusted_ = trusted->get<bool>();
    if (client_trusted_ && !cli_trusted_) trust_source_ = "the client (initializationOptions)";
  } else if (trusted != nullptr) {
    Warn({"tvm-lsp: initializationOptions.trusted must be true or false, got " + trusted->dump() +
          ": the session stays untrusted"});
  }
  workspace_folders_ = FoldersOf(params);
  user_trust_ = LoadUserTrust(CurrentTrustEnvironment(workspace_folders_));
  runner_->SetSessionTrust(cli_trusted_ || client_trusted_);
}

void Server::Initialized() {
  Warn(user_trust_.warnings);
  bool trusted = cli_trusted_ || client_trusted_;
  std::string folders;
  for (const std::string& folder : user_trust_.folders) folders += " " + folder;
  Log(kLogInfo,
      trusted ? "tvm-lsp: trusted (" + trust_source_ + "): module code of analysed files may run"
              : "tvm-lsp: untrusted: files are analysed without running their code" +
                    (folders.empty()
                         ? std::string()
                         : "; trusted folders (" + user_trust_.config_path + "):" + folders));
  warming_up_ = true;
  UpdateStatus();
  runner_->Run([this](WorkerClient& client) {
    std::string failure;
    try {
      client.Start();  // warm up, so the first diagnostics come sooner
    } catch (const WorkerError& error) {
      failure = error.what();  // the first analysis reports it too ("worker-failed")
    }
    runner_->PostBack([this, failure] {
      warming_up_ = false;
      if (!failure.empty()) error_ = "the analysis worker did not start: " + failure;
      UpdateStatus();
    });
  });
  FetchCatalog();  // completion's namespace members, right after the warm-up
  if (configuration_supported_) RequestConfiguration();
  StartIndex();
}

void Server::RequestConfiguration() {
  SendRequest("workspace/configuration", {{"items", {{{"section", "tvmscript"}}}}},
              [this](const json& reply) {
                const json* result = Member(reply, {"result"});
                if (result != nullptr && result->is_array() && !result->empty()) {
                  TakeClientSettings((*result)[0]);
                } else {
                  const json* error = Member(reply, {"error", "message"});
                  Warn({"tvm-lsp: the client gave no settings for workspace/configuration (" +
                        (error != nullptr ? error->dump() : reply.dump()) + ")"});
                }
              });
}

void Server::DidChangeConfiguration(const json& params) {
  // The user's own file may have changed as well: read it again.
  user_trust_ = LoadUserTrust(CurrentTrustEnvironment(workspace_folders_));
  Warn(user_trust_.warnings);
  ApplyTrust();
  const json* pushed = Member(params, {"settings", "tvmscript"});
  if (pushed != nullptr && !pushed->is_null()) {
    TakeClientSettings(*pushed);
  } else if (configuration_supported_) {
    RequestConfiguration();
  }
}

void Server::DidChangeWorkspaceFolders(const json& params) {
  const json& event = lsp_json::Object(params, "event", "params");
  auto paths = [&](const char* key) {
    json folders = {{"workspaceFolders", event.contains(key) ? event[key] : json::array()}};
    return FoldersOf(folders);
  };
  for (const std::string& removed : paths("removed")) {
    std::erase(workspace_folders_, removed);
  }
  for (const std::string& added : paths("added")) workspace_folders_.push_back(added);
  // A configuration that now lies inside the workspace no longer counts.
  user_trust_ = LoadUserTrust(CurrentTrustEnvironment(workspace_folders_));
  Warn(user_trust_.warnings);
  ApplyTrust();
  RefreshSettings();
  ReindexWorkspace();
}

void Server::SetTrust(const json& params) {
  auto trusted = params.find("trusted");
  if (trusted == params.end() || !trusted->is_boolean()) {
    throw rpc::Error(
        rpc::kInvalidParams,
        "params.trusted: expected a boolean, got " +
            (trusted == params.end() ? std::string("nothing") : lsp_json::KindName(*trusted)));
  }
  client_trusted_ = trusted->get<bool>();
  if (!cli_trusted_) trust_source_ = client_trusted_ ? "the client (tvmscript/setTrust)" : "";
  Log(kLogInfo, std::string("tvm-lsp: the client ") +
                    (client_trusted_ ? "trusts" : "does not trust") + " the workspace" +
                    (cli_trusted_ ? " (--trusted still holds)" : ""));
  ApplyTrust();
}

void Server::TakeClientSettings(const json& section) {
  std::vector<std::string> warnings;
  client_settings_ = SettingsFromClient(section, &warnings);
  Warn(warnings);
  RefreshSettings();
}

bool Server::TrustOf(const std::string& uri) const {
  return cli_trusted_ || client_trusted_ || IsInTrustedFolder(uri, user_trust_);
}

Settings Server::SettingsOf(const std::string& uri) {
  Settings settings;
  settings.debounce = options_.debounce;
  if (std::optional<std::string> path = FilePathOfUri(uri)) {
    if (std::optional<PyprojectFile> pyproject = FindPyproject(*path, workspace_folders_)) {
      std::vector<std::string> warnings;
      settings =
          Apply(settings, SettingsFromPyproject(pyproject->text, pyproject->path, &warnings));
      Warn(warnings);
    }
  }
  return Apply(settings, client_settings_);
}

void Server::Configure(Document* document) {
  document->settings = SettingsOf(document->uri);
  document->trusted = TrustOf(document->uri);
  runner_->SetDocumentTrust(document->uri, document->trusted);
}

void Server::RefreshSettings() {
  for (auto& [uri, document] : documents_) {
    Settings before = document.settings;
    document.settings = SettingsOf(uri);
    if (before == document.settings) continue;
    Log(4, "tvm-lsp: the settings of " + uri + " are now " + ToJson(document.settings).dump());
    if (!document.settings.round_trip_on_save) ClearRoundTrip(&document);
    // Switching back to diagnostics while typing: bring them up to date.
    if (document.analysed && document.settings.diagnostics_on == DiagnosticsOn::kType &&
        document.published_version != document.version) {
      ScheduleAnalysis(uri);
    }
  }
  RefreshPulledDiagnostics();
}

void Server::ApplyTrust() {
  bool session = cli_trusted_ || client_trusted_;
  bool changed = false;
  runner_->SetSessionTrust(session);
  for (auto& [uri, document] : documents_) {
    bool trusted = TrustOf(uri);
    if (trusted == document.trusted) continue;
    changed = true;
    // A worker's trust is fixed: the document moves to the worker of its new trust, and its
    // analysis (made under the old trust) is dropped.
    if (document.analysed) runner_->client(uri).Close(uri);
    runner_->SetDocumentTrust(uri, trusted);
    document.trusted = trusted;
    document.analysis.reset();
    document.index.reset();
    document.analysis_version = -1;
    document.round_trip = RoundTripState();  // checked under the old trust
    for (auto& [view_uri, view] : document.views) view.pulled_version = -1;  // cells' too
    if (document.analysed) {
      runner_->client(uri).Open(uri, document.version, document.text);
      ScheduleAnalysis(uri, milliseconds(0));
    }
  }
  UpdateStatus();
  if (changed) RefreshPulledDiagnostics();
}

milliseconds Server::DebounceOf(const Document& document) const {
  if (document.settings.debounce) return *document.settings.debounce;
  return ComputeDebounce(DebouncePolicy{}, document.times.recent(), document.times.gaps());
}

void Server::Warn(const std::vector<std::string>& warnings) {
  for (const std::string& warning : warnings) {
    if (warned_.insert(warning).second) Log(kLogWarning, warning);
  }
}

void Server::AnalysisEnded(const AnalysisOutcome& outcome) {
  if (analyses_running_ > 0) --analyses_running_;
  if (outcome.status == AnalysisOutcome::Status::kFailed) {
    error_ = outcome.result.diagnostics.empty() ? "the analysis worker failed"
                                                : outcome.result.diagnostics.front().message;
  } else if (outcome.status == AnalysisOutcome::Status::kDone) {
    error_.clear();
  }
  UpdateStatus();
}

void Server::UpdateStatus() {
  if (state_ != State::kRunning || exiting_) return;
  bool trusted = cli_trusted_ || client_trusted_;
  json status = {{"trusted", trusted}};
  if (analysis_stopped_) {
    status["state"] = "error";
    status["message"] = "analysis has stopped: the analysis worker crashed too often";
  } else if (!error_.empty()) {
    status["state"] = "error";
    status["message"] = error_;
  } else {
    status["state"] = warming_up_ ? "starting" : analyses_running_ > 0 ? "analysing" : "ready";
    status["message"] = trusted ? "trusted by " + trust_source_
                                : std::string(
                                      "untrusted: files are analysed without running "
                                      "their code");
  }
  if (status == last_status_) return;
  last_status_ = status;
  Notify("tvmscript/status", std::move(status));
}

void Server::SendRequest(const std::string& method, json params,
                         std::function<void(const json&)> done) {
  json id = "tvm-lsp-" + std::to_string(next_request_id_++);
  outgoing_[id.dump()] = std::move(done);
  json message = {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
  if (!params.is_null()) message["params"] = std::move(params);
  Send(message);
}

void Server::OnReply(const json& id, const json& message) {
  auto it = outgoing_.find(id.dump());
  if (it == outgoing_.end()) return;  // not ours, or answered twice
  std::function<void(const json&)> done = std::move(it->second);
  outgoing_.erase(it);
  try {
    done(message);
  } catch (const std::exception& error) {
    Log(kLogError, std::string("tvm-lsp: a reply of the client was ignored: ") + error.what());
  }
}

void Server::RefreshPulledDiagnostics() {
  if (!pull_diagnostics_ || !refresh_supported_) return;
  SendRequest("workspace/diagnostic/refresh", nullptr, [](const json&) {});
}

}  // namespace lsp
}  // namespace tvm
