/*!
 * \file device.cc
 * \brief The device-kernel statements (tvm/tirx/device.h): their operand checks and reflection.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/device.h>

#include <string>
#include <utility>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {
namespace {

/*! \brief A region's operand count: exactly `count`, or any when negative. */
struct RegionShape {
  const char* name;
  int count;
};

// device_scope takes any operands, as the reference's region does; device_entry takes none
// because its operands need a CUDA launch configuration ours does not build.
constexpr RegionShape kRegions[] = {{"device_entry", 0},
                                    {"device_scope", -1},
                                    {"compute_scope", 1},
                                    {"device_context", 2},
                                    {"parallel_launch", 0}};

const RegionShape* FindRegion(const std::string& name) {
  for (const RegionShape& shape : kRegions) {
    if (name == shape.name) return &shape;
  }
  return nullptr;
}

void CheckRegionOperands(const RegionShape& shape, const ffi::Array<Expr>& args) {
  std::string what = "`T." + std::string(shape.name) + "`";
  int64_t given = static_cast<int64_t>(args.size());
  if (shape.count >= 0 && given != shape.count) {
    if (std::string(shape.name) == "device_entry") {
      TVM_FFI_THROW(ValueError) << what << " takes no operands: its launch operands need a "
                                << "CUDA launch configuration (`launch=`), which is not "
                                   "analysed yet";
    }
    TVM_FFI_THROW(ValueError) << what << " takes " << shape.count << " operand"
                              << (shape.count == 1 ? "" : "s") << ", got " << given;
  }
  for (int64_t i = 0; i < given; ++i) CheckDefined(args[i], shape.name, "args");
  if (std::string(shape.name) == "compute_scope" && args[0].as<StringImmObj>() == nullptr) {
    const auto* prim = args[0].ty().as<ir::PrimTypeObj>();
    TVM_FFI_THROW(TypeError) << what << " takes the helper's name as a string, got `"
                             << (prim != nullptr ? prim->dtype.ToString()
                                                 : std::string(args[0].ty()->GetTypeKey()))
                             << "`";
  }
  if (std::string(shape.name) == "device_context") {
    IntegerDType(args[0], "T.device_context", "device_type");
    IntegerDType(args[1], "T.device_context", "device_id");
  }
}

const ScopeIdMember* FindScopeIdMember(const std::string& name) {
  for (const ScopeIdMember& member : ScopeIdMembers()) {
    if (name == member.name) return &member;
  }
  return nullptr;
}

/*!
 * \brief Extents are scalars. Apache TVM takes a float too (`[4.0]` builds a float32 extent,
 *  which its lowering rejects later), so a float is not refused here: no false error.
 */
void CheckExtents(const ffi::Array<Expr>& extents, const std::string& member, const char* field) {
  for (const Expr& extent : extents) ScalarDType(extent, member.c_str(), field);
}

}  // namespace

const std::vector<std::string>& DeviceRegionNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const RegionShape& shape : kRegions) out.emplace_back(shape.name);
    return out;
  }();
  return names;
}

DeviceRegion::DeviceRegion(ffi::String region, ffi::Array<Expr> args,
                           ffi::Map<ffi::String, ffi::Any> attrs, Stmt body, Span span) {
  const RegionShape* shape = FindRegion(region);
  if (shape == nullptr) {
    TVM_FFI_THROW(ValueError) << "`" << region << "` is not a device region; the regions are "
                              << "device_entry, device_scope, compute_scope, device_context "
                                 "and parallel_launch";
  }
  CheckRegionOperands(*shape, args);
  CheckDefined(body, "DeviceRegion", "body");
  ffi::ObjectPtr<DeviceRegionObj> node = ffi::make_object<DeviceRegionObj>();
  node->span = std::move(span);
  node->region = std::move(region);
  node->args = std::move(args);
  node->attrs = std::move(attrs);
  node->body = std::move(body);
  data_ = std::move(node);
}

const std::vector<ScopeIdMember>& ScopeIdMembers() {
  static const std::vector<ScopeIdMember> members = {
      {"cluster_id", "kernel", "cluster"},     {"cta_id", "kernel", "cta"},
      {"cta_id_in_cluster", "cluster", "cta"}, {"cta_id_in_pair", "pair", "cta"},
      {"warpgroup_id", "cta", "warpgroup"},    {"warp_id", "cta", "warp"},
      {"warp_id_in_wg", "warpgroup", "warp"},  {"lane_id", "warp", "thread"},
      {"thread_id", "cta", "thread"},          {"thread_id_in_wg", "warpgroup", "thread"},
  };
  return members;
}

