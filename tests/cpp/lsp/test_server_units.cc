/*!
 * \file test_server_units.cc
 * \brief The server's pure pieces: the frame parser every reader shares, lenient JSON text,
 *  position conversions, and which documents are TVMScript (lsp/server).
 */
#include <doctest/doctest.h>
#include <tvm/lsp/framing.h>
#include <tvm/lsp/freed_memory.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "documents.h"
#include "json_rpc.h"
#include "positions.h"

namespace {

using tvm::lsp::ClientPosition;
using tvm::lsp::FrameParser;
using tvm::lsp::LineIndex;
using tvm::lsp::PositionEncoding;
using Event = FrameParser::Event;

/*! \brief Every event of `parser` until it needs more, as "kind:body-or-error". */
std::vector<std::string> Drain(FrameParser* parser) {
  std::vector<std::string> events;
  std::string body;
  while (true) {
    Event event = parser->Next(&body);
    switch (event) {
      case Event::kNeedMore:
        return events;
      case Event::kMessage:
        events.push_back("message:" + body);
        break;
      case Event::kBadFrame:
        events.push_back("bad:" + parser->error());
        break;
      case Event::kTooLarge:
        events.push_back("large:" + parser->error());
        break;
      case Event::kSkipped:
        events.push_back("skipped:" + body);
        break;
    }
  }
}

}  // namespace

