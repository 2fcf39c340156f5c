/*!
 * \file settings.cc
 * \brief Reading the settings' layers: the client's JSON section and pyproject.toml's
 *  `[tool.tvm-lsp]` table (toml++, Debian's libtomlplusplus-dev).
 */
#include "settings.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <toml++/toml.h>
#include <unistd.h>

#include <algorithm>
#include <iterator>
#include <map>

namespace tvm {
namespace lsp {

using nlohmann::json;
using std::chrono::milliseconds;

namespace {

/*! \brief A value for a message: its JSON text, cut short. */
std::string Shown(const json& value) {
  std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
  return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

/*! \brief The section's settings by dotted name: nested objects are walked, dotted keys kept. */
void Flatten(const json& value, const std::string& prefix, std::map<std::string, json>* out,
             int depth) {
  if (value.is_object() && depth < 8) {
    for (const auto& [key, item] : value.items()) {
      Flatten(item, prefix.empty() ? key : prefix + "." + key, out, depth + 1);
    }
    return;
  }
  (*out)[prefix] = value;
}

/*! \brief Whether a name asks for trust (`trusted`, `security.trusted`, `trustedFolders`...). */
bool NamesTrust(const std::string& name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("trust") != std::string::npos;
}

const char* kTrustRefused =
    " is ignored: trust never comes from settings or workspace files (it comes from the "
    "client's tvmscript/setTrust or initializationOptions, the user's "
    "~/.config/tvm-lsp/config.toml trusted-folders, or --trusted)";

/*! \brief A setting's names: in the client's `tvmscript` section and in `[tool.tvm-lsp]`. */
struct SettingName {
  const char* client;
  const char* pyproject;
};
constexpr SettingName kSettingNames[] = {{"diagnostics.on", "diagnostics-on"},
                                         {"roundTrip.onSave", "round-trip-on-save"},
                                         {"debounceMs", "debounce-ms"},
                                         {"inlayHints.enable", "inlay-hints"}};

/*!
 * \brief Reads one setting, named as the client names it, into `layer`; false when the value
 *  is bad. Both sources come here: pyproject.toml's values as JSON, its "adaptive" debounce as
 *  null. `adaptive` is how the source spells that value, for `expected`.
 */
bool ReadSetting(const std::string& name, const json& value, const char* adaptive,
                 SettingsLayer* layer, std::string* expected) {
  if (name == "diagnostics.on") {
    *expected = "\"type\" or \"save\"";
    if (value == "type") layer->diagnostics_on = DiagnosticsOn::kType;
    if (value == "save") layer->diagnostics_on = DiagnosticsOn::kSave;
    return layer->diagnostics_on.has_value();
  }
  if (name == "roundTrip.onSave" || name == "inlayHints.enable") {
    *expected = "true or false";
    if (!value.is_boolean()) return false;
    (name == "roundTrip.onSave" ? layer->round_trip_on_save : layer->inlay_hints_enable) =
        value.get<bool>();
    return true;
  }
  // debounceMs
  *expected = "an integer from 0 to " + std::to_string(kMaxDebounceMs) + ", or " + adaptive;
  if (value.is_null()) {
    layer->debounce = std::optional<milliseconds>();
    return true;
  }
  if (!value.is_number_integer()) return false;
  int64_t ms = value.is_number_unsigned() && value.get<uint64_t>() > uint64_t{INT64_MAX}
                   ? INT64_MAX
                   : value.get<int64_t>();
  if (ms < 0 || ms > kMaxDebounceMs) return false;
  layer->debounce = std::optional<milliseconds>(milliseconds(ms));
  return true;
}

}  // namespace

SettingsLayer SettingsFromClient(const json& section, std::vector<std::string>* warnings) {
  SettingsLayer layer;
  if (section.is_null()) return layer;
  if (!section.is_object()) {
    warnings->push_back("tvm-lsp: the tvmscript settings are not an object (got " + Shown(section) +
                        "): ignored");
    return layer;
  }
  std::map<std::string, json> flat;
  Flatten(section, "", &flat, 0);
  for (const auto& [name, value] : flat) {
    std::string full = "tvmscript." + name;
    if (NamesTrust(name)) {
      warnings->push_back("tvm-lsp: the setting " + full + kTrustRefused);
      continue;
    }
    if (name == "server.path" || name == "trace.server") continue;  // the client's own
    auto known = std::find_if(std::begin(kSettingNames), std::end(kSettingNames),
                              [&](const SettingName& setting) { return name == setting.client; });
    if (known == std::end(kSettingNames)) {
      warnings->push_back("tvm-lsp: " + full + " is not a setting of tvm-lsp: ignored");
      continue;
    }
    std::string expected;
    if (!ReadSetting(name, value, "null (adaptive)", &layer, &expected)) {
      warnings->push_back("tvm-lsp: the setting " + full + " expects " + expected + ", got " +
                          Shown(value) +
                          ": ignored (pyproject.toml's value or the default "
                          "applies)");
    }
  }
  return layer;
}

namespace {

/*! \brief The TOML value's text for a message. */
std::string ShownToml(const toml::node& node) {
  if (auto s = node.value<std::string>()) return "\"" + s->substr(0, 57) + "\"";
  if (auto i = node.value_exact<int64_t>()) return std::to_string(*i);
  if (auto b = node.value_exact<bool>()) return *b ? "true" : "false";
  if (node.is_table()) return "a table";
  if (node.is_array()) return "an array";
  return "a value of another type";
}

/*! \brief The TOML value as JSON, for ReadSetting; none of its types is taken by a setting. */
json JsonOfToml(const toml::node& node) {
  if (auto text = node.value_exact<std::string>()) return *text;
  if (auto integer = node.value_exact<int64_t>()) return *integer;
  if (auto boolean = node.value_exact<bool>()) return *boolean;
  return json::object();  // a table, an array, a float, a date
}

/*! \brief The `[tool.tvm-lsp]` table, or null; a syntax error goes to `error`. */
std::optional<toml::table> ToolTable(const std::string& text, const std::string& path,
                                     std::string* error) {
  try {
    toml::table root = toml::parse(text, path);
    if (const toml::table* table = root["tool"]["tvm-lsp"].as_table()) return *table;
    if (root["tool"]["tvm-lsp"]) *error = "[tool.tvm-lsp] is not a table";
  } catch (const toml::parse_error& failure) {
    const toml::source_region& where = failure.source();
    *error = "line " + std::to_string(where.begin.line) + ", column " +
             std::to_string(where.begin.column) + ": " + std::string(failure.description());
  }
  return std::nullopt;
}

}  // namespace

bool HasToolTable(const std::string& text) {
  std::string error;
  return ToolTable(text, "pyproject.toml", &error).has_value();
}

SettingsLayer SettingsFromPyproject(const std::string& text, const std::string& path,
                                    std::vector<std::string>* warnings) {
  SettingsLayer layer;
  std::string error;
  std::optional<toml::table> table = ToolTable(text, path, &error);
  if (!error.empty()) {
    warnings->push_back("tvm-lsp: " + path + " is ignored: " + error);
    return layer;
  }
  if (!table) return layer;
  for (const auto& [key_node, node] : *table) {
    std::string key(key_node.str());
    std::string where = path + " [tool.tvm-lsp] " + key;
    if (NamesTrust(key)) {
      warnings->push_back("tvm-lsp: " + where + kTrustRefused);
      continue;
    }
    auto known = std::find_if(std::begin(kSettingNames), std::end(kSettingNames),
                              [&](const SettingName& setting) { return key == setting.pyproject; });
    if (known == std::end(kSettingNames)) {
      warnings->push_back("tvm-lsp: " + where + " is not a setting of tvm-lsp: ignored");
      continue;
    }
    std::string name = known->client;
    json value = JsonOfToml(node);
    if (name == "debounceMs" && value == "adaptive") value = nullptr;
    std::string expected;
    if (!ReadSetting(name, value, "\"adaptive\"", &layer, &expected)) {
      warnings->push_back("tvm-lsp: " + where + " expects " + expected + ", got " +
                          ShownToml(node) + ": ignored (the default applies)");
    }
  }
  return layer;
}

namespace {

/*! \brief The text of a regular file of at most 1 MiB, opened without blocking. */
std::optional<std::string> ReadSmallFile(const std::string& path) {
  constexpr off_t kLimit = 1 << 20;
  struct stat before;
  // Devices and FIFOs are never opened (a link to one could block or have effects).
  if (stat(path.c_str(), &before) != 0 || !S_ISREG(before.st_mode)) return std::nullopt;
  int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat info;
  std::optional<std::string> text;
  if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size <= kLimit) {
    text.emplace();
    char buffer[8192];
    ssize_t got;
    while ((got = read(fd, buffer, sizeof(buffer))) > 0 && text->size() <= size_t{kLimit}) {
      text->append(buffer, static_cast<size_t>(got));
    }
  }
  close(fd);
  return text;
}

/*! \brief Whether `path` is `root` or inside it (both absolute, lexically). */
bool Within(const std::string& path, const std::string& root) {
  if (root == "/") return true;
  return path == root || (path.size() > root.size() && path.compare(0, root.size(), root) == 0 &&
                          path[root.size()] == '/');
}

}  // namespace

std::optional<PyprojectFile> FindPyproject(const std::string& file_path,
                                           const std::vector<std::string>& roots) {
  if (file_path.empty() || file_path[0] != '/') return std::nullopt;
  std::string stop = "/";
  for (const std::string& root : roots) {
    if (Within(file_path, root) && root.size() >= stop.size()) stop = root;
  }
  std::string folder = file_path.substr(0, file_path.rfind('/'));
  for (int depth = 0; depth < 256; ++depth) {
    std::string candidate = (folder.empty() ? "" : folder) + "/pyproject.toml";
    if (std::optional<std::string> text = ReadSmallFile(candidate)) {
      // A broken file that names the table is taken too, so its error is reported.
      if (HasToolTable(*text) || text->find("tvm-lsp") != std::string::npos) {
        return PyprojectFile{candidate, std::move(*text)};
      }
    }
    if (folder.empty() || folder == stop || !Within(folder, stop)) break;
    folder = folder.substr(0, folder.rfind('/'));
  }
  return std::nullopt;
}

Settings Apply(Settings base, const SettingsLayer& layer) {
  if (layer.diagnostics_on) base.diagnostics_on = *layer.diagnostics_on;
  if (layer.round_trip_on_save) base.round_trip_on_save = *layer.round_trip_on_save;
  if (layer.debounce) base.debounce = *layer.debounce;
  if (layer.inlay_hints_enable) base.inlay_hints_enable = *layer.inlay_hints_enable;
  return base;
}

json ToJson(const Settings& settings) {
  return {{"diagnostics.on", settings.diagnostics_on == DiagnosticsOn::kSave ? "save" : "type"},
          {"roundTrip.onSave", settings.round_trip_on_save},
          {"debounceMs", settings.debounce ? json(settings.debounce->count()) : json(nullptr)},
          {"inlayHints.enable", settings.inlay_hints_enable}};
}

}  // namespace lsp
}  // namespace tvm
