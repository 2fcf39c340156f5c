// The entry points: underlines with context, line numbers, the source map, fragments printed in
// their function's naming context, the reflection fallback for a run-time type, bad input.
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/script.h>
#include <tvm/tirx/stmt.h>
#include <tvm/tirx/tensor_expr.h>

#include <string>
#include <vector>

#include "printer_test_util.h"

using namespace tvm;
using namespace tvm::tirx;
using ffi::Any;
using ffi::Array;
using ffi::Map;
using ffi::String;
using ffi::reflection::AccessPath;
using printer_test::Check;
using printer_test::IntVar;
using printer_test::TensorVar;
namespace printer = tvm::script::printer;

namespace {

/*! \brief for i in range(n): B[i] = A[i] + 1.0, with three more statements after the loop. */
struct Fixture {
  Var n = IntVar("n"), i = IntVar("i"), x = IntVar("x");
  Var a = TensorVar("A", {n}), b = TensorVar("B", {n});
  Stmt store = TensorStore(b, {i}, TensorLoad(a, {i}) + MakeConst(PrimType::Float(32), 1.0));
  Function func = Make();

  Function Make() {
    Expr zero = IntImm(PrimType::Int(32), 0), one = IntImm(PrimType::Int(32), 1);
    Stmt loop = For(i, zero, n, one, SeqStmt({store}));
    Stmt tail = SeqStmt({Bind(x, n + 1), Evaluate(x), Evaluate(x * 2)});
    return Function({a, b}, SeqStmt({loop, tail}), {});
  }
};

AccessPath StorePath() {
  return AccessPath::Root()
      .Attr("body")
      .Attr("seq")
      .ArrayItem(0)
      .Attr("body")
      .Attr("seq")
      .ArrayItem(0);
}

}  // namespace

TEST_SUITE("printer.api") {
  TEST_CASE("underlines: the deepest Doc matching the path, exact or nearest parent") {
    Fixture f;
    Map<String, Any> options = {
        {"show_header", false},
        {"path_to_underline", Array<AccessPath>{StorePath().Attr("value")}}};
    Check(f.func,
          std::string("@T.function\ndef main[n](A: T.Tensor((n,), T.float32), B: "
                      "T.Tensor((n,), T.float32)):\n") +
              "    for i in range(n):\n        B[i] = A[i] + T.float32(1.0)\n"
              "               ^^^^^^^^^^^^^^^^^^^^^\n"
              "    x: T.let[T.int32] = n + 1\n    T.evaluate(x)\n    T.evaluate(x * 2)",
          options);
    // A path below what is printed (the dtype inside the load's type) underlines the load.
    options.Set("path_to_underline",
                Array<AccessPath>{StorePath().Attr("value").Attr("a").Attr("ty").Attr("dtype")});
    options.Set("num_context_lines", int64_t{0});
    Check(f.func,
          "(... 3 lines skipped ...)\n        B[i] = A[i] + T.float32(1.0)\n"
          "               ^^^^\n(... 3 lines skipped ...)",
          options);
  }

  TEST_CASE("underlines span lines (without indentation) and keep context around them") {
    Fixture f;
    AccessPath loop = AccessPath::Root().Attr("body").Attr("seq").ArrayItem(0);
    Map<String, Any> options = {{"show_header", false},
                                {"num_context_lines", int64_t{1}},
                                {"print_line_numbers", true},
                                {"path_to_underline", Array<AccessPath>{loop}}};
    Check(f.func,
          "1 @T.function\n"
          "2 def main[n](A: T.Tensor((n,), T.float32), B: T.Tensor((n,), T.float32)):\n"
          "3     for i in range(n):\n"
          "      ^^^^^^^^^^^^^^^^^^\n"
          "4         B[i] = A[i] + T.float32(1.0)\n"
          "          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
          "5     x: T.let[T.int32] = n + 1\n"
          "(... 2 lines skipped ...)",
          options);
  }

  TEST_CASE("line numbers alone") {
    Check(IntVar("x") + 1, "1 x + 1", {{"print_line_numbers", true}});
  }

  TEST_CASE("the source map: every origin's range slices the text to exactly that node") {
    Fixture f;
    auto [text, entries] = printer::ScriptWithSourceMap(f.func);
    std::string s = text;
    auto slice = [&](const AccessPath& path) -> std::string {
      for (const printer::SourceMapEntry& e : entries) {
        if (e->path.PathEqual(path)) return s.substr(e->begin, e->end - e->begin);
      }
      return "<none>";
    };
    CHECK(slice(StorePath()) == "B[i] = A[i] + T.float32(1.0)");
    CHECK(slice(StorePath().Attr("value")) == "A[i] + T.float32(1.0)");
    CHECK(slice(StorePath().Attr("value").Attr("b")) == "T.float32(1.0)");
    CHECK(slice(StorePath().Attr("value").Attr("b").Attr("value")) == "1.0");
    CHECK(slice(StorePath().Attr("dest")) == "B");
    CHECK(slice(AccessPath::Root().Attr("params").ArrayItem(0).Attr("ty")) ==
          "T.Tensor((n,), T.float32)");
    // Lines are 1-based and columns 0-based bytes, consistent with the byte offsets.
    for (const printer::SourceMapEntry& e : entries) {
      if (!e->path.PathEqual(StorePath())) continue;
      CHECK(e->start_line == 8);
      CHECK(e->start_column == 8);
      CHECK(e->end_line == 8);
      CHECK(e->end_column == 8 + 28);
    }
    CHECK_THROWS_AS(printer::ScriptWithSourceMap(
                        f.func, printer::PrinterConfig({{"print_line_numbers", true}})),
                    ffi::Error);
  }

  TEST_CASE("a fragment printed in the naming context of its function") {
    Var x1 = IntVar("x"), x2 = IntVar("x");
    Expr zero = IntImm(PrimType::Int(32), 0), one = IntImm(PrimType::Int(32), 1);
    Expr use = x2 * 2;
    Stmt body = SeqStmt({Bind(x1, one), Bind(x2, x1 + 1), Evaluate(use)});
    Function func({}, body, {});
    Check(use, "x * 2");
    Check(use, "x_1 * 2", {{"name_context", func}});
    Check(x2, "x_1", {{"name_context", func}});
    // Underline paths are relative to the fragment, as when it is printed alone.
    Check(use, "x_1 * 2\n^^^",
          {{"name_context", func},
           {"path_to_underline", Array<AccessPath>{AccessPath::Root().Attr("a")}}});
    CHECK_THROWS_WITH_AS(
        printer::Script(IntVar("y"), printer::PrinterConfig({{"name_context", func}})),
        doctest::Contains("does not occur in the name_context"), ffi::Error);
  }

  TEST_CASE("core reaches the printer through the registry") {
    CHECK(ir::Script(IntVar("x") + 1) == "x + 1");
    CHECK(ir::Script(IntVar("x") + 1, {{"print_line_numbers", true}}) == "1 x + 1");
  }

  TEST_CASE("bad input is a clear error") {
    CHECK_THROWS_WITH_AS(printer::Script(Any()), doctest::Contains("cannot print None"),
                         ffi::Error);
    CHECK_THROWS_WITH_AS(printer::PrinterConfig({{"indent", int64_t{2}}}),
                         doctest::Contains("unknown printer option `indent`"), ffi::Error);
    CHECK_THROWS_WITH_AS(printer::PrinterConfig({{"indent_spaces", String("2")}}),
                         doctest::Contains("`indent_spaces` must be an int"), ffi::Error);
    CHECK_THROWS_WITH_AS(printer::PrinterConfig({{"print_line_numbers", int64_t{1}}}),
                         doctest::Contains("must be a bool"), ffi::Error);
    CHECK_THROWS_WITH_AS(printer::PrinterConfig({{"num_context_lines", int64_t{-2}}}),
                         doctest::Contains("at least -1"), ffi::Error);
    CHECK_THROWS_WITH_AS(printer::PrinterConfig({{"path_to_underline", int64_t{1}}}),
                         doctest::Contains("list of AccessPath"), ffi::Error);
  }

  TEST_CASE("a 100,000-deep expression chain is a RecursionError, not a crash") {
    Var x = IntVar("x");
    // Every level stays held here and is released outermost first: the core frees a deep
    // chain recursively, which an unoptimised (sanitizer) build's stack does not survive.
    std::vector<Expr> levels = {x};
    for (int k = 0; k < 100000; ++k) levels.push_back(Add(levels.back(), x));
    try {
      printer::Script(levels.back());
      FAIL("expected an error");
    } catch (const ffi::Error& e) {
      CHECK(e.kind() == "RecursionError");
      CHECK(e.message().find("nested more than") != std::string::npos);
    }
    CHECK(printer::Script(levels[500]).size() == 1 + 500 * 4);
    while (!levels.empty()) levels.pop_back();
  }
}

