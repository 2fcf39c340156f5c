/*!
 * \file translate_expr.cc
 * \brief TIRx scalar expressions: constants (an int32 bare, every other type explicit:
 *  `T.int64(5)`, `T.float32(1.0)`, `T.bool(True)`), casts, the binary and logical nodes as
 *  Python operators where Python's operator means the same, `T.<builder>(a, b)` otherwise.
 */
#include <tvm/tirx/expr.h>

#include <cmath>
#include <utility>

#include "printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

namespace {

using ffi::DataType;

DataType DTypeOf(const ir::Expr& e) {
  const auto* prim = e->ty.as<ir::PrimTypeObj>();
  return prim != nullptr ? prim->dtype : DataType::Void();
}

Doc IntImmDoc(const tirx::IntImm& imm, const AccessPath& p, const DocTranslator& t) {
  DataType dtype = DTypeOf(imm);
  if (dtype == DataType::Int(32) && !t.typed_int32_literals()) return LiteralDoc::Int(imm->value);
  ExprDoc value = dtype.is_bool() ? ExprDoc(LiteralDoc::Bool(imm->value != 0))
                                  : ExprDoc(LiteralDoc::Int(imm->value));
  value = WithPath(std::move(value), p.Attr("value"));
  return DTypeDoc(t, dtype).Call({value});
}

Doc FloatImmDoc(const tirx::FloatImm& imm, const AccessPath& p, const DocTranslator& t) {
  double v = imm->value;
  // inf and nan have no literal; the type's constructor reads them from a string.
  ExprDoc value = std::isnan(v)   ? ExprDoc(LiteralDoc::Str("nan"))
                  : std::isinf(v) ? ExprDoc(LiteralDoc::Str(v > 0 ? "inf" : "-inf"))
                                  : ExprDoc(LiteralDoc::Float(v));
  value = WithPath(std::move(value), p.Attr("value"));
  return DTypeDoc(t, DTypeOf(imm)).Call({value});
}

/*! \brief How one binary node prints: a Python operator, or `T.<builder>(a, b)`. */
struct BinarySpelling {
  OperationKind op;
  const char* builder;  // nullptr: always the operator
  /*! \brief The operator's meaning matches only for these operand types. */
  bool (*op_applies)(DataType dtype);
};

bool Always(DataType) { return true; }
bool IsFloat(DataType d) { return d.is_float() || d.is_bfloat() || d.is_float8(); }
bool IsInteger(DataType d) { return d.is_int() || d.is_uint(); }

bool IsBareLiteral(const ir::Expr& e) {
  return e.as<tirx::IntImmObj>() != nullptr && DTypeOf(e) == DataType::Int(32);
}

/*!
 * \brief The docs of a binary node's operands. Two bare int32 literals would be computed by
 *  Python when the text is parsed (`0 < 12` is `True`, `0 + 1` is `1`), so the left one is
 *  printed typed (`T.int32(0) < 12`) and the node reads back as built.
 */
std::pair<ExprDoc, ExprDoc> OperandDocs(const ir::Expr& a, const ir::Expr& b, const AccessPath& p,
                                        const DocTranslator& t) {
  if (IsBareLiteral(a) && IsBareLiteral(b)) {
    ExprDoc value =
        WithPath(LiteralDoc::Int(a.as<tirx::IntImmObj>()->value), p.Attr("a").Attr("value"));
    ExprDoc typed = WithPath(DTypeDoc(t, DataType::Int(32)).Call({value}), p.Attr("a"));
    return {typed, t.AsExprDoc(b, p.Attr("b"))};
  }
  // In this order: variables are named at first use, left to right.
  ExprDoc a_doc = t.AsExprDoc(a, p.Attr("a"));
  return {a_doc, t.AsExprDoc(b, p.Attr("b"))};
}

template <typename TNode>
void RegisterBinary(BinarySpelling spelling) {
  RegisterDocTranslate<TNode>([spelling](TNode node, AccessPath p, DocTranslator t) -> Doc {
    auto [a, b] = OperandDocs(node->a, node->b, p, t);
    if (spelling.builder == nullptr || spelling.op_applies(DTypeOf(node->a))) {
      return OperationDoc(spelling.op, {a, b});
    }
    return TAttr(t, spelling.builder).Call({a, b});
  });
}

/*! \brief Builders that never read as an operator: `T.truncmod`, `T.min`, `T.max`. */
template <typename TNode>
void RegisterBuilderCall(const char* builder) {
  RegisterDocTranslate<TNode>([builder](TNode node, AccessPath p, DocTranslator t) -> Doc {
    auto [a, b] = OperandDocs(node->a, node->b, p, t);
    return TAttr(t, builder).Call({a, b});
  });
}

TVM_FFI_STATIC_INIT_BLOCK() {
  using K = OperationKind;
  RegisterDocTranslate<tirx::IntImm>(IntImmDoc);
  RegisterDocTranslate<tirx::FloatImm>(FloatImmDoc);
  RegisterDocTranslate<tirx::StringImm>([](tirx::StringImm s, AccessPath, DocTranslator) -> Doc {
    return LiteralDoc::Str(s->value);
  });
  RegisterDocTranslate<tirx::Cast>([](tirx::Cast cast, AccessPath p, DocTranslator t) -> Doc {
    ExprDoc dtype = WithPath<ExprDoc>(LiteralDoc::Str(DTypeOf(cast).ToString()), p.Attr("ty"));
    return TAttr(t, "Cast").Call({dtype, t.AsExprDoc(cast->value, p.Attr("value"))});
  });
  RegisterBinary<tirx::Add>({K::kAdd, nullptr, Always});
  RegisterBinary<tirx::Sub>({K::kSub, nullptr, Always});
  RegisterBinary<tirx::Mul>({K::kMult, nullptr, Always});
  RegisterBinary<tirx::Div>({K::kDiv, "Div", IsFloat});
  RegisterBinary<tirx::FloorDiv>({K::kFloorDiv, "floordiv", IsInteger});
  RegisterBinary<tirx::FloorMod>({K::kMod, "floormod", IsInteger});
  RegisterBinary<tirx::LShift>({K::kLShift, nullptr, Always});
  RegisterBinary<tirx::RShift>({K::kRShift, nullptr, Always});
  RegisterBinary<tirx::BitwiseAnd>({K::kBitAnd, nullptr, Always});
  RegisterBinary<tirx::BitwiseOr>({K::kBitOr, nullptr, Always});
  RegisterBinary<tirx::BitwiseXor>({K::kBitXor, nullptr, Always});
  RegisterDocTranslate<tirx::BitwiseNot>(
      [](tirx::BitwiseNot n, AccessPath p, DocTranslator t) -> Doc {
        return OperationDoc(K::kInvert, {t.AsExprDoc(n->a, p.Attr("a"))});
      });
  RegisterBuilderCall<tirx::Mod>("truncmod");
  RegisterBuilderCall<tirx::Min>("min");
  RegisterBuilderCall<tirx::Max>("max");
  RegisterBinary<tirx::EQ>({K::kEq, nullptr, Always});
  RegisterBinary<tirx::NE>({K::kNotEq, nullptr, Always});
  RegisterBinary<tirx::LT>({K::kLt, nullptr, Always});
  RegisterBinary<tirx::LE>({K::kLtE, nullptr, Always});
  RegisterBinary<tirx::GT>({K::kGt, nullptr, Always});
  RegisterBinary<tirx::GE>({K::kGtE, nullptr, Always});
  RegisterBinary<tirx::And>({K::kAnd, nullptr, Always});
  RegisterBinary<tirx::Or>({K::kOr, nullptr, Always});
  RegisterDocTranslate<tirx::Not>([](tirx::Not n, AccessPath p, DocTranslator t) -> Doc {
    return OperationDoc(K::kNot, {t.AsExprDoc(n->a, p.Attr("a"))});
  });
  RegisterDocTranslate<tirx::Select>([](tirx::Select s, AccessPath p, DocTranslator t) -> Doc {
    return TAttr(t, "Select")
        .Call({t.AsExprDoc(s->condition, p.Attr("condition")),
               t.AsExprDoc(s->true_value, p.Attr("true_value")),
               t.AsExprDoc(s->false_value, p.Attr("false_value"))});
  });
}

}  // namespace

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
