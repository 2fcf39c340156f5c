/*!
 * \file server_formatting.cc
 * \brief `textDocument/formatting`: the worker's verdict per definition, made into edits on the
 *  loop; a notebook cell formats its own definitions only.
 */
#include "features/features.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

std::vector<RequestSpec> Server::FormattingRequests() {
  RequestSpec formatting;
  formatting.method = "textDocument/formatting";
  formatting.reads = Reads::kWorker;
  formatting.offer = [](const json&) { return json{{"documentFormattingProvider", true}}; };
  formatting.outside = json::array();
  formatting.doing = "it was formatted";
  formatting.ask = [this](WorkerClient& client, const std::string& uri, int64_t, int64_t) {
    FormatOutcome outcome = client.Format(uri);
    WorkerAnswer answer{outcome.version, outcome.status, outcome.message, {}};
    answer.reply = [this, verdicts = std::move(outcome.definitions)](const RequestView& view) {
      features::FormattingResult result =
          features::Formatting(view.document.text, view.lines.Within(verdicts));
      for (const std::string& skipped : result.skipped) {
        Log(3, "tvm-lsp: formatting left " + skipped + " alone");
      }
      json edits = json::array();
      for (const script::bridge::TextEdit& edit : result.edits) {
        edits.push_back(lsp_json::ToJson(edit, view.lines));
      }
      return edits;
    };
    return answer;
  };
  return {std::move(formatting)};
}

}  // namespace lsp
}  // namespace tvm
