/*!
 * \file tvm/ir/builder.h
 * \brief The IR builder: a stack of frames that TVMScript's generated builder programs (and C++
 *  or Python callers directly) enter and exit to construct IR.
 *
 * Entering a frame opens its scope; exiting finalizes its IR and hands it to the frame below
 * (or, for the outermost frame, to the builder as its result). Frames own parameters, symbols
 * and construction state; the dialect's hooks own binding, type rules and validation. One
 * builder is active per thread at a time (builders nest: a parse inside a parse gets its own).
 */
#ifndef TVM_IR_BUILDER_H_
#define TVM_IR_BUILDER_H_

#include <tvm/ffi/any.h>
#include <tvm/ffi/error.h>
#include <tvm/ffi/optional.h>
#include <tvm/ir/call.h>
#include <tvm/ir/span.h>

#include <vector>

namespace tvm {
namespace ir {
namespace builder {

/*! \brief Declares a builder or frame reference with a mutable accessor (frames are built in
 * place). */
#define TVM_IR_BUILDER_REF(Name, Parent)                               \
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Name, Parent, Name##Obj); \
  Name##Obj* mutable_get() const { return const_cast<Name##Obj*>(get()); }

/*! \brief Base of every frame: a scope of the builder. */
class IRBuilderFrameObj : public ffi::Object {
 public:
  /*! \brief Where the construct this frame builds came from. */
  Span span = Span::Unknown();
  /*! \brief Whether the frame is on a builder's stack right now. */
  bool entered = false;
  /*!
   * \brief Per-kind behaviour as plain function pointers, not virtual functions: a vtable
   *  would move the fields that reflection reads by offset from the Object header.
   */
  using Hook = void (*)(IRBuilderFrameObj* self);
  /*! \brief Checks the frame may open here (before it is pushed). */
  Hook on_enter = nullptr;
  /*! \brief Finalizes the frame's IR and attaches it to the new top frame (after the pop). */
  Hook on_exit = nullptr;
  /*! \brief Pushes the frame on the current builder (RuntimeError when none is active). */
  void EnterWithScope();
  /*! \brief Pops the frame (it must be the top one) and finalizes it. */
  void ExitWithScope();
  /*!
   * \brief Pops the frame and every frame above it without finalizing anything: the path taken
   *  when construction inside the frame failed.
   */
  void Abandon();
  TVM_FFI_DECLARE_OBJECT_INFO("ir.builder.Frame", IRBuilderFrameObj, ffi::Object);
};

class IRBuilderFrame : public ffi::ObjectRef {
 public:
  TVM_IR_BUILDER_REF(IRBuilderFrame, ffi::ObjectRef);
};

class IRBuilderObj : public ffi::Object {
 public:
  /*! \brief The open frames, innermost last. */
  std::vector<IRBuilderFrame> frames;
  /*! \brief What the outermost frame built, once it exited. */
  ffi::Any result;
  bool has_result = false;
  /*! \brief The file name given to every span the hooks make. */
  ffi::String source_name = "<string>";
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.builder.IRBuilder", IRBuilderObj, ffi::Object);
};

class IRBuilder : public ffi::ObjectRef {
 public:
  /*! \brief A new builder with no frames. */
  static IRBuilder Create(ffi::String source_name = "<string>");
  /*! \brief The builder active on this thread; RuntimeError when none is. */
  static IRBuilder Current();
  /*! \brief Whether some builder is active on this thread. */
  static bool IsInScope();
  /*! \brief Makes this builder the current one (builders nest). */
  void EnterWithScope() const;
  /*! \brief Restores the previous builder; frames left open are dropped. */
  void ExitWithScope() const;
  /*! \brief What the outermost frame built; RuntimeError when nothing was built. */
  ffi::Any Get() const;
  /*! \brief Records what the outermost frame built; ValueError when a result is already set. */
  void SetResult(ffi::Any value) const;
  /*! \brief The innermost open frame of type TFrame, if any. */
  template <typename TFrame>
  ffi::Optional<TFrame> FindFrame() const {
    const auto& frames = mutable_get()->frames;
    for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
      if (it->as<typename TFrame::ContainerType>() != nullptr) return it->cast<TFrame>();
    }
    return std::nullopt;
  }
  /*! \brief The top frame when it has type TFrame. */
  template <typename TFrame>
  ffi::Optional<TFrame> GetLastFrame() const {
    const auto& frames = mutable_get()->frames;
    if (!frames.empty() && frames.back().as<typename TFrame::ContainerType>() != nullptr) {
      return frames.back().cast<TFrame>();
    }
    return std::nullopt;
  }
  /*! \brief A span in this builder's source; Span::Unknown() when line is 0. */
  Span MakeSpan(int64_t line, int64_t column, int64_t end_line, int64_t end_column) const;
  TVM_IR_BUILDER_REF(IRBuilder, ffi::ObjectRef);
};

/*!
 * \brief `@I.ir_module`: collects functions by name. Signatures may be declared before bodies
 *  (so functions call each other in any order); exiting builds the IRModule.
 */
class ModuleFrameObj : public IRBuilderFrameObj {
 public:
  /*! \brief The module's functions' names, in declaration order. */
  ffi::Map<ffi::String, GlobalVar> global_vars;
  ffi::Map<GlobalVar, Expr> functions;
  /*! \brief Declared signatures, for typing calls (the global variables stay untyped, so a
   *  module compares equal to one built apart). */
  ffi::Map<ffi::String, FuncType> signatures;
  ffi::Map<ffi::String, ffi::Any> attrs;
  GlobalInfos global_infos;
  /*! \brief Builds the IRModule as the builder's result. */
  void Finalize();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.builder.ModuleFrame", ModuleFrameObj, IRBuilderFrameObj);
};

class ModuleFrame : public IRBuilderFrame {
 public:
  static ModuleFrame Create(Span span = Span::Unknown());
  /*!
   * \brief The global variable of `name` (made on first request); records the signature
   *  when one is given.
   */
  GlobalVar DeclareFunction(const ffi::String& name, ffi::Optional<FuncType> signature) const;
  /*!
   * \brief `Module.name(args)`: a call typed by the declared return type (Missing when the
   *  function returns nothing). ValueError for an undeclared name or a wrong argument count.
   */
  Call CallFunction(const ffi::String& name, ffi::Array<Expr> args) const;
  /*! \brief Sets the body of `name`; ValueError when it was defined already. */
  void DefineFunction(const ffi::String& name, Expr function) const;
  TVM_IR_BUILDER_REF(ModuleFrame, IRBuilderFrame);
};

}  // namespace builder
}  // namespace ir
}  // namespace tvm

#endif  // TVM_IR_BUILDER_H_
