/*!
 * \file printer_internal.h
 * \brief Pieces shared by the printer's translation files and entry points (not public).
 */
#ifndef TVM_SCRIPT_PRINTER_SRC_PRINTER_INTERNAL_H_
#define TVM_SCRIPT_PRINTER_SRC_PRINTER_INTERNAL_H_

#include <tvm/ffi/dtype.h>
#include <tvm/ffi/map.h>
#include <tvm/ir/call.h>
#include <tvm/ir/expr.h>
#include <tvm/ir/tensor_type.h>
#include <tvm/ir/type.h>
#include <tvm/script/printer/doc_translator.h>
#include <tvm/tirx/stmt.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tvm {
namespace script {
namespace printer {
namespace details {

/*!
 * \brief Deepest nesting the translator and the text printer accept. Each level costs a few
 *  stack frames; this keeps a deep IR chain an error (RecursionError), never a crash, even on
 *  threads with small stacks.
 */
constexpr int kMaxNestingDepth = 1000;

/*! \brief Counts one level of nesting; RecursionError past kMaxNestingDepth. */
class NestingGuard {
 public:
  explicit NestingGuard(int* depth, const char* what);
  ~NestingGuard() { --*depth_; }
  NestingGuard(const NestingGuard&) = delete;
  NestingGuard& operator=(const NestingGuard&) = delete;

 private:
  int* depth_;
};

/*! \brief PushLoop for the lifetime of the guard (the loop's body is being translated). */
class EnclosingLoop {
 public:
  EnclosingLoop(DocTranslator t, const ffi::ObjectRef& loop) : t_(std::move(t)) {
    t_.PushLoop(loop);
  }
  ~EnclosingLoop() { t_.PopLoop(); }
  EnclosingLoop(const EnclosingLoop&) = delete;
  EnclosingLoop& operator=(const EnclosingLoop&) = delete;

