/*!
 * \file json_survey.h
 * \brief One pass over a message's text before any of it is built (issue 22, item 5): its
 *  structure is checked against limits (depth, values per message), a number that overflows a
 *  double is found, and the top-level `"id"` is read, so that a message refused for any of
 *  these still gets its reply. The pass keeps no more than the id and the current key, so what
 *  it costs is bounded by the limits, never by the message.
 */
#ifndef TVM_LSP_SERVER_JSON_SURVEY_H_
#define TVM_LSP_SERVER_JSON_SURVEY_H_

#include <nlohmann/json.hpp>
#include <string>

namespace tvm {
namespace lsp {
namespace rpc {

/*! \brief The structural limits of one message. */
struct JsonLimits {
  /*! \brief Arrays and objects nested deeper are refused (copies of a json value recurse). */
  int max_depth = 512;
  /*!
   * \brief Values and object keys per message. A built value costs up to about 100 bytes
   *  (`{}` is 3 bytes of text and about 80 of memory), so this bounds the memory of one message
   *  to about 100 MB whatever its size; real messages hold a few thousand (a 40 MB document is
   *  one string).
   */
  size_t max_values = 1000000;
};

/*! \brief What the pass found. */
struct JsonSurvey {
  enum class Fault {
    kNone,
    kSyntax,    // not JSON
    kOverflow,  // a number beyond a double's range (`1e400`)
    kTooDeep,
    kTooMany,
  };
  Fault fault = Fault::kNone;
  /*! \brief What was wrong, for the error reply (empty when nothing was). */
  std::string error;
  /*! \brief Whether the fault lies inside the top-level `"params"`. */
  bool in_params = false;
  /*! \brief Whether the message is an object (only an object can be a notification). */
  bool is_object = false;
  /*! \brief Whether a top-level `"id"` key was seen before the pass stopped. */
  bool id_seen = false;
  /*! \brief That id when it is an integer or a string; null otherwise. */
  nlohmann::json id;
};

/*! \brief Surveys `text` (well-formed UTF-8) against `limits`. */
JsonSurvey Survey(const std::string& text, const JsonLimits& limits);

}  // namespace rpc
}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_JSON_SURVEY_H_