TEST_SUITE("lsp.server") {
  TEST_CASE("an idle thread trims the heap once after memory was freed, never while busy") {
    std::mutex mutex;
    std::condition_variable wake;
    bool freed = true;
    bool ready = false;
    std::unique_lock<std::mutex> lock(mutex);
    std::thread waker([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      std::lock_guard<std::mutex> guard(mutex);
      ready = true;
      wake.notify_all();
    });
    auto start = std::chrono::steady_clock::now();
    // Idle 50 ms: trimmed (freed cleared), then the wait goes on until ready.
    tvm::lsp::WaitTrimmingWhenIdle(
        lock, wake, &freed, [&] { return ready; }, std::chrono::milliseconds(50));
    CHECK(ready);
    CHECK(!freed);
    CHECK(std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(300));
    lock.unlock();
    waker.join();
    // Something ready within the idle time: no trim, freed stays for the next wait.
    lock.lock();
    freed = true;
    tvm::lsp::WaitTrimmingWhenIdle(
        lock, wake, &freed, [&] { return ready; }, std::chrono::milliseconds(50));
    CHECK(freed);
  }

  TEST_CASE("the frame parser takes bytes as they come, one at a time too") {
    FrameParser parser(100);
    std::string stream = "Content-Length: 2\r\n\r\n{}content-length:3\r\nX: y\r\n\r\n[1]";
    std::vector<std::string> events;
    for (char c : stream) {
      parser.Feed(std::string_view(&c, 1));
      for (std::string& event : Drain(&parser)) events.push_back(event);
    }
    CHECK(events == std::vector<std::string>{"message:{}", "message:[1]"});
    CHECK(parser.idle());
  }

  TEST_CASE("a bad header is reported once and the parser resumes at the next header") {
    FrameParser parser(100);
    parser.Feed("Content-Length: x\r\n\r\n{\"a\": 1}Content-Length: 2\r\n\r\nok");
    CHECK(Drain(&parser) ==
          std::vector<std::string>{"bad:malformed Content-Length \"Content-Length: x\"",
                                   "message:ok"});
    parser.Feed(std::string(5000, 'Z'));
    CHECK(Drain(&parser) == std::vector<std::string>{"bad:a header longer than 4096 bytes"});
    parser.Feed("Content-Length: 1\r\n\r\n!");
    CHECK(Drain(&parser) == std::vector<std::string>{"message:!"});
  }

  TEST_CASE("a body over the limit is skipped without being held, its prefix kept") {
    FrameParser parser(10);
    parser.Feed("Content-Length: 12\r\n\r\n{\"id\": ");
    CHECK(Drain(&parser) ==
          std::vector<std::string>{"large:a body of 12 bytes is larger than the limit of 10"});
    parser.Feed("3, }");
    CHECK(Drain(&parser).empty());
    parser.Feed("!Content-Length: 2\r\n\r\nhi");
    CHECK(Drain(&parser) == std::vector<std::string>{"skipped:{\"id\": 3, }!", "message:hi"});
  }

  TEST_CASE("lone surrogates and invalid UTF-8 become U+FFFD, pairs and other escapes stay") {
    using tvm::lsp::rpc::MakeWellFormed;
    CHECK(MakeWellFormed(R"(["\ud800", "\udfff x", "\uD83D\uDE00", "\\ud800", "\u00e9"])") ==
          R"(["\ufffd", "\ufffd x", "\uD83D\uDE00", "\\ud800", "\u00e9"])");
    CHECK(MakeWellFormed(R"("\ud800\ud800\udc00")") == R"("\ufffd\ud800\udc00")");
    CHECK(MakeWellFormed("\"a\xff\xc3\"") == "\"a\xEF\xBF\xBD\xEF\xBF\xBD\"");
    CHECK(MakeWellFormed("\xed\xa0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
    auto decoded = tvm::lsp::rpc::Decode(R"({"t": "a\ud800b"})").message;
    REQUIRE(decoded);
    CHECK((*decoded)["t"] ==
          "a\xEF\xBF\xBD"
          "b");
  }

  TEST_CASE("the id of a message's first bytes") {
    using tvm::lsp::rpc::FindId;
    CHECK(FindId(R"({"jsonrpc": "2.0", "id": 12, "params": {"id": 3})") == 12);
    CHECK(FindId(R"({"params": {"id": 3}, "id" : "x\"y"})") == "x\"y");
    CHECK(FindId(R"({"params": {"id": 3}, "method": "id"})").is_null());
    CHECK(FindId(R"({"id": {"a": 1}})").is_null());
    CHECK(FindId(R"({"text": "\"id\": 4", "id": 5})") == 5);
  }

  TEST_CASE("positions: UTF-8 bytes to each encoding and back, clamped") {
    std::string text = "x = \"\xC3\xA9\xF0\x9F\x98\x80\"; y\r\nend\rlast";
    LineIndex utf16(text, PositionEncoding::kUtf16);
    CHECK(utf16.line_count() == 3);
    CHECK(utf16.ToClient(1, 14) == ClientPosition{0, 11});  // `y`
    CHECK(utf16.ToClient(1, 6) == ClientPosition{0, 5});    // inside é: its start
    CHECK(utf16.ToClient(2, 99) == ClientPosition{1, 3});
    CHECK(utf16.ToClient(9, 0) == ClientPosition{2, 4});
    CHECK(utf16.FromClient(ClientPosition{0, 11}) == std::pair<int64_t, int64_t>{1, 14});
    CHECK(utf16.FromClient(ClientPosition{0, 7}) ==
          std::pair<int64_t, int64_t>{1, 7});  // half a pair
    CHECK(utf16.FromClient(ClientPosition{1, 50}) == std::pair<int64_t, int64_t>{2, 3});
    CHECK(utf16.FromClient(ClientPosition{7, 0}) == std::pair<int64_t, int64_t>{3, 4});
    LineIndex utf32(text, PositionEncoding::kUtf32);
    CHECK(utf32.ToClient(1, 14) == ClientPosition{0, 10});
    LineIndex utf8(text, PositionEncoding::kUtf8);
    CHECK(utf8.ToClient(1, 14) == ClientPosition{0, 14});
  }

  TEST_CASE("which documents are TVMScript") {
    using tvm::lsp::IsTvmScriptSource;
    CHECK(IsTvmScriptSource("from tvm_tirx.script import tirx as T\n"));
    CHECK(IsTvmScriptSource("x = 1\n  from tvm.script import s_tir as Ts, ir\n"));
    CHECK(IsTvmScriptSource("from tvm.script.tir import prim_func\n"));
    CHECK(IsTvmScriptSource("import os, tvm.script\n"));
    CHECK(IsTvmScriptSource("@I.ir_module\nclass M:\n  pass\n"));
    CHECK(IsTvmScriptSource("@tvm_tirx.script.tirx.function\n"));
    CHECK_FALSE(IsTvmScriptSource("from tvm.script import relax as R\n"));
    CHECK_FALSE(IsTvmScriptSource("import tvm\nfrom tvm import te\n@T.something\n"));
    CHECK_FALSE(IsTvmScriptSource("from tvm_tirx.scripting import tirx\nimport tvm_tirx\n"));
    CHECK_FALSE(IsTvmScriptSource("# from tvm_tirx.script import tirx as T\n"));
    CHECK(tvm::lsp::IsPythonDocument("file:///a.py", ""));
    CHECK_FALSE(tvm::lsp::IsPythonDocument("file:///a.py", "plaintext"));
  }
}
