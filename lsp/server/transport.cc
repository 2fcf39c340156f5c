/*!
 * \file transport.cc
 * \brief Framed stdio on the Asio loop.
 */
#include "transport.h"

#include <errno.h>
#include <unistd.h>

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

namespace tvm {
namespace lsp {

namespace asio = boost::asio;

namespace {

constexpr size_t kChunk = 1 << 16;

/*! \brief Assigns a private copy of `fd` to `descriptor`; false when Asio cannot poll it. */
bool Assign(asio::posix::stream_descriptor* descriptor, int fd) {
  int copy = dup(fd);
  if (copy < 0) return false;
  boost::system::error_code error;
  descriptor->assign(copy, error);
  if (error) {
    close(copy);
    return false;
  }
  return true;
}

}  // namespace

StdioTransport::StdioTransport(asio::io_context& io, int in_fd, int out_fd, size_t max_body,
                               TransportHandlers handlers)
    : io_(io),
      input_(io),
      output_(io),
      parser_(max_body),
      handlers_(std::move(handlers)),
      chunk_(new char[kChunk]),
      alive_(std::make_shared<bool>(true)) {
  if (!Assign(&output_, out_fd)) blocking_out_ = out_fd;
  if (!Assign(&input_, in_fd)) {
    // Not pollable (a regular file): a thread reads it and posts to the loop.
    blocking_reader_ = std::thread([this, in_fd] { ReadBlocking(in_fd); });
  }
}

StdioTransport::~StdioTransport() {
  *alive_ = false;
  if (blocking_reader_.joinable()) blocking_reader_.detach();  // it may block in read()
}

void StdioTransport::Start() {
  if (input_.is_open()) ReadSome();
}

void StdioTransport::ReadBlocking(int fd) {
  std::weak_ptr<bool> alive = alive_;
  std::vector<char> chunk(kChunk);
  while (true) {
    ssize_t got = read(fd, chunk.data(), chunk.size());
    if (got < 0 && errno == EINTR) continue;
    std::string bytes(chunk.data(), got > 0 ? static_cast<size_t>(got) : 0);
    asio::post(io_, [this, alive, bytes = std::move(bytes)] {
      if (alive.expired() || !*alive.lock() || !reading_) return;
      if (bytes.empty()) {
        reading_ = false;
        handlers_.end(parser_.idle() ? "" : "the input ended inside a message");
      } else {
        Consume(bytes.data(), bytes.size());
      }
    });
    if (got <= 0) return;
  }
}

void StdioTransport::ReadSome() {
  input_.async_read_some(
      asio::buffer(chunk_.get(), kChunk),
      [this, alive = alive_](const boost::system::error_code& error, size_t size) {
        if (!*alive || !reading_) return;
        if (error) {
          reading_ = false;
          bool clean = error == asio::error::eof && parser_.idle();
          handlers_.end(clean                       ? ""
                        : error == asio::error::eof ? "the input ended inside a message"
                                                    : error.message());
          return;
        }
        Consume(chunk_.get(), size);
        if (reading_) ReadSome();
      });
}

void StdioTransport::Consume(const char* data, size_t size) {
  parser_.Feed(std::string_view(data, size));
  std::string body;
  while (reading_) {
    switch (parser_.Next(&body)) {
      case FrameParser::Event::kNeedMore:
        return;
      case FrameParser::Event::kMessage:
        handlers_.message(std::move(body));
        body.clear();
        break;
      case FrameParser::Event::kBadFrame:
        handlers_.bad_frame(parser_.error());
        break;
      case FrameParser::Event::kTooLarge:
        too_large_error_ = parser_.error();
        break;
      case FrameParser::Event::kSkipped:
        handlers_.too_large(body, too_large_error_);
        break;
    }
  }
}

void StdioTransport::StopReading() {
  reading_ = false;
  boost::system::error_code ignored;
  if (input_.is_open()) input_.cancel(ignored);
}

void StdioTransport::Send(std::string body) {
  std::string frame = Frame(body);
  if (blocking_out_ >= 0) {
    WriteAll(blocking_out_, frame);
    return;
  }
  queue_.push_back(std::move(frame));
  if (!writing_) WriteNext();
}

void StdioTransport::WriteNext() {
  if (queue_.empty()) {
    writing_ = false;
    if (drained_) std::exchange(drained_, nullptr)();
    return;
  }
  writing_ = true;
  asio::async_write(output_, asio::buffer(queue_.front()),
                    [this, alive = alive_](const boost::system::error_code& error, size_t) {
                      if (!*alive) return;
                      queue_.pop_front();
                      if (error) queue_.clear();  // the client is gone: nothing more goes out
                      WriteNext();
                    });
}

void StdioTransport::WhenDrained(std::function<void()> done) {
  if (!writing_ && queue_.empty()) {
    done();
    return;
  }
  drained_ = std::move(done);
}

}  // namespace lsp
}  // namespace tvm
