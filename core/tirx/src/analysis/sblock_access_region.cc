/*!
 * \file sblock_access_region.cc
 * \brief The regions a block reads and writes (tvm/tirx/sblock_analysis.h), following Apache
 *  TVM's `BlockReadWriteDetector`.
 */
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/reflection/structural_visit.h>
#include <tvm/ir/call.h>
#include <tvm/ir/op.h>
#include <tvm/tirx/int_set.h>
#include <tvm/tirx/op.h>
#include <tvm/tirx/sblock_analysis.h>
#include <tvm/tirx/tensor_expr.h>

#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "../linear_form_internal.h"
#include "sblock_internal.h"

namespace tvm {
namespace tirx {
namespace analysis {
namespace {

namespace refl = ffi::reflection;
using arith::IntervalSet;
using refl::StructuralVisitorView;
using Interrupt = std::optional<refl::WalkInterrupt>;

/*! \brief The accesses of one kind: per tensor, in order of first access, a set per dimension. */
class AccessList {
 public:
  void Add(const Var& tensor, std::vector<IntervalSet> region) {
    auto it = index_.find(tensor.get());
    if (it == index_.end()) {
      index_.emplace(tensor.get(), entries_.size());
      entries_.emplace_back(tensor, std::move(region));
      return;
    }
    std::vector<IntervalSet>& known = entries_[it->second].second;
    for (size_t i = 0; i < known.size() && i < region.size(); ++i) {
      known[i] = arith::Union(known[i], region[i]);
    }
  }

  ffi::Array<BufferRegion> Collect(const std::unordered_set<const ffi::Object*>& excluded) const {
    ffi::Array<BufferRegion> result;
    for (const auto& [tensor, sets] : entries_) {
      if (excluded.count(tensor.get()) != 0) continue;
      const auto* type = tensor->ty.as<ir::TensorTypeObj>();
      ffi::Array<ir::Range> region;
      for (size_t i = 0; i < sets.size(); ++i) {
        const IntervalSet& set = sets[i];
        if (set.IsSinglePoint()) {
          region.push_back(ir::Range(*set.min(), SimplifyLinear(*set.min() + 1)));
        } else {
          const Expr& extent = type->shape[i];
          region.push_back(
              set.CoverRange(ir::Range(MakeConst(PrimType(extent.dtype()), int64_t{0}), extent)));
        }
      }
      result.push_back(BufferRegion(tensor, region));
    }
    return result;
  }

  std::unordered_set<const ffi::Object*> Tensors() const {
    std::unordered_set<const ffi::Object*> tensors;
    for (const auto& entry : entries_) tensors.insert(entry.first.get());
    return tensors;
  }

 private:
  std::vector<std::pair<Var, std::vector<IntervalSet>>> entries_;
  std::unordered_map<const ffi::Object*, size_t> index_;
};

class AccessRegionDetector {
 public:
  explicit AccessRegionDetector(const SBlockObj* block) {
    for (const Var& tensor : block->alloc_buffers) local_.insert(tensor.get());
    for (const MatchBufferRegion& match : block->match_buffers) {
      matches_.emplace(match->tensor.get(), match);
    }
  }

