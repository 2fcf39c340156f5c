/*!
 * \file check.h
 * \brief The subcommands: `tvm-lsp check`, `format` and `print` (docs/lsp.md). Each prints to
 *  `out`, errors and notes to `err`, and returns the exit code: 0 ok, 1 findings (errors; files
 *  that would change), 2 a bad path, an unreadable file or a file that could not be analysed.
 */
#ifndef TVM_LSP_CLI_CHECK_H_
#define TVM_LSP_CLI_CHECK_H_

#include <tvm/lsp/worker_client.h>

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "files.h"

namespace tvm {
namespace lsp {

/*! \brief What every subcommand takes. */
struct CommonOptions {
  WorkerClientOptions worker;
  std::vector<std::string> paths;
  WalkOptions walk;
  ColorChoice color = ColorChoice::kAuto;
};

struct CheckOptions {
  CommonOptions common;
  /*! \brief "text" (file:line:col, the source line and carets) or "json". */
  std::string output_format = "text";
  /*! \brief Exit 0 even when errors were found. */
  bool exit_zero = false;
};

/*!
 * \brief Checks every TVMScript file under the paths (folders walked as files.h says) and
 *  prints each diagnostic. 1 when an error was found (unless `exit_zero`).
 */
int RunCheck(const CheckOptions& options, std::ostream& out, std::ostream& err);

struct FormatOptions {
  CommonOptions common;
  /*! \brief Write nothing; list the files that would change (exit 1 when any would). */
  bool check = false;
  /*! \brief Write nothing; print a unified diff of each change (exit 1 when any). */
  bool diff = false;
};

/*!
 * \brief Formats every TVMScript file under the paths with the server's rules (the worker's
 *  verdicts, features::Formatting), writing each changed file atomically; definitions left
 *  alone are reported on `err` with the reason.
 */
int RunFormat(const FormatOptions& options, std::ostream& out, std::ostream& err);

struct PrintOptions {
  CommonOptions common;
  /*! \brief Only this definition. */
  std::optional<std::string> definition;
};

/*!
 * \brief Prints the canonical text of each definition of one file (or only `definition`):
 *  2 for an unknown name (the message lists the names there are), 1 when a definition has
 *  errors and so no canonical text.
 */
int RunPrint(const PrintOptions& options, std::ostream& out, std::ostream& err);

/*! \brief CollectFiles over `options`; false after saying on `err` which path is missing. */
bool CollectOrReport(const CommonOptions& options, std::vector<std::filesystem::path>* files,
                     std::ostream& err);

/*! \brief One file opened, analysed and closed in the worker. */
struct FileAnalysis {
  std::string uri;
  std::string text;
  AnalysisOutcome outcome;
};

/*!
 * \brief Reads `path` and, when it is TVMScript, analyses it (left open in `client` for
 *  queries: close `uri` after). None when it is not TVMScript; `error` set when it could not
 *  be read or analysed.
 */
std::optional<FileAnalysis> AnalyzeFile(WorkerClient& client, const std::filesystem::path& path,
                                        std::string* error);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_CLI_CHECK_H_
