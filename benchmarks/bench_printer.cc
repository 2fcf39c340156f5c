// Printer throughput on generated functions of about 1k, 10k and 100k nodes: nodes/s, MB of
// text/s, and the cost of each 10x step in size (issue 3 asks for at most 12x).
//
// Run: build/benchmarks/bench_printer [--repeats N] [--check]
// Each time is the best of N runs (default 7), round robin over the sizes so that load from
// other processes falls on all of them alike; the median is printed beside it. --check prints
// each shape once at 1k and 10k nodes and checks the text only (`meson test` runs it).
#include <tvm/script/printer/printer.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "generated_functions.h"

namespace {

using bench::Shape;

struct Row {
  Shape shape = Shape::kFlat;
  int64_t nodes = 0;
  tvm::tirx::Function func;
  size_t bytes = 0;
  std::vector<double> seconds;
};

double PrintSeconds(Row* row) {
  auto start = std::chrono::steady_clock::now();
  tvm::ffi::String text = tvm::script::printer::Script(row->func);
  auto stop = std::chrono::steady_clock::now();
  row->bytes = text.size();
  return std::chrono::duration<double>(stop - start).count();
}

std::vector<Row> MakeRows(Shape shape, const std::vector<int64_t>& targets) {
  std::vector<Row> rows;
  for (int64_t target : targets) {
    Row row;
    row.shape = shape;
    row.func = bench::Generate({shape, bench::UnitsFor(shape, target)});
    row.nodes = bench::CountNodes(row.func);
    rows.push_back(std::move(row));
  }
  return rows;
}

/*! \brief Printed text starts with the header and holds one line per store or loop. */
bool CheckText(const Row& row) {
  std::string text(tvm::script::printer::Script(row.func));
  return text.rfind("from __future__ import annotations\n", 0) == 0 &&
         text.find("@T.function\ndef main[n: T.int64](A: T.Tensor((n,), T.float32)") !=
             std::string::npos;
}

void PrintTable(const char* shape, std::vector<Row>& rows) {
  std::printf("%-7s %9s %11s %10s %10s %12s %9s\n", shape, "nodes", "text bytes", "best ms",
              "median ms", "nodes/s", "MB/s");
  double previous = 0;
  for (Row& row : rows) {
    std::sort(row.seconds.begin(), row.seconds.end());
    double best = row.seconds.front();
    double median = row.seconds[row.seconds.size() / 2];
    std::printf("%-7s %9lld %11zu %10.3f %10.3f %12.3g %9.1f", "", (long long)row.nodes, row.bytes,
                best * 1e3, median * 1e3, row.nodes / best, row.bytes / best / 1e6);
    if (previous > 0) std::printf("   x%.1f vs previous", best / previous);
    std::printf("\n");
    previous = best;
  }
}

}  // namespace

int main(int argc, char** argv) {
  int repeats = 7;
  bool check = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--check") == 0) {
      check = true;
    } else if (std::strcmp(argv[i], "--repeats") == 0 && i + 1 < argc) {
      repeats = std::max(1, std::atoi(argv[++i]));
    } else {
      std::fprintf(stderr, "usage: %s [--repeats N] [--check]\n", argv[0]);
      return 2;
    }
  }
  tvm::script::printer::LinkPrinter();
  const std::vector<int64_t> targets =
      check ? std::vector<int64_t>{1000, 10000} : std::vector<int64_t>{1000, 10000, 100000};
  for (Shape shape : {Shape::kFlat, Shape::kBlocks}) {
    std::vector<Row> rows = MakeRows(shape, targets);
    if (check) {
      for (const Row& row : rows) {
        if (!CheckText(row)) {
          std::fprintf(stderr, "bench_printer: unexpected text for %lld nodes\n",
                       (long long)row.nodes);
          return 1;
        }
      }
      continue;
    }
    for (int r = 0; r < repeats; ++r) {
      for (Row& row : rows) row.seconds.push_back(PrintSeconds(&row));
    }
    PrintTable(shape == Shape::kFlat ? "flat" : "blocks", rows);
  }
  if (check) std::printf("bench_printer --check: ok\n");
  return 0;
}
