/*!
 * \file tvm/ffi/dtype.h
 * \brief DataType (element type of scalars, vectors and tensors) and Device, over DLPack's structs.
 */
#ifndef TVM_FFI_DTYPE_H_
#define TVM_FFI_DTYPE_H_

#include <dlpack/dlpack.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace tvm {
namespace ffi {

/*!
 * \brief Type codes. The first six are DLPack 0.6's; the rest follow the numbering of later
 *  DLPack releases (bool, the float8, float6 and float4 variants), which the system headers may
 *  not have yet.
 */
struct DataTypeCode {
  enum : uint8_t {
    kInt = kDLInt,
    kUInt = kDLUInt,
    kFloat = kDLFloat,
    kHandle = kDLOpaqueHandle,
    kBFloat = kDLBfloat,
    kComplex = kDLComplex,
    kBool = 6,
    kFloat8_e3m4 = 7,
    kFloat8_e4m3 = 8,
    kFloat8_e4m3b11fnuz = 9,
    kFloat8_e4m3fn = 10,
    kFloat8_e4m3fnuz = 11,
    kFloat8_e5m2 = 12,
    kFloat8_e5m2fnuz = 13,
    kFloat8_e8m0fnu = 14,
    kFloat6_e2m3fn = 15,
    kFloat6_e3m2fn = 16,
    kFloat4_e2m1fn = 17,
  };
};

/*! \brief An element type: code, bits and lanes (lanes > 1 is a vector). */
class DataType {
 public:
  DataType() : dtype_{DataTypeCode::kHandle, 0, 0} {}  // void
  DataType(int code, int bits, int lanes = 1)
      : dtype_{static_cast<uint8_t>(code), static_cast<uint8_t>(bits),
               static_cast<uint16_t>(lanes)} {}
  explicit DataType(DLDataType dtype) : dtype_(dtype) {}

  static DataType Int(int bits, int lanes = 1) { return DataType(DataTypeCode::kInt, bits, lanes); }
  static DataType UInt(int bits, int lanes = 1) {
    return DataType(DataTypeCode::kUInt, bits, lanes);
  }
  static DataType Float(int bits, int lanes = 1) {
    return DataType(DataTypeCode::kFloat, bits, lanes);
  }
  static DataType BFloat(int bits, int lanes = 1) {
    return DataType(DataTypeCode::kBFloat, bits, lanes);
  }
  static DataType Bool(int lanes = 1) { return DataType(DataTypeCode::kBool, 8, lanes); }
  static DataType Handle(int bits = 64, int lanes = 1) {
    return DataType(DataTypeCode::kHandle, bits, lanes);
  }
  static DataType Void() { return DataType(); }
  /*!
   * \brief Parses "int32", "float32x4", "bfloat16", "float8_e4m3fn", "float4_e2m1fnx2", "bool",
   *  "handle", "void".
   * \throws Error(ValueError) naming the text when it is not a data type.
   */
  static DataType Parse(std::string_view text);

  int code() const { return dtype_.code; }
  int bits() const { return dtype_.bits; }
  int lanes() const { return dtype_.lanes; }
  int bytes() const { return (bits() * lanes() + 7) / 8; }
  bool is_int() const { return code() == DataTypeCode::kInt; }
  bool is_uint() const { return code() == DataTypeCode::kUInt; }
  bool is_float() const { return code() == DataTypeCode::kFloat; }
  bool is_bfloat() const { return code() == DataTypeCode::kBFloat; }
  bool is_float8() const {
    return code() >= DataTypeCode::kFloat8_e3m4 && code() <= DataTypeCode::kFloat8_e8m0fnu;
  }
  bool is_float6() const {
    return code() == DataTypeCode::kFloat6_e2m3fn || code() == DataTypeCode::kFloat6_e3m2fn;
  }
  bool is_float4() const { return code() == DataTypeCode::kFloat4_e2m1fn; }
  /*! \brief Any floating-point format: IEEE float, bfloat, and the float8/float6/float4 ones. */
  bool is_floating_point() const {
    return is_float() || is_bfloat() || is_float8() || is_float6() || is_float4();
  }
  bool is_bool() const { return code() == DataTypeCode::kBool; }
  bool is_handle() const { return code() == DataTypeCode::kHandle && bits() != 0; }
  bool is_void() const { return code() == DataTypeCode::kHandle && bits() == 0 && lanes() == 0; }
  bool is_scalar() const { return lanes() == 1; }
  bool is_vector() const { return lanes() > 1; }
  DataType element_of() const { return DataType(code(), bits(), 1); }
  DataType with_lanes(int lanes) const { return DataType(code(), bits(), lanes); }
  DataType with_bits(int bits) const { return DataType(code(), bits, lanes()); }

  /*! \return the canonical text, the inverse of Parse. */
  std::string ToString() const;
  operator DLDataType() const { return dtype_; }  // NOLINT(google-explicit-constructor)
  bool operator==(const DataType& other) const {
    return dtype_.code == other.dtype_.code && dtype_.bits == other.dtype_.bits &&
           dtype_.lanes == other.dtype_.lanes;
  }
  bool operator!=(const DataType& other) const { return !(*this == other); }

 private:
  DLDataType dtype_;
};

/*! \brief Text of a DLPack device type: "cpu", "cuda", ... */
const char* DeviceTypeName(int device_type);
/*! \brief Inverse of DeviceTypeName; throws ValueError on an unknown name. */
int DeviceTypeFromName(std::string_view name);

/*! \brief "cpu:0" style text of a device. */
std::string DeviceToString(DLDevice device);

inline bool operator==(const DLDevice& a, const DLDevice& b) {
  return a.device_type == b.device_type && a.device_id == b.device_id;
}

}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_DTYPE_H_
