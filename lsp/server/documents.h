/*!
 * \file documents.h
 * \brief The open documents the server keeps (the main strand owns them), each with all the
 *  server holds for it, and which of them are TVMScript: only those are sent to the analysis
 *  worker.
 */
#ifndef TVM_LSP_SERVER_DOCUMENTS_H_
#define TVM_LSP_SERVER_DOCUMENTS_H_

#include <tvm/lsp/result_parts.h>
#include <tvm/script/bridge/bridge.h>

#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "debounce.h"
#include "edits_since.h"
#include "features/completion_text.h"
#include "settings.h"

namespace tvm {
namespace lsp {

/*!
 * \brief What the server last gave the client for one URI it shows: a text document's own, or
 *  each of a notebook's cells (diagnostics and semantic tokens go to the cells).
 */
struct ClientView {
  /*! \brief The semantic tokens last sent, for a delta against them. */
  std::string tokens_result_id;
  std::vector<int64_t> tokens;
  /*! \brief Pull diagnostics: those kept for pulls, of `pulled_version` (-1: none, or out of
   *  date), under `pulled_result_id`. */
  int64_t pulled_version = -1;
  nlohmann::json pulled = nlohmann::json::array();
  std::string pulled_result_id;
  /*! \brief The pulls waiting on diagnostics not made yet: their ids and previous result ids. */
  std::vector<std::pair<nlohmann::json, std::string>> waiting_pulls;
};

/*!
 * \brief The on-save round-trip check of a document: the analysis diagnostics last delivered,
 *  and the round-trip warnings of the last save checked (server_round_trip.cc).
 */
struct RoundTripState {
  nlohmann::json analysis = nlohmann::json::array();
  int64_t analysis_version = -1;
  nlohmann::json warnings = nlohmann::json::array();
  int64_t version = -1;  // the saved version the warnings are of
  int64_t pending = -1;  // the saved version whose check is on its way
};

/*!
 * \brief The current text read the ways requests need it often: its line starts and its code
 *  (strings and comments blanked), each made at the first request that needs it and shared by
 *  the requests at that text; every change drops them (DidChange).
 */
struct TextReadings {
  std::shared_ptr<const std::vector<size_t>> line_starts;
  std::shared_ptr<const features::CodeText> code;
};

/*!
 * \brief One open document, at the version the client last sent, and everything the server
 *  keeps for it: closing it drops all of that at once.
 */
struct Document {
  std::string uri;
  std::string language_id;
  int64_t version = 0;
  std::string text;
  /*! \brief `text` read as requests need it; mutable: a cache, filled by the readers below. */
  mutable TextReadings readings;
  /*! \brief Whether it is analysed (`IsAnalysed`), as of its current text. */
  bool analysed = false;
  /*! \brief The version whose diagnostics were last published; -1 for none. */
  int64_t published_version = -1;
  /*! \brief The last finished analysis, of `analysis_version` (navigation reads it). */
  std::shared_ptr<const script::bridge::ParseResult> analysis;
  /*! \brief The same analysis per definition with its position index (hover reads it); null
   *  when the worker did not answer in parts. */
  std::shared_ptr<const PartsIndex> index;
  /*! \brief The edits since that analysis, by lines (hover reads its index through them). */
  EditsSince since_analysis;
  int64_t analysis_version = -1;
  /*! \brief The settings it is served with (settings.h; `round_trip_on_save` among them). */
  Settings settings;
  /*! \brief Whether it is analysed trusted (its module code may run). */
  bool trusted = false;
  /*! \brief Opened large and never analysed: the lines its first analysis covers, which a
   *  request about other lines arriving with the open moves there (server_documents.cc). */
  std::optional<std::pair<int64_t, int64_t>> first_screen;
  /*! \brief The wait before its next analysis (made at its first). */
  std::unique_ptr<boost::asio::steady_timer> debounce;
  /*! \brief Its recent edit analysis times and change gaps, which the debounce follows. */
  AnalysisTimes times;
  RoundTripState round_trip;
  /*! \brief By the URI the client sees: the document's own, or each notebook cell's. */
  std::map<std::string, ClientView> views;
};

/*! \brief `document.text`'s line starts (LineStarts), made once per text. */
std::shared_ptr<const std::vector<size_t>> LineStartsOf(const Document& document);

/*! \brief `document.text` read as code (features::ReadCode), made once per text. */
std::shared_ptr<const features::CodeText> CodeOf(const Document& document);

/*!
 * \brief Whether `text` is TVMScript, from its text alone: it imports a registered namespace
 *  (`from tvm_tirx.script import tirx as T`, `from tvm.script import tir as T` and `ir`,
 *  `s_tir`, `tirx`; `import tvm_tirx.script`, `from tvm_tirx import script`), or uses a
 *  registered decorator by its usual alias or full name (`@T.prim_func`, `@T.function`,
 *  `@I.ir_module`, `@tvm.script.ir_module`, ...). Nothing is evaluated; a file that only
 *  imports `tvm.script`'s `relax` is not TVMScript.
 */
bool IsTvmScriptSource(std::string_view text);

/*!
 * \brief The names `text`'s imports bind to registered namespaces (`from tvm.script import
 *  tir as tx` and `import tvm.script.tir as tx` bind `tx`), read as IsTvmScriptSource reads.
 */
std::set<std::string> NamespaceAliases(std::string_view text);

/*!
 * \brief Whether the decorator line `line` (from its `@`) names a registered decorator by its
 *  full name, its usual alias (`T`, `I`, `Ts`) or one of `aliases` (NamespaceAliases), as
 *  IsTvmScriptSource reads it (the workspace index's check).
 */
bool IsTvmScriptDecorator(std::string_view line, const std::set<std::string>& aliases = {});

/*! \brief IsTvmScriptDecorator with the aliases `text`'s imports bind (for ScanSymbols). */
std::function<bool(std::string_view)> DecoratorCheckOf(std::string_view text);

/*! \brief Whether the document is Python (language `python`, or a `.py`/`.pyi` URI). */
bool IsPythonDocument(const std::string& uri, const std::string& language_id);

/*! \brief Whether the server analyses `document`: Python with TVMScript. */
inline bool IsAnalysed(const Document& document) {
  return IsPythonDocument(document.uri, document.language_id) && IsTvmScriptSource(document.text);
}

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_DOCUMENTS_H_
