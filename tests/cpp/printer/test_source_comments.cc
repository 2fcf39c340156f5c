// Source comments (the formatter's): leading lines above a statement and a trailing comment at
// the end of its line, on every statement Doc, and placed through the IR by
// ScriptWithSourceComments.
#include <tvm/ir/call.h>
#include <tvm/script/printer/source_comments.h>
#include <tvm/tirx/stmt.h>

#include "printer_test_util.h"

using namespace tvm;
using namespace tvm::script::printer;
using ffi::Array;
using ffi::String;
using printer_test::CheckDoc;
using printer_test::IntVar;
using printer_test::NoHeader;
using printer_test::TensorVar;

namespace {

/*! \brief `stmt` with the leading lines `# above` and the trailing comment `#  end`. */
StmtDoc Commented(StmtDoc stmt) {
  return details::WithSourceComments(std::move(stmt), {"# above"}, String("#  end"));
}

ExprDoc X() { return IdDoc("x"); }

/*! \brief Prints `node` with source comments and compares the text. */
CommentedScript CheckCommented(const ffi::Any& node, const SourceComments& comments,
                               const std::string& expected) {
  CommentedScript printed = ScriptWithSourceComments(node, PrinterConfig(NoHeader()), comments);
  CHECK(printed.text == expected);
  if (printed.text != expected) MESSAGE("got:\n" << printed.text.str());
  return printed;
}

}  // namespace

