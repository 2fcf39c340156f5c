/*!
 * \file diagnostic.cc
 * \brief Diagnostics: construction and reflection.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/diagnostic.h>

namespace tvm {
namespace ir {
namespace {

void CheckPath(const ffi::Any& path, const char* owner) {
  if (!path.is_none() && !path.as<ffi::reflection::AccessPathObj>()) {
    TVM_FFI_THROW(TypeError) << "`" << owner << ".path` must be an AccessPath or None, got `"
                             << path.GetTypeKey() << "`";
  }
}

}  // namespace

TextEdit::TextEdit(Span span, ffi::String new_text) {
  auto node = ffi::make_object<TextEditObj>();
  node->span = std::move(span);
  node->new_text = std::move(new_text);
  data_ = std::move(node);
}

DiagnosticFix::DiagnosticFix(ffi::String title, ffi::Array<TextEdit> edits) {
  auto node = ffi::make_object<DiagnosticFixObj>();
  node->title = std::move(title);
  node->edits = std::move(edits);
  data_ = std::move(node);
}

DiagnosticRelated::DiagnosticRelated(ffi::String message, Span span, ffi::Any path) {
  CheckPath(path, "ir.DiagnosticRelated");
  auto node = ffi::make_object<DiagnosticRelatedObj>();
  node->message = std::move(message);
  node->span = std::move(span);
  node->path = std::move(path);
  data_ = std::move(node);
}

Diagnostic::Diagnostic(ffi::String code, ffi::String message, DiagnosticOptions options) {
  CheckPath(options.path, "ir.Diagnostic");
  const auto severity = static_cast<int64_t>(options.severity);
  if (severity < 1 || severity > 4) {
    TVM_FFI_THROW(ValueError) << "diagnostic severity must be 1 (error) to 4 (hint), got "
                              << severity;
  }
  auto node = ffi::make_object<DiagnosticObj>();
  node->severity = severity;
  node->code = std::move(code);
  node->message = std::move(message);
  node->span = std::move(options.span);
  node->path = std::move(options.path);
  node->related = std::move(options.related);
  node->tags = std::move(options.tags);
  node->fixes = std::move(options.fixes);
  data_ = std::move(node);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<TextEditObj>()
      .def_init([](Span span, ffi::String text) { return TextEdit(span, text); },
                {"span", "new_text"})
      .def_ro("span", &TextEditObj::span)
      .def_ro("new_text", &TextEditObj::new_text);
  refl::ObjectDef<DiagnosticFixObj>()
      .def_init(
          [](ffi::String title, ffi::Array<TextEdit> edits) { return DiagnosticFix(title, edits); },
          {"title", "edits"})
      .def_ro("title", &DiagnosticFixObj::title)
      .def_ro("edits", &DiagnosticFixObj::edits);
  refl::ObjectDef<DiagnosticRelatedObj>()
      .def_init([](ffi::String message, Span span,
                   ffi::Any path) { return DiagnosticRelated(message, span, path); },
                {"message", "span", "path"})
      .def_ro("message", &DiagnosticRelatedObj::message)
      .def_ro("span", &DiagnosticRelatedObj::span)
      .def_ro("path", &DiagnosticRelatedObj::path);
  refl::ObjectDef<DiagnosticObj>()
      .def_init(
          [](int64_t severity, ffi::String code, ffi::String message, Span span, ffi::Any path,
             ffi::Array<DiagnosticRelated> related, ffi::Array<ffi::String> tags,
             ffi::Array<DiagnosticFix> fixes) {
            return Diagnostic(code, message,
                              DiagnosticOptions{static_cast<DiagnosticSeverity>(severity), span,
                                                path, related, tags, fixes});
          },
          {"severity", "code", "message", "span", "path", "related", "tags", "fixes"})
      .def_ro("severity", &DiagnosticObj::severity, "1 error, 2 warning, 3 information, 4 hint")
      .def_ro("code", &DiagnosticObj::code)
      .def_ro("message", &DiagnosticObj::message)
      .def_ro("span", &DiagnosticObj::span)
      .def_ro("path", &DiagnosticObj::path)
      .def_ro("related", &DiagnosticObj::related)
      .def_ro("tags", &DiagnosticObj::tags)
      .def_ro("fixes", &DiagnosticObj::fixes);
}

}  // namespace ir
}  // namespace tvm
