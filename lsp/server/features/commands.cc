/*!
 * \file commands.cc
 * \brief `tvmscript.showCanonicalIR`: the canonical text of a definition, or of the file.
 */
#include "features.h"

namespace tvm {
namespace lsp {
namespace features {

namespace bridge = tvm::script::bridge;

const bridge::Definition* DefinitionAt(const bridge::ParseResult& analysis, int64_t line,
                                       int64_t column) {
  for (const bridge::Definition& definition : analysis.definitions) {
    if (Touches(definition.range, bridge::Range{line, column, line, column})) return &definition;
  }
  return nullptr;
}

CanonicalIR ShowCanonicalIR(const bridge::ParseResult& analysis,
                            const std::optional<std::pair<int64_t, int64_t>>& at,
                            const std::string& file_name) {
  auto text_of = [](const bridge::Definition& d, CanonicalIR* out) {
    if (!d.canonical_text || d.partial) {
      out->error = d.name + " has errors, so it has no canonical text";
      return false;
    }
    out->text += *d.canonical_text;
    if (!out->text.empty() && out->text.back() != '\n') out->text += "\n";
    return true;
  };
  CanonicalIR out;
  if (at) {
    const bridge::Definition* definition = DefinitionAt(analysis, at->first, at->second);
    if (definition == nullptr) {
      out.error = "there is no TVMScript definition at line " + std::to_string(at->first);
      return out;
    }
    out.name = definition->name;
    text_of(*definition, &out);
    return out;
  }
  out.name = file_name;
  if (analysis.definitions.empty()) out.error = file_name + " has no TVMScript definitions";
  for (const bridge::Definition& definition : analysis.definitions) {
    if (!out.text.empty()) out.text += "\n\n";  // two blank lines between definitions
    if (!text_of(definition, &out)) return out;
  }
  return out;
}

}  // namespace features
}  // namespace lsp
}  // namespace tvm
