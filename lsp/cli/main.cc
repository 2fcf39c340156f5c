/*!
 * \file main.cc
 * \brief `tvm-lsp`: the command line (docs/lsp.md). Today: `--stdio` (the language server),
 *  `--version` and `--help`; `check`, `format` and `print` come later.
 *
 * Exit codes: 0 after `shutdown` then `exit` (and for --version, --help); 1 when the server
 * ends otherwise; 2 for a bad command line.
 */
#include <limits.h>
#include <unistd.h>

#include <charconv>
#include <iostream>
#include <string>

#include "../server/server.h"

namespace {

constexpr const char* kUsage =
    "usage: tvm-lsp --stdio [--trusted] [--debounce-ms N] [--worker PATH] [--worker-arg ARG]...\n"
    "       tvm-lsp --version | --help\n";

constexpr const char* kHelp =
    "tvm-lsp: the TVMScript language server.\n"
    "\n"
    "  --stdio            serve LSP on stdin and stdout (how editors start it)\n"
    "  --trusted          let analyses run the module code of the files they analyse\n"
    "                     (off by default; never switched on by anything in a workspace)\n"
    "  --debounce-ms N    start analysing N ms after the last change (default 200)\n"
    "  --worker PATH      the analysis worker to run (default: tvm-lsp-worker next to tvm-lsp)\n"
    "  --worker-arg ARG   one more argument for the worker (for tests), repeatable\n"
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

enum class Mode { kNone, kStdio, kVersion, kHelp };

/*! \brief Parses the command line; an error message, empty on success. */
std::string ParseArguments(int argc, char** argv, Mode* mode, tvm::lsp::ServerOptions* options) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    if (arg == "--stdio") {
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
    } else if (arg == "--worker" || arg == "--worker-arg" || arg == "--debounce-ms") {
      return arg + " needs a value";
    } else {
      return "unknown argument \"" + arg + "\"";
    }
  }
  if (*mode == Mode::kNone) return "nothing to do: give --stdio (or --help)";
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  tvm::lsp::ServerOptions options;
  options.version = TVM_LSP_VERSION;
  options.worker.executable = ExecutableFolder() + "/tvm-lsp-worker";
  Mode mode = Mode::kNone;
  std::string error = ParseArguments(argc, argv, &mode, &options);
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
  return tvm::lsp::RunServer(options, STDIN_FILENO, STDOUT_FILENO);
}
