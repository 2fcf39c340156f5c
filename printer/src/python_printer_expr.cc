/*!
 * \file python_printer_expr.cc
 * \brief Expression Docs as Python text, with the fewest parentheses that keep the tree.
 *
 * Rules (Python's): a child of lower precedence than its parent gets parentheses. On equal
 * precedence, left-associative operators parenthesise the right operand (`n - (1 - i)` but
 * `n - 1 - i`), `**` the left one, and comparisons both (a parenthesis-free `a < b < c` would
 * be a chained comparison).
 */
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "python_printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

namespace {

struct OperatorInfo {
  const char* token;
  Precedence precedence;
};

OperatorInfo InfoOf(OperationKind kind) {
  switch (kind) {
    case OperationKind::kUSub:
      return {"-", Precedence::kUnary};
    case OperationKind::kInvert:
      return {"~", Precedence::kUnary};
    case OperationKind::kNot:
      return {"not ", Precedence::kNot};
    case OperationKind::kAdd:
      return {"+", Precedence::kAdd};
    case OperationKind::kSub:
      return {"-", Precedence::kAdd};
    case OperationKind::kMult:
      return {"*", Precedence::kMult};
    case OperationKind::kDiv:
      return {"/", Precedence::kMult};
    case OperationKind::kFloorDiv:
      return {"//", Precedence::kMult};
    case OperationKind::kMod:
      return {"%", Precedence::kMult};
    case OperationKind::kPow:
      return {"**", Precedence::kPow};
    case OperationKind::kLShift:
      return {"<<", Precedence::kShift};
    case OperationKind::kRShift:
      return {">>", Precedence::kShift};
    case OperationKind::kBitAnd:
      return {"&", Precedence::kBitAnd};
    case OperationKind::kBitOr:
      return {"|", Precedence::kBitOr};
    case OperationKind::kBitXor:
      return {"^", Precedence::kBitXor};
    case OperationKind::kLt:
      return {"<", Precedence::kComparison};
    case OperationKind::kLtE:
      return {"<=", Precedence::kComparison};
    case OperationKind::kEq:
      return {"==", Precedence::kComparison};
    case OperationKind::kNotEq:
      return {"!=", Precedence::kComparison};
    case OperationKind::kGt:
      return {">", Precedence::kComparison};
    case OperationKind::kGtE:
      return {">=", Precedence::kComparison};
    case OperationKind::kAnd:
      return {"and", Precedence::kAnd};
    case OperationKind::kOr:
      return {"or", Precedence::kOr};
    case OperationKind::kIfThenElse:
      return {"if", Precedence::kIfThenElse};
    default:
      break;
  }
  TVM_FFI_THROW(ValueError) << "OperationDoc has an unknown kind " << static_cast<int64_t>(kind);
}

bool IsNegativeNumber(const LiteralDocObj* doc) {
  if (doc->value.type_index() == ffi::TypeIndex::kInt) return doc->value.cast<int64_t>() < 0;
  if (doc->value.type_index() == ffi::TypeIndex::kFloat) {
    return std::signbit(doc->value.cast<double>());
  }
  return false;
}

}  // namespace

Precedence PrecedenceOf(const ExprDoc& doc) {
  if (const auto* op = doc.as<OperationDocObj>()) {
    return InfoOf(static_cast<OperationKind>(op->kind)).precedence;
  }
  if (doc.as<LambdaDocObj>() != nullptr) return Precedence::kLambda;
  if (const auto* literal = doc.as<LiteralDocObj>()) {
    // `-1` is a unary minus to Python's parser: `(-1) ** 2` needs its parentheses.
    if (IsNegativeNumber(literal)) return Precedence::kUnary;
  }
  return Precedence::kAtom;
}

std::string PyStringLiteral(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\x%02x", c);
          out += buf;
        } else {
          out.push_back(static_cast<char>(c));  // UTF-8 passes through unchanged
        }
    }
  }
  return out + "\"";
}

