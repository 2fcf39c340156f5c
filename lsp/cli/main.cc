/*!
 * \file main.cc
 * \brief `tvm-lsp`: the command line (docs/lsp.md): `--stdio` (the language server), the
 *  subcommands `check`, `format` and `print`, `--version` and `--help`.
 *
 * Exit codes (as ruff's): 0 after `shutdown` then `exit` (and for --version, --help, and a
 * subcommand that found nothing); 1 when the server ends otherwise, or a subcommand found
 * something (errors, files that would change); 2 for a bad command line or a path or file
 * that could not be read.
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
    "usage: tvm-lsp --stdio [--trusted] [--debounce-ms N] [--query-limit-ms N] [--worker PATH]\n"
    "                     [--worker-arg ARG]...\n"
    "       tvm-lsp check [OPTIONS] [--output-format text|json] [--exit-zero] PATH...\n"
    "       tvm-lsp format [OPTIONS] [--check] [--diff] PATH...\n"
    "       tvm-lsp print [OPTIONS] FILE [--def NAME]\n"
    "       tvm-lsp --version | --help\n"
    "OPTIONS: --trusted, --exclude PATTERN, --extend-exclude PATTERN, --no-respect-gitignore,\n"
    "         --color auto|always|never, --worker PATH, --worker-arg ARG\n";

constexpr const char* kHelp =
    "tvm-lsp: the TVMScript language server.\n"
    "\n"
    "  --stdio            serve LSP on stdin and stdout (how editors start it)\n"
    "  --trusted          let analyses run the module code of the files they analyse\n"
    "                     (off by default; never switched on by anything in a workspace)\n"
    "  --debounce-ms N    start analysing N ms after the last change (default: adaptive)\n"
    "  --query-limit-ms N stop a worker query (hover, formatting, round-trip check) after N ms\n"
    "                     with an error, keeping the worker's analyses (default: 5000)\n"
    "  --worker PATH      the analysis worker to run (default: tvm-lsp-worker next to tvm-lsp)\n"
    "  --worker-arg ARG   one more argument for the worker (for tests), repeatable\n"
    "  check PATH...      print the diagnostics of the TVMScript files under PATH (folders\n"
    "                     recursively); exit 1 when there are errors\n"
    "  --output-format F  check's output: text (file:line:col, source, carets) or json\n"
    "  --exit-zero        check exits 0 even when there are errors\n"
    "  format PATH...     put the TVMScript definitions of the files in canonical form, as the\n"
    "                     server's formatting does (in place, atomically)\n"
    "  --check            format writes nothing and exits 1 when a file would change\n"
    "  --diff             format writes nothing, prints a unified diff, exits 1 on changes\n"
    "  print FILE         print the canonical text of each definition of FILE\n"
    "  --def NAME         print only the definition NAME\n"
    "  --exclude P        folders and files a walk skips (gitignore patterns; repeatable;\n"
    "                     replaces the default, \".*\" and \"__pycache__\")\n"
    "  --extend-exclude P more patterns to skip, on top of the default (repeatable)\n"
    "  --no-respect-gitignore  do not read .gitignore files\n"
    "  --color WHEN       auto (a terminal, unless NO_COLOR is set), always or never\n"
    "  --version          print the version and exit\n"
    "  --help             print this help and exit\n"
    "\n"
    "Exit codes: 0 ok, 1 findings, 2 a bad command line or a file that could not be read.\n"
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

enum class Mode { kNone, kStdio, kCheck, kFormat, kPrint, kVersion, kHelp };

/*! \brief Everything the command line can set. */
struct Arguments {
  Mode mode = Mode::kNone;
  tvm::lsp::ServerOptions server;
  tvm::lsp::CommonOptions common;
  tvm::lsp::CheckOptions check;
  tvm::lsp::FormatOptions format;
  tvm::lsp::PrintOptions print;
  bool exclude_given = false;
};

bool IsSubcommand(Mode mode) {
  return mode == Mode::kCheck || mode == Mode::kFormat || mode == Mode::kPrint;
}

/*! \brief Options only one subcommand takes; an error message, "" when taken, none when not
 *  one of them. */
std::optional<std::string> SubcommandOption(const std::string& arg, const char* value,
                                            Arguments* a) {
  if (a->mode == Mode::kCheck && arg == "--output-format" && value) {
    a->check.output_format = value;
    if (a->check.output_format != "text" && a->check.output_format != "json") {
      return "--output-format is text or json, got \"" + a->check.output_format + "\"";
    }
    return "";
  }
  if (a->mode == Mode::kCheck && arg == "--exit-zero") return (a->check.exit_zero = true, "");
  if (a->mode == Mode::kFormat && arg == "--check") return (a->format.check = true, "");
  if (a->mode == Mode::kFormat && arg == "--diff") return (a->format.diff = true, "");
  if (a->mode == Mode::kPrint && arg == "--def" && value) {
    a->print.definition = value;
    return "";
  }
  return std::nullopt;
}

