/*!
 * \file format.cc
 * \brief `tvm-lsp format [--check] [--diff] PATH...`: the server's formatting (the worker's
 *  verdicts through features::Formatting) applied to files, written atomically.
 */
#include <unistd.h>

#include <ostream>
#include <sstream>

#include "../server/features/features.h"
#include "check.h"
#include "file_workers.h"
#include "unified_diff.h"

namespace tvm {
namespace lsp {

namespace fs = std::filesystem;

namespace {

std::string Files(size_t n) { return std::to_string(n) + (n == 1 ? " file" : " files"); }

/*! \brief What happened to the files. */
struct Tally {
  size_t changed = 0;
  size_t unchanged = 0;
  size_t not_tvmscript = 0;
  bool failed = false;
};

/*! \brief The formatting edits of one analysed file; false with `error` when none came. */
bool FormatEdits(WorkerClient& client, const FileAnalysis& analysis,
                 features::FormattingResult* result, std::string* error) {
  FormatOutcome outcome = client.Format(analysis.uri);
  if (outcome.status != QueryStatus::kDone) {
    *error = "it could not be formatted: " +
             (outcome.message.empty() ? std::string("the analysis went stale") : outcome.message);
    return false;
  }
  *result = features::Formatting(analysis.text, outcome.definitions);
  return true;
}

/*! \brief Formats one file as `options` ask, counting it in `tally`. */
void FormatOne(WorkerClient& client, const fs::path& file, const FormatOptions& options,
               const Style& style, Tally* tally, std::ostream& out, std::ostream& err) {
  std::string name = file.string();
  std::string why;
  std::optional<FileAnalysis> analysis = AnalyzeFile(client, file, &why);
  if (!analysis) {
    if (why.empty()) {
      ++tally->not_tvmscript;
    } else {
      err << "tvm-lsp: " << name << ": " << why << "\n";
      tally->failed = true;
    }
    return;
  }
  features::FormattingResult result;
  bool ok = FormatEdits(client, *analysis, &result, &why);
  client.Close(analysis->uri);
  if (!ok) {
    err << "tvm-lsp: " << name << ": " << why << "\n";
    tally->failed = true;
    return;
  }
  for (const std::string& skipped : result.skipped) {
    err << name << ": left alone: " << skipped << "\n";
  }
  if (result.edits.empty()) {
    ++tally->unchanged;
    return;
  }
  if (options.diff) {
    out << UnifiedDiff(name, analysis->text, result.edits, style);
  } else if (options.check) {
    out << "Would reformat: " << name << "\n";
  } else {
    std::string error =
        WriteFileAtomically(file, analysis->text, ApplyEdits(analysis->text, result.edits));
    if (!error.empty()) {
      err << "tvm-lsp: " << name << ": " << error << "\n";
      tally->failed = true;
      return;
    }
  }
  ++tally->changed;
}

}  // namespace

int RunFormat(const FormatOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<fs::path> files;
  if (!CollectOrReport(options.common, &files, err)) return 2;
  Style style{UseColor(options.common.color, STDOUT_FILENO)};
  CommonOptions common = options.common;
  common.worker.spare_workers = 2;  // a folder's changed files confirm in turn on two spares
  FileWorkers workers(common, err);
  Tally tally;
  {
    Progress progress(files.size());
    for (size_t index = 0; index < files.size(); ++index) {
      progress.Step(index, files[index].string());
      std::ostringstream file_out;
      std::ostringstream file_err;
      FormatOne(workers.For(files[index]), files[index], options, style, &tally, file_out,
                file_err);
      if (!file_out.str().empty() || !file_err.str().empty()) progress.Done();
      out << file_out.str();
      err << file_err.str();
    }
  }
  bool dry = options.check || options.diff;
  std::string summary = Files(tally.changed) +
                        (dry ? " would be reformatted, " : " reformatted, ") +
                        Files(tally.unchanged) + (dry ? " already formatted" : " left unchanged");
  if (tally.not_tvmscript > 0) summary += ", " + Files(tally.not_tvmscript) + " without TVMScript";
  // With --diff the diff owns stdout, so the summary goes to stderr (as ruff does).
  (options.diff ? err : out) << summary << "\n";
  if (tally.failed) return 2;
  return dry && tally.changed > 0 ? 1 : 0;
}

}  // namespace lsp
}  // namespace tvm
