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

/*!
 * \brief The worker's formatting and migration verdicts of `uri` as one answer: `reply` gets
 *  them (a cell: the verdicts of its own definitions).
 */
WorkerAnswer AskVerdicts(
    WorkerClient& client, const std::string& uri,
    std::function<json(const RequestView&, const std::vector<bridge::FormatVerdict>& format,
                       const std::vector<bridge::FormatVerdict>& migrate)>
        reply) {
  FormatOutcome format = client.Format(uri);
  FormatOutcome migrate =
      format.status == QueryStatus::kDone ? client.Format(uri, bridge::FormatQuery{true}) : format;
  WorkerAnswer answer;
  if (format.version == migrate.version) answer.version = format.version;
  bool format_done = format.status == QueryStatus::kDone;
  answer.status = format_done ? migrate.status : format.status;
  answer.failure = format_done ? migrate.message : format.message;
  answer.reply = [reply, format = std::move(format.definitions),
                  migrate = std::move(migrate.definitions)](const RequestView& view) {
    return reply(view, view.lines.Within(format), view.lines.Within(migrate));
  };
  return answer;
}

/*! \brief A command's target: its argument's `uri` and `position`. */
RequestTarget CommandTargetOf(const json& params) {
  CommandTarget target = TargetOf(params);
  return RequestTarget{target.uri, target.position};
}

}  // namespace

std::vector<RequestSpec> Server::ActionRequests() {
  RequestSpec actions;
  actions.method = "textDocument/codeAction";
  actions.reads = Reads::kWorker;
  actions.doing = "the code actions were computed";
  actions.outside = json::array();
  actions.offer = [](const json&) {
    return json{{"codeActionProvider",
                 {{"codeActionKinds",
                   {"quickfix", "refactor.rewrite.tvmscript.migrate", "source.migrate.tvmscript",
                    "source.format.tvmscript"}}}}};
  };
  actions.check = [](const json& params) {
    lsp_json::Range(params, "range", "params");
    OnlyKinds(params);
  };
  actions.ask = [](WorkerClient& client, const std::string& uri, int64_t, int64_t) {
    return AskVerdicts(client, uri,
                       [](const RequestView& view, const std::vector<bridge::FormatVerdict>& format,
                          const std::vector<bridge::FormatVerdict>& migrate) {
                         ClientRange range = lsp_json::Range(view.params, "range", "params");
                         auto [line, column] = view.lines.FromClient(range.start);
                         auto [end_line, end_column] = view.lines.FromClient(range.end);
                         features::CodeActionInput input{
                             view.document.text,
                             view.analysis,
                             format,
                             migrate,
                             bridge::Range{line, column, end_line, end_column},
                             OnlyKinds(view.params)};
                         json answer = json::array();
                         for (const features::CodeAction& action : features::CodeActions(input)) {
                           answer.push_back(ActionJson(action, view.lines.uri(), view.lines));
                         }
                         return answer;
                       });
  };

  // The commands: rows of their own, their target the command's argument.
  RequestSpec show;
  show.method = kShowCanonicalIR;
  show.reads = Reads::kAnalysis;
  show.target = CommandTargetOf;
  show.answer = [](const RequestView& view) -> std::optional<json> {
    std::optional<std::pair<int64_t, int64_t>> at;
    if (CommandTargetOf(view.params).position) {
      at = std::pair<int64_t, int64_t>{view.lines.LineIn(view.line), view.column};
    }
    // A cell: its own definitions, at its own lines (the name says the notebook and the cell).
    bridge::ParseResult cell;
    if (view.lines.is_cell()) cell.definitions = view.lines.Local(view.analysis.definitions);
    features::CanonicalIR shown = features::ShowCanonicalIR(
        view.lines.is_cell() ? cell : view.analysis, at, view.lines.name());
    if (!shown.error.empty()) throw rpc::Error(rpc::kRequestFailed, shown.error);
    return json{{"name", shown.name}, {"text", shown.text}};
  };
  RequestSpec round_trip;
  round_trip.method = kCheckRoundTrip;
  round_trip.reads = Reads::kWorker;
  round_trip.target = CommandTargetOf;
  round_trip.doing = "the round trip was checked";
  round_trip.ask = [](WorkerClient& client, const std::string& uri, int64_t, int64_t) {
    return AskVerdicts(client, uri,
                       [](const RequestView& view, const std::vector<bridge::FormatVerdict>&,
                          const std::vector<bridge::FormatVerdict>& migrate) {
                         std::vector<const bridge::FormatVerdict*> chosen;
                         for (const bridge::FormatVerdict& verdict : migrate)
                           chosen.push_back(&verdict);
                         if (CommandTargetOf(view.params).position) {
                           const bridge::Definition* here =
                               features::DefinitionAt(view.analysis, view.line, view.column);
                           if (here == nullptr) {
                             throw rpc::Error(rpc::kRequestFailed,
                                              "there is no TVMScript definition at line " +
                                                  std::to_string(view.lines.LineIn(view.line)));
                           }
                           chosen.clear();
                           for (const bridge::FormatVerdict& verdict : migrate) {
                             if (verdict.key == here->key && verdict.name == here->name) {
                               chosen.push_back(&verdict);
                             }
                           }
                         }
                         return RoundTripJson(chosen, view.lines, view.lines.name());
                       });
  };
  commands_.clear();
  commands_.emplace(kShowCanonicalIR, std::move(show));
  commands_.emplace(kCheckRoundTrip, std::move(round_trip));

  RequestSpec execute;
  execute.method = "workspace/executeCommand";
  execute.reads = Reads::kServer;
  execute.offer = [](const json&) {
    return json{{"executeCommandProvider", {{"commands", {kShowCanonicalIR, kCheckRoundTrip}}}}};
  };
  execute.serve = [this](const json& id, const json& params) {
    lsp_json::ParamsObject(params);
    std::string command = lsp_json::String(params, "command", "params");
    auto row = commands_.find(command);
    if (row == commands_.end()) {
      throw rpc::Error(rpc::kInvalidParams, "params.command: unknown command \"" + command +
                                                "\" (the commands are " + kShowCanonicalIR +
                                                " and " + kCheckRoundTrip + ")");
    }
    CommandTarget target = TargetOf(params);
    Document* document = Resolve(target.uri);
    if (document == nullptr) {
      throw rpc::Error(rpc::kInvalidParams,
                       "params.arguments[0].uri: " + target.uri + " is not open");
    }
    if (!document->analysed) {
      throw rpc::Error(rpc::kRequestFailed, FileName(target.uri) + " is not a TVMScript file");
    }
    return Serve(row->second, id, params);
  };
  std::vector<RequestSpec> rows;
  rows.push_back(std::move(actions));
  rows.push_back(std::move(execute));
  return rows;
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
