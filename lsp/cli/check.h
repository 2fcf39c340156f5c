/*!
 * \file check.h
 * \brief `tvm-lsp check`: analyse files and folders from the command line, as in CI.
 */
#ifndef TVM_LSP_CLI_CHECK_H_
#define TVM_LSP_CLI_CHECK_H_

#include <tvm/lsp/worker_client.h>

#include <iosfwd>
#include <string>
#include <vector>

namespace tvm {
namespace lsp {

struct CheckOptions {
  WorkerClientOptions worker;
  std::vector<std::string> paths;
  /*! \brief "text" (file:line:col, the source line and carets) or "json". */
  std::string output_format = "text";
  /*! \brief Exit 0 even when errors were found. */
  bool exit_zero = false;
};

/*!
 * \brief Checks every TVMScript file under `options.paths` (folders recursively, `.py` files
 *  only, hidden folders and `__pycache__` skipped); prints to `out`, problems with paths to
 *  `err`. Returns the exit code: 1 when an error was found (unless `exit_zero`), 2 when a path
 *  does not exist, else 0.
 */
int RunCheck(const CheckOptions& options, std::ostream& out, std::ostream& err);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_CLI_CHECK_H_
