/*!
 * \file layout.cc
 * \brief The layout nodes (tvm/tirx/layout.h): the axis table, the constructors' checks and the
 *  reflection, with the reference's type keys and fields.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/expr.h>
#include <tvm/tirx/layout.h>

#include <algorithm>
#include <cctype>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {

const std::vector<AxisInfo>& KnownAxes() {
  // apache-tvm-tirx 0.1.0a4: `m` is generic; tvm_tirx/backend/cuda/axis.py and
  // backend/trn/axis.py register the rest, with these classifications and scopes.
  static const std::vector<AxisInfo> axes = {
      {"m", false, "", "", ""},
      {"bx", true, "cuda", "cuda.kernel", "cuda.cta"},
      {"by", true, "cuda", "cuda.kernel", "cuda.cta"},
      {"bz", true, "cuda", "cuda.kernel", "cuda.cta"},
      {"cbx", true, "cuda", "cuda.cluster", "cuda.cta"},
      {"cby", true, "cuda", "cuda.cluster", "cuda.cta"},
      {"cbz", true, "cuda", "cuda.cluster", "cuda.cta"},
      {"tx", true, "cuda", "cuda.cta", "cuda.thread"},
      {"warpid", true, "cuda", "cuda.cta", "cuda.warp"},
      {"laneid", true, "cuda", "cuda.warp", "cuda.thread"},
      {"wgid", true, "cuda", "cuda.cta", "cuda.warpgroup"},
      {"tid_in_wg", true, "cuda", "cuda.warpgroup", "cuda.thread"},
      {"wid_in_wg", true, "cuda", "cuda.warpgroup", "cuda.warp"},
      {"TCol", false, "cuda", "", ""},
      {"TLane", false, "cuda", "", ""},
      {"P", false, "trn", "", ""},
      {"F", false, "trn", "", ""},
      {"Bank", false, "trn", "", ""},
  };
  return axes;
}

namespace {

const AxisInfo* FindAxis(const std::string& name) {
  for (const AxisInfo& info : KnownAxes()) {
    if (name == info.name) return &info;
  }
  return nullptr;
}

/*! \brief Edit distance of two lowercased names (the axis names are short). */
size_t Distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                  std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

/*!
 * \brief The known names one edit from `name` or starting with it (case ignored), for "did you
 *  mean".
 */
std::string CloseAxisNames(const std::string& name) {
  std::string out;
  for (const AxisInfo& info : KnownAxes()) {
    std::string known = info.name;
    bool prefix = !name.empty() && name.size() < known.size() &&
                  Distance(known.substr(0, name.size()), name) == 0;
    if (!prefix && Distance(known, name) > 1) continue;
    out += out.empty() ? "" : ", ";
    out += "`" + known + "`";
  }
  return out;
}

void CheckFactor(const Expr& value, const char* field) {
  CheckDefined(value, "Iter", field);
  IntegerDType(value, "Iter", field);
}

}  // namespace

const AxisInfo& AxisObj::info() const {
  const AxisInfo* found = FindAxis(name);
  TVM_FFI_ICHECK(found != nullptr) << "axis `" << name << "` was made past Axis::Get";
  return *found;
}

Axis Axis::Get(const ffi::String& name) {
  static std::mutex mutex;
  static std::unordered_map<std::string, Axis>* interned =
      new std::unordered_map<std::string, Axis>;
  std::string key = name;
  if (FindAxis(key) == nullptr) {
    std::string close = CloseAxisNames(key);
    TVM_FFI_THROW(ValueError) << "unknown layout axis `" << key << "`"
                              << (close.empty() ? "" : ": did you mean " + close + "?")
                              << " (the axes are m, the CUDA axes bx, by, bz, cbx, cby, cbz, tx, "
                                 "warpid, laneid, wgid, tid_in_wg, wid_in_wg, TCol, TLane and "
                                 "the Trainium axes P, F, Bank)";
  }
  std::lock_guard<std::mutex> lock(mutex);
  auto it = interned->find(key);
  if (it != interned->end()) return it->second;
  ffi::ObjectPtr<AxisObj> node = ffi::make_object<AxisObj>();
  node->name = name;
  Axis axis(std::move(node));
  interned->emplace(key, axis);
  return axis;
}

Iter::Iter(Expr extent, Expr stride, Axis axis) {
  CheckFactor(extent, "extent");
  CheckFactor(stride, "stride");
  CheckDefined(axis, "Iter", "axis");
  ffi::ObjectPtr<IterObj> node = ffi::make_object<IterObj>();
  node->extent = std::move(extent);
  node->stride = std::move(stride);
  node->axis = std::move(axis);
  data_ = std::move(node);
}

