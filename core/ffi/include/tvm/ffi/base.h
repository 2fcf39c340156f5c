/*!
 * \file tvm/ffi/base.h
 * \brief Type indices of the built-in kinds of value and the macros shared by the object system.
 */
#ifndef TVM_FFI_BASE_H_
#define TVM_FFI_BASE_H_

#include <cstdint>

namespace tvm {
namespace ffi {

/*!
 * \brief Type index of every value an Any can hold.
 *
 * Values below kStaticObjectBegin are held inline (no reference count); indices from
 * kStaticObjectBegin on are objects. Built-in object types have fixed indices so that the hot
 * paths (strings, containers, functions) need no registry lookup; types registered later get
 * indices from kDynamicObjectBegin on.
 */
struct TypeIndex {
  enum : int32_t {
    kNone = 0,
    kInt = 1,
    kBool = 2,
    kFloat = 3,
    kOpaquePtr = 4,
    kDataType = 5,
    kDevice = 6,
    /*! \brief A borrowed `const char*`; only ever inside an AnyView. */
    kRawStr = 7,
    kStaticObjectBegin = 64,
    kObject = 64,
    kError = 65,
    kFunction = 66,
    kShape = 67,
    kTensor = 68,
    kStr = 69,
    kBytes = 70,
    kArray = 71,
    kList = 72,
    kMap = 73,
    kDict = 74,
    kModule = 75,
    kStaticObjectEnd = 76,
    kDynamicObjectBegin = 128,
  };
};

}  // namespace ffi
}  // namespace tvm

#define TVM_FFI_STR_CONCAT_(a, b) a##b
#define TVM_FFI_STR_CONCAT(a, b) TVM_FFI_STR_CONCAT_(a, b)

/*!
 * \brief Runs the following block once at static-initialisation time of the binary that
 *  contains it: `TVM_FFI_STATIC_INIT_BLOCK() { ... }`.
 */
#define TVM_FFI_STATIC_INIT_BLOCK_DEF_(fn)                                    \
  static void fn();                                                           \
  [[maybe_unused]] static const int TVM_FFI_STR_CONCAT(fn, _reg) = (fn(), 0); \
  static void fn()
#define TVM_FFI_STATIC_INIT_BLOCK() \
  TVM_FFI_STATIC_INIT_BLOCK_DEF_(TVM_FFI_STR_CONCAT(TVMFFIStaticInitFunc, __COUNTER__))

#if defined(__GNUC__) || defined(__clang__)
#define TVM_FFI_FUNC_SIG __PRETTY_FUNCTION__
#define TVM_FFI_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define TVM_FFI_FUNC_SIG __func__
#define TVM_FFI_UNLIKELY(x) (x)
#endif

#endif  // TVM_FFI_BASE_H_
