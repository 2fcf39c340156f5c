/*!
 * \file stmt_doc.cc
 * \brief Constructors of the statement Docs (their reflection is registered in doc.cc).
 */
#include <tvm/script/printer/stmt_doc.h>

namespace tvm {
namespace script {
namespace printer {

using ffi::Array;
using ffi::Optional;
using ffi::String;

StmtBlockDoc::StmtBlockDoc(Array<StmtDoc> stmts) {
  auto node = ffi::make_object<StmtBlockDocObj>();
  node->stmts = std::move(stmts);
  data_ = std::move(node);
}

AssignDoc::AssignDoc(ExprDoc lhs, Optional<ExprDoc> rhs, Optional<ExprDoc> annotation) {
  auto node = ffi::make_object<AssignDocObj>();
  node->lhs = std::move(lhs);
  node->rhs = std::move(rhs);
  node->annotation = std::move(annotation);
  data_ = std::move(node);
}

IfDoc::IfDoc(ExprDoc predicate, Array<StmtDoc> then_branch, Array<StmtDoc> else_branch) {
  auto node = ffi::make_object<IfDocObj>();
  node->predicate = std::move(predicate);
  node->then_branch = std::move(then_branch);
  node->else_branch = std::move(else_branch);
  data_ = std::move(node);
}

WhileDoc::WhileDoc(ExprDoc predicate, Array<StmtDoc> body) {
  auto node = ffi::make_object<WhileDocObj>();
  node->predicate = std::move(predicate);
  node->body = std::move(body);
  data_ = std::move(node);
}

ForDoc::ForDoc(ExprDoc lhs, ExprDoc rhs, Array<StmtDoc> body) {
  auto node = ffi::make_object<ForDocObj>();
  node->lhs = std::move(lhs);
  node->rhs = std::move(rhs);
  node->body = std::move(body);
  data_ = std::move(node);
}

ScopeDoc::ScopeDoc(Optional<ExprDoc> lhs, ExprDoc rhs, Array<StmtDoc> body) {
  auto node = ffi::make_object<ScopeDocObj>();
  node->lhs = std::move(lhs);
  node->rhs = std::move(rhs);
  node->body = std::move(body);
  data_ = std::move(node);
}

ExprStmtDoc::ExprStmtDoc(ExprDoc expr) {
  auto node = ffi::make_object<ExprStmtDocObj>();
  node->expr = std::move(expr);
  data_ = std::move(node);
}

AssertDoc::AssertDoc(ExprDoc test, Optional<ExprDoc> msg) {
  auto node = ffi::make_object<AssertDocObj>();
  node->test = std::move(test);
  node->msg = std::move(msg);
  data_ = std::move(node);
}

ReturnDoc::ReturnDoc(Optional<ExprDoc> value) {
  auto node = ffi::make_object<ReturnDocObj>();
  node->value = std::move(value);
  data_ = std::move(node);
}

BreakDoc BreakDoc::Make() { return BreakDoc(ffi::make_object<BreakDocObj>()); }

ContinueDoc ContinueDoc::Make() { return ContinueDoc(ffi::make_object<ContinueDocObj>()); }

FunctionDoc::FunctionDoc(IdDoc name, Signature signature, Array<StmtDoc> body) {
  auto node = ffi::make_object<FunctionDocObj>();
  node->name = std::move(name);
  node->type_params = std::move(signature.type_params);
  node->args = std::move(signature.args);
  node->decorators = std::move(signature.decorators);
  node->return_type = std::move(signature.return_type);
  node->body = std::move(body);
  data_ = std::move(node);
}

ClassDoc::ClassDoc(IdDoc name, Array<ExprDoc> decorators, Array<StmtDoc> body) {
  auto node = ffi::make_object<ClassDocObj>();
  node->name = std::move(name);
  node->decorators = std::move(decorators);
  node->body = std::move(body);
  data_ = std::move(node);
}

CommentDoc::CommentDoc(String comment) {
  auto node = ffi::make_object<CommentDocObj>();
  node->comment = std::move(comment);
  data_ = std::move(node);
}

DocStringDoc::DocStringDoc(String docs) {
  auto node = ffi::make_object<DocStringDocObj>();
  node->comment = std::move(docs);
  data_ = std::move(node);
}

}  // namespace printer
}  // namespace script
}  // namespace tvm
