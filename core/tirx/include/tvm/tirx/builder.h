/*!
 * \file tvm/tirx/builder.h
 * \brief TIRx builder frames (function, loops, while, if/then/else, attribute scopes) and the
 *  construction hooks TVMScript's `T` namespace calls: binding, emission, stores and the
 *  type rules they apply (docs/frontend.md).
 */
#ifndef TVM_TIRX_BUILDER_H_
#define TVM_TIRX_BUILDER_H_

#include <tvm/ir/builder.h>
#include <tvm/tirx/function.h>

namespace tvm {
namespace tirx {
namespace builder {

using ir::builder::IRBuilder;
using ir::builder::IRBuilderFrame;
using ir::builder::IRBuilderFrameObj;

/*! \brief A frame whose body is a sequence of statements. */
class TIRFrameObj : public IRBuilderFrameObj {
 public:
  ffi::Array<Stmt> stmts;
  /*! \brief Names bound (Bind, allocations) directly in this frame, to refuse rebinding. */
  ffi::Map<ffi::String, Var> bound_names;
  TVM_FFI_DECLARE_OBJECT_INFO("tirx.builder.TIRFrame", TIRFrameObj, IRBuilderFrameObj);
};

class TIRFrame : public IRBuilderFrame {
 public:
  TVM_IR_BUILDER_REF(TIRFrame, IRBuilderFrame);
};

/*! \brief `@T.function`: parameters, return type, attributes and body of one function. */
class FunctionFrameObj : public TIRFrameObj {
 public:
  ffi::Optional<ffi::String> name;
  ffi::Array<Var> params;
  /*! \brief Null for a function that returns nothing. */
  Type ret_type;
  ffi::Map<ffi::String, ffi::Any> attrs;
  bool is_private = false;
  /*! \brief A declaration collects only the signature (module members, before bodies). */
  bool is_declaration = false;
  /*! \brief The thread axes of `T.env_thread` variables, which `T.launch_thread` launches. */
  ffi::Map<Var, ffi::String> env_threads;
  /*! \brief `T.sblock_alloc_buffer` at the top of an S-TIR function: the root block's. */
  ffi::Array<Var> root_alloc_buffers;
  /*!
   * \brief Symbols a string extent of a parameter declared (`T.Buffer(("n",))`), by name: a
   *  later parameter of that name and type is that symbol, as apache-tvm 0.27 reads its print
   *  `def f(A: T.Buffer(("n",)), n: T.int32)`.
   */
  ffi::Map<ffi::String, Var> string_symbols;
  /*!
   * \brief The dtypes of the scalar integer parameters, by name, read from the signature before
   *  any parameter is built: a string extent naming a later parameter (`"n"` before `n:
   *  T.int64`) declares its symbol of that dtype, as apache-tvm 0.27 reads it.
   */
  ffi::Map<ffi::String, ffi::String> signature_dtypes;
  /*!
   * \brief Written in Apache TVM's spelling (`@T.prim_func`): calls read as apache-tvm 0.27
   *  reads them where the reference reads them otherwise (`T.call_extern("int32", "f")`).
   */
  bool apache_spelling = false;
  /*! \brief Whether `script.namespace` is "s_tir" (`@T.prim_func(s_tir=True)`). */
  bool IsSTir() const;
  void Finalize();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.builder.FunctionFrame", FunctionFrameObj, TIRFrameObj);
};

class FunctionFrame : public TIRFrame {
 public:
  static FunctionFrame Create(bool is_private, bool is_declaration, Span span);
  TVM_IR_BUILDER_REF(FunctionFrame, TIRFrame);
};

/*! \brief One or more nested loops (`T.grid` opens several) sharing one body. */
class ForFrameObj : public TIRFrameObj {
 public:
  ffi::Array<Var> vars;
  ffi::Array<Expr> starts;
  ffi::Array<Expr> ends;
  ffi::Array<Expr> steps;
  int64_t kind = 0;
  ffi::String thread_tag;
  ffi::Map<ffi::String, ffi::Any> annotations;
  void Finalize();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.builder.ForFrame", ForFrameObj, TIRFrameObj);
};

class ForFrame : public TIRFrame {
 public:
  /*!
   * \brief Loops named `names` over the given bounds (one entry per loop, outermost first).
   *  Bounds are expressions or Python-style int literals; the loop variables take the widest
   *  integer type among the expressions (int32 when all are literals), literals adopt it and
   *  narrower expressions are widened with a Cast. TypeError for non-integer bounds. Each
   *  variable's span is its name's (`name_spans`, or the loop's when not given).
   */
  static ForFrame Create(ffi::Array<ffi::String> names, ffi::Array<Span> name_spans,
                         ffi::Array<ffi::Any> starts, ffi::Array<ffi::Any> ends,
                         ffi::Array<ffi::Any> steps, ForKind kind, ffi::String thread_tag,
                         ffi::Map<ffi::String, ffi::Any> annotations, Span span);
  TVM_IR_BUILDER_REF(ForFrame, TIRFrame);
};

class WhileFrameObj : public TIRFrameObj {
 public:
  Expr condition;
  void Finalize();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.builder.WhileFrame", WhileFrameObj, TIRFrameObj);
};

class WhileFrame : public TIRFrame {
 public:
  static WhileFrame Create(Expr condition, Span span);
  TVM_IR_BUILDER_REF(WhileFrame, TIRFrame);
};

/*! \brief `if condition:`; its Then and Else frames fill the branches. */
class IfFrameObj : public TIRFrameObj {
 public:
  Expr condition;
  ffi::Optional<Stmt> then_case;
  ffi::Optional<Stmt> else_case;
  void Finalize();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.builder.IfFrame", IfFrameObj, TIRFrameObj);
};

class IfFrame : public TIRFrame {
 public:
  static IfFrame Create(Expr condition, Span span);
  TVM_IR_BUILDER_REF(IfFrame, TIRFrame);
};

/*! \brief A branch of the enclosing IfFrame (then when `is_else` is false). */
class BranchFrameObj : public TIRFrameObj {
 public:
  bool is_else = false;
  /*! \brief Checks that the branch opens directly in an IfFrame that lacks it. */
  void CheckParent();
  void Finalize();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.builder.BranchFrame", BranchFrameObj, TIRFrameObj);
};

class BranchFrame : public TIRFrame {
 public:
  static BranchFrame Create(bool is_else, Span span);
  TVM_IR_BUILDER_REF(BranchFrame, TIRFrame);
};

/*! \brief `with T.attr(node, key, value):`. */
class AttrFrameObj : public TIRFrameObj {
 public:
  ffi::Any node;
  ffi::String attr_key;
  Expr value;
  void Finalize();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.builder.AttrFrame", AttrFrameObj, TIRFrameObj);
};

class AttrFrame : public TIRFrame {
 public:
  static AttrFrame Create(ffi::Any node, ffi::String attr_key, Expr value, Span span);
  TVM_IR_BUILDER_REF(AttrFrame, TIRFrame);
};

/*! \brief `with T.launch_thread("threadIdx.x", extent) as var:`. */
class LaunchThreadFrameObj : public TIRFrameObj {
 public:
  Var var;
  ffi::String thread_tag;
  Expr extent;
  void Finalize();
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.builder.LaunchThreadFrame", LaunchThreadFrameObj,
                                    TIRFrameObj);
};

class LaunchThreadFrame : public TIRFrame {
 public:
  /*!
   * \brief A launch of `thread_tag` over `extent` (an integer literal is int32). With `var`
   *  (Apache TVM's `T.env_thread` variable) the launch defines that variable, a literal
   *  extent taking its type; else a new variable named `name`, of the extent's type.
   */
  static LaunchThreadFrame Create(ffi::String thread_tag, ffi::Any extent, ffi::String name,
                                  ffi::Optional<Var> var, Span span, Span name_span);
  TVM_IR_BUILDER_REF(LaunchThreadFrame, TIRFrame);
};

/*! \brief A frame's statements as one body: the statement itself when there is one. */
Stmt AsBody(const ffi::Array<Stmt>& stmts, const Span& span);

/*!
 * \brief An S-TIR function's body wrapped in the implicit root block (named "root", realized
 *  with no iteration variables), when it holds root allocations or blocks and is not already
 *  one block without iteration variables, as Apache TVM's script completion wraps it.
 */
Stmt WithRootBlock(Stmt body, const ffi::Array<Var>& root_alloc_buffers);

/*! \brief Appends a statement to the innermost statement frame; ValueError outside one. */
void AddToFrame(Stmt stmt);

/*! \brief The innermost function frame; ValueError (naming `what`) outside a function. */
FunctionFrame RequireFunctionFrame(const char* what);

/*!
 * \brief `value` as an expression of type `ty`: a Python literal (bool, int, float) becomes a
 *  constant of `ty`; an expression must already have it (TypeError naming `what` otherwise).
 */
Expr ConvertTo(const ffi::Any& value, const PrimType& ty, const std::string& what);

/*! \brief `value` as an expression: a literal gets the type the reference gives it
 * (DefaultTypedLiteral). */
Expr LiteralOrExpr(const ffi::Any& value, const std::string& what);

/*!
 * \brief `name = value` in a function body: a new variable bound to the value (typed `ty` when
 *  given, the literal converted to it). ValueError when `name` is bound in an enclosing scope
 *  of the same function: TIRx variables are immutable.
 */
Var BindValue(const ffi::Any& value, const ffi::String& name, ffi::Optional<Type> ty, Span span,
              Span name_span);

/*! \brief `target[indices] = value`; the literal value adopts the tensor's element type. */
void SetItem(const Expr& target, const ffi::Array<ffi::Any>& indices, const ffi::Any& value,
             Span span);

}  // namespace builder
}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_BUILDER_H_
