/*!
 * \file object.cc
 * \brief Object destruction without recursion, and the deleter protocol of the C ABI.
 *
 * Destroying an object releases its fields; when that frees a child, the child's destruction
 * would nest inside the parent's, one C++ frame chain per level: a 100,000-deep expression
 * would overflow the stack. The outermost destruction on a thread instead owns a work list that
 * nested releases append to, and drains it in a loop.
 */
#include <tvm/ffi/object.h>

#include <vector>

namespace tvm {
namespace ffi {
namespace details {
namespace {

// A plain pointer, so the thread-local needs no destructor (objects may be released while
// other thread-locals are torn down at thread exit).
thread_local std::vector<Object*>* pending_deletions = nullptr;

// The strong count of obj is zero. If only the weak reference all strong references shared is
// left, one call destroys and frees. Otherwise a weak reference (taken through the C header)
// still points at obj: destroy now, and free when the last weak reference goes, here or there.
void FinishObject(Object* obj) {
  TVMFFIObject* header = ObjectUnsafe::Header(obj);
  std::atomic_ref<uint64_t> count(header->combined_ref_count);
  if (count.load(std::memory_order_acquire) == kWeakRefOne) {
    header->deleter(header, kTVMFFIObjectDeleterFlagBitMaskBoth);
    return;
  }
  header->deleter(header, kTVMFFIObjectDeleterFlagBitMaskStrong);
  if (count.fetch_sub(kWeakRefOne, std::memory_order_acq_rel) == kWeakRefOne) {
    header->deleter(header, kTVMFFIObjectDeleterFlagBitMaskWeak);
  }
}

}  // namespace

void DestroyObject(Object* obj) {
  if (pending_deletions != nullptr) {
    pending_deletions->push_back(obj);
    return;
  }
  std::vector<Object*> pending;
  pending_deletions = &pending;
  FinishObject(obj);
  while (!pending.empty()) {
    Object* next = pending.back();
    pending.pop_back();
    FinishObject(next);
  }
  pending_deletions = nullptr;
}

}  // namespace details
}  // namespace ffi
}  // namespace tvm
