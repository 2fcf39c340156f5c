/*!
 * \file doc.cc
 * \brief Doc constructors, the copy-before-change rule for source paths, and Doc reflection.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/script/printer/stmt_doc.h>

#include "python_printer_internal.h"

namespace tvm {
namespace script {
namespace printer {

namespace refl = ffi::reflection;
using ffi::Array;
using ffi::Optional;
using ffi::String;

ExprDoc ExprDoc::Attr(String name) const { return AttrAccessDoc(*this, std::move(name)); }

ExprDoc ExprDoc::Index(Array<Doc> indices) const { return IndexDoc(*this, std::move(indices)); }

ExprDoc ExprDoc::Call(Array<ExprDoc> args, Array<String> kwargs_keys,
                      Array<ExprDoc> kwargs_values) const {
  return CallDoc(*this, std::move(args), std::move(kwargs_keys), std::move(kwargs_values));
}

LiteralDoc::LiteralDoc(ffi::Any value) {
  auto node = ffi::make_object<LiteralDocObj>();
  node->value = std::move(value);
  data_ = std::move(node);
}

IdDoc::IdDoc(String name) {
  auto node = ffi::make_object<IdDocObj>();
  node->name = std::move(name);
  data_ = std::move(node);
}

AttrAccessDoc::AttrAccessDoc(ExprDoc value, String name) {
  auto node = ffi::make_object<AttrAccessDocObj>();
  node->value = std::move(value);
  node->name = std::move(name);
  data_ = std::move(node);
}

IndexDoc::IndexDoc(ExprDoc value, Array<Doc> indices) {
  auto node = ffi::make_object<IndexDocObj>();
  node->value = std::move(value);
  node->indices = std::move(indices);
  data_ = std::move(node);
}

CallDoc::CallDoc(ExprDoc callee, Array<ExprDoc> args, Array<String> kwargs_keys,
                 Array<ExprDoc> kwargs_values) {
  if (kwargs_keys.size() != kwargs_values.size()) {
    TVM_FFI_THROW(ValueError) << "CallDoc: " << kwargs_keys.size() << " keyword names for "
                              << kwargs_values.size() << " keyword values";
  }
  auto node = ffi::make_object<CallDocObj>();
  node->callee = std::move(callee);
  node->args = std::move(args);
  node->kwargs_keys = std::move(kwargs_keys);
  node->kwargs_values = std::move(kwargs_values);
  data_ = std::move(node);
}

OperationDoc::OperationDoc(OperationKind kind, Array<ExprDoc> operands) {
  size_t expected = kind < OperationKind::kUnaryEnd      ? 1
                    : kind < OperationKind::kBinaryEnd   ? 2
                    : kind == OperationKind::kIfThenElse ? 3
                                                         : 0;
  if (expected == 0 || kind == OperationKind::kUnaryEnd || operands.size() != expected) {
    TVM_FFI_THROW(ValueError) << "OperationDoc of kind " << static_cast<int64_t>(kind)
                              << " cannot take " << operands.size() << " operands";
  }
  auto node = ffi::make_object<OperationDocObj>();
  node->kind = static_cast<int64_t>(kind);
  node->operands = std::move(operands);
  data_ = std::move(node);
}

LambdaDoc::LambdaDoc(Array<IdDoc> args, ExprDoc body) {
  auto node = ffi::make_object<LambdaDocObj>();
  node->args = std::move(args);
  node->body = std::move(body);
  data_ = std::move(node);
}

TupleDoc::TupleDoc(Array<ExprDoc> elements) {
  auto node = ffi::make_object<TupleDocObj>();
  node->elements = std::move(elements);
  data_ = std::move(node);
}

ListDoc::ListDoc(Array<ExprDoc> elements) {
  auto node = ffi::make_object<ListDocObj>();
  node->elements = std::move(elements);
  data_ = std::move(node);
}

DictDoc::DictDoc(Array<ExprDoc> keys, Array<ExprDoc> values) {
  if (keys.size() != values.size()) {
    TVM_FFI_THROW(ValueError) << "DictDoc: " << keys.size() << " keys for " << values.size()
                              << " values";
  }
  auto node = ffi::make_object<DictDocObj>();
  node->keys = std::move(keys);
  node->values = std::move(values);
  data_ = std::move(node);
}

SliceDoc::SliceDoc(Optional<ExprDoc> start, Optional<ExprDoc> stop, Optional<ExprDoc> step) {
  auto node = ffi::make_object<SliceDocObj>();
  node->start = std::move(start);
  node->stop = std::move(stop);
  node->step = std::move(step);
  data_ = std::move(node);
}

namespace details {

namespace {
/*! \brief The object behind `doc`, copied first when someone else also holds it. */
DocObj* MutableDoc(Doc* doc) {
  if (!doc->unique()) {
    const refl::TypeInfo* info = refl::GetTypeInfo((*doc)->type_index());
    TVM_FFI_ICHECK(info != nullptr && info->cloner != nullptr)
        << "Doc type " << (*doc)->GetTypeKey() << " cannot be copied";
    *doc = info->cloner(doc->get()).cast<Doc>();
  }
  return static_cast<DocObj*>(ffi::details::ObjectUnsafe::RawPtr(*doc));
}
}  // namespace

