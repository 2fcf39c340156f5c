/*!
 * \file tvm/ir/script.h
 * \brief IR as TVMScript text, for core code (error messages, `.script()`). The core reaches the
 *  printer only through the global function registry (`script.Script`), never by include.
 */
#ifndef TVM_IR_SCRIPT_H_
#define TVM_IR_SCRIPT_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/string.h>

namespace tvm {
namespace ir {

/*!
 * \brief `node` as TVMScript through the registered printer. `options` are the printer's
 *  (indent_spaces, print_line_numbers, num_context_lines, path_to_underline, show_header,
 *  name_context).
 * \throws RuntimeError when no printer is loaded in the process; the printer's own errors
 *  (ValueError for an unknown option, ...) pass through.
 */
ffi::String Script(const ffi::Any& node, ffi::Map<ffi::String, ffi::Any> options = {});

}  // namespace ir
}  // namespace tvm

#endif  // TVM_IR_SCRIPT_H_
