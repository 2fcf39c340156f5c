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

/*! \brief Runs a query; a document the worker has not analysed at this version is analysed
 *  first (its diagnostics are published too). */
template <typename Outcome, typename Query>
Outcome AnalysedQuery(WorkerClient& client, AnalysisRunner* runner, const std::string& uri,
                      const Query& query, const std::function<void(AnalysisOutcome)>& publish) {
  Outcome outcome = query(client);
  if (outcome.status != QueryStatus::kStale) return outcome;
  AnalysisOutcome analysis = client.Analyze(uri);
  runner->PostBack([publish, analysis] { publish(analysis); });
  return query(client);
}

}  // namespace

std::optional<json> Server::HoverRequest(const json& id, const json& params) {
  const json& item = lsp_json::Object(params, "textDocument", "params");
  std::string uri = lsp_json::String(item, "uri", "params.textDocument");
  ClientPosition position = lsp_json::Position(params, "position", "params");
  Document* document = Find(uri);
  if (document == nullptr) throw rpc::Error(rpc::kInvalidParams, uri + " is not open");
  if (!document->analysed) return json(nullptr);
  auto [line, column] = Lines(*document).FromClient(position);
  int64_t version = document->version;
  auto publish = [this](AnalysisOutcome outcome) { Publish(outcome); };
  runner_->Run([this, id, uri, line = line, column = column, version,
                publish](WorkerClient& client) {
    auto query = [&](WorkerClient& c) { return c.WhatIsAt(uri, line, column); };
    WhatIsAtOutcome outcome =
        AnalysedQuery<WhatIsAtOutcome>(client, runner_.get(), uri, query, publish);
    runner_->PostBack([this, id, uri, version, outcome] {
      Document* now = Find(uri);
      if (now == nullptr || now->version != version || outcome.version != version) {
        ReplyError(id, rpc::kContentModified, "the document changed while the hover was computed");
      } else if (outcome.status == QueryStatus::kFailed) {
        ReplyError(id, rpc::kInternalError,
                   "the analysis worker gave no answer: " + outcome.message);
      } else if (std::optional<features::HoverContent> hover = features::Hover(outcome.node)) {
        Reply(id, {{"contents", {{"kind", "markdown"}, {"value", hover->markdown}}},
                   {"range", lsp_json::ToJson(Lines(*now).ToClient(hover->range))}});
      } else {
        Reply(id, nullptr);
      }
    });
  });
  return std::nullopt;
}

std::optional<json> Server::FormattingRequest(const json& id, const json& params) {
  const json& item = lsp_json::Object(params, "textDocument", "params");
  std::string uri = lsp_json::String(item, "uri", "params.textDocument");
  Document* document = Find(uri);
  if (document == nullptr) throw rpc::Error(rpc::kInvalidParams, uri + " is not open");
  if (!document->analysed) return json::array();
  int64_t version = document->version;
  auto publish = [this](AnalysisOutcome outcome) { Publish(outcome); };
  runner_->Run([this, id, uri, version, publish](WorkerClient& client) {
    auto query = [&](WorkerClient& c) { return c.Format(uri); };
    FormatOutcome outcome =
        AnalysedQuery<FormatOutcome>(client, runner_.get(), uri, query, publish);
    runner_->PostBack([this, id, uri, version, outcome] {
      Document* now = Find(uri);
      if (now == nullptr || now->version != version || outcome.version != version) {
        ReplyError(id, rpc::kContentModified, "the document changed while it was formatted");
        return;
      }
      if (outcome.status == QueryStatus::kFailed) {
        ReplyError(id, rpc::kInternalError,
                   "the analysis worker gave no answer: " + outcome.message);
        return;
      }
      features::FormattingResult result = features::Formatting(now->text, outcome.definitions);
      for (const std::string& skipped : result.skipped) {
        Log(3, "tvm-lsp: formatting left " + skipped + " alone");
      }
      LineIndex lines = Lines(*now);
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
