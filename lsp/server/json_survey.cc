/*!
 * \file json_survey.cc
 * \brief The limits pass over a message: nlohmann's SAX parser with a handler that counts and
 *  builds nothing.
 */
#include "json_survey.h"

namespace tvm {
namespace lsp {
namespace rpc {

namespace {

using nlohmann::json;

/*! \brief The longest piece of an overflowing number quoted in the error. */
constexpr size_t kQuoted = 40;

class SurveyHandler : public json::json_sax_t {
 public:
  SurveyHandler(const JsonLimits& limits, JsonSurvey* out) : limits_(limits), out_(out) {}

  bool null() override { return Scalar(json()); }
  bool boolean(bool) override { return Scalar(json()); }
  bool number_integer(number_integer_t value) override { return Scalar(json(value)); }
  bool number_unsigned(number_unsigned_t value) override { return Scalar(json(value)); }
  bool number_float(number_float_t, const string_t&) override { return Scalar(json()); }
  bool string(string_t& value) override {
    // Only an id is kept: anything else is not copied.
    return Scalar(IdPending() ? json(value) : json());
  }
  bool binary(binary_t&) override { return Scalar(json()); }

  bool start_object(std::size_t) override {
    if (values_ == 0) out_->is_object = true;
    return Open();
  }
  bool end_object() override { return Close(); }
  bool start_array(std::size_t) override { return Open(); }
  bool end_array() override { return Close(); }

  bool key(string_t& name) override {
    if (!Count()) return false;
    if (depth_ == 1) {
      top_key_ = name == "id" ? TopKey::kId : name == "params" ? TopKey::kParams : TopKey::kOther;
      if (top_key_ == TopKey::kId) out_->id_seen = true;
    }
    return true;
  }

  bool parse_error(std::size_t, const std::string& token,
                   const nlohmann::detail::exception& failure) override {
    if (failure.id == 406) {  // out_of_range.406: a number overflowed
      Fail(JsonSurvey::Fault::kOverflow,
           "the number " + (token.size() > kQuoted ? token.substr(0, kQuoted) + "..." : token) +
               " is out of the range of a double");
      return false;
    }
    std::string what = failure.what();
    size_t cut = what.find("] ");  // "[json.exception.parse_error.101] parse error at ..."
    Fail(JsonSurvey::Fault::kSyntax, cut == std::string::npos ? what : what.substr(cut + 2));
    return false;
  }

 private:
  enum class TopKey { kNone, kId, kParams, kOther };

  bool IdPending() const { return depth_ == 1 && top_key_ == TopKey::kId; }

  bool Count() {
    if (++values_ <= limits_.max_values) return true;
    Fail(JsonSurvey::Fault::kTooMany, "the message has more than " +
                                          std::to_string(limits_.max_values) +
                                          " values and keys, the limit per message");
    return false;
  }

  bool Scalar(json value) {
    if (!Count()) return false;
    if (IdPending() && (value.is_number_integer() || value.is_string())) {
      out_->id = std::move(value);
    }
    return true;
  }

  bool Open() {
    if (!Count()) return false;
    if (++depth_ <= limits_.max_depth) return true;
    --depth_;  // the fault is where this value starts
    Fail(JsonSurvey::Fault::kTooDeep, "the message nests deeper than " +
                                          std::to_string(limits_.max_depth) + " levels, the limit");
    return false;
  }

  bool Close() {
    --depth_;
    if (depth_ == 0) top_key_ = TopKey::kNone;
    return true;
  }

  void Fail(JsonSurvey::Fault fault, std::string error) {
    out_->fault = fault;
    out_->error = std::move(error);
    out_->in_params = depth_ >= 1 && top_key_ == TopKey::kParams;
  }

  const JsonLimits& limits_;
  JsonSurvey* out_;
  int depth_ = 0;
  size_t values_ = 0;
  TopKey top_key_ = TopKey::kNone;
};

}  // namespace

JsonSurvey Survey(const std::string& text, const JsonLimits& limits) {
  JsonSurvey survey;
  SurveyHandler handler(limits, &survey);
  json::sax_parse(text, &handler);
  return survey;
}

}  // namespace rpc
}  // namespace lsp
}  // namespace tvm
