/*!
 * \file workspace_index.cc
 * \brief The workspace index's thread: walks, reads and scans files from their text alone
 *  (workspace_index.h).
 */
#include "workspace_index.h"

#include <filesystem>

#include "documents.h"
#include "files.h"

namespace tvm {
namespace lsp {

namespace fs = std::filesystem;

namespace {

/*! \brief Whether `text` is well-formed UTF-8 without NUL bytes (binary files have them). */
bool IsUtf8Text(std::string_view text) {
  size_t at = 0;
  while (at < text.size()) {
    auto byte = static_cast<unsigned char>(text[at]);
    if (byte == 0) return false;
    if (byte < 0x80) {
      ++at;
      continue;
    }
    size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0;
    if (length == 0 || byte > 0xF4 || at + length > text.size()) return false;
    auto second = static_cast<unsigned char>(text[at + 1]);
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    if ((byte == 0xE0 && second < 0xA0) || (byte == 0xED && second > 0x9F) ||
        (byte == 0xF0 && second < 0x90) || (byte == 0xF4 && second > 0x8F)) {
      return false;
    }
    for (size_t k = 1; k < length; ++k) {
      if ((static_cast<unsigned char>(text[at + k]) & 0xC0) != 0x80) return false;
    }
    at += length;
  }
  return true;
}

/*! \brief Whether `path` is `root` or lies inside it (both absolute and normal). */
bool Inside(const fs::path& path, const fs::path& root) {
  auto [end, at] = std::mismatch(root.begin(), root.end(), path.begin(), path.end());
  return end == root.end();
}

}  // namespace

WorkspaceIndex::WorkspaceIndex(IndexEvents events, IndexLimits limits)
    : events_(std::move(events)), limits_(limits), thread_([this] { Loop(); }) {}

WorkspaceIndex::~WorkspaceIndex() {
  Stop();
  if (thread_.joinable()) thread_.join();
}

void WorkspaceIndex::IndexFolders(std::vector<std::string> folders) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_) return;
  // Each folder as given and resolved: a link's target is checked against the resolved one.
  folders_ = folders;
  for (const std::string& folder : folders) {
    std::error_code error;
    fs::path resolved = fs::weakly_canonical(folder, error);
    if (!error && resolved != fs::path(folder)) folders_.push_back(resolved.string());
  }
  cancel_ = true;  // the walk in progress is outdated
  std::erase_if(jobs_, [](const Job& job) { return job.walk; });
  jobs_.push_back(Job{true, std::move(folders), ""});
  wake_.notify_one();
}

void WorkspaceIndex::Refresh(const std::string& path) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_) return;
  jobs_.push_back(Job{false, {}, path});
  wake_.notify_one();
}

void WorkspaceIndex::Stop() {
  std::lock_guard<std::mutex> lock(mutex_);
  stopping_ = true;
  cancel_ = true;
  jobs_.clear();
  wake_.notify_one();
}

std::vector<std::pair<std::string, features::WorkspaceSymbol>> WorkspaceIndex::Search(
    std::string_view query, const std::set<std::string>& skip, size_t limit) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<const features::WorkspaceSymbol*> candidates;
  std::vector<const std::string*> paths;
  for (const auto& [path, found] : files_) {
    if (skip.count(path) != 0) continue;
    for (const features::WorkspaceSymbol& symbol : found) {
      candidates.push_back(&symbol);
      paths.push_back(&path);
    }
  }
  std::vector<std::pair<std::string, features::WorkspaceSymbol>> best;
  for (size_t k : features::RankSymbols(candidates, query, limit)) {
    best.emplace_back(*paths[k], *candidates[k]);
  }
  return best;
}

bool WorkspaceIndex::Covers(const std::string& path) const {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const std::string& folder : folders_) {
    if (Inside(fs::path(path), fs::path(folder))) return true;
  }
  return false;
}

void WorkspaceIndex::Loop() {
  while (true) {
    Job job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
      if (job.walk) cancel_ = false;
    }
    if (job.walk) {
      Walk(job.folders);
      continue;
    }
    bool tvmscript = false;
    if (Covers(job.path)) {
      Read(job.path, &tvmscript);
    } else {
      std::lock_guard<std::mutex> lock(mutex_);
      files_.erase(job.path);
    }
  }
}

void WorkspaceIndex::Walk(const std::vector<std::string>& folders) {
  if (folders.empty()) {  // nothing to walk, nothing to report
    std::lock_guard<std::mutex> lock(mutex_);
    files_.clear();
    return;
  }
  events_.post(events_.begin);
  // Step 1: list the files, folder by folder (each a walk of its own, bounded).
  WalkOptions options;
  options.cancel = &cancel_;
  options.max_files = limits_.max_files;
  options.links_stay_inside = true;
  options.warn = [](const std::string&) {};  // an unreadable .gitignore is not the user's error
  std::vector<fs::path> files;
  for (const std::string& folder : folders) {
    std::error_code error;
    if (!fs::is_directory(folder, error)) continue;  // a missing or unreadable folder
    options.exclude_base = folder;
    CollectFiles({folder}, options, &files);
  }
  // Step 2: read and scan each, reporting each whole percent.
  std::set<std::string> seen;
  size_t tvmscript_files = 0;
  size_t skipped = 0;
  int percent = -1;
  for (size_t k = 0; k < files.size() && !cancel_; ++k) {
    std::string path = files[k].lexically_normal().string();
    bool tvmscript = false;
    if (!Read(path, &tvmscript)) ++skipped;
    if (tvmscript) ++tvmscript_files;
    seen.insert(path);
    int now = static_cast<int>((k + 1) * 100 / files.size());
    if (now != percent) {
      percent = now;
      auto report = events_.report;
      events_.post([report, done = k + 1, total = files.size()] { report(done, total); });
    }
  }
  bool finished = !cancel_;
  size_t symbols = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // What the walk no longer finds goes (a folder removed, a file deleted meanwhile).
    if (finished)
      std::erase_if(files_, [&](const auto& entry) { return !seen.count(entry.first); });
    for (const auto& [path, found] : files_) symbols += found.size();
  }
  auto end = events_.end;
  events_.post([end, tvmscript_files, symbols, skipped, finished] {
    end(tvmscript_files, symbols, skipped, finished);
  });
}

bool WorkspaceIndex::Read(const std::string& path, bool* tvmscript) {
  std::string why;
  std::optional<std::string> text;
  std::error_code error;
  // A link (a refresh may name one) is read only when its target stays in a folder.
  fs::path target = fs::canonical(path, error);
  if (!error && Covers(target.string())) text = ReadFile(path, &why, limits_.max_file_bytes);
  bool usable = text && IsUtf8Text(*text);
  *tvmscript = usable && IsTvmScriptSource(*text);
  std::vector<features::WorkspaceSymbol> found;
  if (*tvmscript) found = features::ScanSymbols(*text, {DecoratorCheckOf(*text)});
  std::lock_guard<std::mutex> lock(mutex_);
  if (*tvmscript) {
    files_[path] = std::move(found);
  } else {
    files_.erase(path);
  }
  return usable;
}

}  // namespace lsp
}  // namespace tvm
