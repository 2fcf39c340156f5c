/*!
 * \file server_requests.cc
 * \brief The one chain every request goes through (request.h): the table's rows registered,
 *  their offers merged into `initialize`'s capabilities, and `Serve`, which resolves the
 *  document, answers at once what can be answered on the loop, and otherwise asks the worker
 *  on the analysis thread and answers on the loop, where a document that changed meanwhile
 *  makes the answer -32801 and a cancelled request gets none.
 */
#include "json_rpc.h"
#include "lsp_json.h"
#include "request.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;

RequestTarget TextDocumentTarget(const json& params) {
  const json& item = lsp_json::Object(params, "textDocument", "params");
  RequestTarget target{lsp_json::String(item, "uri", "params.textDocument"), std::nullopt};
  if (params.contains("position")) {
    target.position = lsp_json::Position(params, "position", "params");
  }
  return target;
}

void Server::RegisterRequests() {
  for (auto part :
       {&Server::LifecycleRequests, &Server::HoverRequests, &Server::FormattingRequests,
        &Server::NavigationRequests, &Server::LanguageRequests, &Server::CompletionRequests,
        &Server::ActionRequests, &Server::WorkspaceRequests}) {
    for (RequestSpec& spec : (this->*part)()) {
      std::string method = spec.method;
      requests_[method] = std::move(spec);
    }
  }
}

json Server::RequestOffers(const json& client_capabilities) const {
  json capabilities = json::object();
  for (const auto& [method, spec] : requests_) {
    if (spec.offer) capabilities.update(spec.offer(client_capabilities));
  }
  return capabilities;
}

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

namespace {

const bridge::ParseResult kNoAnalysis;
const PartsIndex kNoIndex;

const bridge::ParseResult& CurrentAnalysis(const Document& document) {
  return document.analysis && document.analysis_version == document.version ? *document.analysis
                                                                            : kNoAnalysis;
}

/*! \brief An analysis as a worker answer: its version unless the worker cancelled it. */
WorkerAnswer AnalysisAnswer(const AnalysisOutcome& outcome) {
  WorkerAnswer answer;
  bool done = outcome.status == AnalysisOutcome::Status::kDone;
  if (outcome.status != AnalysisOutcome::Status::kCancelled) answer.version = outcome.version;
  answer.status = done ? QueryStatus::kDone : QueryStatus::kFailed;
  answer.failure = outcome.result.diagnostics.empty() ? "the analysis was refused"
                                                      : outcome.result.diagnostics.front().message;
  return answer;
}

}  // namespace

std::optional<json> Server::AnswerOn(const RequestTarget& target, const json& params,
                                     const Document& now, const bridge::ParseResult& analysis,
                                     const RequestAnswer& answer) {
  DocumentMap lines = MapOf(target.uri, now);  // a cell: its lines of the notebook
  auto [line, column] = target.position ? lines.FromClient(*target.position)
                                        : std::pair<int64_t, int64_t>{lines.first_line(), 0};
  // The index of the same analysis as `analysis` (none when that is the empty one).
  const PartsIndex& index = now.index && &analysis == now.analysis.get() ? *now.index : kNoIndex;
  return answer(RequestView{now, lines, params, line, column, analysis, index});
}

std::optional<json> Server::Serve(const RequestSpec& spec, const json& id, const json& params) {
  if (spec.reads == Reads::kServer) return spec.serve(id, params);
  RequestTarget target = spec.target ? spec.target(params) : TextDocumentTarget(params);
  if (spec.check) spec.check(params);
  Document* document = Resolve(target.uri);
  if (document == nullptr) throw rpc::Error(rpc::kInvalidParams, target.uri + " is not open");
  if (!document->analysed) return spec.outside;
  if (document->first_screen)
    LookingAt(document, MapOf(target.uri, *document), params, target.position);
  const bridge::ParseResult& any = document->analysis ? *document->analysis : kNoAnalysis;
  bool current = document->analysis && document->analysis_version == document->version;
  if (spec.reads == Reads::kText || (spec.reads == Reads::kAnalysis && current)) {
    return AnswerOn(target, params, *document, any, spec.answer).value_or(json(nullptr));
  }
  if (spec.reads == Reads::kAnalysis && spec.answer_stale && document->analysis) {
    if (std::optional<json> early =
            AnswerOn(target, params, *document, *document->analysis, spec.answer_stale)) {
      return early;
    }
  }
  RefuseWhenStopped();
  if (spec.reads == Reads::kWorker && spec.answer) {
    if (std::optional<json> early = AnswerOn(target, params, *document, any, spec.answer)) {
      return early;
    }
  }
  // To the analysis thread: the worker's answer (after an analysis when it had none of this
  // version, published first), then back on the loop.
  std::string uri = document->uri;  // a cell's is its notebook's
  int64_t version = document->version;
  std::pair<int64_t, int64_t> at{0, 0};
  if (spec.reads == Reads::kWorker) {
    DocumentMap lines = MapOf(target.uri, *document);
    if (target.position) at = lines.FromClient(*target.position);
  }
  const RequestSpec* row = &spec;  // rows live as long as the server
  runner_->Run(uri, [this, row, id, uri, version, at, target, params](WorkerClient& client) {
    std::optional<AnalysisOutcome> analysed;
    WorkerAnswer answer;
    if (row->reads == Reads::kAnalysis) {
      analysed = client.Analyze(uri);
      answer = AnalysisAnswer(*analysed);
    } else {
      answer = row->ask(client, uri, at.first, at.second);
      if (answer.status == QueryStatus::kStale) {
        analysed = client.Analyze(uri);
        answer = row->ask(client, uri, at.first, at.second);
      }
    }
    runner_->PostBack([this, row, id, uri, version, target, params, analysed = std::move(analysed),
                       answer = std::move(answer)] {
      if (analysed) Publish(*analysed);  // kept as the document's when of its current version
      Document* now =
          Answerable(id, uri, version, answer.version, answer.status, answer.failure, row->doing);
      if (now == nullptr) return;
      if (row->reads == Reads::kAnalysis && (!now->analysis || now->analysis_version != version)) {
        ReplyError(id, rpc::kContentModified, "the document changed while it was analysed");
        return;
      }
      try {
        RequestAnswer reply = row->reads == Reads::kAnalysis
                                  ? row->answer
                                  : RequestAnswer([&answer](const RequestView& view) {
                                      return std::optional<json>(answer.reply(view));
                                    });
        Reply(id,
              AnswerOn(target, params, *now, CurrentAnalysis(*now), reply).value_or(json(nullptr)));
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
