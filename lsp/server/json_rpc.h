/*!
 * \file json_rpc.h
 * \brief JSON-RPC 2.0 as LSP uses it: lenient decoding of message text, the error codes, and
 *  the shapes of replies and notifications (lsp/README.md, docs/lsp.md).
 */
#ifndef TVM_LSP_SERVER_JSON_RPC_H_
#define TVM_LSP_SERVER_JSON_RPC_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "json_survey.h"

namespace tvm {
namespace lsp {
namespace rpc {

using nlohmann::json;

/*! \brief The error codes the server answers with (JSON-RPC's and LSP's). */
enum ErrorCode : int {
  kParseError = -32700,
  kInvalidRequest = -32600,
  kMethodNotFound = -32601,
  kInvalidParams = -32602,
  kInternalError = -32603,
  kServerNotInitialized = -32002,
  kRequestCancelled = -32800,
  kContentModified = -32801,
  kRequestFailed = -32803,  // a valid request that cannot be carried out (a refused rename)
};

/*! \brief A handler's failure that becomes an error reply with `code`. */
class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ErrorCode code() const { return code_; }

 private:
  ErrorCode code_;
};

/*!
 * \brief `text` with what would make a strict decoder refuse a message that a client sends for
 *  real documents made well-formed, keeping every UTF-16 length: a lone surrogate escape
 *  (`\ud800` not followed by a low one, or a lone `\udc00`) becomes `\ufffd`, and each byte of
 *  invalid UTF-8 becomes U+FFFD. Well-formed text comes back unchanged (and is not copied
 *  twice: the common case only scans).
 */
std::string MakeWellFormed(std::string text);

/*! \brief One message's text decoded, or why it was refused and how to answer that. */
struct Decoded {
  /*! \brief The message, when it is JSON within the limits. */
  std::optional<json> message;
  /*!
   * \brief Otherwise the error code of the reply: -32700 when it is not JSON or its id cannot
   *  be read, -32602 for a fault inside "params" (an overflowing number, a limit), -32600 for
   *  one elsewhere; 0 when it is an object with no "id" at all (a notification: nothing
   *  answers it).
   */
  int code = 0;
  std::string error;
  /*! \brief The id to answer with (null when none could be read). */
  json id;
};

/*!
 * \brief Decodes one message's text, leniently as above, within `limits` (checked in one pass
 *  before anything is built: json_survey.h).
 */
Decoded Decode(std::string text, const JsonLimits& limits = JsonLimits());

/*! \brief A message's text: invalid UTF-8 left in a string is written as U+FFFD, never thrown. */
std::string Encode(const json& message);

json ResultMessage(const json& id, json result);
json ErrorMessage(const json& id, int code, const std::string& message);
json NotificationMessage(const std::string& method, json params);

/*! \brief Whether a text has a top-level `"id"` key, and its value when that is an id. */
struct IdKey {
  bool seen = false;
  json id;
};

/*!
 * \brief The top-level `"id"` of a message's text, found by a scan that needs no valid JSON
 *  around it (the first bytes of a message too large to decode, or one refused by its
 *  survey); its value when it is an integer or a string.
 */
IdKey FindIdKey(std::string_view text);

/*! \brief FindIdKey's id alone: null when there is none that can be read. */
json FindId(std::string_view prefix);

}  // namespace rpc
}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_JSON_RPC_H_
