/*!
 * \file test_settings_units.cc
 * \brief The pure pieces of settings and trust (lsp/server): the adaptive debounce on injected
 *  analysis times, the settings' layers, file URIs and resolved paths.
 */
#include <doctest/doctest.h>

#include <chrono>
#include <deque>
#include <string>
#include <vector>

#include "debounce.h"
#include "settings.h"
#include "trust.h"

namespace {

using std::chrono::milliseconds;
using tvm::lsp::ComputeDebounce;
using tvm::lsp::DebouncePolicy;

std::deque<milliseconds> Times(std::initializer_list<int> ms) {
  std::deque<milliseconds> times;
  for (int m : ms) times.push_back(milliseconds(m));
  return times;
}

}  // namespace

TEST_SUITE("lsp.Debounce") {
  TEST_CASE("nothing measured waits the minimum, which is no wait") {
    CHECK(ComputeDebounce(DebouncePolicy{}, {}) == milliseconds(0));
  }

  TEST_CASE("the delay is the median of recent analyses, within the bounds") {
    DebouncePolicy policy;
    CHECK(ComputeDebounce(policy, Times({120})) == milliseconds(120));
    CHECK(ComputeDebounce(policy, Times({100, 900, 200})) == milliseconds(200));
    CHECK(ComputeDebounce(policy, Times({5, 7, 3})) ==
          milliseconds(5));  // never above the analysis
    CHECK(ComputeDebounce(policy, Times({2000, 3000, 10})) == milliseconds(500));  // the maximum
  }

  TEST_CASE("a floor, when a policy sets one, bounds the delay from below") {
    DebouncePolicy policy;
    policy.min = milliseconds(50);
    CHECK(ComputeDebounce(policy, Times({5, 7, 3})) == milliseconds(50));
    CHECK(ComputeDebounce(policy, {}) == milliseconds(50));
  }

  TEST_CASE("changes further apart than an analysis are not waited for") {
    DebouncePolicy policy;
    // Typing faster than the worker analyses: wait the analysis's median.
    CHECK(ComputeDebounce(policy, Times({100, 120, 110}), Times({30, 40, 20})) ==
          milliseconds(110));
    // Changes 200 ms apart with 110 ms analyses: the worker is idle when each arrives.
    CHECK(ComputeDebounce(policy, Times({100, 120, 110}), Times({200, 250, 180})) ==
          milliseconds(0));
    // Equal is not further apart.
    CHECK(ComputeDebounce(policy, Times({110}), Times({110})) == milliseconds(110));
  }

  TEST_CASE("the gaps between changes are kept from the second change on") {
    tvm::lsp::AnalysisTimes times;
    auto start = std::chrono::steady_clock::time_point{};
    times.RecordChange(start);
    CHECK(times.gaps().empty());
    times.RecordChange(start + milliseconds(40));
    times.RecordChange(start + milliseconds(100));
    CHECK(times.gaps() == Times({40, 60}));
    for (int k = 0; k < 40; ++k) times.RecordChange(start + milliseconds(200 + k));
    CHECK(times.gaps().size() == tvm::lsp::AnalysisTimes::kKept);
  }

  TEST_CASE("a ratio scales the median") {
    DebouncePolicy policy;
    policy.ratio = 2.0;
    CHECK(ComputeDebounce(policy, Times({100, 150, 120})) == milliseconds(240));
  }

  TEST_CASE("only the window's most recent times count") {
    DebouncePolicy policy;
    policy.window = 3;
    // Slow analyses long ago, fast ones now: the delay follows the recent ones.
    CHECK(ComputeDebounce(policy, Times({400, 400, 400, 400, 60, 70, 80})) == milliseconds(70));
  }

  TEST_CASE("a fixed policy ignores the measurements") {
    DebouncePolicy fixed = DebouncePolicy::Fixed(milliseconds(0));
    CHECK(ComputeDebounce(fixed, Times({300, 300})) == milliseconds(0));
    CHECK(ComputeDebounce(DebouncePolicy::Fixed(milliseconds(750)), {}) == milliseconds(750));
  }

  TEST_CASE("the history keeps the newest times only") {
    tvm::lsp::AnalysisTimes times;
    for (int k = 0; k < 40; ++k) times.Record(milliseconds(k));
    CHECK(times.recent().size() == tvm::lsp::AnalysisTimes::kKept);
    CHECK(times.recent().front() == milliseconds(40 - tvm::lsp::AnalysisTimes::kKept));
  }
}

