/*!
 * \file frames.cc
 * \brief TIRx builder frames: what each one builds when it exits, and where that goes.
 */
#include <tvm/tirx/builder.h>
#include <tvm/tirx/op.h>

#include <utility>

namespace tvm {
namespace tirx {
namespace builder {
namespace {

/*! \brief Installs TObj::Finalize as the frame's exit hook. */
template <typename TObj>
void SetExitHook(TObj* node) {
  node->on_exit = [](IRBuilderFrameObj* self) { static_cast<TObj*>(self)->Finalize(); };
}

ffi::DataType IntegerDType(const Expr& e, const char* what) {
  ffi::DataType dtype = e.dtype();
  if ((!dtype.is_int() && !dtype.is_uint()) || dtype.lanes() != 1) {
    TVM_FFI_THROW(TypeError) << "A loop " << what << " must be a scalar integer, got `"
                             << dtype.ToString() << "`";
  }
  return dtype;
}

/*! \brief The loop variable type for bounds: the widest integer type among the expressions. */
ffi::DataType LoopDType(const std::vector<const ffi::Any*>& bounds) {
  ffi::DataType widest = ffi::DataType::Int(32);
  bool seen = false;
  for (const ffi::Any* bound : bounds) {
    auto expr = bound->try_cast<Expr>();
    if (!expr.has_value() || !expr->defined()) continue;
    ffi::DataType dtype = IntegerDType(*expr, "bound");
    if (!seen || dtype.bits() > widest.bits()) widest = dtype;
    seen = true;
  }
  return widest;
}

Expr LoopBound(const ffi::Any& value, const PrimType& ty, const char* what) {
  if (auto expr = value.try_cast<Expr>(); expr.has_value() && expr->defined()) {
    ffi::DataType dtype = IntegerDType(*expr, what);
    if (dtype == ty.dtype()) return *expr;
    if (dtype.code() == ty.dtype().code()) return Cast(ty, *expr);
    TVM_FFI_THROW(TypeError) << "Loop bounds mix `" << dtype.ToString() << "` and `"
                             << ty.dtype().ToString() << "`: convert one with an explicit cast";
  }
  if (value.type_index() == ffi::TypeIndex::kFloat) {
    TVM_FFI_THROW(TypeError) << "A loop " << what << " must be an integer, got a float";
  }
  return ConvertTo(value, ty, std::string("the loop ") + what);
}

/*!
 * \brief An `T.env_thread` variable's extent of another integer width, which Apache TVM keeps
 *  (`T.launch_thread(tx, T.int64(32))` of an int32 `tx`): a constant in the variable's type, any
 *  other expression cast to it, so the launch has one type. Anything else is returned as is.
 */
ffi::Any AdoptIntegerWidth(const ffi::Any& extent, const PrimType& ty) {
  auto expr = extent.try_cast<Expr>();
  if (!expr.has_value() || !expr->defined()) return extent;
  ffi::DataType dtype = expr->dtype();
  if (dtype == ty.dtype() || dtype.code() != ty.dtype().code() || dtype.lanes() != 1) {
    return extent;
  }
  if (const auto* constant = expr->as<IntImmObj>()) return MakeConst(ty, constant->value);
  return Expr(Cast(ty, *expr));
}

}  // namespace

bool FunctionFrameObj::IsSTir() const {
  auto ns = attrs.Get("script.namespace");
  auto text = ns.has_value() ? ns->try_cast<ffi::String>() : std::nullopt;
  return text.has_value() && *text == "s_tir";
}

Stmt AsBody(const ffi::Array<Stmt>& stmts, const Span& span) {
  if (stmts.size() == 1) return stmts[0];
  return SeqStmt(stmts, span);
}

void FunctionFrameObj::Finalize() {
  IRBuilder builder = IRBuilder::Current();
  ffi::Map<ffi::String, ffi::Any> all_attrs = attrs;
  if (!is_private && name.has_value() && !all_attrs.count("global_symbol")) {
    all_attrs.Set("global_symbol", *name);
  }
  Stmt body = AsBody(stmts, span);
  if (IsSTir() && !is_declaration) body = WithRootBlock(std::move(body), root_alloc_buffers);
  Function function(params, std::move(body),
                    FunctionOptions{ret_type, std::move(all_attrs), is_private, span});
  if (auto module = builder.FindFrame<ir::builder::ModuleFrame>()) {
    if (!name.has_value()) TVM_FFI_THROW(ValueError) << "A module function needs a name";
    if (is_declaration) {
      module->DeclareFunction(*name, function.SignatureType());
    } else {
      module->DefineFunction(*name, function);
    }
    return;
  }
  if (!builder->frames.empty()) {
    TVM_FFI_THROW(ValueError) << "A function can only be defined at the outermost level or in "
                                 "an IR module";
  }
  builder.SetResult(function);
}

FunctionFrame FunctionFrame::Create(bool is_private, bool is_declaration, Span span) {
  auto node = ffi::make_object<FunctionFrameObj>();
  SetExitHook(node.get());
  node->is_private = is_private;
  node->is_declaration = is_declaration;
  node->span = std::move(span);
  return FunctionFrame(std::move(node));
}

void ForFrameObj::Finalize() {
  Stmt body = AsBody(stmts, span);
  for (size_t i = vars.size(); i-- > 0;) {
    body = For(vars[i], starts[i], ends[i], steps[i], body,
               ForOptions{static_cast<ForKind>(kind), thread_tag, annotations, span});
  }
  AddToFrame(body);
}

ForFrame ForFrame::Create(ffi::Array<ffi::String> names, ffi::Array<Span> name_spans,
                          ffi::Array<ffi::Any> starts, ffi::Array<ffi::Any> ends,
                          ffi::Array<ffi::Any> steps, ForKind kind, ffi::String thread_tag,
                          ffi::Map<ffi::String, ffi::Any> annotations, Span span) {
  if (names.size() != starts.size() || names.size() != ends.size() ||
      names.size() != steps.size()) {
    TVM_FFI_THROW(ValueError) << "A loop has " << names.size() << " variable name(s) for "
                              << ends.size() << " loop(s)";
  }
  if (names.empty()) TVM_FFI_THROW(ValueError) << "A loop needs at least one extent";
  auto node = ffi::make_object<ForFrameObj>();
  SetExitHook(node.get());
  for (size_t i = 0; i < names.size(); ++i) {
    ffi::Any start = starts[i], end = ends[i], step = steps[i];
    PrimType ty(LoopDType({&start, &end, &step}));
    Var var(names[i], ty, i < name_spans.size() ? name_spans[i] : span);
    node->vars.push_back(var);
    node->bound_names.Set(names[i], var);
    node->starts.push_back(LoopBound(start, ty, "start"));
    node->ends.push_back(LoopBound(end, ty, "end"));
    node->steps.push_back(LoopBound(step, ty, "step"));
    if (const auto* step = node->steps.back().as<IntImmObj>(); step && step->value == 0) {
      TVM_FFI_THROW(ValueError) << "A loop step must not be zero";
    }
  }
  node->kind = static_cast<int64_t>(kind);
  node->thread_tag = std::move(thread_tag);
  node->annotations = std::move(annotations);
  node->span = std::move(span);
  return ForFrame(std::move(node));
}

void WhileFrameObj::Finalize() { AddToFrame(While(condition, AsBody(stmts, span), span)); }

WhileFrame WhileFrame::Create(Expr condition, Span span) {
  auto node = ffi::make_object<WhileFrameObj>();
  SetExitHook(node.get());
  node->condition = std::move(condition);
  node->span = std::move(span);
  return WhileFrame(std::move(node));
}

void IfFrameObj::Finalize() {
  if (!stmts.empty()) {
    TVM_FFI_THROW(ValueError) << "Statements of an `if` must be inside its then or else branch";
  }
  if (!then_case.has_value()) TVM_FFI_THROW(ValueError) << "An `if` has no then branch";
  AddToFrame(IfThenElse(condition, *then_case, else_case, span));
}

IfFrame IfFrame::Create(Expr condition, Span span) {
  auto node = ffi::make_object<IfFrameObj>();
  SetExitHook(node.get());
  node->condition = std::move(condition);
  node->span = std::move(span);
  return IfFrame(std::move(node));
}

void BranchFrameObj::CheckParent() {
  auto parent = IRBuilder::Current().GetLastFrame<IfFrame>();
  const char* which = is_else ? "else" : "then";
  if (!parent.has_value()) {
    TVM_FFI_THROW(ValueError) << "A " << which << " branch must be directly inside an `if`";
  }
  const auto& slot = is_else ? (*parent)->else_case : (*parent)->then_case;
  if (slot.has_value()) TVM_FFI_THROW(ValueError) << "An `if` has two " << which << " branches";
  if (is_else && !(*parent)->then_case.has_value()) {
    TVM_FFI_THROW(ValueError) << "An else branch must follow the then branch";
  }
}

void BranchFrameObj::Finalize() {
  IfFrame parent = IRBuilder::Current().GetLastFrame<IfFrame>().value();
  Stmt body = AsBody(stmts, span);
  if (is_else) {
    parent.mutable_get()->else_case = body;
  } else {
    parent.mutable_get()->then_case = body;
  }
}

BranchFrame BranchFrame::Create(bool is_else, Span span) {
  auto node = ffi::make_object<BranchFrameObj>();
  SetExitHook(node.get());
  node->on_enter = [](IRBuilderFrameObj* self) {
    static_cast<BranchFrameObj*>(self)->CheckParent();
  };
  node->is_else = is_else;
  node->span = std::move(span);
  return BranchFrame(std::move(node));
}

void AttrFrameObj::Finalize() {
  AddToFrame(AttrStmt(node, attr_key, value, AsBody(stmts, span), span));
}

AttrFrame AttrFrame::Create(ffi::Any node, ffi::String attr_key, Expr value, Span span) {
  auto frame = ffi::make_object<AttrFrameObj>();
  SetExitHook(frame.get());
  frame->node = std::move(node);
  frame->attr_key = std::move(attr_key);
  frame->value = std::move(value);
  frame->span = std::move(span);
  return AttrFrame(std::move(frame));
}

void LaunchThreadFrameObj::Finalize() {
  AddToFrame(LaunchThread(var, thread_tag, extent, AsBody(stmts, span), span));
}

LaunchThreadFrame LaunchThreadFrame::Create(ffi::String thread_tag, ffi::Any extent,
                                            ffi::String name, ffi::Optional<Var> var, Span span,
                                            Span name_span) {
  auto frame = ffi::make_object<LaunchThreadFrameObj>();
  SetExitHook(frame.get());
  std::string what = "The extent of thread `" + std::string(thread_tag) + "`";
  if (var.has_value()) extent = AdoptIntegerWidth(extent, PrimType(var->dtype()));
  Expr extent_expr = var.has_value() ? ConvertTo(extent, PrimType(var->dtype()), what)
                                     : LiteralOrExpr(extent, what);
  if (!var.has_value()) var = Var(name, PrimType(extent_expr.dtype()), name_span);
  frame->var = *var;
  frame->thread_tag = std::move(thread_tag);
  frame->extent = std::move(extent_expr);
  frame->span = std::move(span);
  // Checks the types now, so the error points at the launch rather than its scope's end.
  LaunchThread(frame->var, frame->thread_tag, frame->extent, SeqStmt({}, frame->span));
  return LaunchThreadFrame(std::move(frame));
}

void AddToFrame(Stmt stmt) {
  auto frame = IRBuilder::Current().GetLastFrame<TIRFrame>();
  if (!frame.has_value()) {
    TVM_FFI_THROW(ValueError) << "A statement (`" << stmt->GetTypeKey()
                              << "`) must be inside a function body";
  }
  if (frame->as<IfFrameObj>() != nullptr) {
    TVM_FFI_THROW(ValueError) << "Statements of an `if` must be inside its then or else branch";
  }
  frame->mutable_get()->stmts.push_back(std::move(stmt));
}

FunctionFrame RequireFunctionFrame(const char* what) {
  auto frame = IRBuilder::Current().FindFrame<FunctionFrame>();
  if (!frame.has_value()) TVM_FFI_THROW(ValueError) << what << " is only valid in a function";
  return *frame;
}

}  // namespace builder
}  // namespace tirx
}  // namespace tvm
