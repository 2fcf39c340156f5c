/*!
 * \file sblock_well_formed.cc
 * \brief Well-formedness of S-TIR blocks (tvm/tirx/sblock_analysis.h), each problem naming its
 *  block. Errors where Apache TVM refuses the IR too (its verifier's `BlockVarAccessVerifier`,
 *  its constructors); warnings for what apache-tvm 0.27 parses but is most likely a mistake
 *  (its schedule's binding rules, `CheckLoopParallelizableInBlock`; a region past its tensor).
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/reflection/structural_visit.h>
#include <tvm/tirx/int_set.h>
#include <tvm/tirx/sblock_analysis.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../linear_form_internal.h"
#include "report_internal.h"
#include "sblock_internal.h"

namespace tvm {
namespace tirx {
namespace analysis {
namespace {

namespace refl = ffi::reflection;
using arith::IntervalSet;
using refl::AccessPath;
using refl::StructuralVisitorView;
using Interrupt = std::optional<refl::WalkInterrupt>;

std::string Quoted(const ffi::String& name) { return "`" + std::string(name) + "`"; }

/*! \brief How messages call a kind: "data-parallel", "reduction", "scan", ... */
std::string KindWord(IterVarKind kind) {
  switch (kind) {
    case IterVarKind::kDataPar:
      return "data-parallel";
    case IterVarKind::kCommReduce:
      return "reduction";
    case IterVarKind::kOrdered:
      return "scan";
    case IterVarKind::kOpaque:
      return "opaque";
    default:
      return IterVarKindName(kind);
  }
}

std::string Interval(int64_t start, int64_t end) {
  return "[" + std::to_string(start) + ", " + std::to_string(end) + ")";
}

/*! \brief The constant bounds of a set, when it has both. */
std::optional<std::pair<int64_t, int64_t>> ConstantBounds(const IntervalSet& set) {
  if (!set.min() || !set.max()) return std::nullopt;
  std::optional<int64_t> lo = IntConstant(*set.min());
  std::optional<int64_t> hi = IntConstant(*set.max());
  if (!lo || !hi) return std::nullopt;
  return std::make_pair(*lo, *hi);
}

/*! \brief The variables `expr` uses, each once, in order. */
std::vector<const ir::VarObj*> VarsOf(const Expr& expr) {
  std::vector<const ir::VarObj*> vars;
  refl::StructuralWalk(
      expr,
      [&](const ir::VarObj* var) {
        if (std::find(vars.begin(), vars.end(), var) == vars.end()) vars.push_back(var);
        return refl::WalkResult::Advance();
      },
      refl::WalkOrder::kPreOrder);
  return vars;
}

class SBlockChecker {
 public:
  ffi::Array<ir::Diagnostic> Run(const ffi::Any& root) {
    refl::StructuralVisit(
        root, std::make_tuple([this](const ForObj* loop,
                                     StructuralVisitorView& v) { return VisitFor(loop, v); },
                              [this](const SBlockRealizeObj* realize, StructuralVisitorView& v) {
                                CheckRealize(realize, v.path());
                                return v.DefaultVisit(ffi::GetRef<SBlockRealize>(realize));
                              },
                              [this](const SBlockObj* block, StructuralVisitorView& v) {
                                return VisitBlock(block, v);
                              },
                              [this](const ir::VarObj* var, StructuralVisitorView& v) -> Interrupt {
                                if (v.def_region_kind() == refl::DefRegionKind::kNone)
                                  CheckLoopVarUse(var, v);
                                return std::nullopt;
                              }));
    return diagnostics_;
  }

 private:
  struct Loop {
    const ForObj* loop;
    /*! \brief How many non-opaque blocks enclose the loop. */
    size_t depth;
  };

  Interrupt VisitFor(const ForObj* loop, StructuralVisitorView& view) {
    const ir::VarObj* var = loop->var.get();
    loops_[var] = Loop{loop, blocks_.size()};
    loop_stack_.push_back(loop);
    Interrupt result = view.DefaultVisit(ffi::GetRef<For>(loop));
    loop_stack_.pop_back();
    loops_.erase(var);
    return result;
  }

  Interrupt VisitBlock(const SBlockObj* block, StructuralVisitorView& view) {
    CheckBlock(block, view.path());
    // Domains are evaluated outside the block (Apache skips them too); the rest is inside.
    const bool non_opaque = !block->iter_vars.empty();
    if (non_opaque) blocks_.push_back(block);
    ffi::Any self = ffi::GetRef<SBlock>(block);
    Interrupt result;
    for (const char* field : {"reads", "writes", "match_buffers", "init", "body"}) {
      if ((result = view.VisitField(self, field))) break;
    }
    if (non_opaque) blocks_.pop_back();
    return result;
  }

