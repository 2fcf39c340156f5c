// Hover's lookup on the server (features::NodeAt over the parts' position index) against the
// frontend's own `ParseReport.what_is_at` on the same analysis, in the worker: at every position
// of the examples and of an S-TIR program with blocks, the same answer; and the lookup's cost
// does not grow with the number of definitions.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "features/features.h"
#include "worker_test_util.h"

using namespace tvm::lsp;     // NOLINT(build/namespaces)
using namespace worker_test;  // NOLINT(build/namespaces)
namespace bridge = tvm::script::bridge;
using nlohmann::json;

namespace {

/*! \brief An S-TIR program with blocks (shared with tests/python/lsp/test_sblock_editor.py). */
std::string Blocks() {
  std::ifstream file(std::string(TVM_LSP_WORKER_FIXTURES) + "/sblock_matmul.txt");
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

/*! \brief NodeAt's answer in the shape of `what_is_at`'s (the symbol by its id). */
json AsPlain(const std::optional<features::NodeInfo>& node) {
  if (!node) return nullptr;
  const bridge::Range& r = node->range;
  json symbol = node->symbol ? json(node->symbol->id) : json(nullptr);
  return json{{"range", {r.line, r.column, r.end_line, r.end_column}},
              {"kind", node->kind},
              {"text", node->text},
              {"type", node->type},
              {"symbol", symbol}};
}

}  // namespace

TEST_SUITE("lsp.node_at") {
  TEST_CASE("the server's lookup answers what the frontend's what_is_at answers, everywhere") {
    WorkerClient client(RealOptions());
    std::vector<std::pair<std::string, std::string>> files = {
        {"file:///examples/vector_add.py", Example("vector_add.py")},
        {"file:///examples/matmul_module.py", Example("matmul_module.py")},
        {"file:///examples/work_in_progress.py", Example("work_in_progress.py")},
        {"file:///blocks.py", Blocks()}};
    for (const auto& [uri, text] : files) {
      CAPTURE(uri);
      client.Open(uri, 1, text);
      AnalysisOutcome analysed = client.Analyze(uri);
      REQUIRE(analysed.status == AnalysisOutcome::Status::kDone);
      REQUIRE(analysed.index != nullptr);
      // Every line, every column up to one past its end (ASCII texts: bytes are characters).
      std::string expected_json = client.TestEval(
          "__import__('json').dumps([[__import__('tvm_tirx.script.parser.session', "
          "fromlist=['_']).document_session('" +
          uri +
          "').report.what_is_at(n + 1, c) for c in range(len(line) + 2)] for n, line in "
          "enumerate(__import__('tvm_tirx.script.parser.line_index', fromlist=['_'])"
          ".split_lines(" +
          json(text).dump() + "))])");
      json expected = json::parse(expected_json);
      size_t answered = 0;
      size_t positions = 0;
      for (size_t n = 0; n < expected.size(); ++n) {
        for (size_t c = 0; c < expected[n].size(); ++c) {
          CAPTURE(n + 1);
          CAPTURE(c);
          json got = AsPlain(features::NodeAt(*analysed.index, static_cast<int64_t>(n + 1),
                                              static_cast<int64_t>(c)));
          CHECK(got == expected[n][c]);
          answered += got.is_null() ? 0 : 1;
          ++positions;
        }
      }
      MESSAGE(uri << ": " << answered << " of " << positions << " positions hold something");
      CHECK(answered > positions / 10);  // not a comparison of nothing with nothing
    }
    // The blocks: a block's name shows its header, which the same lookup found.
    std::optional<features::NodeInfo> block =
        features::NodeAt(*client.Analyze("file:///blocks.py").index, 7, 23);
    REQUIRE(block.has_value());
    CHECK(block->kind == "block");
    CHECK(block->text.starts_with("with T.sblock(\"C\"):\n    "));
  }

  TEST_CASE("the lookup's cost follows the definition, not the file") {
    auto index_of = [](int definitions) {
      PartsIndex index;
      for (int d = 0; d < definitions; ++d) {
        bridge::DefinitionPart part;
        part.definition.range = bridge::Range{d * 10 + 1, 0, d * 10 + 9, 10};
        part.descriptions.push_back(bridge::Description{"ir.Var", "x", "T.int32"});
        for (int64_t line = 1; line <= 8; ++line) {
          part.nodes.insert(part.nodes.end(), {line, 4, line, 5, 0, -1});
        }
        index.parts.push_back(std::make_shared<const bridge::DefinitionPart>(std::move(part)));
      }
      return index;
    };
    auto per_lookup = [](const PartsIndex& index, int definitions) {
      auto start = std::chrono::steady_clock::now();
      size_t found = 0;
      for (int k = 0; k < 20000; ++k) {
        int64_t line = (k % definitions) * 10 + 5;
        found += features::NodeAt(index, line, 4).has_value() ? 1 : 0;
      }
      CHECK(found == 20000);
      return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                 .count() /
             20000;
    };
    PartsIndex small = index_of(10);
    PartsIndex large = index_of(10000);
    double small_us = per_lookup(small, 10);
    double large_us = per_lookup(large, 10000);
    MESSAGE("a lookup: " << small_us << " us among 10 definitions, " << large_us
                         << " us among 10,000");
    // A binary search over 10,000 definitions is 14 steps; a scan of them would be 1,000x.
    CHECK(large_us < small_us * 5 + 1);
  }
}
