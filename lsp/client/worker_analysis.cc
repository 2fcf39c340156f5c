/*!
 * \file worker_analysis.cc
 * \brief WorkerClient::Analyze: attempts until a reply, the definitions stopped on the way,
 *  and the whole result reassembled from the parts the worker sends.
 */
#include <tvm/lsp/lines.h>

#include <algorithm>
#include <functional>
#include <tuple>

#include "worker_client_internal.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;
using nlohmann::json;

namespace {

/*! \brief The key under which a document whose worker reported no definition is remembered. */
std::string DocumentKey(const std::string& text) {
  return "<document>:" + std::to_string(std::hash<std::string>{}(text)) + ":" +
         std::to_string(text.size());
}

}  // namespace

// -- analysis -------------------------------------------------------------------------------

/*! \brief How one attempt (one analyze request to one worker) ended. */
struct WorkerClient::Impl::Attempt {
  enum class End { kReply, kDied, kDefinitionLimit, kBudget } end = End::kReply;
  protocol::Reply reply;
  std::optional<Started> running;  // the definition the worker last reported, if any
  bool killed_on_request = false;  // kDied because KillWorker or Restart killed it
  std::string violation;           // kDied because it broke the protocol: what it did
};

namespace {

/*! \brief `result` with the client's diagnostics for what it stopped in place of the worker's. */
void MergeStopped(const std::vector<bridge::Diagnostic>& stopped, bridge::ParseResult* result) {
  auto& diagnostics = result->diagnostics;
  for (const bridge::Diagnostic& ours : stopped) {
    // The worker reports a skipped definition as "time-limit" too; ours says why.
    diagnostics.erase(std::remove_if(diagnostics.begin(), diagnostics.end(),
                                     [&](const bridge::Diagnostic& theirs) {
                                       return theirs.code == "time-limit" &&
                                              ours.range.Holds(theirs.range);
                                     }),
                      diagnostics.end());
  }
  diagnostics.insert(diagnostics.end(), stopped.begin(), stopped.end());
}

AnalysisOutcome::Status StatusOf(protocol::AnalyzeStatus status) {
  switch (status) {
    case protocol::AnalyzeStatus::kDone:
      return AnalysisOutcome::Status::kDone;
    case protocol::AnalyzeStatus::kCancelled:
      return AnalysisOutcome::Status::kCancelled;
    case protocol::AnalyzeStatus::kRefused:
      return AnalysisOutcome::Status::kRefused;
  }
  return AnalysisOutcome::Status::kDone;
}

AnalysisOutcome Failed(AnalysisOutcome outcome, const std::string& message) {
  outcome.status = AnalysisOutcome::Status::kFailed;
  outcome.result = bridge::ParseResult{};
  outcome.index = nullptr;
  outcome.result.diagnostics.push_back(
      ClientDiagnostic("worker-failed", message, bridge::Range{1, 0, 1, 0}));
  return outcome;
}

}  // namespace

std::chrono::milliseconds WorkerClient::Impl::Budget(const std::string& uri) {
  int64_t lines = 0;
  {
    std::lock_guard<std::mutex> lock(send_mutex);
    auto it = documents.find(uri);
    if (it != documents.end()) {
      lines = static_cast<int64_t>(LineCount(it->second.text));
    }
  }
  return options.analysis_budget + options.analysis_budget_per_1000_lines * lines / 1000;
}

/*!
 * \brief One call of Analyze: attempts (one analyze request to one worker each) until a reply,
 *  stopping and skipping what runs too long. Runs under analyze_mutex.
 */
class WorkerClient::Impl::AnalysisRun {
 public:
  AnalysisRun(Impl& impl, const std::string& uri,
              std::optional<std::pair<int64_t, int64_t>> only_lines)
      : impl_(impl),
        only_lines_(only_lines),
        budget_(impl.Budget(uri)),
        budget_end_(Clock::now() + budget_) {
    outcome_.uri = uri;
    std::lock_guard<std::mutex> lock(impl_.mutex);
    starts_before_ = impl_.starts;
  }

