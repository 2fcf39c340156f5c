/*!
 * \file stmt.cc
 * \brief TIRx statements: constructors (which check types) and reflection.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/stmt.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

template <typename TObj>
ffi::ObjectPtr<TObj> MakeStmtNode(Span span) {
  ffi::ObjectPtr<TObj> node = ffi::make_object<TObj>();
  node->span = std::move(span);
  return node;
}

/*! \brief The variable a tensor statement defines must be a tensor. */
void CheckTensorVar(const Var& var, const char* node) {
  CheckDefined(var, node, "var");
  if (!var->ty.as<ir::TensorTypeObj>()) {
    TVM_FFI_THROW(TypeError) << "`" << node << ".var` must have a TensorType, got `"
                             << var->ty->GetTypeKey() << "`";
  }
}

}  // namespace

const char* ForKindName(ForKind kind) {
  switch (kind) {
    case ForKind::kSerial:
      return "serial";
    case ForKind::kParallel:
      return "parallel";
    case ForKind::kVectorized:
      return "vectorized";
    case ForKind::kUnrolled:
      return "unrolled";
    case ForKind::kThreadBinding:
      return "thread_binding";
  }
  return "unknown";
}

TensorStore::TensorStore(Expr dest, ffi::Array<Expr> indices, Expr value, Span span) {
  ffi::DataType element = CheckTensorAccess(dest, indices, TensorStoreObj::_type_key);
  CheckStoredValue(value, element);
  ffi::ObjectPtr<TensorStoreObj> node = MakeStmtNode<TensorStoreObj>(std::move(span));
  node->dest = std::move(dest);
  node->indices = std::move(indices);
  node->value = std::move(value);
  data_ = std::move(node);
}

Bind::Bind(Var var, Expr value, Span span) {
  CheckDefined(var, BindObj::_type_key, "var");
  CheckDefined(value, BindObj::_type_key, "value");
  const auto* tvar = var->ty.as<ir::PrimTypeObj>();
  const auto* tvalue = value->ty.as<ir::PrimTypeObj>();
  if (tvar != nullptr && tvalue != nullptr && tvar->dtype != tvalue->dtype) {
    TVM_FFI_THROW(TypeError) << "`tirx.Bind` binds a `" << tvar->dtype.ToString()
                             << "` variable to a `" << tvalue->dtype.ToString() << "` value";
  }
  ffi::ObjectPtr<BindObj> node = MakeStmtNode<BindObj>(std::move(span));
  node->var = std::move(var);
  node->value = std::move(value);
  data_ = std::move(node);
}

For::For(Var var, Expr start, Expr end, Expr step, Stmt body, ForOptions options) {
  ffi::DataType tvar = IntegerDType(var, ForObj::_type_key, "var");
  const std::pair<const Expr*, const char*> bounds[] = {
      {&start, "start"}, {&end, "end"}, {&step, "step"}};
  for (const auto& [bound, name] : bounds) {
    ffi::DataType t = IntegerDType(*bound, ForObj::_type_key, name);
    if (t != tvar) {
      TVM_FFI_THROW(TypeError) << "`tirx.For." << name << "` is `" << t.ToString()
                               << "` but the loop variable is `" << tvar.ToString() << "`";
    }
  }
  CheckDefined(body, ForObj::_type_key, "body");
  if ((options.kind == ForKind::kThreadBinding) == options.thread_tag.empty()) {
    TVM_FFI_THROW(ValueError) << "`tirx.For.thread_tag` is required for a thread-binding loop "
                                 "and only allowed there";
  }
  ffi::ObjectPtr<ForObj> node = MakeStmtNode<ForObj>(std::move(options.span));
  node->var = std::move(var);
  node->start = std::move(start);
  node->end = std::move(end);
  node->step = std::move(step);
  node->kind = static_cast<int64_t>(options.kind);
  node->body = std::move(body);
  node->thread_tag = std::move(options.thread_tag);
  node->annotations = std::move(options.annotations);
  data_ = std::move(node);
}

