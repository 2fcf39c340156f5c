/*!
 * \file trust.cc
 * \brief The user's trusted folders: finding, checking and reading their configuration.
 */
#include "trust.h"

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <toml++/toml.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>

namespace tvm {
namespace lsp {

namespace {

/*! \brief The largest configuration file read. */
constexpr off_t kMaxConfigBytes = 1 << 20;

std::string Parent(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == 0 || slash == std::string::npos ? "/" : path.substr(0, slash);
}

/*! \brief `path` without `.` and `..` components and doubled slashes (no file system). */
std::string Lexical(const std::string& path) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    std::string part = path.substr(start, end - start);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    start = end + 1;
  }
  std::string out;
  for (const std::string& part : parts) out += "/" + part;
  return out.empty() ? "/" : out;
}

/*! \brief Why the open file `fd` (or its folder) could have been written by someone else. */
std::string UnsafeReason(int fd, const std::string& path, uid_t uid) {
  struct stat file;
  if (fstat(fd, &file) != 0) return "it cannot be examined";
  if (!S_ISREG(file.st_mode)) return "it is not a regular file";
  if (file.st_uid != uid) {
    return "it is owned by uid " + std::to_string(file.st_uid) + ", not by the user (uid " +
           std::to_string(uid) + ")";
  }
  if ((file.st_mode & (S_IWGRP | S_IWOTH)) != 0) return "it is writable by group or others";
  if (file.st_size > kMaxConfigBytes) return "it is larger than 1 MiB";
  struct stat folder;
  std::string parent = Parent(path);
  if (stat(parent.c_str(), &folder) != 0) return "its folder cannot be examined";
  if (folder.st_uid != uid && folder.st_uid != 0) {
    return "its folder " + parent + " is not owned by the user";
  }
  if ((folder.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
    return "its folder " + parent + " is writable by group or others";
  }
  return "";
}

std::string ReadAll(int fd) {
  std::string text;
  char buffer[8192];
  ssize_t got;
  while ((got = read(fd, buffer, sizeof(buffer))) > 0 &&
         text.size() <= static_cast<size_t>(kMaxConfigBytes)) {
    text.append(buffer, static_cast<size_t>(got));
  }
  return text;
}

/*! \brief The config's `trusted-folders`, each resolved; bad entries become warnings. */
void ReadFolders(const std::string& text, const std::string& home, UserTrust* trust) {
  const std::string& path = trust->config_path;
  toml::table root;
  try {
    root = toml::parse(text, path);
  } catch (const toml::parse_error& failure) {
    trust->warnings.push_back("tvm-lsp: the user configuration " + path + " is ignored: line " +
                              std::to_string(failure.source().begin.line) + ": " +
                              std::string(failure.description()));
    return;
  }
  trust->loaded = true;
  for (const auto& [key, node] : root) {
    if (key.str() != "trusted-folders") {
      trust->warnings.push_back("tvm-lsp: " + path + ": \"" + std::string(key.str()) +
                                "\" is not a key of tvm-lsp's configuration: ignored");
    }
  }
  const toml::node_view<toml::node> folders = root["trusted-folders"];
  if (!folders) return;
  const toml::array* list = folders.as_array();
  if (list == nullptr) {
    trust->warnings.push_back("tvm-lsp: " + path +
                              ": trusted-folders must be an array of "
                              "absolute paths: ignored");
    return;
  }
  for (size_t k = 0; k < list->size(); ++k) {
    std::string where = path + ": trusted-folders[" + std::to_string(k) + "]";
    std::optional<std::string> entry = (*list)[k].value_exact<std::string>();
    if (!entry) {
      trust->warnings.push_back("tvm-lsp: " + where + " is not a string: ignored");
      continue;
    }
    std::string folder = *entry;
    if (folder == "~" || folder.rfind("~/", 0) == 0) folder = home + folder.substr(1);
    if (folder.empty() || folder[0] != '/') {
      trust->warnings.push_back("tvm-lsp: " + where + " \"" + *entry +
                                "\" is not an absolute path: ignored");
      continue;
    }
    char resolved[PATH_MAX];
    struct stat info;
    if (realpath(folder.c_str(), resolved) == nullptr || stat(resolved, &info) != 0 ||
        !S_ISDIR(info.st_mode)) {
      trust->warnings.push_back("tvm-lsp: " + where + " \"" + *entry +
                                "\" is not an existing folder: ignored");
      continue;
    }
    trust->folders.push_back(resolved);
  }
}

}  // namespace

TrustEnvironment CurrentTrustEnvironment(std::vector<std::string> workspace_folders) {
  TrustEnvironment environment;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME")) environment.xdg_config_home = xdg;
  if (const char* home = std::getenv("HOME"); home != nullptr && home[0] == '/') {
    environment.home = home;
  } else if (const struct passwd* entry = getpwuid(geteuid())) {
    environment.home = entry->pw_dir;
  }
  environment.workspace_folders = std::move(workspace_folders);
  environment.uid = geteuid();
  return environment;
}

UserTrust LoadUserTrust(const TrustEnvironment& environment) {
  UserTrust trust;
  // XDG: a relative $XDG_CONFIG_HOME is invalid and is ignored.
  std::string base = environment.xdg_config_home;
  if (base.empty() || base[0] != '/') {
    if (environment.home.empty()) {
      trust.warnings.push_back(
          "tvm-lsp: no home folder is known, so no user configuration is "
          "read");
      return trust;
    }
    base = environment.home + "/.config";
  }
  trust.config_path = Lexical(base + "/tvm-lsp/config.toml");
  struct stat link;
  if (lstat(trust.config_path.c_str(), &link) != 0) return trust;  // none: nothing to say
  auto ignore = [&](const std::string& why) {
    trust.warnings.push_back("tvm-lsp: the user configuration " + trust.config_path +
                             " is ignored: " + why);
    return trust;
  };
  std::optional<std::string> resolved = ResolvedPath(trust.config_path);
  if (!resolved) return ignore("its path does not resolve");
  for (const std::string& folder : environment.workspace_folders) {
    std::optional<std::string> real = ResolvedPath(folder);
    std::vector<std::string> both = {Lexical(folder)};
    if (real) both.push_back(*real);
    if (IsUnder(trust.config_path, both) || IsUnder(*resolved, both)) {
      return ignore("it lies inside the workspace folder " + folder +
                    ", whose files must not grant trust");
    }
  }
  int fd = open(resolved->c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return ignore("it cannot be opened");
  std::string reason = UnsafeReason(fd, *resolved, environment.uid);
  if (!reason.empty()) {
    close(fd);
    return ignore(reason);
  }
  std::string text = ReadAll(fd);
  close(fd);
  ReadFolders(text, environment.home, &trust);
  return trust;
}

std::optional<std::string> FilePathOfUri(const std::string& uri) {
  const std::string scheme = "file://";
  if (uri.size() < scheme.size() || uri.compare(0, scheme.size(), scheme) != 0) {
    return std::nullopt;
  }
  std::string rest = uri.substr(scheme.size());
  size_t slash = rest.find('/');
  if (slash == std::string::npos) return std::nullopt;
  std::string authority = rest.substr(0, slash);
  if (!authority.empty() && authority != "localhost") return std::nullopt;
  std::string path;
  for (size_t k = slash; k < rest.size(); ++k) {
    if (rest[k] == '?' || rest[k] == '#') break;
    if (rest[k] == '%' && k + 2 < rest.size() &&
        std::isxdigit(static_cast<unsigned char>(rest[k + 1])) &&
        std::isxdigit(static_cast<unsigned char>(rest[k + 2]))) {
      char byte = static_cast<char>(std::stoi(rest.substr(k + 1, 2), nullptr, 16));
      if (byte == '\0') return std::nullopt;
      path += byte;
      k += 2;
    } else {
      path += rest[k];
    }
  }
  return path;
}

std::optional<std::string> ResolvedPath(const std::string& path) {
  if (path.empty() || path[0] != '/') return std::nullopt;
  char resolved[PATH_MAX];
  if (realpath(path.c_str(), resolved) != nullptr) return std::string(resolved);
  std::string lexical = Lexical(path);
  size_t slash = lexical.rfind('/');
  std::string name = lexical.substr(slash + 1);
  if (name.empty() || realpath(Parent(lexical).c_str(), resolved) == nullptr) return std::nullopt;
  std::string folder = resolved;
  return folder == "/" ? "/" + name : folder + "/" + name;
}

bool IsUnder(const std::string& path, const std::vector<std::string>& folders) {
  for (const std::string& folder : folders) {
    if (folder == "/" || path == folder ||
        (path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
         path[folder.size()] == '/')) {
      return true;
    }
  }
  return false;
}

bool IsInTrustedFolder(const std::string& uri, const UserTrust& trust) {
  if (trust.folders.empty()) return false;
  std::optional<std::string> path = FilePathOfUri(uri);
  if (!path) return false;
  std::optional<std::string> resolved = ResolvedPath(*path);
  return resolved && IsUnder(*resolved, trust.folders);
}

}  // namespace lsp
}  // namespace tvm