ScopeIdDef::ScopeIdDef(ffi::Array<Var> vars, ffi::String member,
                       ffi::Optional<ffi::Array<Expr>> extents,
                       ffi::Optional<ffi::Array<Expr>> preferred, Span span) {
  const ScopeIdMember* found = FindScopeIdMember(member);
  if (found == nullptr) {
    TVM_FFI_THROW(ValueError) << "`T." << member << "` is not a scope id";
  }
  std::string what = "T." + std::string(member);
  if (vars.empty()) TVM_FFI_THROW(ValueError) << "`" << what << "` defines no variable";
  for (const Var& var : vars) {
    CheckDefined(var, what.c_str(), "vars");
    ffi::DataType dtype = var.dtype();
    if (dtype.lanes() != 1 || dtype.bits() != 32 || (!dtype.is_int() && !dtype.is_uint())) {
      // Apache TVM's words, so that a message found in its documentation matches.
      TVM_FFI_THROW(ValueError) << "dtype of a loop/scope-id var must be \"int32\" or "
                                << "\"uint32\", got " << dtype.ToString();
    }
  }
  if (std::string(member) == "cta_id_in_pair" && (!extents.has_value() || extents->size() != 1)) {
    TVM_FFI_THROW(ValueError) << "`T.cta_id_in_pair` defines one variable of extent 2";
  }
  if (extents.has_value() && extents->empty()) {
    TVM_FFI_THROW(ValueError) << "`" << what << "` takes at least one extent, or none to leave "
                              << "it to the lowering (`" << what << "()`)";
  }
  if (extents.has_value()) {
    CheckExtents(*extents, what, "extents");
    if (extents->size() != vars.size()) {
      TVM_FFI_THROW(ValueError) << "`" << what << "` of " << extents->size() << " extent"
                                << (extents->size() == 1 ? "" : "s") << " defines "
                                << extents->size() << " variable"
                                << (extents->size() == 1 ? "" : "s") << ", got " << vars.size()
                                << " name" << (vars.size() == 1 ? "" : "s");
    }
  } else if (vars.size() != 1) {
    TVM_FFI_THROW(ValueError) << "`" << what << "` without extents defines one variable, got "
                              << vars.size() << " names";
  }
  if (preferred.has_value()) {
    if (std::string(found->parent) != "cluster") {
      TVM_FFI_THROW(ValueError) << "preferred is only valid when parent=\"cluster\", got "
                                << "parent=\"" << found->parent << "\" (`" << what << "`)";
    }
    CheckExtents(*preferred, what, "preferred");
  }
  ffi::ObjectPtr<ScopeIdDefObj> node = ffi::make_object<ScopeIdDefObj>();
  node->span = std::move(span);
  node->vars = std::move(vars);
  node->member = std::move(member);
  node->extents = std::move(extents);
  node->preferred = std::move(preferred);
  data_ = std::move(node);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  using refl::DefRegionKind;
  refl::ObjectDef<DeviceRegionObj>()
      .def_init(
          [](ffi::String region, ffi::Array<Expr> args, ffi::Map<ffi::String, ffi::Any> attrs,
             Stmt body) {
            return DeviceRegion(std::move(region), std::move(args), std::move(attrs),
                                std::move(body));
          },
          {"region", "args", "attrs", "body"})
      .def_ro("region", &DeviceRegionObj::region)
      .def_ro("args", &DeviceRegionObj::args)
      .def_ro("attrs", &DeviceRegionObj::attrs)
      .def_ro("body", &DeviceRegionObj::body);
  refl::ObjectDef<ScopeIdDefObj>()
      .def_init(
          [](ffi::Array<Var> vars, ffi::String member, ffi::Optional<ffi::Array<Expr>> extents,
             ffi::Optional<ffi::Array<Expr>> preferred) {
            return ScopeIdDef(std::move(vars), std::move(member), std::move(extents),
                              std::move(preferred));
          },
          {"vars", "member", "extents", "preferred"})
      .def_ro("vars", &ScopeIdDefObj::vars, DefRegionKind::kSimple)
      .def_ro("member", &ScopeIdDefObj::member)
      .def_ro("extents", &ScopeIdDefObj::extents)
      .def_ro("preferred", &ScopeIdDefObj::preferred);
}

}  // namespace tirx
}  // namespace tvm
