/*!
 * \file worker_queries.cc
 * \brief WorkerClient's range edits and its queries on the worker's last analysis (what is at
 *  a position, formatting verdicts), time-limited from outside like analyses.
 */
#include <string>

#include "worker_client_internal.h"

namespace tvm {
namespace lsp {

using nlohmann::json;

namespace {

/*!
 * \brief The outcome of a query from its reply: the answer decoded and checked (`check`
 *  throws ProtocolViolation at anything the worker should not have sent), then copied by
 *  `fill`. No reply is kFailed; a reply that breaks the protocol is kFailed too, after the
 *  worker is rejected: none of its data is used.
 */
template <typename Result, typename Outcome, typename Reject, typename Check, typename Fill>
Outcome QueryOutcome(Reject reject, const std::optional<json>& reply, std::string failed,
                     Outcome outcome, Check check, Fill fill) {
  if (reply) {
    try {
      auto answer = protocol::Decode<Result>(*reply, "result");
      bool done = answer.status == protocol::QueryStatus::kDone;
      check(answer, done);
      outcome.status = done ? QueryStatus::kDone : QueryStatus::kStale;
      fill(&outcome, std::move(answer));
      return outcome;
    } catch (const protocol::SchemaError& error) {
      failed = std::string("a query reply off the schema: ") + error.what();
    } catch (const ProtocolViolation& violation) {
      failed = violation.what();
    }
    reject(failed);
    failed =
        "the analysis worker broke the protocol, so it was stopped and none of its answer "
        "is used: " +
        failed;
  }
  outcome.status = QueryStatus::kFailed;
  outcome.message = std::move(failed);
  return outcome;
}

}  // namespace

WorkerClient::Impl::Analysed WorkerClient::Impl::AnalysedOrThrow(const std::string& uri,
                                                                 int64_t version) {
  std::optional<Analysed> found = AnalysedAt(uri, version);
  if (!found) {
    throw ProtocolViolation("an answer on version " + std::to_string(version) +
                            ", which the client holds no analysis of");
  }
  return std::move(*found);
}

std::optional<json> WorkerClient::Impl::Query(const std::string& method, const std::string& uri,
                                              const std::function<json(int64_t)>& params,
                                              int64_t* version, std::string* failed) {
  {
    std::lock_guard<std::mutex> lock(send_mutex);
    auto it = documents.find(uri);
    if (it == documents.end()) {
      *failed = uri + " is not open";
      return std::nullopt;
    }
    *version = it->second.version;
  }
  try {
    EnsureStarted();
  } catch (const WorkerError& error) {
    *failed = error.what();
    return std::nullopt;
  }
  int64_t id = Ask(method, params(*version));
  // The worker stops the query itself at `query_limit` and keeps what it holds; the kill is for
  // a query stuck where the worker cannot stop it (in C code).
  std::optional<protocol::Reply> reply =
      Wait(id, Clock::now() + options.query_limit + options.query_kill_grace);
  if (!reply) {
    bool died = false;
    {
      std::lock_guard<std::mutex> lock(mutex);
      died = !alive;
    }
    if (!died) {
      std::lock_guard<std::mutex> lifecycle(lifecycle_mutex);
      StopLocked();  // killed and reaped: the next request starts a new worker
    }
    *failed = died ? "the analysis worker died during the query"
                   : "the query ran past its " + std::to_string(options.query_limit.count()) +
                         " ms limit (time-limit) and could not be stopped in the analysis "
                         "worker, so the worker was stopped";
    return std::nullopt;
  }
  if (reply->error) {
    *failed = reply->error->message;
    return std::nullopt;
  }
  std::optional<Analysed> analysed = AnalysedAt(uri, *version);
  size_t text_bytes = analysed ? analysed->bounds->bytes() : 0;
  try {
    CheckSizes(reply->result, AnswerLimits::For(text_bytes));
  } catch (const ProtocolViolation& violation) {
    Reject(violation.what());
    *failed = std::string(
                  "the analysis worker broke the protocol, so it was stopped and none "
                  "of its answer is used: ") +
              violation.what();
    return std::nullopt;
  }
  return reply->result;
}

void WorkerClient::Edit(const std::string& uri, int64_t version,
                        const std::vector<TextChange>& changes) {
  std::lock_guard<std::mutex> lock(impl_->send_mutex);
  auto it = impl_->documents.find(uri);
  std::string text = it == impl_->documents.end() ? "" : std::move(it->second.text);
  impl_->documents[uri] = Impl::Document{version, ApplyTextChanges(std::move(text), changes)};
  // As for Change: a worker restarting meanwhile gets the new text with the other documents.
  impl_->Send(protocol::ChangeMethod::kName,
              protocol::ToJson(protocol::ChangeParams{uri, version, std::nullopt, changes}));
}

FormatOutcome WorkerClient::Impl::ProposedVerdicts(const std::string& uri,
                                                   const script::bridge::FormatQuery& query) {
  FormatOutcome outcome;
  std::string failed;
  std::optional<json> reply = Query(
      protocol::FormatMethod::kName, uri,
      [&](int64_t version) {
        return protocol::ToJson(protocol::FormatParams{
            uri, version, query.migrate, query.budget.count(), options.query_limit.count()});
      },
      &outcome.version, &failed);
  int64_t version = outcome.version;
  return QueryOutcome<protocol::FormatResult>(
      [&](const std::string& what) { Reject(what); }, reply, std::move(failed), std::move(outcome),
      [&](const protocol::FormatResult& answer, bool done) {
        CheckAbout(answer.uri, answer.version, uri, version);
        if (!done) {
          if (!answer.definitions.empty()) throw ProtocolViolation("verdicts with a stale answer");
          return;
        }
        if (!answer.complete) {
          if (query.budget.count() <= 0) throw ProtocolViolation("an answer cut short unasked");
          if (!answer.definitions.empty()) {
            throw ProtocolViolation("verdicts with an answer that is not complete");
          }
          return;
        }
        Analysed analysed = AnalysedOrThrow(uri, version);
        CheckVerdicts(answer.definitions, analysed.definitions, *analysed.bounds);
      },
      [](FormatOutcome* out, protocol::FormatResult answer) {
        out->definitions = std::move(answer.definitions);
        out->complete = answer.complete;
      });
}

FormatOutcome WorkerClient::Format(const std::string& uri,
                                   const script::bridge::FormatQuery& query) {
  std::lock_guard<std::mutex> lock(impl_->analyze_mutex);
  // Started now, it is up by the time a verdict needs it (a code action, a save).
  if (!impl_->spare || impl_->spare->options().trusted != impl_->options.trusted) {
    impl_->spare = std::make_unique<SpareWorker>(impl_->options);
  }
  script::bridge::FormatQuery whole = query;  // what is written is judged at once, never in steps
  whole.budget = std::chrono::milliseconds(0);
  return impl_->Confirmed(uri, whole, impl_->ProposedVerdicts(uri, whole));
}

FormatOutcome WorkerClient::UnconfirmedVerdicts(const std::string& uri,
                                                const script::bridge::FormatQuery& query) {
  std::lock_guard<std::mutex> lock(impl_->analyze_mutex);
  return impl_->ProposedVerdicts(uri, query);
}

}  // namespace lsp
}  // namespace tvm
