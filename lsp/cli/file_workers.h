/*!
 * \file file_workers.h
 * \brief The subcommands' workers, one per trust (docs/lsp.md "Trust"): with `--trusted` every
 *  file is analysed trusted; otherwise a file in the user's `trusted-folders` goes to a trusted
 *  worker and every other file to the sandboxed one. The user's configuration is read with the
 *  server's rules, the command's paths standing for the workspace, so a configuration inside
 *  what is checked grants nothing.
 */
#ifndef TVM_LSP_CLI_FILE_WORKERS_H_
#define TVM_LSP_CLI_FILE_WORKERS_H_

#include <tvm/lsp/worker_client.h>

#include <filesystem>
#include <iosfwd>
#include <optional>

#include "../server/trust.h"
#include "check.h"

namespace tvm {
namespace lsp {

class FileWorkers {
 public:
  /*! \brief Reads the user's configuration (its warnings go to `err`); starts no worker. */
  FileWorkers(const CommonOptions& options, std::ostream& err);

  /*! \brief The worker for `file`, started at its first use. */
  WorkerClient& For(const std::filesystem::path& file);

 private:
  WorkerClientOptions options_;
  UserTrust user_trust_;
  std::optional<WorkerClient> trusted_;
  std::optional<WorkerClient> untrusted_;
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_CLI_FILE_WORKERS_H_