  SBlockAccessRegions Run(const SBlock& block) {
    auto callbacks = std::make_tuple(
        [this](const ForObj* loop, StructuralVisitorView& v) { return VisitFor(loop, v); },
        [this](const TensorLoadObj* load, StructuralVisitorView& v) -> Interrupt {
          Record(&reads_, load->source, load->indices);
          return v.VisitField(ffi::GetRef<TensorLoad>(load), "indices");
        },
        [this](const TensorStoreObj* store, StructuralVisitorView& v) -> Interrupt {
          Record(&writes_, store->dest, store->indices);
          ffi::Any self = ffi::GetRef<TensorStore>(store);
          if (auto interrupt = v.VisitField(self, "indices")) return interrupt;
          return v.VisitField(self, "value");
        },
        [this](const SBlockRealizeObj* realize, StructuralVisitorView&) -> Interrupt {
          RecordNested(realize);  // the nested block's own regions stand for its body
          return std::nullopt;
        },
        [this](const IfThenElseObj* branch, StructuralVisitorView& v) {
          return VisitIf(branch, v);
        },
        [this](const ir::CallObj* call, StructuralVisitorView& v) -> Interrupt {
          const auto* op = call->op.as<ir::OpObj>();
          if (op != nullptr && op->name == "tirx.if_then_else" && call->args.size() == 3) {
            return VisitBranches(
                call->args[0], v, [&] { return v.Visit(call->args[1]); },
                [&] { return v.Visit(call->args[2]); });
          }
          return v.DefaultVisit(ffi::GetRef<ir::Call>(call));
        },
        [this](const BindObj* bind, StructuralVisitorView& v) {
          // Indices that use the bound variable mean its value, as Apache substitutes them.
          if (IsScalarInteger(bind->value)) domains_[bind->var.get()] = Relax(bind->value);
          return v.DefaultVisit(ffi::GetRef<Bind>(bind));
        },
        [this](const AllocTensorObj* alloc, StructuralVisitorView& v) {
          local_.insert(alloc->var.get());
          return v.DefaultVisit(ffi::GetRef<AllocTensor>(alloc));
        },
        [this](const DeclTensorObj* decl, StructuralVisitorView& v) {
          local_.insert(decl->var.get());
          return v.DefaultVisit(ffi::GetRef<DeclTensor>(decl));
        },
        [this](const ir::VarObj* var, StructuralVisitorView& v) -> Interrupt {
          if (v.def_region_kind() == refl::DefRegionKind::kNone &&
              var->ty.as<ir::TensorTypeObj>() != nullptr) {
            Var tensor = ffi::GetRef<Var>(var);
            RecordRegion(&opaques_, BufferRegion::Full(tensor));
          }
          return std::nullopt;
        });
    for (const char* field : {"init", "body"}) {
      ffi::Any value =
          refl::GetFieldValue(block.get(), *refl::FindField(block->type_index(), field));
      refl::StructuralVisit(value, callbacks);
    }
    std::unordered_set<const ffi::Object*> none;
    SBlockAccessRegions result;
    result.writes = writes_.Collect(none);
    result.opaques = opaques_.Collect(none);
    result.reads = reads_.Collect(block->init.has_value() ? writes_.Tensors() : none);
    return result;
  }

 private:
  /*! \brief Whether an access has one index per dimension (ill-formed IR is left to the
   *  well-formedness analysis, which reports it). */
  static bool HasRank(const Var& tensor, size_t rank) {
    const auto* type = tensor->ty.as<ir::TensorTypeObj>();
    return type != nullptr && type->shape.size() == rank;
  }

  IntervalSet Relax(const Expr& expr) const { return arith::EvalSet(expr, domains_); }

  Interrupt VisitFor(const ForObj* loop, StructuralVisitorView& view) {
    domains_[loop->var.get()] = LoopValues(loop, domains_, /*exact_last=*/false);
    Interrupt result = view.DefaultVisit(ffi::GetRef<For>(loop));
    domains_.erase(loop->var.get());
    return result;
  }

  Interrupt VisitIf(const IfThenElseObj* branch, StructuralVisitorView& view) {
    ffi::Any self = ffi::GetRef<IfThenElse>(branch);
    return VisitBranches(
        branch->condition, view, [&] { return view.VisitField(self, "then_case"); },
        [&] { return view.VisitField(self, "else_case"); });
  }

  /*! \brief The condition, then each branch with the loops narrowed by what it knows of the
   *  condition (an `if` statement, or `T.if_then_else`, as Apache's detector treats both). */
  template <typename Then, typename Else>
  Interrupt VisitBranches(const Expr& condition, StructuralVisitorView& view, Then then_branch,
                          Else else_branch) {
    if (auto interrupt = view.Visit(condition)) return interrupt;
    const arith::DomainMap outside = domains_;
    domains_ = arith::AssumeCondition(condition, outside, true);
    Interrupt result = then_branch();
    domains_ = arith::AssumeCondition(condition, outside, false);
    if (!result) result = else_branch();
    domains_ = outside;
    return result;
  }

