/*!
 * \file server_actions.cc
 * \brief `textDocument/codeAction` and `workspace/executeCommand` (`tvmscript.showCanonicalIR`,
 *  `tvmscript.checkRoundTrip`): the worker's verdicts asked on the analysis thread, the
 *  features (code_actions.cc, commands.cc) run on the loop.
 */
#include "features/features.h"
#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;

namespace {

constexpr const char* kShowCanonicalIR = "tvmscript.showCanonicalIR";
constexpr const char* kCheckRoundTrip = "tvmscript.checkRoundTrip";

/*! \brief The reasons that say the canonical print does not read back as the same program. */
bool RoundTripFailure(const std::string& reason) {
  return reason == "not-equal" || reason == "renames" || reason == "unstable";
}

/*! \brief `context.only`, checked: a list of strings. */
std::vector<std::string> OnlyKinds(const json& params) {
  std::vector<std::string> only;
  if (!params.contains("context")) return only;
  const json& context = lsp_json::Object(params, "context", "params");
  if (!context.contains("only") || context["only"].is_null()) return only;
  const json& kinds = lsp_json::Array(context, "only", "params.context");
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (!kinds[i].is_string()) {
      throw rpc::Error(rpc::kInvalidParams, "params.context.only[" + std::to_string(i) +
                                                "]: expected a string, got " +
                                                lsp_json::KindName(kinds[i]));
    }
    only.push_back(kinds[i].get<std::string>());
  }
  return only;
}

json ActionJson(const features::CodeAction& action, const std::string& uri,
                const DocumentMap& lines) {
  json out = {{"title", action.title}};
  if (!action.kind.empty()) out["kind"] = action.kind;
  if (!action.edits.empty()) out["edit"] = lsp_json::WorkspaceEditJson(action.edits, lines);
  if (!action.command.empty()) {
    json argument = {{"uri", uri}};
    if (action.command_at) {
      argument["position"] = lsp_json::ToJson(lines.ToClient(*action.command_at).start);
    }
    out["command"] = {{"title", action.title},
                      {"command", action.command},
                      {"arguments", json::array({std::move(argument)})}};
  }
  if (!action.diagnostics.empty()) {
    json diagnostics = json::array();
    for (const bridge::Diagnostic& d : action.diagnostics) {
      diagnostics.push_back(lsp_json::ToJson(d, lines));
    }
    out["diagnostics"] = std::move(diagnostics);
  }
  if (action.preferred) out["isPreferred"] = true;
  if (!action.disabled.empty()) out["disabled"] = {{"reason", action.disabled}};
  return out;
}

/*! \brief A command's one argument, checked: `{uri, position?}`. */
struct CommandTarget {
  std::string uri;
  std::optional<ClientPosition> position;
};

CommandTarget TargetOf(const json& params) {
  const json& arguments = lsp_json::Array(params, "arguments", "params");
  if (arguments.size() != 1) {
    throw rpc::Error(rpc::kInvalidParams,
                     "params.arguments: expected one argument {uri, "
                     "position}, got " +
                         std::to_string(arguments.size()));
  }
  if (!arguments[0].is_object()) {
    throw rpc::Error(rpc::kInvalidParams, "params.arguments[0]: expected an object, got " +
                                              lsp_json::KindName(arguments[0]));
  }
  CommandTarget target{lsp_json::String(arguments[0], "uri", "params.arguments[0]"), {}};
  if (arguments[0].contains("position") && !arguments[0]["position"].is_null()) {
    target.position = lsp_json::Position(arguments[0], "position", "params.arguments[0]");
  }
  return target;
}

std::string FileName(const std::string& uri) {
  size_t slash = uri.rfind('/');
  return slash == std::string::npos ? uri : uri.substr(slash + 1);
}

}  // namespace

json ActionCapabilities() {
  return {{"codeActionProvider",
           {{"codeActionKinds",
             {"quickfix", "refactor.rewrite.tvmscript.migrate", "source.migrate.tvmscript",
              "source.format.tvmscript"}}}},
          {"executeCommandProvider", {{"commands", {kShowCanonicalIR, kCheckRoundTrip}}}}};
}

