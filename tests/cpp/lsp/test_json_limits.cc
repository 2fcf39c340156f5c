/*!
 * \file test_json_limits.cc
 * \brief The server's decoding of one message within limits (json_survey.h, json_rpc.h):
 *  overflowing numbers, depth and value counts, and the id each refusal is answered with.
 */
#include <doctest/doctest.h>

#include <string>

#include "json_rpc.h"

namespace {

using tvm::lsp::rpc::Decode;
using tvm::lsp::rpc::Decoded;
using tvm::lsp::rpc::JsonLimits;
using tvm::lsp::rpc::JsonSurvey;
using tvm::lsp::rpc::Survey;
using Fault = JsonSurvey::Fault;

std::string Request(const std::string& id, const std::string& params) {
  return R"({"jsonrpc": "2.0", "id": )" + id + R"(, "method": "m", "params": )" + params + "}";
}

}  // namespace

TEST_SUITE("json limits") {
  TEST_CASE("a number that overflows a double is found, with where it is") {
    for (const char* number : {"1e400", "-1e400", "123456789e999"}) {
      JsonSurvey in_params = Survey(Request("4", std::string(R"({"a": [)") + number + "]}"), {});
      CHECK(in_params.fault == Fault::kOverflow);
      CHECK(in_params.error ==
            std::string("the number ") + number + " is out of the range of a double");
      CHECK(in_params.in_params);
      CHECK(in_params.id == 4);
    }
    JsonSurvey as_id = Survey(Request("1e400", "{}"), {});
    CHECK(as_id.fault == Fault::kOverflow);
    CHECK(as_id.id_seen);
    CHECK(as_id.id.is_null());
    CHECK_FALSE(as_id.in_params);
    // 1e-400 underflows to 0: a number like any other.
    CHECK(Survey(Request("2", "[1e-400]"), {}).fault == Fault::kNone);
    // A long overflowing number is quoted shortened.
    std::string long_number = "1" + std::string(60, '0') + "e400";
    CHECK(Survey(Request("2", long_number), {}).error ==
          "the number 1" + std::string(39, '0') + "... is out of the range of a double");
  }

  TEST_CASE("limits of depth and of values are checked before anything is built") {
    JsonLimits limits;
    limits.max_depth = 3;
    limits.max_values = 11;
    // The object, its 4 keys and 3 values besides params: 8, then params' own.
    CHECK(Survey(Request("1", "[[1]]"), limits).fault == Fault::kNone);
    JsonSurvey deep = Survey(Request("1", "[[[]]]"), limits);
    CHECK(deep.fault == Fault::kTooDeep);
    CHECK(deep.error == "the message nests deeper than 3 levels, the limit");
    CHECK(deep.in_params);
    CHECK(Survey(Request("1", "[1, 2]"), limits).fault == Fault::kNone);  // 11
    JsonSurvey many = Survey(Request("1", "[1, 2, 3]"), limits);
    CHECK(many.fault == Fault::kTooMany);
    CHECK(many.error == "the message has more than 11 values and keys, the limit per message");
    // Keys count: an object of two members is five.
    CHECK(Survey(Request("1", R"({"a": 1, "b": 2})"), limits).fault == Fault::kTooMany);
    // A fault outside params.
    JsonSurvey outside = Survey(R"({"x": [[[]]], "id": 3})", limits);
    CHECK(outside.fault == Fault::kTooDeep);
    CHECK_FALSE(outside.in_params);
    CHECK_FALSE(outside.id_seen);  // the pass stopped before the id
  }

  TEST_CASE("each refusal gets the reply its id allows") {
    JsonLimits limits;
    limits.max_depth = 3;
    auto decode = [&](const std::string& text) { return Decode(text, limits); };
    // In params, with the id read before the fault: -32602.
    Decoded in_params = decode(Request("7", "[1e400]"));
    CHECK_FALSE(in_params.message);
    CHECK(in_params.code == -32602);
    CHECK(in_params.id == 7);
    CHECK(in_params.error == "the number 1e400 is out of the range of a double");
    // The id after the fault is found by a scan of the text.
    Decoded later = decode(R"({"params": [[[[]]]], "jsonrpc": "2.0", "id": "x", "method": "m"})");
    CHECK(later.code == -32602);
    CHECK(later.id == "x");
    CHECK(later.error == "the message nests deeper than 3 levels, the limit");
    // Outside params: -32600.
    Decoded outside = decode(R"({"id": 8, "method": "m", "x": -1e400})");
    CHECK(outside.code == -32600);
    CHECK(outside.id == 8);
    // An id that cannot be read: -32700 with id null.
    for (const char* id : {"1e400", "-1e400"}) {
      Decoded unreadable = decode(Request(id, "{}"));
      CHECK(unreadable.code == -32700);
      CHECK(unreadable.id.is_null());
    }
    Decoded unreadable_later = decode(R"({"params": [1e400], "id": 1e400, "method": "m"})");
    CHECK(unreadable_later.code == -32700);
    CHECK(unreadable_later.id.is_null());
    // No id at all: a notification, which nothing answers.
    Decoded notification = decode(R"({"jsonrpc": "2.0", "method": "m", "params": [1e400]})");
    CHECK_FALSE(notification.message);
    CHECK(notification.code == 0);
    CHECK(notification.error == "the number 1e400 is out of the range of a double");
    // Not an object: no notification, so an error with id null.
    for (const char* text : {"[[[[1]]]]", "1e400", "[1e400, {\"id\": 3}]"}) {
      Decoded batch = decode(text);
      CHECK(batch.code == -32700);
      CHECK(batch.id.is_null());
    }
    // Not JSON: -32700, with the id when one can be read.
    Decoded broken = decode(R"({"id": 9, "method": )");
    CHECK(broken.code == -32700);
    CHECK(broken.id == 9);
    CHECK(broken.error.rfind("the message is not JSON: parse error at line 1, column 21", 0) == 0);
    // Within the limits: the message, its 1e-400 a zero.
    Decoded fine = decode(Request("10", "[1e-400, -1e-400]"));
    REQUIRE(fine.message);
    CHECK((*fine.message)["params"][0] == 0.0);
    CHECK((*fine.message)["params"][1].get<double>() == 0.0);
  }

  TEST_CASE("only integers and strings are ids") {
    using tvm::lsp::rpc::FindIdKey;
    CHECK(FindIdKey(R"({"id": 1.5})").seen);
    CHECK(FindIdKey(R"({"id": 1.5})").id.is_null());
    CHECK(FindIdKey(R"({"id": 1e400, "x": 1})").id.is_null());
    CHECK(FindIdKey(R"({"id": -12})").id == -12);
    CHECK_FALSE(FindIdKey(R"({"a": {"id": 3}})").seen);
    CHECK(Survey(R"({"id": 2.5})", {}).id.is_null());
    CHECK(Survey(R"({"id": true})", {}).id_seen);
  }
}
