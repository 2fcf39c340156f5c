/*!
 * \file watchdog.cc
 * \brief The time limit of an analysis: a timer thread and an injector thread that raise
 *  `TimeoutError` asynchronously in the thread running Python code past its deadline.
 *
 * Lock order: the GIL before the watchdog's mutex, in every thread. The timer never takes the
 * GIL, so it keeps time (and reports a stuck call) even while C code holds the GIL forever.
 * Arming, disarming and injecting all happen with the GIL held, so once a call is disarmed no
 * exception can be injected for it, and the one possibly still pending is cleared.
 */
#include <algorithm>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "bridge_internal.h"

namespace tvm {
namespace script {
namespace bridge {
namespace details {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

void WriteStuckReport(const Interpreter::StuckReport& report) {
  std::cerr << "tvm::script::bridge: the analysis of " << report.source_name << " by "
            << report.entry << " is still running " << report.waited.count()
            << " ms after its time limit of " << report.time_limit.count()
            << " ms; code that does not return to the Python interpreter loop cannot be "
               "stopped in-process: restart the process that runs it"
            << std::endl;
}

}  // namespace

struct Watchdog::State {
  struct Entry {
    unsigned long thread_ident;  // NOLINT(runtime/int)
    GuardedCall call;
    Clock::time_point deadline;
    Clock::time_point next_injection;
    bool fired = false;             // an exception was injected at least once
    bool injection_queued = false;  // waiting for the injector
    bool stuck_reported = false;
  };

  std::mutex mutex;
  std::condition_variable timer_wake;
  std::condition_variable injector_wake;
  std::map<uint64_t, Entry> armed;
  std::deque<uint64_t> injections;
  uint64_t next_id = 1;
  milliseconds grace{2000};
  std::function<void(const Interpreter::StuckReport&)> stuck_handler = WriteStuckReport;

  void RunTimer();
  void RunInjector();
  /*! \brief Queues due injections; returns the stuck reports now due. */
  std::vector<Interpreter::StuckReport> Scan(Clock::time_point now, Clock::time_point* wake);
};

std::vector<Interpreter::StuckReport> Watchdog::State::Scan(Clock::time_point now,
                                                            Clock::time_point* wake) {
  std::vector<Interpreter::StuckReport> reports;
  for (auto& [id, entry] : armed) {
    if (!entry.injection_queued) {
      if (now >= entry.next_injection) {
        entry.injection_queued = true;
        injections.push_back(id);
        injector_wake.notify_one();
      } else {
        *wake = std::min(*wake, entry.next_injection);
      }
    }
    if (entry.stuck_reported) continue;
    Clock::time_point stuck_at = entry.deadline + grace;
    if (now >= stuck_at) {
      entry.stuck_reported = true;
      auto waited = std::chrono::duration_cast<milliseconds>(now - entry.deadline);
      reports.push_back({entry.call.entry, entry.call.source_name, entry.call.time_limit, waited});
    } else {
      *wake = std::min(*wake, stuck_at);
    }
  }
  return reports;
}

void Watchdog::State::RunTimer() {
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    Clock::time_point wake = Clock::time_point::max();
    std::vector<Interpreter::StuckReport> reports = Scan(Clock::now(), &wake);
    if (!reports.empty()) {
      auto handler = stuck_handler;
      lock.unlock();
      for (const auto& report : reports) handler(report);
      lock.lock();
      continue;
    }
    if (wake == Clock::time_point::max()) {
      timer_wake.wait(lock);
    } else {
      timer_wake.wait_until(lock, wake);
    }
  }
}

void Watchdog::State::RunInjector() {
  while (true) {
    uint64_t id = 0;
    {
      std::unique_lock<std::mutex> lock(mutex);
      injector_wake.wait(lock, [this] { return !injections.empty(); });
      id = injections.front();
      injections.pop_front();
    }
    {
      // Waits until the running thread lets the GIL go (its switch interval, 5 ms by default);
      // forever if C code holds it, which is why the timer does not depend on this thread.
      GilLock gil;
      std::lock_guard<std::mutex> lock(mutex);
      auto it = armed.find(id);
      if (it != armed.end()) {
        PyThreadState_SetAsyncExc(it->second.thread_ident, PyExc_TimeoutError);
        it->second.fired = true;
        it->second.injection_queued = false;
        it->second.next_injection = Clock::now() + kReinjectInterval;
      }
    }
    timer_wake.notify_one();
  }
}

Watchdog::Watchdog() : state_(new State()) {
  std::thread([state = state_] { state->RunTimer(); }).detach();
  std::thread([state = state_] { state->RunInjector(); }).detach();
}

Watchdog& Watchdog::Global() {
  // Never destroyed: its detached threads use it until the process exits.
  static Watchdog* instance = new Watchdog();
  return *instance;
}

void Watchdog::SetStuckHandler(std::function<void(const Interpreter::StuckReport&)> handler) {
  std::lock_guard<std::mutex> lock(state_->mutex);
  state_->stuck_handler = handler ? std::move(handler) : WriteStuckReport;
}

void Watchdog::SetStuckGrace(milliseconds grace) {
  std::lock_guard<std::mutex> lock(state_->mutex);
  state_->grace = grace;
  state_->timer_wake.notify_one();
}

Watchdog::Guard::Guard(GuardedCall call, milliseconds time_limit)
    : thread_ident_(PyThread_get_thread_ident()) {
  State& state = *Global().state_;
  // No limit (zero or negative) and absurdly long ones become a year, so no sum overflows.
  constexpr milliseconds kLongest = std::chrono::hours(24 * 365);
  if (time_limit <= milliseconds::zero() || time_limit > kLongest) time_limit = kLongest;
  Clock::time_point deadline = Clock::now() + time_limit;
  std::lock_guard<std::mutex> lock(state.mutex);
  id_ = state.next_id++;
  state.armed.emplace(id_, State::Entry{thread_ident_, std::move(call), deadline, deadline});
  state.timer_wake.notify_one();
}

bool Watchdog::Guard::Disarm() {
  if (disarmed_) return fired_;
  disarmed_ = true;
  State& state = *Global().state_;
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    auto it = state.armed.find(id_);
    fired_ = it->second.fired;
    state.armed.erase(it);
  }
  // An exception injected after the call's last pass through the interpreter loop is still
  // pending on this thread: clear it, or it would hit whatever Python code runs here next.
  PyThreadState_SetAsyncExc(thread_ident_, nullptr);
  return fired_;
}

}  // namespace details
}  // namespace bridge
}  // namespace script
}  // namespace tvm