 private:
  DocTranslator t_;
};

/*! \brief WithSourcePath keeping the Doc's static type. */
template <typename TDoc>
TDoc WithPath(TDoc doc, const AccessPath& path) {
  return WithSourcePath(std::move(doc), path).template cast<TDoc>();
}

/*! \brief `<type_key>(field=value, ...)` through reflection: the hook of types without one. */
Doc TranslateByReflection(const ffi::ObjectRef& node, const AccessPath& path,
                          const DocTranslator& t);

/*!
 * \brief The variables (objects of StructuralKind kVar) inside `root`, in pre-order of first
 *  occurrence, each with the path of that occurrence. Variables' own fields are not searched.
 */
std::vector<std::pair<ffi::ObjectRef, AccessPath>> CollectVars(const ffi::Any& root,
                                                               const AccessPath& path);

/*! \brief `T.<name>` (marks the T namespace as used). */
ExprDoc TAttr(const DocTranslator& t, const std::string& name);
/*!
 * \brief An S-TIR member: `Ts.<name>` in the canonical spelling, `T.<name>` in Apache's
 *  (marks the namespace as used).
 */
ExprDoc TsAttr(const DocTranslator& t, const std::string& name);
/*! \brief `I.<name>` (marks the I namespace as used). */
ExprDoc IAttr(const DocTranslator& t, const std::string& name);
/*! \brief `T.int32`, `T.float32x4`, `T.bool`, `T.void`, `T.handle`. */
ExprDoc DTypeDoc(const DocTranslator& t, ffi::DataType dtype);
/*! \brief Whether `ty` is the scalar int32 PrimType (printed bare where it is the default). */
bool IsInt32(const ir::Type& ty);
/*!
 * \brief The entries of a map in print order: sorted by key (byte order) when every key is a
 *  string, as the reference prints attributes and annotations; else in insertion order.
 */
std::vector<const std::pair<ffi::Any, ffi::Any>*> PrintOrder(const ffi::MapObj* map);
/*!
 * \brief Whether `func` is an S-TIR function: its attribute `script.namespace` is "s_tir"
 *  (`@Ts.function`, `@T.prim_func(s_tir=True)`).
 */
bool IsSTirFunction(const ffi::ObjectRef& func);
/*!
 * \brief The statements of a function body that is the implicit root block (a realize of a
 *  block "root" with nothing but allocations and a body), as Apache TVM prints it: the comment
 *  `# with Ts.sblock("root"):`, the allocations, then the body; nullopt for any other body.
 */
std::optional<ffi::Array<StmtDoc>> ImplicitRootBody(const ffi::Any& body, const AccessPath& path,
                                                    const DocTranslator& t);
/*!
 * \brief `X = <builder>(args..., ty_args=[<tensor type>], attrs=...)`, defining the tensor
 *  variable `var` (found at `var_path`): allocations, declarations, block buffers.
 */
Doc TensorDefinitionDoc(const ir::Var& var, const AccessPath& var_path, const ExprDoc& builder,
                        ffi::Array<ExprDoc> args, const std::optional<ExprDoc>& attrs,
                        const DocTranslator& t);
/*!
 * \brief A float as apache-tvm 0.27 prints it: 17 significant digits (`0.10000000000000001`,
 *  `1.0000000000000001e-05`), a positive exponent in fixed notation
 *  (`100000000000000000000.0`), always a `.` or an exponent.
 */
std::string ApacheFloatText(double value);
/*! \brief How ApacheBufferCall writes a buffer's fields. */
struct ApacheBufferOptions {
  /*! \brief The dtype even when it is float32 (`T.Buffer`'s); others leave float32 out. */
  bool dtype_always = false;
  /*! \brief `scope=` when not global (`T.alloc_shared`, `T.alloc_local` say it by name). */
  bool with_scope = true;
  std::optional<ExprDoc> data;
  std::optional<ExprDoc> annotations;
  /*! \brief `offset_factor=1` in place of `elem_offset=` (a fresh offset, ApacheFieldSymbols). */
  bool elem_offset_by_factor = false;
  /*! \brief `allocated_addr=` (PlacementDoc), after `layout=`. */
  std::optional<ExprDoc> allocated_addr;
};
/*! \brief An allocation's attributes but its placement (translate_placement.cc). */
ffi::Map<ffi::String, ffi::Any> AttrsWithoutPlacement(const ffi::Map<ffi::String, ffi::Any>& attrs);
/*!
 * \brief The placement among an allocation's attributes (at `p`), as the spelling prints it:
 *  `(1024,)` for the reference's first operand, `1024` or `[0, 2048]` for 0.27's keyword.
 */
std::optional<ExprDoc> PlacementDoc(const ffi::Map<ffi::String, ffi::Any>& attrs,
                                    const AccessPath& p, const DocTranslator& t);
/*!
 * \brief `callee(leading..., (shape), "dtype", data=..., strides=..., elem_offset=...,
 *  scope=..., align=..., annotations=...)` for the tensor type `ty`, in apache-tvm 0.27's
 *  order; a default field is left out.
 */
ExprDoc ApacheBufferCall(const ExprDoc& callee, const ffi::Array<ExprDoc>& leading,
                         const ir::TensorType& ty, const AccessPath& ty_path,
                         const ApacheBufferOptions& options, const DocTranslator& t);
/*! \brief DocTranslator mark of a symbol printed as a string at its next use (`("n",)`). */
constexpr const char* kQuotedSymbol = "apache.quoted_symbol";
/*! \brief DocTranslator mark (of the print) that the header needs `from __future__ ...`. */
constexpr const char* kFutureAnnotations = "apache.future_annotations";
/*! \brief DocTranslator mark of a statement that is one of several in its sequence. */
constexpr const char* kInSequence = "in_sequence";

/*!
 * \brief `with call as var:` and its body; in Apache's spelling, where the statement is not one
 *  of several (`kInSequence`), `var = call` (or the bare call) with the body after it, as 0.27
 *  prints a scope that lasts to the end of its parent.
 */
Doc ScopeOrBareDoc(const tirx::Stmt& stmt, const std::optional<ExprDoc>& var, const ExprDoc& call,
                   const ffi::Array<StmtDoc>& body, const DocTranslator& t);
/*!
 * \brief `T.hint("message", key=value, ...)` of apache-tvm 0.27's hint scope (an AttrStmt of key
 *  "tirx_hint", value 1 and a map as its node), or nullopt for another attribute
 *  (translate_device.cc).
 */
std::optional<ExprDoc> HintCallDoc(const tirx::AttrStmt& a, const AccessPath& p,
                                   const DocTranslator& t);
/*! \brief DocTranslator mark of a tensor printed as a scalar (Apache's spelling). */
constexpr const char* kScalarTensor = "apache.scalar_tensor";
/*!
 * \brief A tensor of an S-TIR function in Apache's spelling: apache-tvm 0.27 writes no
 *  one-element tensor of those as a scalar (`B = T.alloc_local((1,))`, `B[0] = v`).
 */
constexpr const char* kNeverScalar = "apache.never_scalar";
/*!
 * \brief An allocation in Apache's spelling: `T.alloc_shared((n,), "int32")`, `T.alloc_local`,
 *  `T.alloc_buffer(..., scope="x")`, a local one-element tensor as `y: T.int32`.
 */
Doc ApacheAllocDoc(const tirx::AllocTensor& alloc, const AccessPath& p,
                   const std::optional<ExprDoc>& attrs, const DocTranslator& t);
/*!
 * \brief A call of the intrinsic `tirx.<name>` as 0.27 writes it where that differs from our
 *  print style: the result's dtype first (`T.call_llvm_pure_intrin("int32", "llvm.ctlz", x)`,
 *  `T.reinterpret("int32", x)`), a pointer's element last (`T.type_annotation("float16")`);
 *  nullopt otherwise. Renames `name` to Apache's member (`tvm_stack_alloca`).
 */
std::optional<Doc> ApacheIntrinsicCallDoc(const ir::Call& call, std::string* name,
                                          const AccessPath& p, const DocTranslator& t);
/*!
 * \brief Apache's `Tiles = Flat.view(8, 8)` for a declaration over another tensor's data of the
 *  same dtype, scope and alignment (no strides or offset), as 0.27 prints it; else nullopt.
 */
std::optional<Doc> ApacheViewDoc(const tirx::DeclTensor& decl, const AccessPath& p,
                                 const DocTranslator& t);
/*! \brief Whether `tensor[indices]` is the element of a scalar-printed tensor (`y`). */
bool IsScalarElement(const ir::Expr& tensor, const ffi::Array<ir::Expr>& indices,
                     const DocTranslator& t);
/*!
 * \brief Whether a store to `tensor[indices]` prints as `tensor = value` (Apache's spelling):
 *  the element of a scalar-printed tensor, or `[0]` of any tensor of shape `(1,)`, which 0.27
 *  prints so and reads back as the store (loads of the latter it cannot read: they stay `X[0]`).
 */
bool IsScalarStore(const ir::Expr& tensor, const ffi::Array<ir::Expr>& indices,
                   const DocTranslator& t);
/*!
 * \brief The fresh symbols of a block tensor's type as 0.27 prints them: a shape or stride
 *  symbol as a string where the buffer defines it (`strides=("s0",)`), every later use as the
 *  buffer's field (`row.strides[0]`); a fresh element offset as `row.elem_offset`. Returns
 *  whether the element offset is such a symbol (then `offset_factor=1` declares it).
 */
bool ApacheFieldSymbols(const ir::TensorType& ty, const std::string& buffer,
                        const DocTranslator& t);
/*! \brief The statements of `stmt` in the current scope (no new scope), flattened. */
ffi::Array<StmtDoc> AsStmts(const DocTranslator& t, const ffi::Any& stmt, const AccessPath& path);

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm

#endif  // TVM_SCRIPT_PRINTER_SRC_PRINTER_INTERNAL_H_
