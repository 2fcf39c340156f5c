/*!
 * \file translate_expr.cc
 * \brief TIRx scalar expressions: constants (an int32 bare, every other type explicit:
 *  `T.int64(5)`, `T.float32(1.0)`, `T.bool(True)`), casts, the binary and logical nodes as
 *  Python operators where Python's operator means the same, `T.<builder>(a, b)` otherwise.
 */
#include <tvm/tirx/expr.h>
#include <tvm/tirx/op.h>

#include <cmath>
#include <optional>
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
  ExprDoc value = std::isnan(v)          ? ExprDoc(LiteralDoc::Str("nan"))
                  : std::isinf(v)        ? ExprDoc(LiteralDoc::Str(v > 0 ? "inf" : "-inf"))
                  : t.config()->apache() ? ExprDoc(IdDoc(ApacheFloatText(v)))
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
  const char* node;  // the raw constructor, `T.Add`
  /*!
   * \brief Prints raw whenever an operand is a constant: the reference's printer does so for
   *  `and`/`or` (`T.And(T.bool(True), k > 0)`), whose builders would fold them.
   */
  bool raw_with_constant = false;
};

bool Always(DataType) { return true; }
bool IsFloat(DataType d) { return d.is_floating_point(); }
bool IsInteger(DataType d) { return d.is_int() || d.is_uint(); }

bool IsConstant(const ir::Expr& e) {
  return e.as<tirx::IntImmObj>() != nullptr || e.as<tirx::FloatImmObj>() != nullptr;
}

bool IsBareLiteral(const ir::Expr& e) {
  return e.as<tirx::IntImmObj>() != nullptr && DTypeOf(e) == DataType::Int(32);
}

/*!
 * \brief The raw constructor, `T.Add(2147483647, 1)`, for a node that its operator would not
 *  build again when read: one the builders would fold or reject (`x + 0`, `x / 0.0`; they fold
 *  as the reference's do) and one of two int32 constants (Python itself would compute `0 + 1`),
 *  as the reference prints those; nullopt for any other node.
 */
template <typename TNode>
std::optional<Doc> RawUnlessRebuilt(const TNode& node, const char* constructor, const AccessPath& p,
                                    const DocTranslator& t, bool raw_with_constant = false) {
  bool constant_operand = IsConstant(node->a) || IsConstant(node->b);
  if (!(IsBareLiteral(node->a) && IsBareLiteral(node->b)) && !tirx::FoldsWhenRebuilt(node) &&
      !(raw_with_constant && constant_operand)) {
    return std::nullopt;
  }
  return TAttr(t, constructor)
      .Call({t.AsExprDoc(node->a, p.Attr("a")), t.AsExprDoc(node->b, p.Attr("b"))});
}

/*!
 * \brief The docs of a binary node's operands, in this order: variables are named at first use,
 *  left to right.
 */
std::pair<ExprDoc, ExprDoc> OperandDocs(const ir::Expr& a, const ir::Expr& b, const AccessPath& p,
                                        const DocTranslator& t) {
  ExprDoc a_doc = t.AsExprDoc(a, p.Attr("a"));
  return {a_doc, t.AsExprDoc(b, p.Attr("b"))};
}

template <typename TNode>
void RegisterBinary(BinarySpelling spelling) {
  RegisterDocTranslate<TNode>([spelling](TNode node, AccessPath p, DocTranslator t) -> Doc {
    if (std::optional<Doc> raw =
            RawUnlessRebuilt(node, spelling.node, p, t, spelling.raw_with_constant)) {
      return *raw;
    }
    auto [a, b] = OperandDocs(node->a, node->b, p, t);
    if (spelling.builder == nullptr || spelling.op_applies(DTypeOf(node->a))) {
      return OperationDoc(spelling.op, {a, b});
    }
    return TAttr(t, spelling.builder).Call({a, b});
  });
}

/*!
 * \brief Builders that never read as an operator: `T.truncmod`, `T.min`, `T.max`; `node_name`
 *  is the raw constructor for a node of two constants.
 */
template <typename TNode>
void RegisterBuilderCall(const char* builder, const char* node_name) {
  RegisterDocTranslate<TNode>(
      [builder, node_name](TNode node, AccessPath p, DocTranslator t) -> Doc {
        if (std::optional<Doc> raw = RawUnlessRebuilt(node, node_name, p, t)) return *raw;
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
  RegisterBinary<tirx::Add>({K::kAdd, nullptr, Always, "Add"});
  RegisterBinary<tirx::Sub>({K::kSub, nullptr, Always, "Sub"});
  RegisterBinary<tirx::Mul>({K::kMult, nullptr, Always, "Mul"});
  RegisterBinary<tirx::Div>({K::kDiv, "Div", IsFloat, "Div"});
  RegisterBinary<tirx::FloorDiv>({K::kFloorDiv, "floordiv", IsInteger, "FloorDiv"});
  RegisterBinary<tirx::FloorMod>({K::kMod, "floormod", IsInteger, "FloorMod"});
  RegisterBinary<tirx::LShift>({K::kLShift, nullptr, Always, "LShift"});
  RegisterBinary<tirx::RShift>({K::kRShift, nullptr, Always, "RShift"});
  RegisterBinary<tirx::BitwiseAnd>({K::kBitAnd, nullptr, Always, "BitwiseAnd"});
  RegisterBinary<tirx::BitwiseOr>({K::kBitOr, nullptr, Always, "BitwiseOr"});
  RegisterBinary<tirx::BitwiseXor>({K::kBitXor, nullptr, Always, "BitwiseXor"});
  RegisterDocTranslate<tirx::BitwiseNot>(
      [](tirx::BitwiseNot n, AccessPath p, DocTranslator t) -> Doc {
        return OperationDoc(K::kInvert, {t.AsExprDoc(n->a, p.Attr("a"))});
      });
  RegisterBuilderCall<tirx::Mod>("truncmod", "Mod");
  RegisterBuilderCall<tirx::Min>("min", "Min");
  RegisterBuilderCall<tirx::Max>("max", "Max");
  RegisterBinary<tirx::EQ>({K::kEq, nullptr, Always, "EQ"});
  RegisterBinary<tirx::NE>({K::kNotEq, nullptr, Always, "NE"});
  RegisterBinary<tirx::LT>({K::kLt, nullptr, Always, "LT"});
  RegisterBinary<tirx::LE>({K::kLtE, nullptr, Always, "LE"});
  RegisterBinary<tirx::GT>({K::kGt, nullptr, Always, "GT"});
  RegisterBinary<tirx::GE>({K::kGtE, nullptr, Always, "GE"});
  RegisterBinary<tirx::And>({K::kAnd, nullptr, Always, "And", true});
  RegisterBinary<tirx::Or>({K::kOr, nullptr, Always, "Or", true});
  RegisterDocTranslate<tirx::Not>([](tirx::Not n, AccessPath p, DocTranslator t) -> Doc {
    ExprDoc a = t.AsExprDoc(n->a, p.Attr("a"));
    // As the reference prints it: `not` of a constant would fold, so it is the raw constructor
    // (0.27 prints `not` always, and reads it back unfolded).
    if (IsConstant(n->a) && !t.config()->apache()) return TAttr(t, "Not").Call({a});
    return OperationDoc(K::kNot, {a});
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
