#include <doctest/doctest.h>
#include <tvm/ffi/ffi.h>

#include <string>

#include "test_util.h"

using namespace tvm::ffi;
using ffi_test::CaptureError;

namespace dtype_test {

struct Expected {
  const char* text;
  int code;
  int bits;
  int lanes;
};

void CheckRoundTrip(const Expected& expected) {
  CAPTURE(expected.text);
  DataType dtype = DataType::Parse(expected.text);
  CHECK(dtype.code() == expected.code);
  CHECK(dtype.bits() == expected.bits);
  CHECK(dtype.lanes() == expected.lanes);
  CHECK(dtype.ToString() == expected.text);
  CHECK(DataType::Parse(dtype.ToString()) == dtype);
}

std::string BadMessage(const std::string& text) {
  return "Cannot parse data type \"" + text +
         "\": expected a name such as int32, uint8, float32, bfloat16, float8_e4m3fn, bool or "
         "handle, optionally followed by xLANES";
}

}  // namespace dtype_test

using dtype_test::BadMessage;
using dtype_test::CheckRoundTrip;
using dtype_test::Expected;

TEST_SUITE("ffi.DataType") {
  TEST_CASE("signed and unsigned integers round trip") {
    const Expected cases[] = {
        {"int8", DataTypeCode::kInt, 8, 1},     {"int16", DataTypeCode::kInt, 16, 1},
        {"int32", DataTypeCode::kInt, 32, 1},   {"int64", DataTypeCode::kInt, 64, 1},
        {"int1", DataTypeCode::kInt, 1, 1},     {"uint8", DataTypeCode::kUInt, 8, 1},
        {"uint16", DataTypeCode::kUInt, 16, 1}, {"uint32", DataTypeCode::kUInt, 32, 1},
        {"uint64", DataTypeCode::kUInt, 64, 1}, {"uint1", DataTypeCode::kUInt, 1, 1},
    };
    for (const Expected& expected : cases) CheckRoundTrip(expected);
  }

  TEST_CASE("floats and bfloat16 round trip") {
    const Expected cases[] = {
        {"float16", DataTypeCode::kFloat, 16, 1},
        {"float32", DataTypeCode::kFloat, 32, 1},
        {"float64", DataTypeCode::kFloat, 64, 1},
        {"bfloat16", DataTypeCode::kBFloat, 16, 1},
    };
    for (const Expected& expected : cases) CheckRoundTrip(expected);
  }

  TEST_CASE("every float8 name round trips") {
    const Expected cases[] = {
        {"float8_e3m4", DataTypeCode::kFloat8_e3m4, 8, 1},
        {"float8_e4m3", DataTypeCode::kFloat8_e4m3, 8, 1},
        {"float8_e4m3b11fnuz", DataTypeCode::kFloat8_e4m3b11fnuz, 8, 1},
        {"float8_e4m3fn", DataTypeCode::kFloat8_e4m3fn, 8, 1},
        {"float8_e4m3fnuz", DataTypeCode::kFloat8_e4m3fnuz, 8, 1},
        {"float8_e5m2", DataTypeCode::kFloat8_e5m2, 8, 1},
        {"float8_e5m2fnuz", DataTypeCode::kFloat8_e5m2fnuz, 8, 1},
        {"float8_e8m0fnu", DataTypeCode::kFloat8_e8m0fnu, 8, 1},
    };
    for (const Expected& expected : cases) {
      CheckRoundTrip(expected);
      CHECK(DataType::Parse(expected.text).is_float8());
      CHECK_FALSE(DataType::Parse(expected.text).is_float());
    }
  }

  TEST_CASE("the float6 and float4 names round trip, with their widths") {
    const Expected cases[] = {
        {"float6_e2m3fn", DataTypeCode::kFloat6_e2m3fn, 6, 1},
        {"float6_e3m2fn", DataTypeCode::kFloat6_e3m2fn, 6, 1},
        {"float4_e2m1fn", DataTypeCode::kFloat4_e2m1fn, 4, 1},
        {"float4_e2m1fnx2", DataTypeCode::kFloat4_e2m1fn, 4, 2},
        {"float6_e3m2fnx64", DataTypeCode::kFloat6_e3m2fn, 6, 64},
    };
    for (const Expected& expected : cases) {
      CheckRoundTrip(expected);
      DataType parsed = DataType::Parse(expected.text);
      CHECK(parsed.is_floating_point());
      CHECK_FALSE(parsed.is_float());
      CHECK_FALSE(parsed.is_float8());
      CHECK(parsed.is_float6() != parsed.is_float4());
    }
    // DLPack 1.1's numbering: a tensor of these exchanges its codes with other frameworks.
    CHECK(DataTypeCode::kFloat6_e2m3fn == 15);
    CHECK(DataTypeCode::kFloat6_e3m2fn == 16);
    CHECK(DataTypeCode::kFloat4_e2m1fn == 17);
  }

  TEST_CASE("is_floating_point holds for every float format and nothing else") {
    for (const char* text : {"float16", "float32", "float64", "bfloat16", "float8_e5m2",
                             "float8_e8m0fnu", "float6_e2m3fn", "float4_e2m1fn", "float32x4"}) {
      CAPTURE(text);
      CHECK(DataType::Parse(text).is_floating_point());
    }
    for (const char* text : {"int8", "uint32", "bool", "handle", "void", "int32x4"}) {
      CAPTURE(text);
      CHECK_FALSE(DataType::Parse(text).is_floating_point());
    }
  }

  TEST_CASE("bool, handle and void round trip") {
    CheckRoundTrip({"bool", DataTypeCode::kBool, 8, 1});
    CheckRoundTrip({"handle", DataTypeCode::kHandle, 64, 1});
    CheckRoundTrip({"handle32", DataTypeCode::kHandle, 32, 1});
    CheckRoundTrip({"void", DataTypeCode::kHandle, 0, 0});
    CHECK(DataType::Parse("bool") == DataType::Bool());
    CHECK(DataType::Parse("handle") == DataType::Handle());
    CHECK(DataType::Parse("void") == DataType::Void());
    CHECK(DataType::Parse("void").is_void());
    CHECK_FALSE(DataType::Parse("void").is_handle());
    CHECK(DataType::Parse("handle").is_handle());
    CHECK_FALSE(DataType::Parse("handle").is_void());
    CHECK(DataType().ToString() == "void");
  }

  TEST_CASE("vector lanes round trip") {
    const Expected cases[] = {
        {"float32x4", DataTypeCode::kFloat, 32, 4},
        {"int8x16", DataTypeCode::kInt, 8, 16},
        {"uint1x64", DataTypeCode::kUInt, 1, 64},
        {"bfloat16x8", DataTypeCode::kBFloat, 16, 8},
        {"boolx4", DataTypeCode::kBool, 8, 4},
        {"float8_e4m3fnx2", DataTypeCode::kFloat8_e4m3fn, 8, 2},
        {"float16x65535", DataTypeCode::kFloat, 16, 65535},
    };
    for (const Expected& expected : cases) CheckRoundTrip(expected);
    DataType vec = DataType::Parse("float32x4");
    CHECK(vec.is_vector());
    CHECK_FALSE(vec.is_scalar());
    CHECK(vec.element_of() == DataType::Float(32));
    CHECK(vec.bytes() == 16);
    CHECK(vec.with_lanes(8).ToString() == "float32x8");
    CHECK(vec.with_bits(16).ToString() == "float16x4");
  }

  TEST_CASE("factories agree with Parse") {
    CHECK(DataType::Int(32) == DataType::Parse("int32"));
    CHECK(DataType::UInt(8) == DataType::Parse("uint8"));
    CHECK(DataType::Float(64, 2) == DataType::Parse("float64x2"));
    CHECK(DataType::BFloat(16) == DataType::Parse("bfloat16"));
    CHECK(DataType::Int(32) != DataType::Int(64));
    CHECK(DataType::Int(32) != DataType::UInt(32));
    CHECK(DataType::Int(32) != DataType::Int(32, 2));
    CHECK(DataType::Int(32).is_int());
    CHECK(DataType::UInt(32).is_uint());
    CHECK(DataType::Float(32).is_float());
    CHECK(DataType::BFloat(16).is_bfloat());
    CHECK(DataType::Bool().is_bool());
    CHECK(DataType::Bool().bytes() == 1);
    CHECK(DataType::Int(1).bytes() == 1);
    CHECK(DataType::Int(4, 4).bytes() == 2);
  }

  TEST_CASE("DataType converts to and from DLDataType") {
    DLDataType dl = DataType::Float(16, 2);
    CHECK(dl.code == kDLFloat);
    CHECK(dl.bits == 16);
    CHECK(dl.lanes == 2);
    CHECK(DataType(dl) == DataType::Float(16, 2));
  }

  TEST_CASE("bad text is a ValueError naming the text") {
    const char* bad[] = {"int",
                         "float3x",
                         "foo",
                         "int32x0",
                         "",
                         "int0",
                         "int256",
                         "intx4",
                         "int32x",
                         "int-8",
                         "int32x4x2",
                         "boolean",
                         "float8_e4m3fn16",
                         "float4_e2m1fn8",
                         "float6_e2m3",
                         "voidx4",
                         "Int32",
                         " int32",
                         "int32 ",
                         "int32x65536",
                         "handle0"};
    for (const char* text : bad) {
      CAPTURE(text);
      auto err = CaptureError([&] { DataType::Parse(text); });
      REQUIRE(err.has_value());
      CHECK(err->kind() == "ValueError");
      CHECK(err->message() == BadMessage(text));
    }
    CHECK_THROWS_WITH_AS(DataType::Parse("foo"), ("ValueError: " + BadMessage("foo")).c_str(),
                         Error);
  }

  TEST_CASE("device names round trip") {
    CHECK(std::string(DeviceTypeName(kDLCPU)) == "cpu");
    CHECK(std::string(DeviceTypeName(kDLCUDA)) == "cuda");
    CHECK(std::string(DeviceTypeName(kDLMetal)) == "metal");
    CHECK(std::string(DeviceTypeName(999)) == "unknown");
    CHECK(DeviceTypeFromName("cpu") == kDLCPU);
    CHECK(DeviceTypeFromName("cuda") == kDLCUDA);
    CHECK(DeviceTypeFromName("llvm") == kDLCPU);
    CHECK(DeviceTypeFromName("rocm") == kDLROCM);
    CHECK(DeviceToString(DLDevice{kDLCUDA, 1}) == "cuda:1");
    CHECK(DeviceToString(DLDevice{kDLCPU, 0}) == "cpu:0");
    CHECK_THROWS_WITH_AS(DeviceTypeFromName("tpu"), "ValueError: Unknown device type \"tpu\"",
                         Error);
  }
}
