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
 * \brief The outcome of a query from its reply (`Result` decoded, `fill` copies the answer);
 *  no reply, or one off the schema, is kFailed.
 */
template <typename Result, typename Outcome, typename Fill>
Outcome QueryOutcome(std::optional<json> reply, std::string failed, Outcome outcome, Fill fill) {
  if (reply) {
    try {
      auto answer = protocol::Decode<Result>(*reply);
      bool done = answer.status == protocol::QueryStatus::kDone;
      outcome.status = done ? QueryStatus::kDone : QueryStatus::kStale;
      fill(&outcome, std::move(answer));
      return outcome;
    } catch (const protocol::SchemaError& error) {
      failed = std::string("malformed query reply: ") + error.what();
    }
  }
  outcome.status = QueryStatus::kFailed;
  outcome.message = std::move(failed);
  return outcome;
}

}  // namespace

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
  std::optional<protocol::Reply> reply = Wait(id, Clock::now() + options.query_limit);
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
                         " ms limit (time-limit): the analysis worker was stopped";
    return std::nullopt;
  }
  if (reply->error) {
    *failed = reply->error->message;
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

WhatIsAtOutcome WorkerClient::WhatIsAt(const std::string& uri, int64_t line, int64_t column) {
  std::lock_guard<std::mutex> lock(impl_->analyze_mutex);
  WhatIsAtOutcome outcome;
  std::string failed;
  std::optional<json> reply = impl_->Query(
      protocol::WhatIsAtMethod::kName, uri,
      [&](int64_t version) {
        return protocol::ToJson(protocol::WhatIsAtParams{uri, version, line, column});
      },
      &outcome.version, &failed);
  return QueryOutcome<protocol::WhatIsAtResult>(
      std::move(reply), std::move(failed), std::move(outcome),
      [](WhatIsAtOutcome* out, protocol::WhatIsAtResult answer) {
        out->node = std::move(answer.node);
      });
}

FormatOutcome WorkerClient::Format(const std::string& uri,
                                   const script::bridge::FormatQuery& query) {
  std::lock_guard<std::mutex> lock(impl_->analyze_mutex);
  FormatOutcome outcome;
  std::string failed;
  std::optional<json> reply = impl_->Query(
      protocol::FormatMethod::kName, uri,
      [&](int64_t version) {
        return protocol::ToJson(protocol::FormatParams{uri, version, query.migrate});
      },
      &outcome.version, &failed);
  return QueryOutcome<protocol::FormatResult>(
      std::move(reply), std::move(failed), std::move(outcome),
      [](FormatOutcome* out, protocol::FormatResult answer) {
        out->definitions = std::move(answer.definitions);
      });
}

}  // namespace lsp
}  // namespace tvm