void Server::RegisterActions() {
  requests_["textDocument/codeAction"] = [this](const json& id, const json& params) {
    return CodeActionRequest(id, params);
  };
  requests_["workspace/executeCommand"] = [this](const json& id, const json& params) {
    lsp_json::ParamsObject(params);
    std::string command = lsp_json::String(params, "command", "params");
    if (command != kShowCanonicalIR && command != kCheckRoundTrip) {
      throw rpc::Error(rpc::kInvalidParams, "params.command: unknown command \"" + command +
                                                "\" (the commands are " + kShowCanonicalIR +
                                                " and " + kCheckRoundTrip + ")");
    }
    CommandTarget target = TargetOf(params);
    if (Resolve(target.uri) == nullptr) {
      throw rpc::Error(rpc::kInvalidParams,
                       "params.arguments[0].uri: " + target.uri + " is not open");
    }
    return command == kShowCanonicalIR ? ShowCanonicalIRCommand(id, target.uri, target.position)
                                       : CheckRoundTripCommand(id, target.uri, target.position);
  };
}

std::optional<json> Server::ShowCanonicalIRCommand(const json& id, const std::string& uri,
                                                   std::optional<ClientPosition> position) {
  json params = {{"textDocument", {{"uri", uri}}}};
  if (position) params["position"] = lsp_json::ToJson(*position);
  json outside = nullptr;
  if (!Resolve(uri)->analysed) {
    throw rpc::Error(rpc::kRequestFailed, FileName(uri) + " is not a TVMScript file");
  }
  return FromAnalysis(id, params, outside, [position](const Query& query) {
    std::optional<std::pair<int64_t, int64_t>> at;
    if (position) at = std::pair<int64_t, int64_t>{query.lines.LineIn(query.line), query.column};
    // A cell: its own definitions, at its own lines (the name says the notebook and the cell).
    bridge::ParseResult cell;
    if (query.lines.is_cell()) cell.definitions = query.lines.Local(query.result.definitions);
    features::CanonicalIR shown = features::ShowCanonicalIR(
        query.lines.is_cell() ? cell : query.result, at, query.lines.name());
    if (!shown.error.empty()) throw rpc::Error(rpc::kRequestFailed, shown.error);
    return json{{"name", shown.name}, {"text", shown.text}};
  });
}

/*!
 * \brief Asks the worker for the formatting and the migration verdicts of `uri` (analysing it
 *  first when needed), then calls `answer` on the loop with the document and both.
 */
void Server::WithVerdicts(const json& id, const std::string& asked, const char* what,
                          VerdictsAnswer answer) {
  Document* document = Resolve(asked);
  RefuseWhenStopped();
  std::string uri = document->uri;  // a cell's is its notebook's
  int64_t version = document->version;
  auto publish = [this](AnalysisOutcome outcome) { Publish(outcome); };
  runner_->Run(uri, [this, id, uri, asked, version, publish, what, answer](WorkerClient& client) {
    auto query = [&](WorkerClient& c) { return c.Format(uri); };
    FormatOutcome format = AnalysedQuery<FormatOutcome>(client, runner_.get(), uri, query, publish);
    FormatOutcome migrate = format.status == QueryStatus::kDone
                                ? client.Format(uri, bridge::FormatQuery{true})
                                : format;
    runner_->PostBack([this, id, uri, asked, version, format, migrate, what, answer] {
      Document* now =
          Answerable(id, uri, version, format.version, format.status, format.message, what);
      if (now == nullptr) return;
      now = Answerable(id, uri, version, migrate.version, migrate.status, migrate.message, what);
      if (now == nullptr) return;
      static const bridge::ParseResult kNothing;
      const bridge::ParseResult& analysis =
          now->analysis && now->analysis_version == version ? *now->analysis : kNothing;
      DocumentMap lines = MapOf(asked, *now);  // a cell: the verdicts of its definitions
      try {
        Reply(id, answer(*now, lines, analysis, lines.Within(format.definitions),
                         lines.Within(migrate.definitions)));
      } catch (const rpc::Error& error) {
        ReplyError(id, error.code(), error.what());
      }
    });
  });
}

