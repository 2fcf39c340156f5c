/*!
 * \file translate_sblock.cc
 * \brief S-TIR blocks in apache-tvm 0.27's block syntax, under `Ts.` (canonical) or `T.`
 *  (Apache's spelling): `with Ts.sblock("C"):`, the iteration variables (`Ts.axis.remap` for
 *  those bound to enclosing loops over their domain, `Ts.axis.spatial(16, i)` otherwise),
 *  `Ts.where`, `Ts.reads`/`Ts.writes` in full, `Ts.sblock_attr`, the block's tensors, the match
 *  buffers, `with Ts.init():` and the body; the implicit root block as a comment.
 *
 * The order of the lines and the remap rule are apache-tvm 0.27's printer's. Printing never
 * fails on IR the block syntax cannot say: a realize whose values do not match its block's
 * iteration variables binds the ones it has and says so in a comment line above the block, and
 * an iteration kind with no block-syntax member (a vectorized one) prints under its kind's name,
 * `Ts.axis.vectorized(8, i)`, which no reader accepts.
 */
#include <tvm/ffi/reflection/structural_equal.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/tirx/function.h>
#include <tvm/tirx/int_set.h>
#include <tvm/tirx/sblock.h>

#include <string>
#include <vector>

#include "printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

ExprDoc TsAttr(const DocTranslator& t, const std::string& name) {
  return t.Namespace(t.config()->apache() ? "T" : "Ts").Attr(name);
}

bool IsSTirFunction(const ffi::ObjectRef& func) {
  const auto* f = func.as<tirx::FunctionObj>();
  if (f == nullptr) return false;
  std::optional<ffi::Any> ns = f->attrs.Get("script.namespace");
  return ns.has_value() && ns->try_cast<std::string>() == "s_tir";
}

namespace {

using ffi::Any;
using ffi::Array;
using ffi::String;

/*!
 * \brief `X = Ts.<builder>(args..., ty_args=[T.Tensor(...)])`; in Apache's spelling
 *  `X = T.<builder>(args..., (shape), "dtype", scope=...)`, as 0.27 prints block tensors.
 */
Doc BlockTensorDoc(const ir::Var& var, const AccessPath& var_path, const char* builder,
                   Array<ExprDoc> args, const DocTranslator& t) {
  const auto* ty = var->ty.as<ir::TensorTypeObj>();
  if (!t.config()->apache() || ty == nullptr) {
    return TensorDefinitionDoc(var, var_path, TsAttr(t, builder), args, std::nullopt, t);
  }
  ir::TensorType type = ffi::GetRef<ir::TensorType>(ty);
  ApacheBufferOptions options;
  options.elem_offset_by_factor = ApacheFieldSymbols(type, t.Define(var, var->name), t);
  ExprDoc rhs = ApacheBufferCall(TsAttr(t, builder), args, type, var_path.Attr("ty"), options, t);
  return AssignDoc(t.AsExprDoc(var, var_path), rhs, std::nullopt);
}

bool IsConstTrue(const ir::Expr& e) {
  const auto* imm = e.as<tirx::IntImmObj>();
  return imm != nullptr && imm->value != 0;
}

bool IsZero(const ir::Expr& e) {
  const auto* imm = e.as<tirx::IntImmObj>();
  return imm != nullptr && imm->value == 0;
}

/*! \brief Whether an iteration kind has a block-syntax member (`T.axis.spatial`...). */
bool HasAxisMember(tirx::IterVarKind kind) {
  return kind == tirx::IterVarKind::kDataPar || kind == tirx::IterVarKind::kCommReduce ||
         kind == tirx::IterVarKind::kOrdered || kind == tirx::IterVarKind::kOpaque;
}

/*! \brief The `axis` member of an iteration kind; the kinds without one by their names. */
const char* AxisMember(tirx::IterVarKind kind) {
  switch (kind) {
    case tirx::IterVarKind::kDataPar:
      return "spatial";
    case tirx::IterVarKind::kCommReduce:
      return "reduce";
    case tirx::IterVarKind::kOrdered:
      return "scan";
    case tirx::IterVarKind::kOpaque:
      return "opaque";
    case tirx::IterVarKind::kThreadIndex:
      return "thread_index";
    case tirx::IterVarKind::kUnrolled:
      return "unrolled";
    case tirx::IterVarKind::kVectorized:
      return "vectorized";
    case tirx::IterVarKind::kParallelized:
      return "parallelized";
    case tirx::IterVarKind::kTensorized:
      return "tensorized";
  }
  return "unknown";
}

/*!
 * \brief Whether iteration variable `i` goes into a `remap`, as 0.27 decides: spatial or reduce,
 *  bound to the variable of an enclosing loop whose start and end are its domain's.
 */
bool Remappable(const tirx::SBlockRealize& realize, size_t i, const DocTranslator& t) {
  const tirx::IterVar& iv = realize->block->iter_vars[i];
  tirx::IterVarKind kind = iv->iter_kind();
  if (kind != tirx::IterVarKind::kDataPar && kind != tirx::IterVarKind::kCommReduce) return false;
  if (i >= realize->iter_values.size()) return false;
  const auto* var = realize->iter_values[i].as<ir::VarObj>();
  if (var == nullptr) return false;
  for (const ffi::ObjectRef& enclosing : t.enclosing_loops()) {
    const auto* loop = enclosing.as<tirx::ForObj>();
    if (loop == nullptr || loop->var.get() != var) continue;
    return ffi::reflection::StructuralEqual(loop->start, iv->dom->start) &&
           ffi::reflection::StructuralEqual(loop->end, iv->dom->end);
  }
  return false;
}

/*! \brief The translation of one block (with its realize, when it has one). */
class BlockPrinter {
 public:
  BlockPrinter(const tirx::SBlock& block, const AccessPath& block_path,
               std::optional<tirx::SBlockRealize> realize, const AccessPath& realize_path,
               const DocTranslator& t)
      : block_(block), bp_(block_path), realize_(std::move(realize)), rp_(realize_path), t_(t) {}

