/*!
 * \file lsp_json.cc
 * \brief LSP JSON <-> the server's structs.
 */
#include "lsp_json.h"

#include "json_rpc.h"

namespace tvm {
namespace lsp {
namespace lsp_json {

namespace bridge = tvm::script::bridge;

namespace {

[[noreturn]] void Mismatch(const std::string& where, const char* expected, const json* got) {
  throw rpc::Error(rpc::kInvalidParams, where + ": expected " + expected + ", got " +
                                            (got == nullptr ? "nothing" : KindName(*got)));
}

/*! \brief The member `key` of `parent`, or null when absent. */
const json* Member(const json& parent, const char* key) {
  auto it = parent.find(key);
  return it == parent.end() ? nullptr : &*it;
}

int DiagnosticSeverity(bridge::Severity severity) {
  switch (severity) {
    case bridge::Severity::kError:
      return 1;
    case bridge::Severity::kWarning:
      return 2;
    case bridge::Severity::kInformation:
      return 3;
    case bridge::Severity::kHint:
      return 4;
  }
  return 1;
}

}  // namespace

std::string KindName(const json& value) {
  if (value.is_number_integer()) return "an integer";
  if (value.is_number()) return "a number";
  if (value.is_string()) return "a string";
  if (value.is_boolean()) return "a boolean";
  if (value.is_null()) return "null";
  if (value.is_array()) return "an array";
  return "an object";
}

const json& ParamsObject(const json& params) {
  static const json kEmpty = json::object();
  if (params.is_null()) return kEmpty;
  if (!params.is_object()) Mismatch("params", "an object", &params);
  return params;
}

const json& Object(const json& parent, const char* key, const std::string& path) {
  const json* value = Member(parent, key);
  if (value == nullptr || !value->is_object()) Mismatch(path + "." + key, "an object", value);
  return *value;
}

const json& Array(const json& parent, const char* key, const std::string& path) {
  const json* value = Member(parent, key);
  if (value == nullptr || !value->is_array()) Mismatch(path + "." + key, "an array", value);
  return *value;
}

std::string String(const json& parent, const char* key, const std::string& path) {
  const json* value = Member(parent, key);
  if (value == nullptr || !value->is_string()) Mismatch(path + "." + key, "a string", value);
  return value->get<std::string>();
}

int64_t Integer(const json& parent, const char* key, const std::string& path) {
  const json* value = Member(parent, key);
  bool fits = value != nullptr && value->is_number_integer() &&
              !(value->is_number_unsigned() && value->get<uint64_t>() > INT64_MAX);
  if (!fits) Mismatch(path + "." + key, "an integer", value);
  return value->get<int64_t>();
}

std::optional<std::string> OptionalString(const json& parent, const char* key,
                                          const std::string& path) {
  const json* value = Member(parent, key);
  if (value == nullptr || value->is_null()) return std::nullopt;
  return String(parent, key, path);
}

std::optional<int64_t> OptionalInteger(const json& parent, const char* key,
                                       const std::string& path) {
  const json* value = Member(parent, key);
  if (value == nullptr || value->is_null()) return std::nullopt;
  return Integer(parent, key, path);
}

ClientPosition Position(const json& parent, const char* key, const std::string& path) {
  const json& position = Object(parent, key, path);
  std::string here = path + "." + key;
  return ClientPosition{Integer(position, "line", here), Integer(position, "character", here)};
}

ClientRange Range(const json& parent, const char* key, const std::string& path) {
  const json& range = Object(parent, key, path);
  std::string here = path + "." + key;
  return ClientRange{Position(range, "start", here), Position(range, "end", here)};
}

json ToJson(const ClientPosition& position) {
  return json{{"line", position.line}, {"character", position.character}};
}

json ToJson(const ClientRange& range) {
  return json{{"start", ToJson(range.start)}, {"end", ToJson(range.end)}};
}

json ToJson(const bridge::Diagnostic& diagnostic, const LineIndex& lines, const std::string& uri) {
  json out = {{"range", ToJson(lines.ToClient(diagnostic.range))},
              {"severity", DiagnosticSeverity(diagnostic.severity)},
              {"source", "tvm-lsp"},
              {"message", diagnostic.message}};
  if (!diagnostic.code.empty()) out["code"] = diagnostic.code;
  if (!diagnostic.related.empty()) {
    json related = json::array();
    for (const bridge::RelatedInformation& info : diagnostic.related) {
      related.push_back(
          {{"location", {{"uri", uri}, {"range", ToJson(lines.ToClient(info.range))}}},
           {"message", info.message}});
    }
    out["relatedInformation"] = std::move(related);
  }
  json tags = json::array();
  for (const std::string& tag : diagnostic.tags) {
    if (tag == "unnecessary") tags.push_back(1);
    if (tag == "deprecated") tags.push_back(2);
  }
  if (!tags.empty()) out["tags"] = std::move(tags);
  return out;
}

json ToJson(const bridge::TextEdit& edit, const LineIndex& lines) {
  return json{{"range", ToJson(lines.ToClient(edit.range))}, {"newText", edit.new_text}};
}

}  // namespace lsp_json
}  // namespace lsp
}  // namespace tvm
