// The object header, the Any and the built-in type indices against apache-tvm-ffi's C ABI, and
// the deleter protocol as C code built against c_api.h drives it (weak references included).
#include <doctest/doctest.h>
#include <tvm/ffi/c_api.h>
#include <tvm/ffi/ffi.h>
#include <tvm/ffi/testing.h>

#include <atomic>
#include <cstddef>

#include "test_util.h"

using namespace tvm::ffi;
using ffi_test::LiveObjects;
using testing::TestIntPair;
using testing::TestIntPairObj;

namespace {

// Facts read from apache-tvm-ffi 0.1.15.post2 (tvm_ffi/include/tvm/ffi/c_api.h of its wheel),
// on x86-64. Written out as numbers so that a change of c_api.h cannot move both sides at once.
constexpr size_t kUpstreamObjectSize = 24;
constexpr size_t kUpstreamObjectAlign = 8;
constexpr size_t kUpstreamRefCountOffset = 0;  // uint64_t: strong low 32 bits, weak high 32
constexpr size_t kUpstreamTypeIndexOffset = 8;
constexpr size_t kUpstreamPaddingOffset = 12;
constexpr size_t kUpstreamDeleterOffset = 16;  // void (*)(void* self, int flags)
constexpr size_t kUpstreamAnySize = 16;
constexpr size_t kUpstreamAnyPaddingOffset = 4;  // zero_padding / small_str_len
constexpr size_t kUpstreamAnyPayloadOffset = 8;

static_assert(sizeof(TVMFFIObject) == kUpstreamObjectSize);
static_assert(alignof(TVMFFIObject) == kUpstreamObjectAlign);
static_assert(offsetof(TVMFFIObject, combined_ref_count) == kUpstreamRefCountOffset);
static_assert(offsetof(TVMFFIObject, type_index) == kUpstreamTypeIndexOffset);
static_assert(offsetof(TVMFFIObject, reserved_padding) == kUpstreamPaddingOffset);
static_assert(offsetof(TVMFFIObject, deleter) == kUpstreamDeleterOffset);
static_assert(sizeof(Object) == kUpstreamObjectSize);
static_assert(sizeof(TVMFFIAny) == kUpstreamAnySize && sizeof(Any) == kUpstreamAnySize);
static_assert(offsetof(TVMFFIAny, small_str_len) == kUpstreamAnyPaddingOffset);
static_assert(offsetof(TVMFFIAny, v_int64) == kUpstreamAnyPayloadOffset);
static_assert(offsetof(TVMFFIAny, v_bytes) == kUpstreamAnyPayloadOffset);

// The type indices of apache-tvm-ffi 0.1.15.post2, as numbers.
static_assert(kTVMFFIAny == -1 && TypeIndex::kAny == -1);
static_assert(TypeIndex::kNone == 0 && TypeIndex::kInt == 1 && TypeIndex::kBool == 2 &&
              TypeIndex::kFloat == 3 && TypeIndex::kOpaquePtr == 4 && TypeIndex::kDataType == 5 &&
              TypeIndex::kDevice == 6 && TypeIndex::kDLTensorPtr == 7 && TypeIndex::kRawStr == 8 &&
              TypeIndex::kByteArrayPtr == 9 && TypeIndex::kObjectRValueRef == 10 &&
              TypeIndex::kSmallStr == 11 && TypeIndex::kSmallBytes == 12 &&
              TypeIndex::kUnchanged == 13);
static_assert(TypeIndex::kStaticObjectBegin == 64 && TypeIndex::kObject == 64 &&
              TypeIndex::kStr == 65 && TypeIndex::kBytes == 66 && TypeIndex::kError == 67 &&
              TypeIndex::kFunction == 68 && TypeIndex::kShape == 69 && TypeIndex::kTensor == 70 &&
              TypeIndex::kArray == 71 && TypeIndex::kMap == 72 && TypeIndex::kModule == 73 &&
              TypeIndex::kOpaquePyObject == 74 && TypeIndex::kList == 75 &&
              TypeIndex::kDict == 76 && TypeIndex::kVisitInterrupt == 77 &&
              TypeIndex::kBigInt == 78 && TypeIndex::kStaticObjectEnd == 79 &&
              TypeIndex::kDynamicObjectBegin == 128);
static_assert(kTVMFFIObjectDeleterFlagBitMaskStrong == 1 &&
              kTVMFFIObjectDeleterFlagBitMaskWeak == 2 && kTVMFFIObjectDeleterFlagBitMaskBoth == 3);

constexpr uint64_t kWeakOne = uint64_t{1} << 32;

TVMFFIObject* HeaderOf(const ObjectRef& ref) {
  return details::ObjectUnsafe::Header(details::ObjectUnsafe::RawPtr(ref));
}

std::atomic_ref<uint64_t> CountOf(TVMFFIObject* header) {
  return std::atomic_ref<uint64_t>(header->combined_ref_count);
}

}  // namespace