  /*! \brief The enclosing loops' ranges, outermost first, each relaxed over the outer ones
   *  (built where a block needs them, so code without blocks pays nothing for it). */
  arith::DomainMap LoopDomains() const {
    arith::DomainMap domains;
    for (const ForObj* loop : loop_stack_)
      domains[loop->var.get()] = LoopValues(loop, domains, /*exact_last=*/true);
    return domains;
  }

  void CheckLoopVarUse(const ir::VarObj* var, StructuralVisitorView& view) {
    if (blocks_.empty()) return;
    auto it = loops_.find(var);
    if (it == loops_.end() || it->second.depth >= blocks_.size()) return;
    const SBlockObj* block = blocks_.back();
    if (!reported_uses_.emplace(var, block).second) return;
    std::ostringstream message;
    message << "loop variable " << Quoted(var->name) << " is defined ";
    if (it->second.depth == 0) {
      message << "outside of any block";
    } else {
      message << "in block " << Quoted(blocks_[it->second.depth - 1]->name_hint);
    }
    message << " but is used inside the non-opaque block " << Quoted(block->name_hint);
    Report("sblock-loop-var-access", message.str(), var, view.path());
  }

  void CheckRealize(const SBlockRealizeObj* realize, const AccessPath& path) {
    const SBlock& block = realize->block;
    const std::string name = Quoted(block->name_hint);
    if (realize->iter_values.size() != block->iter_vars.size()) {
      Report("sblock-binding-count",
             "block " + name + " has " + std::to_string(block->iter_vars.size()) +
                 " iteration variables but its realize binds " +
                 std::to_string(realize->iter_values.size()) + " values",
             realize, path.Attr("iter_values"));
      return;
    }
    const auto* predicate = realize->predicate.as<IntImmObj>();
    const bool always = predicate != nullptr && predicate->value == 1;
    const arith::DomainMap loops = always ? LoopDomains() : arith::DomainMap();
    // Per loop variable: the first data-parallel and reduction iteration variables using it.
    std::vector<std::pair<const ir::VarObj*, std::pair<const IterVarObj*, const IterVarObj*>>> uses;
    for (size_t i = 0; i < block->iter_vars.size(); ++i) {
      const IterVarObj* iter = block->iter_vars[i].get();
      const Expr& value = realize->iter_values[i];
      const AccessPath value_path = path.Attr("iter_values").ArrayItem(static_cast<int64_t>(i));
      const std::string iter_name = Quoted(iter->var->name);
      ffi::DataType iter_type = iter->var.dtype();
      const auto* value_type = value->ty.as<ir::PrimTypeObj>();
      // Apache TVM accepts a binding of another integer width (its dlight output binds int32
      // variables to int64 loops), and only that; the domain rules below assume one type.
      if (value_type != nullptr && value_type->dtype != iter_type &&
          value_type->dtype.code() == iter_type.code() && value_type->dtype.lanes() == 1) {
        continue;
      }
      if (value_type == nullptr || value_type->dtype != iter_type) {
        Report("sblock-binding-type",
               "iteration variable " + iter_name + " of block " + name + " has type `" +
                   iter_type.ToString() + "` but its binding has type `" +
                   (value_type ? value_type->dtype.ToString() : value->ty->GetTypeKey()) + "`",
               value.get(), value_path);
        continue;
      }
      // Under a predicate the binding may leave the domain where the predicate is false.
      if (always) CheckBindingDomain(iter, value, loops, name, value_path);
      for (const ir::VarObj* var : VarsOf(value)) {
        auto loop = loops_.find(var);
        if (loop == loops_.end()) continue;
        CheckParallelLoop(loop->second.loop, iter, name, value_path);
        auto use = std::find_if(uses.begin(), uses.end(),
                                [&](const auto& entry) { return entry.first == var; });
        if (use == uses.end()) use = uses.insert(uses.end(), {var, {nullptr, nullptr}});
        if (iter->iter_kind() == IterVarKind::kDataPar && !use->second.first) {
          use->second.first = iter;
        }
        if (iter->iter_kind() == IterVarKind::kCommReduce && !use->second.second) {
          use->second.second = iter;
        }
      }
    }
    for (const auto& [var, iters] : uses) {
      if (!iters.first || !iters.second) continue;
      Warn("sblock-mixed-loop",
           "loop variable " + Quoted(var->name) +
               " is bound both to the data-parallel iteration variable " +
               Quoted(iters.first->var->name) + " and to the reduction iteration variable " +
               Quoted(iters.second->var->name) + " of block " + name,
           realize, path.Attr("iter_values"));
    }
  }

