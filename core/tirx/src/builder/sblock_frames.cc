/*!
 * \file sblock_frames.cc
 * \brief S-TIR block frames and the hooks of a block's header, as apache-tvm 0.27 builds them:
 *  omitted `T.reads`/`T.writes` are inferred when the block closes (its block completion), and
 *  an S-TIR function's body is wrapped in the implicit root block when it holds blocks or root
 *  allocations (docs/frontend.md, "S-TIR blocks").
 */
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ffi/reflection/structural_walk.h>
#include <tvm/tirx/op.h>
#include <tvm/tirx/sblock_analysis.h>
#include <tvm/tirx/sblock_builder.h>
#include <tvm/tirx/tensor_expr.h>

#include <string>
#include <utility>

#include "../linear_form_internal.h"
#include "../type_check_internal.h"

namespace tvm {
namespace tirx {
namespace builder {
namespace {

/*! \brief The block the header statement `what` belongs to: the innermost frame. */
SBlockFrame RequireBlockFrame(const char* what) {
  auto frame = IRBuilder::Current().GetLastFrame<SBlockFrame>();
  if (!frame.has_value()) {
    TVM_FFI_THROW(ValueError) << what << " must be directly inside `with T.sblock(...)`";
  }
  return *frame;
}

Expr TrueConst() { return MakeConst(PrimType(ffi::DataType::Bool()), int64_t{1}); }

ffi::DataType WidestInteger(ffi::DataType dtype, const ffi::Any& bound) {
  auto expr = bound.try_cast<Expr>();
  if (!expr.has_value() || !expr->defined()) return dtype;
  ffi::DataType other = expr->dtype();
  if ((!other.is_int() && !other.is_uint()) || other.lanes() != 1) {
    TVM_FFI_THROW(TypeError) << "A block axis domain must be a scalar integer, got `"
                             << other.ToString() << "`";
  }
  return other.bits() > dtype.bits() ? ffi::DataType(dtype.code(), other.bits(), 1) : dtype;
}

/*! \brief A domain bound or binding as an expression of `ty`: a literal adopts it, a narrower
 *  integer of the same kind is widened with a Cast. */
Expr AxisValue(const ffi::Any& value, const PrimType& ty, const std::string& what) {
  if (auto expr = value.try_cast<Expr>(); expr.has_value() && expr->defined()) {
    ffi::DataType dtype = expr->dtype();
    if (dtype != ty.dtype() && dtype.code() == ty.dtype().code() && dtype.lanes() == 1 &&
        dtype.bits() < ty.dtype().bits()) {
      return Cast(ty, *expr);
    }
    return *expr;
  }
  return ConvertTo(value, ty, what);
}

const char* AxisMember(IterVarKind kind) {
  switch (kind) {
    case IterVarKind::kDataPar:
      return "`T.axis.spatial`";
    case IterVarKind::kCommReduce:
      return "`T.axis.reduce`";
    case IterVarKind::kOrdered:
      return "`T.axis.scan`";
    default:
      return "`T.axis.opaque`";
  }
}

/*!
 * \brief Where a tensor allocated by `T.sblock_alloc_buffer` goes, as Apache TVM lifts it: the
 *  innermost enclosing block (past loops and branches inside it), else the S-TIR function's
 *  root block. Its name is bound in the innermost frame, where the statement is.
 */
void AddBlockAllocation(const Var& tensor) {
  RequireSTirFunction("`T.sblock_alloc_buffer`");
  IRBuilder builder = IRBuilder::Current();
  if (auto block = builder.FindFrame<SBlockFrame>()) {
    block->mutable_get()->alloc_buffers.push_back(tensor);
  } else {
    builder.FindFrame<FunctionFrame>()->mutable_get()->root_alloc_buffers.push_back(tensor);
  }
  builder.GetLastFrame<TIRFrame>()->mutable_get()->bound_names.Set(tensor->name, tensor);
}

/*!
 * \brief Two `T.sblock_attr` of one block, merged as Apache TVM merges them: new keys are added,
 *  dicts under one key merge, and one key given two different values is a ValueError.
 */
ffi::Map<ffi::String, ffi::Any> MergeAnnotations(const ffi::Map<ffi::String, ffi::Any>& known,
                                                 const ffi::Map<ffi::String, ffi::Any>& added,
                                                 const ffi::String& block) {
  ffi::Map<ffi::String, ffi::Any> merged = known;
  for (const auto& [key, value] : added) {
    auto before = known.Get(key);
    if (!before.has_value()) {
      merged.Set(key, value);
      continue;
    }
    auto known_dict = before->try_cast<ffi::Map<ffi::String, ffi::Any>>();
    auto added_dict = value.try_cast<ffi::Map<ffi::String, ffi::Any>>();
    if (known_dict.has_value() && added_dict.has_value()) {
      merged.Set(key, MergeAnnotations(*known_dict, *added_dict, block));
    } else if (!ffi::reflection::StructuralEqual(*before, value)) {
      TVM_FFI_THROW(ValueError) << "Block `" << block << "` gives annotation `" << key
                                << "` twice, with different values";
    }
  }
  return merged;
}

bool ContainsBlock(const Stmt& body) {
  bool found = false;
  ffi::reflection::StructuralWalk(
      ffi::Any(body), [&found](SBlockRealize) { found = true; },
      ffi::reflection::WalkOrder::kPreOrder);
  return found;
}

/*! \brief `[start, end]` of the enclosing loop whose variable is `binding` (`T.axis.remap`). */
ffi::Array<Expr> LoopDomain(ffi::Any binding) {
  auto var = binding.try_cast<Var>();
  if (var.has_value() && var->defined()) {
    const auto& frames = IRBuilder::Current()->frames;
    for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
      const auto* loop = it->as<ForFrameObj>();
      if (loop == nullptr) continue;
      for (size_t i = 0; i < loop->vars.size(); ++i) {
        if (loop->vars[i].same_as(*var)) return {loop->starts[i], loop->ends[i]};
      }
    }
  }
  std::string shown = var.has_value() && var->defined()
                          ? "`" + std::string((*var)->name) + "`"
                          : "a `" + std::string(binding.GetTypeKey()) + "`";
  TVM_FFI_THROW(ValueError) << "`T.axis.remap` binds the variables of enclosing loops, and "
                            << shown << " is not one";
}

/*!
 * \brief `A[0:n, i]` of a tensor as a region: per dimension `(start, stop, is_slice)`, a slice's
 *  missing start 0 and missing stop the extent, an index one element. A literal bound takes
 *  the type of the other bound (int32 when both are literals).
 */
BufferRegion SliceRegion(Expr tensor, ffi::Array<ffi::Array<ffi::Any>> dims) {
  const auto* ty = tensor.defined() ? tensor->ty.as<ir::TensorTypeObj>() : nullptr;
  if (ty == nullptr || tensor.as<ir::VarObj>() == nullptr) {
    TVM_FFI_THROW(TypeError) << "Only tensor variables can be sliced into a region";
  }
  if (dims.size() != ty->shape.size()) {
    TVM_FFI_THROW(ValueError) << "A region of `" << tensor.cast<Var>()->name << "` needs "
                              << ty->shape.size() << " indices, got " << dims.size();
  }
  ffi::Array<ir::Range> ranges;
  for (size_t d = 0; d < dims.size(); ++d) {
    ffi::Any start = dims[d][0], stop = dims[d][1];
    bool is_slice = dims[d][2].cast<bool>();
    if (is_slice && start.type_index() == ffi::TypeIndex::kNone) start = int64_t{0};
    if (is_slice && stop.type_index() == ffi::TypeIndex::kNone) stop = ty->shape[d];
    Expr low = LiteralOrExpr(start, "A region bound");
    if (!is_slice) {
      ranges.push_back(ir::Range(low, SimplifyLinear(low + 1)));
      continue;
    }
    auto stop_expr = stop.try_cast<Expr>();
    Expr high = stop_expr.has_value() && stop_expr->defined()
                    ? *stop_expr
                    : ConvertTo(stop, PrimType(low.dtype()), "A region bound");
    if (start.try_cast<Expr>() == std::nullopt)
      low = ConvertTo(start, PrimType(high.dtype()), "A region bound");
    ranges.push_back(ir::Range(low, high));
  }
  return BufferRegion(tensor.cast<Var>(), ranges);
}

}  // namespace

void RequireSTirFunction(const char* what) {
  if (!RequireFunctionFrame(what)->IsSTir()) {
    TVM_FFI_THROW(ValueError) << what
                              << " is only valid in an S-TIR function: write "
                                 "`@T.prim_func(s_tir=True)` (or `@Ts.function`)";
  }
}

void SBlockFrameObj::Finalize() {
  Stmt body = AsBody(stmts, span);
  SBlockOptions options{init, alloc_buffers, match_buffers,
                        annotations.value_or(ffi::Map<ffi::String, ffi::Any>()), span};
  SBlock block(iter_vars, reads.value_or(ffi::Array<BufferRegion>()),
               writes.value_or(ffi::Array<BufferRegion>()), name, body, options);
  if (!reads.has_value() || !writes.has_value()) {
    analysis::SBlockAccessRegions regions = analysis::DetectSBlockAccessRegions(block);
    if (!regions.opaques.empty()) {
      TVM_FFI_THROW(ValueError)
          << "Block `" << name << "` uses tensor `" << regions.opaques[0]->tensor->name
          << "` other than by loads and stores, so its access regions cannot be inferred: "
             "write them with `T.reads(...)` and `T.writes(...)`";
    }
    block = SBlock(iter_vars, reads.value_or(regions.reads), writes.value_or(regions.writes), name,
                   body, options);
  }
  if (no_realize) {
    if (!iter_vars.empty() || predicate.has_value()) {
      TVM_FFI_THROW(ValueError) << "Block `" << name
                                << "` is not realized (`no_realize=True`), so it cannot bind "
                                   "iteration variables or take `T.where`";
    }
    AddToFrame(block);
    return;
  }
  AddToFrame(SBlockRealize(iter_values, predicate.value_or(TrueConst()), block, span));
}

SBlockFrame SBlockFrame::Create(ffi::String name, bool no_realize, bool makes_s_tir, Span span) {
  if (makes_s_tir) {
    // `T.block` of the releases before `T.sblock`, where every function with blocks was one.
    FunctionFrame function = RequireFunctionFrame("`T.block`");
    if (!function->IsSTir()) function.mutable_get()->attrs.Set("script.namespace", "s_tir");
  }
  RequireSTirFunction("`T.sblock`");
  auto node = ffi::make_object<SBlockFrameObj>();
  node->on_exit = [](IRBuilderFrameObj* self) { static_cast<SBlockFrameObj*>(self)->Finalize(); };
  node->name = std::move(name);
  node->no_realize = no_realize;
  node->span = std::move(span);
  return SBlockFrame(std::move(node));
}

void SBlockInitFrameObj::Finalize() {
  SBlockFrame block = IRBuilder::Current().GetLastFrame<SBlockFrame>().value();
  block.mutable_get()->init = AsBody(stmts, span);
}

SBlockInitFrame SBlockInitFrame::Create(Span span) {
  SBlockFrame block = RequireBlockFrame("`T.init()`");
  if (block->init.has_value()) {
    TVM_FFI_THROW(ValueError) << "Block `" << block->name << "` has two `T.init()` scopes";
  }
  auto node = ffi::make_object<SBlockInitFrameObj>();
  node->on_exit = [](IRBuilderFrameObj* self) {
    static_cast<SBlockInitFrameObj*>(self)->Finalize();
  };
  node->span = std::move(span);
  return SBlockInitFrame(std::move(node));
}

Var AddBlockAxis(IterVarKind kind, ffi::Any start, ffi::Any end, ffi::Any binding,
                 ffi::DataType dtype, ffi::String name, Span name_span) {
  const char* member = AxisMember(kind);
  SBlockFrame block = RequireBlockFrame(member);
  if ((!dtype.is_int() && !dtype.is_uint()) || dtype.lanes() != 1) {
    TVM_FFI_THROW(TypeError) << member << " makes a scalar integer variable, got `"
                             << dtype.ToString() << "` for `" << name << "`";
  }
  PrimType ty(WidestInteger(WidestInteger(dtype, start), end));
  std::string axis = std::string("The domain of block axis `") + std::string(name) + "`";
  ir::Range dom(AxisValue(start, ty, axis), AxisValue(end, ty, axis));
  Expr value = AxisValue(binding, ty, "The binding of block axis `" + std::string(name) + "`");
  Var var(name, ty, name_span);
  SBlockFrameObj* node = block.mutable_get();
  node->iter_vars.push_back(IterVar(var, dom, kind, "", name_span));
  node->iter_values.push_back(value);
  node->bound_names.Set(name, var);
  return var;
}

BufferRegion RegionOfAccess(const ffi::Any& access, const char* what) {
  if (auto region = access.try_cast<BufferRegion>(); region.has_value() && region->defined()) {
    return *region;
  }
  auto expr = access.try_cast<Expr>();
  if (expr.has_value() && expr->defined()) {
    if (const auto* load = expr->as<TensorLoadObj>()) {
      if (load->source.as<ir::VarObj>() == nullptr) {
        TVM_FFI_THROW(TypeError) << what << " takes regions of tensor variables (`A[i, 0:4]`)";
      }
      ffi::Array<ir::Range> ranges;
      for (const Expr& index : load->indices) {
        if (const auto* ramp = index.as<RampObj>()) {
          const auto* stride = ramp->stride.as<IntImmObj>();
          if (stride == nullptr || stride->value != 1) {
            TVM_FFI_THROW(TypeError) << what
                                     << " takes contiguous regions (`A[lo:hi]`), not "
                                        "a strided slice";
          }
          ranges.push_back(ir::Range(ramp->base, SimplifyLinear(ramp->base + ramp->lanes)));
        } else {
          // `[x, x + 1)` simplified as block completion's regions are, so a region written out
          // is the IR the inferred one is (`B[vi - 1]` ends at `vi`).
          ranges.push_back(ir::Range(index, SimplifyLinear(index + 1)));
        }
      }
      return BufferRegion(load->source.cast<Var>(), ranges);
    }
    if (const auto* var = expr->as<ir::VarObj>();
        var != nullptr && var->ty.as<ir::TensorTypeObj>() != nullptr) {
      return BufferRegion::Full(expr->cast<Var>());
    }
  }
  TVM_FFI_THROW(TypeError) << what << " takes tensor regions such as `A[i, 0:4]`, got `"
                           << access.GetTypeKey() << "`";
}

Stmt WithRootBlock(Stmt body, const ffi::Array<Var>& root_alloc_buffers) {
  const auto* realize = body.as<SBlockRealizeObj>();
  bool insert = !root_alloc_buffers.empty() ||
                (realize != nullptr && !realize->block->iter_vars.empty()) ||
                (realize == nullptr && ContainsBlock(body));
  if (!insert) return body;
  Span span = body->span;
  SBlock root({}, {}, {}, "root", std::move(body),
              SBlockOptions{std::nullopt, root_alloc_buffers, {}, {}, span});
  return SBlockRealize({}, TrueConst(), std::move(root), span);
}

namespace {

void SetRegions(const ffi::Array<ffi::Any>& accesses, bool is_write) {
  const char* what = is_write ? "`T.writes`" : "`T.reads`";
  SBlockFrame block = RequireBlockFrame(what);
  auto& slot = is_write ? block.mutable_get()->writes : block.mutable_get()->reads;
  if (slot.has_value()) {
    TVM_FFI_THROW(ValueError) << "Block `" << block->name << "` gives " << what << " twice";
  }
  ffi::Array<BufferRegion> regions;
  for (const ffi::Any& access : accesses) regions.push_back(RegionOfAccess(access, what));
  slot = regions;
}

}  // namespace

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<SBlockFrameObj>()
      .def_ro("name", &SBlockFrameObj::name)
      .def_ro("iter_vars", &SBlockFrameObj::iter_vars);
  refl::ObjectDef<SBlockInitFrameObj>();
  refl::GlobalDef()
      .def("tirx.builder.SBlock",
           [](ffi::String name, bool no_realize, bool makes_s_tir, Span span) {
             return SBlockFrame::Create(std::move(name), no_realize, makes_s_tir, std::move(span));
           })
      .def("tirx.builder.LoopDomain", LoopDomain)
      .def("tirx.builder.SliceRegion", SliceRegion)
      .def("tirx.builder.SBlockInit", [](Span span) { return SBlockInitFrame::Create(span); })
      .def("tirx.builder.Axis",
           [](int64_t kind, ffi::Any start, ffi::Any end, ffi::Any binding, ffi::DataType dtype,
              ffi::String name, Span name_span) {
             return AddBlockAxis(static_cast<IterVarKind>(kind), start, end, binding, dtype, name,
                                 name_span);
           })
      .def("tirx.builder.Where",
           [](ffi::Any predicate) {
             SBlockFrame block = RequireBlockFrame("`T.where`");
             if (block->predicate.has_value()) {
               TVM_FFI_THROW(ValueError) << "Block `" << block->name << "` has two `T.where`";
             }
             Expr condition = ConvertTo(predicate, PrimType(ffi::DataType::Bool()),
                                        "The predicate of `T.where`");
             block.mutable_get()->predicate = condition;
           })
      .def("tirx.builder.Reads",
           [](ffi::Array<ffi::Any> accesses) { SetRegions(accesses, /*is_write=*/false); })
      .def("tirx.builder.Writes",
           [](ffi::Array<ffi::Any> accesses) { SetRegions(accesses, /*is_write=*/true); })
      .def("tirx.builder.SBlockAttrs",
           [](ffi::Map<ffi::String, ffi::Any> attrs) {
             // The innermost block, even under a loop, as Apache TVM finds it.
             auto block = IRBuilder::Current().FindFrame<SBlockFrame>();
             if (!block.has_value()) {
               TVM_FFI_THROW(ValueError) << "`T.sblock_attr` must be inside `with T.sblock(...)`";
             }
             const auto& known = (*block)->annotations;
             block->mutable_get()->annotations =
                 known.has_value() ? MergeAnnotations(*known, attrs, (*block)->name) : attrs;
           })
      .def("tirx.builder.SBlockAllocBuffer",
           [](ffi::String name, Type ty, Span name_span) {
             if (ty.as<ir::TensorTypeObj>() == nullptr) {
               TVM_FFI_THROW(TypeError) << "`T.sblock_alloc_buffer` needs a tensor type";
             }
             Var tensor(name, ty, name_span);
             AddBlockAllocation(tensor);
             return tensor;
           })
      .def("tirx.builder.MatchBufferRegion",
           [](ffi::String name, Type ty, ffi::Any source, Span name_span) {
             SBlockFrame block = RequireBlockFrame("`T.match_buffer` of a region");
             BufferRegion region = RegionOfAccess(source, "`T.match_buffer`");
             Var tensor(name, ty, name_span);
             block.mutable_get()->match_buffers.push_back(MatchBufferRegion(tensor, region));
             block.mutable_get()->bound_names.Set(name, tensor);
             return tensor;
           })
      .def("tirx.builder.RegionOfAccess",
           [](ffi::Any access) { return RegionOfAccess(access, "A region"); });
}

}  // namespace builder
}  // namespace tirx
}  // namespace tvm
