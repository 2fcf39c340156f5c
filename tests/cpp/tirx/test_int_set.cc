// Integer interval sets: each rule of EvalSet with its exact bounds, the union, and ranges.
#include <doctest/doctest.h>
#include <tvm/ir/script.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/tirx/int_set.h>
#include <tvm/tirx/op.h>
#include <tvm/tirx/tensor_expr.h>

#include <string>

namespace {

using namespace tvm::ir;
using namespace tvm::tirx;
using tvm::tirx::arith::DomainMap;
using tvm::tirx::arith::EvalSet;
using tvm::tirx::arith::IntervalSet;
namespace ffi = tvm::ffi;

Expr I32(int64_t v) { return MakeConst(PrimType::Int(32), v); }
Var Int(const char* name) { return Var(name, PrimType::Int(32)); }

std::string Bound(const std::optional<Expr>& bound) {
  return bound ? std::string(Script(*bound)) : std::string("unbounded");
}

/*! \brief "[min, max]" as TVMScript, "unbounded" for a missing bound. */
std::string Text(const IntervalSet& set) {
  return "[" + Bound(set.min()) + ", " + Bound(set.max()) + "]";
}

std::string Text(const Range& range) {
  return "[" + std::string(Script(range->start)) + ", " + std::string(Script(range->end)) + ")";
}

struct Fixture {
  Var vi = Int("vi"), k = Int("k"), j = Int("j"), n = Int("n");
  DomainMap domains{{k.get(), IntervalSet(I32(0), I32(15))},
                    {j.get(), IntervalSet(I32(4), I32(6))}};
  std::string Eval(const Expr& expr) const { return Text(EvalSet(expr, domains)); }
};

}  // namespace

