/*!
 * \file tvm/tirx/device.h
 * \brief The device-kernel statements: regions (`with T.device_entry():` and the reference's
 *  other region operators) and scope-id definitions (Apache TVM's `bx = T.cta_id([4])`).
 *  Reading, checking and printing them is ours; lowering them is not (docs/frontend.md,
 *  "Device kernels").
 */
#ifndef TVM_TIRX_DEVICE_H_
#define TVM_TIRX_DEVICE_H_

#include <tvm/tirx/stmt.h>

#include <string>
#include <vector>

namespace tvm {
namespace tirx {

/*!
 * \brief `with T.<region>(args..., attrs={...}):` over `body`. `region` is one of the names of
 *  DeviceRegionNames(); the reference builds a RegionStmt of op `tirx.<region>` with the same
 *  operands, attributes and body. Apache TVM's flat `T.device_entry()` is the same region over
 *  the rest of its block.
 */
class DeviceRegionObj : public StmtObj {
 public:
  ffi::String region;
  ffi::Array<Expr> args;
  ffi::Map<ffi::String, ffi::Any> attrs;
  Stmt body;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.DeviceRegion", DeviceRegionObj, StmtObj);
};

class DeviceRegion : public Stmt {
 public:
  /*!
   * \brief ValueError for an unknown region or a wrong operand count, TypeError for an operand
   *  of the wrong kind, each as the reference checks the region's operands.
   */
  DeviceRegion(ffi::String region, ffi::Array<Expr> args, ffi::Map<ffi::String, ffi::Any> attrs,
               Stmt body, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(DeviceRegion, Stmt, DeviceRegionObj);
};

/*! \brief The region names, in the order docs/frontend.md lists them. */
const std::vector<std::string>& DeviceRegionNames();

/*!
 * \brief `bx = T.cta_id([4])`, `tx, ty = T.thread_id([8, 4])` (Apache TVM): the index variables
 *  of one level of the kernel's execution hierarchy, defined (Simple) for the rest of the
 *  enclosing sequence. `member` names the level (ScopeIdMembers()); `extents` is absent when
 *  the source defers it, `preferred` only for the levels under a cluster.
 */
class ScopeIdDefObj : public StmtObj {
 public:
  ffi::Array<Var> vars;
  ffi::String member;
  ffi::Optional<ffi::Array<Expr>> extents;
  ffi::Optional<ffi::Array<Expr>> preferred;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.ScopeIdDef", ScopeIdDefObj, StmtObj);
};

class ScopeIdDef : public Stmt {
 public:
  /*!
   * \brief ValueError for an unknown member, a variable of a type other than int32 or uint32
   *  (Apache TVM's message), an extent count other than the variable count, or `preferred`
   *  outside a cluster, `cta_id_in_pair` without its one extent (2); TypeError for an extent
   *  that is not a scalar (a float is taken, as Apache TVM takes it).
   */
  ScopeIdDef(ffi::Array<Var> vars, ffi::String member, ffi::Optional<ffi::Array<Expr>> extents,
             ffi::Optional<ffi::Array<Expr>> preferred, Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(ScopeIdDef, Stmt, ScopeIdDefObj);
};

/*! \brief One scope-id member: its name, the parent level and the level it indexes. */
struct ScopeIdMember {
  const char* name;
  const char* parent;
  const char* scope;
};

/*! \brief `cluster_id`, `cta_id`, ..., as Apache TVM 0.27 defines them. */
const std::vector<ScopeIdMember>& ScopeIdMembers();

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_DEVICE_H_
