/*!
 * \file file_workers.cc
 * \brief FileWorkers: which worker analyses a file, by the trust of its folder.
 */
#include "file_workers.h"

#include <ostream>
#include <string>
#include <vector>

namespace tvm {
namespace lsp {

namespace fs = std::filesystem;

namespace {

/*!
 * \brief What the command reads: each path (a file's folder for a file). The configuration
 *  must lie outside all of them, as outside an editor's workspace.
 */
std::vector<std::string> ReadFolders(const CommonOptions& options) {
  std::error_code ec;
  std::vector<std::string> folders;
  for (const std::string& path : options.paths) {
    fs::path absolute = fs::absolute(path, ec).lexically_normal();
    if (!absolute.has_filename()) absolute = absolute.parent_path();  // "dir/." or "dir/"
    folders.push_back(fs::is_directory(absolute, ec) ? absolute.string()
                                                     : absolute.parent_path().string());
  }
  return folders;
}

}  // namespace

FileWorkers::FileWorkers(const CommonOptions& options, std::ostream& err)
    : options_(options.worker) {
  if (options_.trusted) return;  // --trusted: every file is trusted, no configuration needed
  user_trust_ = LoadUserTrust(CurrentTrustEnvironment(ReadFolders(options)));
  for (const std::string& warning : user_trust_.warnings) err << warning << "\n";
}

WorkerClient& FileWorkers::For(const fs::path& file) {
  std::error_code ec;
  std::optional<std::string> path = ResolvedPath(fs::absolute(file, ec).string());
  bool trusted = options_.trusted || (path && IsUnder(*path, user_trust_.folders));
  std::optional<WorkerClient>& slot = trusted ? trusted_ : untrusted_;
  if (!slot) {
    WorkerClientOptions options = options_;
    options.trusted = trusted;
    slot.emplace(std::move(options));
  }
  return *slot;
}

}  // namespace lsp
}  // namespace tvm
