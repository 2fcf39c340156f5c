/*!
 * \file test_navigation_text.cc
 * \brief What the navigation features read from Python text by syntax alone
 *  (lsp/server/features/python_text.h): blocks, identifiers, words, names and imports.
 */
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "features/python_text.h"

namespace {

namespace features = tvm::lsp::features;

std::vector<std::string> Code(const std::string& text) {
  return features::CodeLines(tvm::lsp::SplitLines(text));
}

}  // namespace

TEST_SUITE("lsp.navigation_text") {
  TEST_CASE("a block ends at its last more indented line, blank lines and comments aside") {
    std::vector<std::string> code =
        Code("def f(a,\n      b):\n    x = 1\n\n    # note\n    if x: y\n  # out\ny = 2\n");
    CHECK(features::BlockEnd(code, 1) == 6);  // the header spans two lines
    CHECK(features::BlockEnd(code, 3) == 0);  // no compound statement
    CHECK(features::BlockEnd(code, 6) == 0);  // `if x: y` has no block
    CHECK(features::BlockEnd(code, 99) == 0);
  }

  TEST_CASE("strings and comments are blanked, across lines for triple quotes") {
    std::vector<std::string> code = Code("a = 'x#y'  # c\nb = '''\nfor:\n''' + c\n");
    CHECK(code[0] == "a = '   '     ");
    CHECK(code[2] == "    ");
    CHECK(features::NamesIn(code, 1, 4) == std::set<std::string>{"a", "b", "c"});
  }

  TEST_CASE("names are plain names: attributes and string prefixes are not") {
    std::vector<std::string> code = Code("x = T.alloc(n) + f\"s\" + obj . field\n");
    CHECK(features::NamesIn(code, 1, 1) == std::set<std::string>{"x", "T", "n", "obj"});
  }

  TEST_CASE("identifiers and keywords") {
    CHECK(features::IsIdentifier("café"));
    CHECK(features::IsIdentifier("_x1"));
    CHECK_FALSE(features::IsIdentifier("1x"));
    CHECK_FALSE(features::IsIdentifier("a-b"));
    CHECK_FALSE(features::IsIdentifier(""));
    CHECK_FALSE(features::IsIdentifier("lambda"));
    CHECK(features::IsKeyword("None"));
    CHECK_FALSE(features::IsKeyword("range"));
  }

  TEST_CASE("the word at a column, also right after it; numbers are none") {
    CHECK(features::WordAt("  café = 1", 3) == std::pair<int64_t, int64_t>{2, 7});
    CHECK(features::WordAt("  café = 1", 7) == std::pair<int64_t, int64_t>{2, 7});
    CHECK(features::WordAt("  café = 1", 8) == std::pair<int64_t, int64_t>{8, 8});
    CHECK(features::WordAt("x = 12", 5).first == features::WordAt("x = 12", 5).second);
  }

  TEST_CASE("the names imports bind") {
    std::vector<std::string> code = Code(
        "from tvm_tirx.script import tirx as T, ir as I\nimport tvm.script\n"
        "from a import (b,\n    c as d)\nimport numpy as np  # comment\n");
    CHECK(features::ImportedNames(code) == std::set<std::string>{"T", "I", "tvm", "b", "d", "np"});
  }
}
