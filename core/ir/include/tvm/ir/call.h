/*!
 * \file tvm/ir/call.h
 * \brief Calls of operators and functions, global variables naming module functions, and
 *  the IRModule that holds them.
 */
#ifndef TVM_IR_CALL_H_
#define TVM_IR_CALL_H_

#include <tvm/ffi/map.h>
#include <tvm/ffi/optional.h>
#include <tvm/ir/op.h>

namespace tvm {
namespace ir {

/*! \brief The name of a function in a module; calls refer to it. */
class GlobalVarObj : public ExprObj {
 public:
  ffi::String name_hint;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.GlobalVar", GlobalVarObj, ExprObj);
};

class GlobalVar : public Expr {
 public:
  explicit GlobalVar(ffi::String name_hint, Type ty = Type::Missing(), Span span = Span::Unknown());
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(GlobalVar, Expr, GlobalVarObj);
};

/*! \brief `op(args...)` with attributes and type arguments; its type is `ty`. */
class CallObj : public ExprObj {
 public:
  Expr op;
  ffi::Array<Expr> args;
  ffi::Map<ffi::String, ffi::Any> attrs;
  ffi::Array<Type> ty_args;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.Call", CallObj, ExprObj);
};

/*! \brief What a Call has besides op and args. */
struct CallOptions {
  ffi::Map<ffi::String, ffi::Any> attrs;
  ffi::Array<Type> ty_args;
  /*!
   * \brief The result type. nullopt means inference: the op's type rule, a global function's
   *  return type, else Type::Missing(). A given type (Missing included) is kept as is.
   */
  std::optional<Type> ty;
  Span span = Span::Unknown();
};

class Call : public Expr {
 public:
  /*! \brief Errors of the op's type rule propagate. */
  Call(Expr op, ffi::Array<Expr> args, CallOptions options = {});
  /*! \brief Checks the op's contract (argument count, FValidate); throws on a violation. */
  void Validate() const;
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Call, Expr, CallObj);
};

/*! \brief Module-level metadata kept in `IRModule::global_infos`. Only the base exists: the
 *  reference's concrete kinds belong to device backends, so a list can only be empty here. */
class GlobalInfoObj : public ffi::Object {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO("ir.GlobalInfo", GlobalInfoObj, ffi::Object);
};

class GlobalInfo : public ffi::ObjectRef {
 public:
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(GlobalInfo, ffi::ObjectRef, GlobalInfoObj);
};

using GlobalInfos = ffi::Map<ffi::String, ffi::Array<GlobalInfo>>;

/*! \brief Functions by global name, module attributes and global infos (name -> list). */
class IRModuleObj : public ffi::Object {
 public:
  ffi::Map<GlobalVar, Expr> functions;
  ffi::Map<ffi::String, ffi::Any> attrs;
  GlobalInfos global_infos;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.IRModule", IRModuleObj, ffi::Object);
};

class IRModule : public ffi::ObjectRef {
 public:
  explicit IRModule(ffi::Map<GlobalVar, Expr> functions, ffi::Map<ffi::String, ffi::Any> attrs = {},
                    GlobalInfos global_infos = {});
  /*! \return the global variable named `name`; KeyError when none. */
  GlobalVar GetGlobalVar(const std::string& name) const;
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(IRModule, ffi::ObjectRef, IRModuleObj);
};

}  // namespace ir
}  // namespace tvm

#endif  // TVM_IR_CALL_H_
