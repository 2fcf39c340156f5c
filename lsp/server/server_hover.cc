/*!
 * \file server_hover.cc
 * \brief `textDocument/hover`, answered on the loop: a namespace member (`T.grid`) from the
 *  catalog, anything else from the position index of the document's analysis (NodeAt), never
 *  by asking the worker. While the analysis of the current version is on its way, the last
 *  index answers where the edits since did not touch the hovered definition.
 */
#include "features/features.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

namespace {

/*!
 * \brief What is at current line `line` read from `view`'s index, which is of the text before
 *  `edits`: none when the edits touched the definition holding it (the caller waits for the
 *  next analysis). Ranges come back in current lines.
 */
std::optional<std::optional<features::NodeInfo>> NodeThroughEdits(const RequestView& view,
                                                                  const EditsSince& edits) {
  std::optional<int64_t> line = edits.Back(view.line);
  if (!line) return std::nullopt;
  const script::bridge::DefinitionPart* part = view.index.PartAt(*line);
  // No definition there in the analysed text: one may have been typed around it since.
  if (part == nullptr) return std::nullopt;
  const script::bridge::Range& definition = part->definition.range;
  if (!edits.Forth(definition.line, definition.end_line)) return std::nullopt;
  std::optional<features::NodeInfo> node = features::NodeAt(view.index, *line, view.column);
  if (!node) return node;
  auto moved = edits.Forth(node->range.line, node->range.end_line);
  if (!moved) return std::nullopt;
  node->range.line = moved->first;
  node->range.end_line = moved->second;
  if (node->symbol && node->symbol->definition_range) {
    script::bridge::Range& defined = *node->symbol->definition_range;
    if (auto at = edits.Forth(defined.line, defined.end_line)) {
      defined.line = at->first;
      defined.end_line = at->second;
    } else {
      node->symbol->definition_range.reset();  // its line was edited: not named
    }
  }
  return node;
}

}  // namespace

std::vector<RequestSpec> Server::HoverRequests() {
  RequestSpec hover;
  hover.method = "textDocument/hover";
  hover.reads = Reads::kAnalysis;
  hover.offer = [](const json&) { return json{{"hoverProvider", true}}; };
  hover.check = [](const json& params) { lsp_json::Position(params, "position", "params"); };
  hover.outside = nullptr;
  hover.doing = "the hover was computed";
  // `edits` is null when the index is of the current text.
  auto answer = [this](const RequestView& view, const EditsSince* edits) -> std::optional<json> {
    std::optional<features::HoverContent> shown =
        features::MemberHover(CompletionInputOf(view), {hover_.markdown});
    if (!shown) {
      std::optional<features::NodeInfo> node;
      if (edits != nullptr) {
        std::optional<std::optional<features::NodeInfo>> read = NodeThroughEdits(view, *edits);
        if (!read) return std::nullopt;  // wait for the current analysis
        node = std::move(*read);
      } else {
        node = features::NodeAt(view.index, view.line, view.column);
      }
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
  hover.answer = [answer](const RequestView& view) { return answer(view, nullptr); };
  hover.answer_stale = [answer](const RequestView& view) -> std::optional<json> {
    if (view.document.index == nullptr) return std::nullopt;
    return answer(view, &view.document.since_analysis);
  };
  return {std::move(hover)};
}

}  // namespace lsp
}  // namespace tvm
