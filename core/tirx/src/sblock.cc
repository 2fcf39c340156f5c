/*!
 * \file sblock.cc
 * \brief S-TIR nodes: constructors (which check what Apache TVM's constructors check) and
 *  reflection with definition regions.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/op.h>
#include <tvm/tirx/sblock.h>

#include <sstream>
#include <string>

#include "linear_form_internal.h"
#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

const ir::TensorTypeObj* TensorTypeOf(const Var& tensor, const char* node, const char* field) {
  CheckDefined(tensor, node, field);
  const auto* type = tensor->ty.as<ir::TensorTypeObj>();
  if (type == nullptr) {
    TVM_FFI_THROW(TypeError) << "`" << node << "." << field << "` must be a tensor, got `"
                             << tensor->name << "` of type `" << tensor->ty->GetTypeKey() << "`";
  }
  return type;
}

/*! \brief An extent for a message: its value, its variable's name, or "a non-constant". */
std::string Describe(const Expr& expr) {
  if (std::optional<int64_t> value = IntConstant(expr)) return std::to_string(*value);
  if (const auto* var = expr.as<ir::VarObj>()) return "`" + std::string(var->name) + "`";
  return "a non-constant";
}

void CheckMatchedRegion(const Var& view, const ir::TensorTypeObj* view_type,
                        const BufferRegion& source) {
  const std::string name = "`" + std::string(view->name) + "`";
  const size_t rank = view_type->shape.size();
  const size_t source_rank = source->region.size();
  if (source_rank < rank) {
    TVM_FFI_THROW(ValueError) << "The match buffer " << name << " has rank " << rank
                              << " but its source region has only " << source_rank << " dimensions";
  }
  const size_t leading = source_rank - rank;
  for (size_t i = 0; i < leading; ++i) {
    const ir::Range& range = source->region[i];
    if (ConstantDifference(range->end, range->start) != std::optional<int64_t>(1)) {
      TVM_FFI_THROW(ValueError) << "The match buffer " << name << " matches no dimension to "
                                << "dimension " << i << " of its source region, whose extent "
                                << "must then be 1";
    }
  }
  for (size_t i = 0; i < rank; ++i) {
    const Expr& extent = view_type->shape[i];
    if (extent.as<ir::VarObj>()) continue;  // a symbol takes the region's extent
    const ir::Range& range = source->region[leading + i];
    std::optional<int64_t> region_extent = ConstantDifference(range->end, range->start);
    std::optional<int64_t> shape_extent = IntConstant(extent);
    bool equal = region_extent && shape_extent
                     ? *region_extent == *shape_extent
                     : ConstantDifference(range->end, add(range->start, extent)) ==
                           std::optional<int64_t>(0);
    if (!equal) {
      TVM_FFI_THROW(ValueError) << "The match buffer " << name << " has extent " << Describe(extent)
                                << " in dimension " << i << " but its source region has extent "
                                << (region_extent ? std::to_string(*region_extent)
                                                  : std::string("a non-constant"));
    }
  }
}

}  // namespace

const char* IterVarKindName(IterVarKind kind) {
  switch (kind) {
    case IterVarKind::kDataPar:
      return "DataPar";
    case IterVarKind::kThreadIndex:
      return "ThreadIndex";
    case IterVarKind::kCommReduce:
      return "CommReduce";
    case IterVarKind::kOrdered:
      return "Ordered";
    case IterVarKind::kOpaque:
      return "Opaque";
    case IterVarKind::kUnrolled:
      return "Unrolled";
    case IterVarKind::kVectorized:
      return "Vectorized";
    case IterVarKind::kParallelized:
      return "Parallelized";
    case IterVarKind::kTensorized:
      return "Tensorized";
  }
  return "Unknown";
}

IterVar::IterVar(Var var, ir::Range dom, IterVarKind kind, ffi::String thread_tag, Span span) {
  ffi::DataType dtype = IntegerDType(var, IterVarObj::_type_key, "var");
  CheckDefined(dom, IterVarObj::_type_key, "dom");
  const std::pair<const Expr*, const char*> bounds[] = {{&dom->start, "dom.start"},
                                                        {&dom->end, "dom.end"}};
  for (const auto& [bound, field] : bounds) {
    ffi::DataType bound_dtype = IntegerDType(*bound, IterVarObj::_type_key, field);
    if (bound_dtype != dtype) {
      TVM_FFI_THROW(TypeError) << "`tirx.IterVar." << field << "` is `" << bound_dtype.ToString()
                               << "` but the variable `" << var->name << "` is `"
                               << dtype.ToString() << "`";
    }
  }
  ffi::ObjectPtr<IterVarObj> node = ffi::make_object<IterVarObj>();
  node->var = std::move(var);
  node->dom = std::move(dom);
  node->kind = static_cast<int64_t>(kind);
  node->thread_tag = std::move(thread_tag);
  node->span = std::move(span);
  data_ = std::move(node);
}

