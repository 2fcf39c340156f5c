/*!
 * \file server_requests.cc
 * \brief The requests that reach the features through the worker (hover, formatting): read
 *  on the loop, asked on the analysis thread, answered on the loop, where a document that
 *  changed meanwhile makes the answer -32801 and a cancelled request gets none.
 */
#include "features/features.h"
#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

namespace {

const std::vector<script::bridge::Symbol> kNoSymbols;

}  // namespace

void Server::RefuseWhenStopped() const {
  if (analysis_stopped_) {
    throw rpc::Error(rpc::kInternalError,
                     "analysis has stopped: the analysis worker crashed too often");
  }
}

Document* Server::Answerable(const json& id, const std::string& uri, int64_t version,
                             std::optional<int64_t> answered_version, QueryStatus status,
                             const std::string& failure, const char* what) {
  Document* now = Find(uri);
  if (now == nullptr || now->version != version || answered_version != version) {
    ReplyError(id, rpc::kContentModified, std::string("the document changed while ") + what);
    return nullptr;
  }
  if (status == QueryStatus::kFailed) {
    ReplyError(id, rpc::kInternalError, "the analysis worker gave no answer: " + failure);
    return nullptr;
  }
  return now;
}

std::optional<json> Server::HoverRequest(const json& id, const json& params) {
  const json& item = lsp_json::Object(params, "textDocument", "params");
  std::string asked = lsp_json::String(item, "uri", "params.textDocument");
  ClientPosition position = lsp_json::Position(params, "position", "params");
  Document* document = Resolve(asked);
  if (document == nullptr) throw rpc::Error(rpc::kInvalidParams, asked + " is not open");
  if (!document->analysed) return json(nullptr);
  RefuseWhenStopped();
  // A namespace member is documented by the catalog, at once; anything else by the worker.
  std::optional<DocumentMap> map;
  if (std::optional<features::CompletionInput> input = CompletionInputOf(params, &map)) {
    if (std::optional<features::HoverContent> member =
            features::MemberHover(*input, {hover_.markdown})) {
      const char* kind = hover_.markdown ? "markdown" : "plaintext";
      return json{{"contents", {{"kind", kind}, {"value", member->text}}},
                  {"range", lsp_json::ToJson(map->ToClient(member->range))}};
    }
  }
  std::string uri = document->uri;  // a cell's is its notebook's
  auto [line, column] = MapOf(asked, *document).FromClient(position);
  int64_t version = document->version;
  auto publish = [this](AnalysisOutcome outcome) { Publish(outcome); };
  runner_->Run(uri, [this, id, uri, asked, line = line, column = column, version,
                     publish](WorkerClient& client) {
    auto query = [&](WorkerClient& c) { return c.WhatIsAt(uri, line, column); };
    WhatIsAtOutcome outcome =
        AnalysedQuery<WhatIsAtOutcome>(client, runner_.get(), uri, query, publish);
    runner_->PostBack([this, id, uri, asked, version, outcome] {
      Document* now = Answerable(id, uri, version, outcome.version, outcome.status, outcome.message,
                                 "the hover was computed");
      if (now == nullptr) return;
      DocumentMap lines = MapOf(asked, *now);
      std::vector<script::bridge::Symbol> storage;
      std::optional<features::HoverContent> hover = features::Hover(
          outcome.node,
          lines.Symbols(now->published_version == version ? now->symbols : kNoSymbols, &storage),
          hover_);
      if (!hover) {
        Reply(id, nullptr);
        return;
      }
      const char* kind = hover_.markdown ? "markdown" : "plaintext";
      Reply(id, {{"contents", {{"kind", kind}, {"value", hover->text}}},
                 {"range", lsp_json::ToJson(lines.ToClient(hover->range))}});
    });
  });
  return std::nullopt;
}

std::optional<json> Server::FormattingRequest(const json& id, const json& params) {
  const json& item = lsp_json::Object(params, "textDocument", "params");
  std::string asked = lsp_json::String(item, "uri", "params.textDocument");
  Document* document = Resolve(asked);
  if (document == nullptr) throw rpc::Error(rpc::kInvalidParams, asked + " is not open");
  if (!document->analysed) return json::array();
  RefuseWhenStopped();
  std::string uri = document->uri;  // a cell's is its notebook's
  int64_t version = document->version;
  auto publish = [this](AnalysisOutcome outcome) { Publish(outcome); };
  runner_->Run(uri, [this, id, uri, asked, version, publish](WorkerClient& client) {
    auto query = [&](WorkerClient& c) { return c.Format(uri); };
    FormatOutcome outcome =
        AnalysedQuery<FormatOutcome>(client, runner_.get(), uri, query, publish);
    runner_->PostBack([this, id, uri, asked, version, outcome] {
      Document* now = Answerable(id, uri, version, outcome.version, outcome.status, outcome.message,
                                 "it was formatted");
      if (now == nullptr) return;
      DocumentMap lines = MapOf(asked, *now);  // a cell formats its own definitions only
      features::FormattingResult result =
          features::Formatting(now->text, lines.Within(outcome.definitions));
      for (const std::string& skipped : result.skipped) {
        Log(3, "tvm-lsp: formatting left " + skipped + " alone");
      }
      json edits = json::array();
      for (const script::bridge::TextEdit& edit : result.edits) {
        edits.push_back(lsp_json::ToJson(edit, lines));
      }
      Reply(id, std::move(edits));
    });
  });
  return std::nullopt;
}

}  // namespace lsp
}  // namespace tvm
