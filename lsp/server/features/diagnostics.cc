/*!
 * \file diagnostics.cc
 * \brief Diagnostics: what an analysis found, as the editor shows it.
 */
#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

std::vector<script::bridge::Diagnostic> Diagnostics(const AnalysisOutcome& outcome) {
  // The worker's answer already holds the client's own diagnostics (time limits, a crashed or
  // failed worker, the sandbox refusing); a cancelled analysis publishes nothing (callers
  // drop it: a newer version is on its way).
  return outcome.result.diagnostics;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
