/*!
 * \file settings.h
 * \brief The server's settings (docs/lsp.md, "Settings"): what they are, where they come from
 *  (the client's `tvmscript` section, a `pyproject.toml`'s `[tool.tvm-lsp]` table, the command
 *  line), and how the layers combine. Trust is not a setting: it never comes from here
 *  (trust.h).
 *
 * Reading never fails: a bad value gives a warning naming the setting, and that setting keeps
 * the value of the layer below (in the end the default).
 */
#ifndef TVM_LSP_SERVER_SETTINGS_H_
#define TVM_LSP_SERVER_SETTINGS_H_

#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace tvm {
namespace lsp {

/*! \brief When diagnostics are computed. */
enum class DiagnosticsOn {
  kType,  // after every change (debounced)
  kSave,  // on open and after each didSave only
};

/*! \brief The settings one document is served with (every field has its documented default). */
struct Settings {
  /*! \brief `tvmscript.diagnostics.on`: "type" (default) or "save". */
  DiagnosticsOn diagnostics_on = DiagnosticsOn::kType;
  /*! \brief `tvmscript.roundTrip.onSave`: check definitions' round trips on save (default on). */
  bool round_trip_on_save = true;
  /*! \brief `tvmscript.debounceMs`: a fixed delay; none (null, the default) for adaptive. */
  std::optional<std::chrono::milliseconds> debounce;
  /*! \brief `tvmscript.inlayHints.enable` (default on). */
  bool inlay_hints_enable = true;

  bool operator==(const Settings&) const = default;
};

/*!
 * \brief One source's settings: only what it sets. `debounce` holds a value when the source
 *  names the setting; that value is none for an explicit null (adaptive).
 */
struct SettingsLayer {
  std::optional<DiagnosticsOn> diagnostics_on;
  std::optional<bool> round_trip_on_save;
  std::optional<std::optional<std::chrono::milliseconds>> debounce;
  std::optional<bool> inlay_hints_enable;
};

/*! \brief The largest fixed debounce a setting may ask for. */
constexpr int64_t kMaxDebounceMs = 10000;

/*!
 * \brief The client's `tvmscript` section (workspace/configuration's answer, or
 *  didChangeConfiguration's `settings.tvmscript`): nested objects (`{"diagnostics": {"on":
 *  "save"}}`) or dotted keys (`{"diagnostics.on": "save"}`). Each bad value or setting that is
 *  not the server's (a `trusted` key above all) adds one line to `warnings`.
 */
SettingsLayer SettingsFromClient(const nlohmann::json& section, std::vector<std::string>* warnings);

/*!
 * \brief The `[tool.tvm-lsp]` table of the pyproject.toml text `text` (read from `path`, which
 *  only names it in warnings): `diagnostics-on`, `round-trip-on-save`, `debounce-ms`
 *  (an integer, or "adaptive"), `inlay-hints`. A TOML syntax error is one warning and an empty
 *  layer; `trusted` is refused with a warning (trust never comes from the workspace).
 */
SettingsLayer SettingsFromPyproject(const std::string& text, const std::string& path,
                                    std::vector<std::string>* warnings);

/*! \brief Whether the pyproject.toml text has a `[tool.tvm-lsp]` table (syntax errors: no). */
bool HasToolTable(const std::string& text);

/*! \brief A pyproject.toml with a `[tool.tvm-lsp]` table. */
struct PyprojectFile {
  std::string path;
  std::string text;
};

/*!
 * \brief The nearest pyproject.toml with a `[tool.tvm-lsp]` table, walking up from the folder
 *  of `file_path` to the root among `roots` that holds it (the filesystem's root when none
 *  does). Only regular files of at most 1 MiB are read, without blocking (a FIFO is skipped).
 */
std::optional<PyprojectFile> FindPyproject(const std::string& file_path,
                                           const std::vector<std::string>& roots);

/*! \brief `base` with what `layer` sets put over it. */
Settings Apply(Settings base, const SettingsLayer& layer);

/*! \brief The settings as the client's section would spell them (for logs and tests). */
nlohmann::json ToJson(const Settings& settings);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_SETTINGS_H_
