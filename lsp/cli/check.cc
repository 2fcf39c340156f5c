/*!
 * \file check.cc
 * \brief `tvm-lsp check`: the worker's diagnostics for files, as text with carets or JSON.
 *  Also AnalyzeFile, which `format` and `print` share.
 */
#include "check.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "../server/documents.h"
#include "../server/features/features.h"
#include "../server/positions.h"
#include "file_workers.h"

namespace tvm {
namespace lsp {

namespace fs = std::filesystem;
namespace bridge = tvm::script::bridge;

namespace {

const char* SeverityWord(bridge::Severity severity) {
  switch (severity) {
    case bridge::Severity::kError:
      return "error";
    case bridge::Severity::kWarning:
      return "warning";
    case bridge::Severity::kInformation:
      return "info";
    case bridge::Severity::kHint:
      return "hint";
  }
  return "error";
}

/*! \brief `path:line:col: severity [code] message`, the source line and carets under the range. */
void PrintText(const std::string& path, const std::string& text, const bridge::Diagnostic& d,
               const Style& style, std::ostream& out) {
  LineIndex characters(text, PositionEncoding::kUtf32);
  ClientRange range = characters.ToClient(d.range);
  std::string word = SeverityWord(d.severity);
  word = d.severity == bridge::Severity::kError ? style.Red(word) : style.Yellow(word);
  out << style.Bold(path) << ":" << range.start.line + 1 << ":" << range.start.character + 1 << ": "
      << word << " [" << style.Cyan(d.code) << "] " << d.message << "\n";
  if (d.range.line < 1 || static_cast<size_t>(d.range.line) > characters.line_count()) return;
  std::string_view line = characters.Line(static_cast<size_t>(d.range.line - 1));
  if (line.empty()) return;
  int64_t width = range.end.line == range.start.line
                      ? std::max<int64_t>(1, range.end.character - range.start.character)
                      : 1;
  out << "  " << line << "\n  " << std::string(static_cast<size_t>(range.start.character), ' ')
      << style.Red(std::string(static_cast<size_t>(width), '^')) << "\n";
}

nlohmann::json JsonOf(const std::string& path, const std::string& text,
                      const bridge::Diagnostic& d) {
  ClientRange range = LineIndex(text, PositionEncoding::kUtf32).ToClient(d.range);
  return {{"file", path},
          {"line", range.start.line + 1},
          {"column", range.start.character + 1},
          {"end_line", range.end.line + 1},
          {"end_column", range.end.character + 1},
          {"severity", SeverityWord(d.severity)},
          {"code", d.code},
          {"message", d.message}};
}

}  // namespace

std::optional<FileAnalysis> AnalyzeFile(WorkerClient& client, const fs::path& path,
                                        std::string* error) {
  std::optional<std::string> text = ReadFile(path, error);
  if (!text) return std::nullopt;
  if (!IsTvmScriptSource(*text)) return std::nullopt;
  FileAnalysis analysis{FileUri(path), std::move(*text), {}};
  client.Open(analysis.uri, 1, analysis.text);
  analysis.outcome = client.Analyze(analysis.uri);
  if (analysis.outcome.status != AnalysisOutcome::Status::kDone) {
    client.Close(analysis.uri);
    *error = analysis.outcome.status == AnalysisOutcome::Status::kRefused
                 ? "the worker refused to analyse it (its sandbox is not up)"
                 : "it could not be analysed (the worker failed)";
    for (const bridge::Diagnostic& d : analysis.outcome.result.diagnostics) {
      *error += ": " + d.message;
    }
    return std::nullopt;
  }
  return analysis;
}

bool CollectOrReport(const CommonOptions& options, std::vector<fs::path>* files,
                     std::ostream& err) {
  std::string bad = CollectFiles(options.paths, options.walk, files);
  if (!bad.empty()) err << "tvm-lsp: " << bad << "\n";
  return bad.empty();
}

int RunCheck(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<fs::path> files;
  if (!CollectOrReport(options.common, &files, err)) return 2;
  Style style{UseColor(options.common.color, STDOUT_FILENO)};
  FileWorkers workers(options.common, err);
  Progress progress(files.size());
  nlohmann::json all = nlohmann::json::array();
  size_t errors = 0;
  size_t others = 0;
  size_t checked = 0;
  bool failed = false;
  for (size_t index = 0; index < files.size(); ++index) {
    const fs::path& file = files[index];
    progress.Step(index, file.string());
    std::string why;
    WorkerClient& client = workers.For(file);
    std::optional<FileAnalysis> analysis = AnalyzeFile(client, file, &why);
    if (!analysis) {
      if (!why.empty()) {
        progress.Done();
        err << "tvm-lsp: " << file.string() << ": " << why << "\n";
        failed = true;
      }
      continue;
    }
    client.Close(analysis->uri);
    ++checked;
    const std::string& text = analysis->text;
    for (const bridge::Diagnostic& diagnostic : features::Diagnostics(analysis->outcome, text)) {
      (diagnostic.severity == bridge::Severity::kError ? errors : others) += 1;
      if (options.output_format == "json") {
        all.push_back(JsonOf(file.string(), text, diagnostic));
      } else {
        progress.Done();
        PrintText(file.string(), text, diagnostic, style, out);
      }
    }
  }
  progress.Done();
  if (options.output_format == "json") {
    out << all.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    out << errors << (errors == 1 ? " error" : " errors") << ", " << others
        << (others == 1 ? " other diagnostic" : " other diagnostics") << " in " << checked
        << (checked == 1 ? " TVMScript file" : " TVMScript files") << "\n";
  }
  if (failed) return 2;
  return errors > 0 && !options.exit_zero ? 1 : 0;
}

}  // namespace lsp
}  // namespace tvm
