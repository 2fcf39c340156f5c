/*!
 * \file server_completion.cc
 * \brief Completion (`textDocument/completion`, `completionItem/resolve`) and signature help
 *  (`textDocument/signatureHelp`): answered at once on the loop, from the current text, the
 *  document's last finished analysis (whatever its version: never waited for) and the
 *  registry's namespace catalog, which the server asks of the worker once and keeps.
 */
#include "features/features.h"
#include "json_rpc.h"
#include "lsp_json.h"
#include "server_internal.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;

namespace {

/*! \brief Markdown when the client lists it before plain text at `path` (an array). */
features::DocumentationOptions FormatAt(const json& capabilities,
                                        std::initializer_list<const char*> path) {
  const json* at = &capabilities;
  for (const char* key : path) {
    auto it = at->is_object() ? at->find(key) : at->end();
    if (it == at->end()) return {};
    at = &*it;
  }
  if (!at->is_array()) return {};
  for (const json& format : *at) {
    if (format == "markdown") return {true};
    if (format == "plaintext") return {false};
  }
  return {};
}

/*! \brief Which `itemDefaults` the client takes (`completion.completionList.itemDefaults`). */
CompletionDefaults CompletionDefaultsOf(const json& capabilities) {
  CompletionDefaults defaults;
  const json* at = &capabilities;
  for (const char* key : {"textDocument", "completion", "completionList", "itemDefaults"}) {
    auto it = at->is_object() ? at->find(key) : at->end();
    if (it == at->end()) return defaults;
    at = &*it;
  }
  if (!at->is_array()) return defaults;
  for (const json& name : *at) {
    if (name == "editRange") defaults.edit_range = true;
    if (name == "data") defaults.data = true;
  }
  return defaults;
}

json Documentation(const std::string& text, const features::DocumentationOptions& options) {
  return {{"kind", options.markdown ? "markdown" : "plaintext"}, {"value", text}};
}

}  // namespace

void Server::FetchCatalog() {
  if (catalog_ || catalog_asked_) return;
  catalog_asked_ = true;
  runner_->Run([this](WorkerClient& client) {
    MembersOutcome outcome = client.Members();
    runner_->PostBack([this, outcome = std::move(outcome)]() mutable {
      catalog_asked_ = false;
      if (outcome.status != QueryStatus::kDone) {
        // Logged once per reason; the next completion asks again.
        Warn({"tvm-lsp: the namespace members for completion are not available: " +
              outcome.message});
        return;
      }
      catalog_ = std::make_shared<const bridge::NamespaceCatalog>(std::move(outcome.catalog));
    });
  });
}

features::CompletionInput Server::CompletionInputOf(const RequestView& view) {
  FetchCatalog();
  return features::CompletionInput{view.document.text,
                                   CodeOf(view.document),
                                   view.document.analysis.get(),
                                   catalog_.get(),
                                   view.line,
                                   view.column};
}

