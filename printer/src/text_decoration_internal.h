/*!
 * \file text_decoration_internal.h
 * \brief Underline selection and text decoration (line numbers, `^^^`, skipped lines).
 */
#ifndef TVM_SCRIPT_PRINTER_SRC_TEXT_DECORATION_INTERNAL_H_
#define TVM_SCRIPT_PRINTER_SRC_TEXT_DECORATION_INTERNAL_H_

#include <tvm/script/printer/config.h>

#include <string>
#include <vector>

#include "python_printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

/*! \brief Bytes [begin, end) of the printed text. */
struct ByteRange {
  size_t begin;
  size_t end;
};

/*!
 * \brief For each wanted path, the ranges of the Docs whose origin is the deepest path that is a
 *  prefix of it (the path itself when some Doc has it). A path no Doc covers adds nothing.
 */
std::vector<ByteRange> SelectUnderlines(const std::vector<PathSpan>& spans,
                                        const ffi::Array<AccessPath>& paths);

/*!
 * \brief `text` with line numbers (when configured), a caret line under every line an
 *  underline touches (indentation excluded), and only num_context_lines lines around the
 *  underlines (all lines when it is -1 or nothing is underlined).
 */
std::string DecorateText(const std::string& text, const std::vector<ByteRange>& underlines,
                         const PrinterConfigObj& config);

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm

#endif  // TVM_SCRIPT_PRINTER_SRC_TEXT_DECORATION_INTERNAL_H_
