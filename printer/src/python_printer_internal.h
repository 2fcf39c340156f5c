/*!
 * \file python_printer_internal.h
 * \brief The Python text printer of Doc trees: layout, minimal parentheses, and the byte range
 *  of every Doc that has source paths.
 */
#ifndef TVM_SCRIPT_PRINTER_SRC_PYTHON_PRINTER_INTERNAL_H_
#define TVM_SCRIPT_PRINTER_SRC_PYTHON_PRINTER_INTERNAL_H_

#include <tvm/script/printer/stmt_doc.h>

#include <string>
#include <vector>

namespace tvm {
namespace script {
namespace printer {
namespace details {

/*! \brief `obj` as a `const T*` when it is a T, else nullptr (Object itself has no `as`). */
template <typename T>
const T* As(const ffi::Object* obj) {
  return obj != nullptr && obj->IsInstance<T>() ? static_cast<const T*>(obj) : nullptr;
}

/*! \brief Where one origin path of a Doc landed: bytes [begin, end) of the text. */
struct PathSpan {
  AccessPath path;
  size_t begin = 0;
  size_t end = 0;
};

/*!
 * \brief Python operator precedence, lowest first
 *  (https://docs.python.org/3/reference/expressions.html#operator-precedence).
 */
enum class Precedence : int {
  kLambda = 1,
  kIfThenElse,
  kOr,
  kAnd,
  kNot,
  kComparison,
  kBitOr,
  kBitXor,
  kBitAnd,
  kShift,
  kAdd,
  kMult,
  kUnary,
  kPow,
  kAtom,
};

/*! \brief Renders Docs as Python text into one buffer (append-only). */
class PythonPrinter {
 public:
  explicit PythonPrinter(int64_t indent_spaces) : indent_spaces_(indent_spaces) {}

  /*! \brief Appends text that comes from no Doc (the header lines). */
  void AppendRaw(const std::string& text) { out_ += text; }
  /*! \brief Appends a Doc: an expression, or statements at indentation level 0. */
  void Append(const Doc& doc) { PrintDoc(doc); }
  const std::string& text() const { return out_; }
  /*! \brief One entry per (Doc, source path), in the order the Docs finished printing. */
  const std::vector<PathSpan>& spans() const { return spans_; }

 private:
  void PrintDoc(const Doc& doc);
  void PrintComment(const StmtDocObj* stmt);
  void PrintLeadingComments(const StmtDocObj* stmt);
  void PrintTrailingComment(const StmtDocObj* stmt);
  void PrintStmt(const StmtDocObj* stmt);
  void PrintSimpleStmt(const StmtDocObj* stmt);
  void PrintExpr(const ExprDocObj* expr);
  void PrintChild(const ExprDoc& child, Precedence parent, bool paren_on_equal);
  void PrintOperation(const OperationDocObj* doc);
  void PrintLiteral(const LiteralDocObj* doc);
  void PrintCall(const CallDocObj* doc);
  void PrintIndex(const IndexDocObj* doc);
  void PrintSlice(const SliceDocObj* doc);
  void PrintJoined(const ffi::Array<ExprDoc>& docs, const char* separator);
  void PrintBlock(const ffi::Array<StmtDoc>& body, bool blank_line_after_definitions = false);
  void PrintTarget(const ExprDoc& target);
  void PrintAssign(const AssignDocObj* doc);
  void PrintFunction(const FunctionDocObj* doc);
  void PrintClass(const ClassDocObj* doc);
  void PrintDecorators(const ffi::Array<ExprDoc>& decorators);
  void PrintDocString(const std::string& text);
  void NewLine();

  std::string out_;
  std::vector<PathSpan> spans_;
  int64_t indent_spaces_;
  int64_t indent_ = 0;
  int depth_ = 0;
};

/*! \return the precedence of an expression Doc (negative number literals count as unary). */
Precedence PrecedenceOf(const ExprDoc& doc);
/*! \return a Python string literal (double quotes, escapes) for `text`. */
std::string PyStringLiteral(const std::string& text);
/*! \return the shortest text that reads back as `value` (`1.0`, `0.1`, `1e-10`). */
std::string PyFloatLiteral(double value);

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm

#endif  // TVM_SCRIPT_PRINTER_SRC_PYTHON_PRINTER_INTERNAL_H_
