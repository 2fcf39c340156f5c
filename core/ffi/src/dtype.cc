/*!
 * \file dtype.cc
 * \brief DataType and device text.
 */
#include <tvm/ffi/dtype.h>
#include <tvm/ffi/error.h>

#include <charconv>
#include <string>

namespace tvm {
namespace ffi {
namespace {

struct NamedCode {
  const char* name;
  uint8_t code;
  int fixed_bits;  // 0: bits follow the name
};

// Longest names first so that "float8_e4m3fn" is not read as "float" + "8_e4m3fn".
constexpr NamedCode kNamedCodes[] = {
    {"float8_e4m3b11fnuz", DataTypeCode::kFloat8_e4m3b11fnuz, 8},
    {"float8_e4m3fnuz", DataTypeCode::kFloat8_e4m3fnuz, 8},
    {"float8_e5m2fnuz", DataTypeCode::kFloat8_e5m2fnuz, 8},
    {"float8_e8m0fnu", DataTypeCode::kFloat8_e8m0fnu, 8},
    {"float8_e4m3fn", DataTypeCode::kFloat8_e4m3fn, 8},
    {"float8_e3m4", DataTypeCode::kFloat8_e3m4, 8},
    {"float8_e4m3", DataTypeCode::kFloat8_e4m3, 8},
    {"float8_e5m2", DataTypeCode::kFloat8_e5m2, 8},
    {"float6_e2m3fn", DataTypeCode::kFloat6_e2m3fn, 6},
    {"float6_e3m2fn", DataTypeCode::kFloat6_e3m2fn, 6},
    {"float4_e2m1fn", DataTypeCode::kFloat4_e2m1fn, 4},
    {"bfloat", DataTypeCode::kBFloat, 0},
    {"complex", DataTypeCode::kComplex, 0},
    {"handle", DataTypeCode::kHandle, 64},
    {"float", DataTypeCode::kFloat, 0},
    {"uint", DataTypeCode::kUInt, 0},
    {"bool", DataTypeCode::kBool, 8},
    {"int", DataTypeCode::kInt, 0},
};

bool ParseInt(std::string_view text, int* out) {
  if (text.empty()) return false;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && ptr == text.data() + text.size() && *out > 0;
}

[[noreturn]] void ThrowBadDataType(std::string_view text) {
  TVM_FFI_THROW(ValueError) << "Cannot parse data type \"" << text
                            << "\": expected a name such as int32, uint8, float32, bfloat16, "
                               "float8_e4m3fn, bool or handle, optionally followed by xLANES";
}

}  // namespace

DataType DataType::Parse(std::string_view text) {
  if (text == "void") return Void();
  for (const NamedCode& named : kNamedCodes) {
    std::string_view name(named.name);
    if (text.substr(0, name.size()) != name) continue;
    std::string_view rest = text.substr(name.size());
    size_t x = rest.find('x');
    std::string_view bits_text = rest.substr(0, x);
    int bits = named.fixed_bits;
    int lanes = 1;
    if (named.fixed_bits == 0) {
      if (!ParseInt(bits_text, &bits) || bits > 255) ThrowBadDataType(text);
    } else if (!bits_text.empty()) {
      int explicit_bits = 0;
      if (named.code != DataTypeCode::kHandle || !ParseInt(bits_text, &explicit_bits) ||
          explicit_bits > 255) {
        ThrowBadDataType(text);
      }
      bits = explicit_bits;
    }
    if (x != std::string_view::npos && (!ParseInt(rest.substr(x + 1), &lanes) || lanes > 65535)) {
      ThrowBadDataType(text);
    }
    return DataType(named.code, bits, lanes);
  }
  ThrowBadDataType(text);
}

std::string DataType::ToString() const {
  if (is_void()) return "void";
  std::string text;
  switch (code()) {
    case DataTypeCode::kInt:
      text = "int" + std::to_string(bits());
      break;
    case DataTypeCode::kUInt:
      text = "uint" + std::to_string(bits());
      break;
    case DataTypeCode::kFloat:
      text = "float" + std::to_string(bits());
      break;
    case DataTypeCode::kBFloat:
      text = "bfloat" + std::to_string(bits());
      break;
    case DataTypeCode::kComplex:
      text = "complex" + std::to_string(bits());
      break;
    case DataTypeCode::kBool:
      text = "bool";
      break;
    case DataTypeCode::kHandle:
      text = bits() == 64 ? "handle" : "handle" + std::to_string(bits());
      break;
    default:
      for (const NamedCode& named : kNamedCodes) {
        if (named.code == code()) text = named.name;
      }
      if (text.empty()) text = "code" + std::to_string(code()) + "_" + std::to_string(bits());
  }
  if (lanes() != 1) text += "x" + std::to_string(lanes());
  return text;
}

namespace {
// oneAPI, WebGPU and Hexagon postdate the DLPack 0.6 headers; their numbers are DLPack 1.x.
struct DeviceName {
  int type;
  const char* name;
};
constexpr DeviceName kDeviceNames[] = {
    {kDLCPU, "cpu"},
    {kDLCUDA, "cuda"},
    {kDLCUDAHost, "cuda_host"},
    {kDLOpenCL, "opencl"},
    {kDLVulkan, "vulkan"},
    {kDLMetal, "metal"},
    {kDLVPI, "vpi"},
    {kDLROCM, "rocm"},
    {kDLROCMHost, "rocm_host"},
    {kDLExtDev, "ext_dev"},
    {kDLCUDAManaged, "cuda_managed"},
    {14, "oneapi"},
    {15, "webgpu"},
    {16, "hexagon"},
};
}  // namespace

const char* DeviceTypeName(int device_type) {
  for (const DeviceName& entry : kDeviceNames) {
    if (entry.type == device_type) return entry.name;
  }
  return "unknown";
}

int DeviceTypeFromName(std::string_view name) {
  for (const DeviceName& entry : kDeviceNames) {
    if (name == entry.name) return entry.type;
  }
  if (name == "llvm" || name == "c") return kDLCPU;
  TVM_FFI_THROW(ValueError) << "Unknown device type \"" << name << "\"";
}

std::string DeviceToString(DLDevice device) {
  return std::string(DeviceTypeName(device.device_type)) + ":" + std::to_string(device.device_id);
}

}  // namespace ffi
}  // namespace tvm