TEST_SUITE("ffi.c_abi") {
  TEST_CASE("The built-in objects carry apache-tvm-ffi's indices at run time") {
    CHECK(String("abc").get()->type_index() == 65);
    CHECK(Array<int>({1}).get()->type_index() == 71);
    CHECK(Map<String, int>({{"a", 1}}).get()->type_index() == 72);
    CHECK(Any(1).type_index() == 1);
    CHECK(Any(true).type_index() == 2);
    CHECK(Any(1.5).type_index() == 3);
    CHECK(AnyView("raw").type_index() == 8);
    CHECK(Any(AnyView("raw")).type_index() == 65);
    CHECK(TestIntPair(1, 2).get()->type_index() >= 128);
  }

  TEST_CASE("A new object's header: one strong, one weak reference, its index and a deleter") {
    TestIntPair pair(5, 6);
    TVMFFIObject* header = HeaderOf(pair);
    CHECK(static_cast<const void*>(header) == static_cast<const void*>(pair.get()));
    CHECK(header->combined_ref_count == (kWeakOne | 1));
    CHECK(header->type_index == TestIntPairObj::RuntimeTypeIndex());
    CHECK(header->reserved_padding == 0);
    const bool deleter_is_make_objects = header->deleter == &details::ObjectDeleter<TestIntPairObj>;
    CHECK(deleter_is_make_objects);
    TestIntPair copy = pair;
    CHECK(header->combined_ref_count == (kWeakOne | 2));
    CHECK(pair.use_count() == 2);
  }

  TEST_CASE("Strong references taken and dropped through the C header count as C++ ones") {
    const int64_t live_before = LiveObjects();
    {
      TestIntPair pair(1, 2);
      TVMFFIObject* header = HeaderOf(pair);
      CountOf(header).fetch_add(1);
      CHECK(pair.use_count() == 2);
      CountOf(header).fetch_sub(1);
      CHECK(pair.use_count() == 1);
      CHECK((LiveObjects() - live_before) == 1);
    }
    CHECK((LiveObjects() - live_before) == 0);
  }

  TEST_CASE("A weak reference held through the C header keeps the memory, not the object") {
    const int64_t live_before = LiveObjects();
    TVMFFIObject* header = nullptr;
    {
      TestIntPair pair(3, 4);
      header = HeaderOf(pair);
      CountOf(header).fetch_add(kWeakOne);  // what a foreign weak reference does
      CHECK(header->combined_ref_count == (2 * kWeakOne | 1));
    }
    // The destructor ran (the live count is back), the header is still readable (ASan would
    // report a use after free otherwise) and holds only the foreign weak reference.
    CHECK((LiveObjects() - live_before) == 0);
    CHECK(header->combined_ref_count == kWeakOne);
    // The foreign holder drops it the way c_api.h prescribes: the last weak reference frees.
    if (CountOf(header).fetch_sub(kWeakOne) == kWeakOne) {
      header->deleter(header, kTVMFFIObjectDeleterFlagBitMaskWeak);
    }
  }

  TEST_CASE("A weak reference dropped first leaves the usual single Both deletion") {
    const int64_t live_before = LiveObjects();
    {
      TestIntPair pair(7, 8);
      TVMFFIObject* header = HeaderOf(pair);
      CountOf(header).fetch_add(kWeakOne);
      CHECK(CountOf(header).fetch_sub(kWeakOne) == (2 * kWeakOne | 1));
      CHECK((LiveObjects() - live_before) == 1);
    }
    CHECK((LiveObjects() - live_before) == 0);
  }

  TEST_CASE("The deleter called from C with Both destroys and frees a released object") {
    const int64_t live_before = LiveObjects();
    TestIntPair pair(9, 10);
    Object* raw = details::ObjectUnsafe::ReleasePtr(details::ObjectUnsafe::MutablePtr(pair));
    TVMFFIObject* header = details::ObjectUnsafe::Header(raw);
    CHECK((LiveObjects() - live_before) == 1);
    CHECK(CountOf(header).fetch_sub(1) == (kWeakOne | 1));
    header->deleter(header, kTVMFFIObjectDeleterFlagBitMaskBoth);
    CHECK((LiveObjects() - live_before) == 0);
  }
}
