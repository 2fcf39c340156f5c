/*!
 * \file printer.cc
 * \brief The entry points: translate the root (or capture a fragment inside its naming
 *  context), add the header, render, decorate or map origins to ranges; global registrations.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/call.h>
#include <tvm/script/printer/printer.h>
#include <tvm/script/printer/source_comments.h>
#include <tvm/tirx/function.h>

#include <algorithm>

#include "printer_internal.h"
#include "text_decoration_internal.h"

namespace tvm {
namespace script {
namespace printer {

namespace {

using ffi::Any;

struct Rendered {
  std::string text;
  std::vector<details::PathSpan> spans;
  ffi::Map<ffi::ObjectRef, int64_t> placed_comments;
};

/*! \brief Statements of the root: emitted ones first; an expression stays an expression. */
Doc TranslateRoot(const DocTranslator& t, const Any& node) {
  t.EnterScope();
  Doc doc = t.AsDoc(node, AccessPath::Root());
  ffi::Array<StmtDoc> emitted = t.ExitScope();
  if (emitted.empty()) return doc;
  emitted.push_back(Any(doc).cast<StmtDoc>());
  return StmtBlockDoc(emitted);
}

Doc TranslateFragment(const DocTranslator& t, const Any& node, const Any& context) {
  t.CaptureFragment(node);
  t.AsDoc(context, AccessPath::Root());
  if (!t.captured().has_value()) {
    TVM_FFI_THROW(ValueError) << "the printed `" << node.GetTypeKey()
                              << "` does not occur in the name_context `" << context.GetTypeKey()
                              << "`";
  }
  return *t.captured();
}

bool NeedsHeader(const Any& node, const PrinterConfig& config) {
  return config->show_header && config->name_context.is_none() &&
         (node.as<tirx::FunctionObj>() != nullptr || node.as<ir::IRModuleObj>() != nullptr);
}

/*! \brief apache-tvm 0.27's header: its import comments (the layout one it always prints). */
std::string ApacheHeaderText(const DocTranslator& t) {
  std::string header;
  if (t.Marked(details::kFutureAnnotations, ffi::ObjectRef())) {
    header += "from __future__ import annotations\n\n";
  }
  if (t.UsesNamespace("I")) header += "# from tvm.script import ir as I\n";
  return header + "# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n";
}

std::string HeaderText(const DocTranslator& t) {
  if (t.config()->apache()) return ApacheHeaderText(t);
  std::string header = "from __future__ import annotations\n\n";
  if (t.UsesNamespace("I")) header += "# from tvm_tirx.script import ir as I\n";
  header += "# from tvm_tirx.script import tirx as T\n";
  if (t.UsesNamespace("Ts")) header += "# from tvm_tirx.script import s_tir as Ts\n";
  header += "\n";
  return header;
}

Rendered Render(const Any& node, const PrinterConfig& config,
                const SourceComments* comments = nullptr) {
  if (node.is_none()) {
    TVM_FFI_THROW(ValueError) << "cannot print None: Script needs an IR object";
  }
  DocTranslator t(config);
  if (comments != nullptr) t.SetSourceComments(*comments);
  Doc doc = config->name_context.is_none() ? TranslateRoot(t, node)
                                           : TranslateFragment(t, node, config->name_context);
  details::PythonPrinter printer(config->indent_spaces);
  if (NeedsHeader(node, config)) printer.AppendRaw(HeaderText(t));
  printer.Append(doc);
  return {printer.text(), printer.spans(), t.placed_source_comments()};
}

std::string Decorate(const Rendered& rendered, const PrinterConfig& config) {
  if (config->path_to_underline.empty() && !config->print_line_numbers) return rendered.text;
  return details::DecorateText(rendered.text,
                               details::SelectUnderlines(rendered.spans, config->path_to_underline),
                               *config.get());
}

/*! \brief 1-based line and 0-based byte column of each offset, through the line starts. */
std::pair<int64_t, int64_t> LineColumn(const std::vector<size_t>& line_starts, size_t offset) {
  auto it = std::upper_bound(line_starts.begin(), line_starts.end(), offset);
  size_t line = static_cast<size_t>(it - line_starts.begin());
  return {static_cast<int64_t>(line), static_cast<int64_t>(offset - line_starts[line - 1])};
}