/*! \brief Options every subcommand takes (walks, colour); as SubcommandOption. */
std::optional<std::string> CommonOption(const std::string& arg, const char* value, Arguments* a) {
  if (!IsSubcommand(a->mode)) return std::nullopt;
  if ((arg == "--exclude" || arg == "--extend-exclude") && value) {
    if (arg == "--exclude" && !a->exclude_given) a->common.walk.exclude.clear();
    a->exclude_given = a->exclude_given || arg == "--exclude";
    (arg == "--exclude" ? a->common.walk.exclude : a->common.walk.extend_exclude).push_back(value);
    return "";
  }
  if (arg == "--no-respect-gitignore") return (a->common.walk.respect_gitignore = false, "");
  if (arg == "--color" && value) {
    auto choice = tvm::lsp::ParseColorChoice(value);
    if (!choice) return std::string("--color is auto, always or never, got \"") + value + "\"";
    a->common.color = *choice;
    return "";
  }
  return std::nullopt;
}

/*! \brief Parses the command line; an error message, empty on success. */
std::string ParseArguments(int argc, char** argv, Arguments* a) {
  int first = 1;
  std::string head = argc > 1 ? argv[1] : "";
  if (head == "check" || head == "format" || head == "print") {
    a->mode = head == "check" ? Mode::kCheck : head == "format" ? Mode::kFormat : Mode::kPrint;
    first = 2;
  }
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
    std::optional<std::string> taken = SubcommandOption(arg, value, a);
    if (!taken) taken = CommonOption(arg, value, a);
    if (taken) {
      if (!taken->empty()) return *taken;
      if (arg == "--output-format" || arg == "--def" || arg == "--exclude" ||
          arg == "--extend-exclude" || arg == "--color") {
        ++i;
      }
    } else if (arg == "--stdio" && !IsSubcommand(a->mode)) {
      a->mode = Mode::kStdio;
    } else if (arg == "--version") {
      a->mode = Mode::kVersion;
      return "";
    } else if (arg == "--help" || arg == "-h") {
      a->mode = Mode::kHelp;
      return "";
    } else if (arg == "--trusted") {
      a->server.worker.trusted = true;
    } else if (arg == "--worker" && value) {
      a->server.worker.executable = argv[++i];
    } else if (arg == "--worker-arg" && value) {
      a->server.worker.extra_args.push_back(argv[++i]);
    } else if ((arg == "--debounce-ms" || arg == "--query-limit-ms") && value &&
               !IsSubcommand(a->mode)) {
      std::string text = argv[++i];
      int64_t ms = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), ms);
      int64_t low = arg == "--debounce-ms" ? 0 : 1;
      if (ec != std::errc() || end != text.data() + text.size() || ms < low || ms > 60000) {
        return arg + " takes a number of milliseconds (" + std::to_string(low) +
               " to 60000), got \"" + text + "\"";
      }
      if (arg == "--debounce-ms") {
        a->server.debounce = std::chrono::milliseconds(ms);
      } else {
        a->server.worker.query_limit = std::chrono::milliseconds(ms);
      }
    } else if (!value && (arg == "--worker" || arg == "--worker-arg" || arg == "--debounce-ms" ||
                          arg == "--query-limit-ms" || arg == "--output-format" || arg == "--def" ||
                          arg == "--exclude" || arg == "--extend-exclude" || arg == "--color")) {
      return arg + " needs a value";
    } else if (IsSubcommand(a->mode) && (arg.empty() || arg[0] != '-')) {
      a->common.paths.push_back(arg);
    } else {
      return "unknown argument \"" + arg + "\"" +
             (IsSubcommand(a->mode) ? " for " + head : std::string());
    }
  }
  if (a->mode == Mode::kNone) return "nothing to do: give --stdio (or --help)";
  if (a->mode == Mode::kCheck && a->common.paths.empty()) return "check needs a file or folder";
  if (a->mode == Mode::kFormat && a->common.paths.empty()) return "format needs a file or folder";
  if (a->mode == Mode::kPrint && a->common.paths.size() != 1) {
    return "print takes exactly one file, got " + std::to_string(a->common.paths.size());
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  Arguments a;
  a.server.version = TVM_LSP_VERSION;
  a.server.worker.executable = ExecutableFolder() + "/tvm-lsp-worker";
  std::string error = ParseArguments(argc, argv, &a);
  if (!error.empty()) {
    std::cerr << "tvm-lsp: " << error << "\n" << kUsage;
    return 2;
  }
  if (a.mode == Mode::kVersion) {
    std::cout << "tvm-lsp " << TVM_LSP_VERSION << "\n";
    return 0;
  }
  if (a.mode == Mode::kHelp) {
    std::cout << kUsage << "\n" << kHelp;
    return 0;
  }
  a.common.worker = a.server.worker;
  switch (a.mode) {
    case Mode::kCheck:
      a.check.common = a.common;
      return tvm::lsp::RunCheck(a.check, std::cout, std::cerr);
    case Mode::kFormat:
      a.format.common = a.common;
      return tvm::lsp::RunFormat(a.format, std::cout, std::cerr);
    case Mode::kPrint:
      a.print.common = a.common;
      return tvm::lsp::RunPrint(a.print, std::cout, std::cerr);
    default:
      return tvm::lsp::RunServer(a.server, STDIN_FILENO, STDOUT_FILENO);
  }
}
