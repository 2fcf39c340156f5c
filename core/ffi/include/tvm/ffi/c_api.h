/*!
 * \file tvm/ffi/c_api.h
 * \brief The C view of the object header, of the 16-byte Any and of the built-in type indices.
 *
 * These three are laid out and numbered as in apache-tvm-ffi's C ABI (checked against release
 * 0.1.15.post2), so that objects and values can later cross into code built against that ABI.
 * Only the layout is here so far: the functions of the C ABI (safe calls, errors, type and
 * function registration) are not. The C++ classes (Object, AnyPOD, TypeIndex) layer over these
 * declarations and check the layout with static_asserts. Plain C11 (anonymous unions).
 */
#ifndef TVM_FFI_C_API_H_
#define TVM_FFI_C_API_H_

#include <dlpack/dlpack.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*!
 * \brief Type index of every value an Any holds and of every object.
 *
 * [0, kTVMFFIStaticObjectBegin) are values held inline in an Any (no reference count);
 * [kTVMFFIStaticObjectBegin, kTVMFFIStaticObjectEnd) are the built-in object types;
 * indices handed out at run time for registered types start at kTVMFFIDynObjectBegin.
 */
#ifdef __cplusplus
enum TVMFFITypeIndex : int32_t {
#else
typedef enum {
#endif
  /*! \brief "Any type" in signatures and type descriptions; never stored in a value. */
  kTVMFFIAny = -1,
  kTVMFFINone = 0,
  kTVMFFIInt = 1,
  kTVMFFIBool = 2,
  kTVMFFIFloat = 3,
  kTVMFFIOpaquePtr = 4,
  kTVMFFIDataType = 5,
  kTVMFFIDevice = 6,
  /*! \brief A borrowed DLTensor pointer. */
  kTVMFFIDLTensorPtr = 7,
  /*! \brief A borrowed NUL-terminated C string; only in borrowed views, never owned. */
  kTVMFFIRawStr = 8,
  /*! \brief A borrowed pointer to a byte array (data pointer and size). */
  kTVMFFIByteArrayPtr = 9,
  /*! \brief A borrowed reference to an object the callee may move from. */
  kTVMFFIObjectRValueRef = 10,
  /*! \brief A string of at most 7 bytes stored in the Any itself. */
  kTVMFFISmallStr = 11,
  /*! \brief Bytes of at most 7 bytes stored in the Any itself. */
  kTVMFFISmallBytes = 12,
  /*! \brief Marks an argument a callee left as it was. */
  kTVMFFIUnchanged = 13,
  kTVMFFIStaticObjectBegin = 64,
  kTVMFFIObject = 64,
  kTVMFFIStr = 65,
  kTVMFFIBytes = 66,
  kTVMFFIError = 67,
  kTVMFFIFunction = 68,
  kTVMFFIShape = 69,
  kTVMFFITensor = 70,
  kTVMFFIArray = 71,
  kTVMFFIMap = 72,
  kTVMFFIModule = 73,
  /*! \brief A Python object held by reference. */
  kTVMFFIOpaquePyObject = 74,
  kTVMFFIList = 75,
  kTVMFFIDict = 76,
  /*! \brief Returned by a visitor to stop a traversal. */
  kTVMFFIVisitInterrupt = 77,
  /*! \brief An integer outside the int64 range (values inside it are always kTVMFFIInt). */
  kTVMFFIBigInt = 78,
  kTVMFFIStaticObjectEnd = 79,
  kTVMFFIDynObjectBegin = 128
#ifdef __cplusplus
};
#else
} TVMFFITypeIndex;
#endif

/*!
 * \brief What the deleter of an object is asked to do.
 *
 * Strong: the last strong reference is gone, run the destructor but keep the memory (weak
 * references still point at the header). Weak: the last weak reference is gone, free the memory.
 * Both at once when no weak reference outlives the strong ones (the usual case).
 */
#ifdef __cplusplus
enum TVMFFIObjectDeleterFlagBitMask : int32_t {
#else
typedef enum {
#endif
  kTVMFFIObjectDeleterFlagBitMaskStrong = 1,
  kTVMFFIObjectDeleterFlagBitMaskWeak = 2,
  kTVMFFIObjectDeleterFlagBitMaskBoth = 3
#ifdef __cplusplus
};
#else
} TVMFFIObjectDeleterFlagBitMask;
#endif

/*!
 * \brief The header at the start of every object (24 bytes, 8-byte aligned).
 *
 * combined_ref_count holds the strong count in its low 32 bits and the weak count in its high
 * 32 bits, so one 64-bit atomic operation sees both when the last strong reference goes. All
 * strong references together hold one weak reference: a new object starts at strong 1, weak 1.
 */
typedef struct {
  uint64_t combined_ref_count;
  int32_t type_index;
  /*! \brief Zero; keeps the deleter 8-byte aligned. */
  uint32_t reserved_padding;
  union {
    /*! \brief Called with a TVMFFIObjectDeleterFlagBitMask (see its comment). */
    void (*deleter)(void* self, int flags);
    /*! \brief Keeps the union 8 bytes wide where pointers are 4 bytes. */
    int64_t deleter_alignment;
  };
} TVMFFIObject;

/*!
 * \brief A tagged value (16 bytes): a type index, 4 bytes that are zero except for the length
 *  of a small string, and an 8-byte payload.
 */
typedef struct {
  int32_t type_index;
  union {
    uint32_t zero_padding;
    /*! \brief Length of a kTVMFFISmallStr or kTVMFFISmallBytes payload (0 to 7). */
    uint32_t small_str_len;
  };
  union {
    int64_t v_int64;
    double v_float64;
    void* v_ptr;
    const char* v_c_str;
    TVMFFIObject* v_obj;
    DLDataType v_dtype;
    DLDevice v_device;
    char v_bytes[8];
    uint64_t v_uint64;
  };
} TVMFFIAny;

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // TVM_FFI_C_API_H_
