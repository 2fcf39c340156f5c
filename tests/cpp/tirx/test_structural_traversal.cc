// structural_walk / map / visit / mutate over TIRx: the guide's examples and the traversal rules.
#include <doctest/doctest.h>
#include <tvm/ffi/reflection/structural_visit.h>
#include <tvm/ffi/reflection/structural_walk.h>
#include <tvm/tirx/analysis.h>
#include <tvm/tirx/expr.h>
#include <tvm/tirx/stmt.h>

#include <string>
#include <unordered_map>
#include <vector>

#include "add_one.h"

namespace {

using namespace tvm::ir;
using namespace tvm::tirx;
namespace ffi = tvm::ffi;
namespace refl = tvm::ffi::reflection;
using refl::DefRegionKind;
using refl::WalkOrder;
using refl::WalkResult;

std::string Name(const ffi::Any& var) { return std::string(var.cast<Var>()->name); }

// Every variable occurrence with its kind, in the given order.
std::vector<std::string> VarSites(const ffi::Any& root, WalkOrder order) {
  std::vector<std::string> sites;
  refl::StructuralWalk(
      root,
      [&](Var var, DefRegionKind kind) {
        sites.push_back(std::string(var->name) + " " + refl::DefRegionKindName(kind));
        return WalkResult::Advance();
      },
      order);
  return sites;
}

Function Specialize(Function func, Var n, int64_t value) {
  ffi::Any mapped = refl::StructuralMap(
      std::move(func),
      [&](Var var) -> Expr {
        if (var.same_as(n)) return MakeConst(var->ty.cast<PrimType>(), value);
        return var;
      },
      WalkOrder::kPostOrder);
  return mapped.cast<Function>();
}

}  // namespace

