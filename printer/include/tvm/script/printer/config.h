/*!
 * \file tvm/script/printer/config.h
 * \brief PrinterConfig: the read-only options of one printing (a reflected object made from a
 *  `Map<str, Any>` of options, checked once).
 */
#ifndef TVM_SCRIPT_PRINTER_CONFIG_H_
#define TVM_SCRIPT_PRINTER_CONFIG_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/array.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/reflection/access_path.h>
#include <tvm/ffi/string.h>

namespace tvm {
namespace script {
namespace printer {

/*! \brief Printer options; every field is read-only once the config exists. */
class PrinterConfigObj : public ffi::Object {
 public:
  /*! \brief Spaces per indentation level. */
  int64_t indent_spaces = 4;
  /*! \brief Prefix every line with its 1-based number. */
  bool print_line_numbers = false;
  /*! \brief Lines shown around each underline; -1 shows every line. */
  int64_t num_context_lines = -1;
  /*! \brief Paths (relative to the printed node) whose text gets a `^^^` underline. */
  ffi::Array<ffi::reflection::AccessPath> path_to_underline;
  /*!
   * \brief Print the `from __future__ import annotations` line and the suggested-import
   *  comment before a function or module.
   */
  bool show_header = true;
  /*!
   * \brief An IR object enclosing the printed node (its function, say), or None. Variables are
   *  then named as they are when this object is printed, and only the node's text is printed.
   */
  ffi::Any name_context;
  /*!
   * \brief "canonical" (the spec's dialect, docs/printer.md) or "apache": a function or module
   *  as apache-tvm 0.27 prints it (`@T.prim_func`, `T.Buffer`, `T.grid`, `T.sblock`), for code
   *  written in Apache TVM's spelling.
   */
  ffi::String spelling = "canonical";
  /*!
   * \brief The name a printed function's `def` takes ("" for its own: its binding, else its
   *  `global_symbol`, else `main`). A `global_symbol` of another name stays in `T.func_attr`:
   *  the formatter keeps the `def` name an Apache-spelled source wrote.
   */
  ffi::String function_name;
  /*!
   * \brief The name a printed module's class takes, and its members' references to it
   *  (`Module.f`); "" for `Module`. The formatter keeps the class name the source wrote.
   */
  ffi::String module_name;
  /*! \brief Whether spelling is "apache". */
  bool apache() const { return spelling == "apache"; }
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("script.PrinterConfig", PrinterConfigObj, ffi::Object);
};

class PrinterConfig : public ffi::ObjectRef {
 public:
  /*! \brief The defaults. */
  PrinterConfig();
  /*!
   * \brief Options by field name. ValueError for an unknown name or a value out of range,
   *  TypeError for a value of the wrong type; both name the option.
   */
  explicit PrinterConfig(const ffi::Map<ffi::String, ffi::Any>& options);
  /*! \return the names of every option, in declaration order. */
  static const std::vector<std::string>& OptionNames();
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NOTNULLABLE(PrinterConfig, ffi::ObjectRef, PrinterConfigObj);
};

}  // namespace printer
}  // namespace script
}  // namespace tvm

#endif  // TVM_SCRIPT_PRINTER_CONFIG_H_