While::While(Expr condition, Stmt body, Span span) {
  // Any scalar, as the reference keeps `while k:` of an int32 (nonzero is true).
  ScalarDType(condition, WhileObj::_type_key, "condition");
  CheckDefined(body, WhileObj::_type_key, "body");
  ffi::ObjectPtr<WhileObj> node = MakeStmtNode<WhileObj>(std::move(span));
  node->condition = std::move(condition);
  node->body = std::move(body);
  data_ = std::move(node);
}

IfThenElse::IfThenElse(Expr condition, Stmt then_case, ffi::Optional<Stmt> else_case, Span span) {
  ScalarDType(condition, IfThenElseObj::_type_key, "condition");  // as While's
  CheckDefined(then_case, IfThenElseObj::_type_key, "then_case");
  ffi::ObjectPtr<IfThenElseObj> node = MakeStmtNode<IfThenElseObj>(std::move(span));
  node->condition = std::move(condition);
  node->then_case = std::move(then_case);
  if (else_case.has_value() && else_case->defined()) node->else_case = std::move(else_case);
  data_ = std::move(node);
}

SeqStmt::SeqStmt(ffi::Array<Stmt> seq, Span span) {
  for (const Stmt& stmt : seq) CheckDefined(stmt, SeqStmtObj::_type_key, "seq");
  ffi::ObjectPtr<SeqStmtObj> node = MakeStmtNode<SeqStmtObj>(std::move(span));
  node->seq = std::move(seq);
  data_ = std::move(node);
}

Evaluate::Evaluate(Expr value, Span span) {
  CheckDefined(value, EvaluateObj::_type_key, "value");
  ffi::ObjectPtr<EvaluateObj> node = MakeStmtNode<EvaluateObj>(std::move(span));
  node->value = std::move(value);
  data_ = std::move(node);
}

AllocTensor::AllocTensor(Var var, Span span)
    : AllocTensor(std::move(var), ffi::Map<ffi::String, ffi::Any>(), std::move(span)) {}

AllocTensor::AllocTensor(Var var, ffi::Map<ffi::String, ffi::Any> attrs, Span span) {
  CheckTensorVar(var, AllocTensorObj::_type_key);
  ffi::ObjectPtr<AllocTensorObj> node = MakeStmtNode<AllocTensorObj>(std::move(span));
  node->var = std::move(var);
  node->attrs = std::move(attrs);
  data_ = std::move(node);
}

DeclTensor::DeclTensor(Var var, Expr data, Span span) {
  CheckTensorVar(var, DeclTensorObj::_type_key);
  CheckDefined(data, DeclTensorObj::_type_key, "data");
  ffi::ObjectPtr<DeclTensorObj> node = MakeStmtNode<DeclTensorObj>(std::move(span));
  node->var = std::move(var);
  node->data = std::move(data);
  data_ = std::move(node);
}

AssertStmt::AssertStmt(Expr condition, ffi::String error_kind,
                       ffi::Array<ffi::String> message_parts, Span span) {
  CheckBool(condition, AssertStmtObj::_type_key, "condition");
  ffi::ObjectPtr<AssertStmtObj> node = MakeStmtNode<AssertStmtObj>(std::move(span));
  node->condition = std::move(condition);
  node->error_kind = std::move(error_kind);
  node->message_parts = std::move(message_parts);
  data_ = std::move(node);
}

AttrStmt::AttrStmt(ffi::Any node_value, ffi::String attr_key, Expr value, Stmt body, Span span) {
  CheckDefined(value, AttrStmtObj::_type_key, "value");
  CheckDefined(body, AttrStmtObj::_type_key, "body");
  ffi::ObjectPtr<AttrStmtObj> node = MakeStmtNode<AttrStmtObj>(std::move(span));
  node->node = std::move(node_value);
  node->attr_key = std::move(attr_key);
  node->value = std::move(value);
  node->body = std::move(body);
  data_ = std::move(node);
}

