/*!
 * \file lsp_json.h
 * \brief LSP's JSON shapes and the server's plain structs, both ways: positions and ranges
 *  (through a LineIndex, the one conversion), diagnostics, and typed reads of request
 *  parameters that fail with -32602 naming the offending path.
 */
#ifndef TVM_LSP_SERVER_LSP_JSON_H_
#define TVM_LSP_SERVER_LSP_JSON_H_

#include <tvm/script/bridge/bridge.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "positions.h"

namespace tvm {
namespace lsp {
namespace lsp_json {

using nlohmann::json;

// Reading parameters. `path` names the value read ("params.textDocument"); each throws
// rpc::Error(kInvalidParams, "<path>.<key>: expected <kind>, got <kind>") on a mismatch.

/*! \brief The object at `key` (required). */
const json& Object(const json& parent, const char* key, const std::string& path);
std::string String(const json& parent, const char* key, const std::string& path);
/*! \brief A required integer (LSP's integer: within int32, as clients send; any int64 taken). */
int64_t Integer(const json& parent, const char* key, const std::string& path);
/*! \brief None when absent or null. */
std::optional<std::string> OptionalString(const json& parent, const char* key,
                                          const std::string& path);
std::optional<int64_t> OptionalInteger(const json& parent, const char* key,
                                       const std::string& path);
/*! \brief The array at `key` (required). */
const json& Array(const json& parent, const char* key, const std::string& path);
/*! \brief Checks that `params` is an object (absent params count as `{}`). */
const json& ParamsObject(const json& params);

ClientPosition Position(const json& parent, const char* key, const std::string& path);
ClientRange Range(const json& parent, const char* key, const std::string& path);

// Writing.

json ToJson(const ClientPosition& position);
json ToJson(const ClientRange& range);
/*! \brief An LSP Diagnostic; ranges through `lines`, related information in `uri`. */
json ToJson(const script::bridge::Diagnostic& diagnostic, const LineIndex& lines,
            const std::string& uri);
json ToJson(const script::bridge::TextEdit& edit, const LineIndex& lines);

/*! \brief The JSON kind a message names ("string", "number", "object", ...). */
std::string KindName(const json& value);

}  // namespace lsp_json
}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_LSP_JSON_H_
