/*!
 * \file tvm/ffi/reflection/access_path.h
 * \brief Access paths: where a value sits inside a root object, as a chain of steps
 *  (`<root>.body.seq[2].value`, `<root>.attrs["key"]`).
 *
 * Structural equality reports its first mismatch as a pair of paths, the well-formedness
 * analysis names the offending node by its path, and the printer records on each Doc the paths
 * of the IR it came from. Paths are immutable and share their prefixes: extending a path is one
 * allocation.
 */
#ifndef TVM_FFI_REFLECTION_ACCESS_PATH_H_
#define TVM_FFI_REFLECTION_ACCESS_PATH_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/array.h>
#include <tvm/ffi/optional.h>
#include <tvm/ffi/string.h>

#include <cstddef>
#include <string>

namespace tvm {
namespace ffi {
namespace reflection {

/*!
 * \brief The kind of one step. The `Missing` kinds name a place that exists on one side of a
 *  comparison only (the 4th item of a 3-item array, a map key absent on the other side).
 */
enum class AccessKind : int32_t {
  kAttr = 0,
  kArrayItem = 1,
  kMapItem = 2,
  kAttrMissing = 3,
  kArrayItemMissing = 4,
  kMapItemMissing = 5,
};

class AccessPath;

/*! \brief One node of a path: its parent path and the last step. The root has no parent. */
class AccessPathObj : public Object {
 public:
  /*! \brief The path without the last step (an AccessPath); null at the root. */
  ObjectRef parent;
  /*! \brief AccessKind as an integer (ignored at the root). */
  int64_t kind = 0;
  /*! \brief Field name (str), array index (int) or map key (any value); None at the root. */
  Any key;
  /*! \brief Number of steps from the root. */
  int64_t depth = 0;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ffi.reflection.AccessPath", AccessPathObj, Object);
};

/*! \brief A never-null, immutable access path. */
class AccessPath : public ObjectRef {
 public:
  /*! \brief The empty path: the root value itself. */
  static AccessPath Root();

  AccessPath Attr(String name) const;
  AccessPath ArrayItem(int64_t index) const;
  AccessPath MapItem(Any key) const;
  AccessPath AttrMissing(String name) const;
  AccessPath ArrayItemMissing(int64_t index) const;
  AccessPath MapItemMissing(Any key) const;

  AccessKind kind() const { return static_cast<AccessKind>(get()->kind); }
  bool is_root() const { return !get()->parent.defined(); }
  /*! \brief The path without its last step; the root's parent is the root. */
  AccessPath Parent() const;
  /*! \brief Whether this path equals `other` or is a prefix of it. */
  bool IsPrefixOf(const AccessPath& other) const;
  /*! \brief Equality by steps (kinds and keys), not identity. */
  bool PathEqual(const AccessPath& other) const;
  /*! \brief A hash consistent with PathEqual. */
  size_t PathHash() const;
  /*! \brief The steps from the root, each a one-step path whose parent is the root. */
  Array<AccessPath> ToSteps() const;
  /*! \brief `<root>.body.seq[2]`, `<root>.attrs["k"]`; missing steps end in `(missing)`. */
  std::string ToString() const;

  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NOTNULLABLE(AccessPath, ObjectRef, AccessPathObj);

 private:
  AccessPath Extend(AccessKind kind, Any key) const;
};

/*! \brief Functors for hash containers keyed by path content. */
struct AccessPathHash {
  size_t operator()(const AccessPath& path) const { return path.PathHash(); }
};
struct AccessPathEqual {
  bool operator()(const AccessPath& a, const AccessPath& b) const { return a.PathEqual(b); }
};

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_REFLECTION_ACCESS_PATH_H_