Break::Break(Span span) : Stmt(MakeStmtNode<BreakObj>(std::move(span))) {}
Continue::Continue(Span span) : Stmt(MakeStmtNode<ContinueObj>(std::move(span))) {}

LaunchThread::LaunchThread(Var var, ffi::String thread_tag, Expr extent, Stmt body, Span span) {
  if (thread_tag.empty()) TVM_FFI_THROW(ValueError) << "A thread launch needs a thread tag";
  ffi::DataType dtype = extent.dtype();
  if ((!dtype.is_int() && !dtype.is_uint()) || dtype.lanes() != 1) {
    TVM_FFI_THROW(TypeError) << "The extent of thread `" << thread_tag
                             << "` must be a scalar integer, got `" << dtype.ToString() << "`";
  }
  if (var.dtype() != dtype) {
    TVM_FFI_THROW(TypeError) << "The index `" << var->name << "` of thread `" << thread_tag
                             << "` has type `" << var.dtype().ToString()
                             << "` but its extent has type `" << dtype.ToString() << "`";
  }
  ffi::ObjectPtr<LaunchThreadObj> node = MakeStmtNode<LaunchThreadObj>(std::move(span));
  node->var = std::move(var);
  node->thread_tag = std::move(thread_tag);
  node->extent = std::move(extent);
  node->body = std::move(body);
  data_ = std::move(node);
}

