/*!
 * \file main.cc
 * \brief `tvm-lsp`: the command line (docs/lsp.md). Today: `--stdio` (the language server),
 *  `check`, `--version` and `--help`; `format` and `print` come later.
 *
 * Exit codes: 0 after `shutdown` then `exit` (and for --version, --help); 1 when the server
 * ends otherwise, or `check` found errors; 2 for a bad command line.
 */
#include <limits.h>
#include <unistd.h>

#include <charconv>
#include <iostream>
#include <string>

#include "../server/server.h"
#include "check.h"

namespace {

constexpr const char* kUsage =
    "usage: tvm-lsp --stdio [--trusted] [--debounce-ms N] [--worker PATH] [--worker-arg ARG]...\n"
    "       tvm-lsp check [--trusted] [--output-format text|json] [--exit-zero] PATH...\n"
    "       tvm-lsp --version | --help\n";

constexpr const char* kHelp =
    "tvm-lsp: the TVMScript language server.\n"
    "\n"
    "  --stdio            serve LSP on stdin and stdout (how editors start it)\n"
    "  --trusted          let analyses run the module code of the files they analyse\n"
    "                     (off by default; never switched on by anything in a workspace)\n"
    "  --debounce-ms N    start analysing N ms after the last change (default: adaptive)\n"
    "  --worker PATH      the analysis worker to run (default: tvm-lsp-worker next to tvm-lsp)\n"
    "  --worker-arg ARG   one more argument for the worker (for tests), repeatable\n"
    "  check PATH...      print the diagnostics of the TVMScript files under PATH (folders\n"
    "                     recursively); exit 1 when there are errors\n"
    "  --output-format F  check's output: text (file:line:col, source, carets) or json\n"
    "  --exit-zero        check exits 0 even when there are errors\n"
    "  --version          print the version and exit\n"
    "  --help             print this help and exit\n"
    "\n"
    "Logs go to stderr. See docs/lsp.md.\n";

/*! \brief The folder this executable lives in. */
std::string ExecutableFolder() {
  char path[PATH_MAX];
  ssize_t size = readlink("/proc/self/exe", path, sizeof(path) - 1);
  if (size <= 0) return ".";
  std::string self(path, static_cast<size_t>(size));
  size_t slash = self.rfind('/');
  return slash == std::string::npos ? "." : self.substr(0, slash);
}

enum class Mode { kNone, kStdio, kCheck, kVersion, kHelp };

/*! \brief Parses the command line; an error message, empty on success. */
std::string ParseArguments(int argc, char** argv, Mode* mode, tvm::lsp::ServerOptions* options,
                           tvm::lsp::CheckOptions* check) {
  int first = 1;
  if (argc > 1 && std::string(argv[1]) == "check") {
    *mode = Mode::kCheck;
    first = 2;
  }
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    if (arg == "--stdio" && *mode != Mode::kCheck) {
      *mode = Mode::kStdio;
    } else if (arg == "--version") {
      *mode = Mode::kVersion;
      return "";
    } else if (arg == "--help" || arg == "-h") {
      *mode = Mode::kHelp;
      return "";
    } else if (arg == "--trusted") {
      options->worker.trusted = true;
    } else if (arg == "--worker" && has_value) {
      options->worker.executable = argv[++i];
    } else if (arg == "--worker-arg" && has_value) {
      options->worker.extra_args.push_back(argv[++i]);
    } else if (arg == "--debounce-ms" && has_value) {
      std::string value = argv[++i];
      int64_t ms = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), ms);
      if (ec != std::errc() || end != value.data() + value.size() || ms < 0 || ms > 60000) {
        return "--debounce-ms takes a number of milliseconds (0 to 60000), got \"" + value + "\"";
      }
      options->debounce = std::chrono::milliseconds(ms);
    } else if (*mode == Mode::kCheck && arg == "--output-format" && has_value) {
      check->output_format = argv[++i];
      if (check->output_format != "text" && check->output_format != "json") {
        return "--output-format is text or json, got \"" + check->output_format + "\"";
      }
    } else if (*mode == Mode::kCheck && arg == "--exit-zero") {
      check->exit_zero = true;
    } else if (arg == "--worker" || arg == "--worker-arg" || arg == "--debounce-ms" ||
               arg == "--output-format") {
      return arg + " needs a value";
    } else if (*mode == Mode::kCheck && (arg.empty() || arg[0] != '-')) {
      check->paths.push_back(arg);
    } else {
      return "unknown argument \"" + arg + "\"";
    }
  }
  if (*mode == Mode::kNone) return "nothing to do: give --stdio (or --help)";
  if (*mode == Mode::kCheck && check->paths.empty()) return "check needs a file or folder";
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  tvm::lsp::ServerOptions options;
  options.version = TVM_LSP_VERSION;
  options.worker.executable = ExecutableFolder() + "/tvm-lsp-worker";
  Mode mode = Mode::kNone;
  tvm::lsp::CheckOptions check;
  std::string error = ParseArguments(argc, argv, &mode, &options, &check);
  if (!error.empty()) {
    std::cerr << "tvm-lsp: " << error << "\n" << kUsage;
    return 2;
  }
  if (mode == Mode::kVersion) {
    std::cout << "tvm-lsp " << TVM_LSP_VERSION << "\n";
    return 0;
  }
  if (mode == Mode::kHelp) {
    std::cout << kUsage << "\n" << kHelp;
    return 0;
  }
  if (mode == Mode::kCheck) {
    check.worker = options.worker;
    return tvm::lsp::RunCheck(check, std::cout, std::cerr);
  }
  return tvm::lsp::RunServer(options, STDIN_FILENO, STDOUT_FILENO);
}
