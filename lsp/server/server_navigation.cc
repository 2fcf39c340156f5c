/*!
 * \file server_navigation.cc
 * \brief The navigation requests (definition, declaration, references, documentHighlight,
 *  rename, prepareRename, documentSymbol, foldingRange): answered on the loop from the
 *  document's last analysis at its current version (kept by `Publish`), or after analysing
 *  it on the analysis thread when there is none yet.
 */
#include <algorithm>

#include "features/features.h"
#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;

namespace {

/*! \brief LSP's SymbolKind for the analysis's kinds. */
int SymbolKindOf(const std::string& kind) {
  if (kind == "module") return 2;     // Module
  if (kind == "function") return 12;  // Function
  if (kind == "tensor") return 18;    // Array
  if (kind == "symbol") return 14;    // Constant
  if (kind == "block") return 3;      // Namespace: an S-TIR block scopes what it defines
  return 13;                          // Variable: parameters, loop variables, bound scalars
}

json OutlineJson(const features::OutlineSymbol& symbol, const DocumentMap& lines) {
  json children = json::array();
  for (const features::OutlineSymbol& child : symbol.children) {
    children.push_back(OutlineJson(child, lines));
  }
  json entry = {{"name", symbol.name},
                {"kind", SymbolKindOf(symbol.kind)},
                {"range", lsp_json::ToJson(lines.ToClient(symbol.range))},
                {"selectionRange", lsp_json::ToJson(lines.ToClient(symbol.selection))},
                {"children", std::move(children)}};
  if (!symbol.detail.empty()) entry["detail"] = symbol.detail;
  return entry;
}

/*! \brief Whether the client's `textDocument.rename.prepareSupport` is true. */
bool PrepareSupport(const json& capabilities) {
  const json* at = &capabilities;
  for (const char* key : {"textDocument", "rename", "prepareSupport"}) {
    auto it = at->is_object() ? at->find(key) : at->end();
    if (it == at->end()) return false;
    at = &*it;
  }
  return at->is_boolean() && at->get<bool>();
}

}  // namespace

json NavigationCapabilities(const json& client_capabilities) {
  json rename = PrepareSupport(client_capabilities) ? json{{"prepareProvider", true}} : json(true);
  return {{"definitionProvider", true},   {"declarationProvider", true},
          {"referencesProvider", true},   {"documentHighlightProvider", true},
          {"renameProvider", rename},     {"documentSymbolProvider", true},
          {"foldingRangeProvider", true}, {"selectionRangeProvider", true}};
}