  AnalysisOutcome Run() {
    while (true) {
      std::optional<Attempt> attempt = Next();
      if (!attempt) return Finish();
      if (!attempt->violation.empty()) {
        Broken(attempt->violation);  // logged and stopped by the reader
        return Finish();
      }
      try {
        if (attempt->running) CheckStarted(attempt->running->params);
      } catch (const ProtocolViolation& violation) {
        impl_.Reject(violation.what());
        Broken(violation.what());
        return Finish();
      }
      if (attempt->end == Attempt::End::kReply) {
        if (TakeReply(*attempt)) return Finish();
        continue;  // a part it does not hold: again, every part in full
      }
      if (attempt->end == Attempt::End::kDied && attempt->killed_on_request) continue;
      if (attempt->end != Attempt::End::kDied) {
        std::lock_guard<std::mutex> lifecycle(impl_.lifecycle_mutex);
        impl_.StopLocked();  // killed and reaped: the next attempt starts a new worker
      }
      if (attempt->running) {
        Stop(*attempt);
      } else if (attempt->end == Attempt::End::kDied) {
        // Once: the worker may have died of something other than this text.
        if (++deaths_outside_definitions_ < 2) continue;
        Fail("the analysis worker died twice outside any definition");
        return Finish();
      } else if (stopped_here_.empty()) {
        // Nothing was ever reported (an entry without progress, or module-level code): the
        // text as a whole is what ran too long.
        std::lock_guard<std::mutex> lock(impl_.mutex);
        impl_.stopped.insert(DocumentKey(text_));
      }
      if (attempt->end == Attempt::End::kBudget || !attempt->running) {
        BudgetSpent();
        return Finish();
      }
    }
  }

 private:
  /*! \brief Sends the next analyze and waits for it; nullopt when the outcome is settled. */
  std::optional<Attempt> Next() {
    {
      std::lock_guard<std::mutex> lock(impl_.send_mutex);
      auto it = impl_.documents.find(outcome_.uri);
      if (it == impl_.documents.end()) {
        Fail(outcome_.uri + " is not open");
        std::lock_guard<std::mutex> parts(impl_.parts_mutex);
        impl_.held_parts.erase(outcome_.uri);
        return std::nullopt;
      }
      outcome_.version = it->second.version;
      text_ = it->second.text;
    }
    protocol::AnalyzeParams params{outcome_.uri, outcome_.version, {}, 0, Base()};
    if (only_lines_) std::tie(params.first_line, params.last_line) = *only_lines_;
    {
      std::lock_guard<std::mutex> lock(impl_.mutex);
      params.skip.assign(impl_.stopped.begin(), impl_.stopped.end());
      params.skip.insert(params.skip.end(), impl_.skip_also.begin(), impl_.skip_also.end());
      if (impl_.stopped.count(DocumentKey(text_)) != 0) {
        outcome_.result.diagnostics.push_back(ClientDiagnostic(
            "time-limit",
            "the analysis of this text ran past its budget before, without reporting which "
            "definition ran: it is not retried until the text changes",
            bridge::Range{1, 0, 1, 0}));
        return std::nullopt;
      }
    }
    try {
      impl_.EnsureStarted();
    } catch (const WorkerError& error) {
      Fail(error.what());
      return std::nullopt;
    }
    int64_t id = impl_.Ask(protocol::AnalyzeMethod::kName, protocol::ToJson(params));
    return impl_.RunAttempt(id, budget_end_);
  }

  /*!
   * \brief The result_id of the reply whose parts the client holds for this document, when
   *  they came from the running worker (any doubt: none, so every part comes in full).
   */
  std::string Base() {
    if (full_) return "";
    uint64_t generation = 0;
    {
      std::lock_guard<std::mutex> lock(impl_.mutex);
      generation = impl_.generation;
    }
    std::lock_guard<std::mutex> lock(impl_.parts_mutex);
    auto held = impl_.held_parts.find(outcome_.uri);
    if (held == impl_.held_parts.end() || held->second.generation != generation) return "";
    return held->second.parts.result_id();
  }