TEST_SUITE("lsp.Settings") {
  TEST_CASE("nested objects and dotted keys read the same") {
    std::vector<std::string> warnings;
    auto nested = tvm::lsp::SettingsFromClient(
        nlohmann::json::parse(R"({"diagnostics": {"on": "save"}, "debounceMs": null})"), &warnings);
    auto dotted = tvm::lsp::SettingsFromClient(
        nlohmann::json::parse(R"({"diagnostics.on": "save", "debounceMs": 30})"), &warnings);
    CHECK(warnings.empty());
    tvm::lsp::Settings base;
    base.debounce = milliseconds(0);
    tvm::lsp::Settings a = tvm::lsp::Apply(base, nested);
    CHECK(a.diagnostics_on == tvm::lsp::DiagnosticsOn::kSave);
    CHECK(!a.debounce.has_value());  // null: adaptive, over the layer below
    CHECK(tvm::lsp::Apply(base, dotted).debounce == milliseconds(30));
  }

  TEST_CASE("the client's layer goes over pyproject's") {
    std::vector<std::string> warnings;
    auto pyproject = tvm::lsp::SettingsFromPyproject(
        "[tool.tvm-lsp]\nround-trip-on-save = false\ndebounce-ms = \"adaptive\"\n",
        "/p/pyproject.toml", &warnings);
    auto client = tvm::lsp::SettingsFromClient(nlohmann::json::parse(R"({"roundTrip":
        {"onSave": true}})"),
                                               &warnings);
    CHECK(warnings.empty());
    tvm::lsp::Settings settings = tvm::lsp::Apply(tvm::lsp::Apply({}, pyproject), client);
    CHECK(settings.round_trip_on_save);
    CHECK(!tvm::lsp::Apply({}, pyproject).round_trip_on_save);
  }
}

TEST_SUITE("lsp.Trust") {
  TEST_CASE("file URIs become paths; other URIs do not") {
    CHECK(tvm::lsp::FilePathOfUri("file:///a/b%20c.py") == "/a/b c.py");
    CHECK(tvm::lsp::FilePathOfUri("file://localhost/a.py") == "/a.py");
    CHECK(!tvm::lsp::FilePathOfUri("file://evil.example/a.py"));
    CHECK(!tvm::lsp::FilePathOfUri("untitled:Untitled-1"));
    CHECK(!tvm::lsp::FilePathOfUri("file:///a%00b.py"));
  }

  TEST_CASE("folders are matched by whole components") {
    std::vector<std::string> folders = {"/home/u/trusted"};
    CHECK(tvm::lsp::IsUnder("/home/u/trusted", folders));
    CHECK(tvm::lsp::IsUnder("/home/u/trusted/x/a.py", folders));
    CHECK(!tvm::lsp::IsUnder("/home/u/trusted-not/a.py", folders));
    CHECK(!tvm::lsp::IsUnder("/home/u", folders));
  }

  TEST_CASE("paths resolve dots, also for files that do not exist yet") {
    CHECK(tvm::lsp::ResolvedPath("/tmp/../tmp/./no-such-file.py") == "/tmp/no-such-file.py");
    CHECK(!tvm::lsp::ResolvedPath("relative/a.py"));
    CHECK(!tvm::lsp::ResolvedPath("/no/such/folder/a.py"));
  }
}
