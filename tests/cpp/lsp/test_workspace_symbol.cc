/*!
 * \file test_workspace_symbol.cc
 * \brief The workspace index's scan of a file's text (features::ScanSymbols: nothing is
 *  evaluated), the query match and ranking of workspace/symbol, and the walker's bounds the
 *  index relies on (files.h: cancellation, file limit, links kept inside the root).
 */
#include <doctest/doctest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "documents.h"
#include "features/features.h"
#include "files.h"

namespace {

namespace features = tvm::lsp::features;
namespace fs = std::filesystem;

/*! \brief "name kind container line:column-end_column" per symbol. */
std::vector<std::string> Scan(const std::string& text) {
  features::SymbolScanOptions options{tvm::lsp::DecoratorCheckOf(text)};
  std::vector<std::string> shown;
  for (const features::WorkspaceSymbol& symbol : features::ScanSymbols(text, options)) {
    shown.push_back(symbol.name + " " + symbol.kind + " " +
                    (symbol.container.empty() ? "-" : symbol.container) + " " +
                    std::to_string(symbol.range.line) + ":" + std::to_string(symbol.range.column) +
                    "-" + std::to_string(symbol.range.end_column));
  }
  return shown;
}

std::vector<std::string> Rank(const std::vector<std::string>& names, const std::string& query,
                              size_t limit = 100) {
  std::vector<features::WorkspaceSymbol> symbols;
  for (const std::string& name : names) symbols.push_back({name, "function", "", {}, ""});
  std::vector<const features::WorkspaceSymbol*> pointers;
  for (const auto& symbol : symbols) pointers.push_back(&symbol);
  std::vector<std::string> ranked;
  for (size_t k : features::RankSymbols(pointers, query, limit)) ranked.push_back(names[k]);
  return ranked;
}

struct TempTree {
  fs::path root;
  TempTree() {
    std::string pattern = (fs::temp_directory_path() / "tvm-lsp-walk-XXXXXX").string();
    root = mkdtemp(pattern.data());
  }
  ~TempTree() { fs::remove_all(root); }
  void Write(const std::string& relative, const std::string& text) const {
    fs::create_directories((root / relative).parent_path());
    std::ofstream(root / relative) << text;
  }
};

}  // namespace