TEST_SUITE("tirx.arith.int_set") {
  TEST_CASE("variables outside the domains stay symbolic; constants are points") {
    Fixture f;
    CHECK(f.Eval(f.vi) == "[vi, vi]");
    CHECK(f.Eval(I32(7)) == "[7, 7]");
    CHECK(f.Eval(f.k) == "[0, 15]");
    CHECK(f.Eval(f.vi * 4 + f.n) == "[vi * 4 + n, vi * 4 + n]");
    CHECK(EvalSet(f.vi * 4 + f.n, f.domains).IsSinglePoint());
    CHECK_FALSE(EvalSet(f.k, f.domains).IsSinglePoint());
  }

  TEST_CASE("add and sub shift the bounds, collected as sums of terms") {
    Fixture f;
    CHECK(f.Eval(f.vi * 4 + f.k) == "[vi * 4, vi * 4 + 15]");
    CHECK(f.Eval((f.vi + 3) + f.k + 1) == "[vi + 4, vi + 19]");
    CHECK(f.Eval(I32(15) - f.k) == "[0, 15]");
    CHECK(f.Eval(f.vi - f.k) == "[vi - 15, vi]");
    CHECK(f.Eval(f.k - f.j) == "[-6, 11]");
    CHECK(f.Eval(f.k + f.vi - f.k) == "[vi - 15, vi + 15]");  // two k's range independently
  }

  TEST_CASE("mul by a constant scales, and flips for a negative one; by a symbol: everything") {
    Fixture f;
    CHECK(f.Eval(f.k * 4) == "[0, 60]");
    CHECK(f.Eval(f.k * -2) == "[-30, 0]");
    CHECK(f.Eval(3 * f.j) == "[12, 18]");
    CHECK(f.Eval(f.k * 0) == "[0, 0]");
    CHECK(f.Eval(f.k * f.n) == "[unbounded, unbounded]");
    CHECK(EvalSet(f.k * f.n, f.domains).IsEverything());
    CHECK(f.Eval(f.vi * f.n) == "[vi * n, vi * n]");
  }

  TEST_CASE("floordiv and truncdiv by a constant") {
    Fixture f;
    CHECK(f.Eval(floordiv(f.k, I32(4))) == "[0, 3]");
    CHECK(f.Eval(floordiv(f.k, I32(-4))) == "[-4, 0]");
    CHECK(f.Eval(floordiv(f.k - 8, I32(4))) == "[-2, 1]");
    CHECK(f.Eval(truncdiv(f.k - 8, I32(4))) == "[-2, 1]");
    CHECK(f.Eval(floordiv(f.vi * 16 + f.k, I32(4))) == "[vi * 4, vi * 4 + 3]");
    CHECK(f.Eval(floordiv(f.vi * 16 - f.k, I32(4))) == "[vi * 4 - 4, vi * 4]");
    CHECK(f.Eval(floordiv(f.vi * 6 + f.k, I32(4))) == "[vi * 6 // 4, (vi * 6 + 15) // 4]");
    CHECK(f.Eval(floordiv(f.k, f.n)) == "[unbounded, unbounded]");
  }

  TEST_CASE("floormod by a constant: one period follows the dividend, else [0, c - 1]") {
    Fixture f;
    CHECK(f.Eval(floormod(f.k, I32(4))) == "[0, 3]");
    CHECK(f.Eval(floormod(f.j, I32(4))) == "[0, 2]");
    CHECK(f.Eval(floormod(f.j - 8, I32(4))) == "[0, 2]");
    CHECK(f.Eval(floormod(f.j, I32(5))) == "[0, 4]");
    CHECK(f.Eval(floormod(f.k, I32(-4))) == "[-3, 3]");
    CHECK(f.Eval(truncmod(f.k, I32(4))) == "[0, 3]");
    CHECK(f.Eval(truncmod(f.k - 8, I32(4))) == "[-3, 3]");
    CHECK(f.Eval(floormod(f.k, f.n)) == "[unbounded, unbounded]");
  }

  TEST_CASE("min, max and select") {
    Fixture f;
    CHECK(f.Eval(min(f.k, I32(8))) == "[0, 8]");
    CHECK(f.Eval(max(f.k, I32(8))) == "[8, 15]");
    CHECK(f.Eval(min(f.k, f.n)) == "[T.min(0, n), T.min(15, n)]");
    CHECK(f.Eval(Select(f.vi < f.n, f.k, f.k + 16)) == "[0, 31]");
    CHECK(f.Eval(Select(f.vi < f.n, f.j, I32(20))) == "[4, 20]");
  }

  TEST_CASE("casts, ramps, broadcasts and what the rules do not know") {
    Fixture f;
    CHECK(f.Eval(Cast(PrimType::Int(64), f.k)) == "[T.int64(0), T.int64(15)]");
    CHECK(f.Eval(Cast(PrimType::Int(8), f.k)) == "[unbounded, unbounded]");
    CHECK(f.Eval(Ramp(f.k * 4, I32(1), 4)) == "[0, 63]");
    CHECK(f.Eval(Ramp(f.vi, I32(-2), 4)) == "[vi - 6, vi]");
    CHECK(f.Eval(Broadcast(f.j, 4)) == "[4, 6]");
    Var index("idx", TensorType(ffi::DataType::Int(32), {I32(16)}));
    CHECK(f.Eval(TensorLoad(index, {f.k})) == "[unbounded, unbounded]");
    CHECK(f.Eval(TensorLoad(index, {f.vi})) == "[idx[vi], idx[vi]]");
  }

  TEST_CASE("bounds at the edge of the type: no constant the type cannot hold") {
    Var k = Int("k"), vi = Int("vi");
    const int64_t top = 2147483647;
    DomainMap full{{k.get(), IntervalSet(I32(-top - 1), I32(top))}};
    CHECK(Text(EvalSet(k, full)) == "[-2147483648, 2147483647]");
    auto error = [&](const Expr& expr) {
      try {
        return Text(EvalSet(expr, full));
      } catch (const ffi::Error& e) {
        return std::string(e.what());
      }
    };
    CHECK(error(k * 4) == "[unbounded, unbounded]");
    CHECK(error(k + 1) == "[-2147483647, unbounded]");
    CHECK(error(vi + (top - 1) + k) == "[vi - 2, unbounded]");
    CHECK(Text(IntervalSet(I32(0), I32(top)).CoverRange(Range(I32(0), I32(16)))) == "[0, 16)");
  }

  TEST_CASE("a condition narrows the domains of the branch that knows it") {
    Fixture f;
    using tvm::tirx::arith::AssumeCondition;
    auto k_in = [&](const Expr& condition, bool holds) {
      return Text(AssumeCondition(condition, f.domains, holds).at(f.k.get()));
    };
    CHECK(k_in(f.k < 8, true) == "[0, 7]");
    CHECK(k_in(f.k < 8, false) == "[8, 15]");
    CHECK(k_in(f.k <= 8, false) == "[9, 15]");
    CHECK(k_in(I32(4) < f.k, true) == "[5, 15]");
    CHECK(k_in(I32(4) >= f.k, true) == "[0, 4]");
    CHECK(k_in(f.k > 3 && f.k < 12, true) == "[4, 11]");
    CHECK(k_in(f.k > 3 && f.k < 12, false) == "[0, 15]");  // either may fail
    CHECK(k_in(logical_not(f.k < 8), true) == "[8, 15]");
    CHECK(k_in(f.k < 100, true) == "[0, 15]");    // a looser bound leaves it
    CHECK(k_in(f.k < f.n, true) == "[0, 15]");    // bounds that do not compare leave it
    CHECK(k_in(f.k < f.j, true) == "[0, 15]");    // j is relaxed too: no single bound
    CHECK(k_in(f.k * 2 < 8, true) == "[0, 15]");  // not a bare variable
    CHECK(Text(AssumeCondition(f.vi < 8, f.domains, true).at(f.k.get())) == "[0, 15]");
    CHECK(AssumeCondition(f.vi < 8, f.domains, true).count(f.vi.get()) == 0);
  }

  TEST_CASE("deep expressions: thousands of levels work, a hostile depth raises") {
    Fixture f;
    Expr chain = f.k;
    for (int i = 0; i < 2000; ++i) chain = Add(chain, I32(1));
    CHECK(f.Eval(chain) == "[2000, 2015]");
    Expr hostile = f.k;
    for (int i = 0; i < 200000; ++i) hostile = Add(hostile, I32(1));
    CHECK_THROWS_WITH_AS(EvalSet(hostile, f.domains), doctest::Contains("input nested too deeply"),
                         ffi::Error);
  }

  TEST_CASE("union, ranges and covers") {
    IntervalSet low(I32(0), I32(3));
    IntervalSet high(I32(8), I32(11));
    CHECK(Text(tvm::tirx::arith::Union(low, high)) == "[0, 11]");
    Var vi = Int("vi"), n = Int("n");
    IntervalSet row(vi * 4, vi * 4 + 3);
    CHECK(Text(tvm::tirx::arith::Union(row, IntervalSet(vi * 4 + 2, vi * 4 + 9))) ==
          "[vi * 4, vi * 4 + 9]");
    CHECK(Text(tvm::tirx::arith::Union(row, IntervalSet(n, std::nullopt))) ==
          "[T.min(vi * 4, n), unbounded]");
    CHECK(Text(IntervalSet::FromRange(Range(vi, vi + 4))) == "[vi, vi + 3]");
    Range whole(I32(0), I32(16));
    CHECK(Text(row.CoverRange(whole)) == "[vi * 4, vi * 4 + 4)");
    CHECK(Text(IntervalSet(I32(2), std::nullopt).CoverRange(whole)) == "[0, 16)");
    CHECK(Text(IntervalSet::Everything().CoverRange(whole)) == "[0, 16)");
    CHECK(IntervalSet(vi + 1, 1 + vi).IsSinglePoint());
  }
}
