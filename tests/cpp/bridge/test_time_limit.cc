// The time limit: Python code that runs past it is stopped by an asynchronous TimeoutError and
// reported as "time-limit"; code that catches it meets another; C code that never returns to
// the interpreter loop cannot be stopped and is reported as stuck; the next call works.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bridge_fixture.h"

using namespace tvm::script::bridge;  // NOLINT(build/namespaces)
using bridge_test::FixtureOptions;
using std::chrono::milliseconds;

namespace {

using Clock = std::chrono::steady_clock;

// The stop waits for the running thread to let the GIL go (a 5 ms switch interval) and for the
// scheduler of a busy two-core machine; measured stops are about 5-20 ms past the limit.
constexpr milliseconds kSlack{500};

milliseconds Since(Clock::time_point start) {
  return std::chrono::duration_cast<milliseconds>(Clock::now() - start);
}

void CheckTimeLimit(const ParseResult& result, milliseconds limit) {
  REQUIRE(result.diagnostics.size() == 1);
  const Diagnostic& diagnostic = result.diagnostics[0];
  CHECK(diagnostic.code == "time-limit");
  CHECK(diagnostic.severity == Severity::kError);
  CHECK(diagnostic.message == "analysis stopped after " + std::to_string(limit.count()) + " ms");
  CHECK(result.definitions.empty());
}

void CheckNextCallWorks() {
  ParseResult result = ParseDiagnostics("next", FixtureOptions("full"));
  REQUIRE(result.diagnostics.size() == 4);
  CHECK(result.diagnostics[3].message == "source_name=fixture.py trusted=False text=next");
  CHECK(Interpreter::Global().Evaluate("1 + 1") == "2");
}

}  // namespace

TEST_SUITE("bridge.time_limit") {
  TEST_CASE("an endless Python loop is stopped after the limit and the next call works") {
    for (milliseconds limit : {milliseconds(300), milliseconds(50)}) {
      CAPTURE(limit.count());
      ParseOptions options = FixtureOptions("spin");
      options.time_limit = limit;
      Clock::time_point start = Clock::now();
      ParseResult result = ParseDiagnostics("", options);
      milliseconds took = Since(start);
      MESSAGE("limit " << limit.count() << " ms: stopped after " << took.count() << " ms");
      CheckTimeLimit(result, limit);
      CHECK(took >= limit);
      CHECK(took < limit + kSlack);
      CheckNextCallWorks();
    }
  }

  TEST_CASE("code that catches the TimeoutError meets another") {
    CHECK(Interpreter::Global().Evaluate("__import__('bridge_fixture').caught") == "0");
    ParseOptions options = FixtureOptions("stubborn");
    options.time_limit = milliseconds(200);
    Clock::time_point start = Clock::now();
    ParseResult result = ParseDiagnostics("", options);
    milliseconds took = Since(start);
    MESSAGE("stubborn: stopped after " << took.count() << " ms");
    CheckTimeLimit(result, options.time_limit);
    CHECK(Interpreter::Global().Evaluate("__import__('bridge_fixture').caught") == "1");
    // The watchdog raises again 100 ms after the first exception (its re-injection interval).
    CHECK(took >= options.time_limit + milliseconds(100));
    CHECK(took < options.time_limit + kSlack + milliseconds(100));
    CheckNextCallWorks();
  }

  TEST_CASE("a call within its limit is not touched") {
    ParseOptions options = FixtureOptions("sleep");
    options.time_limit = milliseconds(2000);
    ParseResult result = ParseDiagnostics("0.05", options);
    CHECK(result.diagnostics.size() == 4);
    // No exception is left pending for later code of this thread.
    std::this_thread::sleep_for(milliseconds(100));
    CHECK(Interpreter::Global().Evaluate("sum(range(100000))") == "4999950000");
  }

  TEST_CASE("C code that does not return in time is reported stuck, then stopped on return") {
    std::mutex mutex;
    std::vector<Interpreter::StuckReport> reports;
    Interpreter& interpreter = Interpreter::Global();
    interpreter.SetStuckGrace(milliseconds(300));
    interpreter.SetStuckHandler([&](const Interpreter::StuckReport& report) {
      std::lock_guard<std::mutex> lock(mutex);
      reports.push_back(report);
    });
    ParseOptions options = FixtureOptions("sleep");
    options.source_name = "sleepy.py";
    options.time_limit = milliseconds(100);
    Clock::time_point start = Clock::now();
    ParseResult result = ParseDiagnostics("1.2", options);
    milliseconds took = Since(start);
    interpreter.SetStuckHandler(nullptr);
    interpreter.SetStuckGrace(milliseconds(2000));

    // time.sleep runs in C: the TimeoutError waits until it returns.
    CheckTimeLimit(result, options.time_limit);
    CHECK(took >= milliseconds(1200));
    std::lock_guard<std::mutex> lock(mutex);
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].entry == "bridge_fixture.sleep");
    CHECK(reports[0].source_name == "sleepy.py");
    CHECK(reports[0].time_limit == milliseconds(100));
    CHECK(reports[0].waited >= milliseconds(300));
    CHECK(reports[0].waited < milliseconds(300) + kSlack);
    CheckNextCallWorks();
  }

  TEST_CASE("the watchdog stops the thread that ran out of time, not its neighbour") {
    ParseOptions spin = FixtureOptions("spin");
    spin.time_limit = milliseconds(400);
    ParseResult stopped;
    std::atomic<bool> done{false};
    std::thread runaway([&] {
      stopped = ParseDiagnostics("", spin);
      done = true;
    });
    int calls = 0;
    while (!done || calls == 0) {
      ParseResult result = ParseDiagnostics("neighbour", FixtureOptions("full"));
      REQUIRE(result.diagnostics.size() == 4);
      CHECK(result.diagnostics[3].message == "source_name=fixture.py trusted=False text=neighbour");
      ++calls;
    }
    runaway.join();
    MESSAGE("neighbour calls while the runaway ran: " << calls);
    CheckTimeLimit(stopped, spin.time_limit);
    CheckNextCallWorks();
  }
}