Return::Return(ffi::Optional<Expr> value, Span span) {
  ffi::ObjectPtr<ReturnObj> node = MakeStmtNode<ReturnObj>(std::move(span));
  if (value.has_value() && value->defined()) node->value = std::move(value);
  data_ = std::move(node);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  using refl::DefaultValue;
  using refl::DefRegionKind;
  refl::ObjectDef<StmtObj>().def_ro("span", &StmtObj::span, refl::StructuralIgnore(),
                                    DefaultValue(Span::Unknown()));
  refl::ObjectDef<TensorStoreObj>()
      .def_init(
          [](Expr dest, ffi::Array<Expr> indices, Expr value) {
            return TensorStore(std::move(dest), std::move(indices), std::move(value));
          },
          {"dest", "indices", "value"})
      .def_ro("dest", &TensorStoreObj::dest)
      .def_ro("indices", &TensorStoreObj::indices)
      .def_ro("value", &TensorStoreObj::value);
  refl::ObjectDef<BindObj>()
      .def_init([](Var var, Expr value) { return Bind(std::move(var), std::move(value)); },
                {"var", "value"})
      .def_ro("var", &BindObj::var, DefRegionKind::kSimple)
      .def_ro("value", &BindObj::value);
  refl::ObjectDef<ForObj>()
      .def_init(
          [](Var var, Expr start, Expr end, Expr step, Stmt body, int64_t kind,
             ffi::String thread_tag, ffi::Map<ffi::String, ffi::Any> annotations) {
            if (kind < 0 || kind > static_cast<int64_t>(ForKind::kThreadBinding)) {
              TVM_FFI_THROW(ValueError) << "Unknown loop kind " << kind;
            }
            return For(std::move(var), std::move(start), std::move(end), std::move(step),
                       std::move(body),
                       ForOptions{static_cast<ForKind>(kind), std::move(thread_tag),
                                  std::move(annotations), Span::Unknown()});
          },
          {"var", "start", "end", "step", "body", "kind", "thread_tag", "annotations"})
      .def_ro("var", &ForObj::var, DefRegionKind::kSimple)
      .def_ro("start", &ForObj::start)
      .def_ro("end", &ForObj::end)
      .def_ro("step", &ForObj::step)
      .def_ro("kind", &ForObj::kind,
              "0 serial, 1 parallel, 2 vectorized, 3 unrolled, 4 thread binding")
      .def_ro("body", &ForObj::body)
      .def_ro("thread_tag", &ForObj::thread_tag)
      .def_ro("annotations", &ForObj::annotations);
  refl::ObjectDef<WhileObj>()
      .def_init(
          [](Expr condition, Stmt body) { return While(std::move(condition), std::move(body)); },
          {"condition", "body"})
      .def_ro("condition", &WhileObj::condition)
      .def_ro("body", &WhileObj::body);
  refl::ObjectDef<IfThenElseObj>()
      .def_init(
          [](Expr condition, Stmt then_case, ffi::Optional<Stmt> else_case) {
            return IfThenElse(std::move(condition), std::move(then_case), std::move(else_case));
          },
          {"condition", "then_case", "else_case"})
      .def_ro("condition", &IfThenElseObj::condition)
      .def_ro("then_case", &IfThenElseObj::then_case)
      .def_ro("else_case", &IfThenElseObj::else_case);
  refl::ObjectDef<SeqStmtObj>()
      .def_init([](ffi::Array<Stmt> seq) { return SeqStmt(std::move(seq)); }, {"seq"})
      .def_ro("seq", &SeqStmtObj::seq);
  refl::ObjectDef<EvaluateObj>()
      .def_init([](Expr value) { return Evaluate(std::move(value)); }, {"value"})
      .def_ro("value", &EvaluateObj::value);
  refl::ObjectDef<AllocTensorObj>()
      .def_init(
          [](Var var, ffi::Map<ffi::String, ffi::Any> attrs) {
            return AllocTensor(std::move(var), std::move(attrs));
          },
          {"var", "attrs"})
      .def_ro("var", &AllocTensorObj::var, DefRegionKind::kSimple)
      .def_ro("attrs", &AllocTensorObj::attrs);
  refl::ObjectDef<DeclTensorObj>()
      .def_init([](Var var, Expr data) { return DeclTensor(std::move(var), std::move(data)); },
                {"var", "data"})
      .def_ro("var", &DeclTensorObj::var, DefRegionKind::kSimple)
      .def_ro("data", &DeclTensorObj::data);
  refl::ObjectDef<AssertStmtObj>()
      .def_init(
          [](Expr condition, ffi::String error_kind, ffi::Array<ffi::String> message_parts) {
            return AssertStmt(std::move(condition), std::move(error_kind),
                              std::move(message_parts));
          },
          {"condition", "error_kind", "message_parts"})
      .def_ro("condition", &AssertStmtObj::condition)
      .def_ro("error_kind", &AssertStmtObj::error_kind)
      .def_ro("message_parts", &AssertStmtObj::message_parts);
  refl::ObjectDef<AttrStmtObj>()
      .def_init(
          [](ffi::Any node, ffi::String attr_key, Expr value, Stmt body) {
            return AttrStmt(std::move(node), std::move(attr_key), std::move(value),
                            std::move(body));
          },
          {"node", "attr_key", "value", "body"})
      .def_ro("node", &AttrStmtObj::node)
      .def_ro("attr_key", &AttrStmtObj::attr_key)
      .def_ro("value", &AttrStmtObj::value)
      .def_ro("body", &AttrStmtObj::body);
  refl::ObjectDef<LaunchThreadObj>()
      .def_init(
          [](Var var, ffi::String thread_tag, Expr extent, Stmt body) {
            return LaunchThread(std::move(var), std::move(thread_tag), std::move(extent),
                                std::move(body));
          },
          {"var", "thread_tag", "extent", "body"})
      .def_ro("var", &LaunchThreadObj::var, DefRegionKind::kSimple)
      .def_ro("thread_tag", &LaunchThreadObj::thread_tag)
      .def_ro("extent", &LaunchThreadObj::extent)
      .def_ro("body", &LaunchThreadObj::body);
  refl::ObjectDef<BreakObj>().def_init([]() { return Break(Span::Unknown()); }, {});
  refl::ObjectDef<ContinueObj>().def_init([]() { return Continue(Span::Unknown()); }, {});
  refl::ObjectDef<ReturnObj>()
      .def_init([](ffi::Optional<Expr> value) { return Return(std::move(value)); }, {"value"})
      .def_ro("value", &ReturnObj::value);
}

}  // namespace tirx
}  // namespace tvm