Doc WithSourcePath(Doc doc, const AccessPath& path) {
  for (const AccessPath& existing : doc->source_paths) {
    if (existing.PathEqual(path)) return doc;
  }
  MutableDoc(&doc)->source_paths.push_back(path);
  return doc;
}

StmtDoc WithComment(StmtDoc stmt, String comment) {
  Doc doc = stmt;
  stmt = StmtDoc();  // drop our second reference so an unshared Doc changes in place
  static_cast<StmtDocObj*>(MutableDoc(&doc))->comment = std::move(comment);
  return doc.cast<StmtDoc>();
}

namespace {
void CheckSourceComment(const String& comment) {
  const std::string& text = comment.str();
  if (text.empty() || text[0] != '#' || text.find_first_of("\r\n") != std::string::npos) {
    TVM_FFI_THROW(ValueError) << "a source comment starts with `#` and holds no line break: "
                              << PyStringLiteral(text);
  }
}
}  // namespace

StmtDoc WithSourceComments(StmtDoc stmt, const Array<String>& leading,
                           const Optional<String>& trailing) {
  for (const String& line : leading) CheckSourceComment(line);
  if (trailing.has_value()) CheckSourceComment(*trailing);
  if (trailing.has_value() && stmt->trailing_comment.has_value()) {
    TVM_FFI_THROW(ValueError) << "a statement holds one trailing comment";
  }
  Doc doc = stmt;
  stmt = StmtDoc();  // drop our second reference so an unshared Doc changes in place
  auto* node = static_cast<StmtDocObj*>(MutableDoc(&doc));
  for (const String& line : leading) node->leading_comments.push_back(line);
  if (trailing.has_value()) node->trailing_comment = trailing;
  return doc.cast<StmtDoc>();
}

}  // namespace details