BufferRegion::BufferRegion(Var tensor, ffi::Array<ir::Range> region) {
  const ir::TensorTypeObj* type = TensorTypeOf(tensor, BufferRegionObj::_type_key, "tensor");
  if (region.size() != type->shape.size()) {
    TVM_FFI_THROW(ValueError) << "A region of `" << tensor->name << "` needs " << type->shape.size()
                              << " ranges, one per dimension, got " << region.size();
  }
  for (const ir::Range& range : region) {
    CheckDefined(range, BufferRegionObj::_type_key, "region");
    IntegerDType(range->start, BufferRegionObj::_type_key, "region.start");
    IntegerDType(range->end, BufferRegionObj::_type_key, "region.end");
  }
  ffi::ObjectPtr<BufferRegionObj> node = ffi::make_object<BufferRegionObj>();
  node->tensor = std::move(tensor);
  node->region = std::move(region);
  data_ = std::move(node);
}

BufferRegion BufferRegion::Full(Var tensor) {
  const ir::TensorTypeObj* type = TensorTypeOf(tensor, BufferRegionObj::_type_key, "tensor");
  ffi::Array<ir::Range> region;
  for (const Expr& extent : type->shape) {
    region.push_back(ir::Range(MakeConst(PrimType(extent.dtype()), int64_t{0}), extent));
  }
  return BufferRegion(std::move(tensor), std::move(region));
}

MatchBufferRegion::MatchBufferRegion(Var tensor, BufferRegion source) {
  const ir::TensorTypeObj* view = TensorTypeOf(tensor, MatchBufferRegionObj::_type_key, "tensor");
  CheckDefined(source, MatchBufferRegionObj::_type_key, "source");
  const auto* from = source->tensor->ty.as<ir::TensorTypeObj>();
  const std::string name = "`" + std::string(tensor->name) + "`";
  const std::string source_name = "`" + std::string(source->tensor->name) + "`";
  if (view->dtype != from->dtype) {
    TVM_FFI_THROW(TypeError) << "The match buffer " << name << " is `" << view->dtype.ToString()
                             << "` but its source " << source_name << " is `"
                             << from->dtype.ToString() << "`";
  }
  if (view->scope != from->scope) {
    TVM_FFI_THROW(ValueError) << "The match buffer " << name << " is in scope `" << view->scope
                              << "` but its source " << source_name << " is in scope `"
                              << from->scope << "`";
  }
  if (view->alignment <= 0 || from->alignment % view->alignment != 0) {
    TVM_FFI_THROW(ValueError) << "The match buffer " << name << " needs an alignment of "
                              << view->alignment << " bytes, which its source " << source_name
                              << " (aligned to " << from->alignment << ") does not provide";
  }
  CheckMatchedRegion(tensor, view, source);
  ffi::ObjectPtr<MatchBufferRegionObj> node = ffi::make_object<MatchBufferRegionObj>();
  node->tensor = std::move(tensor);
  node->source = std::move(source);
  data_ = std::move(node);
}

SBlock::SBlock(ffi::Array<IterVar> iter_vars, ffi::Array<BufferRegion> reads,
               ffi::Array<BufferRegion> writes, ffi::String name_hint, Stmt body,
               SBlockOptions options) {
  for (const IterVar& iter_var : iter_vars) {
    CheckDefined(iter_var, SBlockObj::_type_key, "iter_vars");
  }
  for (const BufferRegion& region : reads) CheckDefined(region, SBlockObj::_type_key, "reads");
  for (const BufferRegion& region : writes) CheckDefined(region, SBlockObj::_type_key, "writes");
  for (const Var& tensor : options.alloc_buffers) {
    TensorTypeOf(tensor, SBlockObj::_type_key, "alloc_buffers");
  }
  for (const MatchBufferRegion& match : options.match_buffers) {
    CheckDefined(match, SBlockObj::_type_key, "match_buffers");
  }
  CheckDefined(body, SBlockObj::_type_key, "body");
  ffi::ObjectPtr<SBlockObj> node = ffi::make_object<SBlockObj>();
  node->span = std::move(options.span);
  node->iter_vars = std::move(iter_vars);
  node->reads = std::move(reads);
  node->writes = std::move(writes);
  node->name_hint = std::move(name_hint);
  node->alloc_buffers = std::move(options.alloc_buffers);
  node->match_buffers = std::move(options.match_buffers);
  node->annotations = std::move(options.annotations);
  if (options.init.has_value() && options.init->defined()) node->init = std::move(options.init);
  node->body = std::move(body);
  data_ = std::move(node);
}