  /*!
   * \brief The outcome from the worker's reply, made whole, with what this run stopped merged
   *  in. False when the reply names a part the client does not hold: ask again in full.
   */
  bool TakeReply(const Attempt& attempt) {
    if (attempt.reply.error) {
      Fail(attempt.reply.error->message);
      return true;
    }
    try {
      return TakeAnswer(attempt.reply.result);
    } catch (const ProtocolViolation& violation) {
      impl_.Reject(violation.what());
      Broken(violation.what());
    } catch (const protocol::SchemaError& error) {
      std::string what = std::string("an analyze reply off the schema: ") + error.what();
      impl_.Reject(what);
      Broken(what);
    }
    return true;
  }

  /*! \brief TakeReply's checked part: throws at anything the worker should not have sent. */
  bool TakeAnswer(const json& result) {
    CheckSizes(result, AnswerLimits::For(text_.size()));
    auto answer = protocol::Decode<protocol::AnalyzeResult>(result, "result");
    CheckAbout(answer.uri, answer.version, outcome_.uri, outcome_.version);
    outcome_.status = StatusOf(answer.status);
    auto bounds = std::make_shared<const TextBounds>(text_);
    if (answer.parts) {
      for (const bridge::PartEntry& entry : answer.parts->parts) {
        if (entry.part) CheckPositionIndex(*entry.part, *bounds);
      }
    }
    if (!Assemble(std::move(answer))) {
      if (full_) throw ProtocolViolation("a part by token alone when every part was asked in full");
      full_ = true;
      return false;
    }
    CheckRanges(outcome_.result, *bounds);
    std::lock_guard<std::mutex> lock(impl_.parts_mutex);
    if (outcome_.status == AnalysisOutcome::Status::kDone) {
      impl_.analysed[outcome_.uri] =
          Impl::Analysed{outcome_.version, outcome_.result.definitions, std::move(bounds)};
    } else {
      impl_.analysed.erase(outcome_.uri);
    }
    MergeStopped(stopped_here_, &outcome_.result);
    return true;
  }

  /*! \brief Throws unless a definition-started event is about the text this run asked. */
  void CheckStarted(const protocol::DefinitionStartedParams& started) {
    CheckAbout(started.uri, started.version, outcome_.uri, outcome_.version);
    CheckRange(started.range, TextBounds(text_), "definition-started");
  }

  /*! \brief `outcome_.result` from the answer, in parts or whole; false: a part is not held. */
  bool Assemble(protocol::AnalyzeResult answer) {
    uint64_t generation = 0;
    {
      std::lock_guard<std::mutex> lock(impl_.mutex);
      generation = impl_.generation;
    }
    std::lock_guard<std::mutex> lock(impl_.parts_mutex);
    Impl::Held& held = impl_.held_parts[outcome_.uri];
    if (held.generation != generation) held = Impl::Held{HeldParts(), generation};
    if (answer.parts) {
      size_t count = answer.parts->parts.size();
      PartsIndex index;
      if (!held.parts.Take(answer.result_id, std::move(*answer.parts), &outcome_.result, &index)) {
        return false;
      }
      if (answer.status == protocol::AnalyzeStatus::kDone) {
        outcome_.index = std::make_shared<const PartsIndex>(std::move(index));
      }
      outcome_.parts_held = held.parts.last_reused();
      outcome_.parts_in_full = count - outcome_.parts_held;
      return true;
    }
    outcome_.result = answer.result ? std::move(*answer.result) : bridge::ParseResult{};
    outcome_.index = nullptr;
    // A cancelled or refused reply changes nothing the worker remembers sending.
    if (answer.status == protocol::AnalyzeStatus::kDone) held.parts.TakeWhole(answer.result_id);
    return true;
  }

