/*!
 * \file json_rpc.cc
 * \brief Lenient decoding of JSON-RPC messages and the shapes of what the server sends.
 */
#include "json_rpc.h"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace tvm {
namespace lsp {
namespace rpc {

namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/*! \brief The code unit of the `\uXXXX` escape at `at`, or -1 when there is none there. */
int EscapeAt(const std::string& text, size_t at) {
  if (at + 6 > text.size() || text[at] != '\\' || text[at + 1] != 'u') return -1;
  int value = 0;
  for (size_t k = at + 2; k < at + 6; ++k) {
    int digit = HexValue(text[k]);
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/*! \brief Rewrites lone surrogate escapes as `\ufffd`, in place (the same length). */
void ReplaceLoneSurrogates(std::string* text) {
  size_t at = text->find('\\');
  while (at != std::string::npos && at + 1 < text->size()) {
    int unit = EscapeAt(*text, at);
    if (unit < 0) {
      at = text->find('\\', at + 2);  // another escape: `\\`, `\"`, ...
      continue;
    }
    if (unit >= 0xD800 && unit <= 0xDBFF) {
      int low = EscapeAt(*text, at + 6);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        at = text->find('\\', at + 12);
        continue;
      }
    }
    if (unit >= 0xD800 && unit <= 0xDFFF) text->replace(at + 2, 4, "fffd");
    at = text->find('\\', at + 6);
  }
}

/*! \brief The length of the valid UTF-8 sequence at `at`, or 0 when the byte there starts none. */
size_t ValidSequence(const std::string& text, size_t at) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char lead = byte(at);
  if (lead < 0x80) return 1;
  size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
  if (length == 0 || lead > 0xF4 || at + length > text.size()) return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((byte(at + k) & 0xC0) != 0x80) return 0;
  }
  unsigned char second = byte(at + 1);
  if (lead == 0xE0 && second < 0xA0) return 0;   // overlong
  if (lead == 0xED && second >= 0xA0) return 0;  // a surrogate
  if (lead == 0xF0 && second < 0x90) return 0;   // overlong
  if (lead == 0xF4 && second >= 0x90) return 0;  // past U+10FFFF
  return length;
}

/*! \brief `text` with each byte that starts no valid UTF-8 sequence replaced by U+FFFD. */
std::string ReplaceInvalidUtf8(std::string text) {
  size_t at = 0;
  while (at < text.size() && ValidSequence(text, at) > 0) at += ValidSequence(text, at);
  if (at == text.size()) return text;
  std::string fixed = text.substr(0, at);
  while (at < text.size()) {
    size_t length = ValidSequence(text, at);
    if (length == 0) {
      fixed += "\xEF\xBF\xBD";
      ++at;
    } else {
      fixed.append(text, at, length);
      at += length;
    }
  }
  return fixed;
}

/*! \brief The end of the string literal starting at `at` (one past its quote), or npos. */
size_t StringEnd(std::string_view text, size_t at) {
  for (size_t k = at + 1; k < text.size(); ++k) {
    if (text[k] == '\\') {
      ++k;
    } else if (text[k] == '"') {
      return k + 1;
    }
  }
  return std::string_view::npos;
}

size_t SkipSpace(std::string_view text, size_t at) {
  while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
  return at;
}

/*! \brief The integer or string value at `at` (an id JSON-RPC accepts), or null. */
json ValueAt(std::string_view text, size_t at) {
  size_t end = at;
  if (at < text.size() && text[at] == '"') {
    end = StringEnd(text, at);
    if (end == std::string_view::npos) return nullptr;
  } else {
    while (end < text.size() &&
           (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '-' ||
            text[end] == '+' || text[end] == '.' || text[end] == 'e' || text[end] == 'E')) {
      ++end;
    }
  }
  // Not throwing: a number that overflows (`1e400`) is discarded like any other fault.
  json value = json::parse(text.substr(at, end - at), nullptr, false);
  return value.is_number_integer() || value.is_string() ? value : json();
}

}  // namespace

std::string MakeWellFormed(std::string text) {
  ReplaceLoneSurrogates(&text);
  return ReplaceInvalidUtf8(std::move(text));
}

Decoded Decode(std::string text, const JsonLimits& limits) {
  Decoded decoded;
  text = MakeWellFormed(std::move(text));
  JsonSurvey survey = Survey(text, limits);
  if (survey.fault == JsonSurvey::Fault::kNone) {
    // The survey saw the whole text within the limits: building it cannot fail or grow past
    // them.
    decoded.message = json::parse(text);
    return decoded;
  }
  IdKey key = survey.id_seen ? IdKey{true, survey.id} : FindIdKey(text);
  decoded.id = key.id;
  decoded.error = survey.error;
  if (survey.fault == JsonSurvey::Fault::kSyntax) {
    decoded.code = kParseError;
    decoded.error = "the message is not JSON: " + survey.error;
  } else if (!key.seen && survey.is_object) {
    decoded.code = 0;  // a notification: nothing may answer it
  } else if (key.id.is_null()) {
    decoded.code = kParseError;  // no id can be read (it overflowed, or no object holds one)
  } else {
    decoded.code = survey.in_params ? kInvalidParams : kInvalidRequest;
  }
  return decoded;
}

std::string Encode(const json& message) {
  return message.dump(-1, ' ', false, json::error_handler_t::replace);
}

json ResultMessage(const json& id, json result) {
  return json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

json ErrorMessage(const json& id, int code, const std::string& message) {
  return json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

json NotificationMessage(const std::string& method, json params) {
  return json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

IdKey FindIdKey(std::string_view text) {
  int depth = 0;
  size_t at = 0;
  while (at < text.size()) {
    char c = text[at];
    if (c == '"') {
      size_t end = StringEnd(text, at);
      if (end == std::string_view::npos) return IdKey{};
      size_t colon = SkipSpace(text, end);
      bool is_id_key = depth == 1 && text.substr(at, end - at) == "\"id\"";
      if (is_id_key && colon < text.size() && text[colon] == ':') {
        return IdKey{true, ValueAt(text, SkipSpace(text, colon + 1))};
      }
      at = end;
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    if (c == '}' || c == ']') --depth;
    ++at;
  }
  return IdKey{};
}

json FindId(std::string_view prefix) { return FindIdKey(prefix).id; }

}  // namespace rpc
}  // namespace lsp
}  // namespace tvm
