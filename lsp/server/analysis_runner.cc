/*!
 * \file analysis_runner.cc
 * \brief The analysis thread.
 */
#include "analysis_runner.h"

#include <tvm/lsp/freed_memory.h>

#include <iostream>

namespace tvm {
namespace lsp {

AnalysisRunner::AnalysisRunner(WorkerClientOptions options, Post post)
    : untrusted_(WithTrust(options, false)),
      trusted_(WithTrust(options, true)),
      post_(std::move(post)),
      session_trusted_(options.trusted),
      thread_([this] { Loop(); }) {}

WorkerClient& AnalysisRunner::client() {
  std::lock_guard<std::mutex> lock(trust_mutex_);
  return session_trusted_ ? trusted_ : untrusted_;
}

WorkerClient& AnalysisRunner::client(const std::string& uri) {
  std::lock_guard<std::mutex> lock(trust_mutex_);
  auto it = document_trust_.find(uri);
  bool trusted = it == document_trust_.end() ? session_trusted_ : it->second;
  return trusted ? trusted_ : untrusted_;
}

void AnalysisRunner::SetSessionTrust(bool trusted) {
  std::lock_guard<std::mutex> lock(trust_mutex_);
  session_trusted_ = trusted;
}

void AnalysisRunner::SetDocumentTrust(const std::string& uri, bool trusted) {
  std::lock_guard<std::mutex> lock(trust_mutex_);
  document_trust_[uri] = trusted;
}

void AnalysisRunner::ForgetDocument(const std::string& uri) {
  std::lock_guard<std::mutex> lock(trust_mutex_);
  document_trust_.erase(uri);
}

AnalysisRunner::~AnalysisRunner() {
  if (thread_.joinable()) {
    if (Stop(std::chrono::milliseconds(0))) {
      thread_.join();
    } else {
      thread_.detach();  // stuck in the worker; the process is ending
    }
  }
}

bool AnalysisRunner::Analyze(const std::string& uri, std::function<void(AnalysisOutcome)> done,
                             std::optional<std::pair<int64_t, int64_t>> only_lines) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_ || !queued_analyses_.insert(uri).second) return false;
  jobs_.push_back([this, uri, only_lines, done = std::move(done)](WorkerClient&) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queued_analyses_.erase(uri);
    }
    auto start = std::chrono::steady_clock::now();
    AnalysisOutcome outcome = client(uri).Analyze(uri, only_lines);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      freed_ = true;  // the reply's JSON and the parts reassembled from it
    }
    auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - start);
    bool measured = outcome.status == AnalysisOutcome::Status::kDone;
    post_([this, uri, done, elapsed, measured, outcome = std::move(outcome)]() mutable {
      if (measured && timing_) timing_(uri, elapsed);
      done(std::move(outcome));
    });
  });
  wake_.notify_one();
  return true;
}

void AnalysisRunner::Run(Job job) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_) return;
  jobs_.push_back([this, job = std::move(job)](WorkerClient&) { job(client()); });
  wake_.notify_one();
}

void AnalysisRunner::Run(const std::string& uri, Job job) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_) return;
  jobs_.push_back([this, uri, job = std::move(job)](WorkerClient&) { job(client(uri)); });
  wake_.notify_one();
}

void AnalysisRunner::RunSlow(const std::string& uri, Step step) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_) return;
  slow_.push_back([this, uri, step = std::move(step)] { return step(client(uri)); });
  wake_.notify_one();
}

bool AnalysisRunner::Stop(std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lock(mutex_);
  stopping_ = true;
  jobs_.clear();
  slow_.clear();
  wake_.notify_all();
  return wake_.wait_for(lock, wait, [&] { return finished_; });
}

void AnalysisRunner::Loop() {
  while (true) {
    Job job;
    std::function<bool()> slow;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      WaitTrimmingWhenIdle(lock, wake_, &freed_,
                           [&] { return stopping_ || !jobs_.empty() || !slow_.empty(); });
      if (stopping_) break;
      if (!jobs_.empty()) {  // the slow lane waits for every other job
        job = std::move(jobs_.front());
        jobs_.pop_front();
      } else {
        slow = std::move(slow_.front());
        slow_.pop_front();
      }
    }
    try {
      if (job) {
        job(untrusted_);  // each job picks its client itself
      } else if (slow()) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!stopping_) slow_.push_back(std::move(slow));  // its next step, after the others
      }
    } catch (const std::exception& error) {
      // Jobs answer their own requests; one that throws is a bug, reported, not fatal.
      std::cerr << "tvm-lsp: an analysis job failed: " << error.what() << "\n";
    }
  }
  std::lock_guard<std::mutex> lock(mutex_);
  finished_ = true;
  wake_.notify_all();
}

}  // namespace lsp
}  // namespace tvm
