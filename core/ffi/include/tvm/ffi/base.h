/*!
 * \file tvm/ffi/base.h
 * \brief Type indices of the built-in kinds of value and the macros shared by the object system.
 */
#ifndef TVM_FFI_BASE_H_
#define TVM_FFI_BASE_H_

#include <tvm/ffi/c_api.h>

#include <cstdint>

namespace tvm {
namespace ffi {

/*!
 * \brief Type index of every value an Any can hold: the C++ names of TVMFFITypeIndex.
 *
 * Values below kStaticObjectBegin are held inline (no reference count); indices from
 * kStaticObjectBegin on are objects. Built-in object types have fixed indices so that the hot
 * paths (strings, containers, functions) need no registry lookup; types registered later get
 * indices from kDynamicObjectBegin on. The numbers are apache-tvm-ffi's (see c_api.h). Our Any
 * never holds kDLTensorPtr, kByteArrayPtr, kObjectRValueRef, kSmallStr, kSmallBytes or
 * kUnchanged, and no type is registered at kOpaquePyObject, kVisitInterrupt or kBigInt yet: the
 * names only reserve the numbers.
 */
struct TypeIndex {
  enum : int32_t {
    kAny = kTVMFFIAny,
    kNone = kTVMFFINone,
    kInt = kTVMFFIInt,
    kBool = kTVMFFIBool,
    kFloat = kTVMFFIFloat,
    kOpaquePtr = kTVMFFIOpaquePtr,
    kDataType = kTVMFFIDataType,
    kDevice = kTVMFFIDevice,
    kDLTensorPtr = kTVMFFIDLTensorPtr,
    /*! \brief A borrowed `const char*`; only ever inside an AnyView. */
    kRawStr = kTVMFFIRawStr,
    kByteArrayPtr = kTVMFFIByteArrayPtr,
    kObjectRValueRef = kTVMFFIObjectRValueRef,
    kSmallStr = kTVMFFISmallStr,
    kSmallBytes = kTVMFFISmallBytes,
    kUnchanged = kTVMFFIUnchanged,
    kStaticObjectBegin = kTVMFFIStaticObjectBegin,
    kObject = kTVMFFIObject,
    kStr = kTVMFFIStr,
    kBytes = kTVMFFIBytes,
    kError = kTVMFFIError,
    kFunction = kTVMFFIFunction,
    kShape = kTVMFFIShape,
    kTensor = kTVMFFITensor,
    kArray = kTVMFFIArray,
    kMap = kTVMFFIMap,
    kModule = kTVMFFIModule,
    kOpaquePyObject = kTVMFFIOpaquePyObject,
    kList = kTVMFFIList,
    kDict = kTVMFFIDict,
    kVisitInterrupt = kTVMFFIVisitInterrupt,
    kBigInt = kTVMFFIBigInt,
    kStaticObjectEnd = kTVMFFIStaticObjectEnd,
    kDynamicObjectBegin = kTVMFFIDynObjectBegin,
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
