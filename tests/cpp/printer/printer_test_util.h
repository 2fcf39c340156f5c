// Helpers shared by the printer's doctest suites: the data-driven check and small IR builders.
#ifndef TVM_LSP_TESTS_CPP_PRINTER_PRINTER_TEST_UTIL_H_
#define TVM_LSP_TESTS_CPP_PRINTER_PRINTER_TEST_UTIL_H_

#include <doctest/doctest.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/script/printer/printer.h>
#include <tvm/tirx/function.h>
#include <tvm/tirx/op.h>

#include <string>

namespace printer_test {

using tvm::ffi::Any;
using tvm::ffi::Map;
using tvm::ffi::String;

/*! \brief Prints `node` with `options` and compares the full text. */
inline void Check(const Any& node, const std::string& expected,
                  const Map<String, Any>& options = {}) {
  std::string text =
      tvm::script::printer::Script(node, tvm::script::printer::PrinterConfig(options));
  CHECK(text == expected);
  if (text != expected) MESSAGE("got:\n" << text << "\nexpected:\n" << expected);
}

/*! \brief Prints a Doc with `options` and compares the full text. */
inline void CheckDoc(const tvm::script::printer::Doc& doc, const std::string& expected,
                     const Map<String, Any>& options = {}) {
  std::string text =
      tvm::script::printer::DocToPythonScript(doc, tvm::script::printer::PrinterConfig(options));
  CHECK(text == expected);
  if (text != expected) MESSAGE("got:\n" << text << "\nexpected:\n" << expected);
}

inline tvm::ir::Var IntVar(const char* name, int bits = 32) {
  return tvm::ir::Var(name, tvm::ir::PrimType::Int(bits));
}

inline tvm::ir::Var FloatVar(const char* name, int bits = 32) {
  return tvm::ir::Var(name, tvm::ir::PrimType::Float(bits));
}

/*! \brief A float32 tensor variable of the given shape. */
inline tvm::ir::Var TensorVar(const char* name, tvm::ffi::Array<tvm::ir::Expr> shape) {
  return tvm::ir::Var(name, tvm::ir::TensorType(tvm::ffi::DataType::Float(32), shape));
}

inline Map<String, Any> NoHeader() { return {{"show_header", false}}; }

/*! \brief The header every printed function starts with. */
inline constexpr const char* kHeader =
    "from __future__ import annotations\n\n# from tvm_tirx.script import tirx as T\n\n";

}  // namespace printer_test

#endif  // TVM_LSP_TESTS_CPP_PRINTER_PRINTER_TEST_UTIL_H_
