/*!
 * \file tvm/ir/target.h
 * \brief A compilation target (`T.target(...)`): a target kind and its options, expanded by the
 *  frontend with the kind's defaults as the reference does (tvm_tirx/script/target.py).
 */
#ifndef TVM_IR_TARGET_H_
#define TVM_IR_TARGET_H_

#include <tvm/ffi/array.h>
#include <tvm/ffi/map.h>
#include <tvm/ffi/optional.h>
#include <tvm/ffi/string.h>

namespace tvm {
namespace ir {

/*!
 * \brief A target: its kind ("llvm", "cuda", ...), tag, keys, the other options (`attrs`,
 *  e.g. "mtriple", "max_num_threads") and the host target of a device target. The reference's
 *  `Target` has these fields; the print is its configuration dict, `host` as a nested dict.
 */
class TargetObj : public ffi::Object {
 public:
  ffi::String kind;
  ffi::String tag;
  ffi::Array<ffi::String> keys;
  ffi::Map<ffi::String, ffi::Any> attrs;
  /*! \brief A Target, or None. */
  ffi::Optional<ffi::ObjectRef> host;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.Target", TargetObj, ffi::Object);
};

class Target : public ffi::ObjectRef {
 public:
  /*!
   * \brief ValueError for an empty kind, an option named like a field ("kind", "tag", "keys",
   *  "host") or a host that is not a Target.
   */
  Target(ffi::String kind, ffi::String tag, ffi::Array<ffi::String> keys,
         ffi::Map<ffi::String, ffi::Any> attrs, ffi::Optional<ffi::ObjectRef> host);
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Target, ffi::ObjectRef, TargetObj);
};

}  // namespace ir
}  // namespace tvm

#endif  // TVM_IR_TARGET_H_
