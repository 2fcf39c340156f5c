/*!
 * \file tvm/script/printer/stmt_doc.h
 * \brief Statement Docs: assignment, control flow, functions, classes, comments.
 *
 * Bodies are arrays of statements; the printer indents them and prints `pass` for an empty one.
 */
#ifndef TVM_SCRIPT_PRINTER_STMT_DOC_H_
#define TVM_SCRIPT_PRINTER_STMT_DOC_H_

#include <tvm/script/printer/doc.h>

namespace tvm {
namespace script {
namespace printer {

/*! \brief Statements printed one after another at the same indentation. */
TVM_SCRIPT_DOC_OBJ(StmtBlockDoc, StmtDoc, ffi::Array<StmtDoc> stmts;);
class StmtBlockDoc : public StmtDoc {
 public:
  explicit StmtBlockDoc(ffi::Array<StmtDoc> stmts);
  TVM_SCRIPT_DOC_REF(StmtBlockDoc, StmtDoc);
};

/*! \brief `lhs: annotation = rhs`; either the annotation or the right side may be absent. */
TVM_SCRIPT_DOC_OBJ(AssignDoc, StmtDoc, ExprDoc lhs; ffi::Optional<ExprDoc> rhs;
                   ffi::Optional<ExprDoc> annotation;);
class AssignDoc : public StmtDoc {
 public:
  AssignDoc(ExprDoc lhs, ffi::Optional<ExprDoc> rhs, ffi::Optional<ExprDoc> annotation);
  TVM_SCRIPT_DOC_REF(AssignDoc, StmtDoc);
};

/*! \brief `if predicate: then_branch else: else_branch` (no else when it is empty). */
TVM_SCRIPT_DOC_OBJ(IfDoc, StmtDoc, ExprDoc predicate; ffi::Array<StmtDoc> then_branch;
                   ffi::Array<StmtDoc> else_branch;);
class IfDoc : public StmtDoc {
 public:
  IfDoc(ExprDoc predicate, ffi::Array<StmtDoc> then_branch, ffi::Array<StmtDoc> else_branch);
  TVM_SCRIPT_DOC_REF(IfDoc, StmtDoc);
};

/*! \brief `while predicate: body` */
TVM_SCRIPT_DOC_OBJ(WhileDoc, StmtDoc, ExprDoc predicate; ffi::Array<StmtDoc> body;);
class WhileDoc : public StmtDoc {
 public:
  WhileDoc(ExprDoc predicate, ffi::Array<StmtDoc> body);
  TVM_SCRIPT_DOC_REF(WhileDoc, StmtDoc);
};

/*! \brief `for lhs in rhs: body` */
TVM_SCRIPT_DOC_OBJ(ForDoc, StmtDoc, ExprDoc lhs; ExprDoc rhs; ffi::Array<StmtDoc> body;);
class ForDoc : public StmtDoc {
 public:
  ForDoc(ExprDoc lhs, ExprDoc rhs, ffi::Array<StmtDoc> body);
  TVM_SCRIPT_DOC_REF(ForDoc, StmtDoc);
};

/*! \brief `with rhs as lhs: body` (no `as` when lhs is absent). */
TVM_SCRIPT_DOC_OBJ(ScopeDoc, StmtDoc, ffi::Optional<ExprDoc> lhs; ExprDoc rhs;
                   ffi::Array<StmtDoc> body;);
class ScopeDoc : public StmtDoc {
 public:
  ScopeDoc(ffi::Optional<ExprDoc> lhs, ExprDoc rhs, ffi::Array<StmtDoc> body);
  TVM_SCRIPT_DOC_REF(ScopeDoc, StmtDoc);
};

/*! \brief An expression used as a statement. */
TVM_SCRIPT_DOC_OBJ(ExprStmtDoc, StmtDoc, ExprDoc expr;);
class ExprStmtDoc : public StmtDoc {
 public:
  explicit ExprStmtDoc(ExprDoc expr);
  TVM_SCRIPT_DOC_REF(ExprStmtDoc, StmtDoc);
};

/*! \brief `assert test, msg` */
TVM_SCRIPT_DOC_OBJ(AssertDoc, StmtDoc, ExprDoc test; ffi::Optional<ExprDoc> msg;);
class AssertDoc : public StmtDoc {
 public:
  AssertDoc(ExprDoc test, ffi::Optional<ExprDoc> msg);
  TVM_SCRIPT_DOC_REF(AssertDoc, StmtDoc);
};

/*! \brief `return value` (bare `return` when absent). */
TVM_SCRIPT_DOC_OBJ(ReturnDoc, StmtDoc, ffi::Optional<ExprDoc> value;);
class ReturnDoc : public StmtDoc {
 public:
  explicit ReturnDoc(ffi::Optional<ExprDoc> value);
  TVM_SCRIPT_DOC_REF(ReturnDoc, StmtDoc);
};

/*! \brief `break` */
TVM_SCRIPT_DOC_OBJ(BreakDoc, StmtDoc, );
class BreakDoc : public StmtDoc {
 public:
  static BreakDoc Make();
  TVM_SCRIPT_DOC_REF(BreakDoc, StmtDoc);
};

/*! \brief `continue` */
TVM_SCRIPT_DOC_OBJ(ContinueDoc, StmtDoc, );
class ContinueDoc : public StmtDoc {
 public:
  static ContinueDoc Make();
  TVM_SCRIPT_DOC_REF(ContinueDoc, StmtDoc);
};

/*!
 * \brief `@decorators def name[type_params](args) -> return_type: body`. A parameter or type
 *  parameter is an AssignDoc: `A: T.Tensor(...)`, `n`, `m: T.int64`.
 */
TVM_SCRIPT_DOC_OBJ(FunctionDoc, StmtDoc, IdDoc name; ffi::Array<AssignDoc> type_params;
                   ffi::Array<AssignDoc> args; ffi::Array<ExprDoc> decorators;
                   ffi::Optional<ExprDoc> return_type; ffi::Array<StmtDoc> body;);
class FunctionDoc : public StmtDoc {
 public:
  /*! \brief The parts of a function besides its name and body. */
  struct Signature {
    ffi::Array<AssignDoc> type_params;
    ffi::Array<AssignDoc> args;
    ffi::Array<ExprDoc> decorators;
    ffi::Optional<ExprDoc> return_type;
  };
  FunctionDoc(IdDoc name, Signature signature, ffi::Array<StmtDoc> body);
  TVM_SCRIPT_DOC_REF(FunctionDoc, StmtDoc);
};

/*! \brief `@decorators class name: body`; members are separated by blank lines. */
TVM_SCRIPT_DOC_OBJ(ClassDoc, StmtDoc, IdDoc name; ffi::Array<ExprDoc> decorators;
                   ffi::Array<StmtDoc> body;);
class ClassDoc : public StmtDoc {
 public:
  ClassDoc(IdDoc name, ffi::Array<ExprDoc> decorators, ffi::Array<StmtDoc> body);
  TVM_SCRIPT_DOC_REF(ClassDoc, StmtDoc);
};

/*! \brief A comment on lines of its own: its text is `comment`, one `#` line per line. */
TVM_SCRIPT_DOC_OBJ(CommentDoc, StmtDoc, );
class CommentDoc : public StmtDoc {
 public:
  explicit CommentDoc(ffi::String comment);
  TVM_SCRIPT_DOC_REF(CommentDoc, StmtDoc);
};

/*! \brief A `"""docstring"""`: its text is `comment`. */
TVM_SCRIPT_DOC_OBJ(DocStringDoc, StmtDoc, );
class DocStringDoc : public StmtDoc {
 public:
  explicit DocStringDoc(ffi::String docs);
  TVM_SCRIPT_DOC_REF(DocStringDoc, StmtDoc);
};

namespace details {
/*!
 * \brief `doc` with `path` appended to its source paths. A Doc nobody else holds is changed in
 *  place (it is still being built); a shared one is copied first, so shared Docs never change.
 */
Doc WithSourcePath(Doc doc, const AccessPath& path);
/*! \brief `stmt` with its comment set (same ownership rule as WithSourcePath). */
StmtDoc WithComment(StmtDoc stmt, ffi::String comment);
/*!
 * \brief `stmt` with source comments added: `leading` after any it has, `trailing` in place of
 *  none (same ownership rule as WithSourcePath).
 * \throws ValueError for a comment that does not start with `#` or holds a line break (it would
 *  print as code), or a second trailing comment.
 */
StmtDoc WithSourceComments(StmtDoc stmt, const ffi::Array<ffi::String>& leading,
                           const ffi::Optional<ffi::String>& trailing);
}  // namespace details

}  // namespace printer
}  // namespace script
}  // namespace tvm

#endif  // TVM_SCRIPT_PRINTER_STMT_DOC_H_
