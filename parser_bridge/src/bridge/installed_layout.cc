/*!
 * \file installed_layout.cc
 * \brief Where an installed bridge finds its Python: from the path of this library alone.
 *
 * The wheel (pyproject.toml, docs/packaging.md) puts this library in
 * `<prefix>/lib/python3.X/site-packages/tvm_ffi/lib/` beside `<site-packages>/tvm_tirx/`; in a
 * venv, `<prefix>/pyvenv.cfg` and `<prefix>/bin/python3` exist. A build tree has neither shape,
 * so it keeps the paths compiled in at build time.
 */
#include <dlfcn.h>

#include <filesystem>
#include <system_error>

#include "bridge_internal.h"

namespace tvm {
namespace script {
namespace bridge {
namespace details {

namespace {

namespace fs = std::filesystem;

// Any object of this library: dladdr() names the file that holds it.
const char kAnchor = 0;

bool IsFile(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

}  // namespace

std::optional<InstalledLayout> InstalledLayoutOf(const std::string& library_path) {
  std::error_code ec;
  // Resolved, so a venv reached through a symbolic link still has its real neighbours.
  fs::path library = fs::canonical(library_path, ec);
  if (ec) return std::nullopt;
  fs::path lib_dir = library.parent_path();
  fs::path package_dir = lib_dir.parent_path();
  if (lib_dir.filename() != "lib" || package_dir.filename() != "tvm_ffi") return std::nullopt;
  fs::path site = package_dir.parent_path();
  if (!IsFile(site / "tvm_tirx" / "__init__.py")) return std::nullopt;
  InstalledLayout layout;
  layout.site_packages = site.string();
  // <prefix>/lib/python3.X/site-packages: a venv's prefix holds pyvenv.cfg and bin/python3.
  // A venv is never served by another Python, even when its own is gone: that one would import
  // another copy of the packages (and of the core library); starting it reports the path.
  fs::path prefix = site.parent_path().parent_path().parent_path();
  if (IsFile(prefix / "pyvenv.cfg")) layout.python = (prefix / "bin" / "python3").string();
  return layout;
}

std::optional<InstalledLayout> FindInstalledLayout() {
  Dl_info info{};
  if (dladdr(&kAnchor, &info) == 0 || info.dli_fname == nullptr) return std::nullopt;
  return InstalledLayoutOf(info.dli_fname);
}

}  // namespace details
}  // namespace bridge
}  // namespace script
}  // namespace tvm
