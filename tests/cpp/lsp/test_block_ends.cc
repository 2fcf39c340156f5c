/*!
 * \file test_block_ends.cc
 * \brief BlockEnds (every line's block at once, lsp/server/features/python_text.h) agrees with
 *  BlockEnd line by line, on random texts of brackets, headers and indentation, and stays
 *  linear on the texts that made folding quadratic (issue 22, item 5).
 */
#include <doctest/doctest.h>

#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "features/python_text.h"

namespace {

namespace features = tvm::lsp::features;

std::vector<std::string> Code(const std::string& text) {
  return features::CodeLines(tvm::lsp::SplitLines(text));
}

/*! \brief A text of `count` lines drawn from pieces that open, close and nest blocks. */
std::string RandomText(std::mt19937* random, int count) {
  static const std::vector<std::string> kPieces = {
      "if (",      "if x:",    "for i in (a,", "b):",     "):",   ")",   "]]",
      "x = [1, (", "def f(a,", "while [",      "else:",   "pass", "",    "# c",
      "y = 1",     "class A:", "with a as b:", "if x: y", "try:", "'''", "x = (1)"};
  std::uniform_int_distribution<size_t> piece(0, kPieces.size() - 1);
  std::uniform_int_distribution<int> indent(0, 3);
  std::string text;
  for (int k = 0; k < count; ++k) {
    text += std::string(static_cast<size_t>(indent(*random)) * 2, ' ') + kPieces[piece(*random)];
    text += "\n";
  }
  return text;
}

double Seconds(const std::vector<std::string>& code) {
  auto start = std::chrono::steady_clock::now();
  std::vector<int64_t> ends = features::BlockEnds(code);
  CHECK(ends.size() == code.size());
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_SUITE("lsp.block_ends") {
  TEST_CASE("every line's block is BlockEnd's, on random texts") {
    std::mt19937 random(22);
    for (int round = 0; round < 3000; ++round) {
      std::vector<std::string> code = Code(RandomText(&random, 1 + round % 40));
      std::vector<int64_t> ends = features::BlockEnds(code);
      for (size_t line = 1; line <= code.size(); ++line) {
        INFO("round ", round, ", line ", line);
        REQUIRE(ends[line - 1] == features::BlockEnd(code, static_cast<int64_t>(line)));
      }
    }
  }

  TEST_CASE("known blocks: headers over lines, unclosed brackets, nesting") {
    std::vector<std::string> code = Code(
        "def f(a,\n      b):\n    x = 1\n\n    if (x\n        ):\n        pass\n  # out\ny = (\n"
        "if z:\n    w\n");
    CHECK(features::BlockEnds(code) == std::vector<int64_t>{7, 0, 0, 0, 7, 0, 0, 0, 0, 11, 0, 0});
  }

  TEST_CASE("pathological texts take time linear in their size") {
    // 128,000 lines of `if (` took 86 s when each line's header scanned to the end.
    std::string opens;
    for (int k = 0; k < 128000; ++k) opens += "if (\n";
    CHECK(Seconds(Code(opens)) < 1.0);
    std::string nested;  // 10,000 levels of indentation, each a block to the end
    for (int k = 0; k < 10000; ++k) nested += std::string(static_cast<size_t>(k), ' ') + "if x:\n";
    nested += std::string(10000, ' ') + "pass\n";
    std::vector<std::string> code = Code(nested);
    CHECK(Seconds(code) < 1.0);
    CHECK(features::BlockEnds(code)[0] == 10001);
    CHECK(features::BlockEnds(code)[9999] == 10001);
  }
}
