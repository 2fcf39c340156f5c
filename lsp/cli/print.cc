/*!
 * \file print.cc
 * \brief `tvm-lsp print FILE [--def NAME]`: the canonical text of a file's definitions.
 */
#include <ostream>

#include "check.h"
#include "file_workers.h"

namespace tvm {
namespace lsp {

namespace bridge = tvm::script::bridge;

namespace {

/*! \brief "f, g and h" (the names in source order). */
std::string NameList(const std::vector<bridge::Definition>& definitions) {
  std::string names;
  for (size_t i = 0; i < definitions.size(); ++i) {
    if (i > 0) names += i + 1 == definitions.size() ? " and " : ", ";
    names += definitions[i].name;
  }
  return names;
}

}  // namespace

int RunPrint(const PrintOptions& options, std::ostream& out, std::ostream& err) {
  const std::string& file = options.common.paths.front();
  FileWorkers workers(options.common, err);
  WorkerClient& client = workers.For(file);
  std::string why;
  std::optional<FileAnalysis> analysis = AnalyzeFile(client, file, &why);
  if (!analysis) {
    err << "tvm-lsp: " << file << ": " << (why.empty() ? "it holds no TVMScript" : why) << "\n";
    return 2;
  }
  client.Close(analysis->uri);
  const std::vector<bridge::Definition>& definitions = analysis->outcome.result.definitions;
  std::vector<const bridge::Definition*> chosen;
  for (const bridge::Definition& definition : definitions) {
    if (!options.definition || definition.name == *options.definition) {
      chosen.push_back(&definition);
    }
  }
  if (chosen.empty()) {
    err << "tvm-lsp: " << file << ": "
        << (options.definition
                ? "no definition named \"" + *options.definition + "\"" +
                      (definitions.empty() ? std::string(" (it has none)")
                                           : "; its definitions are " + NameList(definitions))
                : std::string("it has no TVMScript definitions"))
        << "\n";
    return 2;
  }
  int code = 0;
  bool first = true;
  for (const bridge::Definition* definition : chosen) {
    if (!definition->canonical_text || definition->partial) {
      err << "tvm-lsp: " << file << ":" << definition->range.line << ": " << definition->name
          << " has errors, so it has no canonical text (tvm-lsp check " << file << " lists them)\n";
      code = 1;
      continue;
    }
    if (!first) out << "\n\n";
    first = false;
    out << *definition->canonical_text;
    if (!definition->canonical_text->empty() && definition->canonical_text->back() != '\n') {
      out << "\n";
    }
  }
  return code;
}

}  // namespace lsp
}  // namespace tvm
