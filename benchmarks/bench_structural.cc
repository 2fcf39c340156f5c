// Structural equality and hashing throughput on generated functions of about 1k, 10k and 100k
// nodes, and the cost of each 10x step in size (issue 3 asks for at most 12x).
//
// Run: build/benchmarks/bench_structural [--repeats N] [--shape flat|blocks|all]
//      [--cache warm|cold|both] [--nodes N]... [--check]
//  (--nodes, repeatable, replaces the default sizes: for profilers)
//
// A node is an object the structural walk reaches (statements, expressions, types, arrays),
// counted by a reflection walk of the function; shared objects count once per occurrence, as
// the walks visit them. Each time is the best of N runs (default 7, at least 5); the median is
// printed next to it to show the noise. Runs go round robin over the sizes.
//
// Caches: "warm" times a walk right after another walk of the same pair, so a pair that fits
// in the caches is read from them; "cold" empties the caches first (a 64 MiB sweep), as for a
// function met for the first time. Two 100k-node functions take about 4-5 MB, more than this
// machine's L2 and more than the L3 share a busy VM keeps, so warm 10k -> 100k also measures a
// step down the memory hierarchy (docs/performance.md).
//
// Shapes:
//  - flat: one loop over N stores `B[i] = A[i] * c_k + (A[i] + c_k)` (the shape issue 3 was
//    first measured on: four variables in all, each constant shared by two uses).
//  - blocks: N loops, each with its own loop variable, a Bind, a guarded store and distinct
//    constants, so the variable tables grow with the function as they do in real code.
//
// --check runs each shape once at 1k and 10k nodes and checks only results (copies equal with
// equal hashes, a changed copy unequal): `meson test` runs it, timing is never asserted.
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ffi/reflection/structural_hash.h>
#include <tvm/tirx/expr.h>
#include <tvm/tirx/function.h>
#include <tvm/tirx/stmt.h>
#include <tvm/tirx/tensor_expr.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "generated_functions.h"