void Server::RegisterNavigation() {
  auto locations = [this](std::vector<bridge::Range> (*find)(const Server::Query&)) {
    return [this, find](const json& id, const json& params) {
      return FromAnalysis(id, params, json(nullptr), [find](const Query& query) {
        json answer = json::array();
        for (const bridge::Range& range : find(query)) {
          answer.push_back(lsp_json::LocationJson(range, query.lines));  // a cell: any cell
        }
        return answer;
      });
    };
  };
  auto definition = [](const Query& query) {
    return features::Definition(query.result, query.line, query.column);
  };
  requests_["textDocument/definition"] = locations(definition);
  requests_["textDocument/declaration"] = locations(definition);
  requests_["textDocument/references"] = locations([](const Query& query) {
    features::ReferencesOptions options;
    const json& context = query.params.contains("context")
                              ? lsp_json::Object(query.params, "context", "params")
                              : json::object();
    auto include = context.find("includeDeclaration");
    if (include != context.end() && include->is_boolean()) {
      options.include_declaration = include->get<bool>();
    }
    return features::References(query.result, query.line, query.column, options);
  });
  requests_["textDocument/documentHighlight"] = [this](const json& id, const json& params) {
    return FromAnalysis(id, params, json(nullptr), [](const Query& query) {
      json answer = json::array();
      for (const features::Highlight& highlight : features::DocumentHighlight(
               query.document.text, query.result, query.line, query.column)) {
        if (!query.lines.Holds(highlight.range)) continue;  // in another cell
        answer.push_back({{"range", lsp_json::ToJson(query.lines.ToClient(highlight.range))},
                          {"kind", highlight.write ? 3 : 2}});  // Write, Read
      }
      return answer;
    });
  };
  requests_["textDocument/prepareRename"] = [this](const json& id, const json& params) {
    return FromAnalysis(id, params, json(nullptr), [](const Query& query) {
      features::PrepareRenameResult prepared =
          features::PrepareRename(query.document.text, query.result, query.line, query.column);
      using Status = features::PrepareRenameResult::Status;
      if (prepared.status == Status::kNothing) return json(nullptr);
      if (prepared.status == Status::kRefused)
        throw rpc::Error(rpc::kRequestFailed, prepared.message);
      return json{{"range", lsp_json::ToJson(query.lines.ToClient(prepared.range))},
                  {"placeholder", prepared.placeholder}};
    });
  };
  requests_["textDocument/rename"] = [this](const json& id, const json& params) {
    std::string new_name = lsp_json::String(params, "newName", "params");
    return FromAnalysis(id, params, json(nullptr), [new_name](const Query& query) {
      // A cell's lines in messages: its own, or another cell's named.
      features::RenameOptions options{
          [&query](int64_t line) { return query.lines.LineName(line); }};
      features::RenameResult renamed = features::Rename(
          query.document.text, query.result, query.line, query.column, new_name, options);
      if (renamed.refusal) throw rpc::Error(rpc::kRequestFailed, *renamed.refusal);
      return lsp_json::WorkspaceEditJson(renamed.edits, query.lines);  // a cell: any cell
    });
  };
  requests_["textDocument/documentSymbol"] = [this](const json& id, const json& params) {
    return FromAnalysis(id, params, json(nullptr), [](const Query& query) {
      json answer = json::array();
      for (const features::OutlineSymbol& symbol :
           features::DocumentSymbols(query.document.text, query.result)) {
        if (!query.lines.Holds(symbol.range)) continue;  // in another cell
        answer.push_back(OutlineJson(symbol, query.lines));
      }
      return answer;
    });
  };
  requests_["textDocument/selectionRange"] = [this](const json& id, const json& params) {
    const json& positions = lsp_json::Array(params, "positions", "params");
    std::vector<ClientPosition> wanted;
    for (size_t k = 0; k < positions.size(); ++k) {
      std::string path = "params.positions[" + std::to_string(k) + "]";
      if (!positions[k].is_object()) {
        throw rpc::Error(rpc::kInvalidParams,
                         path + ": expected an object, got " + lsp_json::KindName(positions[k]));
      }
      wanted.push_back(ClientPosition{lsp_json::Integer(positions[k], "line", path),
                                      lsp_json::Integer(positions[k], "character", path)});
    }
    return FromAnalysis(id, params, json(nullptr), [wanted](const Query& query) {
      json answer = json::array();
      std::vector<std::pair<int64_t, int64_t>> at;
      for (const ClientPosition& position : wanted) at.push_back(query.lines.FromClient(position));
      for (const std::vector<bridge::Range>& chain :
           features::SelectionRanges(query.document.text, query.result, at)) {
        json parent;                      // null: the outermost has none
        std::optional<ClientRange> last;  // a cell clamps the outer ranges: one of each
        for (auto range = chain.rbegin(); range != chain.rend(); ++range) {
          ClientRange client = query.lines.ToClient(*range);
          if (last == client) continue;
          last = client;
          json entry = {{"range", lsp_json::ToJson(client)}};
          if (!parent.is_null()) entry["parent"] = std::move(parent);
          parent = std::move(entry);
        }
        answer.push_back(std::move(parent));
      }
      return answer;
    });
  };
  requests_["textDocument/foldingRange"] = [this](const json& id, const json& params) {
    return FromAnalysis(id, params, json(nullptr), [](const Query& query) {
      json answer = json::array();
      for (const features::Fold& fold : features::FoldingRanges(query.document.text)) {
        if (!query.lines.Holds(fold.start_line)) continue;  // in another cell
        int64_t start = query.lines.ToClient(fold.start_line, 0).line;
        int64_t end =
            query.lines.ToClient(std::min(fold.end_line, query.lines.last_line()), 0).line;
        if (end <= start) continue;
        json range = {{"startLine", start}, {"endLine", end}};
        if (fold.comment) range["kind"] = "comment";
        answer.push_back(std::move(range));
      }
      return answer;
    });
  };
}

std::optional<json> Server::FromAnalysis(const json& id, const json& params, json outside,
                                         std::function<json(const Query&)> answer) {
  const json& item = lsp_json::Object(params, "textDocument", "params");
  std::string asked = lsp_json::String(item, "uri", "params.textDocument");
  std::optional<ClientPosition> position;
  if (params.contains("position")) position = lsp_json::Position(params, "position", "params");
  Document* document = Resolve(asked);
  if (document == nullptr) throw rpc::Error(rpc::kInvalidParams, asked + " is not open");
  if (!document->analysed) return outside;
  std::string uri = document->uri;  // a cell's is its notebook's
  auto respond = [this, params, position, answer, asked](const Document& now) {
    DocumentMap lines = MapOf(asked, now);
    auto [line, column] =
        position ? lines.FromClient(*position) : std::pair<int64_t, int64_t>{lines.first_line(), 0};
    return answer(Query{now, *now.analysis, lines, params, line, column});
  };
  if (document->analysis && document->analysis_version == document->version) {
    return respond(*document);
  }
  RefuseWhenStopped();
  int64_t version = document->version;
  runner_->Run(uri, [this, id, uri, version, respond](WorkerClient& client) {
    AnalysisOutcome outcome = client.Analyze(uri);
    runner_->PostBack([this, id, uri, version, respond, outcome] {
      Publish(outcome);  // keeps the analysis when it is of the current version
      bool done = outcome.status == AnalysisOutcome::Status::kDone;
      std::string failure = outcome.result.diagnostics.empty()
                                ? "the analysis was refused"
                                : outcome.result.diagnostics.front().message;
      Document* now =
          Answerable(id, uri, version,
                     outcome.status == AnalysisOutcome::Status::kCancelled
                         ? std::nullopt
                         : std::optional<int64_t>(outcome.version),
                     done ? QueryStatus::kDone : QueryStatus::kFailed, failure, "it was analysed");
      if (now == nullptr) return;
      if (!now->analysis || now->analysis_version != version) {
        ReplyError(id, rpc::kContentModified, "the document changed while it was analysed");
        return;
      }
      try {
        Reply(id, respond(*now));
      } catch (const rpc::Error& error) {
        ReplyError(id, error.code(), error.what());
      } catch (const std::exception& error) {
        ReplyError(id, rpc::kInternalError, std::string("internal error: ") + error.what());
      }
    });
  });
  return std::nullopt;
}

}  // namespace lsp
}  // namespace tvm
