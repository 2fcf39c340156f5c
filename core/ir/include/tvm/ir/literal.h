/*!
 * \file tvm/ir/literal.h
 * \brief Expressions beyond numbers that the script namespaces build as values: a data type
 *  (`T.dtype("float32")`), a constant of any FFI value with a given type (`T.GenericConst`),
 *  and a tuple of expressions (`I.Tuple`, printed `(a, b)`).
 */
#ifndef TVM_IR_LITERAL_H_
#define TVM_IR_LITERAL_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/array.h>
#include <tvm/ffi/dtype.h>
#include <tvm/ir/expr.h>

namespace tvm {
namespace ir {

/*! \brief A data type as a value, e.g. an argument of a call (type `T.Any()`). */
class DataTypeImmObj : public ExprObj {
 public:
  ffi::DataType value;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.DataTypeImm", DataTypeImmObj, ExprObj);
};

class DataTypeImm : public Expr {
 public:
  explicit DataTypeImm(ffi::DataType value, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(DataTypeImm, Expr, DataTypeImmObj);
};

/*!
 * \brief A constant holding any FFI value that is not a number or string (those are IntImm,
 *  FloatImm, StringImm), with the type it is given.
 */
class GenericConstObj : public ExprObj {
 public:
  ffi::Any value;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.GenericConst", GenericConstObj, ExprObj);
};

class GenericConst : public Expr {
 public:
  /*! \brief TypeError for a None type or a bool, int, float or str value. */
  GenericConst(Type ty, ffi::Any value, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(GenericConst, Expr, GenericConstObj);
};

/*! \brief A tuple of expressions; its type is the TupleType of the fields' types. */
class TupleObj : public ExprObj {
 public:
  ffi::Array<Expr> fields;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.Tuple", TupleObj, ExprObj);
};

class Tuple : public Expr {
 public:
  explicit Tuple(ffi::Array<Expr> fields, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Tuple, Expr, TupleObj);
};

}  // namespace ir
}  // namespace tvm

#endif  // TVM_IR_LITERAL_H_