namespace {

namespace ffi = tvm::ffi;
namespace ir = tvm::ir;
namespace tirx = tvm::tirx;
using bench::CountNodes;
using bench::Generate;
using bench::GenOptions;
using bench::Shape;
using bench::UnitsFor;

/*! \brief Best and median of a set of run times, in seconds. */
struct Timing {
  double best = 0;
  double median = 0;
};

Timing Summarise(std::vector<double> seconds) {
  std::sort(seconds.begin(), seconds.end());
  return {seconds.front(), seconds[seconds.size() / 2]};
}

double Seconds(const std::function<void()>& run) {
  auto start = std::chrono::steady_clock::now();
  run();
  std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  return elapsed.count();
}

/*!
 * \brief Pushes the functions out of every cache level: writes and reads a buffer twice the
 *  size of the largest last-level cache this benchmark expects (32 MiB).
 */
void EvictCaches() {
  static std::vector<char> buffer(64 << 20);
  static char sink = 0;
  for (size_t k = 0; k < buffer.size(); k += 64) buffer[k] = static_cast<char>(buffer[k] + 1);
  for (size_t k = 0; k < buffer.size(); k += 64) sink = static_cast<char>(sink ^ buffer[k]);
  asm volatile("" : : "r"(sink));
}

/*! \brief Equal copies compare equal with equal hashes; a changed copy compares unequal. */
bool CheckResults(const tirx::Function& lhs, const tirx::Function& rhs, const GenOptions& gen) {
  namespace refl = ffi::reflection;
  GenOptions changed = gen;
  changed.last_offset = 0.25;
  tirx::Function other = Generate(changed);
  bool ok =
      refl::StructuralEqual(lhs, rhs) && refl::StructuralHash(lhs) == refl::StructuralHash(rhs);
  ok = ok && !refl::StructuralEqual(lhs, other) &&
       refl::GetFirstStructuralMismatch(lhs, other).has_value();
  if (!ok) std::fprintf(stderr, "structural results wrong for %d units\n", gen.units);
  return ok;
}

/*! \brief One generated pair and its timings. */
struct Row {
  GenOptions gen;
  tirx::Function lhs;
  tirx::Function rhs;
  int64_t nodes = 0;
  std::vector<double> equal;
  std::vector<double> hash;
};

/*!
 * \brief kWarm: each walk follows the previous one on the same functions, so whatever fits in
 *  the caches stays there. kCold: the caches are emptied before each walk, as for a function
 *  met for the first time (a request on a freshly parsed file).
 */
enum class Cache { kWarm, kCold };

struct RunOptions {
  int repeats = 7;
  bool check_only = false;
  std::vector<Shape> shapes{Shape::kFlat, Shape::kBlocks};
  std::vector<Cache> caches{Cache::kWarm, Cache::kCold};
  /*! \brief Node counts to generate; empty: 1k, 10k and (unless checking) 100k. */
  std::vector<int64_t> targets;
};

const char* ShapeName(Shape shape) { return shape == Shape::kFlat ? "flat" : "blocks"; }
const char* CacheName(Cache cache) { return cache == Cache::kWarm ? "warm" : "cold"; }

/*!
 * \brief Times every row `repeats` times, round robin over the sizes, so that a burst of load
 *  from other processes falls on all sizes alike instead of on one of them.
 */
void TimeRows(Cache cache, int repeats, std::vector<Row>* rows) {
  for (int r = 0; r < repeats; ++r) {
    for (Row& row : *rows) {
      auto equal = [&] { (void)ffi::reflection::StructuralEqual(row.lhs, row.rhs); };
      auto hash = [&] { (void)ffi::reflection::StructuralHash(row.lhs); };
      if (cache == Cache::kWarm) equal();  // the first walk of a round robin turn warms up
      if (cache == Cache::kCold) EvictCaches();
      row.equal.push_back(Seconds(equal));
      if (cache == Cache::kCold) EvictCaches();
      row.hash.push_back(Seconds(hash));
    }
  }
}

void PrintRows(Shape shape, Cache cache, int repeats, const std::vector<Row>& rows) {
  std::printf("shape %s, %s caches, best and median of %d runs\n", ShapeName(shape),
              CacheName(cache), repeats);
  std::printf("%8s %6s %10s %10s %12s %10s %10s %12s\n", "nodes", "units", "eq best", "eq med",
              "eq nodes/s", "hash best", "hash med", "hash nodes/s");
  for (const Row& row : rows) {
    Timing eq = Summarise(row.equal);
    Timing hs = Summarise(row.hash);
    std::printf("%8lld %6d %8.3fms %8.3fms %12.3g %8.3fms %8.3fms %12.3g\n",
                static_cast<long long>(row.nodes), row.gen.units, eq.best * 1e3, eq.median * 1e3,
                static_cast<double>(row.nodes) / eq.best, hs.best * 1e3, hs.median * 1e3,
                static_cast<double>(row.nodes) / hs.best);
  }
  for (size_t k = 1; k < rows.size(); ++k) {
    const Row& a = rows[k - 1];
    const Row& b = rows[k];
    std::printf("  %.0fk -> %.0fk: equal %.1fx, hash %.1fx (best); nodes %.1fx\n",
                static_cast<double>(a.nodes) / 1000, static_cast<double>(b.nodes) / 1000,
                Summarise(b.equal).best / Summarise(a.equal).best,
                Summarise(b.hash).best / Summarise(a.hash).best,
                static_cast<double>(b.nodes) / static_cast<double>(a.nodes));
  }
}

/*! \return false when a result is wrong. */
bool RunShape(Shape shape, const RunOptions& options) {
  std::vector<int64_t> targets = options.targets;
  if (targets.empty()) {
    targets = {1000, 10000};
    if (!options.check_only) targets.push_back(100000);
  }
  std::vector<Row> rows;
  for (int64_t target : targets) {
    Row row;
    row.gen = GenOptions{shape, UnitsFor(shape, target)};
    row.lhs = Generate(row.gen);
    row.rhs = Generate(row.gen);
    if (!CheckResults(row.lhs, row.rhs, row.gen)) return false;
    row.nodes = CountNodes(row.lhs);
    rows.push_back(std::move(row));
  }
  for (Cache cache : options.caches) {
    for (Row& row : rows) {
      row.equal.clear();
      row.hash.clear();
    }
    TimeRows(cache, options.repeats, &rows);
    PrintRows(shape, cache, options.repeats, rows);
  }
  return true;
}

bool ParseArgs(int argc, char** argv, RunOptions* options) {
  for (int k = 1; k < argc; ++k) {
    std::string arg = argv[k];
    if (arg == "--check") {
      options->check_only = true;
      options->repeats = 1;
      options->caches = {Cache::kWarm};
    } else if (arg == "--repeats" && k + 1 < argc) {
      options->repeats = std::max(5, std::atoi(argv[++k]));
    } else if (arg == "--cache" && k + 1 < argc) {
      std::string cache = argv[++k];
      if (cache == "warm") options->caches = {Cache::kWarm};
      if (cache == "cold") options->caches = {Cache::kCold};
      if (cache != "warm" && cache != "cold" && cache != "both") return false;
    } else if (arg == "--nodes" && k + 1 < argc) {
      options->targets.push_back(std::atoll(argv[++k]));
    } else if (arg == "--shape" && k + 1 < argc) {
      std::string shape = argv[++k];
      if (shape == "flat") options->shapes = {Shape::kFlat};
      if (shape == "blocks") options->shapes = {Shape::kBlocks};
      if (shape != "flat" && shape != "blocks" && shape != "all") return false;
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  RunOptions options;
  if (!ParseArgs(argc, argv, &options)) {
    std::fprintf(
        stderr,
        "usage: %s [--repeats N (>= 5)] [--shape flat|blocks|all] [--cache warm|cold|both]\n"
        "       [--nodes N]... [--check]\n",
        argv[0]);
    return 2;
  }
  for (Shape shape : options.shapes) {
    if (!RunShape(shape, options)) return 1;
  }
  return 0;
}
