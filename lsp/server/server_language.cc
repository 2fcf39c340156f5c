/*!
 * \file server_language.cc
 * \brief The language requests (inlay hints): answered on the loop from the document's last
 *  analysis at its current version, as the navigation requests are (FromAnalysis).
 */
#include "features/features.h"
#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;

json LanguageCapabilities(const json& /*client_capabilities*/) {
  return {{"inlayHintProvider", true}};
}

void Server::RegisterLanguage() {
  requests_["textDocument/inlayHint"] = [this](const json& id, const json& params) {
    ClientRange wanted = lsp_json::Range(params, "range", "params");
    return FromAnalysis(id, params, json(nullptr), [this, wanted](const Query& query) {
      bridge::Range lines = query.lines.FromClient(wanted);
      json answer = json::array();
      for (const features::InlayHint& hint : features::InlayHints(
               query.document.text, query.result, lines.line, lines.end_line, inlay_hints_)) {
        answer.push_back(
            {{"position", lsp_json::ToJson(query.lines.ToClient(hint.line, hint.column))},
             {"label", hint.label},
             {"kind", 1},  // Type
             {"paddingLeft", false}});
      }
      return answer;
    });
  };
}

}  // namespace lsp
}  // namespace tvm
