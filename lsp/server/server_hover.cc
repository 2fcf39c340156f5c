/*!
 * \file server_hover.cc
 * \brief `textDocument/hover`, answered on the loop: a namespace member (`T.grid`) from the
 *  catalog, anything else from the position index of the document's analysis (NodeAt), never
 *  by asking the worker.
 */
#include "features/features.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

std::vector<RequestSpec> Server::HoverRequests() {
  RequestSpec hover;
  hover.method = "textDocument/hover";
  hover.reads = Reads::kAnalysis;
  hover.offer = [](const json&) { return json{{"hoverProvider", true}}; };
  hover.check = [](const json& params) { lsp_json::Position(params, "position", "params"); };
  hover.outside = nullptr;
  hover.doing = "the hover was computed";
  hover.answer = [this](const RequestView& view) -> std::optional<json> {
    std::optional<features::HoverContent> shown =
        features::MemberHover(CompletionInputOf(view), {hover_.markdown});
    if (!shown) {
      std::optional<features::NodeInfo> node = features::NodeAt(view.index, view.line, view.column);
      if (node && node->symbol) {  // a cell counts the symbol's definition line from its start
        std::vector<script::bridge::Symbol> storage;
        node->symbol = view.lines.Symbols({*node->symbol}, &storage).front();
      }
      shown = features::Hover(node, hover_);
    }
    if (!shown) return json(nullptr);
    const char* kind = hover_.markdown ? "markdown" : "plaintext";
    return json{{"contents", {{"kind", kind}, {"value", shown->text}}},
                {"range", lsp_json::ToJson(view.lines.ToClient(shown->range))}};
  };
  return {std::move(hover)};
}

}  // namespace lsp
}  // namespace tvm