std::string PyFloatLiteral(double value) {
  if (std::isnan(value)) return "float(\"nan\")";
  if (std::isinf(value)) return value > 0 ? "float(\"inf\")" : "float(\"-inf\")";
  // The shortest digits that read back exactly, laid out as Python's repr does: fixed
  // notation for exponents in [-4, 16), else `d.ddde+XX`.
  char buf[40];
  for (int precision = 0; precision <= 16; ++precision) {
    std::snprintf(buf, sizeof(buf), "%.*e", precision, value);
    if (std::strtod(buf, nullptr) == value) break;
  }
  std::string text = buf;
  std::string sign = text[0] == '-' ? "-" : "";
  size_t e_pos = text.find('e');
  std::string mantissa = text.substr(sign.size(), e_pos - sign.size());
  int exponent = std::atoi(text.c_str() + e_pos + 1);
  std::string digits;
  for (char c : mantissa) {
    if (c != '.') digits += c;
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  if (exponent < -4 || exponent >= 16) {
    std::string out = sign + digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char exp_text[16];
    std::snprintf(exp_text, sizeof(exp_text), "e%c%02d", exponent < 0 ? '-' : '+',
                  std::abs(exponent));
    return out + exp_text;
  }
  if (exponent < 0) return sign + "0." + std::string(-exponent - 1, '0') + digits;
  size_t point = static_cast<size_t>(exponent) + 1;
  if (digits.size() <= point) return sign + digits + std::string(point - digits.size(), '0') + ".0";
  return sign + digits.substr(0, point) + "." + digits.substr(point);
}

void PythonPrinter::PrintChild(const ExprDoc& child, Precedence parent, bool paren_on_equal) {
  Precedence own = PrecedenceOf(child);
  bool paren = own < parent || (paren_on_equal && own == parent);
  if (paren) out_ += "(";
  PrintDoc(child);
  if (paren) out_ += ")";
}

void PythonPrinter::PrintOperation(const OperationDocObj* doc) {
  auto kind = static_cast<OperationKind>(doc->kind);
  OperatorInfo info = InfoOf(kind);
  const ffi::Array<ExprDoc>& ops = doc->operands;
  if (kind < OperationKind::kUnaryEnd) {
    out_ += info.token;
    PrintChild(ops[0], info.precedence, false);
  } else if (kind == OperationKind::kPow) {
    // Right-associative, and its right operand may be a unary expression: `a ** -b`.
    PrintChild(ops[0], info.precedence, true);
    out_ += " ** ";
    PrintChild(ops[1], Precedence::kUnary, false);
  } else if (kind == OperationKind::kIfThenElse) {
    PrintChild(ops[1], info.precedence, true);
    out_ += " if ";
    PrintChild(ops[0], info.precedence, true);
    out_ += " else ";
    PrintChild(ops[2], info.precedence, false);
  } else {
    bool comparison = info.precedence == Precedence::kComparison;
    PrintChild(ops[0], info.precedence, comparison);
    out_ += std::string(" ") + info.token + " ";
    PrintChild(ops[1], info.precedence, true);
  }
}

void PythonPrinter::PrintLiteral(const LiteralDocObj* doc) {
  const ffi::Any& v = doc->value;
  switch (v.type_index()) {
    case ffi::TypeIndex::kNone:
      out_ += "None";
      return;
    case ffi::TypeIndex::kBool:
      out_ += v.cast<bool>() ? "True" : "False";
      return;
    case ffi::TypeIndex::kInt:
      out_ += std::to_string(v.cast<int64_t>());
      return;
    case ffi::TypeIndex::kFloat:
      out_ += PyFloatLiteral(v.cast<double>());
      return;
    case ffi::TypeIndex::kStr:
      out_ += PyStringLiteral(v.cast<std::string>());
      return;
    default:
      break;
  }
  TVM_FFI_THROW(TypeError) << "LiteralDoc cannot hold a `" << v.GetTypeKey() << "`";
}

void PythonPrinter::PrintJoined(const ffi::Array<ExprDoc>& docs, const char* separator) {
  bool first = true;
  for (const ExprDoc& doc : docs) {
    if (!first) out_ += separator;
    first = false;
    PrintDoc(doc);
  }
}

void PythonPrinter::PrintCall(const CallDocObj* doc) {
  PrintChild(doc->callee, Precedence::kAtom, false);
  out_ += "(";
  PrintJoined(doc->args, ", ");
  for (size_t i = 0; i < doc->kwargs_keys.size(); ++i) {
    if (i > 0 || !doc->args.empty()) out_ += ", ";
    out_ += doc->kwargs_keys[i].str() + "=";
    PrintDoc(doc->kwargs_values[i]);
  }
  out_ += ")";
}

void PythonPrinter::PrintIndex(const IndexDocObj* doc) {
  PrintChild(doc->value, Precedence::kAtom, false);
  if (doc->indices.empty()) {
    out_ += "[()]";
    return;
  }
  out_ += "[";
  bool first = true;
  for (const Doc& index : doc->indices) {
    if (!first) out_ += ", ";
    first = false;
    PrintDoc(index);
  }
  out_ += "]";
}

void PythonPrinter::PrintSlice(const SliceDocObj* doc) {
  if (doc->start.has_value()) PrintDoc(*doc->start);
  out_ += ":";
  if (doc->stop.has_value()) PrintDoc(*doc->stop);
  if (doc->step.has_value()) {
    out_ += ":";
    PrintDoc(*doc->step);
  }
}

void PythonPrinter::PrintExpr(const ExprDocObj* expr) {
  if (const auto* d = As<LiteralDocObj>(expr)) {
    PrintLiteral(d);
  } else if (const auto* d = As<IdDocObj>(expr)) {
    out_ += d->name.str();
  } else if (const auto* d = As<AttrAccessDocObj>(expr)) {
    PrintChild(d->value, Precedence::kAtom, false);
    out_ += "." + d->name.str();
  } else if (const auto* d = As<IndexDocObj>(expr)) {
    PrintIndex(d);
  } else if (const auto* d = As<CallDocObj>(expr)) {
    PrintCall(d);
  } else if (const auto* d = As<OperationDocObj>(expr)) {
    PrintOperation(d);
  } else if (const auto* d = As<LambdaDocObj>(expr)) {
    out_ += "lambda ";
    PrintJoined(ffi::Array<ExprDoc>(d->args.begin(), d->args.end()), ", ");
    out_ += ": ";
    PrintChild(d->body, Precedence::kLambda, false);
  } else if (const auto* d = As<TupleDocObj>(expr)) {
    out_ += "(";
    PrintJoined(d->elements, ", ");
    out_ += d->elements.size() == 1 ? ",)" : ")";
  } else if (const auto* d = As<ListDocObj>(expr)) {
    out_ += "[";
    PrintJoined(d->elements, ", ");
    out_ += "]";
  } else if (const auto* d = As<DictDocObj>(expr)) {
    out_ += "{";
    for (size_t i = 0; i < d->keys.size(); ++i) {
      if (i > 0) out_ += ", ";
      PrintDoc(d->keys[i]);
      out_ += ": ";
      PrintDoc(d->values[i]);
    }
    out_ += "}";
  } else {
    TVM_FFI_THROW(TypeError) << "the Python printer cannot print a `" << expr->GetTypeKey() << "`";
  }
}

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
