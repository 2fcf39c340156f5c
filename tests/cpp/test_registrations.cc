// Linked into every doctest executable: the printer's registrations must be present in each
// (DESIGN.md "One registry per process"; a library the linker dropped would register nothing).
#include <doctest/doctest.h>
#include <tvm/ffi/function.h>
#include <tvm/ir/call.h>
#include <tvm/script/printer/doc_translator.h>
#include <tvm/script/printer/printer.h>
#include <tvm/tirx/expr.h>

TEST_SUITE("registrations") {
  TEST_CASE("the printer's functions and hooks are registered in this binary") {
    tvm::script::printer::LinkPrinter();
    for (const char* name :
         {"script.Script", "script.ScriptWithSourceMap", "script.DocToPythonScript",
          "script.PrinterConfig", "script.ScriptWithSourceComments"}) {
      CAPTURE(name);
      CHECK(tvm::ffi::Function::GetGlobal(name).has_value());
    }
    int32_t add = tvm::tirx::AddObj::RuntimeTypeIndex();
    CHECK(tvm::script::printer::GetTypeDocTranslate(add).defined());
    int32_t call = tvm::ir::CallObj::RuntimeTypeIndex();
    CHECK(tvm::script::printer::GetTypeDocTranslate(call).defined());
  }
}