// ---- A node type registered at run time prints through reflection. ----

namespace {

class PrinterTestNodeObj : public ffi::Object {
 public:
  Var binding;
  Array<Expr> pattern;
  Expr body;
  int64_t count = 0;
  ir::Span span = ir::Span::Unknown();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("testing.PrinterTestNode", PrinterTestNodeObj, ffi::Object);
};

ffi::ObjectRef MakeTestNode(Var binding, Array<Expr> pattern, Expr body, int64_t count) {
  namespace refl = ffi::reflection;
  static bool registered = [] {
    refl::ObjectDef<PrinterTestNodeObj>()
        .def_ro("binding", &PrinterTestNodeObj::binding, refl::DefRegionKind::kSimple)
        .def_ro("pattern", &PrinterTestNodeObj::pattern, refl::DefRegionKind::kPattern)
        .def_ro("body", &PrinterTestNodeObj::body)
        .def_ro("count", &PrinterTestNodeObj::count)
        .def_ro("span", &PrinterTestNodeObj::span, refl::StructuralIgnore());
    return true;
  }();
  (void)registered;
  auto node = ffi::make_object<PrinterTestNodeObj>();
  node->binding = std::move(binding);
  node->pattern = std::move(pattern);
  node->body = std::move(body);
  node->count = count;
  return ffi::ObjectRef(std::move(node));
}

}  // namespace

TEST_SUITE("printer.fallback") {
  TEST_CASE("a type registered at run time prints as <type_key>(field=value, ...)") {
    Var x = IntVar("x"), n = IntVar("n"), other = IntVar("x");
    ffi::ObjectRef node = MakeTestNode(x, {n, x}, other + n, 3);
    Check(node, "testing.PrinterTestNode(binding=x, pattern=[n, x], body=x_1 + n, count=3)");
    // Inside IR with hooks, the fallback shares the names of its context.
    Check(AttrStmt(node, "note", IntImm(PrimType::Int(32), 1), Evaluate(x + other)),
          "with T.attr(testing.PrinterTestNode(binding=x, pattern=[n, x], body=x_1 + n, "
          "count=3), \"note\", 1):\n    T.evaluate(x + x_1)");
    ffi::reflection::AccessPath path = AccessPath::Root().Attr("body").Attr("b");
    Check(node,
          "testing.PrinterTestNode(binding=x, pattern=[n, x], body=x_1 + n, count=3)\n"
          "                                                              ^",
          {{"path_to_underline", Array<AccessPath>{path}}});
  }
}