TEST_SUITE("printer.SourceComments") {
  TEST_CASE("simple statements: comments above, and at the end of the line as written") {
    CheckDoc(Commented(AssignDoc(X(), LiteralDoc::Int(1), std::nullopt)), "# above\nx = 1  #  end");
    CheckDoc(Commented(ExprStmtDoc(X().Call({}))), "# above\nx()  #  end");
    CheckDoc(Commented(AssertDoc(X(), LiteralDoc::Str("m"))), "# above\nassert x, \"m\"  #  end");
    CheckDoc(Commented(ReturnDoc(X())), "# above\nreturn x  #  end");
    CheckDoc(Commented(ReturnDoc(std::nullopt)), "# above\nreturn  #  end");
    CheckDoc(Commented(BreakDoc::Make()), "# above\nbreak  #  end");
    CheckDoc(Commented(ContinueDoc::Make()), "# above\ncontinue  #  end");
    CheckDoc(Commented(CommentDoc("note")), "# above\n# note  #  end");
    CheckDoc(Commented(DocStringDoc("Doc.")), "# above\n\"\"\"\nDoc.\n\"\"\"  #  end");
  }

  TEST_CASE("compound statements: the trailing comment ends the header line") {
    Array<StmtDoc> body = {Commented(BreakDoc::Make())};
    CheckDoc(Commented(ForDoc(X(), IdDoc("range").Call({LiteralDoc::Int(3)}), body)),
             "# above\nfor x in range(3):  #  end\n    # above\n    break  #  end");
    CheckDoc(Commented(WhileDoc(X(), body)),
             "# above\nwhile x:  #  end\n    # above\n    break  #  end");
    CheckDoc(Commented(IfDoc(X(), body, {Commented(ReturnDoc(X()))})),
             "# above\nif x:  #  end\n    # above\n    break  #  end\nelse:\n    # above\n"
             "    return x  #  end");
    CheckDoc(Commented(ScopeDoc(X(), IdDoc("ctx"), body)),
             "# above\nwith ctx as x:  #  end\n    # above\n    break  #  end");
    CheckDoc(Commented(ScopeDoc(std::nullopt, IdDoc("ctx"), {})),
             "# above\nwith ctx:  #  end\n    pass");
  }

  TEST_CASE("functions and classes: comments above the decorators, at the end of the header") {
    FunctionDoc::Signature sig;
    sig.args = {AssignDoc(IdDoc("a"), std::nullopt, IdDoc("int"))};
    sig.decorators = {IdDoc("deco")};
    StmtDoc f = Commented(FunctionDoc(IdDoc("f"), sig, {ReturnDoc(IdDoc("a"))}));
    CheckDoc(f, "# above\n@deco\ndef f(a: int):  #  end\n    return a");
    CheckDoc(Commented(ClassDoc(IdDoc("C"), {IdDoc("I").Attr("ir_module")}, {f, f})),
             "# above\n@I.ir_module\nclass C:  #  end\n    # above\n    @deco\n"
             "    def f(a: int):  #  end\n        return a\n\n    # above\n    @deco\n"
             "    def f(a: int):  #  end\n        return a");
  }

  TEST_CASE("a block's trailing comment ends its last line; printer notes come first") {
    StmtDoc one = AssignDoc(X(), LiteralDoc::Int(1), std::nullopt);
    CheckDoc(Commented(StmtBlockDoc({one, one})), "# above\nx = 1\nx = 1  #  end");
    StmtDoc noted = details::WithComment(one, "note");
    CheckDoc(details::WithSourceComments(noted, {"#a", "#\tb \xc3\xa9"}, std::nullopt),
             "# note\n#a\n#\tb \xc3\xa9\nx = 1");
  }

  TEST_CASE("comments are added to a copy of a shared Doc, and must be comments") {
    StmtDoc shared = BreakDoc::Make();
    StmtDoc held = shared;
    StmtDoc commented = details::WithSourceComments(shared, {"# a"}, std::nullopt);
    CHECK(held->leading_comments.empty());
    CHECK(commented->leading_comments.size() == 1);
    StmtDoc more = details::WithSourceComments(commented, {"# b"}, String("# c"));
    CheckDoc(more, "# a\n# b\nbreak  # c");
    for (const char* bad : {"x = 1", "", "# a\nx = 1", "# a\rx = 1"}) {
      CHECK_THROWS_WITH_AS(details::WithSourceComments(BreakDoc::Make(), {bad}, std::nullopt),
                           doctest::Contains("holds no line break"), ffi::Error);
      CHECK_THROWS_AS(details::WithSourceComments(BreakDoc::Make(), {}, String(bad)), ffi::Error);
    }
    CHECK_THROWS_WITH_AS(details::WithSourceComments(more, {}, String("# d")),
                         doctest::Contains("one trailing comment"), ffi::Error);
  }

  TEST_CASE("ScriptWithSourceComments places comments on the statements of their keys") {
    using namespace tvm::tirx;
    Var i = IntVar("i"), y = IntVar("y");
    Var a = TensorVar("A", {IntImm(PrimType::Int(32), 4)});
    Expr zero = IntImm(PrimType::Int(32), 0), one = IntImm(PrimType::Int(32), 1);
    Stmt store = TensorStore(a, {i}, FloatImm(PrimType::Float(32), 0.5));
    Stmt bind = Bind(y, i + 1);
    SeqStmt body({bind, store});
    Stmt loop = For(i, zero, IntImm(PrimType::Int(32), 4), one, body);
    Stmt check = AssertStmt(IntImm(PrimType::Bool(), 1), "RuntimeError", {"ok"});
    FunctionOptions options;
    options.attrs = {{"global_symbol", String("f")}};
    Function f({a}, SeqStmt({loop, check}), options);
    SourceComments comments;
    comments.leading = {{loop, Array<String>{"# the loop", "#"}}, {store, Array<String>{"# st"}}};
    comments.trailing = {{loop, String("# header")},
                         {bind, String("# let")},
                         {check, String("# done")},
                         {f, String("# def")}};
    CommentedScript printed = CheckCommented(f, comments,
                                             "@T.function\n"
                                             "def f(A: T.Tensor((4,), T.float32)):  # def\n"
                                             "    # the loop\n"
                                             "    #\n"
                                             "    for i in range(4):  # header\n"
                                             "        y: T.let[T.int32] = i + 1  # let\n"
                                             "        # st\n"
                                             "        A[i] = T.float32(0.5)\n"
                                             "    assert T.bool(True), (\"RuntimeError\", "
                                             "[\"ok\"])  # done");
    for (const Stmt& key : {loop, store, bind, check}) CHECK(printed.placed.at(key) == 1);
    CHECK(printed.placed.at(f) == 1);
    // Without comments the print is Script's.
    CHECK(ScriptWithSourceComments(f, PrinterConfig(NoHeader()), {}).text ==
          Script(f, PrinterConfig(NoHeader())));
  }

  TEST_CASE("keys that print as no single statement stay unplaced; a shared one counts twice") {
    using namespace tvm::tirx;
    Var y = IntVar("y");
    Stmt bind = Bind(y, IntImm(PrimType::Int(32), 1));
    SeqStmt block({bind, Evaluate(y)});
    Stmt absent = Evaluate(IntImm(PrimType::Int(32), 7));
    SourceComments comments;
    comments.leading = {{block, Array<String>{"# block"}}, {absent, Array<String>{"# gone"}}};
    CommentedScript printed =
        CheckCommented(block, comments, "y: T.let[T.int32] = 1\nT.evaluate(y)");
    CHECK(printed.placed.empty());
    Stmt twice = Evaluate(IntImm(PrimType::Int(32), 2));
    SourceComments shared;
    shared.trailing = {{twice, String("# two")}};
    printed = CheckCommented(SeqStmt({twice, twice}), shared,
                             "T.evaluate(2)  # two\nT.evaluate(2)  # two");
    CHECK(printed.placed.at(twice) == 2);
  }

  TEST_CASE("modules: members get comments above their decorators and on their def line") {
    using namespace tvm::tirx;
    Var x = IntVar("x");
    FunctionOptions ret;
    ret.ret_type = PrimType::Int(32);
    Stmt body = Return(x);
    Function g({x}, SeqStmt({body}), ret);
    ir::GlobalVar gv("g");
    ir::IRModule mod({{gv, g}});
    SourceComments comments;
    comments.leading = {{g, Array<String>{"# member"}}};
    comments.trailing = {{g, String("# g")}, {mod, String("# module")}, {body, String("# r")}};
    CheckCommented(mod, comments,
                   "@I.ir_module\n"
                   "class Module:  # module\n"
                   "    # member\n"
                   "    @T.function\n"
                   "    def g(x: T.int32) -> T.int32:  # g\n"
                   "        return x  # r");
  }

  TEST_CASE("whole plain prints only") {
    ir::Var x = IntVar("x");
    ffi::Map<String, ffi::Any> numbered = {{"print_line_numbers", true}};
    CHECK_THROWS_AS(ScriptWithSourceComments(x, PrinterConfig(numbered), {}), ffi::Error);
    ffi::Map<String, ffi::Any> fragment = {{"name_context", x}};
    CHECK_THROWS_AS(ScriptWithSourceComments(x, PrinterConfig(fragment), {}), ffi::Error);
  }
}
