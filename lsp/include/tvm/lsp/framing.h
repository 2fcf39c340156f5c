/*!
 * \file tvm/lsp/framing.h
 * \brief Messages over pipes, framed as in LSP: `Content-Length: N\r\n\r\n` and N bytes.
 *
 * One parser (`FrameParser`, no I/O) serves every reader: the analysis worker and its client
 * read raw file descriptors through `FrameReader` (no stdio buffering, so a message is on the
 * pipe when WriteFrame returns), and the server's Asio transport feeds it what it reads. Other
 * header lines (`Content-Type`) are allowed and ignored.
 */
#ifndef TVM_LSP_FRAMING_H_
#define TVM_LSP_FRAMING_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace tvm {
namespace lsp {

/*!
 * \brief Cuts a byte stream into framed messages, fed as the bytes arrive; not thread-safe.
 *
 * A malformed header is reported once (`kBadFrame`) and skipped together with whatever follows
 * up to the next `Content-Length` header, so one bad message costs one error and the stream
 * goes on. A body over `max_body` is reported at once (`kTooLarge`) and never held: its bytes
 * are dropped as they come, and `kSkipped` says when the last one went, with its first
 * `kKeptPrefix` bytes (enough to find a request's id).
 */
class FrameParser {
 public:
  static constexpr size_t kMaxHeader = 4096;
  static constexpr size_t kKeptPrefix = 4096;

  explicit FrameParser(size_t max_body) : max_body_(max_body) {}

  enum class Event {
    kNeedMore,  // nothing complete yet: feed more bytes
    kMessage,   // `body` holds one message
    kBadFrame,  // a malformed header (`error()` says what); skipped up to the next header
    kTooLarge,  // a header announced a body over the limit (`error()` says so); it is skipped
    kSkipped,   // the last byte of that body went; `body` holds its first kKeptPrefix bytes
  };

  void Feed(std::string_view bytes);
  Event Next(std::string* body);
  /*! \brief Whether no message has begun: the input may end here without losing one. */
  bool idle() const { return state_ == State::kHeader && pos_ == buffer_.size(); }
  /*! \brief Whether the bytes held are inside a body (else inside a header, or junk). */
  bool in_body() const { return state_ == State::kBody || state_ == State::kSkip; }
  const std::string& error() const { return error_; }

 private:
  enum class State { kHeader, kBody, kSkip, kResync };
  Event ParseHeader(size_t header_end);
  /*! \brief Drops what precedes the next `Content-Length`; true when one was found. */
  bool Resync();
  void Compact();

  size_t max_body_;
  State state_ = State::kHeader;
  std::string buffer_;
  size_t pos_ = 0;        // the first byte not yet consumed
  size_t body_size_ = 0;  // kBody: the body's size; kSkip: the bytes still to drop
  std::string skipped_;   // kSkip: the kept prefix
  std::string error_;
};

/*! \brief Reads framed messages from one file descriptor; not thread-safe. */
class FrameReader {
 public:
  /*! \brief The largest body accepted (a longer one is an error, not an allocation). */
  static constexpr size_t kDefaultMaxBody = size_t{1} << 30;

  explicit FrameReader(int fd, size_t max_body = kDefaultMaxBody) : fd_(fd), parser_(max_body) {}

  enum class Status {
    kMessage,   // `body` holds one message
    kEnd,       // end of input between messages
    kBadFrame,  // a malformed header (`error()` says what); it was skipped, reading may go on
    kFailed,    // a read error or end of input inside a message: stop reading
  };

  /*! \brief Blocks until one whole message (or the end) has been read. */
  Status Read(std::string* body);
  const std::string& error() const { return error_; }

 private:
  /*! \brief Feeds the parser what one read gives; false at end of input or on error. */
  bool Fill();

  int fd_;
  FrameParser parser_;
  std::string error_;
};

/*! \brief `body` framed: its `Content-Length` header, then it. */
std::string Frame(const std::string& body);

/*!
 * \brief Writes all of `bytes` to `fd` (across partial writes and EINTR); false when the other
 *  end is gone or the write fails.
 */
bool WriteAll(int fd, std::string_view bytes);

/*!
 * \brief Writes `body` as one frame to `fd` (all of it, across partial writes and EINTR).
 *  Returns false when the other end is gone or the write fails. Callers that share `fd`
 *  between threads serialise calls themselves.
 */
bool WriteFrame(int fd, const std::string& body);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_FRAMING_H_
