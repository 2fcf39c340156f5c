/*!
 * \file tvm/script/printer/source_comments.h
 * \brief Printing IR with the comments of its source (the frontend's formatter): the caller maps
 *  IR statements to the comment lines above them and the comment at the end of their line; the
 *  printer places each as written and reports how often it placed each key.
 *
 * Registered as `script.ScriptWithSourceComments(node, options, leading, trailing) ->
 * [text, placed]`: `leading` maps an IR object to an Array of comment lines, `trailing` to one
 * comment, `placed` maps each key to the number of statements that got its comments. This is
 * not a printer option on purpose: the reference's `obj_to_annotate` prints its own `# note`
 * text, while these are source comments, carried byte for byte.
 */
#ifndef TVM_SCRIPT_PRINTER_SOURCE_COMMENTS_H_
#define TVM_SCRIPT_PRINTER_SOURCE_COMMENTS_H_

#include <tvm/ffi/map.h>
#include <tvm/script/printer/config.h>

namespace tvm {
namespace script {
namespace printer {

/*!
 * \brief Source comments keyed by the IR object whose statement Doc gets them. Each comment
 *  starts with `#` and holds no line break. A key translated to something other than one
 *  statement Doc (an expression, several statements) gets nothing.
 */
struct SourceComments {
  ffi::Map<ffi::ObjectRef, ffi::Array<ffi::String>> leading;
  ffi::Map<ffi::ObjectRef, ffi::String> trailing;
};

/*! \brief The text with comments, and how many statement Docs got each key's comments. */
struct CommentedScript {
  ffi::String text;
  ffi::Map<ffi::ObjectRef, int64_t> placed;
};

/*!
 * \brief `node` printed as Script prints it, with `comments` placed: leading lines above the
 *  statement at its indentation, the trailing comment two spaces after its line (after the
 *  header line of a loop, branch, `with`, function or class). Keys not printed are absent from
 *  `placed`; a key placed twice (a statement printed at two places) has 2.
 * \throws ValueError for a name_context, underlines or line numbers in `config`, or a comment
 *  that does not start with `#` or holds a line break.
 */
CommentedScript ScriptWithSourceComments(const ffi::Any& node, const PrinterConfig& config,
                                         const SourceComments& comments);

}  // namespace printer
}  // namespace script
}  // namespace tvm

#endif  // TVM_SCRIPT_PRINTER_SOURCE_COMMENTS_H_
