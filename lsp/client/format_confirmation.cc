/*!
 * \file format_confirmation.cc
 * \brief WorkerClient::Impl::Confirmed: a formatting verdict that would change the document
 *  is kept only when a fresh worker, which has seen nothing but this document, gives the same
 *  text for the same definition. The verdict's checks (the print reads back as a structurally
 *  equal IR, nothing is lost) are then made by a process no other document reached, so a
 *  worker poisoned by another file cannot get its text written (docs/lsp.md, "The trust
 *  boundary"). The fresh worker analyses only the definitions that would change: the others
 *  are skipped, and their keys come from the proposing worker, which can only make the
 *  confirmation slower or refuse it, never pass it.
 */
#include <algorithm>

#include "worker_client_internal.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;

namespace {

/*! \brief Whether the verdict's text differs from what the document has at its range. */
bool Changes(const std::string& text, const bridge::FormatVerdict& verdict) {
  if (!verdict.text) return false;
  size_t start = ByteOffset(text, verdict.range.line, verdict.range.column);
  size_t end = std::max(start, ByteOffset(text, verdict.range.end_line, verdict.range.end_column));
  return text.compare(start, end - start, *verdict.text) != 0;
}

void Unconfirm(bridge::FormatVerdict* verdict, const std::string& why) {
  verdict->text.reset();
  verdict->reason = "unconfirmed";
  verdict->detail = why;
}

/*! \brief The confirming worker's verdict on the same definition, if it gave one. */
const bridge::FormatVerdict* Counterpart(const std::vector<bridge::FormatVerdict>& verdicts,
                                         const bridge::FormatVerdict& proposed) {
  for (const bridge::FormatVerdict& verdict : verdicts) {
    if (verdict.range == proposed.range && verdict.name == proposed.name) return &verdict;
  }
  return nullptr;
}

}  // namespace

FormatOutcome WorkerClient::Impl::Confirmed(const std::string& uri,
                                            const bridge::FormatQuery& query,
                                            FormatOutcome proposed) {
  if (proposed.status != QueryStatus::kDone) return proposed;
  std::optional<Analysed> analysed = AnalysedAt(uri, proposed.version);
  std::string text;
  {
    std::lock_guard<std::mutex> lock(send_mutex);
    auto it = documents.find(uri);
    if (it != documents.end() && it->second.version == proposed.version) text = it->second.text;
  }
  if (!analysed || text.size() != analysed->bounds->bytes()) {
    proposed.status = QueryStatus::kStale;  // the document moved on meanwhile
    proposed.definitions.clear();
    return proposed;
  }
  std::vector<size_t> changing;
  for (size_t i = 0; i < proposed.definitions.size(); ++i) {
    if (Changes(text, proposed.definitions[i])) changing.push_back(i);
  }
  if (changing.empty()) return proposed;
  Confirmation& last = confirmations[{uri, query.migrate}];
  if (last.version == proposed.version && last.proposed == proposed.definitions) {
    proposed.definitions = last.confirmed;
    return proposed;
  }
  last = Confirmation{proposed.version, proposed.definitions, {}};

  // Step 1. A fresh worker, told to run only the definitions that would change.
  std::set<std::string> skip;
  for (const bridge::Definition& definition : analysed->definitions) skip.insert(definition.key);
  for (size_t i : changing) skip.erase(proposed.definitions[i].key);
  FormatOutcome confirming;
  std::string failed;
  try {
    std::unique_ptr<WorkerClient> fresh = spare->Take();
    {
      std::lock_guard<std::mutex> lock(fresh->impl_->mutex);
      fresh->impl_->skip_also = skip;
    }
    fresh->Open(uri, proposed.version, text);
    AnalysisOutcome outcome = fresh->Analyze(uri);
    if (outcome.status == AnalysisOutcome::Status::kDone) {
      std::lock_guard<std::mutex> lock(fresh->impl_->analyze_mutex);
      confirming = fresh->impl_->ProposedVerdicts(uri, query);
      failed = confirming.message;
    } else {
      failed = outcome.result.diagnostics.empty() ? "it could not analyse the document"
                                                  : outcome.result.diagnostics.front().message;
    }
    spare->Retire(std::move(fresh));
  } catch (const WorkerError& error) {
    failed = error.what();
  }

  // Step 2. Each change stands only when the fresh worker gave the very same text.
  for (size_t i : changing) {
    bridge::FormatVerdict& verdict = proposed.definitions[i];
    const bridge::FormatVerdict* theirs = confirming.status == QueryStatus::kDone
                                              ? Counterpart(confirming.definitions, verdict)
                                              : nullptr;
    std::string why;
    if (theirs == nullptr) {
      why = "a fresh worker given only this file could not judge it" +
            (failed.empty() ? std::string() : ": " + failed);
    } else if (!theirs->text) {
      why = "a fresh worker given only this file leaves it alone (" +
            theirs->reason.value_or("unknown") + (theirs->detail.empty() ? "" : ": ") +
            theirs->detail + ")";
    } else if (*theirs->text != *verdict.text) {
      why = "a fresh worker given only this file formats it differently";
    } else {
      continue;
    }
    Log("tvm-lsp: the formatting of `" + verdict.name + "` in " + uri +
        " was not confirmed, so it is left alone: " + why);
    Unconfirm(&verdict, why);
  }
  last.confirmed = proposed.definitions;
  return proposed;
}

}  // namespace lsp
}  // namespace tvm