TileLayout::TileLayout(ffi::Array<Iter> shard, ffi::Array<Iter> replica,
                       ffi::Map<Axis, Expr> offset) {
  for (const Iter& iter : shard) CheckDefined(iter, "TileLayout", "shard");
  for (const Iter& iter : replica) CheckDefined(iter, "TileLayout", "replica");
  for (const auto& [axis, value] : offset) {
    CheckDefined(axis, "TileLayout", "offset");
    CheckDefined(value, "TileLayout", "offset");
    IntegerDType(value, "TileLayout", "offset");
  }
  ffi::ObjectPtr<TileLayoutObj> node = ffi::make_object<TileLayoutObj>();
  node->shard = std::move(shard);
  node->replica = std::move(replica);
  node->offset = std::move(offset);
  data_ = std::move(node);
}

ComposeLayout::ComposeLayout(int64_t per_element, int64_t swizzle_len, int64_t atom_len,
                             TileLayout tile_layout, bool swizzle_inner) {
  CheckDefined(tile_layout, "ComposeLayout", "tile_layout");
  if (per_element < 0 || swizzle_len < 0 || atom_len < swizzle_len) {
    TVM_FFI_THROW(ValueError) << "A compose layout requires nonnegative per_element and "
                                 "swizzle_len, and atom_len >= swizzle_len (got per_element="
                              << per_element << ", swizzle_len=" << swizzle_len
                              << ", atom_len=" << atom_len << ")";
  }
  if (swizzle_len + atom_len > 62) {
    TVM_FFI_THROW(ValueError) << "ComposeLayout: swizzle_len + atom_len must be at most 62 bits, "
                              << "got " << swizzle_len << " + " << atom_len;
  }
  ffi::ObjectPtr<ComposeLayoutObj> node = ffi::make_object<ComposeLayoutObj>();
  node->per_element = per_element;
  node->swizzle_len = swizzle_len;
  node->atom_len = atom_len;
  node->swizzle_inner = swizzle_inner;
  node->inner_mask = (int64_t{1} << swizzle_len) - 1;
  node->outer_mask = node->inner_mask << atom_len;
  node->tile_layout = std::move(tile_layout);
  data_ = std::move(node);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<LayoutObj>();
  refl::ObjectDef<AxisObj>()
      .def_init([](ffi::String name) { return Axis::Get(name); }, {"name"})
      .def_ro("name", &AxisObj::name);
  refl::ObjectDef<IterObj>()
      .def_init(
          [](Expr extent, Expr stride, Axis axis) {
            return Iter(std::move(extent), std::move(stride), std::move(axis));
          },
          {"extent", "stride", "axis"})
      .def_ro("extent", &IterObj::extent)
      .def_ro("stride", &IterObj::stride)
      .def_ro("axis", &IterObj::axis);
  refl::ObjectDef<TileLayoutObj>()
      .def_init(
          [](ffi::Array<Iter> shard, ffi::Array<Iter> replica, ffi::Map<Axis, Expr> offset) {
            return TileLayout(std::move(shard), std::move(replica), std::move(offset));
          },
          {"shard", "replica", "offset"})
      .def_ro("shard", &TileLayoutObj::shard)
      .def_ro("replica", &TileLayoutObj::replica)
      .def_ro("offset", &TileLayoutObj::offset);
  refl::ObjectDef<ComposeLayoutObj>()
      .def_init(
          [](int64_t per_element, int64_t swizzle_len, int64_t atom_len, TileLayout tile_layout,
             bool swizzle_inner) {
            return ComposeLayout(per_element, swizzle_len, atom_len, std::move(tile_layout),
                                 swizzle_inner);
          },
          {"per_element", "swizzle_len", "atom_len", "tile_layout", "swizzle_inner"})
      .def_ro("per_element", &ComposeLayoutObj::per_element)
      .def_ro("swizzle_len", &ComposeLayoutObj::swizzle_len)
      .def_ro("atom_len", &ComposeLayoutObj::atom_len)
      .def_ro("swizzle_inner", &ComposeLayoutObj::swizzle_inner)
      .def_ro("inner_mask", &ComposeLayoutObj::inner_mask)
      .def_ro("outer_mask", &ComposeLayoutObj::outer_mask)
      .def_ro("tile_layout", &ComposeLayoutObj::tile_layout);
}

}  // namespace tirx
}  // namespace tvm