TEST_SUITE("ffi.structural_walk") {
  TEST_CASE("a dispatcher counts variables and additions of x * 2 + 1") {
    Var x("x", PrimType::Int(32));
    Expr expr = x * 2 + 1;
    int vars = 0, adds = 0;
    refl::StructuralWalk(expr,
                         std::make_tuple(
                             [&](const VarObj*, DefRegionKind) {
                               ++vars;
                               return WalkResult::Advance();
                             },
                             [&](const AddObj*) {
                               ++adds;
                               return WalkResult::Advance();
                             }),
                         WalkOrder::kPreOrder);
    CHECK(vars == 1);
    CHECK(adds == 1);
  }

  TEST_CASE("written tensors of add_one") {
    auto add_one = tirx_test::MakeAddOne();
    std::vector<std::string> writes;
    refl::StructuralWalk(
        add_one.func,
        [&](TensorStore store) {
          writes.push_back(Name(store->dest));
          return WalkResult::Advance();
        },
        WalkOrder::kPostOrder);
    CHECK(writes == std::vector<std::string>{"B"});
  }

  TEST_CASE("interrupt_with hands the first write to the caller") {
    auto add_one = tirx_test::MakeAddOne();
    auto found = refl::StructuralWalk(
        add_one.func, [](TensorStore store) { return WalkResult::InterruptWith(store); },
        WalkOrder::kPostOrder);
    REQUIRE(found.has_value());
    CHECK(Name(found->value.cast<TensorStore>()->dest) == "B");
    auto none = refl::StructuralWalk(
        add_one.func, [](const WhileObj*) { return WalkResult::Interrupt(); },
        WalkOrder::kPreOrder);
    CHECK_FALSE(none.has_value());
  }

  TEST_CASE("definition sites of add_one") {
    auto add_one = tirx_test::MakeAddOne();
    std::vector<std::string> definitions;
    for (const std::string& site : VarSites(add_one.func, WalkOrder::kPreOrder)) {
      if (site.find(" None") == std::string::npos) definitions.push_back(site);
    }
    CHECK(definitions ==
          std::vector<std::string>{"A Pattern", "n Pattern", "B Pattern", "n Pattern", "i Simple"});
  }

  TEST_CASE("every occurrence: a variable's type is walked at uses too") {
    auto add_one = tirx_test::MakeAddOne();
    CHECK(VarSites(add_one.func, WalkOrder::kPreOrder) ==
          std::vector<std::string>{"A Pattern", "n Pattern", "B Pattern", "n Pattern", "i Simple",
                                   "n None", "B None", "n None", "i None", "A None", "n None",
                                   "i None"});
    // Post-order reports a variable after the symbols of its type.
    CHECK(VarSites(add_one.func, WalkOrder::kPostOrder).front() == "n Pattern");
  }

  TEST_CASE("skip keeps the walk out of a subtree; post-order ignores skip") {
    auto add_one = tirx_test::MakeAddOne();
    std::vector<std::string> seen;
    auto walk = [&](WalkOrder order) {
      seen.clear();
      refl::StructuralWalk(add_one.func,
                           std::make_tuple([](const ForObj*) { return WalkResult::Skip(); },
                                           [&](Var var) {
                                             seen.push_back(std::string(var->name));
                                             return WalkResult::Advance();
                                           }),
                           order);
    };
    walk(WalkOrder::kPreOrder);
    CHECK(seen == std::vector<std::string>{"A", "n", "B", "n"});
    walk(WalkOrder::kPostOrder);
    CHECK(seen.size() == 12);
  }

  TEST_CASE("an AnyView callback sees every value, inline ones included") {
    Var x("x", PrimType::Int(32));
    std::vector<std::string> keys;
    refl::StructuralWalk(
        x + 1,
        [&](ffi::AnyView value) {
          keys.push_back(value.GetTypeKey());
          return WalkResult::Advance();
        },
        WalkOrder::kPreOrder);
    // Add, its type, the type's dtype, then each operand with its type.
    CHECK(keys == std::vector<std::string>{"prim.Add", "ir.PrimType", "DataType", "ir.Var",
                                           "ir.PrimType", "DataType", "prim.IntImm", "ir.PrimType",
                                           "DataType", "int"});
  }

  TEST_CASE("a tuple runs only the first callback whose type matches") {
    Var x("x", PrimType::Int(32));
    std::vector<std::string> calls;
    refl::StructuralWalk(x + 1,
                         std::make_tuple(
                             [&](const AddObj*) {
                               calls.push_back("add");
                               return WalkResult::Advance();
                             },
                             [&](const BinaryOpObj*) {
                               calls.push_back("binary");
                               return WalkResult::Advance();
                             },
                             [&](Expr) {
                               calls.push_back("expr");
                               return WalkResult::Advance();
                             }),
                         WalkOrder::kPreOrder);
    CHECK(calls == std::vector<std::string>{"add", "expr", "expr"});
  }

  TEST_CASE("nesting deeper than the stack allows raises RecursionError instead of crashing") {
    Var x("x", PrimType::Int(32));
    Expr deep = x;
    for (int k = 0; k < 200000; ++k) deep = Add(deep, x);
    try {
      refl::StructuralWalk(
          deep, [](const VarObj*) { return WalkResult::Advance(); }, WalkOrder::kPreOrder);
      FAIL("expected an error");
    } catch (const ffi::Error& err) {
      CHECK(err.kind() == "RecursionError");
      CHECK(std::string(err.message()).find("structural traversal: input nested too deeply") !=
            std::string::npos);
    }
  }
}

