// The generated codecs of lsp/protocol/worker_protocol.json: a full ParseResult survives the
// round trip, optional keys may be absent, and every shape error names its path.
#include <doctest/doctest.h>

#include "worker_protocol.h"

using namespace tvm::lsp;  // NOLINT(build/namespaces)
namespace bridge = tvm::script::bridge;
using nlohmann::json;

namespace {

bridge::ParseResult Full() {
  bridge::ParseResult r;
  r.definitions = {{"add_one", "function", {3, 0, 9, 12}, "text", false, "add_one:abc"},
                   {"Module", "module", {11, 0, 20, 1}, std::nullopt, true, ""}};
  bridge::Diagnostic d{bridge::Severity::kHint, "unused", "`k` is never used", {6, 4, 6, 5}, {}, {},
                       {"unnecessary"}};
  d.related = {{{3, 12, 3, 13}, "here"}};
  d.fixes = {{"Remove", {{{6, 4, 6, 5}, ""}}}};
  r.diagnostics = {d, {bridge::Severity::kWarning, "w", "ü «»", {1, 0, 1, 0}, {}, {}}};
  r.occurrences = {{{3, 12, 3, 13}, "add_one/n", true, "Pattern"}};
  r.symbols = {{"add_one/n", "n", "symbol", "T.int32", bridge::Range{3, 12, 3, 13}},
               {"extern/m", "m", "symbol", "T.int32", std::nullopt}};
  r.comments = {{{4, 20, 4, 35}, "# c", 0, 5}, {{1, 0, 1, 8}, "# h", std::nullopt, std::nullopt}};
  return r;
}

std::string ErrorOf(const json& value) {
  try {
    protocol::Decode<bridge::ParseResult>(value);
  } catch (const protocol::SchemaError& error) {
    return error.what();
  }
  return "(no error)";
}

}  // namespace

TEST_SUITE("lsp.protocol") {
  TEST_CASE("a full ParseResult survives the round trip") {
    json encoded = protocol::ToJson(Full());
    CHECK(protocol::Decode<bridge::ParseResult>(encoded) == Full());
    CHECK(encoded["diagnostics"][0]["severity"] == "hint");
    CHECK(encoded["diagnostics"][0]["tags"] == json{"unnecessary"});
    CHECK(encoded["definitions"][0]["key"] == "add_one:abc");
    CHECK(encoded["definitions"][1]["canonical_text"].is_null());
    CHECK(encoded["symbols"][0]["definition_range"] == json{3, 12, 3, 13});
    // Through text and back, as it crosses the pipe.
    CHECK(protocol::Decode<bridge::ParseResult>(json::parse(encoded.dump())) == Full());
  }

  TEST_CASE("keys the schema marks optional may be absent") {
    json encoded = protocol::ToJson(Full());
    encoded["definitions"][0].erase("key");
    encoded["diagnostics"][0].erase("tags");
    bridge::ParseResult decoded = protocol::Decode<bridge::ParseResult>(encoded);
    CHECK(decoded.definitions[0].key == "");
    CHECK(decoded.diagnostics[0].tags.empty());
    CHECK(
        protocol::Decode<protocol::AnalyzeParams>(json{{"uri", "u"}, {"version", 2}}).skip.empty());
  }

  TEST_CASE("shape errors name the path") {
    json good = protocol::ToJson(Full());
    auto spoiled = [&](auto change) {
      json value = good;
      change(value);
      return ErrorOf(value);
    };
    CHECK(spoiled([](json& v) { v.erase("symbols"); }) == "missing key \"symbols\"");
    CHECK(spoiled([](json& v) { v["definitions"][1]["name"] = 3; }) ==
          "definitions[1].name: expected a string, got number");
    CHECK(spoiled([](json& v) { v["diagnostics"][0]["severity"] = "fatal"; }) ==
          "diagnostics[0].severity: expected one of error, warning, information, hint, got "
          "\"fatal\"");
    CHECK(spoiled([](json& v) {
            v["diagnostics"][0]["fixes"][0]["edits"][0]["range"] = {1, 2};
          }) ==
          "diagnostics[0].fixes[0].edits[0].range: expected an array of 4 integers [line, column, "
          "end_line, end_column]");
    CHECK(spoiled([](json& v) { v["comments"][0]["definition"] = true; }) ==
          "comments[0].definition: expected an integer, got boolean");
    CHECK(spoiled([](json& v) { v["occurrences"] = json::object(); }) ==
          "occurrences: expected an array, got object");
    CHECK(ErrorOf(json::array()) == "expected an object, got array");
    CHECK(ErrorOf(json::parse(R"({"definitions": [], "diagnostics": [], "occurrences": [],
        "symbols": [], "comments": [{"range": [1, 0, 1, 1], "text": "#",
        "definition": 18446744073709551615, "statement_line": null}]})")) ==
          "comments[0].definition: expected a 64-bit integer, got one out of range");
  }

  TEST_CASE("enums without a C++ type are generated with their wire names") {
    CHECK(std::string(protocol::NameOf(protocol::AnalyzeStatus::kCancelled)) == "cancelled");
    CHECK(std::string(protocol::NameOf(protocol::ErrorCode::kUnknownDocument)) ==
          "unknown-document");
    CHECK(protocol::ToJson(protocol::Reply{
              4, nullptr, protocol::ReplyError{protocol::ErrorCode::kInvalidParams, "m"}}) ==
          json{{"id", 4},
               {"result", nullptr},
               {"error", {{"code", "invalid-params"}, {"message", "m"}}}});
  }
}

TEST_CASE("the bridge spells each severity as the schema does") {
  // The bridge reads the frontend's severity names (plain_result.cc); the wire writes the
  // schema's: one spelling, checked here so that neither can drift.
  for (bridge::Severity severity : {bridge::Severity::kError, bridge::Severity::kWarning,
                                    bridge::Severity::kInformation, bridge::Severity::kHint}) {
    CHECK(std::string(bridge::SeverityName(severity)) == protocol::NameOf(severity));
    CHECK(protocol::ToJson(severity) == bridge::SeverityName(severity));
  }
}
