/*!
 * \file round_trip.cc
 * \brief The on-save round-trip warnings: each definition whose canonical print does not read
 *  back as the same program has one, which the worker's verdict carries (the frontend's
 *  round_trip.py finds the first mismatching node and its source range).
 */
#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

std::vector<script::bridge::Diagnostic> RoundTripDiagnostics(
    const std::vector<script::bridge::FormatVerdict>& verdicts, const std::string& text) {
  script::bridge::ParseResult found;
  for (const script::bridge::FormatVerdict& verdict : verdicts) {
    if (verdict.mismatch) found.diagnostics.push_back(*verdict.mismatch);
  }
  return Diagnostics(found, text);  // the same suppressions as the analysis's diagnostics
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
