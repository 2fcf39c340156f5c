/*!
 * \file trust.h
 * \brief Where trust may come from besides the client and `--trusted`: the user's own
 *  configuration file, `$XDG_CONFIG_HOME/tvm-lsp/config.toml` (default
 *  `~/.config/tvm-lsp/config.toml`), whose `trusted-folders` list the folders whose files
 *  may be analysed trusted (docs/lsp.md, "Trust").
 *
 * Trust never comes from the workspace, so the file is read only when nobody but the user can
 * have written it: it lies outside every workspace folder (after symlinks and `..` are
 * resolved; a workspace that is the home folder therefore disables it), it is a regular file
 * owned by the user and not writable by group or others, and so is its folder. Otherwise it
 * is ignored, with a logged reason. Paths are compared after `realpath`, component by
 * component.
 */
#ifndef TVM_LSP_SERVER_TRUST_H_
#define TVM_LSP_SERVER_TRUST_H_

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace tvm {
namespace lsp {

/*! \brief What the configuration's location and checks depend on. */
struct TrustEnvironment {
  /*! \brief `$XDG_CONFIG_HOME` (empty when unset); used only when absolute, as XDG says. */
  std::string xdg_config_home;
  /*! \brief `$HOME`, else the user's home from the password database. */
  std::string home;
  /*! \brief The workspace folders, as file paths (not yet resolved). */
  std::vector<std::string> workspace_folders;
  /*! \brief Whose file the configuration must be. */
  uid_t uid = 0;
};

/*! \brief The environment of this process, with the given workspace folders. */
TrustEnvironment CurrentTrustEnvironment(std::vector<std::string> workspace_folders);

/*! \brief The user's trusted folders, as read from their configuration. */
struct UserTrust {
  /*! \brief The configuration file's path (whether or not it exists). */
  std::string config_path;
  /*! \brief Whether it was read (it exists and passed every check). */
  bool loaded = false;
  /*! \brief The trusted folders, resolved (realpath). */
  std::vector<std::string> folders;
  /*! \brief Why the file or an entry was ignored, one line each (for the log). */
  std::vector<std::string> warnings;
};

/*! \brief Finds, checks and reads the user's configuration; never throws. */
UserTrust LoadUserTrust(const TrustEnvironment& environment);

/*!
 * \brief The local path of a `file:` URI (authority empty or `localhost`, percent-escapes
 *  decoded); none for another scheme, a relative path, or an escaped NUL.
 */
std::optional<std::string> FilePathOfUri(const std::string& uri);

/*!
 * \brief The resolved path of `path` (symlinks and `..` gone); for a file that does not exist
 *  yet, its resolved folder plus its name. None when even the folder does not resolve.
 */
std::optional<std::string> ResolvedPath(const std::string& path);

/*! \brief Whether the resolved `path` is one of `folders` or lies inside one. */
bool IsUnder(const std::string& path, const std::vector<std::string>& folders);

/*!
 * \brief Whether the document at `uri` lies in a folder the user trusts (only `file:` URIs
 *  can).
 */
bool IsInTrustedFolder(const std::string& uri, const UserTrust& trust);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_TRUST_H_
