/*!
 * \file server.h
 * \brief `tvm-lsp --stdio`: the language server over two file descriptors.
 */
#ifndef TVM_LSP_SERVER_SERVER_H_
#define TVM_LSP_SERVER_SERVER_H_

#include <tvm/lsp/worker_client.h>

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

namespace tvm {
namespace lsp {

/*! \brief How to run the server. */
struct ServerOptions {
  /*! \brief The analysis worker; its `trusted` comes from `--trusted` only (never the workspace).
   */
  WorkerClientOptions worker;
  /*!
   * \brief How long after the last change of a document its analysis starts (`--debounce-ms`);
   *  none for adaptive (debounce.h). The `tvmscript.debounceMs` setting overrides it.
   */
  std::optional<std::chrono::milliseconds> debounce;
  /*! \brief How often the client's process (initialize's `processId`) is checked. */
  std::chrono::milliseconds parent_poll{1000};
  /*! \brief The largest message body read; a larger one gets an error reply and is skipped. */
  size_t max_message = size_t{64} << 20;
  /*! \brief What `serverInfo.version` says. */
  std::string version;
};

/*!
 * \brief Serves LSP on `in_fd` and `out_fd` until `exit` (or the end of the input, or the
 *  client's process dying). Returns the exit code: 0 after `shutdown` then `exit`, else 1.
 */
int RunServer(const ServerOptions& options, int in_fd, int out_fd);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_SERVER_H_