TEST_SUITE("ffi.structural_map") {
  TEST_CASE("specialising add_one to n = 128 keeps definitions and uses consistent") {
    auto add_one = tirx_test::MakeAddOne();
    Function original = add_one.func;
    Function specialized = Specialize(add_one.func, add_one.n, 128);
    CHECK_FALSE(specialized.same_as(original));
    Var new_b = specialized->params[1];
    CHECK_FALSE(new_b.same_as(add_one.b));
    auto shape = new_b->ty.cast<TensorType>()->shape;
    CHECK(shape[0].cast<IntImm>()->value == 128);
    const auto* loop = specialized->body.as<ForObj>();
    REQUIRE(loop != nullptr);
    CHECK(loop->end.cast<IntImm>()->value == 128);
    CHECK(loop->var.same_as(add_one.i));
    const auto* store = loop->body.as<TensorStoreObj>();
    REQUIRE(store != nullptr);
    CHECK(store->dest.same_as(new_b));
    CHECK(store->value.cast<Add>()->a.cast<TensorLoad>()->source.same_as(specialized->params[0]));
    CHECK(tvm::tirx::analysis::CheckWellFormed(specialized));
    // The input is unchanged.
    CHECK(original->params[1].same_as(add_one.b));
    CHECK(add_one.b->ty.cast<TensorType>()->shape[0].same_as(add_one.n));
  }

  TEST_CASE("map with the identity returns the same object") {
    auto add_one = tirx_test::MakeAddOne();
    ffi::Any same = refl::StructuralMap(
        add_one.func, [](Expr e) { return e; }, WalkOrder::kPostOrder);
    CHECK(same.cast<Function>().same_as(add_one.func));
    ffi::Any pre = refl::StructuralMap(
        add_one.func, [](ffi::AnyView) { return std::optional<ffi::Any>(); }, WalkOrder::kPreOrder);
    CHECK(pre.cast<Function>().same_as(add_one.func));
  }

  TEST_CASE("unchanged subtrees are shared with the input") {
    Var x("x", PrimType::Int(32));
    Var y("y", PrimType::Int(32));
    Expr left = x * 2;
    Expr expr = left + y;
    Expr mapped = refl::StructuralMap(
                      expr,
                      [&](Var v) -> Expr {
                        if (v.same_as(y)) return MakeConst(PrimType::Int(32), int64_t{7});
                        return v;
                      },
                      WalkOrder::kPostOrder)
                      .cast<Expr>();
    CHECK_FALSE(mapped.same_as(expr));
    CHECK(mapped.cast<Add>()->a.same_as(left));
    CHECK(mapped.cast<Add>()->b.cast<IntImm>()->value == 7);
  }

  TEST_CASE("a root passed by move and owned by nobody else is updated in place") {
    auto add_one = tirx_test::MakeAddOne();
    Var n = add_one.n;
    const ffi::Object* address = add_one.func.get();
    Function func = std::move(add_one.func);
    add_one = tirx_test::AddOne{};  // drop every other reference into the function
    Function specialized = Specialize(std::move(func), n, 64);
    CHECK(specialized.get() == address);
    CHECK(specialized->params[0]->ty.cast<TensorType>()->shape[0].cast<IntImm>()->value == 64);
  }

  TEST_CASE("pre-order replacements are not traversed again") {
    Var x("x", PrimType::Int(32));
    int calls = 0;
    Expr mapped = refl::StructuralMap(
                      x + 1,
                      [&](Var v) -> Expr {
                        ++calls;
                        return v * 3;
                      },
                      WalkOrder::kPreOrder)
                      .cast<Expr>();
    CHECK(calls == 1);
    CHECK(mapped.cast<Add>()->a.cast<Mul>()->a.same_as(x));
  }

  TEST_CASE("a replacement that does not fit its field is a TypeError naming the field") {
    auto add_one = tirx_test::MakeAddOne();
    try {
      refl::StructuralMap(
          add_one.func,
          [&](Var v, DefRegionKind kind) -> Expr {
            if (v.same_as(add_one.i) && kind == DefRegionKind::kSimple) {
              return MakeConst(PrimType::Int(32), int64_t{0});
            }
            return v;
          },
          WalkOrder::kPostOrder);
      FAIL("expected an error");
    } catch (const ffi::Error& err) {
      CHECK(err.kind() == "TypeError");
      CHECK(std::string(err.message()).find("var") != std::string::npos);
    }
  }
}

