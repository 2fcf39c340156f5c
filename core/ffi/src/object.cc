/*!
 * \file object.cc
 * \brief Object destruction without recursion.
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

}  // namespace

void DestroyObject(Object* obj) {
  if (pending_deletions != nullptr) {
    pending_deletions->push_back(obj);
    return;
  }
  std::vector<Object*> pending;
  pending_deletions = &pending;
  ObjectUnsafe::RunDeleter(obj);
  while (!pending.empty()) {
    Object* next = pending.back();
    pending.pop_back();
    ObjectUnsafe::RunDeleter(next);
  }
  pending_deletions = nullptr;
}

}  // namespace details
}  // namespace ffi
}  // namespace tvm
