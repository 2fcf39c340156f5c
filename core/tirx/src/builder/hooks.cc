/*!
 * \file hooks.cc
 * \brief The TIRx construction hooks (binding, emission, stores, statements) and the global
 *  functions `tirx.builder.*` that TVMScript's `T` namespace calls.
 */
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/builder.h>
#include <tvm/tirx/op.h>
#include <tvm/tirx/sblock.h>
#include <tvm/tirx/tensor_expr.h>

#include <string>
#include <utility>

#include "../type_check_internal.h"

namespace tvm {
namespace tirx {
namespace builder {
namespace {

/*!
 * \brief Records `var` as bound to `name` in the innermost statement frame. A name bound before
 *  is bound again (a reassignment makes a new variable, as the reference builds it).
 */
void RecordBinding(const ffi::String& name, const Var& var) {
  auto frame = IRBuilder::Current().GetLastFrame<TIRFrame>();
  if (!frame.has_value()) TVM_FFI_THROW(ValueError) << "`" << name << "` is bound outside a body";
  frame->mutable_get()->bound_names.Set(name, var);
}

Expr AsExprOrNull(const ffi::Any& value) {
  auto expr = value.try_cast<Expr>();
  return expr.has_value() ? *expr : Expr();
}

/*! \brief Tensor indices: expressions, or int literals as int32 constants. */
ffi::Array<Expr> IndexExprs(const ffi::Array<ffi::Any>& indices) {
  ffi::Array<Expr> exprs;
  for (const ffi::Any& index : indices) exprs.push_back(LiteralOrExpr(index, "An index"));
  return exprs;
}

bool InLoop() {
  const auto& frames = IRBuilder::Current()->frames;
  for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
    if (it->as<ForFrameObj>() != nullptr || it->as<WhileFrameObj>() != nullptr) return true;
    if (it->as<FunctionFrameObj>() != nullptr) return false;
  }
  return false;
}

/*!
 * \brief A branch or loop condition, checked when the frame opens: a scalar of any type, kept as
 *  written (the reference builds `if flag:` of an int32 as it is; nonzero is true).
 */
Expr Condition(const ffi::Any& value, const char* what) {
  Expr expr = LiteralOrExpr(value, what);
  ffi::DataType dtype = expr.dtype();
  if (dtype.lanes() != 1) {
    TVM_FFI_THROW(TypeError) << what << " must be a scalar, got `" << dtype.ToString()
                             << "`: a branch or loop takes one value, not a vector";
  }
  return expr;
}

[[noreturn]] void ThrowNotAValue(const ffi::Any& value, const std::string& what) {
  if (value.as<BufferRegionObj>() != nullptr) {
    TVM_FFI_THROW(TypeError) << what
                             << " must be a value, got a tensor region (a slice with a bound "
                                "left out or an extent that is not a constant, as `T.reads` "
                                "takes): a vector load needs a constant extent, `A[i:i + 4]`";
  }
  TVM_FFI_THROW(TypeError) << what << " must be an expression or a number, got `"
                           << value.GetTypeKey() << "`";
}

Var MakeTensorVar(const ffi::String& name, const Type& ty, const Span& span, const char* what) {
  if (ty.as<ir::TensorTypeObj>() == nullptr) {
    TVM_FFI_THROW(TypeError) << what << " needs a tensor type (`T.Tensor(...)`), got `"
                             << (ty.defined() ? ty->GetTypeKey() : "None") << "`";
  }
  return Var(name, ty, span);
}

}  // namespace

Expr ConvertTo(const ffi::Any& value, const PrimType& ty, const std::string& what) {
  if (Expr expr = AsExprOrNull(value); expr.defined()) {
    if (expr.dtype() == ty.dtype()) return expr;
    TVM_FFI_THROW(TypeError) << what << " has type `" << expr.dtype().ToString() << "`, expected `"
                             << ty.dtype().ToString() << "`: convert it with an explicit cast";
  }
  if (std::optional<Expr> literal = MakeLiteral(value, ty)) return *literal;
  ThrowNotAValue(value, what);
}

Expr LiteralOrExpr(const ffi::Any& value, const std::string& what) {
  if (Expr expr = AsExprOrNull(value); expr.defined()) return expr;
  if (std::optional<Expr> literal = DefaultTypedLiteral(value)) return *literal;
  ThrowNotAValue(value, what);
}

/*!
 * \brief `m = T.int32()` in a body, after a header extent `"m"` made that symbol: Apache
 * TVM 0.27 binds the name to the header's symbol (its printer writes this form), so does the
 * builder; another type for it is an error, as there. Anywhere else, a new variable.
 */
Var SignatureSymbolOr(const ffi::String& name, const Type& ty, const Span& span) {
  if (IRBuilder::IsInScope()) {
    if (auto frame = IRBuilder::Current().FindFrame<FunctionFrame>(); frame.has_value()) {
      if (auto declared = (*frame)->string_symbols.Get(name); declared.has_value()) {
        const auto* prim = ty.as<ir::PrimTypeObj>();
        if (prim == nullptr || prim->dtype != (*declared).dtype()) {
          TVM_FFI_THROW(TypeError)
              << "`" << name << "` is the symbol of the header's extent \"" << name
              << "\", of type " << (*declared).dtype().ToString()
              << "; declaring it again takes that type, got `"
              << (prim != nullptr ? prim->dtype.ToString() : std::string(ty->GetTypeKey())) << "`";
        }
        return *declared;
      }
    }
  }
  return Var(name, ty, span);
}

Var BindValue(const ffi::Any& value, const ffi::String& name, ffi::Optional<Type> ty, Span span,
              Span name_span) {
  std::string what = "The value bound to `" + std::string(name) + "`";
  Expr expr;
  Type var_type;
  if (ty.has_value() && ty->defined()) {
    var_type = *ty;
    if (const auto* prim = ty->as<ir::PrimTypeObj>(); prim && AsExprOrNull(value).defined()) {
      expr = AsExprOrNull(value);
    } else if (prim) {
      expr = ConvertTo(value, ty->cast<PrimType>(), what);
    } else {
      expr = LiteralOrExpr(value, what);
    }
  } else {
    expr = LiteralOrExpr(value, what);
    var_type = expr->ty;
  }
  Var var(name, var_type, std::move(name_span));
  RecordBinding(name, var);
  AddToFrame(Bind(var, expr, std::move(span)));
  return var;
}

void SetItem(const Expr& target, const ffi::Array<ffi::Any>& indices, const ffi::Any& value,
             Span span) {
  const auto* tensor = target.defined() ? target->ty.as<ir::TensorTypeObj>() : nullptr;
  if (tensor == nullptr) {
    TVM_FFI_THROW(TypeError) << "Only tensors can be stored to with `x[...] = value`, got `"
                             << (target.defined() ? target->ty->GetTypeKey() : "None") << "`";
  }
  // As the reference stores: a literal has its default type, and a value of another type of
  // the accessed lanes is converted to the element type (ImplicitCast: a constant folds).
  Expr stored = AsExprOrNull(value);
  if (!stored.defined()) stored = LiteralOrExpr(value, "The stored value");
  ffi::Array<Expr> index_exprs = IndexExprs(indices);
  ffi::DataType element = CheckTensorAccess(target, index_exprs, TensorStoreObj::_type_key);
  if (const auto* prim = stored->ty.as<ir::PrimTypeObj>();
      prim && prim->dtype != element && prim->dtype.lanes() == element.lanes()) {
    stored = ImplicitCast(PrimType(element), stored);
  }
  AddToFrame(TensorStore(target, index_exprs, stored, std::move(span)));
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<TIRFrameObj>().def_ro("stmts", &TIRFrameObj::stmts);
  refl::ObjectDef<FunctionFrameObj>()
      .def_ro("params", &FunctionFrameObj::params)
      .def_ro("attrs", &FunctionFrameObj::attrs);
  refl::ObjectDef<ForFrameObj>().def_ro("vars", &ForFrameObj::vars);
  refl::ObjectDef<WhileFrameObj>();
  refl::ObjectDef<IfFrameObj>();
  refl::ObjectDef<BranchFrameObj>();
  refl::ObjectDef<AttrFrameObj>();
  refl::ObjectDef<LaunchThreadFrameObj>().def_ro("var", &LaunchThreadFrameObj::var);
  refl::GlobalDef()
      .def("tirx.builder.Function",
           [](bool is_private, bool is_declaration, Span span) {
             return FunctionFrame::Create(is_private, is_declaration, span);
           })
      .def("tirx.builder.FuncName",
           [](ffi::String name) {
             FunctionFrame frame = RequireFunctionFrame("`T.func_name`");
             frame.mutable_get()->name = name;
           })
      .def("tirx.builder.FuncAttrs",
           [](ffi::Map<ffi::String, ffi::Any> attrs) {
             FunctionFrame frame = RequireFunctionFrame("`T.func_attr`");
             for (const auto& [key, value] : attrs) {
               if (frame->attrs.count(key)) {
                 TVM_FFI_THROW(ValueError) << "Function attribute `" << key << "` is set twice";
               }
               frame.mutable_get()->attrs.Set(key, value);
             }
           })
      // A function has one return type: the header's `-> T.int32` or a `T.func_ret(...)`
      // in the body, not both (the reference's rule).
      .def("tirx.builder.FuncRet",
           [](Type ty) {
             FunctionFrame frame = RequireFunctionFrame("A return annotation");
             if (frame->ret_type.defined() && ty.defined()) {
               TVM_FFI_THROW(ValueError)
                   << "Duplicate function return type: it is already given (by the header's "
                      "`->` or an earlier `T.func_ret`)";
             }
             frame.mutable_get()->ret_type = ty;
           })
      .def("tirx.builder.Arg",
           [](ffi::String name, ffi::Any annotation, Span span) {
             FunctionFrame frame = RequireFunctionFrame("A parameter");
             Var var;
             if (auto symbol = annotation.try_cast<Var>();
                 symbol.has_value() && symbol->defined()) {
               var = *symbol;  // `n: n`: the parameter is the captured symbol itself.
             } else if (auto ty = annotation.try_cast<Type>(); ty.has_value() && ty->defined()) {
               auto declared = frame->string_symbols.Get(name);
               const auto* prim = ty->as<ir::PrimTypeObj>();
               if (declared.has_value() && prim != nullptr && prim->dtype == (*declared).dtype()) {
                 var = *declared;  // `n: T.int32` after an extent `"n"`: that symbol
               } else {
                 var = Var(name, *ty, span);
               }
             } else {
               TVM_FFI_THROW(TypeError)
                   << "The annotation of parameter `" << name
                   << "` must be a type (`T.int32`, `T.Tensor(...)`) or a symbol, got `"
                   << annotation.GetTypeKey() << "`";
             }
             for (const Var& p : frame->params) {
               if (p.same_as(var)) {
                 TVM_FFI_THROW(ValueError) << "Symbol `" << name << "` is two parameters";
               }
             }
             frame.mutable_get()->params.push_back(var);
             frame.mutable_get()->bound_names.Set(name, var);
             return var;
           })
      .def("tirx.builder.Dynamic",
           [](ffi::String name, PrimType ty, Span span) {
             ffi::DataType dtype = ty.dtype();
             if ((!dtype.is_int() && !dtype.is_uint()) || dtype.lanes() != 1) {
               TVM_FFI_THROW(TypeError) << "A symbol is a scalar integer, got `" << dtype.ToString()
                                        << "` for `" << name << "`";
             }
             return SignatureSymbolOr(name, ty, span);
           })
      // Apache TVM's `x = T.float32()`, `p = T.handle("float32")`: a variable of any scalar or
      // pointer type, declared without a value (integer ones are symbols: `Dynamic`).
      .def("tirx.builder.Declare",
           [](ffi::String name, Type ty, Span span) {
             const auto* prim = ty.as<ir::PrimTypeObj>();
             bool scalar = prim != nullptr && prim->dtype.lanes() == 1 && !prim->dtype.is_void();
             if (!scalar && ty.as<ir::PointerTypeObj>() == nullptr) {
               std::string shown = prim != nullptr ? prim->dtype.ToString()
                                   : ty.defined()  ? std::string(ty->GetTypeKey())
                                                   : std::string("None");
               TVM_FFI_THROW(TypeError) << "A declared variable is a scalar or a pointer, got `"
                                        << shown << "` for `" << name << "`";
             }
             return SignatureSymbolOr(name, ty, span);
           })
      .def("tirx.builder.Emit",
           [](ffi::Any value, Span span) {
             if (auto stmt = value.try_cast<Stmt>(); stmt.has_value() && stmt->defined()) {
               AddToFrame(*stmt);
             } else if (Expr expr = AsExprOrNull(value); expr.defined()) {
               AddToFrame(Evaluate(expr, span));
             } else {
               TVM_FFI_THROW(TypeError) << "An expression statement must be an IR expression "
                                           "or statement, got `"
                                        << value.GetTypeKey() << "`";
             }
           })
      .def("tirx.builder.Evaluate",
           [](ffi::Any value, Span span) {
             return Evaluate(LiteralOrExpr(value, "`T.evaluate`'s value"), span);
           })
      .def("tirx.builder.Bind", BindValue)
      .def("tirx.builder.SetItem", SetItem)
      .def("tirx.builder.Load",
           [](Expr target, ffi::Array<ffi::Any> indices) {
             return TensorLoad(target, IndexExprs(indices));
           })
      .def("tirx.builder.For",
           [](ffi::Array<ffi::String> names, ffi::Array<Span> name_spans,
              ffi::Array<ffi::Any> starts, ffi::Array<ffi::Any> ends, ffi::Array<ffi::Any> steps,
              int64_t kind, ffi::String thread_tag, ffi::Map<ffi::String, ffi::Any> annotations,
              Span span) {
             return ForFrame::Create(names, name_spans, starts, ends, steps,
                                     static_cast<ForKind>(kind), thread_tag, annotations, span);
           })
      .def("tirx.builder.While",
           [](ffi::Any condition, Span span) {
             return WhileFrame::Create(Condition(condition, "A while condition"), span);
           })
      .def("tirx.builder.If",
           [](ffi::Any condition, Span span) {
             return IfFrame::Create(Condition(condition, "An if condition"), span);
           })
      .def("tirx.builder.Then", [](Span span) { return BranchFrame::Create(false, span); })
      .def("tirx.builder.Else", [](Span span) { return BranchFrame::Create(true, span); })
      .def("tirx.builder.Attr",
           [](ffi::Any node, ffi::String key, ffi::Any value, Span span) {
             // A string value (`"pragma_import_c"` style) is a StringImm, as in TVM.
             auto text = value.try_cast<ffi::String>();
             Expr expr = text.has_value() ? Expr(StringImm(*text))
                                          : LiteralOrExpr(value, "An attribute value");
             return AttrFrame::Create(node, key, expr, span);
           })
      .def("tirx.builder.EnvThread",
           [](ffi::String name, ffi::String thread_tag, ffi::DataType dtype, Span name_span) {
             FunctionFrame frame = RequireFunctionFrame("`T.env_thread`");
             if (thread_tag.empty()) {
               TVM_FFI_THROW(ValueError) << "`T.env_thread` needs a thread tag such as "
                                            "\"threadIdx.x\"";
             }
             if ((!dtype.is_int() && !dtype.is_uint()) || dtype.lanes() != 1) {
               TVM_FFI_THROW(TypeError)
                   << "A thread index is a scalar integer, got `" << dtype.ToString() << "`";
             }
             Var var(name, PrimType(dtype), name_span);
             frame.mutable_get()->env_threads.Set(var, thread_tag);
             return var;
           })
      .def("tirx.builder.LaunchThread",
           [](ffi::Any thread, ffi::Any extent, ffi::String name, Span span, Span name_span) {
             if (auto tag = thread.try_cast<ffi::String>()) {
               return LaunchThreadFrame::Create(*tag, extent, name, std::nullopt, span, name_span);
             }
             auto var = thread.try_cast<Var>();
             FunctionFrame frame = RequireFunctionFrame("`T.launch_thread`");
             auto tag = var.has_value() ? frame->env_threads.Get(*var) : std::nullopt;
             if (!tag.has_value()) {
               TVM_FFI_THROW(TypeError)
                   << "`T.launch_thread` takes a thread tag (\"threadIdx.x\") or a variable of "
                      "`T.env_thread`, got "
                   << (var.has_value() ? "the variable `" + std::string((*var)->name) + "`"
                                       : "`" + std::string(thread.GetTypeKey()) + "`");
             }
             return LaunchThreadFrame::Create(*tag, extent, (*var)->name, var, span, name_span);
           })
      .def("tirx.builder.Assert",
           [](ffi::Any condition, ffi::String error_kind, ffi::Array<ffi::String> message_parts,
              Span span) {
             AddToFrame(AssertStmt(LiteralOrExpr(condition, "An assert condition"), error_kind,
                                   message_parts, span));
           })
      .def("tirx.builder.Break",
           [](Span span) {
             if (!InLoop()) TVM_FFI_THROW(ValueError) << "`break` outside a loop";
             AddToFrame(Break(span));
           })
      .def("tirx.builder.Continue",
           [](Span span) {
             if (!InLoop()) TVM_FFI_THROW(ValueError) << "`continue` outside a loop";
             AddToFrame(Continue(span));
           })
      .def("tirx.builder.Return",
           [](ffi::Any value, Span span) {
             ffi::Optional<Expr> expr;
             if (value.type_index() != ffi::TypeIndex::kNone) {
               expr = LiteralOrExpr(value, "A returned value");
             }
             AddToFrame(Return(expr, span));
           })
      .def("tirx.builder.AllocTensor",
           [](ffi::String name, Type ty, ffi::Map<ffi::String, ffi::Any> attrs, Span span,
              Span name_span) {
             Var var = MakeTensorVar(name, ty, name_span, "`T.alloc_tensor`");
             RecordBinding(name, var);
             AddToFrame(AllocTensor(var, attrs, span));
             return var;
           })
      .def("tirx.builder.DeclTensor",
           [](ffi::String name, Type ty, Expr data, Span span, Span name_span) {
             Var var = MakeTensorVar(name, ty, name_span, "`T.decl_tensor`");
             RecordBinding(name, var);
             AddToFrame(DeclTensor(var, data, span));
             return var;
           });
}

}  // namespace builder
}  // namespace tirx
}  // namespace tvm