  void CheckBindingDomain(const IterVarObj* iter, const Expr& value, const arith::DomainMap& loops,
                          const std::string& block, const AccessPath& path) {
    std::optional<int64_t> start = IntConstant(iter->dom->start);
    std::optional<int64_t> end = IntConstant(iter->dom->end);
    auto bounds = ConstantBounds(arith::EvalSet(value, loops));
    if (!start || !end || !bounds) return;
    if (bounds->first >= *start && bounds->second < *end) return;
    Warn("sblock-binding-domain",
         "iteration variable " + Quoted(iter->var->name) + " of block " + block +
             " is bound to values in " + Interval(bounds->first, bounds->second + 1) +
             ", outside its domain " + Interval(*start, *end),
         value.get(), path);
  }

  /*! \brief A parallel, vectorized or thread-bound loop may bind only data-parallel variables
   *  (and reduction ones across `threadIdx.*`, a cross-thread reduction). */
  void CheckParallelLoop(const ForObj* loop, const IterVarObj* iter, const std::string& block,
                         const AccessPath& path) {
    const ForKind kind = loop->for_kind();
    std::string what;  // "the parallel loop `i`", "the thread-bound loop `i` (`blockIdx.x`)"
    const std::string loop_name = Quoted(loop->var->name);
    if (kind == ForKind::kParallel) what = "parallel loop " + loop_name;
    if (kind == ForKind::kVectorized) what = "vectorized loop " + loop_name;
    if (kind == ForKind::kThreadBinding) {
      what = "thread-bound loop " + loop_name + " (" + Quoted(loop->thread_tag) + ")";
    }
    if (what.empty() || iter->iter_kind() == IterVarKind::kDataPar) return;
    if (kind == ForKind::kThreadBinding && iter->iter_kind() == IterVarKind::kCommReduce &&
        std::string(loop->thread_tag).rfind("threadIdx.", 0) == 0) {
      return;
    }
    Warn("sblock-parallel-binding",
         "the " + what + " binds the " + KindWord(iter->iter_kind()) + " iteration variable " +
             Quoted(iter->var->name) + " of block " + block +
             "; only data-parallel iteration variables may use a parallel, vectorized or "
             "thread-bound loop",
         loop, path);
  }

  void CheckBlock(const SBlockObj* block, const AccessPath& path) {
    const std::string name = Quoted(block->name_hint);
    bool has_reduction = false;
    const arith::DomainMap loops = LoopDomains();
    arith::DomainMap domains = loops;
    std::vector<const ir::VarObj*> own;
    for (const IterVar& iter : block->iter_vars) own.push_back(iter->var.get());
    for (size_t i = 0; i < block->iter_vars.size(); ++i) {
      const IterVarObj* iter = block->iter_vars[i].get();
      const AccessPath iter_path = path.Attr("iter_vars").ArrayItem(static_cast<int64_t>(i));
      const std::string iter_name = Quoted(iter->var->name);
      const IterVarKind kind = iter->iter_kind();
      has_reduction = has_reduction || kind == IterVarKind::kCommReduce;
      if (kind != IterVarKind::kDataPar && kind != IterVarKind::kCommReduce &&
          kind != IterVarKind::kOrdered && kind != IterVarKind::kOpaque) {
        Report("sblock-iter-kind",
               "iteration variable " + iter_name + " of block " + name + " is of kind " +
                   IterVarKindName(kind) +
                   "; a block's iteration variables are data-parallel, reduction, scan or opaque",
               iter, iter_path);
      }
      std::optional<int64_t> start = IntConstant(iter->dom->start);
      std::optional<int64_t> end = IntConstant(iter->dom->end);
      if (start && end && *end < *start) {
        Warn("sblock-domain",
             "iteration variable " + iter_name + " of block " + name + " has the domain " +
                 Interval(*start, *end) + ", whose end is before its start",
             iter, iter_path.Attr("dom"));
      }
      for (const Expr* bound : {&iter->dom->start, &iter->dom->end}) {
        for (const ir::VarObj* var : VarsOf(*bound)) {
          if (std::find(own.begin(), own.end(), var) == own.end()) continue;
          Warn("sblock-domain",
               "the domain of iteration variable " + iter_name + " of block " + name +
                   " uses the block's iteration variable " + Quoted(var->name),
               iter, iter_path.Attr("dom"));
        }
      }
      domains[iter->var.get()] = RelaxedRange(iter->dom, loops);
    }
    if (block->init.has_value() && !has_reduction) {
      Warn("sblock-init",
           "block " + name + " has an init statement but no reduction iteration variable", block,
           path.Attr("init"));
    }
    const std::pair<const char*, const ffi::Array<BufferRegion>*> kinds[] = {
        {"reads", &block->reads}, {"writes", &block->writes}};
    for (const auto& [field, regions] : kinds) {
      for (size_t i = 0; i < regions->size(); ++i) {
        CheckRegion(std::string(field) == "reads" ? "read" : "write", (*regions)[i], name, domains,
                    path.Attr(field).ArrayItem(static_cast<int64_t>(i)));
      }
    }
    for (size_t i = 0; i < block->match_buffers.size(); ++i) {
      CheckRegion("match buffer source", block->match_buffers[i]->source, name, domains,
                  path.Attr("match_buffers").ArrayItem(static_cast<int64_t>(i)).Attr("source"));
    }
  }

