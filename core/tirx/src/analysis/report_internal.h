/*!
 * \file report_internal.h
 * \brief How the analyses turn a problem into a diagnostic: the node's span and access path.
 */
#ifndef TVM_TIRX_SRC_ANALYSIS_REPORT_INTERNAL_H_
#define TVM_TIRX_SRC_ANALYSIS_REPORT_INTERNAL_H_

#include <tvm/ffi/reflection/access_path.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/diagnostic.h>

#include <string>

namespace tvm {
namespace tirx {
namespace analysis {

/*! \brief The span field of a node, when it has one. */
inline ir::Span SpanOf(const ffi::Object* node) {
  namespace refl = ffi::reflection;
  const refl::FieldInfo* field = refl::FindField(node->type_index(), "span");
  if (field == nullptr) return ir::Span::Unknown();
  auto span = refl::GetFieldValue(node, *field).try_cast<ir::Span>();
  return span ? *span : ir::Span::Unknown();
}

/*! \brief A diagnostic at `node` (may be null), found at `path` from the analysed root. */
inline ir::Diagnostic MakeDiagnostic(
    const char* code, const std::string& message, const ffi::Object* node,
    const ffi::reflection::AccessPath& path,
    ir::DiagnosticSeverity severity = ir::DiagnosticSeverity::kError) {
  ir::DiagnosticOptions options;
  options.severity = severity;
  options.path = path;
  if (node != nullptr) options.span = SpanOf(node);
  return ir::Diagnostic(code, message, options);
}

}  // namespace analysis
}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_SRC_ANALYSIS_REPORT_INTERNAL_H_
