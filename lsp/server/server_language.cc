/*!
 * \file server_language.cc
 * \brief The language rows (semantic tokens full, delta and range; inlay hints):
 *  `Reads::kAnalysis`, as the navigation rows are (request.h).
 */
#include "features/features.h"
#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;

namespace {

/*! \brief LSP's relative encoding of tokens: 5 integers each, positions in client units. */
std::vector<int64_t> Encode(const std::vector<features::SemanticToken>& tokens,
                            const DocumentMap& lines) {
  std::vector<int64_t> data;
  data.reserve(tokens.size() * 5);
  int64_t previous_line = 0;
  int64_t previous_start = 0;
  for (const features::SemanticToken& token : tokens) {
    ClientPosition start = lines.ToClient(token.line, token.column);
    ClientPosition end = lines.ToClient(token.line, token.end_column);
    if (end.character <= start.character) continue;
    int64_t line_delta = start.line - previous_line;
    data.insert(data.end(),
                {line_delta, line_delta == 0 ? start.character - previous_start : start.character,
                 end.character - start.character, token.type, token.modifiers});
    previous_line = start.line;
    previous_start = start.character;
  }
  return data;
}

}  // namespace

std::vector<RequestSpec> Server::LanguageRequests() {
  // Full and delta answers keep their data per document, under a new resultId each time.
  auto full = [this](bool delta) -> RequestAnswer {
    return [this, delta](const RequestView& view) -> std::optional<json> {
      std::optional<std::string> previous;
      if (delta) previous = lsp_json::String(view.params, "previousResultId", "params");
      std::vector<int64_t> data =
          Encode(features::SemanticTokens(view.document.text, view.analysis,
                                          view.lines.first_line(), view.lines.last_line()),
                 view.lines);
      std::string result_id = std::to_string(next_tokens_id_++);
      Document* document = Resolve(view.lines.uri());         // a cell: its notebook's
      ClientView& cache = document->views[view.lines.uri()];  // a cell: its own
      json answer;
      if (previous && cache.tokens_result_id == *previous) {
        // One edit: what lies between the common prefix and the common suffix.
        const std::vector<int64_t>& old = cache.tokens;
        size_t prefix = 0;
        while (prefix < old.size() && prefix < data.size() && old[prefix] == data[prefix]) {
          ++prefix;
        }
        size_t suffix = 0;
        while (suffix < old.size() - prefix && suffix < data.size() - prefix &&
               old[old.size() - 1 - suffix] == data[data.size() - 1 - suffix]) {
          ++suffix;
        }
        json edits = json::array();
        if (prefix != old.size() || prefix != data.size()) {
          edits.push_back(
              {{"start", prefix},
               {"deleteCount", old.size() - prefix - suffix},
               {"data", std::vector<int64_t>(data.begin() + static_cast<std::ptrdiff_t>(prefix),
                                             data.end() - static_cast<std::ptrdiff_t>(suffix))}});
        }
        answer = {{"resultId", result_id}, {"edits", std::move(edits)}};
      } else {
        answer = {{"resultId", result_id}, {"data", data}};
      }
      cache.tokens_result_id = result_id;
      cache.tokens = std::move(data);
      return answer;
    };
  };
  auto row = [](const char* method, RequestAnswer answer) {
    RequestSpec spec;
    spec.method = method;
    spec.reads = Reads::kAnalysis;
    spec.outside = nullptr;
    spec.answer = std::move(answer);
    return spec;
  };
  auto range_of = [](const RequestView& view) {
    return view.lines.FromClient(lsp_json::Range(view.params, "range", "params"));
  };
  auto check_range = [](const json& params) { lsp_json::Range(params, "range", "params"); };
  RequestSpec tokens = row("textDocument/semanticTokens/full", full(false));
  tokens.offer = [](const json&) {
    return json{{"semanticTokensProvider",
                 {{"legend",
                   {{"tokenTypes", features::SemanticTokenTypes()},
                    {"tokenModifiers", features::SemanticTokenModifiers()}}},
                  {"range", true},
                  {"full", {{"delta", true}}}}}};
  };
  RequestSpec delta = row("textDocument/semanticTokens/full/delta", full(true));
  delta.check = [](const json& params) { lsp_json::String(params, "previousResultId", "params"); };
  RequestSpec range = row("textDocument/semanticTokens/range", [range_of](const RequestView& view) {
    bridge::Range lines = range_of(view);
    return json{{"data", Encode(features::SemanticTokens(view.document.text, view.analysis,
                                                         lines.line, lines.end_line),
                                view.lines)}};
  });
  range.check = check_range;
  RequestSpec hints = row("textDocument/inlayHint", [range_of](const RequestView& view) {
    bridge::Range lines = range_of(view);
    // The document's settings (client, then pyproject.toml): tvmscript.inlayHints.enable.
    features::InlayHintOptions options{view.document.settings.inlay_hints_enable};
    json answer = json::array();
    for (const features::InlayHint& hint : features::InlayHints(
             view.document.text, view.analysis, lines.line, lines.end_line, options)) {
      answer.push_back({{"position", lsp_json::ToJson(view.lines.ToClient(hint.line, hint.column))},
                        {"label", hint.label},
                        {"kind", 1},  // Type
                        {"paddingLeft", false}});
    }
    return answer;
  });
  hints.check = check_range;
  hints.offer = [](const json&) { return json{{"inlayHintProvider", true}}; };
  std::vector<RequestSpec> rows;
  for (RequestSpec* spec : {&tokens, &delta, &range, &hints}) rows.push_back(std::move(*spec));
  return rows;
}

}  // namespace lsp
}  // namespace tvm
