/*!
 * \file framing.cc
 * \brief Content-Length framing: the parser every reader shares, and reads and writes over raw
 *  file descriptors.
 */
#include <errno.h>
#include <tvm/lsp/framing.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace tvm {
namespace lsp {

namespace {

constexpr std::string_view kHeaderEnd = "\r\n\r\n";
constexpr std::string_view kLengthName = "content-length";

/*! \brief Lower-cased copy, for the case-insensitive header name. */
std::string Lower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

/*! \brief Where `Content-Length` (any case) first occurs in `text` at or after `from`. */
size_t FindLengthName(std::string_view text, size_t from) {
  auto same = [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == static_cast<unsigned char>(b);
  };
  auto it = std::search(text.begin() + static_cast<std::ptrdiff_t>(from), text.end(),
                        kLengthName.begin(), kLengthName.end(), same);
  return it == text.end() ? std::string_view::npos : static_cast<size_t>(it - text.begin());
}

}  // namespace

// -- FrameParser ----------------------------------------------------------------------------

void FrameParser::Feed(std::string_view bytes) {
  if (state_ == State::kSkip && pos_ == buffer_.size()) {
    // Straight from the input: a body that is never held is never copied either.
    size_t take = std::min(bytes.size(), body_size_);
    size_t keep = std::min(take, kKeptPrefix - std::min(kKeptPrefix, skipped_.size()));
    skipped_.append(bytes.substr(0, keep));
    body_size_ -= take;
    bytes.remove_prefix(take);
  }
  buffer_.append(bytes);
}

void FrameParser::Compact() {
  if (pos_ == buffer_.size()) {
    buffer_.clear();
    pos_ = 0;
  } else if (pos_ > (size_t{1} << 20) && pos_ > buffer_.size() / 2) {
    buffer_.erase(0, pos_);
    pos_ = 0;
  }
}

bool FrameParser::Resync() {
  size_t found = FindLengthName(buffer_, pos_);
  if (found == std::string::npos) {
    // Keep a tail that may be the start of the name.
    pos_ = std::max(pos_, buffer_.size() - std::min(buffer_.size(), kLengthName.size() - 1));
    Compact();
    return false;
  }
  pos_ = found;
  state_ = State::kHeader;
  return true;
}

FrameParser::Event FrameParser::ParseHeader(size_t header_end) {
  std::string_view header(buffer_.data() + pos_, header_end - pos_);
  pos_ = header_end + kHeaderEnd.size();
  bool found = false;
  size_t body_size = 0;
  size_t begin = 0;
  while (begin < header.size()) {
    size_t end = std::min(header.find("\r\n", begin), header.size());
    std::string_view line = header.substr(begin, end - begin);
    begin = end + 2;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) {
      error_ = "malformed header line \"" + std::string(line) + "\"";
      return Event::kBadFrame;
    }
    if (Lower(line.substr(0, colon)) != kLengthName) continue;
    size_t first = line.find_first_not_of(' ', colon + 1);
    const char* digits = line.data() + (first == std::string_view::npos ? line.size() : first);
    const char* last = line.data() + line.size();
    auto [ptr, ec] = std::from_chars(digits, last, body_size);
    if (ec != std::errc() || ptr != last || digits == last) {
      error_ = "malformed Content-Length \"" + std::string(line) + "\"";
      return Event::kBadFrame;
    }
    found = true;
  }
  if (!found) {
    error_ = "a header without Content-Length";
    return Event::kBadFrame;
  }
  body_size_ = body_size;
  if (body_size > max_body_) {
    error_ = "a body of " + std::to_string(body_size) + " bytes is larger than the limit of " +
             std::to_string(max_body_);
    state_ = State::kSkip;
    skipped_.clear();
    return Event::kTooLarge;
  }
  state_ = State::kBody;
  return Event::kNeedMore;  // the caller goes on to the body
}

FrameParser::Event FrameParser::Next(std::string* body) {
  error_.clear();
  while (true) {
    switch (state_) {
      case State::kResync:
        if (!Resync()) return Event::kNeedMore;
        break;
      case State::kHeader: {
        size_t header_end = buffer_.find(kHeaderEnd, pos_);
        size_t header_size = (header_end == std::string::npos ? buffer_.size() : header_end) - pos_;
        if (header_size > kMaxHeader) {
          // Never held whole: skipped from its second byte to the next Content-Length.
          error_ = "a header longer than " + std::to_string(kMaxHeader) + " bytes";
          ++pos_;
          state_ = State::kResync;
          return Event::kBadFrame;
        }
        if (header_end == std::string::npos) return Event::kNeedMore;
        Event event = ParseHeader(header_end);
        if (event == Event::kBadFrame) state_ = State::kResync;
        if (event != Event::kNeedMore) return event;
        break;
      }
      case State::kBody:
        if (buffer_.size() - pos_ < body_size_) return Event::kNeedMore;
        body->assign(buffer_, pos_, body_size_);
        pos_ += body_size_;
        state_ = State::kHeader;
        Compact();
        return Event::kMessage;
      case State::kSkip: {
        size_t take = std::min(buffer_.size() - pos_, body_size_);
        size_t keep = std::min(take, kKeptPrefix - std::min(kKeptPrefix, skipped_.size()));
        skipped_.append(buffer_, pos_, keep);
        pos_ += take;
        body_size_ -= take;
        Compact();
        if (body_size_ > 0) return Event::kNeedMore;
        *body = std::move(skipped_);
        skipped_.clear();
        state_ = State::kHeader;
        return Event::kSkipped;
      }
    }
  }
}

// -- FrameReader ----------------------------------------------------------------------------

bool FrameReader::Fill() {
  char chunk[65536];
  while (true) {
    ssize_t got = read(fd_, chunk, sizeof(chunk));
    if (got > 0) {
      parser_.Feed(std::string_view(chunk, static_cast<size_t>(got)));
      return true;
    }
    if (got < 0 && errno == EINTR) continue;
    return false;
  }
}

FrameReader::Status FrameReader::Read(std::string* body) {
  error_.clear();
  while (true) {
    FrameParser::Event event = parser_.Next(body);
    switch (event) {
      case FrameParser::Event::kMessage:
        return Status::kMessage;
      case FrameParser::Event::kBadFrame:
        error_ = parser_.error();
        return Status::kBadFrame;
      case FrameParser::Event::kTooLarge:
        error_ = parser_.error();
        return Status::kFailed;
      case FrameParser::Event::kSkipped:
        continue;  // not reached: a reader stops at kTooLarge
      case FrameParser::Event::kNeedMore:
        break;
    }
    bool idle = parser_.idle();
    bool in_body = parser_.in_body();
    if (!Fill()) {
      if (idle) return Status::kEnd;
      error_ =
          in_body ? "the input ended inside a message body" : "the input ended inside a header";
      return Status::kFailed;
    }
  }
}

std::string Frame(const std::string& body) {
  std::string frame = "Content-Length: " + std::to_string(body.size()) + std::string(kHeaderEnd);
  frame += body;
  return frame;
}

bool WriteAll(int fd, std::string_view bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t wrote = write(fd, bytes.data() + done, bytes.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return false;
    done += static_cast<size_t>(wrote);
  }
  return true;
}

bool WriteFrame(int fd, const std::string& body) { return WriteAll(fd, Frame(body)); }

}  // namespace lsp
}  // namespace tvm