TEST_SUITE("lsp.workspace_symbol") {
  TEST_CASE("decorated top-level definitions and a module's functions are found") {
    std::string text =
        "from tvm.script import tir as T, ir as I\n"
        "@T.prim_func(private=True)\n"
        "def add(A: T.Buffer((4,), \"int32\")):\n"
        "    pass\n"
        "@I.ir_module\n"
        "class Mod:\n"
        "    @T.prim_func\n"
        "    def main(A: T.Buffer((4,), \"int32\")):\n"
        "        pass\n"
        "\n"
        "    @T.macro\n"
        "    def helper():\n"
        "        pass\n"
        "    def plain(self):\n"
        "        pass\n"
        "@T.inline\n"
        "async  def  spaced():\n"
        "    pass\n"
        "def undecorated():\n"
        "    pass\n"
        "@functools.cache\n"
        "def cached():\n"
        "    pass\n";
    CHECK(Scan(text) == std::vector<std::string>{"add function - 3:4-7", "Mod module - 6:6-9",
                                                 "main function Mod 8:8-12",
                                                 "helper macro Mod 12:8-14",
                                                 "spaced macro - 17:12-18"});
  }

  TEST_CASE("decorators may span lines and stack; strings and comments hide nothing") {
    std::string text =
        "@T.prim_func(\n"
        "    private=True,  # ) not closed here\n"
        ")\n"
        "@other\n"
        "\n"
        "def f():\n"
        "    pass\n"
        "s = '''\n"
        "@T.prim_func\n"
        "def in_string(): pass\n"
        "'''\n"
        "# @T.prim_func\n"
        "def g(): pass\n";
    CHECK(Scan(text) == std::vector<std::string>{"f function - 6:4-5"});
  }

  TEST_CASE("nested and broken definitions are not symbols; nothing crashes on junk") {
    CHECK(Scan("def outer():\n    @T.prim_func\n    def inner(): pass\n").empty());
    CHECK(Scan("@T.prim_func\n").empty());
    CHECK(Scan("@T.prim_func\ndef 1x(): pass\n").empty());
    CHECK(Scan("@T.prim_func\nx = 1\n").empty());
    CHECK(Scan("@I.ir_module\nclass M: pass\n") == std::vector<std::string>{"M module - 2:6-7"});
    CHECK(Scan("@(((\n").empty());
    CHECK(Scan(std::string(1 << 20, 'x')).empty());  // a 1 MiB line
    CHECK(Scan("@T.prim_func\ndef café(): pass\n") ==
          std::vector<std::string>{"café function - 2:4-9"});
  }

  TEST_CASE("decorators through the aliases the file's imports bind") {
    std::string text =
        "from tvm.script import tir as tx, ir\n"
        "import tvm.script.s_tir as sx, os as T2\n"
        "from tvm_tirx.script import (\n"
        "    tirx as tt,\n"
        ")\n"
        "@tx.prim_func\ndef a(): pass\n"
        "@ir.ir_module\nclass B: pass\n"
        "@sx.function\ndef c(): pass\n"
        "@tt.macro\ndef d(): pass\n"
        "@T2.prim_func\ndef not_one(): pass\n"
        "@tx.not_a_decorator\ndef nor_this(): pass\n";
    CHECK(tvm::lsp::NamespaceAliases(text) == std::set<std::string>{"ir", "sx", "tt", "tx"});
    CHECK(Scan(text) == std::vector<std::string>{"a function - 7:4-5", "B module - 9:6-7",
                                                 "c function - 11:4-5", "d macro - 13:4-5"});
  }

  TEST_CASE("a name far into its line is skipped") {
    std::string text = "@T.prim_func\n" + std::string(5000, ' ') + "def far(): pass\n";
    CHECK(Scan(text).empty());  // indented past the top level, too
    features::SymbolScanOptions options{tvm::lsp::DecoratorCheckOf(""), 3};
    CHECK(features::ScanSymbols("@T.prim_func\ndef f(): pass\n", options).empty());
  }

  TEST_CASE("queries match case-insensitive subsequences, exact and prefix first") {
    std::vector<std::string> names = {"matmul_relu", "Matmul",       "matmul", "mat_mul",
                                      "gemm",        "batch_matmul", "m_a_t"};
    CHECK(Rank(names, "matmul") ==
          std::vector<std::string>{"matmul", "Matmul", "matmul_relu", "batch_matmul", "mat_mul"});
    // A substring beats a scattered match; ties go by name (upper case sorts first).
    CHECK(Rank(names, "MM") == std::vector<std::string>{"gemm", "Matmul", "matmul", "matmul_relu",
                                                        "batch_matmul", "mat_mul"});
    CHECK(Rank(names, "mat") == std::vector<std::string>{"matmul", "mat_mul", "matmul_relu",
                                                         "Matmul", "batch_matmul", "m_a_t"});
    CHECK(Rank(names, "zz").empty());
    CHECK(Rank(names, "").size() == names.size());
    CHECK(Rank(names, "", 2) == std::vector<std::string>{"Matmul", "batch_matmul"});
    CHECK(features::MatchScore("abc", "abcd") == std::nullopt);
  }

  TEST_CASE("the walk stops when cancelled or at its file limit") {
    TempTree tree;
    for (int k = 0; k < 5; ++k) tree.Write("d/f" + std::to_string(k) + ".py", "x = 1\n");
    tvm::lsp::WalkOptions options;
    options.max_files = 3;
    std::vector<fs::path> files;
    CHECK(tvm::lsp::CollectFiles({tree.root.string()}, options, &files).empty());
    CHECK(files.size() == 3);
    std::atomic<bool> cancel{true};
    options.cancel = &cancel;
    files.clear();
    CHECK(tvm::lsp::CollectFiles({tree.root.string()}, options, &files).empty());
    CHECK(files.empty());
  }

  TEST_CASE("links to files outside the root are skipped only when asked") {
    TempTree tree;
    TempTree outside;
    outside.Write("secret.py", "x = 1\n");
    tree.Write("in/own.py", "x = 1\n");
    fs::create_directories(tree.root / "in");
    fs::create_symlink(outside.root / "secret.py", tree.root / "in" / "leak.py");
    fs::create_symlink(tree.root / "in" / "own.py", tree.root / "in" / "alias.py");
    fs::create_directory_symlink("/", tree.root / "in" / "root");
    tvm::lsp::WalkOptions options;
    std::vector<fs::path> files;
    CHECK(tvm::lsp::CollectFiles({(tree.root / "in").string()}, options, &files).empty());
    CHECK(files.size() == 3);  // the CLI takes links to files as they are
    options.links_stay_inside = true;
    files.clear();
    CHECK(tvm::lsp::CollectFiles({(tree.root / "in").string()}, options, &files).empty());
    CHECK(files ==
          std::vector<fs::path>{tree.root / "in" / "alias.py", tree.root / "in" / "own.py"});
  }
}
