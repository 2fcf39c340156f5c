/*!
 * \file tvm/tirx/layout.h
 * \brief The reference's tensor layouts: a map from a tensor's logical index to named physical
 *  coordinates (memory `m`, CUDA lanes and warps, tensor-memory lanes, ...). An `Iter` is one
 *  (extent, stride, axis) factor; a `TileLayout` is its shard factors, replica factors and a
 *  per-axis origin; a `ComposeLayout` XOR-swizzles a tile layout's memory coordinate. A
 *  tensor type holds one (`T.Tensor(..., layout=...)`); nothing here lowers them.
 */
#ifndef TVM_TIRX_LAYOUT_H_
#define TVM_TIRX_LAYOUT_H_

#include <tvm/ffi/map.h>
#include <tvm/ir/expr.h>

#include <string>
#include <vector>

namespace tvm {
namespace tirx {

using ir::Expr;

/*! \brief The base of every layout (`tirx.Layout`); it has no fields of its own. */
class LayoutObj : public ffi::Object {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO("tirx.Layout", LayoutObj, ffi::Object);
};

class Layout : public ffi::ObjectRef {
 public:
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Layout, ffi::ObjectRef, LayoutObj);
};

/*! \brief What the reference knows of a named axis: a thread or a storage coordinate. */
struct AxisInfo {
  const char* name;
  bool is_thread;
  /*! \brief The backend that registers it, "" for the generic memory axis `m`. */
  const char* backend;
  /*! \brief For a thread axis, the scope it indexes within and the one it counts. */
  const char* scope;
  const char* subscope;
};

/*! \brief The reference's axes: `m`, CUDA's 14 and Trainium's 3 (docs/frontend.md, "Layouts"). */
const std::vector<AxisInfo>& KnownAxes();

/*!
 * \brief A named physical coordinate (`tirx.Axis`). One object per name (Axis::Get), so axes
 *  compare by identity as the reference's enum values do, and structurally by name.
 */
class AxisObj : public ffi::Object {
 public:
  ffi::String name;
  const AxisInfo& info() const;
  bool IsThreadAxis() const { return info().is_thread; }
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.Axis", AxisObj, ffi::Object);
};

class Axis : public ffi::ObjectRef {
 public:
  /*!
   * \brief The axis of that name. ValueError for a name the reference registers no axis for
   *  (its layouts cannot use one: its well-formedness check fails on it), naming the close
   *  ones.
   */
  static Axis Get(const ffi::String& name);
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Axis, ffi::ObjectRef, AxisObj);
};

/*! \brief One factor of a layout: `extent` positions, each `stride` apart on `axis`. */
class IterObj : public ffi::Object {
 public:
  Expr extent;
  Expr stride;
  Axis axis;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.Iter", IterObj, ffi::Object);
};

class Iter : public ffi::ObjectRef {
 public:
  /*! \brief TypeError unless extent and stride are scalar integers and the axis is given. */
  Iter(Expr extent, Expr stride, Axis axis);
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Iter, ffi::ObjectRef, IterObj);
};

/*!
 * \brief `T.TileLayout(T.S[(8, 4):(4 @ laneid, 1)] + T.R[2:1 @ warpid] + 3)`: the shard factors
 *  (one per distinct element position, outermost first), the replica factors (copies of each
 *  element) and the origin of each axis that has one.
 */
class TileLayoutObj : public LayoutObj {
 public:
  ffi::Array<Iter> shard;
  ffi::Array<Iter> replica;
  ffi::Map<Axis, Expr> offset;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.TileLayout", TileLayoutObj, LayoutObj);
};

class TileLayout : public Layout {
 public:
  /*! \brief TypeError for a missing factor or axis, or an origin that is not an integer. */
  TileLayout(ffi::Array<Iter> shard, ffi::Array<Iter> replica, ffi::Map<Axis, Expr> offset);
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(TileLayout, Layout, TileLayoutObj);
};

/*!
 * \brief `T.ComposeLayout(per_element, swizzle_len, atom_len, tile, swizzle_inner=True)`: the
 *  tile layout's memory offset with bit group `[atom_len + per_element, +swizzle_len)` XORed
 *  into `[per_element, +swizzle_len)` (or the other way when not `swizzle_inner`). The masks
 *  are derived, as the reference caches them: `inner_mask = (1 << swizzle_len) - 1`,
 *  `outer_mask = inner_mask << atom_len`.
 */
class ComposeLayoutObj : public LayoutObj {
 public:
  int64_t per_element = 0;
  int64_t swizzle_len = 0;
  int64_t atom_len = 0;
  bool swizzle_inner = true;
  int64_t inner_mask = 0;
  int64_t outer_mask = 0;
  TileLayout tile_layout;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.ComposeLayout", ComposeLayoutObj, LayoutObj);
};

class ComposeLayout : public Layout {
 public:
  /*!
   * \brief ValueError, in the reference's words, unless per_element and swizzle_len are
   *  nonnegative and atom_len >= swizzle_len; ValueError when the outer mask would pass 62
   *  bits (the reference's 32-bit mask wraps there; ours refuses what has no meaning).
   */
  ComposeLayout(int64_t per_element, int64_t swizzle_len, int64_t atom_len, TileLayout tile_layout,
                bool swizzle_inner = true);
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(ComposeLayout, Layout, ComposeLayoutObj);
};

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_LAYOUT_H_
