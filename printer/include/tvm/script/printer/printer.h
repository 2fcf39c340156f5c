/*!
 * \file tvm/script/printer/printer.h
 * \brief TVMScript text entry points: IR -> canonical text, with optional underlines and line
 *  numbers, or with a source map from every IR origin to its range in the text.
 *
 * Registered as global functions (how core and Python reach the printer):
 *  - `script.Script(node, options: Map<str, Any>) -> str`
 *  - `script.ScriptWithSourceMap(node, options) -> [str, Array<script.SourceMapEntry>]`
 *  - `script.DocToPythonScript(doc, options) -> str` (a Doc built by hand, for Doc-level tests)
 *  - `script.PrinterConfig(options) -> script.PrinterConfig`
 * The option names are the fields of PrinterConfig.
 */
#ifndef TVM_SCRIPT_PRINTER_PRINTER_H_
#define TVM_SCRIPT_PRINTER_PRINTER_H_

#include <tvm/script/printer/config.h>
#include <tvm/script/printer/stmt_doc.h>

#include <utility>

namespace tvm {
namespace script {
namespace printer {

/*!
 * \brief Where one origin path landed in the printed text. Lines are 1-based, columns 0-based
 *  UTF-8 byte offsets within the line (as Python's ast reports them), ends exclusive;
 *  `begin`/`end` are the same range as byte offsets into the whole text.
 */
class SourceMapEntryObj : public ffi::Object {
 public:
  AccessPath path = AccessPath::Root();
  int64_t start_line = 0;
  int64_t start_column = 0;
  int64_t end_line = 0;
  int64_t end_column = 0;
  int64_t begin = 0;
  int64_t end = 0;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("script.SourceMapEntry", SourceMapEntryObj, ffi::Object);
};

class SourceMapEntry : public ffi::ObjectRef {
 public:
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(SourceMapEntry, ffi::ObjectRef, SourceMapEntryObj);
};

/*!
 * \brief `node` as TVMScript. A function or module starts with the header lines (unless
 *  `show_header` is false); any other node prints as its fragment (`x * 2 + 1`). Underlines and
 *  line numbers follow the config.
 * \throws ValueError for None or a name_context that does not contain `node`; RecursionError for
 *  IR nested too deeply to print.
 */
ffi::String Script(const ffi::Any& node, const PrinterConfig& config = PrinterConfig());

/*!
 * \brief The plain text of Script (no underlines, no line numbers: asking for them is a
 *  ValueError) and one entry per Doc origin, in the order the Docs ended in the text (inner
 *  before outer). A path printed at several places has several entries.
 */
std::pair<ffi::String, ffi::Array<SourceMapEntry>> ScriptWithSourceMap(
    const ffi::Any& node, const PrinterConfig& config = PrinterConfig());

/*! \brief A Doc as Python text, with the config's underlines and line numbers. */
ffi::String DocToPythonScript(const Doc& doc, const PrinterConfig& config = PrinterConfig());

/*!
 * \brief Does nothing. The toolchain links with --as-needed, so a binary that otherwise reaches
 *  the printer only through the registry (the Python extension, test suites) calls this to keep
 *  the library loaded, and with it the hooks and `script.*` functions it registers.
 */
void LinkPrinter();

}  // namespace printer
}  // namespace script
}  // namespace tvm

#endif  // TVM_SCRIPT_PRINTER_PRINTER_H_
