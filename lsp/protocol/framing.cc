/*!
 * \file framing.cc
 * \brief Content-Length framing over raw file descriptors.
 */
#include <errno.h>
#include <tvm/lsp/framing.h>
#include <unistd.h>

#include <cctype>
#include <charconv>

namespace tvm {
namespace lsp {

namespace {

constexpr const char* kHeaderEnd = "\r\n\r\n";
constexpr size_t kMaxHeader = 4096;

/*! \brief Lower-cased copy, for the case-insensitive header name. */
std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

bool FrameReader::Fill() {
  char chunk[65536];
  while (true) {
    ssize_t got = read(fd_, chunk, sizeof(chunk));
    if (got > 0) {
      buffer_.append(chunk, static_cast<size_t>(got));
      return true;
    }
    if (got < 0 && errno == EINTR) continue;
    return false;
  }
}

FrameReader::Status FrameReader::ParseHeader(size_t header_end, size_t* body_size) {
  std::string header = buffer_.substr(0, header_end);
  buffer_.erase(0, header_end + 4);
  bool found = false;
  size_t begin = 0;
  while (begin < header.size()) {
    size_t end = header.find("\r\n", begin);
    if (end == std::string::npos) end = header.size();
    std::string line = header.substr(begin, end - begin);
    begin = end + 2;
    size_t colon = line.find(':');
    if (colon == std::string::npos) {
      error_ = "malformed header line \"" + line + "\"";
      return Status::kBadFrame;
    }
    if (Lower(line.substr(0, colon)) != "content-length") continue;
    size_t first = line.find_first_not_of(' ', colon + 1);
    const char* digits = line.data() + (first == std::string::npos ? line.size() : first);
    const char* last = line.data() + line.size();
    auto [ptr, ec] = std::from_chars(digits, last, *body_size);
    if (ec != std::errc() || ptr != last || digits == last) {
      error_ = "malformed Content-Length \"" + line + "\"";
      return Status::kBadFrame;
    }
    found = true;
  }
  if (!found) {
    error_ = "a header without Content-Length";
    return Status::kBadFrame;
  }
  if (*body_size > max_body_) {
    error_ = "a body of " + std::to_string(*body_size) + " bytes is larger than the limit of " +
             std::to_string(max_body_);
    return Status::kFailed;
  }
  return Status::kMessage;
}

FrameReader::Status FrameReader::Read(std::string* body) {
  error_.clear();
  size_t header_end = std::string::npos;
  while ((header_end = buffer_.find(kHeaderEnd)) == std::string::npos) {
    if (buffer_.size() > kMaxHeader) {
      error_ = "a header longer than " + std::to_string(kMaxHeader) + " bytes";
      buffer_.clear();
      return Status::kBadFrame;
    }
    if (!Fill()) {
      if (buffer_.empty()) return Status::kEnd;
      error_ = "the input ended inside a header";
      return Status::kFailed;
    }
  }
  size_t body_size = 0;
  Status status = ParseHeader(header_end, &body_size);
  if (status != Status::kMessage) return status;
  while (buffer_.size() < body_size) {
    if (!Fill()) {
      error_ = "the input ended inside a message body";
      return Status::kFailed;
    }
  }
  body->assign(buffer_, 0, body_size);
  buffer_.erase(0, body_size);
  return Status::kMessage;
}

bool WriteFrame(int fd, const std::string& body) {
  std::string frame = "Content-Length: " + std::to_string(body.size()) + kHeaderEnd + body;
  size_t done = 0;
  while (done < frame.size()) {
    ssize_t wrote = write(fd, frame.data() + done, frame.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return false;
    done += static_cast<size_t>(wrote);
  }
  return true;
}

}  // namespace lsp
}  // namespace tvm
