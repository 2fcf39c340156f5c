/*!
 * \file worker_members.cc
 * \brief WorkerClient::Members: the registry's namespace catalog, which the worker read at
 *  start-up (for completion and signature help).
 */
#include <string>

#include "worker_client_internal.h"

namespace tvm {
namespace lsp {

using nlohmann::json;

MembersOutcome WorkerClient::Members() {
  std::lock_guard<std::mutex> lock(impl_->analyze_mutex);
  MembersOutcome outcome;
  try {
    impl_->EnsureStarted();
    int64_t id = impl_->Ask(protocol::MembersMethod::kName, json::object());
    std::optional<protocol::Reply> reply =
        impl_->Wait(id, Clock::now() + impl_->options.query_limit);
    if (!reply) throw WorkerError("no reply from the worker to \"members\"");
    if (reply->error) throw WorkerError(reply->error->message);
    outcome.catalog = protocol::Decode<script::bridge::NamespaceCatalog>(reply->result);
  } catch (const WorkerError& error) {
    outcome.status = QueryStatus::kFailed;
    outcome.message = error.what();
  } catch (const protocol::SchemaError& error) {
    std::string what = std::string("a members reply off the schema: ") + error.what();
    impl_->Reject(what);
    outcome.status = QueryStatus::kFailed;
    outcome.message = "the analysis worker broke the protocol, so it was stopped: " + what;
  }
  return outcome;
}

}  // namespace lsp
}  // namespace tvm
