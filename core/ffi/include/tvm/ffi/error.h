/*!
 * \file tvm/ffi/error.h
 * \brief Errors: a kind, a message and the frames they passed, carried as an object and thrown
 *  as a C++ exception.
 */
#ifndef TVM_FFI_ERROR_H_
#define TVM_FFI_ERROR_H_

#include <tvm/ffi/object.h>

#include <exception>
#include <sstream>
#include <string>
#include <vector>

namespace tvm {
namespace ffi {

/*! \brief One frame an error passed: where it was thrown or which function it crossed. */
struct ErrorFrame {
  std::string file;
  int line = 0;
  std::string func;
};

/*! \brief The data of an error. Kinds are Python exception names: "ValueError", "TypeError". */
class ErrorObj : public Object {
 public:
  std::string kind;
  std::string message;
  /*! \brief Innermost frame first (the throw site). */
  std::vector<ErrorFrame> frames;
  /*! \brief "kind: message", kept for std::exception::what(). */
  std::string what_text;

  TVM_FFI_DECLARE_STATIC_OBJECT_INFO("ffi.Error", ErrorObj, Object, TypeIndex::kError, true)
};

/*! \brief A managed reference to an ErrorObj that is also a C++ exception. */
class Error : public ObjectRef, public std::exception {
 public:
  Error(std::string kind, std::string message, std::vector<ErrorFrame> frames = {});
  explicit Error(ObjectPtr<Object> n) : ObjectRef(std::move(n)) {}

  const std::string& kind() const { return get()->kind; }
  const std::string& message() const { return get()->message; }
  const std::vector<ErrorFrame>& frames() const { return get()->frames; }
  /*! \brief Records one more frame the error passed through (outermost last). */
  void AppendFrame(ErrorFrame frame) const;
  /*! \return "kind: message" followed by the frames, innermost first. */
  std::string FullText() const;
  const char* what() const noexcept override { return get()->what_text.c_str(); }

  const ErrorObj* get() const { return static_cast<const ErrorObj*>(data_.get()); }
  const ErrorObj* operator->() const { return get(); }
  using ContainerType = ErrorObj;
  static constexpr bool _type_is_nullable = false;
};

namespace details {
/*! \brief Collects a message with `<<`; Throw() raises it. */
class ErrorBuilder {
 public:
  ErrorBuilder(const char* kind, const char* file, int line, const char* func)
      : kind_(kind), frame_{file, line, func} {}
  ErrorBuilder(const ErrorBuilder&) = delete;
  ErrorBuilder& operator=(const ErrorBuilder&) = delete;
  std::ostringstream& stream() { return stream_; }
  [[noreturn]] void Throw() { throw Error(kind_, stream_.str(), {std::move(frame_)}); }

 private:
  const char* kind_;
  ErrorFrame frame_;
  std::ostringstream stream_;
};
}  // namespace details

}  // namespace ffi
}  // namespace tvm

/*!
 * \brief `TVM_FFI_THROW(ValueError) << "message";` throws an Error of that kind.
 *  The message is the body of a loop whose step throws, so compilers see that control never
 *  continues past the statement.
 */
#define TVM_FFI_THROW(ErrorKind)                                                               \
  for (::tvm::ffi::details::ErrorBuilder tvm_ffi_error_builder(#ErrorKind, __FILE__, __LINE__, \
                                                               TVM_FFI_FUNC_SIG);              \
       ; tvm_ffi_error_builder.Throw())                                                        \
  tvm_ffi_error_builder.stream()

/*! \brief Checks an invariant of our own code; failure is an InternalError. */
#define TVM_FFI_ICHECK(cond)     \
  if (TVM_FFI_UNLIKELY(!(cond))) \
  TVM_FFI_THROW(InternalError) << "Check failed: (" #cond ") is false: "

/*! \brief Checks a condition on user input; failure raises the given kind. */
#define TVM_FFI_CHECK(cond, ErrorKind) \
  if (TVM_FFI_UNLIKELY(!(cond))) TVM_FFI_THROW(ErrorKind)

#endif  // TVM_FFI_ERROR_H_
