/*!
 * \file builtin_intrinsics.cc
 * \brief The intrinsics beyond the float rule: isnan, popcount, clz, ldexp, likely, assume,
 *  if_then_else, address_of, vscale, isnullptr, vector_low/high/combine, assume_aligned,
 *  assume_always, ignore_loop_partition, throw_last_error, handle_add_byte_offset and
 *  tensor_data_ptr (`A.data`) (each with its type rule), those of the call's type or int32
 *  (undef, call_packed, call_cpacked and their lowered forms), and those whose result type
 *  is given: reinterpret, call_extern, call_pure_extern, call_llvm_intrin,
 *  call_llvm_pure_intrin, ptr_byte_offset.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/tirx/intrinsic_spec.h>
#include <tvm/tirx/intrinsics.h>
#include <tvm/tirx/tensor_expr.h>

#include <string>
#include <utility>

#include "type_check_internal.h"

namespace tvm {
namespace tirx {

namespace {

using ffi::DataType;
using enum CallEffect;
using enum PrintStyle;

bool IsFloatKind(DataType d) { return d.is_floating_point(); }

Type IsNanRule(const ffi::Array<Expr>& args, const char* op) {
  DataType t = OperandDType(args[0], op, "args");
  if (!IsFloatKind(t)) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` needs a float argument, got `" << t.ToString()
                             << "`";
  }
  return PrimType(DataType::Bool(t.lanes()));
}

Type PopcountRule(const ffi::Array<Expr>& args, const char* op) {
  DataType t = OperandDType(args[0], op, "args");
  if (!t.is_int() && !t.is_uint()) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` needs an integer argument, got `" << t.ToString()
                             << "`";
  }
  return args[0]->ty;
}

Type ClzRule(const ffi::Array<Expr>& args, const char* op) {
  IntegerDType(args[0], op, "args");
  return PrimType(DataType::Int(32));
}

Type LdexpRule(const ffi::Array<Expr>& args, const char* op) {
  DataType x = OperandDType(args[0], op, "args");
  DataType exponent = OperandDType(args[1], op, "args");
  if (!IsFloatKind(x) || !(exponent.is_int() || exponent.is_uint()) ||
      exponent.lanes() != x.lanes()) {
    TVM_FFI_THROW(TypeError) << "`" << op
                             << "` needs a float and an integer exponent of its lanes, "
                             << "got `" << x.ToString() << "` and `" << exponent.ToString() << "`";
  }
  return args[0]->ty;
}

Type LikelyRule(const ffi::Array<Expr>& args, const char* op) {
  CheckBool(args[0], op, "args");
  return args[0]->ty;
}

Type AssumeRule(const ffi::Array<Expr>& args, const char* op) {
  ScalarDType(args[0], op, "args");
  CheckBool(args[0], op, "args");
  return args[0]->ty;
}

Type IfThenElseRule(const ffi::Array<Expr>& args, const char* op) {
  CheckBool(args[0], op, "condition");
  DataType cond = OperandDType(args[0], op, "condition");
  DataType t = OperandDType(args[1], op, "true_value");
  DataType f = OperandDType(args[2], op, "false_value");
  if (t != f) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` needs branches of one type, got `" << t.ToString()
                             << "` and `" << f.ToString() << "`";
  }
  if (cond.lanes() != 1 && cond.lanes() != t.lanes()) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` has a condition of " << cond.lanes()
                             << " lanes for branches of " << t.lanes();
  }
  return args[1]->ty;
}

/*! \brief `A.data`: the data pointer of a tensor, a pointer to its elements in its scope. */
Type TensorDataPtrRule(const ffi::Array<Expr>& args, const char* op) {
  const auto* tensor = args[0]->ty.as<ir::TensorTypeObj>();
  if (tensor == nullptr) {
    TVM_FFI_THROW(TypeError) << "`" << op << "`: `X.data` is the data pointer of a tensor `X`, "
                             << "and this value is not a tensor";
  }
  return ir::PointerType(PrimType(tensor->dtype), tensor->scope);
}

/*! \brief `T.address_of(A[i])`: a pointer to the loaded element, in the tensor's scope. */
Type AddressOfRule(const ffi::Array<Expr>& args, const char* op) {
  const auto* load = args[0].as<TensorLoadObj>();
  const auto* tensor = load != nullptr ? load->source->ty.as<ir::TensorTypeObj>() : nullptr;
  if (tensor == nullptr) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` takes an element of a tensor, such as "
                             << "`T.address_of(A[i])`";
  }
  return ir::PointerType(load->ty, tensor->scope);
}

/*! \brief `T.isnullptr(p)`: whether a pointer (a `T.Ptr` or `T.handle` value) is null. */
Type IsNullptrRule(const ffi::Array<Expr>& args, const char* op) {
  const Type& ty = args[0]->ty;
  const auto* prim = ty.as<ir::PrimTypeObj>();
  if (!IsPointer(ty)) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` tests a pointer (`T.Ptr(...)` or `T.handle`), "
                             << "got `"
                             << (prim != nullptr ? prim->dtype.ToString()
                                                 : std::string(ty->GetTypeKey()))
                             << "`";
  }
  return PrimType(DataType::Bool());
}

