/*!
 * \file tvm/script/printer/doc.h
 * \brief The Doc tree (expressions here, statements in stmt_doc.h): a small Python-syntax tree that
 * the translator builds from IR and the Python printer renders as text.
 *
 * Every Doc records in `source_paths` the access paths of the IR it came from, so the printer
 * can underline a node and map each origin to its range in the text. Docs are reflected
 * objects (`script.<Name>`) and immutable once shared: the translator only adds a path to a Doc
 * that nobody else holds yet (details::WithSourcePath).
 */
#ifndef TVM_SCRIPT_PRINTER_DOC_H_
#define TVM_SCRIPT_PRINTER_DOC_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/array.h>
#include <tvm/ffi/optional.h>
#include <tvm/ffi/reflection/access_path.h>
#include <tvm/ffi/string.h>

#include <string>

namespace tvm {
namespace script {
namespace printer {

using ffi::reflection::AccessPath;

/*! \brief Base of every Doc: the IR paths it was printed from. */
class DocObj : public ffi::Object {
 public:
  ffi::Array<AccessPath> source_paths;
  TVM_FFI_DECLARE_OBJECT_INFO("script.Doc", DocObj, ffi::Object);
};

class Doc : public ffi::ObjectRef {
 public:
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Doc, ffi::ObjectRef, DocObj);
};

class ExprDoc;

/*! \brief Base of expression Docs. */
class ExprDocObj : public DocObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO("script.ExprDoc", ExprDocObj, DocObj);
};

class ExprDoc : public Doc {
 public:
  /*! \brief `self.name` */
  ExprDoc Attr(ffi::String name) const;
  /*! \brief `self[indices...]` */
  ExprDoc Index(ffi::Array<Doc> indices) const;
  /*! \brief `self(args..., key=value...)` */
  ExprDoc Call(ffi::Array<ExprDoc> args, ffi::Array<ffi::String> kwargs_keys = {},
               ffi::Array<ExprDoc> kwargs_values = {}) const;
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(ExprDoc, Doc, ExprDocObj);
};

/*!
 * \brief Base of statement Docs. `comment` prints as `# ` lines above the statement (the
 *  printer's own notes). Source comments, carried by the formatter, print as written:
 *  `leading_comments` each on its own line above the statement, at its indentation, and
 *  `trailing_comment` two spaces after the statement's line (a compound statement's header).
 *  Each source comment starts with `#` and holds no line break.
 */
class StmtDocObj : public DocObj {
 public:
  ffi::Optional<ffi::String> comment;
  ffi::Array<ffi::String> leading_comments;
  ffi::Optional<ffi::String> trailing_comment;
  TVM_FFI_DECLARE_OBJECT_INFO("script.StmtDoc", StmtDocObj, DocObj);
};

class StmtDoc : public Doc {
 public:
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(StmtDoc, Doc, StmtDocObj);
};

/*! \brief Declares the final object class `Name##Obj` with the given fields' owner. */
#define TVM_SCRIPT_DOC_OBJ(Name, Parent, ...)                                   \
  class Name##Obj : public Parent##Obj {                                        \
   public:                                                                      \
    __VA_ARGS__                                                                 \
    TVM_FFI_DECLARE_OBJECT_INFO_FINAL("script." #Name, Name##Obj, Parent##Obj); \
  }
#define TVM_SCRIPT_DOC_REF(Name, Parent) \
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Name, Parent, Name##Obj)

// ---- Expressions ----

/*! \brief None, a bool, an int, a float or a str, printed as a Python literal. */
TVM_SCRIPT_DOC_OBJ(LiteralDoc, ExprDoc, ffi::Any value;);
class LiteralDoc : public ExprDoc {
 public:
  explicit LiteralDoc(ffi::Any value);
  static LiteralDoc None() { return LiteralDoc(ffi::Any()); }
  static LiteralDoc Int(int64_t v) { return LiteralDoc(ffi::Any(v)); }
  static LiteralDoc Bool(bool v) { return LiteralDoc(ffi::Any(v)); }
  static LiteralDoc Float(double v) { return LiteralDoc(ffi::Any(v)); }
  static LiteralDoc Str(const std::string& v) { return LiteralDoc(ffi::Any(ffi::String(v))); }
  TVM_SCRIPT_DOC_REF(LiteralDoc, ExprDoc);
};

/*! \brief A name: `x`, `T`. */
TVM_SCRIPT_DOC_OBJ(IdDoc, ExprDoc, ffi::String name;);
class IdDoc : public ExprDoc {
 public:
  explicit IdDoc(ffi::String name);
  TVM_SCRIPT_DOC_REF(IdDoc, ExprDoc);
};

/*! \brief `value.name` */
TVM_SCRIPT_DOC_OBJ(AttrAccessDoc, ExprDoc, ExprDoc value; ffi::String name;);
class AttrAccessDoc : public ExprDoc {
 public:
  AttrAccessDoc(ExprDoc value, ffi::String name);
  TVM_SCRIPT_DOC_REF(AttrAccessDoc, ExprDoc);
};

/*! \brief `value[indices...]`; an index is an ExprDoc or a SliceDoc. */
TVM_SCRIPT_DOC_OBJ(IndexDoc, ExprDoc, ExprDoc value; ffi::Array<Doc> indices;);
class IndexDoc : public ExprDoc {
 public:
  IndexDoc(ExprDoc value, ffi::Array<Doc> indices);
  TVM_SCRIPT_DOC_REF(IndexDoc, ExprDoc);
};

/*! \brief `callee(args..., key=value...)`; keys and values pair up by position. */
TVM_SCRIPT_DOC_OBJ(CallDoc, ExprDoc, ExprDoc callee; ffi::Array<ExprDoc> args;
                   ffi::Array<ffi::String> kwargs_keys; ffi::Array<ExprDoc> kwargs_values;);
class CallDoc : public ExprDoc {
 public:
  CallDoc(ExprDoc callee, ffi::Array<ExprDoc> args, ffi::Array<ffi::String> kwargs_keys,
          ffi::Array<ExprDoc> kwargs_values);
  TVM_SCRIPT_DOC_REF(CallDoc, ExprDoc);
};

/*! \brief Operator kinds of OperationDoc: unary, then binary, then the conditional. */
enum class OperationKind : int64_t {
  kUSub = 0,
  kInvert = 1,
  kNot = 2,
  kUnaryEnd = 3,
  kAdd = 4,
  kSub = 5,
  kMult = 6,
  kDiv = 7,
  kFloorDiv = 8,
  kMod = 9,
  kPow = 10,
  kLShift = 11,
  kRShift = 12,
  kBitAnd = 13,
  kBitOr = 14,
  kBitXor = 15,
  kLt = 16,
  kLtE = 17,
  kEq = 18,
  kNotEq = 19,
  kGt = 20,
  kGtE = 21,
  kAnd = 22,
  kOr = 23,
  kBinaryEnd = 24,
  /*! \brief `operands[1] if operands[0] else operands[2]` */
  kIfThenElse = 25,
};

/*! \brief An operator applied to operands; the printer adds the parentheses precedence needs. */
TVM_SCRIPT_DOC_OBJ(OperationDoc, ExprDoc, int64_t kind = 0; ffi::Array<ExprDoc> operands;);
class OperationDoc : public ExprDoc {
 public:
  /*! \brief ValueError when the operand count does not fit the kind. */
  OperationDoc(OperationKind kind, ffi::Array<ExprDoc> operands);
  TVM_SCRIPT_DOC_REF(OperationDoc, ExprDoc);
};

/*! \brief `lambda args: body` */
TVM_SCRIPT_DOC_OBJ(LambdaDoc, ExprDoc, ffi::Array<IdDoc> args; ExprDoc body;);
class LambdaDoc : public ExprDoc {
 public:
  LambdaDoc(ffi::Array<IdDoc> args, ExprDoc body);
  TVM_SCRIPT_DOC_REF(LambdaDoc, ExprDoc);
};

/*! \brief `(a, b)`, `(a,)` */
TVM_SCRIPT_DOC_OBJ(TupleDoc, ExprDoc, ffi::Array<ExprDoc> elements;);
class TupleDoc : public ExprDoc {
 public:
  explicit TupleDoc(ffi::Array<ExprDoc> elements);
  TVM_SCRIPT_DOC_REF(TupleDoc, ExprDoc);
};

/*! \brief `[a, b]` */
TVM_SCRIPT_DOC_OBJ(ListDoc, ExprDoc, ffi::Array<ExprDoc> elements;);
class ListDoc : public ExprDoc {
 public:
  explicit ListDoc(ffi::Array<ExprDoc> elements);
  TVM_SCRIPT_DOC_REF(ListDoc, ExprDoc);
};

/*! \brief `{k: v, ...}`; keys and values pair up by position. */
TVM_SCRIPT_DOC_OBJ(DictDoc, ExprDoc, ffi::Array<ExprDoc> keys; ffi::Array<ExprDoc> values;);
class DictDoc : public ExprDoc {
 public:
  DictDoc(ffi::Array<ExprDoc> keys, ffi::Array<ExprDoc> values);
  TVM_SCRIPT_DOC_REF(DictDoc, ExprDoc);
};

/*! \brief `start:stop:step` inside an IndexDoc (not an expression on its own). */
class SliceDocObj : public DocObj {
 public:
  ffi::Optional<ExprDoc> start;
  ffi::Optional<ExprDoc> stop;
  ffi::Optional<ExprDoc> step;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("script.SliceDoc", SliceDocObj, DocObj);
};
class SliceDoc : public Doc {
 public:
  SliceDoc(ffi::Optional<ExprDoc> start, ffi::Optional<ExprDoc> stop, ffi::Optional<ExprDoc> step);
  TVM_SCRIPT_DOC_REF(SliceDoc, Doc);
};

}  // namespace printer
}  // namespace script
}  // namespace tvm

#endif  // TVM_SCRIPT_PRINTER_DOC_H_
