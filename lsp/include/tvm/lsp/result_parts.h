/*!
 * \file tvm/lsp/result_parts.h
 * \brief A ParseResult that arrives per definition (`bridge::ResultParts`), made whole again.
 *
 * The worker sends only the parts that changed since the reply the client last took for that
 * document; the others come as their token alone. `HeldParts` keeps the parts of the last
 * reply by token, and `AssembleResult` puts a whole result together in the order a
 * from-scratch `to_plain()` has (bridge.h, `ResultParts`), so callers never see the parts.
 */
#ifndef TVM_LSP_RESULT_PARTS_H_
#define TVM_LSP_RESULT_PARTS_H_

#include <tvm/script/bridge/bridge.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tvm {
namespace lsp {

/*! \brief A part as held: shared, so a part unchanged over many replies is never copied. */
using HeldPart = std::shared_ptr<const script::bridge::DefinitionPart>;

/*!
 * \brief The whole result of the file-level data of `module` (its `parts` are not read) and
 *  `parts`, one per definition in source order.
 */
script::bridge::ParseResult AssembleResult(const script::bridge::ResultParts& module,
                                           const std::vector<HeldPart>& parts);

/*!
 * \brief An analysis as queries by position read it (hover): each definition's part in source
 *  order, with its position index (`nodes`, `descriptions`), and the module symbols. Parts are
 *  shared with the client's held parts, so keeping the index copies nothing.
 */
struct PartsIndex {
  std::vector<HeldPart> parts;
  std::vector<script::bridge::Symbol> module_symbols;

  /*!
   * \brief The part whose definition's lines hold `line` (1-based), or null. Definitions are
   *  top-level and in source order, so they do not overlap: a binary search finds it.
   */
  const script::bridge::DefinitionPart* PartAt(int64_t line) const;
};

/*! \brief The parts of one document's last result that a client holds, by token. */
class HeldParts {
 public:
  /*! \brief The result_id of the reply they came in (the next analyze's base); empty if none. */
  const std::string& result_id() const { return result_id_; }
  /*! \brief How many parts are held. */
  size_t size() const { return parts_.size(); }
  /*! \brief How many parts the last reply taken named by token only (held from before). */
  size_t last_reused() const { return last_reused_; }

  /*!
   * \brief Takes a reply in parts: the whole result goes to `*whole`, its parts in order and
   *  module symbols to `*index`, and the parts held become this reply's. Returns false, changing
   * nothing, when an entry without its part names a token not held (then ask again without a base).
   */
  bool Take(const std::string& result_id, script::bridge::ResultParts parts,
            script::bridge::ParseResult* whole, PartsIndex* index);
  /*! \brief Takes a whole reply (not in parts): no part is held after it. */
  void TakeWhole(const std::string& result_id);

 private:
  std::string result_id_;
  std::map<std::string, HeldPart> parts_;
  size_t last_reused_ = 0;
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_RESULT_PARTS_H_
