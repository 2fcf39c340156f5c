/*!
 * \file translate_stmt.cc
 * \brief TIRx statements: stores, bindings, loops (`range(...)` for plain serial loops,
 *  `T.parallel(...)` and friends otherwise), control flow, tensor allocation and declaration,
 *  assertions (`assert c, ("RuntimeError", ["message"])`), attributes.
 */
#include <tvm/ir/call.h>
#include <tvm/tirx/stmt.h>
#include <tvm/tirx/tensor_expr.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <unordered_set>
#include <vector>

#include "printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

namespace {

using ffi::Any;
using ffi::Array;
using ffi::String;

bool IsConstInt(const ir::Expr& e, int64_t value) {
  const auto* imm = e.as<tirx::IntImmObj>();
  return imm != nullptr && imm->value == value;
}

/*!
 * \brief `unroll=` of a serial loop whose only annotation is the one `T.serial(unroll=...)`
 *  makes, as the reference prints it: `{"tirx.pragma_unroll": True}` is `unroll=True`, a
 *  positive int `N` `unroll=N`, `{"tirx.disable_unroll": True}` `unroll=False`.
 */
std::optional<LiteralDoc> UnrollOption(const tirx::For& loop) {
  if (loop->for_kind() != tirx::ForKind::kSerial || loop->annotations.size() != 1) {
    return std::nullopt;
  }
  const auto& [key, value] = *loop->annotations.begin();
  bool is_true = value.type_index() == ffi::TypeIndex::kBool && value.cast<bool>();
  if (key == "tirx.disable_unroll" && is_true) return LiteralDoc::Bool(false);
  if (key != "tirx.pragma_unroll") return std::nullopt;
  if (is_true) return LiteralDoc::Bool(true);
  if (value.type_index() == ffi::TypeIndex::kInt && value.cast<int64_t>() >= 1) {
    return LiteralDoc::Int(value.cast<int64_t>());
  }
  return std::nullopt;
}

/*!
 * \brief The loop's iterable: `range(end)`, `range(start, end, step)`, `T.parallel(start, end)`.
 *  Only a plain serial loop from an int32 0 with a unit step leaves its start out, as the
 *  reference prints (`range(T.int64(0), n)`, `T.parallel(0, n)`). Keywords come in the
 *  reference's order: `thread=`, `annotations=` (or `unroll=`), `step=`.
 */
ExprDoc LoopIterable(const tirx::For& loop, const AccessPath& p, const DocTranslator& t) {
  bool unit_step = IsConstInt(loop->step, 1);
  tirx::ForKind kind = loop->for_kind();
  bool plain_range = kind == tirx::ForKind::kSerial && loop->annotations.empty();
  bool int32_zero = IsConstInt(loop->start, 0) && IsInt32(loop->start->ty);
  bool apache = t.config()->apache();
  // range() takes a step only after a start; the T.* loops take it as a keyword. Apache's
  // spelling leaves a zero start out of the T.* loops too (`T.parallel(16)`)
  // (0.27 leaves out a zero start of any integer type: `range(m)` of an int64 `m`.)
  bool start_implied =
      unit_step && (plain_range ? int32_zero || (apache && IsConstInt(loop->start, 0))
                                : apache && IsConstInt(loop->start, 0));
  Array<ExprDoc> args;
  if (!start_implied) {
    args.push_back(t.AsExprDoc(loop->start, p.Attr("start")));
  }
  args.push_back(t.AsExprDoc(loop->end, p.Attr("end")));
  if (plain_range) {
    if (!unit_step) args.push_back(t.AsExprDoc(loop->step, p.Attr("step")));
    return IdDoc("range").Call(args);
  }
  Array<String> keys;
  Array<ExprDoc> values;
  if (kind == tirx::ForKind::kThreadBinding) {
    keys.push_back("thread");
    values.push_back(t.AsExprDoc(loop->thread_tag, p.Attr("thread_tag")));
  }
  std::optional<LiteralDoc> unroll = apache ? std::nullopt : UnrollOption(loop);
  if (unroll.has_value()) {
    keys.push_back("unroll");
    values.push_back(*unroll);
  } else if (!loop->annotations.empty()) {
    keys.push_back("annotations");
    values.push_back(t.AsExprDoc(loop->annotations, p.Attr("annotations")));
  }
  if (!unit_step) {
    keys.push_back("step");
    values.push_back(t.AsExprDoc(loop->step, p.Attr("step")));
  }
  const char* names[] = {"serial", "parallel", "vectorized", "unroll", "thread_binding"};
  return TAttr(t, names[static_cast<int>(kind)]).Call(args, keys, values);
}

/*! \brief A statement, or the only statement of a sequence of one. */
tirx::Stmt Unwrapped(const tirx::Stmt& s, AccessPath* path) {
  const auto* seq = s.as<tirx::SeqStmtObj>();
  if (seq == nullptr || seq->seq.size() != 1) return s;
  *path = path->Attr("seq").ArrayItem(0);
  return seq->seq[0];
}

/*!
 * \brief Apache's `for i, j in T.grid(16, 16):` for perfectly nested serial loops from 0 with a
 *  unit step and no annotations whose extents use none of the outer ones' variables, as 0.27
 *  prints them; nullopt for fewer than two such loops.
 */
std::optional<Doc> GridDoc(const tirx::For& loop, const AccessPath& p, const DocTranslator& t) {
  std::vector<std::pair<tirx::For, AccessPath>> grid;
  std::unordered_set<const ffi::Object*> vars;
  tirx::Stmt s = loop;
  AccessPath at = p;
  while (const auto* l = s.as<tirx::ForObj>()) {
    if (l->for_kind() != tirx::ForKind::kSerial || !IsConstInt(l->start, 0) ||
        !IsConstInt(l->step, 1) || !l->annotations.empty()) {
      break;
    }
    bool uses_outer = false;
    for (const auto& [var, unused] : CollectVars(l->end, at)) uses_outer |= vars.count(var.get());
    if (uses_outer) break;
    grid.emplace_back(ffi::GetRef<tirx::For>(l), at);
    vars.insert(l->var.get());
    at = at.Attr("body");
    s = Unwrapped(l->body, &at);
  }
  if (grid.size() < 2) return std::nullopt;
  Array<ExprDoc> extents;
  for (const auto& [l, l_path] : grid) extents.push_back(t.AsExprDoc(l->end, l_path.Attr("end")));
  ScopeGuard scope(t);
  Array<ExprDoc> names;
  for (const auto& [l, l_path] : grid) {
    t.Define(l->var, l->var->name);
    names.push_back(t.AsExprDoc(l->var, l_path.Attr("var")));
  }
  Array<StmtDoc> body;
  {
    std::vector<std::unique_ptr<EnclosingLoop>> enclosing;
    for (const auto& [l, unused] : grid) enclosing.push_back(std::make_unique<EnclosingLoop>(t, l));
    body = t.AsBody(grid.back().first->body, grid.back().second.Attr("body"));
  }
  scope.Close();
  return ForDoc(TupleDoc(names), TAttr(t, "grid").Call(extents), body);
}

Doc ForLoopDoc(const tirx::For& loop, const AccessPath& p, const DocTranslator& t) {
  if (t.config()->apache()) {
    if (std::optional<Doc> grid = GridDoc(loop, p, t)) return *grid;
  }
  ExprDoc iterable = LoopIterable(loop, p, t);
  ScopeGuard scope(t);
  t.Define(loop->var, loop->var->name);
  ExprDoc var = t.AsExprDoc(loop->var, p.Attr("var"));
  Array<StmtDoc> body;
  {
    EnclosingLoop enclosing(t, loop);
    body = t.AsBody(loop->body, p.Attr("body"));
  }
  scope.Close();
  return ForDoc(var, iterable, body);
}

/*!
 * \brief A store index: a ramp with a positive constant stride is the slice
 *  `base:base + lanes * stride[:stride]`, as the reference prints it (the end folded when the
 *  base is a constant too); any other index (a ramp loads, a non-positive stride) as itself.
 */
Doc StoreIndexDoc(const ir::Expr& index, const AccessPath& p, const DocTranslator& t) {
  const auto* ramp = index.as<tirx::RampObj>();
  const auto* stride = ramp != nullptr ? ramp->stride.as<tirx::IntImmObj>() : nullptr;
  const auto* base_ty = ramp != nullptr ? ramp->base->ty.as<ir::PrimTypeObj>() : nullptr;
  if (stride == nullptr || stride->value <= 0 || base_ty == nullptr) return t.AsExprDoc(index, p);
  ir::PrimType ty(base_ty->dtype);
  int64_t extent = stride->value * ramp->lanes;
  ExprDoc start = t.AsExprDoc(ramp->base, p.Attr("base"));
  ExprDoc stop;
  if (const auto* base = ramp->base.as<tirx::IntImmObj>()) {
    stop = t.AsExprDoc(tirx::IntImm(ty, base->value + extent), p.Attr("base"));
  } else {
    stop = t.AsExprDoc(tirx::Add(ramp->base, tirx::IntImm(ty, extent)), p.Attr("base"));
  }
  std::optional<ExprDoc> step;
  if (stride->value != 1) step = t.AsExprDoc(ramp->stride, p.Attr("stride"));
  return SliceDoc(start, stop, step);
}

/*!
 * \brief `x: T.let[T.int32] = value`, as the reference prints every binding: a bare `x = value`
 *  would read back as an alias of a variable value, and a typed local as a mutable scalar.
 */
Doc BindDoc(const tirx::Bind& bind, const AccessPath& p, const DocTranslator& t) {
  ExprDoc value = t.AsExprDoc(bind->value, p.Attr("value"));
  t.Define(bind->var, bind->var->name);
  ExprDoc var = t.AsExprDoc(bind->var, p.Attr("var"));
  ExprDoc ty = t.AsExprDoc(bind->var->ty, p.Attr("var").Attr("ty"));
  return AssignDoc(var, value, TAttr(t, "let").Index({ty}));
}

/*! \brief A body with no statement: `pass`; 0.27 prints its no-op, `T.evaluate(0)`. */
StmtDoc EmptyBodyDoc(const DocTranslator& t) {
  if (t.config()->apache()) return ExprStmtDoc(TAttr(t, "evaluate").Call({LiteralDoc::Int(0)}));
  return ExprStmtDoc(IdDoc("pass"));
}

Doc IfDocOf(const tirx::IfThenElse& node, const AccessPath& p, const DocTranslator& t) {
  ExprDoc cond = t.AsExprDoc(node->condition, p.Attr("condition"));
  Array<StmtDoc> then_body = t.AsBody(node->then_case, p.Attr("then_case"));
  Array<StmtDoc> else_body;
  if (node->else_case.has_value()) {
    else_body = t.AsBody(*node->else_case, p.Attr("else_case"));
    // An empty else branch (`else: pass`, or only `T.evaluate(0)`) is still a branch.
    if (else_body.empty()) else_body.push_back(EmptyBodyDoc(t));
  }
  return IfDoc(cond, then_body, else_body);
}

/*!
 * \brief An allocation's `attrs={...}`, keys sorted, as the reference prints them: an int32
 *  constant as `T.int32(2)` (a bare `2` reads back as a plain int), other values as expressions.
 */
ExprDoc AllocAttrsDoc(const ffi::Map<String, Any>& attrs, const AccessPath& p,
                      const DocTranslator& t) {
  std::vector<String> sorted;
  for (const auto& [key, unused] : attrs) sorted.push_back(key);
  std::sort(sorted.begin(), sorted.end());
  Array<ExprDoc> keys;
  Array<ExprDoc> values;
  for (const String& key : sorted) {
    Any value = attrs.at(key);
    AccessPath at = p.Attr("attrs").MapItem(key);
    keys.push_back(t.AsExprDoc(key, at));
    const auto* imm = value.as<tirx::IntImmObj>();
    const auto* imm_ty = imm != nullptr ? imm->ty.as<ir::PrimTypeObj>() : nullptr;
    if (imm_ty != nullptr && imm_ty->dtype == ffi::DataType::Int(32)) {
      values.push_back(TAttr(t, "int32").Call({LiteralDoc::Int(imm->value)}));
    } else {
      values.push_back(t.AsExprDoc(value, at));
    }
  }
  return DictDoc(keys, values);
}

/*! \brief `T.evaluate(0)`, of any integer or bool zero: a no-op the reference leaves out. */
bool IsEvaluateZero(const tirx::Stmt& s) {
  const auto* eval = s.as<tirx::EvaluateObj>();
  return eval != nullptr && IsConstInt(eval->value, 0);
}

/*!
 * \brief Apache's `y: T.int32 = v`: a scalar's declaration (`y: T.int32`) and the store right
 *  after it (`y = v`) as one line, as 0.27 prints them; nullopt when `a` and `b` are not that.
 */
std::optional<StmtDoc> MergedScalarDefinition(const StmtDoc& a, const StmtDoc& b) {
  const auto* decl = a.as<AssignDocObj>();
  const auto* store = b.as<AssignDocObj>();
  if (decl == nullptr || store == nullptr || decl->rhs.has_value() ||
      !decl->annotation.has_value() || !store->rhs.has_value() || store->annotation.has_value()) {
    return std::nullopt;
  }
  const auto* name = decl->lhs.as<IdDocObj>();
  const auto* target = store->lhs.as<IdDocObj>();
  if (name == nullptr || target == nullptr || name->name != target->name) return std::nullopt;
  StmtDoc merged = AssignDoc(decl->lhs, store->rhs, decl->annotation);
  for (const AccessPath& path : decl->source_paths) merged = WithPath(merged, path);
  for (const AccessPath& path : store->source_paths) merged = WithPath(merged, path);
  return merged;
}

/*!
 * \brief The statements, without `T.evaluate(0)`; a body left empty prints `pass`. Each
 *  statement of a sequence of several is marked kInSequence (a launch prints as a `with` there).
 */
Doc SeqDoc(const tirx::SeqStmt& seq, const AccessPath& p, const DocTranslator& t) {
  int64_t count = std::count_if(seq->seq.begin(), seq->seq.end(),
                                [](const tirx::Stmt& s) { return !IsEvaluateZero(s); });
  std::vector<StmtDoc> stmts;
  int64_t i = 0;
  for (const tirx::Stmt& s : seq->seq) {
    AccessPath at = p.Attr("seq").ArrayItem(i++);
    if (IsEvaluateZero(s)) continue;
    if (count > 1) t.Mark(kInSequence, s);
    for (const StmtDoc& d : AsStmts(t, s, at)) {
      std::optional<StmtDoc> merged;
      if (t.config()->apache() && !stmts.empty()) merged = MergedScalarDefinition(stmts.back(), d);
      if (merged.has_value()) {
        stmts.back() = *merged;
      } else {
        stmts.push_back(d);
      }
    }
  }
  // 0.27 writes an empty body as its no-op; ours leaves it to the Python printer's `pass`.
  if (stmts.empty() && t.config()->apache()) stmts.push_back(EmptyBodyDoc(t));
  return StmtBlockDoc(Array<StmtDoc>(stmts.begin(), stmts.end()));
}

}  // namespace

