/*!
 * \file workspace_index.h
 * \brief The background index of the workspace's TVMScript definitions (workspace/symbol): its
 *  own thread walks the workspace folders with the command line's walker (files.h: `.gitignore`,
 *  excludes, no symbolic links to folders, none to files outside the folder), reads each `.py`
 *  file that is TVMScript and records its definitions from the text alone
 *  (features::ScanSymbols). Nothing a file holds is ever run, trusted or not.
 *
 * Threading: the loop calls every public method; the index's thread does the walks and the
 *  reading, and reports progress through `post` (which runs a callback on the loop). The
 *  symbols are kept under a mutex, so the loop may read them while a walk goes on.
 */
#ifndef TVM_LSP_SERVER_WORKSPACE_INDEX_H_
#define TVM_LSP_SERVER_WORKSPACE_INDEX_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "features/features.h"

namespace tvm {
namespace lsp {

/*! \brief The bounds of the index (docs/lsp.md, "Workspace symbols"). */
struct IndexLimits {
  /*! \brief A larger file is skipped (not read). */
  uintmax_t max_file_bytes = 4u << 20;
  /*! \brief At most this many `.py` files per workspace folder are looked at. */
  size_t max_files = 200000;
};

/*! \brief What a walk reports, on the loop. */
struct IndexEvents {
  /*! \brief Runs a callback on the loop. */
  std::function<void(std::function<void()>)> post;
  /*! \brief A walk began (`files` is 0 while the folders are still being listed). */
  std::function<void()> begin;
  /*! \brief `done` of `files` files read; sent when the whole percentage changes. */
  std::function<void(size_t done, size_t files)> report;
  /*! \brief The walk ended: files with TVMScript, symbols, files skipped; false if stopped. */
  std::function<void(size_t tvmscript_files, size_t symbols, size_t skipped, bool finished)> end;
};

class WorkspaceIndex {
 public:
  WorkspaceIndex(IndexEvents events, IndexLimits limits = {});
  /*! \brief Stops the thread (a walk in progress ends at its next file). */
  ~WorkspaceIndex();
  WorkspaceIndex(const WorkspaceIndex&) = delete;
  WorkspaceIndex& operator=(const WorkspaceIndex&) = delete;

  /*! \brief Walks `folders` (absolute paths) again, replacing what was indexed; a walk in
   *  progress stops first. */
  void IndexFolders(std::vector<std::string> folders);
  /*! \brief Reads the file at `path` again (saved, created, changed), or drops it (deleted, no
   *  longer TVMScript, outside every folder). */
  void Refresh(const std::string& path);
  /*! \brief Stops the walk and the thread (shutdown); later calls do nothing. */
  void Stop();
  /*! \brief The indexed symbols that best match `query` (features::RankSymbols), at most
   *  `limit`, with their files' paths, leaving out the files in `skip`. */
  std::vector<std::pair<std::string, features::WorkspaceSymbol>> Search(
      std::string_view query, const std::set<std::string>& skip, size_t limit) const;
  /*! \brief Whether `path` lies in one of the indexed folders. */
  bool Covers(const std::string& path) const;

 private:
  struct Job {
    bool walk = false;
    std::vector<std::string> folders;  // for a walk
    std::string path;                  // for a refresh
  };
  void Loop();
  void Walk(const std::vector<std::string>& folders);
  /*! \brief Reads and scans one file; false when it was skipped (too large, unreadable, not
   *  UTF-8, binary). Stores its symbols when it is TVMScript, and drops them otherwise. */
  bool Read(const std::string& path, bool* tvmscript);

  IndexEvents events_;
  IndexLimits limits_;
  mutable std::mutex mutex_;  // guards everything below but the thread
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  bool stopping_ = false;
  std::atomic<bool> cancel_{false};  // the walk in progress should stop
  std::vector<std::string> folders_;
  std::map<std::string, std::vector<features::WorkspaceSymbol>> files_;
  std::thread thread_;
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_WORKSPACE_INDEX_H_