std::vector<RequestSpec> Server::CompletionRequests() {
  RequestSpec completion;
  completion.method = "textDocument/completion";
  completion.reads = Reads::kText;
  completion.check = [](const json& params) { lsp_json::Position(params, "position", "params"); };
  completion.outside = nullptr;
  completion.offer = [this](const json& client_capabilities) {
    completion_docs_ = FormatAt(client_capabilities, {"textDocument", "completion",
                                                      "completionItem", "documentationFormat"});
    completion_defaults_ = CompletionDefaultsOf(client_capabilities);
    return json{{"completionProvider", {{"triggerCharacters", {"."}}, {"resolveProvider", true}}}};
  };
  completion.answer = [this](const RequestView& view) -> std::optional<json> {
    features::CompletionResult result = features::Completion(CompletionInputOf(view));
    json range = lsp_json::ToJson(
        view.lines.ToClient(bridge::Range{result.line, result.start, result.line, result.end}));
    // A list of members all share their data (the namespace and alias), and every item the
    // word's range: sent once as `itemDefaults` to clients that take them (VS Code), which
    // makes the answer after `T.` (some 400 members) about half as long.
    bool shared_data =
        completion_defaults_.data && !result.items.empty() && !result.items.front().member.empty();
    json answer = {{"isIncomplete", result.incomplete}};
    if (completion_defaults_.edit_range) answer["itemDefaults"]["editRange"] = range;
    if (shared_data) {
      const features::CompletionItem& first = result.items.front();
      answer["itemDefaults"]["data"] = {{"root", first.root}, {"alias", first.alias}};
    }
    json items = json::array();
    for (const features::CompletionItem& entry : result.items) {
      json item = {{"label", entry.label}, {"kind", entry.kind}};
      if (!entry.sort_text.empty()) item["sortText"] = entry.sort_text;
      if (!completion_defaults_.edit_range) {
        item["textEdit"] = {{"range", range}, {"newText", entry.label}};
      }
      if (!entry.detail.empty()) item["detail"] = entry.detail;
      if (!entry.member.empty() && !shared_data) {
        item["data"] = {{"root", entry.root}, {"alias", entry.alias}};
      }
      items.push_back(std::move(item));
    }
    answer["items"] = std::move(items);
    return answer;
  };
  RequestSpec resolve;
  resolve.method = "completionItem/resolve";
  resolve.reads = Reads::kServer;
  resolve.serve = [this](const json&, const json& params) {
    const json& item = lsp_json::ParamsObject(params);
    lsp_json::String(item, "label", "params");
    json resolved = item;
    auto data = item.find("data");
    if (data == item.end() || !data->is_object() || catalog_ == nullptr) {
      return std::optional<json>(std::move(resolved));
    }
    // The member is the item's label (older answers named it in `member`).
    features::MemberRef ref{
        lsp_json::String(*data, "root", "params.data"),
        lsp_json::OptionalString(*data, "member", "params.data").value_or(item["label"]),
        lsp_json::OptionalString(*data, "alias", "params.data").value_or("")};
    std::string text = features::MemberDocumentation(*catalog_, ref, completion_docs_);
    if (!text.empty()) resolved["documentation"] = Documentation(text, completion_docs_);
    return std::optional<json>(std::move(resolved));
  };
  RequestSpec signature_help;
  signature_help.method = "textDocument/signatureHelp";
  signature_help.reads = Reads::kText;
  signature_help.check = completion.check;
  signature_help.outside = nullptr;
  signature_help.offer = [this](const json& client_capabilities) {
    signature_docs_ =
        FormatAt(client_capabilities,
                 {"textDocument", "signatureHelp", "signatureInformation", "documentationFormat"});
    return json{{"signatureHelpProvider",
                 {{"triggerCharacters", {"(", ","}}, {"retriggerCharacters", {")"}}}}};
  };
  signature_help.answer = [this](const RequestView& view) -> std::optional<json> {
    std::optional<features::SignatureHelpResult> help =
        features::SignatureHelp(CompletionInputOf(view));
    if (!help) return json(nullptr);
    // Parameter offsets count the label's characters in the negotiated encoding.
    LineIndex label(help->label, encoding_);
    json parameters = json::array();
    for (const auto& [start, end] : help->parameters) {
      parameters.push_back(
          {{"label", {label.ToClient(1, start).character, label.ToClient(1, end).character}}});
    }
    json signature = {{"label", help->label}, {"parameters", std::move(parameters)}};
    if (!help->doc.empty()) signature["documentation"] = Documentation(help->doc, signature_docs_);
    json answer = {{"signatures", json::array({std::move(signature)})}, {"activeSignature", 0}};
    // Out of range means "none" (LSP 3.16): an argument that matches no parameter.
    int64_t active = help->active.value_or(static_cast<int64_t>(help->parameters.size()));
    answer["activeParameter"] = active;
    answer["signatures"][0]["activeParameter"] = active;
    return answer;
  };
  std::vector<RequestSpec> rows;
  for (RequestSpec* spec : {&completion, &resolve, &signature_help}) {
    rows.push_back(std::move(*spec));
  }
  return rows;
}

}  // namespace lsp
}  // namespace tvm
