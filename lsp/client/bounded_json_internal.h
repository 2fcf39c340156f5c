/*!
 * \file bounded_json_internal.h
 * \brief A worker's frame read as JSON only when its shape is bounded: a hostile worker must
 *  not make the client build a tree many times the frame's size (nlohmann spends tens of
 *  bytes per value, and `{},{},...` is three bytes per value) or nest it without end. Only
 *  lsp/client includes it.
 */
#ifndef TVM_LSP_CLIENT_BOUNDED_JSON_INTERNAL_H_
#define TVM_LSP_CLIENT_BOUNDED_JSON_INTERNAL_H_

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace tvm {
namespace lsp {

struct JsonBounds {
  /*! \brief Arrays and objects inside one another. */
  size_t max_depth = 64;
  /*!
   * \brief The tree's estimated size (ValueCost) per byte of the frame: the corpus's replies
   *  come to about 7, `{},{},...` to about 21.
   */
  size_t max_tree_per_byte = 16;
  /*! \brief Tree bytes any frame may take regardless of its size (small replies are dense). */
  size_t free_tree_bytes = size_t{1} << 20;
};

/*!
 * \brief `body` parsed, or none with `*error` saying why: not JSON, nested deeper than
 *  `max_depth`, or a tree larger than its size allows. The shape is checked in a first pass
 *  that builds nothing.
 */
std::optional<nlohmann::json> ParseBoundedJson(const std::string& body, const JsonBounds& bounds,
                                               std::string* error);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_CLIENT_BOUNDED_JSON_INTERNAL_H_
