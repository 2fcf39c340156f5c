/*!
 * \file span.cc
 * \brief Source spans.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/span.h>

namespace tvm {
namespace ir {

Span::Span(ffi::String source_name, int64_t start_line, int64_t start_column, int64_t end_line,
           int64_t end_column)
    : ObjectRef(ffi::make_object<SpanObj>()) {
  auto* node = const_cast<SpanObj*>(get());
  node->source_name = std::move(source_name);
  node->start_line = start_line;
  node->start_column = start_column;
  node->end_line = end_line;
  node->end_column = end_column;
}

Span Span::Unknown() {
  static const Span* unknown = new Span("", 0, 0, 0, 0);  // shared by every node, never freed
  return *unknown;
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<SpanObj>()
      .def_init(
          [](ffi::String source_name, int64_t start_line, int64_t start_column, int64_t end_line,
             int64_t end_column) {
            return Span(std::move(source_name), start_line, start_column, end_line, end_column);
          },
          {"source_name", "start_line", "start_column", "end_line", "end_column"})
      .def_ro("source_name", &SpanObj::source_name)
      .def_ro("start_line", &SpanObj::start_line, "1-based")
      .def_ro("start_column", &SpanObj::start_column, "0-based UTF-8 byte column")
      .def_ro("end_line", &SpanObj::end_line)
      .def_ro("end_column", &SpanObj::end_column, "exclusive");
  refl::GlobalDef().def(
      "ir.UnknownSpan", []() { return Span::Unknown(); },
      "The shared span that means no source information.");
}

}  // namespace ir
}  // namespace tvm
