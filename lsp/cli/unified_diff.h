/*!
 * \file unified_diff.h
 * \brief A unified diff of a text and the text its edits give, built from the edits
 *  themselves (the formatter's edits cover whole definitions, so no line matching is needed).
 */
#ifndef TVM_LSP_CLI_UNIFIED_DIFF_H_
#define TVM_LSP_CLI_UNIFIED_DIFF_H_

#include <tvm/script/bridge/bridge.h>

#include <string>
#include <vector>

#include "files.h"

namespace tvm {
namespace lsp {

/*! \brief `text` with `edits` (non-overlapping, in the analysis's ranges) applied. */
std::string ApplyEdits(const std::string& text, std::vector<script::bridge::TextEdit> edits);

/*!
 * \brief `--- name` / `+++ name` and one `@@` hunk per group of changes with 3 lines of
 *  context (`-`/`+` lines coloured by `style`); empty when the edits change nothing.
 */
std::string UnifiedDiff(const std::string& name, const std::string& text,
                        std::vector<script::bridge::TextEdit> edits, const Style& style);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_CLI_UNIFIED_DIFF_H_
