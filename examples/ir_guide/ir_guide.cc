// The IR stage of the main job: every example of the IR guide (spec/working-with-ir-in-rust.md),
// written in C++ against the same IR, structural utilities and printer, printing what the guide
// prints. examples/ir_guide/expected_output.txt holds the guide's outputs; a test compares.
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/structural_visit.h>
#include <tvm/ffi/reflection/structural_walk.h>
#include <tvm/ir/script.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/script/printer/printer.h>
#include <tvm/tirx/function.h>
#include <tvm/tirx/op.h>
#include <tvm/tirx/tensor_expr.h>

#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

using namespace tvm::ir;
using namespace tvm::tirx;
namespace ffi = tvm::ffi;
namespace refl = tvm::ffi::reflection;
using refl::DefRegionKind;
using refl::WalkOrder;
using refl::WalkResult;

std::string script(const ffi::Any& node) { return std::string(Script(node)); }

/*! \brief A Python-style list of strings, as the guide's driver prints them. */
std::string PyList(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", '" : "'") + items[i] + "'";
  return out + "]";
}

void Section(const char* name) { std::cout << "== " << name << " ==\n"; }

/*! \brief Prints a multi-line text so that it ends with exactly one newline. */
void PrintBlock(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  std::cout << text << "\n";
}

struct XTimes2Plus1 {
  Var x;
  Expr expr;
};

XTimes2Plus1 x_times_2_plus_1() {
  Var x("x", PrimType::Int(32));
  return {x, x * 2 + 1};
}

std::string describe(const Expr& expr) {
  if (const auto* add = expr.as<AddObj>()) {
    return "(" + describe(add->a) + " + " + describe(add->b) + ")";
  }
  if (const auto* mul = expr.as<MulObj>()) {
    return "(" + describe(mul->a) + " * " + describe(mul->b) + ")";
  }
  if (const auto* var = expr.as<VarObj>()) return std::string(var->name);
  if (const auto* imm = expr.as<IntImmObj>()) return std::to_string(imm->value);
  return "<other>";
}

/*! \brief add_one from the guide's Quick Start, with handles on n. */
struct AddOne {
  Var n;
  Function func;
};

AddOne MakeAddOne() {
  Var n("n", PrimType::Int(32));
  TensorType tensor(ffi::DataType::Float(32), {n});
  Var a("A", tensor), b("B", tensor), i("i", PrimType::Int(32));
  Stmt store = TensorStore(b, {i}, TensorLoad(a, {i}) + 1.0);
  Stmt loop = For(i, MakeConst(PrimType::Int(32), int64_t{0}), n,
                  MakeConst(PrimType::Int(32), int64_t{1}), store);
  FunctionOptions options;
  options.attrs = ffi::Map<ffi::String, ffi::Any>{{"global_symbol", ffi::String("add_one")}};
  return {n, Function({a, b}, loop, options)};
}

Function specialize(Function func, Var n, int64_t value) {
  return refl::StructuralMap(
             std::move(func),
             [&](Var var) -> Expr {
               if (var.same_as(n)) return MakeConst(var->ty.cast<PrimType>(), value);
               return var;
             },
             WalkOrder::kPostOrder)
      .cast<Function>();
}

void ObjectSystem() {
  Section("construct");
  std::cout << script(x_times_2_plus_1().expr) << "\n";

  Section("objects");
  Add add = x_times_2_plus_1().expr.cast<Add>();
  Add alias = add;
  std::cout << "a = " << script(add->a) << "\nb = " << script(add->b) << "\n"
            << "same object: " << (alias.same_as(add) ? "true" : "false") << "\n";

  Section("casts");
  Expr value = add;
  std::cout << "back to Add: " << script(value.cast<Add>()) << "\n";
  try {
    value.cast<Mul>();
  } catch (const ffi::Error& err) {
    std::cout << "as Mul: " << err.message() << "\n";
  }

  Section("matching");
  auto [x, expr] = x_times_2_plus_1();
  std::cout << describe(expr) << "\n" << describe(x - 1) << "\n";

  Section("count");
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
  std::cout << "variables: " << vars << ", additions: " << adds << "\n";
}

void WalksAndMaps(const AddOne& add_one) {
  Section("written_tensors");
  std::vector<std::string> writes;
  refl::StructuralWalk(
      add_one.func,
      [&](TensorStore store) {
        writes.push_back(std::string(store->dest.cast<Var>()->name));
        return WalkResult::Advance();
      },
      WalkOrder::kPostOrder);
  std::cout << PyList(writes) << "\n";

  Section("first_write");
  auto found = refl::StructuralWalk(
      add_one.func, [](TensorStore store) { return WalkResult::InterruptWith(store); },
      WalkOrder::kPostOrder);
  std::cout << found->value.cast<TensorStore>()->dest.cast<Var>()->name << "\n";

  Section("definitions");
  refl::StructuralWalk(
      add_one.func,
      [](Var var, DefRegionKind kind) {
        if (kind != DefRegionKind::kNone) {
          std::cout << var->name << " " << refl::DefRegionKindName(kind) << "\n";
        }
        return WalkResult::Advance();
      },
      WalkOrder::kPreOrder);

  Section("specialize");
  PrintBlock(script(specialize(add_one.func, add_one.n, 128)));

  Section("compare_specialized");
  Function first = specialize(add_one.func, add_one.n, 128);
  Function second = specialize(add_one.func, add_one.n, 128);
  bool equal = ffi::Function::GetGlobalRequired("ffi.StructuralEqual")(first, second, false, false)
                   .cast<bool>();
  std::cout << "[" << (first.same_as(second) ? "True" : "False") << ", "
            << (equal ? "True" : "False") << "]\n";
}

void VisitorsAndMutators(const AddOne& add_one) {
  Section("loops_around_writes");
  std::vector<std::string> loops, writes;
  refl::StructuralVisit(add_one.func,
                        std::make_tuple(
                            [&](const ForObj* loop, refl::StructuralVisitorView& view) {
                              loops.push_back(std::string(loop->var->name));
                              auto result = view.DefaultVisit(ffi::GetRef<For>(loop));
                              loops.pop_back();
                              return result;
                            },
                            [&](const TensorStoreObj* store) {
                              std::string around;
                              for (const std::string& name : loops)
                                around += (around.empty() ? "" : ", ") + name;
                              writes.push_back(script(store->dest) + " inside [" + around + "]");
                            }));
  std::cout << PyList(writes) << "\n";

  Section("reverse_loops");
  std::unordered_map<const ffi::Object*, Expr> reversed;
  ffi::Any result = refl::StructuralMutate(
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
          }));
  PrintBlock(script(result));
}

}  // namespace

int main() {
  // Core prints through the registry; this keeps the printer library (and so its
  // registrations) in the process.
  tvm::script::printer::LinkPrinter();
  try {
    ObjectSystem();
    AddOne add_one = MakeAddOne();
    WalksAndMaps(add_one);
    VisitorsAndMutators(add_one);
  } catch (const ffi::Error& err) {
    std::cerr << "ir_guide: " << err.kind() << ": " << err.message() << "\n";
    return 1;
  }
  return 0;
}