  Doc Translate() {
    ScopeGuard scope(t_);
    IterVars();
    if (realize_.has_value() && !IsConstTrue((*realize_)->predicate)) {
      ExprDoc pred = t_.AsExprDoc((*realize_)->predicate, rp_.Attr("predicate"));
      stmts_.push_back(ExprStmtDoc(TsAttr(t_, "where").Call({pred})));
    }
    stmts_.push_back(Regions("reads", block_->reads));
    stmts_.push_back(Regions("writes", block_->writes));
    if (!block_->annotations.empty()) {
      ExprDoc attrs = t_.AsExprDoc(block_->annotations, bp_.Attr("annotations"));
      stmts_.push_back(ExprStmtDoc(TsAttr(t_, "sblock_attr").Call({attrs})));
    }
    AllocBuffers(block_, bp_, "sblock_alloc_buffer", &stmts_, t_);
    int64_t i = 0;
    for (const tirx::MatchBufferRegion& match : block_->match_buffers) {
      AccessPath at = bp_.Attr("match_buffers").ArrayItem(i++);
      stmts_.push_back(t_.AsDoc(match, at).cast<StmtDoc>());
    }
    if (block_->init.has_value()) {
      Array<StmtDoc> init = t_.AsBody(*block_->init, bp_.Attr("init"));
      stmts_.push_back(ScopeDoc(std::nullopt, TsAttr(t_, "init").Call({}), init));
    }
    for (const StmtDoc& s : AsStmts(t_, block_->body, bp_.Attr("body"))) stmts_.push_back(s);
    scope.Close();
    ExprDoc name = WithPath<ExprDoc>(LiteralDoc::Str(block_->name_hint), bp_.Attr("name_hint"));
    Array<String> keys;
    Array<ExprDoc> values;
    if (!realize_.has_value()) {  // 0.27's spelling of a block printed without its realize
      keys.push_back("no_realize");
      values.push_back(LiteralDoc::Bool(true));
    }
    Array<StmtDoc> body(stmts_.begin(), stmts_.end());
    StmtDoc doc = ScopeDoc(std::nullopt, TsAttr(t_, "sblock").Call({name}, keys, values), body);
    if (std::optional<std::string> problem = Problem()) return WithComment(doc, *problem);
    return doc;
  }

  /*! \brief `X = Ts.<builder>(...)` for each of the block's own tensors. */
  static void AllocBuffers(const tirx::SBlock& block, const AccessPath& bp, const char* builder,
                           std::vector<StmtDoc>* out, const DocTranslator& t) {
    int64_t i = 0;
    for (const ir::Var& buffer : block->alloc_buffers) {
      AccessPath at = bp.Attr("alloc_buffers").ArrayItem(i++);
      Doc doc = BlockTensorDoc(buffer, at, builder, {}, t);
      out->push_back(WithPath(doc, at).cast<StmtDoc>());
    }
  }

 private:
  AccessPath IterVarPath(size_t i) const { return bp_.Attr("iter_vars").ArrayItem(i); }

