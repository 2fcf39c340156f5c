/*!
 * \file tvm/tirx/stmt.h
 * \brief TIRx statements. Bodies are single statements (usually a SeqStmt); a Bind, AllocTensor
 *  or DeclTensor defines its variable for the rest of the enclosing SeqStmt.
 */
#ifndef TVM_TIRX_STMT_H_
#define TVM_TIRX_STMT_H_

#include <tvm/ffi/map.h>
#include <tvm/ffi/optional.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/tirx/expr.h>

namespace tvm {
namespace tirx {

/*! \brief Base of every statement. */
class StmtObj : public ffi::Object {
 public:
  Span span = Span::Unknown();
  TVM_FFI_DECLARE_OBJECT_INFO("tirx.Stmt", StmtObj, ffi::Object);
};

class Stmt : public ffi::ObjectRef {
 public:
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Stmt, ffi::ObjectRef, StmtObj);
};

/*! \brief Declares a statement reference class `Name` over `Name##Obj`. */
#define TVM_TIRX_STMT_REF(Name) TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Name, Stmt, Name##Obj)

/*! \brief `dest[indices...] = value`. */
class TensorStoreObj : public StmtObj {
 public:
  Expr dest;
  ffi::Array<Expr> indices;
  Expr value;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.TensorStore", TensorStoreObj, StmtObj);
};

class TensorStore : public Stmt {
 public:
  /*! \brief TypeError unless dest is a tensor, the index count matches and value has its dtype. */
  TensorStore(Expr dest, ffi::Array<Expr> indices, Expr value, Span span = Span::Unknown());
  TVM_TIRX_STMT_REF(TensorStore);
};

/*! \brief `var = value`, var defined (Simple) for the rest of the enclosing sequence. */
class BindObj : public StmtObj {
 public:
  Var var;
  Expr value;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.Bind", BindObj, StmtObj);
};

class Bind : public Stmt {
 public:
  Bind(Var var, Expr value, Span span = Span::Unknown());
  TVM_TIRX_STMT_REF(Bind);
};

/*! \brief How a loop runs. */
enum class ForKind : int64_t {
  kSerial = 0,
  kParallel = 1,
  kVectorized = 2,
  kUnrolled = 3,
  kThreadBinding = 4,
};

/*! \brief "serial", "parallel", "vectorized", "unrolled" or "thread_binding". */
const char* ForKindName(ForKind kind);

/*! \brief `for var in range(start, end, step)`; var is a Simple definition. */
class ForObj : public StmtObj {
 public:
  Var var;
  Expr start;
  Expr end;
  Expr step;
  /*! \brief A ForKind value. */
  int64_t kind = 0;
  Stmt body;
  /*! \brief The thread ("threadIdx.x") of a thread-binding loop, else empty. */
  ffi::String thread_tag;
  ffi::Map<ffi::String, ffi::Any> annotations;
  ForKind for_kind() const { return static_cast<ForKind>(kind); }
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.For", ForObj, StmtObj);
};

/*! \brief What a For has besides its variable, bounds and body. */
struct ForOptions {
  ForKind kind = ForKind::kSerial;
  ffi::String thread_tag;
  ffi::Map<ffi::String, ffi::Any> annotations;
  Span span = Span::Unknown();
};

class For : public Stmt {
 public:
  /*! \brief TypeError unless var, start, end and step share one integer type. */
  For(Var var, Expr start, Expr end, Expr step, Stmt body, ForOptions options = {});
  TVM_TIRX_STMT_REF(For);
};

/*! \brief `while condition: body`. */
class WhileObj : public StmtObj {
 public:
  Expr condition;
  Stmt body;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.While", WhileObj, StmtObj);
};

class While : public Stmt {
 public:
  While(Expr condition, Stmt body, Span span = Span::Unknown());
  TVM_TIRX_STMT_REF(While);
};

/*! \brief `if condition: then_case else: else_case`. */
class IfThenElseObj : public StmtObj {
 public:
  Expr condition;
  Stmt then_case;
  ffi::Optional<Stmt> else_case;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.IfThenElse", IfThenElseObj, StmtObj);
};

class IfThenElse : public Stmt {
 public:
  IfThenElse(Expr condition, Stmt then_case, ffi::Optional<Stmt> else_case = std::nullopt,
             Span span = Span::Unknown());
  TVM_TIRX_STMT_REF(IfThenElse);
};

/*! \brief Statements run in order. */
class SeqStmtObj : public StmtObj {
 public:
  ffi::Array<Stmt> seq;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.SeqStmt", SeqStmtObj, StmtObj);
};

class SeqStmt : public Stmt {
 public:
  explicit SeqStmt(ffi::Array<Stmt> seq, Span span = Span::Unknown());
  TVM_TIRX_STMT_REF(SeqStmt);
};

/*! \brief An expression evaluated for its effect. */
class EvaluateObj : public StmtObj {
 public:
  Expr value;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.Evaluate", EvaluateObj, StmtObj);
};

class Evaluate : public Stmt {
 public:
  explicit Evaluate(Expr value, Span span = Span::Unknown());
  TVM_TIRX_STMT_REF(Evaluate);
};

/*!
 * \brief A new tensor `var` (its type a TensorType) for the rest of the enclosing sequence;
 *  `attrs` are the allocation's annotations (`T.alloc_tensor(..., attrs={...})`).
 */
class AllocTensorObj : public StmtObj {
 public:
  Var var;
  ffi::Map<ffi::String, ffi::Any> attrs;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.AllocTensor", AllocTensorObj, StmtObj);
};

class AllocTensor : public Stmt {
 public:
  explicit AllocTensor(Var var, Span span = Span::Unknown());
  AllocTensor(Var var, ffi::Map<ffi::String, ffi::Any> attrs, Span span = Span::Unknown());
  TVM_TIRX_STMT_REF(AllocTensor);
};

/*! \brief A tensor view `var` over existing memory `data`, for the rest of the sequence. */
class DeclTensorObj : public StmtObj {
 public:
  Var var;
  Expr data;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.DeclTensor", DeclTensorObj, StmtObj);
};

class DeclTensor : public Stmt {
 public:
  DeclTensor(Var var, Expr data, Span span = Span::Unknown());
  TVM_TIRX_STMT_REF(DeclTensor);
};

/*! \brief `assert condition, message`. */
class AssertStmtObj : public StmtObj {
 public:
  Expr condition;
  /*! \brief The error raised when the condition fails ("RuntimeError", "TypeError", ...). */
  ffi::String error_kind;
  /*! \brief The error's message, in parts (joined when raised), as the reference holds it. */
  ffi::Array<ffi::String> message_parts;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.AssertStmt", AssertStmtObj, StmtObj);
};

class AssertStmt : public Stmt {
 public:
  AssertStmt(Expr condition, ffi::String error_kind, ffi::Array<ffi::String> message_parts,
             Span span = Span::Unknown());
  TVM_TIRX_STMT_REF(AssertStmt);
};

/*! \brief An attribute `attr_key = value` on `node`, in force over `body`. */
class AttrStmtObj : public StmtObj {
 public:
  ffi::Any node;
  ffi::String attr_key;
  Expr value;
  Stmt body;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.AttrStmt", AttrStmtObj, StmtObj);
};

class AttrStmt : public Stmt {
 public:
  AttrStmt(ffi::Any node, ffi::String attr_key, Expr value, Stmt body, Span span = Span::Unknown());
  TVM_TIRX_STMT_REF(AttrStmt);
};

/*!
 * \brief `with T.launch_thread("threadIdx.x", extent) as var: body`: the body runs on `extent`
 *  threads of the thread axis `thread_tag`, `var` (a Simple definition, of the extent's
 *  integer type) the thread's index. The reference builds a RegionStmt of op
 *  `tirx.launch_thread` with these parts; Apache TVM a `thread_extent` AttrStmt on an IterVar.
 */
class LaunchThreadObj : public StmtObj {
 public:
  Var var;
  ffi::String thread_tag;
  Expr extent;
  Stmt body;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.LaunchThread", LaunchThreadObj, StmtObj);
};

class LaunchThread : public Stmt {
 public:
  /*!
   * \brief ValueError for an empty thread tag; TypeError unless the extent is a scalar integer
   *  and the variable has its type.
   */
  LaunchThread(Var var, ffi::String thread_tag, Expr extent, Stmt body,
               Span span = Span::Unknown());
  TVM_TIRX_STMT_REF(LaunchThread);
};

class BreakObj : public StmtObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.Break", BreakObj, StmtObj);
};

class Break : public Stmt {
 public:
  explicit Break(Span span);
  TVM_TIRX_STMT_REF(Break);
};

class ContinueObj : public StmtObj {
 public:
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.Continue", ContinueObj, StmtObj);
};

class Continue : public Stmt {
 public:
  explicit Continue(Span span);
  TVM_TIRX_STMT_REF(Continue);
};

/*! \brief `return value` (None for a function returning nothing). */
class ReturnObj : public StmtObj {
 public:
  ffi::Optional<Expr> value;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.Return", ReturnObj, StmtObj);
};

class Return : public Stmt {
 public:
  explicit Return(ffi::Optional<Expr> value, Span span = Span::Unknown());
  TVM_TIRX_STMT_REF(Return);
};

#undef TVM_TIRX_STMT_REF

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_STMT_H_
