/*!
 * \file tvm/lsp/framing.h
 * \brief Messages over pipes, framed as in LSP: `Content-Length: N\r\n\r\n` and N bytes.
 *
 * Used by the analysis worker and its client on raw file descriptors (no stdio buffering, so a
 * message is on the pipe when WriteFrame returns). Other header lines (`Content-Type`) are
 * allowed and ignored.
 */
#ifndef TVM_LSP_FRAMING_H_
#define TVM_LSP_FRAMING_H_

#include <cstddef>
#include <string>

namespace tvm {
namespace lsp {

/*! \brief Reads framed messages from one file descriptor; not thread-safe. */
class FrameReader {
 public:
  /*! \brief The largest body accepted (a longer one is an error, not an allocation). */
  static constexpr size_t kDefaultMaxBody = size_t{1} << 30;

  explicit FrameReader(int fd, size_t max_body = kDefaultMaxBody) : fd_(fd), max_body_(max_body) {}

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
  /*! \brief Reads more bytes into the buffer; false at end of input or on error. */
  bool Fill();
  Status ParseHeader(size_t header_end, size_t* body_size);

  int fd_;
  size_t max_body_;
  std::string buffer_;
  std::string error_;
};

/*!
 * \brief Writes `body` as one frame to `fd` (all of it, across partial writes and EINTR).
 *  Returns false when the other end is gone or the write fails. Callers that share `fd`
 *  between threads serialise calls themselves.
 */
bool WriteFrame(int fd, const std::string& body);

}  // namespace lsp
}  // namespace tvm

#endif  // TVM_LSP_FRAMING_H_