  /*! \brief What makes the block unreadable in the block syntax, for a comment; or nullopt. */
  std::optional<std::string> Problem() const {
    size_t values = realize_.has_value() ? (*realize_)->iter_values.size() : 0;
    if (realize_.has_value() && values != block_->iter_vars.size()) {
      return "ill-formed: the realize binds " + std::to_string(values) + " values to " +
             std::to_string(block_->iter_vars.size()) + " iteration variables";
    }
    for (const tirx::IterVar& iv : block_->iter_vars) {
      if (!HasAxisMember(iv->iter_kind())) {
        return std::string("ill-formed: the block syntax has no iteration variable of kind ") +
               tirx::IterVarKindName(iv->iter_kind());
      }
    }
    return std::nullopt;
  }

  /*! \brief The realize's value of iteration variable `i`, when it has one. */
  std::optional<ExprDoc> Binding(size_t i) const {
    if (!realize_.has_value() || i >= (*realize_)->iter_values.size()) return std::nullopt;
    return t_.AsExprDoc((*realize_)->iter_values[i], rp_.Attr("iter_values").ArrayItem(i));
  }

  /*! \brief `vi = Ts.axis.spatial(16, i)`, `(lo, hi)` for a domain not from 0. */
  void SingleIterVar(size_t i) {
    const tirx::IterVar& iv = block_->iter_vars[i];
    AccessPath at = IterVarPath(i);
    ExprDoc dom = IsZero(iv->dom->start)
                      ? t_.AsExprDoc(iv->dom->end, at.Attr("dom").Attr("end"))
                      : TupleDoc({t_.AsExprDoc(iv->dom->start, at.Attr("dom").Attr("start")),
                                  t_.AsExprDoc(iv->dom->end, at.Attr("dom").Attr("end"))});
    Array<ExprDoc> args = {dom};
    if (std::optional<ExprDoc> binding = Binding(i)) args.push_back(*binding);
    t_.Define(iv->var, iv->var->name);
    ExprDoc var = WithPath(t_.AsExprDoc(iv->var, at.Attr("var")), at);
    ExprDoc rhs = TsAttr(t_, "axis").Attr(AxisMember(iv->iter_kind())).Call(args);
    stmts_.push_back(WithPath(AssignDoc(var, rhs, std::nullopt), at));
  }

  /*! \brief `vi, vk = Ts.axis.remap("SR", [i, k])` for the pending group (one alone: single). */
  void FlushRemap() {
    if (pending_.size() == 1) SingleIterVar(pending_[0]);
    if (pending_.size() > 1) {
      Array<ExprDoc> vars;
      Array<ExprDoc> values;
      std::string kinds;
      for (size_t i : pending_) {
        const tirx::IterVar& iv = block_->iter_vars[i];
        values.push_back(*Binding(i));
        t_.Define(iv->var, iv->var->name);
        vars.push_back(WithPath(t_.AsExprDoc(iv->var, IterVarPath(i).Attr("var")), IterVarPath(i)));
        kinds += iv->iter_kind() == tirx::IterVarKind::kDataPar ? "S" : "R";
      }
      ExprDoc rhs =
          TsAttr(t_, "axis").Attr("remap").Call({LiteralDoc::Str(kinds), ListDoc(values)});
      stmts_.push_back(AssignDoc(TupleDoc(vars), rhs, std::nullopt));
    }
    pending_.clear();
  }

  void IterVars() {
    for (size_t i = 0; i < block_->iter_vars.size(); ++i) {
      if (realize_.has_value() && Remappable(*realize_, i, t_)) {
        pending_.push_back(i);
        continue;
      }
      FlushRemap();
      SingleIterVar(i);
    }
    FlushRemap();
  }

  StmtDoc Regions(const char* member, const Array<tirx::BufferRegion>& regions) {
    Array<Any> items(regions.begin(), regions.end());
    Array<ExprDoc> docs = t_.AsExprDocs(items, bp_.Attr(member));
    return ExprStmtDoc(TsAttr(t_, member).Call(docs));
  }

