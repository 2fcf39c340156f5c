/*!
 * \file tvm/ir/expr.h
 * \brief The base of every expression (a type and a span), variables and ranges.
 */
#ifndef TVM_IR_EXPR_H_
#define TVM_IR_EXPR_H_

#include <tvm/ffi/string.h>
#include <tvm/ir/span.h>
#include <tvm/ir/type.h>

namespace tvm {
namespace ir {

/*! \brief Base of every expression: its type (`ty`) and where it came from. */
class ExprObj : public ffi::Object {
 public:
  Span span = Span::Unknown();
  Type ty = Type::Missing();
  TVM_FFI_DECLARE_OBJECT_INFO("ir.Expr", ExprObj, ffi::Object);
};

class Expr : public ffi::ObjectRef {
 public:
  /*! \return the expression's type. */
  Type ty() const { return get()->ty; }
  /*! \return the DataType when the type is primitive; TypeError naming the type otherwise. */
  ffi::DataType dtype() const;
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Expr, ffi::ObjectRef, ExprObj);
};

/*!
 * \brief A variable. Identity is the object: two Vars with one name are different variables
 *  (the name is for printing only, and structural equality ignores it).
 */
class VarObj : public ExprObj {
 public:
  ffi::String name;
  TVM_FFI_DECLARE_OBJECT_INFO("ir.Var", VarObj, ExprObj);
};

class Var : public Expr {
 public:
  Var(ffi::String name, Type ty, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Var, Expr, VarObj);
};

/*! \brief The half-open range [start, end). */
class RangeObj : public ffi::Object {
 public:
  Expr start;
  Expr end;
  Span span = Span::Unknown();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.Range", RangeObj, ffi::Object);
};

class Range : public ffi::ObjectRef {
 public:
  Range(Expr start, Expr end, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Range, ffi::ObjectRef, RangeObj);
};

}  // namespace ir
}  // namespace tvm

#endif  // TVM_IR_EXPR_H_
