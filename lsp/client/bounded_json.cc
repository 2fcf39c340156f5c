/*!
 * \file bounded_json.cc
 * \brief ParseBoundedJson: a shape pass (nlohmann's SAX interface, building nothing), then
 *  the parse.
 */
#include "bounded_json_internal.h"

namespace tvm {
namespace lsp {

using nlohmann::json;

namespace {

/*!
 * \brief What nlohmann spends on a value, roughly (64-bit libstdc++): 16 bytes a value, plus
 *  the heap a string, an array or an object (a std::map) takes, and a map node per key.
 */
constexpr size_t kScalarCost = 16;
constexpr size_t kStringCost = 16 + 32;
constexpr size_t kArrayCost = 16 + 24;
constexpr size_t kObjectCost = 16 + 48;
constexpr size_t kKeyCost = 64 + 32;

/*! \brief Adds up the tree's cost and depth, stopping the pass at the first bound crossed. */
class ShapeCounter : public nlohmann::json_sax<json> {
 public:
  ShapeCounter(size_t max_depth, size_t max_cost) : max_depth_(max_depth), max_cost_(max_cost) {}

  bool null() override { return Add(kScalarCost); }
  bool boolean(bool) override { return Add(kScalarCost); }
  bool number_integer(number_integer_t) override { return Add(kScalarCost); }
  bool number_unsigned(number_unsigned_t) override { return Add(kScalarCost); }
  bool number_float(number_float_t, const string_t&) override { return Add(kScalarCost); }
  bool string(string_t& value) override { return Add(kStringCost + value.size()); }
  bool binary(binary_t& value) override { return Add(kStringCost + value.size()); }
  bool start_object(size_t) override { return Add(kObjectCost) && Enter(); }
  bool key(string_t& value) override { return Add(kKeyCost + value.size()); }
  bool end_object() override { return Leave(); }
  bool start_array(size_t) override { return Add(kArrayCost) && Enter(); }
  bool end_array() override { return Leave(); }
  bool parse_error(size_t position, const std::string&,
                   const nlohmann::detail::exception& e) override {
    error_ = "not JSON at byte " + std::to_string(position) + ": " + e.what();
    return false;
  }

  const std::string& error() const { return error_; }

 private:
  bool Add(size_t cost) {
    cost_ += cost;
    if (cost_ <= max_cost_) return true;
    error_ = "its values would take more than " + std::to_string(max_cost_) +
             " bytes of memory (too many for its size)";
    return false;
  }
  bool Enter() {
    if (++depth_ <= max_depth_) return true;
    error_ = "nested deeper than " + std::to_string(max_depth_);
    return false;
  }
  bool Leave() {
    --depth_;
    return true;
  }

  size_t max_depth_;
  size_t max_cost_;
  size_t cost_ = 0;
  size_t depth_ = 0;
  std::string error_;
};

}  // namespace

std::optional<json> ParseBoundedJson(const std::string& body, const JsonBounds& bounds,
                                     std::string* error) {
  ShapeCounter counter(bounds.max_depth,
                       bounds.free_tree_bytes + body.size() * bounds.max_tree_per_byte);
  if (!json::sax_parse(body, &counter)) {
    *error = counter.error().empty() ? "not JSON" : counter.error();
    return std::nullopt;
  }
  json value = json::parse(body, nullptr, false);
  if (value.is_discarded()) {
    *error = "not JSON";
    return std::nullopt;
  }
  return value;
}

}  // namespace lsp
}  // namespace tvm