  void CheckRegion(const char* what, const BufferRegion& region, const std::string& block,
                   const arith::DomainMap& domains, const AccessPath& path) {
    const auto* type = region->tensor->ty.as<ir::TensorTypeObj>();
    const std::string subject = std::string("the ") + what + " region of " +
                                Quoted(region->tensor->name) + " in block " + block;
    if (type == nullptr || type->shape.size() != region->region.size()) {
      Report("sblock-region-rank",
             subject + " has " + std::to_string(region->region.size()) + " ranges for " +
                 (type ? std::to_string(type->shape.size()) : std::string("no")) + " dimensions",
             region.get(), path);
      return;
    }
    for (size_t i = 0; i < region->region.size(); ++i) {
      const ir::Range& range = region->region[i];
      const std::string dim = " in dimension " + std::to_string(i);
      std::optional<int64_t> start = IntConstant(range->start);
      std::optional<int64_t> end = IntConstant(range->end);
      if (start && end && *end < *start) {
        Warn("sblock-region",
             subject + " is " + Interval(*start, *end) + dim + ", whose end is before its start",
             region.get(), path);
        continue;
      }
      std::optional<int64_t> extent = IntConstant(type->shape[i]);
      auto bounds = ConstantBounds(RelaxedRange(range, domains));
      if (!extent || !bounds) continue;  // checked only where it is static
      if (bounds->first >= 0 && bounds->second < *extent) continue;
      Warn("sblock-region",
           subject + " reaches " + Interval(bounds->first, bounds->second + 1) + dim +
               ", outside the tensor's extent " + std::to_string(*extent),
           region.get(), path);
    }
  }

  /*! \brief IR Apache TVM refuses too: its verifier's rule, or what its constructors check. */
  void Report(const char* code, const std::string& message, const ffi::Object* node,
              const AccessPath& path) {
    diagnostics_.push_back(MakeDiagnostic(code, message, node, path));
  }

  /*! \brief What Apache TVM accepts but is most likely a mistake (a schedule would refuse it,
   *  or it reads or writes past a tensor): a warning, never an error on code it accepts. */
  void Warn(const char* code, const std::string& message, const ffi::Object* node,
            const AccessPath& path) {
    diagnostics_.push_back(
        MakeDiagnostic(code, message, node, path, ir::DiagnosticSeverity::kWarning));
  }

  ffi::Array<ir::Diagnostic> diagnostics_;
  std::unordered_map<const ir::VarObj*, Loop> loops_;
  /*! \brief The enclosing loops, outermost first. */
  std::vector<const ForObj*> loop_stack_;
  /*! \brief The non-opaque blocks around the current node, outermost first. */
  std::vector<const SBlockObj*> blocks_;
  std::set<std::pair<const ir::VarObj*, const SBlockObj*>> reported_uses_;
};

}  // namespace

ffi::Array<ir::Diagnostic> SBlockDiagnostics(const ffi::Any& root) {
  return SBlockChecker().Run(root);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  ffi::reflection::GlobalDef().def("tirx.analysis.SBlockDiagnostics", SBlockDiagnostics,
                                   "The S-TIR block problems of any IR value, as diagnostics.");
}

}  // namespace analysis
}  // namespace tirx
}  // namespace tvm
