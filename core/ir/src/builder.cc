/*!
 * \file builder.cc
 * \brief The thread's builder stack, the frame protocol, the module frame, and their global
 *  functions (`ir.builder.*`) for the Python hooks.
 */
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/builder.h>

#include <utility>

namespace tvm {
namespace ir {
namespace builder {
namespace {

std::vector<IRBuilder>& BuilderStack() {
  thread_local std::vector<IRBuilder> stack;
  return stack;
}

/*! \brief The module being built, for the module member `I.<member>` (ValueError outside). */
ModuleFrame CurrentModule(const char* member) {
  ffi::Optional<ModuleFrame> frame;
  if (IRBuilder::IsInScope()) frame = IRBuilder::Current().FindFrame<ModuleFrame>();
  if (!frame) {
    TVM_FFI_THROW(ValueError) << "`I." << member << "` is only valid in an IR module (inside "
                              << "a function of an `@I.ir_module` class)";
  }
  return *frame;
}

}  // namespace

void IRBuilderFrameObj::EnterWithScope() {
  if (on_enter != nullptr) on_enter(this);
  if (entered) TVM_FFI_THROW(RuntimeError) << "A `" << GetTypeKey() << "` was entered twice";
  IRBuilder::Current().mutable_get()->frames.push_back(ffi::GetRef<IRBuilderFrame>(this));
  entered = true;
}

void IRBuilderFrameObj::ExitWithScope() {
  auto& frames = IRBuilder::Current().mutable_get()->frames;
  if (frames.empty() || frames.back().get() != this) {
    TVM_FFI_THROW(RuntimeError) << "A `" << GetTypeKey()
                                << "` exited while it was not the innermost open frame";
  }
  frames.pop_back();
  entered = false;
  if (on_exit != nullptr) on_exit(this);
}

void IRBuilderFrameObj::Abandon() {
  if (!entered || !IRBuilder::IsInScope()) return;
  auto& frames = IRBuilder::Current().mutable_get()->frames;
  while (!frames.empty()) {
    IRBuilderFrame top = frames.back();
    frames.pop_back();
    top.mutable_get()->entered = false;
    if (top.get() == this) break;
  }
}

IRBuilder IRBuilder::Create(ffi::String source_name) {
  auto node = ffi::make_object<IRBuilderObj>();
  node->source_name = std::move(source_name);
  return IRBuilder(std::move(node));
}

IRBuilder IRBuilder::Current() {
  auto& stack = BuilderStack();
  if (stack.empty()) {
    TVM_FFI_THROW(RuntimeError) << "No IRBuilder is active: construction hooks run only inside "
                                   "a TVMScript parse or a `with IRBuilder():` block";
  }
  return stack.back();
}

bool IRBuilder::IsInScope() { return !BuilderStack().empty(); }

void IRBuilder::EnterWithScope() const { BuilderStack().push_back(*this); }

void IRBuilder::ExitWithScope() const {
  auto& stack = BuilderStack();
  if (stack.empty() || !stack.back().same_as(*this)) {
    TVM_FFI_THROW(RuntimeError) << "An IRBuilder exited while it was not the active one";
  }
  for (const IRBuilderFrame& frame : get()->frames) frame.mutable_get()->entered = false;
  mutable_get()->frames.clear();
  stack.pop_back();
}

ffi::Any IRBuilder::Get() const {
  if (!get()->has_result) {
    TVM_FFI_THROW(RuntimeError) << "The IRBuilder built nothing: no outermost frame has exited";
  }
  return get()->result;
}

void IRBuilder::SetResult(ffi::Any value) const {
  if (get()->has_result) {
    TVM_FFI_THROW(ValueError) << "The IRBuilder already built a result; a second outermost "
                                 "definition needs its own builder";
  }
  mutable_get()->result = std::move(value);
  mutable_get()->has_result = true;
}

Span IRBuilder::MakeSpan(int64_t line, int64_t column, int64_t end_line, int64_t end_column) const {
  if (line <= 0) return Span::Unknown();
  return Span(get()->source_name, line, column, end_line, end_column);
}

void ModuleFrameObj::Finalize() {
  ffi::Map<GlobalVar, Expr> defined;
  for (const auto& [name, var] : global_vars) {
    auto function = functions.Get(var);
    if (!function.has_value()) {
      TVM_FFI_THROW(ValueError) << "Module function `" << name
                                << "` was declared but never defined";
    }
    defined.Set(var, *function);
  }
  IRModule module(std::move(defined), attrs, global_infos);
  IRBuilder builder = IRBuilder::Current();
  if (!builder->frames.empty()) {
    TVM_FFI_THROW(ValueError) << "An IR module must be the outermost definition";
  }
  builder.SetResult(module);
}

ModuleFrame ModuleFrame::Create(Span span) {
  auto node = ffi::make_object<ModuleFrameObj>();
  node->span = std::move(span);
  node->on_exit = [](IRBuilderFrameObj* self) { static_cast<ModuleFrameObj*>(self)->Finalize(); };
  return ModuleFrame(std::move(node));
}

GlobalVar ModuleFrame::DeclareFunction(const ffi::String& name,
                                       ffi::Optional<FuncType> signature) const {
  if (signature.has_value()) mutable_get()->signatures.Set(name, *signature);
  if (auto existing = get()->global_vars.Get(name)) return *existing;
  GlobalVar var(name);
  mutable_get()->global_vars.Set(name, var);
  return var;
}

Call ModuleFrame::CallFunction(const ffi::String& name, ffi::Array<Expr> args) const {
  auto var = get()->global_vars.Get(name);
  auto signature = get()->signatures.Get(name);
  if (!var.has_value() || !signature.has_value()) {
    TVM_FFI_THROW(ValueError) << "The module has no function `" << name << "`";
  }
  size_t expected = (*signature)->arg_types.size();
  if (args.size() != expected) {
    TVM_FFI_THROW(TypeError) << "`" << name << "` takes " << expected << " argument(s), got "
                             << args.size();
  }
  Type ret = (*signature)->ret_type;
  CallOptions options;
  options.ty = ret.defined() ? ret : Type::Missing();
  return Call(*var, std::move(args), std::move(options));
}

void ModuleFrame::DefineFunction(const ffi::String& name, Expr function) const {
  GlobalVar var = DeclareFunction(name, std::nullopt);
  if (get()->functions.count(var)) {
    TVM_FFI_THROW(ValueError) << "The module defines `" << name << "` twice";
  }
  mutable_get()->functions.Set(var, std::move(function));
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<IRBuilderFrameObj>().def_ro("span", &IRBuilderFrameObj::span);
  refl::ObjectDef<IRBuilderObj>()
      .def_init([](ffi::String source_name) { return IRBuilder::Create(source_name); },
                {"source_name"})
      .def_ro("source_name", &IRBuilderObj::source_name);
  refl::ObjectDef<ModuleFrameObj>()
      .def_ro("global_vars", &ModuleFrameObj::global_vars)
      .def_ro("functions", &ModuleFrameObj::functions)
      .def_ro("attrs", &ModuleFrameObj::attrs)
      .def_ro("global_infos", &ModuleFrameObj::global_infos);
  refl::GlobalDef()
      .def("ir.builder.BuilderEnter", [](IRBuilder b) { b.EnterWithScope(); })
      .def("ir.builder.BuilderExit", [](IRBuilder b) { b.ExitWithScope(); })
      .def("ir.builder.BuilderGet", [](IRBuilder b) { return b.Get(); })
      .def("ir.builder.BuilderCurrent", []() { return IRBuilder::Current(); })
      .def("ir.builder.BuilderIsInScope", []() { return IRBuilder::IsInScope(); })
      .def("ir.builder.MakeSpan",
           [](int64_t line, int64_t column, int64_t end_line, int64_t end_column) {
             return IRBuilder::Current().MakeSpan(line, column, end_line, end_column);
           })
      .def("ir.builder.FrameEnter",
           [](IRBuilderFrame f) {
             f.mutable_get()->EnterWithScope();
             return f;
           })
      .def("ir.builder.FrameExit", [](IRBuilderFrame f) { f.mutable_get()->ExitWithScope(); })
      .def("ir.builder.FrameAbandon", [](IRBuilderFrame f) { f.mutable_get()->Abandon(); })
      .def("ir.builder.ModuleFrame", [](Span span) { return ModuleFrame::Create(span); })
      .def("ir.builder.ModuleCall",
           [](ffi::String name, ffi::Array<Expr> args) {
             auto frame = IRBuilder::Current().FindFrame<ModuleFrame>();
             if (!frame) TVM_FFI_THROW(ValueError) << "No IR module is being built";
             return frame->CallFunction(name, args);
           })
      .def("ir.builder.ModuleSignature",
           [](ffi::String name) -> ffi::Optional<FuncType> {
             auto frame = IRBuilder::Current().FindFrame<ModuleFrame>();
             if (!frame) return std::nullopt;
             return (*frame)->signatures.Get(name);
           })
      .def("ir.builder.ModuleGetGlobalVar",
           [](ffi::String name) -> ffi::Optional<GlobalVar> {
             auto frame = IRBuilder::Current().FindFrame<ModuleFrame>();
             if (!frame) return std::nullopt;
             return (*frame)->global_vars.Get(name);
           })
      // A module's attributes are set once, as in the reference: a later call replaces them
      // only with `allow_overwrite=True` (an empty dict counts as none set).
      .def("ir.builder.ModuleAttrs",
           [](ffi::Map<ffi::String, ffi::Any> attrs, bool allow_overwrite) {
             ModuleFrame frame = CurrentModule("module_attrs");
             if (!frame->attrs.empty() && !allow_overwrite) {
               TVM_FFI_THROW(ValueError) << "The module's attributes are already set: a second "
                                         << "`I.module_attrs({...})` replaces them only with "
                                         << "`allow_overwrite=True`";
             }
             frame.mutable_get()->attrs = std::move(attrs);
           })
      // Global infos are set once per module, as in the reference (an empty dict counts as
      // none set).
      .def("ir.builder.ModuleGlobalInfos",
           [](GlobalInfos global_infos) {
             ModuleFrame frame = CurrentModule("module_global_infos");
             if (!frame->global_infos.empty()) {
               TVM_FFI_THROW(ValueError) << "The module's global infos are already set: "
                                         << "`I.module_global_infos({...})` comes once a module";
             }
             frame.mutable_get()->global_infos = std::move(global_infos);
           })
      // One attribute, as the reference's `I.module_set_attr`: a key is set once unless
      // `allow_overwrite`; None removes it (never an error).
      .def("ir.builder.ModuleSetAttr",
           [](ffi::String key, ffi::Optional<ffi::ObjectRef> value, bool allow_overwrite) {
             ModuleFrame frame = CurrentModule("module_set_attr");
             if (!value.has_value()) {
               frame.mutable_get()->attrs.erase(key);
               return;
             }
             if (frame->attrs.count(key) && !allow_overwrite) {
               TVM_FFI_THROW(ValueError) << "Duplicate module attribute `" << key
                                         << "`: set it again only with `allow_overwrite=True`";
             }
             frame.mutable_get()->attrs.Set(key, *value);
           })
      // `I.decl_function(name, f)`: a signature reserves the name's global variable (a
      // function frame gives the body later); a completed function is installed at once.
      .def("ir.builder.ModuleDeclareFunction",
           [](ffi::String name, FuncType signature, ffi::Optional<Expr> function) {
             ModuleFrame frame = CurrentModule("decl_function");
             GlobalVar var = frame.DeclareFunction(name, signature);
             if (function.has_value()) frame.DefineFunction(name, *function);
             return var;
           })
      .def("ir.builder.ModuleGetAttr", [](ffi::String key) -> ffi::Any {
        ModuleFrame frame = CurrentModule("module_get_attr");
        return frame->attrs.Get(key).value_or(ffi::Any());
      });
}

}  // namespace builder
}  // namespace ir
}  // namespace tvm
