/*!
 * \file config.cc
 * \brief PrinterConfig from an option map: each option checked once, with errors naming it.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/script/printer/config.h>

#include <cctype>
#include <sstream>
#include <string>
#include <vector>

namespace tvm {
namespace script {
namespace printer {

namespace {

using ffi::AnyView;
using ffi::reflection::AccessPath;

[[noreturn]] void ThrowOptionType(const std::string& name, const char* expected,
                                  const ffi::Any& value) {
  TVM_FFI_THROW(TypeError) << "printer option `" << name << "` must be " << expected << ", got `"
                           << value.GetTypeKey() << "`";
}

int64_t IntOption(const std::string& name, const ffi::Any& value, int64_t min_value) {
  // bool converts to int in C++, but `indent_spaces=True` is a mistake worth reporting.
  if (value.type_index() != ffi::TypeIndex::kInt) ThrowOptionType(name, "an int", value);
  int64_t v = value.cast<int64_t>();
  if (v < min_value) {
    TVM_FFI_THROW(ValueError) << "printer option `" << name << "` must be at least " << min_value
                              << ", got " << v;
  }
  return v;
}

bool BoolOption(const std::string& name, const ffi::Any& value) {
  if (value.type_index() != ffi::TypeIndex::kBool) ThrowOptionType(name, "a bool", value);
  return value.cast<bool>();
}

ffi::Array<AccessPath> PathsOption(const std::string& name, const ffi::Any& value) {
  if (value.as<AccessPath::ContainerType>() != nullptr) {
    return ffi::Array<AccessPath>{value.cast<AccessPath>()};
  }
  std::optional<ffi::Array<AccessPath>> paths = value.try_cast<ffi::Array<AccessPath>>();
  if (!paths.has_value()) ThrowOptionType(name, "a list of AccessPath", value);
  return *paths;
}

/*! \brief One of the spellings the printer writes; ValueError naming the valid ones. */
ffi::String SpellingOption(const std::string& name, const ffi::Any& value) {
  if (value.type_index() != ffi::TypeIndex::kStr) ThrowOptionType(name, "a str", value);
  std::string spelling = value.cast<std::string>();
  if (spelling != "canonical" && spelling != "apache") {
    TVM_FFI_THROW(ValueError) << "printer option `" << name
                              << "` must be \"canonical\" or \"apache\", got \"" << spelling
                              << "\"";
  }
  return spelling;
}

/*! \brief An ASCII Python identifier, or "" for none; ValueError otherwise. */
ffi::String NameOption(const std::string& name, const ffi::Any& value) {
  if (value.type_index() != ffi::TypeIndex::kStr) ThrowOptionType(name, "a str", value);
  std::string text = value.cast<std::string>();
  bool ok = text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]));
  for (char c : text) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!ok) {
    TVM_FFI_THROW(ValueError) << "printer option `" << name
                              << "` must be a Python identifier (ASCII), got \"" << text << "\"";
  }
  return text;
}

using Setter = void (*)(PrinterConfigObj*, const std::string&, const ffi::Any&);

struct Option {
  const char* name;
  Setter set;
};

const std::vector<Option>& Options() {
  static const std::vector<Option> options = {
      {"indent_spaces", [](PrinterConfigObj* c, const std::string& n,
                           const ffi::Any& v) { c->indent_spaces = IntOption(n, v, 0); }},
      {"print_line_numbers", [](PrinterConfigObj* c, const std::string& n,
                                const ffi::Any& v) { c->print_line_numbers = BoolOption(n, v); }},
      {"num_context_lines", [](PrinterConfigObj* c, const std::string& n,
                               const ffi::Any& v) { c->num_context_lines = IntOption(n, v, -1); }},
      {"path_to_underline", [](PrinterConfigObj* c, const std::string& n,
                               const ffi::Any& v) { c->path_to_underline = PathsOption(n, v); }},
      {"show_header", [](PrinterConfigObj* c, const std::string& n,
                         const ffi::Any& v) { c->show_header = BoolOption(n, v); }},
      {"name_context",
       [](PrinterConfigObj* c, const std::string&, const ffi::Any& v) { c->name_context = v; }},
      {"spelling", [](PrinterConfigObj* c, const std::string& n,
                      const ffi::Any& v) { c->spelling = SpellingOption(n, v); }},
      {"function_name", [](PrinterConfigObj* c, const std::string& n,
                           const ffi::Any& v) { c->function_name = NameOption(n, v); }},
      {"module_name", [](PrinterConfigObj* c, const std::string& n,
                         const ffi::Any& v) { c->module_name = NameOption(n, v); }},
  };
  return options;
}

const Option* FindOption(const std::string& name) {
  for (const Option& option : Options()) {
    if (name == option.name) return &option;
  }
  return nullptr;
}

std::string OptionList() {
  std::ostringstream os;
  for (const std::string& name : PrinterConfig::OptionNames()) {
    os << (os.tellp() == 0 ? "" : ", ") << name;
  }
  return os.str();
}

}  // namespace

PrinterConfig::PrinterConfig() : PrinterConfig(ffi::Map<ffi::String, ffi::Any>()) {}

PrinterConfig::PrinterConfig(const ffi::Map<ffi::String, ffi::Any>& options)
    : ObjectRef(ffi::make_object<PrinterConfigObj>()) {
  auto* node = static_cast<PrinterConfigObj*>(ffi::details::ObjectUnsafe::RawPtr(*this));
  for (const auto& [key, value] : options) {
    const Option* option = FindOption(key.str());
    if (option == nullptr) {
      TVM_FFI_THROW(ValueError) << "unknown printer option `" << key.str()
                                << "`; the options are: " << OptionList();
    }
    option->set(node, key.str(), value);
  }
}

const std::vector<std::string>& PrinterConfig::OptionNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> result;
    for (const Option& option : Options()) result.emplace_back(option.name);
    return result;
  }();
  return names;
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = ffi::reflection;
  refl::ObjectDef<PrinterConfigObj>()
      .def_ro("indent_spaces", &PrinterConfigObj::indent_spaces)
      .def_ro("print_line_numbers", &PrinterConfigObj::print_line_numbers)
      .def_ro("num_context_lines", &PrinterConfigObj::num_context_lines)
      .def_ro("path_to_underline", &PrinterConfigObj::path_to_underline)
      .def_ro("show_header", &PrinterConfigObj::show_header)
      .def_ro("name_context", &PrinterConfigObj::name_context)
      .def_ro("function_name", &PrinterConfigObj::function_name)
      .def_ro("module_name", &PrinterConfigObj::module_name)
      .def_ro("spelling", &PrinterConfigObj::spelling);
  refl::GlobalDef().def(
      "script.PrinterConfig",
      [](ffi::Map<ffi::String, ffi::Any> options) { return PrinterConfig(options); },
      "A read-only printer configuration from a map of options.");
}

}  // namespace printer
}  // namespace script
}  // namespace tvm
