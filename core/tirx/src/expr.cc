/*!
 * \file expr.cc
 * \brief TIRx expression nodes: constructors (which check operand types) and reflection.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/expr.h>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

using ffi::DataType;

void CheckFits(const PrimType& ty, int64_t value) {
  DataType dtype = ty.dtype();
  if (!IntegerFits(dtype, value)) {
    TVM_FFI_THROW(ValueError) << "Value " << value << " does not fit in type " << dtype.ToString();
  }
}

/*! \brief The DataType of a node's own type; ValueError when the type is None. */
DataType NodeDType(const PrimType& ty, const char* node) {
  if (!ty.defined()) TVM_FFI_THROW(ValueError) << "`" << node << ".ty` is None";
  return ty.dtype();
}

/*! \brief The kinds of binary node, by the rule that gives their result type. */
enum class BinaryRule { kArithmetic, kComparison, kLogical };

template <typename TObj>
ffi::ObjectPtr<TObj> MakeBinary(Expr a, Expr b, Span span, BinaryRule rule) {
  DataType ta = OperandDType(a, TObj::_type_key, "a");
  DataType tb = OperandDType(b, TObj::_type_key, "b");
  if (ta != tb) {
    TVM_FFI_THROW(TypeError) << "`" << TObj::_type_key << "` needs operands of one type, got `"
                             << ta.ToString() << "` and `" << tb.ToString() << "`";
  }
  if (rule == BinaryRule::kLogical && !ta.is_bool()) {
    TVM_FFI_THROW(TypeError) << "`" << TObj::_type_key << "` needs bool operands, got `"
                             << ta.ToString() << "`";
  }
  Type result = rule == BinaryRule::kArithmetic ? a->ty : PrimType(DataType::Bool(ta.lanes()));
  ffi::ObjectPtr<TObj> node = MakeExprNode<TObj>(result, std::move(span));
  node->a = std::move(a);
  node->b = std::move(b);
  return node;
}

}  // namespace

IntImm::IntImm(PrimType ty, int64_t value, Span span) {
  DataType dtype = NodeDType(ty, IntImmObj::_type_key);
  if (!(dtype.is_int() || dtype.is_uint() || dtype.is_bool()) || dtype.lanes() != 1) {
    TVM_FFI_THROW(TypeError) << "IntImm needs a scalar int, uint or bool type, got "
                             << dtype.ToString();
  }
  CheckFits(ty, value);
  ffi::ObjectPtr<IntImmObj> node = MakeExprNode<IntImmObj>(std::move(ty), std::move(span));
  node->value = value;
  data_ = std::move(node);
}

FloatImm::FloatImm(PrimType ty, double value, Span span) {
  DataType dtype = NodeDType(ty, FloatImmObj::_type_key);
  if (!dtype.is_floating_point() || dtype.lanes() != 1) {
    TVM_FFI_THROW(TypeError) << "FloatImm needs a scalar float type, got " << dtype.ToString();
  }
  ffi::ObjectPtr<FloatImmObj> node = MakeExprNode<FloatImmObj>(std::move(ty), std::move(span));
  node->value = value;
  data_ = std::move(node);
}

StringImm::StringImm(ffi::String value, Span span) {
  ffi::ObjectPtr<StringImmObj> node =
      MakeExprNode<StringImmObj>(Type(ffi::make_object<ir::StringTypeObj>()), std::move(span));
  node->value = std::move(value);
  data_ = std::move(node);
}

Cast::Cast(PrimType ty, Expr value, Span span) {
  NodeDType(ty, CastObj::_type_key);
  DataType from = OperandDType(value, CastObj::_type_key, "value");
  if (from.lanes() != ty.dtype().lanes()) {
    TVM_FFI_THROW(TypeError) << "Cannot cast " << from.ToString() << " to " << ty.dtype().ToString()
                             << ": the numbers of lanes differ";
  }
  ffi::ObjectPtr<CastObj> node = MakeExprNode<CastObj>(std::move(ty), std::move(span));
  node->value = std::move(value);
  data_ = std::move(node);
}

