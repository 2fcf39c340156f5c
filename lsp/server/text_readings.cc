/*!
 * \file text_readings.cc
 * \brief A document's text read once per version for the requests that need it (documents.h,
 *  TextReadings): its line starts and its code.
 */
#include <tvm/lsp/lines.h>

#include "documents.h"

namespace tvm {
namespace lsp {

std::shared_ptr<const std::vector<size_t>> LineStartsOf(const Document& document) {
  if (!document.readings.line_starts) {
    document.readings.line_starts =
        std::make_shared<const std::vector<size_t>>(LineStarts(document.text));
  }
  return document.readings.line_starts;
}

std::shared_ptr<const features::CodeText> CodeOf(const Document& document) {
  if (!document.readings.code) {
    document.readings.code =
        std::make_shared<const features::CodeText>(features::ReadCode(document.text));
  }
  return document.readings.code;
}

}  // namespace lsp
}  // namespace tvm