Doc ScopeOrBareDoc(const tirx::Stmt& stmt, const std::optional<ExprDoc>& var, const ExprDoc& call,
                   const Array<StmtDoc>& body, const DocTranslator& t) {
  if (!t.config()->apache() || t.Marked(kInSequence, stmt)) return ScopeDoc(var, call, body);
  Array<StmtDoc> stmts;
  if (var.has_value()) {
    stmts.push_back(AssignDoc(*var, call, std::nullopt));
  } else {
    stmts.push_back(ExprStmtDoc(call));
  }
  for (const StmtDoc& s : body) stmts.push_back(s);
  return StmtBlockDoc(stmts);
}

namespace {

/*!
 * \brief `with T.attr(node, "key", value):`. Apache's spelling, as 0.27 prints: a node of 0 as
 *  `T.attr({"key": value})`, and the scope as a bare statement with the body after it when it is
 *  not one of several statements.
 */
Doc AttrDoc(const tirx::AttrStmt& a, const AccessPath& p, const DocTranslator& t) {
  if (std::optional<ExprDoc> hint = HintCallDoc(a, p, t)) {
    return ScopeOrBareDoc(a, std::nullopt, *hint, t.AsBody(a->body, p.Attr("body")), t);
  }
  bool apache = t.config()->apache();
  const auto* zero = a->node.as<tirx::IntImmObj>();
  bool dict_form = apache && zero != nullptr && zero->value == 0;
  std::optional<ExprDoc> node;
  if (!dict_form) node = t.AsExprDoc(a->node, p.Attr("node"));
  ExprDoc key = t.AsExprDoc(a->attr_key, p.Attr("attr_key"));
  ExprDoc value = t.AsExprDoc(a->value, p.Attr("value"));
  ExprDoc attr = dict_form ? TAttr(t, "attr").Call({DictDoc({key}, {value})})
                           : TAttr(t, "attr").Call({*node, key, value});
  Array<StmtDoc> body = t.AsBody(a->body, p.Attr("body"));
  return ScopeOrBareDoc(a, std::nullopt, attr, body, t);
}

void RegisterControlFlow() {
  RegisterDocTranslate<tirx::For>(ForLoopDoc);
  RegisterDocTranslate<tirx::IfThenElse>(IfDocOf);
  RegisterDocTranslate<tirx::SeqStmt>(SeqDoc);
  RegisterDocTranslate<tirx::While>([](tirx::While w, AccessPath p, DocTranslator t) -> Doc {
    ExprDoc cond = t.AsExprDoc(w->condition, p.Attr("condition"));
    return WhileDoc(cond, t.AsBody(w->body, p.Attr("body")));
  });
  // 0.27 prints its loop exits as calls: `T.break_loop()`, `T.continue_loop()`.
  RegisterDocTranslate<tirx::Break>([](tirx::Break, AccessPath, DocTranslator t) -> Doc {
    if (t.config()->apache()) return ExprStmtDoc(TAttr(t, "break_loop").Call({}));
    return BreakDoc::Make();
  });
  RegisterDocTranslate<tirx::Continue>([](tirx::Continue, AccessPath, DocTranslator t) -> Doc {
    if (t.config()->apache()) return ExprStmtDoc(TAttr(t, "continue_loop").Call({}));
    return ContinueDoc::Make();
  });
  RegisterDocTranslate<tirx::Return>([](tirx::Return r, AccessPath p, DocTranslator t) -> Doc {
    if (!r->value.has_value()) return ReturnDoc(std::nullopt);
    return ReturnDoc(t.AsExprDoc(*r->value, p.Attr("value")));
  });
  // `with T.launch_thread("threadIdx.x", 32) as tx:`, as the reference prints its region.
  RegisterDocTranslate<tirx::LaunchThread>(
      [](tirx::LaunchThread launch, AccessPath p, DocTranslator t) -> Doc {
        ExprDoc call = TAttr(t, "launch_thread")
                           .Call({t.AsExprDoc(launch->thread_tag, p.Attr("thread_tag")),
                                  t.AsExprDoc(launch->extent, p.Attr("extent"))});
        ScopeGuard scope(t);
        t.Define(launch->var, launch->var->name);
        ExprDoc var = t.AsExprDoc(launch->var, p.Attr("var"));
        Array<StmtDoc> body = t.AsBody(launch->body, p.Attr("body"));
        scope.Close();
        return ScopeOrBareDoc(launch, var, call, body, t);
      });
  RegisterDocTranslate<tirx::AttrStmt>(AttrDoc);
}

void RegisterSimpleStatements() {
  RegisterDocTranslate<tirx::Bind>(BindDoc);
  RegisterDocTranslate<tirx::TensorStore>(
      [](tirx::TensorStore s, AccessPath p, DocTranslator t) -> Doc {
        ExprDoc dest = t.AsExprDoc(s->dest, p.Attr("dest"));
        if (IsScalarStore(s->dest, s->indices, t)) {
          return AssignDoc(dest, t.AsExprDoc(s->value, p.Attr("value")), std::nullopt);
        }
        Array<Doc> indices;
        int64_t i = 0;
        for (const ir::Expr& index : s->indices) {
          indices.push_back(StoreIndexDoc(index, p.Attr("indices").ArrayItem(i++), t));
        }
        ExprDoc value = t.AsExprDoc(s->value, p.Attr("value"));
        return AssignDoc(dest.Index(indices), value, std::nullopt);
      });
  RegisterDocTranslate<tirx::Evaluate>([](tirx::Evaluate e, AccessPath p, DocTranslator t) -> Doc {
    ExprDoc value = t.AsExprDoc(e->value, p.Attr("value"));
    // A call reads as a statement by itself; other values need T.evaluate to be one.
    if (e->value.as<ir::CallObj>() != nullptr) return ExprStmtDoc(value);
    return ExprStmtDoc(TAttr(t, "evaluate").Call({value}));
  });
  RegisterDocTranslate<tirx::AllocTensor>(
      [](tirx::AllocTensor a, AccessPath p, DocTranslator t) -> Doc {
        std::optional<ExprDoc> attrs;
        ffi::Map<String, Any> rest = AttrsWithoutPlacement(a->attrs);
        if (t.config()->apache()) {
          if (!rest.empty()) attrs = t.AsExprDoc(rest, p.Attr("attrs"));
          return ApacheAllocDoc(a, p, attrs, t);
        }
        if (!rest.empty()) attrs = AllocAttrsDoc(rest, p, t);
        Array<ExprDoc> placement;
        if (std::optional<ExprDoc> doc = PlacementDoc(a->attrs, p, t)) placement.push_back(*doc);
        return TensorDefinitionDoc(a->var, p.Attr("var"), TAttr(t, "alloc_tensor"), placement,
                                   attrs, t);
      });
  RegisterDocTranslate<tirx::DeclTensor>([](tirx::DeclTensor d, AccessPath p,
                                            DocTranslator t) -> Doc {
    if (std::optional<Doc> view = ApacheViewDoc(d, p, t)) return *view;
    ExprDoc data = t.AsExprDoc(d->data, p.Attr("data"));
    if (t.config()->apache()) {
      ApacheBufferOptions options;
      options.data = data;
      const auto* ty = d->var->ty.as<ir::TensorTypeObj>();
      if (ty == nullptr) return TranslateByReflection(d, p, t);
      ExprDoc decl = ApacheBufferCall(TAttr(t, "decl_buffer"), {}, ffi::GetRef<ir::TensorType>(ty),
                                      p.Attr("var").Attr("ty"), options, t);
      t.Define(d->var, d->var->name);
      return AssignDoc(t.AsExprDoc(d->var, p.Attr("var")), decl, std::nullopt);
    }
    return TensorDefinitionDoc(d->var, p.Attr("var"), TAttr(t, "decl_tensor"), {data}, std::nullopt,
                               t);
  });
  RegisterDocTranslate<tirx::AssertStmt>(
      [](tirx::AssertStmt a, AccessPath p, DocTranslator t) -> Doc {
        // The reference's form: the error kind and the message's parts, always both.
        ExprDoc message = TupleDoc({t.AsExprDoc(a->error_kind, p.Attr("error_kind")),
                                    t.AsExprDoc(a->message_parts, p.Attr("message_parts"))});
        return AssertDoc(t.AsExprDoc(a->condition, p.Attr("condition")), message);
      });
}

TVM_FFI_STATIC_INIT_BLOCK() {
  RegisterControlFlow();
  RegisterSimpleStatements();
}

}  // namespace

Doc TensorDefinitionDoc(const ir::Var& var, const AccessPath& var_path, const ExprDoc& builder,
                        Array<ExprDoc> args, const std::optional<ExprDoc>& attrs,
                        const DocTranslator& t) {
  ExprDoc ty = t.AsExprDoc(var->ty, var_path.Attr("ty"));
  Array<String> keys = {"ty_args"};
  Array<ExprDoc> values = {ListDoc({ty})};
  if (attrs.has_value()) {
    keys.push_back("attrs");
    values.push_back(*attrs);
  }
  t.Define(var, var->name);
  ExprDoc lhs = t.AsExprDoc(var, var_path);
  return AssignDoc(lhs, builder.Call(args, keys, values), std::nullopt);
}

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
