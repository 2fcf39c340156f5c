/*!
 * \file analysis_runner.cc
 * \brief The analysis thread.
 */
#include "analysis_runner.h"

#include <iostream>

namespace tvm {
namespace lsp {

AnalysisRunner::AnalysisRunner(WorkerClientOptions options, Post post)
    : client_(std::move(options)), post_(std::move(post)), thread_([this] { Loop(); }) {}

AnalysisRunner::~AnalysisRunner() {
  if (thread_.joinable()) {
    if (Stop(std::chrono::milliseconds(0))) {
      thread_.join();
    } else {
      thread_.detach();  // stuck in the worker; the process is ending
    }
  }
}

void AnalysisRunner::Analyze(const std::string& uri, std::function<void(AnalysisOutcome)> done) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_ || !queued_analyses_.insert(uri).second) return;
  jobs_.push_back([this, uri, done = std::move(done)](WorkerClient& client) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queued_analyses_.erase(uri);
    }
    AnalysisOutcome outcome = client.Analyze(uri);
    post_([done, outcome = std::move(outcome)]() mutable { done(std::move(outcome)); });
  });
  wake_.notify_one();
}

void AnalysisRunner::Run(Job job) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_) return;
  jobs_.push_back(std::move(job));
  wake_.notify_one();
}

bool AnalysisRunner::Stop(std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lock(mutex_);
  stopping_ = true;
  jobs_.clear();
  wake_.notify_all();
  return wake_.wait_for(lock, wait, [&] { return finished_; });
}

void AnalysisRunner::Loop() {
  while (true) {
    Job job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
      if (stopping_) break;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    try {
      job(client_);
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
