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

json LanguageCapabilities(const json& /*client_capabilities*/) {
  return {{"inlayHintProvider", true},
          {"semanticTokensProvider",
           {{"legend",
             {{"tokenTypes", features::SemanticTokenTypes()},
              {"tokenModifiers", features::SemanticTokenModifiers()}}},
            {"range", true},
            {"full", {{"delta", true}}}}}};
}

void Server::RegisterLanguage() {
  // Full and delta answers keep their data per document, under a new resultId each time.
  auto full = [this](const json& id, const json& params, bool delta) {
    std::optional<std::string> previous;
    if (delta) previous = lsp_json::String(params, "previousResultId", "params");
    return FromAnalysis(id, params, json(nullptr), [this, previous](const Query& query) {
      std::vector<int64_t> data =
          Encode(features::SemanticTokens(query.document.text, query.result,
                                          query.lines.first_line(), query.lines.last_line()),
                 query.lines);
      std::string result_id = std::to_string(next_tokens_id_++);
      SemanticTokensCache& cache = semantic_tokens_[query.lines.uri()];  // a cell: its own
      json answer;
      if (previous && cache.result_id == *previous) {
        // One edit: what lies between the common prefix and the common suffix.
        const std::vector<int64_t>& old = cache.data;
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
      cache = SemanticTokensCache{result_id, std::move(data)};
      return answer;
    });
  };
  requests_["textDocument/semanticTokens/full"] = [full](const json& id, const json& params) {
    return full(id, params, false);
  };
  requests_["textDocument/semanticTokens/full/delta"] = [full](const json& id, const json& params) {
    return full(id, params, true);
  };
  requests_["textDocument/semanticTokens/range"] = [this](const json& id, const json& params) {
    ClientRange wanted = lsp_json::Range(params, "range", "params");
    return FromAnalysis(id, params, json(nullptr), [wanted](const Query& query) {
      bridge::Range lines = query.lines.FromClient(wanted);
      return json{{"data", Encode(features::SemanticTokens(query.document.text, query.result,
                                                           lines.line, lines.end_line),
                                  query.lines)}};
    });
  };
  requests_["textDocument/inlayHint"] = [this](const json& id, const json& params) {
    ClientRange wanted = lsp_json::Range(params, "range", "params");
    return FromAnalysis(id, params, json(nullptr), [wanted](const Query& query) {
      bridge::Range lines = query.lines.FromClient(wanted);
      // The document's settings (client, then pyproject.toml): tvmscript.inlayHints.enable.
      features::InlayHintOptions options{query.document.settings.inlay_hints_enable};
      json answer = json::array();
      for (const features::InlayHint& hint : features::InlayHints(
               query.document.text, query.result, lines.line, lines.end_line, options)) {
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
