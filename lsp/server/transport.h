/*!
 * \file transport.h
 * \brief The server's transport: framed messages over two file descriptors (stdin and stdout),
 *  read and written on the Asio event loop; one reader, one writer.
 *
 * Input is cut by tvm/lsp/framing.h's FrameParser, as the analysis worker's is. Output is a
 * queue written by one asynchronous write at a time, so messages never interleave. A descriptor
 * Asio cannot poll (a regular file, /dev/null) is read by a thread that posts what it reads to
 * the loop, and written with blocking writes.
 */
#ifndef TVM_LSP_SERVER_TRANSPORT_H_
#define TVM_LSP_SERVER_TRANSPORT_H_

#include <tvm/lsp/framing.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace tvm {
namespace lsp {

/*! \brief What the transport reports, on the loop's thread. */
struct TransportHandlers {
  /*! \brief One whole message body. */
  std::function<void(std::string)> message;
  /*! \brief A malformed frame, skipped (`error` says what). */
  std::function<void(const std::string& error)> bad_frame;
  /*! \brief A body over the limit, skipped: its first bytes and what was wrong. */
  std::function<void(const std::string& prefix, const std::string& error)> too_large;
  /*! \brief The input ended (or failed); `error` is empty at a clean end. */
  std::function<void(const std::string& error)> end;
};

class StdioTransport {
 public:
  StdioTransport(boost::asio::io_context& io, int in_fd, int out_fd, size_t max_body,
                 TransportHandlers handlers);
  ~StdioTransport();
  StdioTransport(const StdioTransport&) = delete;
  StdioTransport& operator=(const StdioTransport&) = delete;

  /*! \brief Starts reading. */
  void Start();
  /*! \brief Queues one message body; it is written framed, after those queued before it. */
  void Send(std::string body);
  /*! \brief Stops reading (what is queued is still written). */
  void StopReading();
  /*! \brief Calls `done` once everything queued is written (at once when nothing is). */
  void WhenDrained(std::function<void()> done);

 private:
  void ReadSome();
  void Consume(const char* data, size_t size);
  void WriteNext();
  void ReadBlocking(int fd);

  boost::asio::io_context& io_;
  boost::asio::posix::stream_descriptor input_;
  boost::asio::posix::stream_descriptor output_;
  int blocking_out_ = -1;  // when Asio cannot poll stdout
  bool reading_ = true;
  FrameParser parser_;
  TransportHandlers handlers_;
  std::unique_ptr<char[]> chunk_;
  std::deque<std::string> queue_;
  bool writing_ = false;
  std::function<void()> drained_;
  std::string too_large_error_;
  std::thread blocking_reader_;
  std::shared_ptr<bool> alive_;
};

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_SERVER_TRANSPORT_H_