  /*! \brief Remembers the definition that ran too long (or crashed the worker). */
  void Stop(const Attempt& attempt) {
    const protocol::DefinitionStartedParams& definition = attempt.running->params;
    const WorkerClientOptions& options = impl_.options;
    std::string code = "time-limit";
    std::string message;
    if (attempt.end == Attempt::End::kDied) {
      code = "worker-crashed";
      message = "the analysis worker died while analysing `" + definition.name +
                "`; it is not analysed again until it changes";
    } else if (attempt.end == Attempt::End::kDefinitionLimit) {
      message = "the analysis of `" + definition.name + "` was stopped after " +
                std::to_string(options.definition_limit.count()) +
                " ms (the limit per definition); it is not retried until it changes";
    } else {
      message = "the analysis of `" + definition.name + "` was stopped when the document's " +
                std::to_string(budget_.count()) +
                " ms budget ran out; it is not retried until it changes";
    }
    stopped_here_.push_back(ClientDiagnostic(code, message, definition.range));
    outcome_.stopped_keys.push_back(definition.key);
    std::lock_guard<std::mutex> lock(impl_.mutex);
    impl_.stopped.insert(definition.key);
  }

  void BudgetSpent() {
    outcome_.result = bridge::ParseResult{};
    outcome_.index = nullptr;
    outcome_.result.diagnostics = stopped_here_;
    outcome_.result.diagnostics.push_back(ClientDiagnostic(
        "analysis-budget",
        "the analysis of this document was stopped after " + std::to_string(budget_.count()) +
            " ms (its budget); definitions after the last one reported were not analysed",
        bridge::Range{1, 0, 1, 0}));
  }

  void Fail(const std::string& message) { outcome_ = Failed(outcome_, message); }

  /*! \brief The outcome when the worker broke the protocol: none of what it sent. */
  void Broken(const std::string& what) {
    Fail(
        "the analysis worker broke the protocol, so it was stopped and none of its answer is "
        "used: " +
        what);
  }

  AnalysisOutcome Finish() {
    std::lock_guard<std::mutex> lock(impl_.mutex);
    outcome_.restarts = impl_.starts - starts_before_;
    return outcome_;
  }

  Impl& impl_;
  const std::optional<std::pair<int64_t, int64_t>> only_lines_;
  const std::chrono::milliseconds budget_;
  const Clock::time_point budget_end_;
  AnalysisOutcome outcome_;
  std::string text_;
  int starts_before_ = 0;
  std::vector<bridge::Diagnostic> stopped_here_;
  int deaths_outside_definitions_ = 0;
  bool full_ = false;  // ask for every part in full (a part named was not held)
};

AnalysisOutcome WorkerClient::Impl::AnalyzeLocked(
    const std::string& uri, std::optional<std::pair<int64_t, int64_t>> only_lines) {
  return AnalysisRun(*this, uri, only_lines).Run();
}

WorkerClient::Impl::Attempt WorkerClient::Impl::RunAttempt(int64_t id,
                                                           Clock::time_point budget_end) {
  Attempt attempt;
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    auto started = current_definition.find(id);
    if (started != current_definition.end()) attempt.running = started->second;
    if (answered_definitions.count(id) != 0) attempt.running.reset();
    Clock::time_point definition_end = Clock::time_point::max();
    if (attempt.running) definition_end = attempt.running->at + options.definition_limit;
    auto reply = replies.find(id);
    if (reply != replies.end()) {
      attempt.end = Attempt::End::kReply;
      attempt.reply = std::move(reply->second);
      replies.erase(reply);
      break;
    }
    if (!alive) {
      attempt.end = Attempt::End::kDied;
      attempt.killed_on_request = killed_on_request == generation;
      attempt.violation = violation;
      break;
    }
    Clock::time_point now = Clock::now();
    if (now >= definition_end) {
      attempt.end = Attempt::End::kDefinitionLimit;
      break;
    }
    if (now >= budget_end) {
      attempt.end = Attempt::End::kBudget;
      break;
    }
    wake.wait_until(lock, std::min(definition_end, budget_end));
  }
  waiting.erase(id);
  current_definition.erase(id);
  answered_definitions.erase(id);
  return attempt;
}

AnalysisOutcome WorkerClient::Analyze(const std::string& uri,
                                      std::optional<std::pair<int64_t, int64_t>> only_lines) {
  std::lock_guard<std::mutex> lock(impl_->analyze_mutex);
  return impl_->AnalyzeLocked(uri, only_lines);
}

}  // namespace lsp
}  // namespace tvm
