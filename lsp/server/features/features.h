/*!
 * \file features.h
 * \brief The features: plain functions over the analysis's results (bridge.h's structs), one
 *  small file each. No JSON, no client positions, no threads: the server converts.
 */
#ifndef TVM_LSP_SERVER_FEATURES_FEATURES_H_
#define TVM_LSP_SERVER_FEATURES_FEATURES_H_

#include <tvm/lsp/worker_client.h>
#include <tvm/script/bridge/bridge.h>

#include <optional>
#include <string>
#include <vector>

namespace tvm {
namespace lsp {
namespace features {

/*!
 * \brief The diagnostics to publish for one analysis of `text` (diagnostics.cc): all of them,
 *  but those whose first line carries `# tvm-lsp: ignore[CODE, ...]` naming their code.
 */
std::vector<script::bridge::Diagnostic> Diagnostics(const AnalysisOutcome& outcome,
                                                    const std::string& text);

/*! \brief How hovers are written (from the client's `hover.contentFormat`). */
struct HoverOptions {
  /*! \brief Markdown with a python fence; else plain text. */
  bool markdown = true;
};

/*! \brief What a hover shows (hover.cc). */
struct HoverContent {
  script::bridge::Range range;
  /*! \brief The node's canonical text (in a python fence in Markdown), then what it is. */
  std::string text;
};

/*!
 * \brief The hover of what is at a position; none when nothing is recorded there. A node that
 *  names a symbol of `symbols` (the same analysis's) also says what the symbol is and where
 *  it is defined.
 */
std::optional<HoverContent> Hover(const std::optional<script::bridge::NodeInfo>& node,
                                  const std::vector<script::bridge::Symbol>& symbols,
                                  const HoverOptions& options);

/*! \brief What formatting a document gives (formatting.cc). */
struct FormattingResult {
  std::vector<script::bridge::TextEdit> edits;
  /*! \brief One line per definition left alone: its name and why. */
  std::vector<std::string> skipped;
};

/*! \brief The edits that put each formattable definition of `text` in canonical form. */
FormattingResult Formatting(const std::string& text,
                            const std::vector<script::bridge::FormatVerdict>& verdicts);

}  // namespace features
}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_FEATURES_FEATURES_H_
