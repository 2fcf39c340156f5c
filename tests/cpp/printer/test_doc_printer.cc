// The Python text printer on hand-built Docs: parentheses by precedence and associativity,
// literals, statement layout, comments and docstrings.
#include <tvm/script/printer/printer.h>

#include <string>
#include <vector>

#include "printer_test_util.h"

using namespace tvm::script::printer;
using printer_test::CheckDoc;
using tvm::ffi::Array;
using K = OperationKind;

namespace {

ExprDoc Id(const char* name) { return IdDoc(name); }
ExprDoc Op(K kind, Array<ExprDoc> operands) { return OperationDoc(kind, operands); }

struct PrecedenceCase {
  ExprDoc doc;
  const char* text;
};

}  // namespace

TEST_SUITE("printer.PythonPrinter") {
  TEST_CASE("parentheses follow Python's precedence and associativity") {
    ExprDoc a = Id("a"), b = Id("b"), c = Id("c");
    std::vector<PrecedenceCase> cases = {
        {Op(K::kSub, {Op(K::kSub, {a, b}), c}), "a - b - c"},
        {Op(K::kSub, {a, Op(K::kSub, {b, c})}), "a - (b - c)"},
        {Op(K::kAdd, {a, Op(K::kMult, {b, c})}), "a + b * c"},
        {Op(K::kMult, {Op(K::kAdd, {a, b}), c}), "(a + b) * c"},
        {Op(K::kMult, {a, Op(K::kAdd, {b, c})}), "a * (b + c)"},
        {Op(K::kDiv, {a, Op(K::kMult, {b, c})}), "a / (b * c)"},
        {Op(K::kFloorDiv, {Op(K::kMod, {a, b}), c}), "a % b // c"},
        {Op(K::kPow, {a, Op(K::kPow, {b, c})}), "a ** b ** c"},
        {Op(K::kPow, {Op(K::kPow, {a, b}), c}), "(a ** b) ** c"},
        {Op(K::kPow, {Op(K::kUSub, {a}), b}), "(-a) ** b"},
        {Op(K::kPow, {a, Op(K::kUSub, {b})}), "a ** -b"},
        {Op(K::kUSub, {Op(K::kPow, {a, b})}), "-a ** b"},
        {Op(K::kUSub, {Op(K::kAdd, {a, b})}), "-(a + b)"},
        {Op(K::kInvert, {a}), "~a"},
        {Op(K::kLt, {Op(K::kAdd, {a, b}), c}), "a + b < c"},
        {Op(K::kEq, {Op(K::kLt, {a, b}), c}), "(a < b) == c"},
        {Op(K::kEq, {a, Op(K::kLt, {b, c})}), "a == (b < c)"},
        {Op(K::kAnd, {Op(K::kLt, {a, b}), Op(K::kGt, {b, c})}), "a < b and b > c"},
        {Op(K::kOr, {Op(K::kAnd, {a, b}), c}), "a and b or c"},
        {Op(K::kAnd, {Op(K::kOr, {a, b}), c}), "(a or b) and c"},
        {Op(K::kAnd, {a, Op(K::kAnd, {b, c})}), "a and (b and c)"},
        {Op(K::kNot, {Op(K::kEq, {a, b})}), "not a == b"},
        {Op(K::kNot, {Op(K::kAnd, {a, b})}), "not (a and b)"},
        {Op(K::kAnd, {Op(K::kNot, {a}), b}), "not a and b"},
        {Op(K::kBitOr, {Op(K::kBitAnd, {a, b}), Op(K::kBitXor, {b, c})}), "a & b | b ^ c"},
        {Op(K::kBitAnd, {Op(K::kLShift, {a, b}), Op(K::kRShift, {b, c})}), "a << b & b >> c"},
        {Op(K::kIfThenElse, {a, b, c}), "b if a else c"},
        {Op(K::kIfThenElse, {a, Op(K::kIfThenElse, {a, b, c}), c}), "(b if a else c) if a else c"},
        {Op(K::kIfThenElse, {a, b, Op(K::kIfThenElse, {a, b, c})}), "b if a else b if a else c"},
        {Op(K::kAdd, {a, LiteralDoc::Int(-1)}), "a + -1"},
        {Op(K::kPow, {LiteralDoc::Int(-2), a}), "(-2) ** a"},
        {Op(K::kAdd, {a, b}).Attr("x"), "(a + b).x"},
        {Op(K::kMult, {a, b}).Call({c}), "(a * b)(c)"},
        {Op(K::kSub, {a, b}).Index({c}), "(a - b)[c]"},
        {LambdaDoc({IdDoc("a")}, Op(K::kIfThenElse, {a, b, c})), "lambda a: b if a else c"},
        {Op(K::kAdd, {a, LambdaDoc({IdDoc("x")}, b)}), "a + (lambda x: b)"},
    };
    for (const PrecedenceCase& c : cases) CheckDoc(c.doc, c.text);
  }

  TEST_CASE("literals print as Python literals") {
    CheckDoc(LiteralDoc::None(), "None");
    CheckDoc(LiteralDoc::Bool(true), "True");
    CheckDoc(LiteralDoc::Int(-42), "-42");
    CheckDoc(LiteralDoc::Float(1.0), "1.0");
    CheckDoc(LiteralDoc::Float(0.1), "0.1");
    CheckDoc(LiteralDoc::Float(1e-10), "1e-10");
    CheckDoc(LiteralDoc::Float(123456789.0), "123456789.0");
    CheckDoc(LiteralDoc::Float(1.0 / 0.0), "float(\"inf\")");
    CheckDoc(LiteralDoc::Str("a\"b\\c\nd\x01"), "\"a\\\"b\\\\c\\nd\\x01\"");
    CheckDoc(LiteralDoc::Str("é"), "\"é\"");
  }

  TEST_CASE("containers, calls, indices and slices") {
    ExprDoc a = IdDoc("a");
    CheckDoc(TupleDoc(Array<ExprDoc>{}), "()");
    CheckDoc(TupleDoc({a}), "(a,)");
    CheckDoc(TupleDoc({a, a}), "(a, a)");
    CheckDoc(ListDoc({a, LiteralDoc::Int(1)}), "[a, 1]");
    CheckDoc(DictDoc({LiteralDoc::Str("k")}, {a}), "{\"k\": a}");
    CheckDoc(a.Call({a}, {"k"}, {LiteralDoc::Int(2)}), "a(a, k=2)");
    CheckDoc(a.Call({}, {"k"}, {LiteralDoc::Int(2)}), "a(k=2)");
    CheckDoc(a.Index({}), "a[()]");
    CheckDoc(a.Index({SliceDoc(a, std::nullopt, LiteralDoc::Int(2)), a}), "a[a::2, a]");
    CheckDoc(a.Index({SliceDoc(std::nullopt, std::nullopt, std::nullopt)}), "a[:]");
  }

  TEST_CASE("statements: blocks indent, empty bodies print pass, comments go above") {
    ExprDoc x = IdDoc("x");
    StmtDoc assign = AssignDoc(x, LiteralDoc::Int(1), IdDoc("int"));
    StmtDoc commented = details::WithComment(ExprStmtDoc(x), "two\nlines");
    Array<StmtDoc> body = {assign, commented, BreakDoc::Make(), ContinueDoc::Make()};
    CheckDoc(ForDoc(x, IdDoc("range").Call({LiteralDoc::Int(3)}), body),
             "for x in range(3):\n    x: int = 1\n    # two\n    # lines\n    x\n    break\n"
             "    continue");
    CheckDoc(IfDoc(x, {}, {ReturnDoc(x)}), "if x:\n    pass\nelse:\n    return x");
    CheckDoc(WhileDoc(x, {ReturnDoc(std::nullopt)}), "while x:\n    return");
    CheckDoc(ScopeDoc(x, IdDoc("ctx"), {AssertDoc(x, LiteralDoc::Str("m"))}),
             "with ctx as x:\n    assert x, \"m\"");
    // A tuple of two or more on either side prints bare (the reference's `y: T.let[...] = a, b`);
    // one of one keeps its parentheses and comma.
    CheckDoc(AssignDoc(TupleDoc({x, x}), TupleDoc({x, x}), std::nullopt), "x, x = x, x");
    CheckDoc(AssignDoc(x, TupleDoc({x}), std::nullopt), "x = (x,)");
    CheckDoc(CommentDoc("note"), "# note");
    CheckDoc(StmtBlockDoc({DocStringDoc("Doc.\n\nMore."), assign}),
             "\"\"\"\nDoc.\n\nMore.\n\"\"\"\nx: int = 1");
  }

  TEST_CASE("functions (with type parameters) and classes") {
    FunctionDoc::Signature sig;
    sig.type_params = {AssignDoc(IdDoc("n"), std::nullopt, std::nullopt),
                       AssignDoc(IdDoc("m"), std::nullopt, IdDoc("T").Attr("int64"))};
    sig.args = {AssignDoc(IdDoc("a"), std::nullopt, IdDoc("int"))};
    sig.decorators = {IdDoc("deco")};
    sig.return_type = IdDoc("int");
    FunctionDoc f(IdDoc("f"), sig, {ReturnDoc(IdDoc("a"))});
    CheckDoc(f, "@deco\ndef f[n, m: T.int64](a: int) -> int:\n    return a");
    CheckDoc(ClassDoc(IdDoc("C"), {IdDoc("I").Attr("ir_module")}, {f, f}),
             "@I.ir_module\nclass C:\n    @deco\n    def f[n, m: T.int64](a: int) -> int:\n"
             "        return a\n\n    @deco\n    def f[n, m: T.int64](a: int) -> int:\n"
             "        return a");
    CheckDoc(ClassDoc(IdDoc("C"), {}, {}), "class C:\n    pass");
    CheckDoc(f, "@deco\ndef f[n, m: T.int64](a: int) -> int:\n  return a", {{"indent_spaces", 2}});
  }

  TEST_CASE("a malformed Doc is an error, not a crash") {
    CHECK_THROWS_WITH_AS(OperationDoc(K::kAdd, {IdDoc("a")}), doctest::Contains("operands"),
                         tvm::ffi::Error);
    CHECK_THROWS_AS(CallDoc(IdDoc("f"), {}, {"k"}, {}), tvm::ffi::Error);
    CHECK_THROWS_AS(DocToPythonScript(Doc()), tvm::ffi::Error);
    CHECK_THROWS_AS(DocToPythonScript(LiteralDoc(tvm::ffi::Any(tvm::ffi::DataType::Int(8)))),
                    tvm::ffi::Error);
  }
}
