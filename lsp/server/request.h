/*!
 * \file request.h
 * \brief The one shape of a request (issue 24, item 4): what it reads, how it is answered, and
 *  what it adds to the server's capabilities. Every request the server takes is a row of one
 *  table (Server::RegisterRequests); the chain around it (resolve the document, refuse when
 *  analysis stopped, ask the worker on the analysis thread, post back, check the version, map
 *  to a notebook cell, reply or error) is written once, in Server::Serve.
 */
#ifndef TVM_LSP_SERVER_REQUEST_H_
#define TVM_LSP_SERVER_REQUEST_H_

#include <tvm/lsp/worker_client.h>
#include <tvm/script/bridge/bridge.h>

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "documents.h"
#include "notebook_map.h"
#include "positions.h"

namespace tvm {
namespace lsp {

/*! \brief What a request reads before it can be answered. */
enum class Reads {
  /*! \brief The server's own state, no document (initialize, workspace/symbol): `serve`. */
  kServer,
  /*! \brief The document's current text and whatever analysis it has, of any version
   *  (completion): answered at once, never waiting on the worker. */
  kText,
  /*! \brief The document's analysis at its current version (navigation, hover): at once when
   *  it is there, else after the worker analysed it (`answer_stale` may answer before). */
  kAnalysis,
  /*! \brief A worker query at the current version (formatting, verdicts): `ask`. */
  kWorker,
};

/*! \brief What an answer reads, on the loop. */
struct RequestView {
  const Document& document;  // a notebook cell's: its notebook's document
  const DocumentMap& lines;  // the request's own (a cell: its lines of the notebook)
  const nlohmann::json& params;
  int64_t line;    // of the target's position (1-based), or the document's first line
  int64_t column;  // in UTF-8 bytes
  /*! \brief The analysis at the document's version, or an empty result when it has none. */
  const script::bridge::ParseResult& analysis;
  /*! \brief The same analysis per definition with its position index, or an empty one. */
  const PartsIndex& index;
};

/*!
 * \brief A worker query's outcome with its type erased: `version` and `status` are checked on
 *  the loop (-32801 when the document moved on, -32603 when the worker failed), then `reply`
 *  makes the answer from what it captured.
 */
struct WorkerAnswer {
  std::optional<int64_t> version;  // none: cancelled because the document moved on
  QueryStatus status = QueryStatus::kFailed;
  std::string failure;
  std::function<nlohmann::json(const RequestView&)> reply;
};

/*! \brief An answer made on the loop; none when a `kWorker` request must ask the worker. */
using RequestAnswer = std::function<std::optional<nlohmann::json>(const RequestView&)>;

/*! \brief The question a `kWorker` request puts to the worker, on the analysis thread. */
using WorkerQuery = std::function<WorkerAnswer(WorkerClient& client, const std::string& uri,
                                               int64_t line, int64_t column)>;

/*! \brief The document a request is about and the position in it (client units). */
struct RequestTarget {
  std::string uri;
  std::optional<ClientPosition> position;
};

/*! \brief One request: a row of the server's table. */
struct RequestSpec {
  std::string method;
  Reads reads = Reads::kAnalysis;
  /*! \brief Reads the client's capabilities at `initialize` and gives what the server offers
   *  for this request (merged into the answer's `capabilities`); none adds nothing. */
  std::function<nlohmann::json(const nlohmann::json& client_capabilities)> offer;
  /*! \brief Checks the params after the target, before anything is answered (throws
   *  rpc::Error); may be none. */
  std::function<void(const nlohmann::json& params)> check;
  /*! \brief The target; none reads `textDocument.uri` and `position` when present. */
  std::function<RequestTarget(const nlohmann::json& params)> target;
  /*! \brief The answer for an open document that is not TVMScript. */
  nlohmann::json outside;
  /*! \brief What was under way, for "the document changed while <doing>". */
  const char* doing = "it was analysed";
  /*! \brief kText, kAnalysis: the answer. kWorker: tried first, before the worker is asked;
   *  none goes on to `ask`. May throw rpc::Error. */
  RequestAnswer answer;
  /*!
   * \brief kAnalysis: tried first when the analysis the server holds is of an older version
   *  (hover reads its position index through the edits since); none, or none from it, waits
   *  for the analysis of the current version.
   */
  RequestAnswer answer_stale;
  /*! \brief kWorker: the worker query. */
  WorkerQuery ask;
  /*! \brief kServer: the whole handler; none means it answers later through Reply. */
  std::function<std::optional<nlohmann::json>(const nlohmann::json& id,
                                              const nlohmann::json& params)>
      serve;
};

/*! \brief `textDocument.uri` and, when present, `position` of `params`. */
RequestTarget TextDocumentTarget(const nlohmann::json& params);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_REQUEST_H_