namespace {

/*! \brief Fields every Doc has; optional ones get defaults for keyword construction. */
refl::DefaultValue NoPaths() { return refl::DefaultValue(Array<AccessPath>()); }
refl::DefaultValue NoValue() { return refl::DefaultValue(ffi::Any()); }
refl::DefaultValue NoDocs() { return refl::DefaultValue(Array<ffi::Any>()); }

void RegisterExprDocs() {
  refl::ObjectDef<DocObj>().def_ro("source_paths", &DocObj::source_paths, NoPaths());
  refl::ObjectDef<ExprDocObj>();
  refl::ObjectDef<StmtDocObj>()
      .def_ro("comment", &StmtDocObj::comment, NoValue())
      .def_ro("leading_comments", &StmtDocObj::leading_comments, NoDocs())
      .def_ro("trailing_comment", &StmtDocObj::trailing_comment, NoValue());
  refl::ObjectDef<LiteralDocObj>().def_ro("value", &LiteralDocObj::value, NoValue());
  refl::ObjectDef<IdDocObj>().def_ro("name", &IdDocObj::name);
  refl::ObjectDef<AttrAccessDocObj>()
      .def_ro("value", &AttrAccessDocObj::value)
      .def_ro("name", &AttrAccessDocObj::name);
  refl::ObjectDef<IndexDocObj>()
      .def_ro("value", &IndexDocObj::value)
      .def_ro("indices", &IndexDocObj::indices);
  refl::ObjectDef<CallDocObj>()
      .def_ro("callee", &CallDocObj::callee)
      .def_ro("args", &CallDocObj::args, NoDocs())
      .def_ro("kwargs_keys", &CallDocObj::kwargs_keys, NoDocs())
      .def_ro("kwargs_values", &CallDocObj::kwargs_values, NoDocs());
  refl::ObjectDef<OperationDocObj>()
      .def_ro("kind", &OperationDocObj::kind, "an OperationKind value")
      .def_ro("operands", &OperationDocObj::operands);
  refl::ObjectDef<LambdaDocObj>()
      .def_ro("args", &LambdaDocObj::args)
      .def_ro("body", &LambdaDocObj::body);
  refl::ObjectDef<TupleDocObj>().def_ro("elements", &TupleDocObj::elements, NoDocs());
  refl::ObjectDef<ListDocObj>().def_ro("elements", &ListDocObj::elements, NoDocs());
  refl::ObjectDef<DictDocObj>()
      .def_ro("keys", &DictDocObj::keys, NoDocs())
      .def_ro("values", &DictDocObj::values, NoDocs());
  refl::ObjectDef<SliceDocObj>()
      .def_ro("start", &SliceDocObj::start, NoValue())
      .def_ro("stop", &SliceDocObj::stop, NoValue())
      .def_ro("step", &SliceDocObj::step, NoValue());
}

void RegisterStmtDocs() {
  refl::ObjectDef<StmtBlockDocObj>().def_ro("stmts", &StmtBlockDocObj::stmts, NoDocs());
  refl::ObjectDef<AssignDocObj>()
      .def_ro("lhs", &AssignDocObj::lhs)
      .def_ro("rhs", &AssignDocObj::rhs, NoValue())
      .def_ro("annotation", &AssignDocObj::annotation, NoValue());
  refl::ObjectDef<IfDocObj>()
      .def_ro("predicate", &IfDocObj::predicate)
      .def_ro("then_branch", &IfDocObj::then_branch, NoDocs())
      .def_ro("else_branch", &IfDocObj::else_branch, NoDocs());
  refl::ObjectDef<WhileDocObj>()
      .def_ro("predicate", &WhileDocObj::predicate)
      .def_ro("body", &WhileDocObj::body, NoDocs());
  refl::ObjectDef<ForDocObj>()
      .def_ro("lhs", &ForDocObj::lhs)
      .def_ro("rhs", &ForDocObj::rhs)
      .def_ro("body", &ForDocObj::body, NoDocs());
  refl::ObjectDef<ScopeDocObj>()
      .def_ro("lhs", &ScopeDocObj::lhs, NoValue())
      .def_ro("rhs", &ScopeDocObj::rhs)
      .def_ro("body", &ScopeDocObj::body, NoDocs());
  refl::ObjectDef<ExprStmtDocObj>().def_ro("expr", &ExprStmtDocObj::expr);
  refl::ObjectDef<AssertDocObj>()
      .def_ro("test", &AssertDocObj::test)
      .def_ro("msg", &AssertDocObj::msg, NoValue());
  refl::ObjectDef<ReturnDocObj>().def_ro("value", &ReturnDocObj::value, NoValue());
  refl::ObjectDef<BreakDocObj>();
  refl::ObjectDef<ContinueDocObj>();
  refl::ObjectDef<FunctionDocObj>()
      .def_ro("name", &FunctionDocObj::name)
      .def_ro("type_params", &FunctionDocObj::type_params, NoDocs())
      .def_ro("args", &FunctionDocObj::args, NoDocs())
      .def_ro("decorators", &FunctionDocObj::decorators, NoDocs())
      .def_ro("return_type", &FunctionDocObj::return_type, NoValue())
      .def_ro("body", &FunctionDocObj::body, NoDocs());
  refl::ObjectDef<ClassDocObj>()
      .def_ro("name", &ClassDocObj::name)
      .def_ro("decorators", &ClassDocObj::decorators, NoDocs())
      .def_ro("body", &ClassDocObj::body, NoDocs());
  refl::ObjectDef<CommentDocObj>();
  refl::ObjectDef<DocStringDocObj>();
}

TVM_FFI_STATIC_INIT_BLOCK() {
  RegisterExprDocs();
  RegisterStmtDocs();
}

}  // namespace

}  // namespace printer
}  // namespace script
}  // namespace tvm
