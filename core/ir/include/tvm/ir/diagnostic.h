/*!
 * \file tvm/ir/diagnostic.h
 * \brief The one diagnostic type of every layer (DESIGN.md "Diagnostics"): analyses return
 *  lists of them and keep going; the raising APIs are thin layers on top.
 *
 * A diagnostic names its place twice when it can: a source span (from the parser) and the
 * access path of the IR node from the analysed root (so the printer can underline it in the
 * canonical text). Columns are UTF-8 bytes; only the server converts them for a client.
 */
#ifndef TVM_IR_DIAGNOSTIC_H_
#define TVM_IR_DIAGNOSTIC_H_

#include <tvm/ffi/array.h>
#include <tvm/ffi/reflection/access_path.h>
#include <tvm/ffi/string.h>
#include <tvm/ir/span.h>

namespace tvm {
namespace ir {

/*! \brief As the Language Server Protocol numbers them. */
enum class DiagnosticSeverity : int64_t { kError = 1, kWarning = 2, kInformation = 3, kHint = 4 };

/*! \brief Replace the text of `span` with `new_text`. */
class TextEditObj : public ffi::Object {
 public:
  Span span = Span::Unknown();
  ffi::String new_text;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.TextEdit", TextEditObj, ffi::Object);
};

class TextEdit : public ffi::ObjectRef {
 public:
  TextEdit(Span span, ffi::String new_text);
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NOTNULLABLE(TextEdit, ffi::ObjectRef, TextEditObj);
};

/*! \brief A fix a tool may offer: a title and the edits that apply it. */
class DiagnosticFixObj : public ffi::Object {
 public:
  ffi::String title;
  ffi::Array<TextEdit> edits;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.DiagnosticFix", DiagnosticFixObj, ffi::Object);
};

class DiagnosticFix : public ffi::ObjectRef {
 public:
  DiagnosticFix(ffi::String title, ffi::Array<TextEdit> edits);
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NOTNULLABLE(DiagnosticFix, ffi::ObjectRef, DiagnosticFixObj);
};

/*! \brief Another place that explains a diagnostic ("first defined here"). */
class DiagnosticRelatedObj : public ffi::Object {
 public:
  ffi::String message;
  Span span = Span::Unknown();
  /*! \brief Access path from the analysed root, or None. */
  ffi::Any path;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.DiagnosticRelated", DiagnosticRelatedObj, ffi::Object);
};

class DiagnosticRelated : public ffi::ObjectRef {
 public:
  DiagnosticRelated(ffi::String message, Span span, ffi::Any path);
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NOTNULLABLE(DiagnosticRelated, ffi::ObjectRef,
                                                DiagnosticRelatedObj);
};

class DiagnosticObj : public ffi::Object {
 public:
  /*! \brief A DiagnosticSeverity. */
  int64_t severity = static_cast<int64_t>(DiagnosticSeverity::kError);
  /*! \brief A stable kebab-case name of the rule ("undefined-variable"). */
  ffi::String code;
  ffi::String message;
  Span span = Span::Unknown();
  /*! \brief Access path of the offending IR node from the analysed root, or None. */
  ffi::Any path;
  ffi::Array<DiagnosticRelated> related;
  /*! \brief "unnecessary", "deprecated" (as LSP tags). */
  ffi::Array<ffi::String> tags;
  ffi::Array<DiagnosticFix> fixes;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.Diagnostic", DiagnosticObj, ffi::Object);
};

/*! \brief What makes a diagnostic besides its code and message. */
struct DiagnosticOptions {
  DiagnosticSeverity severity = DiagnosticSeverity::kError;
  Span span = Span::Unknown();
  /*! \brief An AccessPath, or None. */
  ffi::Any path;
  ffi::Array<DiagnosticRelated> related;
  ffi::Array<ffi::String> tags;
  ffi::Array<DiagnosticFix> fixes;
};

class Diagnostic : public ffi::ObjectRef {
 public:
  Diagnostic(ffi::String code, ffi::String message, DiagnosticOptions options = {});
  DiagnosticSeverity severity() const { return static_cast<DiagnosticSeverity>(get()->severity); }
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NOTNULLABLE(Diagnostic, ffi::ObjectRef, DiagnosticObj);
};

}  // namespace ir
}  // namespace tvm

#endif  // TVM_IR_DIAGNOSTIC_H_