TEST_SUITE("ffi.structural_visit") {
  TEST_CASE("loops around each write") {
    auto add_one = tirx_test::MakeAddOne();
    std::vector<std::string> loops, writes;
    refl::StructuralVisit(
        add_one.func, std::make_tuple(
                          [&](const ForObj* loop, refl::StructuralVisitorView& view) {
                            loops.push_back(std::string(loop->var->name));
                            auto result = view.DefaultVisit(ffi::GetRef<For>(loop));
                            loops.pop_back();
                            return result;
                          },
                          [&](const TensorStoreObj* store) -> std::optional<refl::WalkInterrupt> {
                            std::string around;
                            for (const std::string& l : loops)
                              around += (around.empty() ? "" : ", ") + l;
                            writes.push_back(Name(store->dest) + " inside [" + around + "]");
                            return std::nullopt;
                          }));
    CHECK(loops.empty());
    CHECK(writes == std::vector<std::string>{"B inside [i]"});
  }

  TEST_CASE("the view reports the path and region kind of the current value") {
    auto add_one = tirx_test::MakeAddOne();
    std::vector<std::string> places;
    refl::StructuralVisit(add_one.func, [&](const VarObj* var, refl::StructuralVisitorView& view) {
      places.push_back(std::string(var->name) + " " +
                       refl::DefRegionKindName(view.def_region_kind()) + " " +
                       view.path().ToString());
      return std::optional<refl::WalkInterrupt>();
    });
    // A, B, i, n (loop end), B, i, A, i: a callback owns its children, so no type is entered.
    REQUIRE(places.size() == 8);
    CHECK(places[0] == "A Pattern <root>.params[0]");
    CHECK(places[2] == "i Simple <root>.body.var");
    CHECK(places[3] == "n None <root>.body.end");
    CHECK(places[4] == "B None <root>.body.body.dest");
    CHECK(places[7] == "i None <root>.body.body.value.a.indices[0]");
  }
}

TEST_SUITE("ffi.structural_mutate") {
  TEST_CASE("reversing the loop rewrites uses of i, not its definition") {
    auto add_one = tirx_test::MakeAddOne();
    std::unordered_map<const ffi::Object*, Expr> reversed;
    Function result =
        refl::StructuralMutate(
            add_one.func,
            std::make_tuple(
                [&](For loop, refl::StructuralMutatorView& view) {
                  reversed[loop->var.get()] = loop->end - 1 - loop->var;
                  return view.DefaultMutate(loop);
                },
                [&](Var var, refl::StructuralMutatorView& view) -> ffi::Any {
                  auto it = reversed.find(var.get());
                  if (it != reversed.end() && view.def_region_kind() == DefRegionKind::kNone) {
                    return it->second;
                  }
                  return var;
                }))
            .cast<Function>();
    const auto* loop = result->body.as<ForObj>();
    REQUIRE(loop != nullptr);
    CHECK(loop->var.same_as(add_one.i));
    const auto* store = loop->body.as<TensorStoreObj>();
    REQUIRE(store != nullptr);
    Sub index = store->indices[0].cast<Sub>();
    CHECK(index->b.same_as(add_one.i));
    CHECK(index->a.cast<Sub>()->a.same_as(add_one.n));
    CHECK(index->a.cast<Sub>()->b.cast<IntImm>()->value == 1);
    CHECK(store->value.cast<Add>()->a.cast<TensorLoad>()->indices[0].same_as(store->indices[0]));
    CHECK(store->dest.same_as(add_one.b));
    CHECK(tvm::tirx::analysis::CheckWellFormed(result));
  }

  TEST_CASE("without callbacks, mutate returns the same object") {
    auto add_one = tirx_test::MakeAddOne();
    ffi::Any same = refl::StructuralMutate(add_one.func, std::vector<refl::MutateCallback>{});
    CHECK(same.cast<Function>().same_as(add_one.func));
  }
}

TEST_SUITE("ffi.structural_visit selected children") {
  TEST_CASE("a child visited by choice is a use at the current value's path") {
    auto add_one = tirx_test::MakeAddOne();
    std::vector<std::string> seen;
    refl::StructuralVisit(
        add_one.func,
        std::make_tuple(
            [&](const ForObj* loop, refl::StructuralVisitorView& view) {
              return view.Visit(loop->var);  // only the loop variable, picked by the callback
            },
            [&](const VarObj* var, refl::StructuralVisitorView& view) {
              seen.push_back(std::string(var->name) + " " +
                             refl::DefRegionKindName(view.def_region_kind()) + " " +
                             view.path().ToString());
              return std::optional<refl::WalkInterrupt>();
            }));
    CHECK(seen == std::vector<std::string>{"A Pattern <root>.params[0]",
                                           "B Pattern <root>.params[1]", "i None <root>.body"});
  }
}