SBlockRealize::SBlockRealize(ffi::Array<Expr> iter_values, Expr predicate, SBlock block,
                             Span span) {
  CheckDefined(block, SBlockRealizeObj::_type_key, "block");
  if (iter_values.size() != block->iter_vars.size()) {
    TVM_FFI_THROW(ValueError) << "The realize of block `" << block->name_hint << "` binds "
                              << iter_values.size() << " values to its " << block->iter_vars.size()
                              << " iteration variables";
  }
  for (const Expr& value : iter_values) {
    IntegerDType(value, SBlockRealizeObj::_type_key, "iter_values");
  }
  CheckBool(predicate, SBlockRealizeObj::_type_key, "predicate");
  ScalarDType(predicate, SBlockRealizeObj::_type_key, "predicate");
  ffi::ObjectPtr<SBlockRealizeObj> node = ffi::make_object<SBlockRealizeObj>();
  node->span = std::move(span);
  node->iter_values = std::move(iter_values);
  node->predicate = std::move(predicate);
  node->block = std::move(block);
  data_ = std::move(node);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  using refl::DefaultValue;
  using refl::DefRegionKind;
  using refl::StructuralIgnore;
  refl::ObjectDef<IterVarObj>()
      .def_init(
          [](Var var, ir::Range dom, int64_t kind, ffi::String thread_tag) {
            if (kind < 0 || kind > static_cast<int64_t>(IterVarKind::kTensorized)) {
              TVM_FFI_THROW(ValueError) << "Unknown iteration variable kind " << kind;
            }
            return IterVar(std::move(var), std::move(dom), static_cast<IterVarKind>(kind),
                           std::move(thread_tag));
          },
          {"var", "dom", "kind", "thread_tag"})
      .def_ro("var", &IterVarObj::var, DefRegionKind::kSimple)
      .def_ro("dom", &IterVarObj::dom)
      .def_ro("kind", &IterVarObj::kind,
              "0 data parallel, 1 thread index, 2 reduction, 3 ordered (scan), 4 opaque, "
              "5 unrolled, 6 vectorized, 7 parallelized, 8 tensorized")
      .def_ro("thread_tag", &IterVarObj::thread_tag)
      .def_ro("span", &IterVarObj::span, StructuralIgnore(), DefaultValue(Span::Unknown()));
  refl::ObjectDef<BufferRegionObj>()
      .def_init(
          [](Var tensor, ffi::Array<ir::Range> region) {
            return BufferRegion(std::move(tensor), std::move(region));
          },
          {"tensor", "region"})
      .def_ro("tensor", &BufferRegionObj::tensor)
      .def_ro("region", &BufferRegionObj::region);
  refl::ObjectDef<MatchBufferRegionObj>()
      .def_init(
          [](Var tensor, BufferRegion source) {
            return MatchBufferRegion(std::move(tensor), std::move(source));
          },
          {"tensor", "source"})
      .def_ro("tensor", &MatchBufferRegionObj::tensor, DefRegionKind::kPattern)
      .def_ro("source", &MatchBufferRegionObj::source);
  refl::ObjectDef<SBlockObj>()
      .def_init(
          [](ffi::Array<IterVar> iter_vars, ffi::Array<BufferRegion> reads,
             ffi::Array<BufferRegion> writes, ffi::String name_hint, Stmt body,
             ffi::Optional<Stmt> init, ffi::Array<Var> alloc_buffers,
             ffi::Array<MatchBufferRegion> match_buffers,
             ffi::Map<ffi::String, ffi::Any> annotations) {
            return SBlock(
                std::move(iter_vars), std::move(reads), std::move(writes), std::move(name_hint),
                std::move(body),
                SBlockOptions{std::move(init), std::move(alloc_buffers), std::move(match_buffers),
                              std::move(annotations), Span::Unknown()});
          },
          {"iter_vars", "reads", "writes", "name_hint", "body", "init", "alloc_buffers",
           "match_buffers", "annotations"})
      .def_ro("iter_vars", &SBlockObj::iter_vars)
      .def_ro("reads", &SBlockObj::reads)
      .def_ro("writes", &SBlockObj::writes)
      .def_ro("name_hint", &SBlockObj::name_hint, StructuralIgnore())
      .def_ro("alloc_buffers", &SBlockObj::alloc_buffers, DefRegionKind::kSimple)
      .def_ro("match_buffers", &SBlockObj::match_buffers)
      .def_ro("annotations", &SBlockObj::annotations)
      .def_ro("init", &SBlockObj::init)
      .def_ro("body", &SBlockObj::body);
  refl::ObjectDef<SBlockRealizeObj>()
      .def_init(
          [](ffi::Array<Expr> iter_values, Expr predicate, SBlock block) {
            return SBlockRealize(std::move(iter_values), std::move(predicate), std::move(block));
          },
          {"iter_values", "predicate", "block"})
      .def_ro("iter_values", &SBlockRealizeObj::iter_values)
      .def_ro("predicate", &SBlockRealizeObj::predicate)
      .def_ro("block", &SBlockRealizeObj::block);
}

}  // namespace tirx
}  // namespace tvm
