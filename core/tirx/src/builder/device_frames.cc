/*!
 * \file device_frames.cc
 * \brief The builder side of the device-kernel statements (tvm/tirx/device.h): the frame of a
 *  device region and the scope-id definition, as `tirx.builder.DeviceRegion` and
 *  `tirx.builder.ScopeId` for TVMScript's `T` namespace (tirx_device.py).
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/builder.h>
#include <tvm/tirx/device.h>

#include <algorithm>
#include <string>
#include <utility>

namespace tvm {
namespace tirx {
namespace builder {
namespace {

/*! \brief `with T.device_entry():` and the other regions: the body collected, then wrapped. */
class DeviceRegionFrameObj : public TIRFrameObj {
 public:
  ffi::String region;
  ffi::Array<Expr> args;
  ffi::Map<ffi::String, ffi::Any> attrs;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.builder.DeviceRegionFrame", DeviceRegionFrameObj,
                                    TIRFrameObj);
};

class DeviceRegionFrame : public TIRFrame {
 public:
  TVM_IR_BUILDER_REF(DeviceRegionFrame, TIRFrame);
};

void FinalizeRegion(IRBuilderFrameObj* self) {
  auto* frame = static_cast<DeviceRegionFrameObj*>(self);
  Stmt body = frame->stmts.size() == 1 ? frame->stmts[0] : SeqStmt(frame->stmts, frame->span);
  AddToFrame(DeviceRegion(frame->region, frame->args, frame->attrs, body, frame->span));
}

ffi::Array<Expr> Operands(const ffi::Array<ffi::Any>& values, const std::string& what) {
  ffi::Array<Expr> exprs;
  for (const ffi::Any& value : values) exprs.push_back(LiteralOrExpr(value, what));
  return exprs;
}

DeviceRegionFrame CreateRegion(ffi::String region, ffi::Array<ffi::Any> args,
                               ffi::Map<ffi::String, ffi::Any> attrs, Span span) {
  auto frame = ffi::make_object<DeviceRegionFrameObj>();
  frame->on_exit = FinalizeRegion;
  frame->args = Operands(args, "An operand of `T." + std::string(region) + "`");
  frame->region = std::move(region);
  frame->attrs = std::move(attrs);
  frame->span = std::move(span);
  // Checks the operands now, so an error points at the region rather than its end.
  DeviceRegion(frame->region, frame->args, frame->attrs, SeqStmt({}, frame->span));
  return DeviceRegionFrame(std::move(frame));
}

/*!
 * \brief `T.thread_id([8, 4])` before the statement names its variables: an assignment names
 *  them (ScopeIdName, then ScopeIdEmit adds the definition); a bare statement (Apache TVM's
 *  `T.cta_id([1])`) is entered as a frame open until the end of its block, its variables named
 *  `v` as Apache TVM names them, the definition placed before the statements it scopes.
 */
class ScopeIdFrameObj : public TIRFrameObj {
 public:
  ffi::String member;
  ffi::Optional<ffi::Array<Expr>> extents;
  ffi::Optional<ffi::Array<Expr>> preferred;
  ffi::Array<Var> vars;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.builder.ScopeIdFrame", ScopeIdFrameObj, TIRFrameObj);
};

class ScopeIdFrame : public TIRFrame {
 public:
  TVM_IR_BUILDER_REF(ScopeIdFrame, TIRFrame);
};

ScopeIdDef DefinitionOf(const ScopeIdFrameObj* frame) {
  return ScopeIdDef(frame->vars, frame->member, frame->extents, frame->preferred, frame->span);
}

/*! \brief Adds the definition and binds its variables' names in the innermost body. */
void EmitDefinition(const ScopeIdFrameObj* frame) {
  AddToFrame(DefinitionOf(frame));
  auto body = IRBuilder::Current().GetLastFrame<TIRFrame>();
  for (const Var& var : frame->vars) body->mutable_get()->bound_names.Set(var->name, var);
}

void FinalizeBareScopeId(IRBuilderFrameObj* self) {
  auto* frame = static_cast<ScopeIdFrameObj*>(self);
  EmitDefinition(frame);
  for (const Stmt& stmt : frame->stmts) AddToFrame(stmt);
}

ScopeIdFrame CreateScopeId(ffi::String member, ffi::Optional<ffi::Array<ffi::Any>> extents,
                           ffi::Optional<ffi::Array<ffi::Any>> preferred, ffi::DataType dtype,
                           Span span) {
  auto frame = ffi::make_object<ScopeIdFrameObj>();
  frame->on_exit = FinalizeBareScopeId;
  std::string what = "An extent of `T." + std::string(member) + "`";
  if (extents.has_value()) frame->extents = Operands(*extents, what);
  if (preferred.has_value()) frame->preferred = Operands(*preferred, what);
  size_t count = frame->extents.has_value() ? frame->extents->size() : 1;
  // One variable at least, so that an empty extent list reaches ScopeIdDef's own message.
  for (size_t i = 0; i < std::max<size_t>(count, 1); ++i) {
    frame->vars.push_back(Var("v", PrimType(dtype), span));
  }
  frame->member = std::move(member);
  frame->span = std::move(span);
  DefinitionOf(frame.get());  // checks now, so an error points at the call
  return ScopeIdFrame(std::move(frame));
}

}  // namespace

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<DeviceRegionFrameObj>().def_ro("region", &DeviceRegionFrameObj::region);
  refl::ObjectDef<ScopeIdFrameObj>()
      .def_ro("member", &ScopeIdFrameObj::member)
      .def_ro("vars", &ScopeIdFrameObj::vars);
  refl::GlobalDef()
      .def("tirx.builder.DeviceRegion", CreateRegion)
      .def("tirx.builder.ScopeId", CreateScopeId)
      .def("tirx.builder.ScopeIdName",
           [](ScopeIdFrame frame, int64_t index, ffi::String name, Span name_span) {
             ffi::Array<Var>& vars = frame.mutable_get()->vars;
             if (index < 0 || index >= static_cast<int64_t>(vars.size())) {
               TVM_FFI_THROW(ValueError) << "`T." << frame->member << "` defines " << vars.size()
                                         << " variables, not " << index + 1;
             }
             Var var(name, vars[index]->ty, name_span);
             vars.Set(index, var);
             return var;
           })
      .def("tirx.builder.ScopeIdAt",
           [](ScopeIdFrame frame, Span span) { frame.mutable_get()->span = std::move(span); })
      .def("tirx.builder.ScopeIdEmit", [](ScopeIdFrame frame) { EmitDefinition(frame.get()); })
      .def("tirx.DeviceRegionNames",
           [] {
             ffi::Array<ffi::String> names;
             for (const std::string& name : DeviceRegionNames()) names.push_back(name);
             return names;
           })
      .def("tirx.ScopeIdMembers", [] {
        ffi::Array<ffi::Array<ffi::String>> members;
        for (const ScopeIdMember& m : ScopeIdMembers()) {
          members.push_back({ffi::String(m.name), ffi::String(m.parent), ffi::String(m.scope)});
        }
        return members;
      });
}

}  // namespace builder
}  // namespace tirx
}  // namespace tvm