#define TVM_TIRX_DEFINE_BINARY_OP(Name, Rule) \
  Name::Name(Expr a, Expr b, Span span)       \
      : Expr(MakeBinary<Name##Obj>(std::move(a), std::move(b), std::move(span), Rule)) {}

TVM_TIRX_DEFINE_BINARY_OP(Add, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(Sub, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(Mul, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(Div, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(Mod, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(FloorDiv, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(FloorMod, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(Min, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(Max, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(LShift, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(RShift, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(BitwiseAnd, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(BitwiseOr, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(BitwiseXor, BinaryRule::kArithmetic)
TVM_TIRX_DEFINE_BINARY_OP(EQ, BinaryRule::kComparison)
TVM_TIRX_DEFINE_BINARY_OP(NE, BinaryRule::kComparison)
TVM_TIRX_DEFINE_BINARY_OP(LT, BinaryRule::kComparison)
TVM_TIRX_DEFINE_BINARY_OP(LE, BinaryRule::kComparison)
TVM_TIRX_DEFINE_BINARY_OP(GT, BinaryRule::kComparison)
TVM_TIRX_DEFINE_BINARY_OP(GE, BinaryRule::kComparison)
TVM_TIRX_DEFINE_BINARY_OP(And, BinaryRule::kLogical)
TVM_TIRX_DEFINE_BINARY_OP(Or, BinaryRule::kLogical)
#undef TVM_TIRX_DEFINE_BINARY_OP

Not::Not(Expr a, Span span) {
  DataType dtype = OperandDType(a, NotObj::_type_key, "a");
  if (!dtype.is_bool()) {
    TVM_FFI_THROW(TypeError) << "`prim.Not` needs a bool operand, got `" << dtype.ToString() << "`";
  }
  ffi::ObjectPtr<NotObj> node = MakeExprNode<NotObj>(a->ty, std::move(span));
  node->a = std::move(a);
  data_ = std::move(node);
}

BitwiseNot::BitwiseNot(Expr a, Span span) {
  DataType dtype = OperandDType(a, BitwiseNotObj::_type_key, "a");
  if (!dtype.is_int() && !dtype.is_uint() && !dtype.is_bool()) {
    TVM_FFI_THROW(TypeError) << "`prim.BitwiseNot` needs an integer or bool operand, got `"
                             << dtype.ToString() << "`";
  }
  ffi::ObjectPtr<BitwiseNotObj> node = MakeExprNode<BitwiseNotObj>(a->ty, std::move(span));
  node->a = std::move(a);
  data_ = std::move(node);
}

Select::Select(Expr condition, Expr true_value, Expr false_value, Span span) {
  DataType cond = OperandDType(condition, SelectObj::_type_key, "condition");
  DataType t = OperandDType(true_value, SelectObj::_type_key, "true_value");
  DataType f = OperandDType(false_value, SelectObj::_type_key, "false_value");
  if (!cond.is_bool()) {
    TVM_FFI_THROW(TypeError) << "`prim.Select.condition` must be bool, got `" << cond.ToString()
                             << "`";
  }
  if (t != f) {
    TVM_FFI_THROW(TypeError) << "`prim.Select` needs branches of one type, got `" << t.ToString()
                             << "` and `" << f.ToString() << "`";
  }
  // A scalar condition picks a whole vector; a vector condition picks lane by lane.
  if (cond.lanes() != 1 && cond.lanes() != t.lanes()) {
    TVM_FFI_THROW(TypeError) << "`prim.Select.condition` has " << cond.lanes()
                             << " lanes but the branches have " << t.lanes();
  }
  ffi::ObjectPtr<SelectObj> node = MakeExprNode<SelectObj>(true_value->ty, std::move(span));
  node->condition = std::move(condition);
  node->true_value = std::move(true_value);
  node->false_value = std::move(false_value);
  data_ = std::move(node);
}

namespace {

template <typename TRef, typename TObj>
void RegisterBinary(const char* doc) {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<TObj>().def_init([](Expr a, Expr b) { return TRef(std::move(a), std::move(b)); },
                                   {"a", "b"}, doc);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<IntImmObj>()
      .def_init([](PrimType ty, int64_t value) { return IntImm(std::move(ty), value); },
                {"ty", "value"})
      .def_ro("value", &IntImmObj::value);
  refl::ObjectDef<FloatImmObj>()
      .def_init([](PrimType ty, double value) { return FloatImm(std::move(ty), value); },
                {"ty", "value"})
      .def_ro("value", &FloatImmObj::value);
  refl::ObjectDef<StringImmObj>()
      .def_init([](ffi::String value) { return StringImm(std::move(value)); }, {"value"})
      .def_ro("value", &StringImmObj::value);
  refl::ObjectDef<CastObj>()
      .def_init([](PrimType ty, Expr value) { return Cast(std::move(ty), std::move(value)); },
                {"ty", "value"})
      .def_ro("value", &CastObj::value);
  refl::ObjectDef<BinaryOpObj>().def_ro("a", &BinaryOpObj::a).def_ro("b", &BinaryOpObj::b);
  RegisterBinary<Add, AddObj>("a + b");
  RegisterBinary<Sub, SubObj>("a - b");
  RegisterBinary<Mul, MulObj>("a * b");
  RegisterBinary<Div, DivObj>("a / b");
  RegisterBinary<Mod, ModObj>("truncated remainder of a / b");
  RegisterBinary<FloorDiv, FloorDivObj>("a // b");
  RegisterBinary<FloorMod, FloorModObj>("a % b");
  RegisterBinary<Min, MinObj>("min(a, b)");
  RegisterBinary<Max, MaxObj>("max(a, b)");
  RegisterBinary<LShift, LShiftObj>("a << b");
  RegisterBinary<RShift, RShiftObj>("a >> b");
  RegisterBinary<BitwiseAnd, BitwiseAndObj>("a & b");
  RegisterBinary<BitwiseOr, BitwiseOrObj>("a | b");
  RegisterBinary<BitwiseXor, BitwiseXorObj>("a ^ b");
  RegisterBinary<EQ, EQObj>("a == b");
  RegisterBinary<NE, NEObj>("a != b");
  RegisterBinary<LT, LTObj>("a < b");
  RegisterBinary<LE, LEObj>("a <= b");
  RegisterBinary<GT, GTObj>("a > b");
  RegisterBinary<GE, GEObj>("a >= b");
  RegisterBinary<And, AndObj>("a and b");
  RegisterBinary<Or, OrObj>("a or b");
  refl::ObjectDef<NotObj>()
      .def_init([](Expr a) { return Not(std::move(a)); }, {"a"})
      .def_ro("a", &NotObj::a);
  refl::ObjectDef<BitwiseNotObj>()
      .def_init([](Expr a) { return BitwiseNot(std::move(a)); }, {"a"})
      .def_ro("a", &BitwiseNotObj::a);
  refl::ObjectDef<SelectObj>()
      .def_init(
          [](Expr condition, Expr true_value, Expr false_value) {
            return Select(std::move(condition), std::move(true_value), std::move(false_value));
          },
          {"condition", "true_value", "false_value"})
      .def_ro("condition", &SelectObj::condition)
      .def_ro("true_value", &SelectObj::true_value)
      .def_ro("false_value", &SelectObj::false_value);
}

}  // namespace
}  // namespace tirx
}  // namespace tvm
