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

/*! \brief Messages nested deeper than this are refused (copies of a json value recurse). */
constexpr int kMaxDepth = 512;

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

/*! \brief How deep arrays and objects nest in `text` (outside strings). */
int NestingDepth(const std::string& text) {
  int depth = 0;
  int deepest = 0;
  bool in_string = false;
  for (size_t at = 0; at < text.size(); ++at) {
    char c = text[at];
    if (in_string) {
      if (c == '\\') {
        ++at;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
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

/*! \brief The number or string value at `at`, or null. */
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
  json value = json::parse(text.substr(at, end - at), nullptr, false);
  return value.is_discarded() || !(value.is_number() || value.is_string()) ? json() : value;
}

}  // namespace

std::string MakeWellFormed(std::string text) {
  ReplaceLoneSurrogates(&text);
  return ReplaceInvalidUtf8(std::move(text));
}

std::optional<json> Decode(std::string text, std::string* error) {
  text = MakeWellFormed(std::move(text));
  if (NestingDepth(text) > kMaxDepth) {
    *error = "the message nests deeper than " + std::to_string(kMaxDepth) + " levels";
    return std::nullopt;
  }
  try {
    return json::parse(text);
  } catch (const json::parse_error& failure) {
    std::string what = failure.what();
    size_t cut = what.find("] ");  // "[json.exception.parse_error.101] parse error at ..."
    *error = cut == std::string::npos ? what : what.substr(cut + 2);
    return std::nullopt;
  }
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

json FindId(std::string_view prefix) {
  int depth = 0;
  size_t at = 0;
  while (at < prefix.size()) {
    char c = prefix[at];
    if (c == '"') {
      size_t end = StringEnd(prefix, at);
      if (end == std::string_view::npos) return nullptr;
      size_t colon = SkipSpace(prefix, end);
      bool is_id_key = depth == 1 && prefix.substr(at, end - at) == "\"id\"";
      if (is_id_key && colon < prefix.size() && prefix[colon] == ':') {
        return ValueAt(prefix, SkipSpace(prefix, colon + 1));
      }
      at = end;
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    if (c == '}' || c == ']') --depth;
    ++at;
  }
  return nullptr;
}

}  // namespace rpc
}  // namespace lsp
}  // namespace tvm