std::optional<json> Server::CodeActionRequest(const json& id, const json& params) {
  const json& item = lsp_json::Object(params, "textDocument", "params");
  std::string uri = lsp_json::String(item, "uri", "params.textDocument");
  ClientRange range = lsp_json::Range(params, "range", "params");
  std::vector<std::string> only = OnlyKinds(params);
  Document* document = Resolve(uri);
  if (document == nullptr) throw rpc::Error(rpc::kInvalidParams, uri + " is not open");
  if (!document->analysed) return json::array();
  WithVerdicts(
      id, uri, "the code actions were computed",
      [uri, range, only](const Document& now, const DocumentMap& lines,
                         const bridge::ParseResult& analysis,
                         const std::vector<bridge::FormatVerdict>& format,
                         const std::vector<bridge::FormatVerdict>& migrate) {
        auto [line, column] = lines.FromClient(range.start);
        auto [end_line, end_column] = lines.FromClient(range.end);
        features::CodeActionInput input{
            now.text, analysis, format, migrate, bridge::Range{line, column, end_line, end_column},
            only};
        json actions = json::array();
        for (const features::CodeAction& action : features::CodeActions(input)) {
          actions.push_back(ActionJson(action, uri, lines));
        }
        return actions;
      });
  return std::nullopt;
}

std::optional<json> Server::CheckRoundTripCommand(const json& id, const std::string& uri,
                                                  std::optional<ClientPosition> position) {
  if (!Resolve(uri)->analysed) {
    throw rpc::Error(rpc::kRequestFailed, FileName(uri) + " is not a TVMScript file");
  }
  WithVerdicts(
      id, uri, "the round trip was checked",
      [position](const Document&, const DocumentMap& lines, const bridge::ParseResult& analysis,
                 const std::vector<bridge::FormatVerdict>&,
                 const std::vector<bridge::FormatVerdict>& migrate) {
        std::vector<const bridge::FormatVerdict*> chosen;
        for (const bridge::FormatVerdict& verdict : migrate) chosen.push_back(&verdict);
        if (position) {
          auto [line, column] = lines.FromClient(*position);
          const bridge::Definition* here = features::DefinitionAt(analysis, line, column);
          if (here == nullptr) {
            throw rpc::Error(rpc::kRequestFailed, "there is no TVMScript definition at line " +
                                                      std::to_string(lines.LineIn(line)));
          }
          chosen.clear();
          for (const bridge::FormatVerdict& verdict : migrate) {
            if (verdict.key == here->key && verdict.name == here->name) {
              chosen.push_back(&verdict);
            }
          }
        }
        return RoundTripJson(chosen, lines, lines.name());
      });
  return std::nullopt;
}

json Server::RoundTripJson(const std::vector<const bridge::FormatVerdict*>& verdicts,
                           const DocumentMap& lines, const std::string& file_name) {
  if (verdicts.empty()) throw rpc::Error(rpc::kRequestFailed, file_name + " has no definitions");
  std::string name = verdicts.size() == 1 ? verdicts.front()->name : file_name;
  for (const bridge::FormatVerdict* verdict : verdicts) {
    std::string reason = verdict->reason.value_or("");
    if (reason == "errors" || reason == "stale") {
      throw rpc::Error(rpc::kRequestFailed,
                       verdict->name + " has errors, so its round trip cannot be checked");
    }
    if (verdict->mismatch) {
      // Where the print first reads back differently, as the on-save warning says.
      return {{"name", name},
              {"ok", false},
              {"message", verdict->mismatch->message},
              {"range", lsp_json::ToJson(lines.ToClient(verdict->mismatch->range))}};
    }
    if (RoundTripFailure(reason)) {
      return {{"name", name},
              {"ok", false},
              {"message", verdict->name + ": " + reason + ": " + verdict->detail},
              {"range", lsp_json::ToJson(lines.ToClient(verdict->range))}};
    }
    if (!verdict->text) {
      // Declined before the print was read back (lossy, comments, module symbols): unknown.
      return {{"name", name},
              {"ok", false},
              {"message", verdict->name + ": not checked: " + reason + ": " + verdict->detail},
              {"range", lsp_json::ToJson(lines.ToClient(verdict->range))}};
    }
  }
  return {{"name", name},
          {"ok", true},
          {"message", verdicts.size() == 1
                          ? name + "'s canonical print reads back as the same program"
                          : "every definition's canonical print reads back as the same program"},
          {"range", nullptr}};
}

}  // namespace lsp
}  // namespace tvm
