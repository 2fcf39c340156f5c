/*!
 * \file check.cc
 * \brief `tvm-lsp check`: the worker's diagnostics for files, as text with carets or JSON.
 */
#include "check.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "../server/documents.h"
#include "../server/features/features.h"
#include "../server/positions.h"

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

bool Skipped(const fs::path& folder) {
  std::string name = folder.filename().string();
  return (name.size() > 1 && name[0] == '.') || name == "__pycache__";
}

/*! \brief The .py files under `path`, sorted; false when it does not exist. */
bool CollectFiles(const fs::path& path, std::vector<fs::path>* files) {
  std::error_code error;
  if (fs::is_regular_file(path, error)) {
    files->push_back(path);
    return true;
  }
  if (!fs::is_directory(path, error)) return false;
  std::vector<fs::path> found;
  fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, error);
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    if (it->is_directory(error) && Skipped(it->path())) {
      it.disable_recursion_pending();
    } else if (it->is_regular_file(error) && it->path().extension() == ".py") {
      found.push_back(it->path().lexically_normal());
    }
  }
  std::sort(found.begin(), found.end());
  files->insert(files->end(), found.begin(), found.end());
  return true;
}

std::string ReadText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/*! \brief The 1-based line `line` of `text`, without its line break. */
std::string_view SourceLine(std::string_view text, int64_t line) {
  size_t start = 0;
  for (int64_t current = 1; current < line && start <= text.size(); ++current) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) return {};
    start = end + 1;
  }
  if (start > text.size()) return {};
  size_t end = std::min(text.find('\n', start), text.size());
  std::string_view bytes = text.substr(start, end - start);
  if (!bytes.empty() && bytes.back() == '\r') bytes.remove_suffix(1);
  return bytes;
}

/*! \brief `path:line:col: severity [code] message`, the source line and carets under the range. */
void PrintText(const std::string& path, const std::string& text, const bridge::Diagnostic& d,
               std::ostream& out) {
  LineIndex characters(text, PositionEncoding::kUtf32);
  ClientRange range = characters.ToClient(d.range);
  out << path << ":" << range.start.line + 1 << ":" << range.start.character + 1 << ": "
      << SeverityWord(d.severity) << " [" << d.code << "] " << d.message << "\n";
  std::string_view line = SourceLine(text, d.range.line);
  if (line.empty()) return;
  int64_t width = range.end.line == range.start.line
                      ? std::max<int64_t>(1, range.end.character - range.start.character)
                      : 1;
  out << "  " << line << "\n  " << std::string(static_cast<size_t>(range.start.character), ' ')
      << std::string(static_cast<size_t>(width), '^') << "\n";
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

int RunCheck(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<fs::path> files;
  for (const std::string& path : options.paths) {
    if (!CollectFiles(path, &files)) {
      err << "tvm-lsp: " << path << ": no such file or folder\n";
      return 2;
    }
  }
  WorkerClient client(options.worker);
  nlohmann::json all = nlohmann::json::array();
  size_t errors = 0;
  size_t others = 0;
  size_t checked = 0;
  for (const fs::path& file : files) {
    std::string text = ReadText(file);
    if (!IsTvmScriptSource(text)) continue;
    ++checked;
    std::string uri = "file://" + fs::absolute(file).lexically_normal().string();
    client.Open(uri, 1, text);
    AnalysisOutcome outcome = client.Analyze(uri);
    client.Close(uri);
    for (const bridge::Diagnostic& diagnostic : features::Diagnostics(outcome, text)) {
      (diagnostic.severity == bridge::Severity::kError ? errors : others) += 1;
      if (options.output_format == "json") {
        all.push_back(JsonOf(file.string(), text, diagnostic));
      } else {
        PrintText(file.string(), text, diagnostic, out);
      }
    }
  }
  if (options.output_format == "json") {
    out << all.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    out << errors << (errors == 1 ? " error" : " errors") << ", " << others
        << (others == 1 ? " other diagnostic" : " other diagnostics") << " in " << checked
        << (checked == 1 ? " TVMScript file" : " TVMScript files") << "\n";
  }
  return errors > 0 && !options.exit_zero ? 1 : 0;
}

}  // namespace lsp
}  // namespace tvm