  tirx::SBlock block_;
  AccessPath bp_;
  std::optional<tirx::SBlockRealize> realize_;
  AccessPath rp_;
  DocTranslator t_;
  std::vector<StmtDoc> stmts_;
  std::vector<size_t> pending_;
};

Doc RealizeDoc(const tirx::SBlockRealize& realize, const AccessPath& p, const DocTranslator& t) {
  // Only IR made around the constructors lacks a block; its fields print by reflection.
  if (!realize->block.defined()) return TranslateByReflection(realize, p, t);
  return BlockPrinter(realize->block, p.Attr("block"), realize, p, t).Translate();
}

Doc BlockDoc(const tirx::SBlock& block, const AccessPath& p, const DocTranslator& t) {
  return BlockPrinter(block, p, std::nullopt, p, t).Translate();
}

/*! \brief `A[vi, 0:4]`: a point of one value as its index, a range as `start:end`. */
Doc RegionDoc(const tirx::BufferRegion& region, const AccessPath& p, const DocTranslator& t) {
  ExprDoc tensor = t.AsExprDoc(region->tensor, p.Attr("tensor"));
  Array<Doc> indices;
  int64_t i = 0;
  for (const ir::Range& range : region->region) {
    AccessPath at = p.Attr("region").ArrayItem(i++);
    ExprDoc start = t.AsExprDoc(range->start, at.Attr("start"));
    if (tirx::arith::IntervalSet::FromRange(range).IsSinglePoint()) {
      indices.push_back(WithPath(start, at));
    } else {
      ExprDoc end = t.AsExprDoc(range->end, at.Attr("end"));
      indices.push_back(WithSourcePath(SliceDoc(start, end, std::nullopt), at));
    }
  }
  return tensor.Index(indices);
}

/*!
 * \brief `sub = Ts.match_buffer(A[vi, 0:4], ty_args=[T.Tensor((4,), T.float32)])`, in Apache's
 *  spelling `sub = T.match_buffer(A[vi, 0:4], (4,))`.
 */
Doc MatchDoc(const tirx::MatchBufferRegion& match, const AccessPath& p, const DocTranslator& t) {
  ExprDoc source = t.AsExprDoc(match->source, p.Attr("source"));
  return BlockTensorDoc(match->tensor, p.Attr("tensor"), "match_buffer", {source}, t);
}

/*! \brief Whether `s` (or the only statement of a sequence of one) realizes a block without
 *  iteration variables. */
bool IsRealizeWithoutIterVars(const tirx::Stmt& s) {
  const auto* seq = s.as<tirx::SeqStmtObj>();
  const tirx::Stmt& inner = seq != nullptr && seq->seq.size() == 1 ? seq->seq[0] : s;
  const auto* realize = inner.as<tirx::SBlockRealizeObj>();
  return realize != nullptr && realize->block.defined() && realize->block->iter_vars.empty();
}

/*!
 * \brief The realize of a block "root" that only allocates, as a function's whole body, and that
 *  a reader would make again from its body: 0.27's parser takes a body that is one block
 *  without iteration variables (and no root allocation) as the root itself, so such a root
 *  prints as an explicit block.
 */
bool IsImplicitRoot(const tirx::SBlockRealizeObj* realize) {
  if (realize == nullptr || !realize->block.defined()) return false;
  const tirx::SBlock& block = realize->block;
  if (block->alloc_buffers.empty() && IsRealizeWithoutIterVars(block->body)) return false;
  return block->name_hint == "root" && block->iter_vars.empty() && realize->iter_values.empty() &&
         IsConstTrue(realize->predicate) && block->reads.empty() && block->writes.empty() &&
         block->match_buffers.empty() && block->annotations.empty() && !block->init.has_value();
}

TVM_FFI_STATIC_INIT_BLOCK() {
  RegisterDocTranslate<tirx::SBlockRealize>(RealizeDoc);
  RegisterDocTranslate<tirx::SBlock>(BlockDoc);
  RegisterDocTranslate<tirx::BufferRegion>(RegionDoc);
  RegisterDocTranslate<tirx::MatchBufferRegion>(MatchDoc);
}

}  // namespace

std::optional<Array<StmtDoc>> ImplicitRootBody(const Any& body, const AccessPath& path,
                                               const DocTranslator& t) {
  const auto* realize = body.as<tirx::SBlockRealizeObj>();
  if (!IsImplicitRoot(realize)) return std::nullopt;
  AccessPath bp = path.Attr("block");
  std::string ns = t.config()->apache() ? "T" : "Ts";
  std::vector<StmtDoc> stmts = {
      WithPath(CommentDoc("with " + ns + ".sblock(\"root\"):"), path).cast<StmtDoc>()};
  t.Namespace(ns);
  ScopeGuard scope(t);
  BlockPrinter::AllocBuffers(realize->block, bp, "sblock_alloc_buffer", &stmts, t);
  for (const StmtDoc& s : AsStmts(t, realize->block->body, bp.Attr("body"))) stmts.push_back(s);
  scope.Close();
  return Array<StmtDoc>(stmts.begin(), stmts.end());
}

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