/*! \brief `T.vector_low(v)` / `T.vector_high(v)`: one half of a vector of an even lane count. */
Type VectorHalfRule(const ffi::Array<Expr>& args, const char* op) {
  DataType t = OperandDType(args[0], op, "args");
  if (t.lanes() < 2 || t.lanes() % 2 != 0) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` takes a vector of an even lane count, got `"
                             << t.ToString() << "`";
  }
  return PrimType(t.with_lanes(t.lanes() / 2));
}

/*!
 * \brief `T.vector_combine(a, b)`: two vectors (or scalars) of one type, concatenated: twice the
 *  lanes.
 */
Type VectorCombineRule(const ffi::Array<Expr>& args, const char* op) {
  DataType a = OperandDType(args[0], op, "args");
  DataType b = OperandDType(args[1], op, "args");
  if (a != b) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` takes two vectors of one type, got `"
                             << a.ToString() << "` and `" << b.ToString() << "`";
  }
  return PrimType(a.with_lanes(a.lanes() * 2));
}

/*! \brief `T.assume_aligned(A.data, 64)`: a statement that the pointer is aligned to the bytes. */
Type AssumeAlignedRule(const ffi::Array<Expr>& args, const char* op) {
  if (!IsPointer(args[0]->ty)) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` states the alignment of a pointer (such as "
                             << "`A.data`)";
  }
  IntegerDType(args[1], op, "alignment_bytes");
  return VoidType();
}

/*! \brief `T.assume_always(c)`: a statement that the scalar bool `c` holds everywhere. */
Type AssumeAlwaysRule(const ffi::Array<Expr>& args, const char* op) {
  ScalarDType(args[0], op, "predicate");
  CheckBool(args[0], op, "predicate");
  return VoidType();
}

/*! \brief `T.ignore_loop_partition(c)`: the bool `c`, which loop partitioning leaves alone. */
Type IgnoreLoopPartitionRule(const ffi::Array<Expr>& args, const char* op) {
  CheckBool(args[0], op, "predicate");
  return PrimType(DataType::Bool());
}

/*! \brief `T.handle_add_byte_offset(p, n)`: the pointer `n` bytes after `p`, untyped (`void`). */
Type HandleAddByteOffsetRule(const ffi::Array<Expr>& args, const char* op) {
  if (!IsPointer(args[0]->ty)) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` offsets a pointer (such as `A.data`)";
  }
  IntegerDType(args[1], op, "offset");
  return ir::PointerType(VoidType(), "global");
}

void CheckReinterpretWidth(DataType from, DataType to) {
  if (from.bits() * from.lanes() != to.bits() * to.lanes()) {
    TVM_FFI_THROW(TypeError) << "`tirx.reinterpret` keeps the bits: `" << from.ToString()
                             << "` cannot be read as `" << to.ToString() << "` of another width";
  }
}

/*!
 * \brief The check of a built reinterpret call: a primitive result of the operand's width, or a
 *  pointer read from a 64-bit integer (an address held as an integer, as the reference builds
 *  it for a PTX address operand).
 */
