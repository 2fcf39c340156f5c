/*!
 * \file tvm/tirx/expr.h
 * \brief TIRx expression nodes: constants, casts, arithmetic, comparisons, logic and select.
 *
 * Constructors build exactly the node asked for and check operand types (no promotion); the
 * operators and builders in op.h apply the typing rules (literals adopt the partner's type,
 * integer widths widen) before calling them.
 */
#ifndef TVM_TIRX_EXPR_H_
#define TVM_TIRX_EXPR_H_

#include <tvm/ir/expr.h>

namespace tvm {
namespace tirx {

using ir::Expr;
using ir::ExprObj;
using ir::PrimType;
using ir::Span;
using ir::Type;
using ir::Var;
using ir::VarObj;

/*! \brief An integer (or bool) constant of a PrimType. */
class IntImmObj : public ExprObj {
 public:
  int64_t value = 0;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("prim.IntImm", IntImmObj, ExprObj);
};

class IntImm : public Expr {
 public:
  /*! \brief ValueError when the value does not fit the type. */
  IntImm(PrimType ty, int64_t value, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(IntImm, Expr, IntImmObj);
};

/*! \brief A floating-point constant of a PrimType. */
class FloatImmObj : public ExprObj {
 public:
  double value = 0;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("prim.FloatImm", FloatImmObj, ExprObj);
};

class FloatImm : public Expr {
 public:
  FloatImm(PrimType ty, double value, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(FloatImm, Expr, FloatImmObj);
};

/*! \brief A string constant (its type is a handle). */
class StringImmObj : public ExprObj {
 public:
  ffi::String value;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("prim.StringImm", StringImmObj, ExprObj);
};

class StringImm : public Expr {
 public:
  explicit StringImm(ffi::String value, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(StringImm, Expr, StringImmObj);
};

/*! \brief Conversion of `value` to the node's type. */
class CastObj : public ExprObj {
 public:
  Expr value;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("prim.Cast", CastObj, ExprObj);
};

class Cast : public Expr {
 public:
  /*! \brief TypeError unless value is primitive with the same number of lanes. */
  Cast(PrimType ty, Expr value, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Cast, Expr, CastObj);
};

/*! \brief Operands of a binary node; the concrete kinds derive from it. */
class BinaryOpObj : public ExprObj {
 public:
  Expr a;
  Expr b;
  TVM_FFI_DECLARE_OBJECT_INFO("prim.BinaryOp", BinaryOpObj, ExprObj);
};

/*! \brief Declares one binary node kind: `Add(a, b)` and its `AddObj`. */
#define TVM_TIRX_DECLARE_BINARY_OP(Name, Key)                          \
  class Name##Obj : public BinaryOpObj {                               \
   public:                                                             \
    TVM_FFI_DECLARE_OBJECT_INFO_FINAL(Key, Name##Obj, BinaryOpObj);    \
  };                                                                   \
  class Name : public Expr {                                           \
   public:                                                             \
    Name(Expr a, Expr b, Span span = Span::Unknown());                 \
    TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Name, Expr, Name##Obj); \
  }

// Arithmetic: the result has the operands' (equal) type.
TVM_TIRX_DECLARE_BINARY_OP(Add, "prim.Add");
TVM_TIRX_DECLARE_BINARY_OP(Sub, "prim.Sub");
TVM_TIRX_DECLARE_BINARY_OP(Mul, "prim.Mul");
TVM_TIRX_DECLARE_BINARY_OP(Div, "prim.Div");
TVM_TIRX_DECLARE_BINARY_OP(Mod, "prim.Mod");
TVM_TIRX_DECLARE_BINARY_OP(FloorDiv, "prim.FloorDiv");
TVM_TIRX_DECLARE_BINARY_OP(FloorMod, "prim.FloorMod");
TVM_TIRX_DECLARE_BINARY_OP(Min, "prim.Min");
TVM_TIRX_DECLARE_BINARY_OP(Max, "prim.Max");
// Shifts of integers (`a << b`, `a >> b`: arithmetic for signed a, logical for unsigned).
TVM_TIRX_DECLARE_BINARY_OP(LShift, "prim.LShift");
TVM_TIRX_DECLARE_BINARY_OP(RShift, "prim.RShift");
// Bitwise operations of integers or bools (`a & b`, `a | b`, `a ^ b`).
TVM_TIRX_DECLARE_BINARY_OP(BitwiseAnd, "prim.BitwiseAnd");
TVM_TIRX_DECLARE_BINARY_OP(BitwiseOr, "prim.BitwiseOr");
TVM_TIRX_DECLARE_BINARY_OP(BitwiseXor, "prim.BitwiseXor");
// Comparisons: the result is bool with the operands' lanes.
TVM_TIRX_DECLARE_BINARY_OP(EQ, "prim.EQ");
TVM_TIRX_DECLARE_BINARY_OP(NE, "prim.NE");
TVM_TIRX_DECLARE_BINARY_OP(LT, "prim.LT");
TVM_TIRX_DECLARE_BINARY_OP(LE, "prim.LE");
TVM_TIRX_DECLARE_BINARY_OP(GT, "prim.GT");
TVM_TIRX_DECLARE_BINARY_OP(GE, "prim.GE");
// Logic: operands and result are bool.
TVM_TIRX_DECLARE_BINARY_OP(And, "prim.And");
TVM_TIRX_DECLARE_BINARY_OP(Or, "prim.Or");

/*! \brief Logical negation of a bool expression. */
class NotObj : public ExprObj {
 public:
  Expr a;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("prim.Not", NotObj, ExprObj);
};

class Not : public Expr {
 public:
  explicit Not(Expr a, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Not, Expr, NotObj);
};

/*! \brief `~a`: the bits of an integer or bool flipped (its type). */
class BitwiseNotObj : public ExprObj {
 public:
  Expr a;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("prim.BitwiseNot", BitwiseNotObj, ExprObj);
};

class BitwiseNot : public Expr {
 public:
  explicit BitwiseNot(Expr a, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(BitwiseNot, Expr, BitwiseNotObj);
};

/*! \brief `condition ? true_value : false_value`, both branches evaluated. */
class SelectObj : public ExprObj {
 public:
  Expr condition;
  Expr true_value;
  Expr false_value;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("prim.Select", SelectObj, ExprObj);
};

class Select : public Expr {
 public:
  Select(Expr condition, Expr true_value, Expr false_value, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Select, Expr, SelectObj);
};

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_EXPR_H_