  void Record(AccessList* list, const Expr& tensor, const ffi::Array<Expr>& indices) {
    const auto* var = tensor.as<ir::VarObj>();
    if (var == nullptr || var->ty.as<ir::TensorTypeObj>() == nullptr) return;
    std::vector<IntervalSet> region;
    for (const Expr& index : indices) region.push_back(Relax(index));
    Add(list, ffi::GetRef<Var>(var), std::move(region));
  }

  void RecordRegion(AccessList* list, const BufferRegion& region) {
    std::vector<IntervalSet> sets;
    for (const ir::Range& range : region->region) sets.push_back(RelaxedRange(range, domains_));
    Add(list, region->tensor, std::move(sets));
  }

  void RecordNested(const SBlockRealizeObj* realize) {
    const SBlock& nested = realize->block;
    std::unordered_map<const ffi::Object*, Expr> bindings;
    for (size_t i = 0; i < nested->iter_vars.size() && i < realize->iter_values.size(); ++i) {
      bindings.emplace(nested->iter_vars[i]->var.get(), realize->iter_values[i]);
    }
    auto bound = [&](const ir::Range& range) {
      return ir::Range(Substitute(range->start, bindings), Substitute(range->end, bindings));
    };
    const std::pair<const ffi::Array<BufferRegion>*, AccessList*> kinds[] = {
        {&nested->reads, &reads_}, {&nested->writes, &writes_}};
    for (const auto& [regions, list] : kinds) {
      for (const BufferRegion& region : *regions) {
        std::vector<IntervalSet> sets;
        for (const ir::Range& range : region->region) {
          sets.push_back(RelaxedRange(bound(range), domains_));
        }
        Add(list, region->tensor, std::move(sets));
      }
    }
  }

  /*! \brief Adds an access unless the tensor is the block's own; a view counts as its source. */
  void Add(AccessList* list, const Var& tensor, std::vector<IntervalSet> region) {
    if (local_.count(tensor.get()) != 0 || !HasRank(tensor, region.size())) return;
    auto match = matches_.find(tensor.get());
    if (match == matches_.end()) {
      list->Add(tensor, std::move(region));
      return;
    }
    // The view's dimensions are the source region's last ones, offset by its starts.
    const BufferRegion& source = match->second->source;
    if (!HasRank(source->tensor, source->region.size()) || source->region.size() < region.size()) {
      return;
    }
    const size_t leading = source->region.size() - region.size();
    std::vector<IntervalSet> mapped;
    for (size_t i = 0; i < source->region.size(); ++i) {
      const ir::Range& range = source->region[i];
      if (i < leading) {
        mapped.push_back(RelaxedRange(range, domains_));
        continue;
      }
      const IntervalSet& set = region[i - leading];
      auto shift = [&](const std::optional<Expr>& bound) -> std::optional<Expr> {
        if (!bound) return std::nullopt;
        return SimplifyLinear(range->start + *bound);
      };
      // An unknown bound of the view stays within its source range.
      std::optional<Expr> lo = set.min() ? shift(set.min()) : range->start;
      std::optional<Expr> hi = set.max() ? shift(set.max()) : SimplifyLinear(range->end - 1);
      mapped.push_back(IntervalSet(lo, hi));
    }
    list->Add(source->tensor, std::move(mapped));
  }

  arith::DomainMap domains_;
  std::unordered_set<const ffi::Object*> local_;
  std::unordered_map<const ffi::Object*, MatchBufferRegion> matches_;
  AccessList reads_;
  AccessList writes_;
  AccessList opaques_;
};

}  // namespace

SBlockAccessRegions DetectSBlockAccessRegions(const SBlock& block) {
  if (!block.defined()) TVM_FFI_THROW(ValueError) << "Expected a block, got None";
  return AccessRegionDetector(block.get()).Run(block);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  refl::GlobalDef().def(
      "tirx.analysis.DetectSBlockAccessRegions",
      [](SBlock block) {
        SBlockAccessRegions regions = DetectSBlockAccessRegions(block);
        return ffi::Array<ffi::Array<BufferRegion>>{regions.reads, regions.writes, regions.opaques};
      },
      "DetectSBlockAccessRegions(block) -> [reads, writes, opaques], as block completion "
      "infers T.reads and T.writes.");
}

}  // namespace analysis
}  // namespace tirx
}  // namespace tvm
