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
  std::string uri = lsp_json::String(item, "uri", "params.textDocument");
  ClientPosition position = lsp_json::Position(params, "position", "params");
  Document* document = Find(uri);
  if (document == nullptr) throw rpc::Error(rpc::kInvalidParams, uri + " is not open");
  if (!document->analysed) return json(nullptr);
  RefuseWhenStopped();
  auto [line, column] = Lines(*document).FromClient(position);
  int64_t version = document->version;
  auto publish = [this](AnalysisOutcome outcome) { Publish(outcome); };
  runner_->Run(
      uri, [this, id, uri, line = line, column = column, version, publish](WorkerClient& client) {
        auto query = [&](WorkerClient& c) { return c.WhatIsAt(uri, line, column); };
        WhatIsAtOutcome outcome =
            AnalysedQuery<WhatIsAtOutcome>(client, runner_.get(), uri, query, publish);
        runner_->PostBack([this, id, uri, version, outcome] {
          Document* now = Answerable(id, uri, version, outcome.version, outcome.status,
                                     outcome.message, "the hover was computed");
          if (now == nullptr) return;
          std::optional<features::HoverContent> hover = features::Hover(
              outcome.node, now->published_version == version ? now->symbols : kNoSymbols, hover_);
          if (!hover) {
            Reply(id, nullptr);
            return;
          }
          const char* kind = hover_.markdown ? "markdown" : "plaintext";
          Reply(id, {{"contents", {{"kind", kind}, {"value", hover->text}}},
                     {"range", lsp_json::ToJson(Lines(*now).ToClient(hover->range))}});
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
  RefuseWhenStopped();
  int64_t version = document->version;
  auto publish = [this](AnalysisOutcome outcome) { Publish(outcome); };
  runner_->Run(uri, [this, id, uri, version, publish](WorkerClient& client) {
    auto query = [&](WorkerClient& c) { return c.Format(uri); };
    FormatOutcome outcome =
        AnalysedQuery<FormatOutcome>(client, runner_.get(), uri, query, publish);
    runner_->PostBack([this, id, uri, version, outcome] {
      Document* now = Answerable(id, uri, version, outcome.version, outcome.status, outcome.message,
                                 "it was formatted");
      if (now == nullptr) return;
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