void CheckReinterpret(const ir::Call& call, const char* op) {
  const auto* to = call->ty.as<ir::PrimTypeObj>();
  if (to == nullptr && IsPointer(call->ty)) {
    DataType from = OperandDType(call->args[0], op, "args");
    if ((from.is_int() || from.is_uint()) && from.bits() == 64 && from.lanes() == 1) return;
  }
  if (to == nullptr) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` needs a primitive result type";
  }
  CheckReinterpretWidth(OperandDType(call->args[0], op, "args"), to->dtype);
}

constexpr IntrinsicSpec kBuiltinIntrinsics[] = {
    {"isnan", 1, 1, IsNanRule, kPure, kCall, "whether a float is NaN (bool, per lane)"},
    {"popcount", 1, 1, PopcountRule, kPure, kCall, "the number of set bits of an integer"},
    {"clz", 1, 1, ClzRule, kPure, kCall,
     "the number of leading zero bits of a scalar integer (int32)"},
    {"ldexp", 2, 2, LdexpRule, kPure, kCall, "x * 2 ** exponent, of x's float type"},
    {"likely", 1, 1, LikelyRule, kExprAnnotation, kCall,
     "a bool condition marked as usually true (a hint for passes)"},
    {"assume", 1, 1, AssumeRule, kEmbedInfo, kCall,
     "a bool fact the following code may rely on (a statement)"},
    {"if_then_else", 3, 3, IfThenElseRule, kPure, kCall,
     "if_then_else(c, t, f): t where c holds, else f; only the chosen branch is evaluated"},
    {"address_of", 1, 1, AddressOfRule, kPure, kCall,
     "a pointer to a tensor element (`T.address_of(A[i])`)"},
    {"vscale", 0, 0, Int32Result, kPure, kCall,
     "the vector-length multiple of scalable vector targets (int32)"},
    {"isnullptr", 1, 1, IsNullptrRule, kPure, kCall, "whether a pointer is null (bool)"},
    {"vector_low", 1, 1, VectorHalfRule, kPure, kCall, "the low half of the lanes of a vector"},
    {"vector_high", 1, 1, VectorHalfRule, kPure, kCall, "the high half of the lanes of a vector"},
    {"vector_combine", 2, 2, VectorCombineRule, kPure, kCall,
     "two vectors of one type, concatenated"},
    {"assume_aligned", 2, 2, AssumeAlignedRule, kEmbedInfo, kCall,
     "a pointer's alignment in bytes (a statement)"},
    {"assume_always", 1, 1, AssumeAlwaysRule, kEmbedInfo, kCall,
     "a bool fact that holds everywhere (a statement)"},
    {"ignore_loop_partition", 1, 1, IgnoreLoopPartitionRule, kPure, kCall,
     "a bool condition loop partitioning leaves alone"},
    {"throw_last_error", 0, 0, VoidResult, kUpdateState, kCall,
     "raises the runtime's last error (a statement)"},
    {"handle_add_byte_offset", 2, 2, HandleAddByteOffsetRule, kPure, kCall,
     "a pointer a number of bytes after another, untyped"},
    // `A.data`, not `T.tensor_data_ptr(A)`.
    {"tensor_data_ptr", 1, 1, TensorDataPtrRule, kPure, kDataField,
     "the data pointer of a tensor (`A.data`)"},
    // Of the call's type when it gives one, else int32 (the rule's).
    {"undef", 0, 0, Int32Result, kReadState, kCallTyUnlessInt32,
     "a value that is defined but arbitrary, of the call's type"},
    {"call_packed", 0, kUnboundedArgs, Int32Result, kUpdateState, kCallTyUnlessInt32,
     "a call of a packed function by name (a StringImm first)"},
    {"call_cpacked", 0, kUnboundedArgs, Int32Result, kUpdateState, kCallTyUnlessInt32,
     "call_packed of a C packed function, by name"},
    {"call_packed_lowered", 0, kUnboundedArgs, Int32Result, kUpdateState, kCallTyUnlessInt32,
     "call_packed with its arguments already on the stack"},
    {"call_cpacked_lowered", 0, kUnboundedArgs, Int32Result, kUpdateState, kCallTyUnlessInt32,
     "call_cpacked with its arguments already on the stack"},
    // Of the call's given type: no rule.
    {"reinterpret", 1, 1, nullptr, kPure, kCallTyUnlessMissing,
     "the same bits read as the call's type (of the same total width)", CheckReinterpret},
    {"call_extern", 0, kUnboundedArgs, nullptr, kUpdateState, kCallTyUnlessMissing,
     "a call of an external function, by name (a StringImm argument)"},
    {"call_pure_extern", 0, kUnboundedArgs, nullptr, kPure, kCallTyUnlessMissing,
     "call_extern of a function without side effects"},
    {"call_llvm_intrin", 0, kUnboundedArgs, nullptr, kUpdateState, kCallTyUnlessMissing,
     "a call of an LLVM intrinsic, by name (a StringImm first)"},
    {"call_llvm_pure_intrin", 0, kUnboundedArgs, nullptr, kPure, kCallTyUnlessMissing,
     "call_llvm_intrin of an intrinsic without side effects"},
    {"ptr_byte_offset", 2, 2, nullptr, kPure, kCallTyUnlessMissing,
     "a pointer a number of bytes after another, of the given type"},
};

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const IntrinsicSpec& spec : kBuiltinIntrinsics) RegisterIntrinsic(spec);
  namespace refl = tvm::ffi::reflection;
  refl::GlobalDef().def(
      "tirx.Reinterpret",
      [](PrimType ty, Expr value) { return Reinterpret(std::move(ty), std::move(value)); },
      "tirx.reinterpret(value) of type ty; TypeError unless the widths agree.");
}

}  // namespace

Expr Reinterpret(PrimType ty, Expr value, Span span) {
  if (!ty.defined()) TVM_FFI_THROW(ValueError) << "The type given to `reinterpret` is None";
  CheckReinterpretWidth(OperandDType(value, "tirx.reinterpret", "args"), ty.dtype());
  ir::CallOptions options;
  options.ty = std::move(ty);
  options.span = std::move(span);
  return ir::Call(ir::Op::Get("tirx.reinterpret"), {std::move(value)}, std::move(options));
}

}  // namespace tirx
}  // namespace tvm