SourceMapEntry MakeEntry(const details::PathSpan& span, const std::vector<size_t>& line_starts) {
  auto node = ffi::make_object<SourceMapEntryObj>();
  node->path = span.path;
  std::tie(node->start_line, node->start_column) = LineColumn(line_starts, span.begin);
  std::tie(node->end_line, node->end_column) = LineColumn(line_starts, span.end);
  node->begin = static_cast<int64_t>(span.begin);
  node->end = static_cast<int64_t>(span.end);
  return SourceMapEntry(std::move(node));
}

}  // namespace

ffi::String Script(const Any& node, const PrinterConfig& config) {
  return Decorate(Render(node, config), config);
}

std::pair<ffi::String, ffi::Array<SourceMapEntry>> ScriptWithSourceMap(
    const Any& node, const PrinterConfig& config) {
  if (config->print_line_numbers || !config->path_to_underline.empty()) {
    TVM_FFI_THROW(ValueError) << "ScriptWithSourceMap maps origins into the plain text: "
                                 "print_line_numbers and path_to_underline are not allowed";
  }
  Rendered rendered = Render(node, config);
  std::vector<size_t> line_starts = {0};
  for (size_t i = 0; i < rendered.text.size(); ++i) {
    if (rendered.text[i] == '\n') line_starts.push_back(i + 1);
  }
  ffi::Array<SourceMapEntry> entries;
  for (const details::PathSpan& span : rendered.spans) {
    entries.push_back(MakeEntry(span, line_starts));
  }
  return {ffi::String(rendered.text), entries};
}

ffi::String DocToPythonScript(const Doc& doc, const PrinterConfig& config) {
  details::PythonPrinter printer(config->indent_spaces);
  printer.Append(doc);
  return Decorate({printer.text(), printer.spans(), {}}, config);
}

CommentedScript ScriptWithSourceComments(const Any& node, const PrinterConfig& config,
                                         const SourceComments& comments) {
  // Source comments belong to whole statements of a whole print, and plain text is what the
  // formatter writes back.
  if (!config->name_context.is_none() || config->print_line_numbers ||
      !config->path_to_underline.empty()) {
    TVM_FFI_THROW(ValueError) << "ScriptWithSourceComments prints whole, plain text: "
                                 "name_context, print_line_numbers and path_to_underline are not "
                                 "allowed";
  }
  Rendered rendered = Render(node, config, &comments);
  return {ffi::String(rendered.text), rendered.placed_comments};
}

void LinkPrinter() {}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = ffi::reflection;
  using Options = ffi::Map<ffi::String, Any>;
  refl::ObjectDef<SourceMapEntryObj>()
      .def_ro("path", &SourceMapEntryObj::path)
      .def_ro("start_line", &SourceMapEntryObj::start_line, "1-based")
      .def_ro("start_column", &SourceMapEntryObj::start_column, "0-based UTF-8 byte column")
      .def_ro("end_line", &SourceMapEntryObj::end_line)
      .def_ro("end_column", &SourceMapEntryObj::end_column, "exclusive")
      .def_ro("begin", &SourceMapEntryObj::begin, "byte offset into the text")
      .def_ro("end", &SourceMapEntryObj::end, "byte offset into the text, exclusive");
  refl::GlobalDef()
      .def(
          "script.Script",
          [](Any node, Options options) { return Script(node, PrinterConfig(options)); },
          "IR as TVMScript text; options are the fields of script.PrinterConfig.")
      .def(
          "script.ScriptWithSourceMap",
          [](Any node, Options options) {
            auto [text, entries] = ScriptWithSourceMap(node, PrinterConfig(options));
            return ffi::Array<Any>{text, entries};
          },
          "[text, entries]: the plain text and where each IR origin landed in it.")
      .def(
          "script.DocToPythonScript",
          [](Doc doc, Options options) { return DocToPythonScript(doc, PrinterConfig(options)); },
          "A Doc tree as Python text.")
      .def(
          "script.ScriptWithSourceComments",
          [](Any node, Options options, ffi::Map<ffi::ObjectRef, ffi::Array<ffi::String>> leading,
             ffi::Map<ffi::ObjectRef, ffi::String> trailing) {
            CommentedScript printed =
                ScriptWithSourceComments(node, PrinterConfig(options), {leading, trailing});
            return ffi::Array<Any>{printed.text, printed.placed};
          },
          "[text, placed]: the print with source comments placed (leading lines per IR key, "
          "one trailing comment per key) and how many statements got each key's comments.");
}

}  // namespace printer
}  // namespace script
}  // namespace tvm
