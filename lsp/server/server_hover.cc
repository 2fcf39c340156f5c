/*!
 * \file server_hover.cc
 * \brief `textDocument/hover`: a namespace member (`T.grid`) is documented from the catalog at
 *  once, on the loop; anything else is asked of the worker (what is at the position) and
 *  printed with the symbols of the version it was asked at.
 */
#include "features/features.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

std::vector<RequestSpec> Server::HoverRequests() {
  RequestSpec hover;
  hover.method = "textDocument/hover";
  hover.reads = Reads::kWorker;
  hover.offer = [](const json&) { return json{{"hoverProvider", true}}; };
  hover.check = [](const json& params) { lsp_json::Position(params, "position", "params"); };
  hover.outside = nullptr;
  hover.doing = "the hover was computed";
  hover.answer = [this](const RequestView& view) -> std::optional<json> {
    std::optional<features::HoverContent> member =
        features::MemberHover(CompletionInputOf(view), {hover_.markdown});
    if (!member) return std::nullopt;
    const char* kind = hover_.markdown ? "markdown" : "plaintext";
    return json{{"contents", {{"kind", kind}, {"value", member->text}}},
                {"range", lsp_json::ToJson(view.lines.ToClient(member->range))}};
  };
  hover.ask = [this](WorkerClient& client, const std::string& uri, int64_t line, int64_t column) {
    WhatIsAtOutcome outcome = client.WhatIsAt(uri, line, column);
    WorkerAnswer answer{outcome.version, outcome.status, outcome.message, {}};
    answer.reply = [this, node = std::move(outcome.node)](const RequestView& view) -> json {
      static const std::vector<script::bridge::Symbol> kNoSymbols;
      const Document& now = view.document;
      std::vector<script::bridge::Symbol> storage;
      std::optional<features::HoverContent> hover = features::Hover(
          node,
          view.lines.Symbols(now.published_version == now.version ? now.symbols : kNoSymbols,
                             &storage),
          hover_);
      if (!hover) return nullptr;
      const char* kind = hover_.markdown ? "markdown" : "plaintext";
      return json{{"contents", {{"kind", kind}, {"value", hover->text}}},
                  {"range", lsp_json::ToJson(view.lines.ToClient(hover->range))}};
    };
    return answer;
  };
  return {std::move(hover)};
}

}  // namespace lsp
}  // namespace tvm
