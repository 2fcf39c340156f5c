/*!
 * \file error.cc
 * \brief Error construction and text.
 */
#include <tvm/ffi/error.h>

#include <sstream>

namespace tvm {
namespace ffi {

Error::Error(std::string kind, std::string message, std::vector<ErrorFrame> frames) {
  ObjectPtr<ErrorObj> obj = make_object<ErrorObj>();
  obj->what_text = kind + ": " + message;
  obj->kind = std::move(kind);
  obj->message = std::move(message);
  obj->frames = std::move(frames);
  data_ = std::move(obj);
}

void Error::AppendFrame(ErrorFrame frame) const {
  // Frames are appended while the error propagates, before any other thread can see it.
  const_cast<ErrorObj*>(get())->frames.push_back(std::move(frame));
}

std::string Error::FullText() const {
  std::ostringstream os;
  os << get()->what_text;
  for (const ErrorFrame& frame : frames()) {
    os << "\n  File \"" << frame.file << "\", line " << frame.line << ", in " << frame.func;
  }
  return os.str();
}

}  // namespace ffi
}  // namespace tvm
