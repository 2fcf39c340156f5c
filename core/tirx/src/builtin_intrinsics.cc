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
#include <tvm/tirx/intrinsics.h>
#include <tvm/tirx/tensor_expr.h>

#include <string>
#include <utility>

#include "intrinsic_spec_internal.h"
#include "type_check_internal.h"

namespace tvm {
namespace tirx {

namespace details {

ffi::Function RuleFunction(std::string op_name, int64_t num_args, TypeRule rule) {
  return ffi::Function::FromTyped(
      [op_name, num_args, rule](ffi::Array<Expr> args, ffi::Map<ffi::String, ffi::Any>,
                                ffi::Array<Type>) -> Type {
        if (num_args >= 0 && static_cast<int64_t>(args.size()) != num_args) {
          TVM_FFI_THROW(TypeError) << "`" << op_name << "` takes " << num_args << " argument"
                                   << (num_args == 1 ? "" : "s") << ", got " << args.size();
        }
        return rule(args, op_name.c_str());
      },
      op_name + ".type_rule");
}

void RegisterIntrinsic(const RuledSpec& spec) {
  std::string name = std::string("tirx.") + spec.name;
  ir::OpRegistry op = ir::OpRegistry::Register(name);
  op.set_doc(spec.doc).set_num_args(spec.num_args);
  if (spec.rule != nullptr) {
    op.set_attr(ir::kOpTypeRule, RuleFunction(name, spec.num_args, spec.rule));
  }
}

bool IsPointer(const Type& ty) {
  const auto* prim = ty.as<ir::PrimTypeObj>();
  return ty.as<ir::PointerTypeObj>() != nullptr || (prim != nullptr && prim->dtype.is_handle());
}

Type VoidType() { return PrimType(ffi::DataType::Void()); }

}  // namespace details

namespace {

using details::IsPointer;
using details::RuledSpec;
using details::RuleFunction;
using details::VoidType;
using ffi::DataType;

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

Type VscaleRule(const ffi::Array<Expr>&, const char*) { return PrimType(DataType::Int(32)); }

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

Type VoidRule(const ffi::Array<Expr>&, const char*) { return VoidType(); }

/*! \brief `T.handle_add_byte_offset(p, n)`: the pointer `n` bytes after `p`, untyped (`void`). */
Type HandleAddByteOffsetRule(const ffi::Array<Expr>& args, const char* op) {
  if (!IsPointer(args[0]->ty)) {
    TVM_FFI_THROW(TypeError) << "`" << op << "` offsets a pointer (such as `A.data`)";
  }
  IntegerDType(args[1], op, "offset");
  return ir::PointerType(VoidType(), "global");
}

/*! \brief An intrinsic whose result is `ty=` when given, else an int32 (the rule's answer). */
Type Int32Rule(const ffi::Array<Expr>&, const char*) { return PrimType(DataType::Int(32)); }

constexpr RuledSpec kRuledIntrinsics[] = {
    {"isnan", 1, IsNanRule, "whether a float is NaN (bool, per lane)"},
    {"popcount", 1, PopcountRule, "the number of set bits of an integer"},
    {"clz", 1, ClzRule, "the number of leading zero bits of a scalar integer (int32)"},
    {"ldexp", 2, LdexpRule, "x * 2 ** exponent, of x's float type"},
    {"likely", 1, LikelyRule, "a bool condition marked as usually true (a hint for passes)"},
    {"assume", 1, AssumeRule, "a bool fact the following code may rely on (a statement)"},
    {"if_then_else", 3, IfThenElseRule,
     "if_then_else(c, t, f): t where c holds, else f; only the chosen branch is evaluated"},
    {"address_of", 1, AddressOfRule, "a pointer to a tensor element (`T.address_of(A[i])`)"},
    {"vscale", 0, VscaleRule, "the vector-length multiple of scalable vector targets (int32)"},
    {"isnullptr", 1, IsNullptrRule, "whether a pointer is null (bool)"},
    {"vector_low", 1, VectorHalfRule, "the low half of the lanes of a vector"},
    {"vector_high", 1, VectorHalfRule, "the high half of the lanes of a vector"},
    {"vector_combine", 2, VectorCombineRule, "two vectors of one type, concatenated"},
    {"assume_aligned", 2, AssumeAlignedRule, "a pointer's alignment in bytes (a statement)"},
    {"assume_always", 1, AssumeAlwaysRule, "a bool fact that holds everywhere (a statement)"},
    {"ignore_loop_partition", 1, IgnoreLoopPartitionRule,
     "a bool condition loop partitioning leaves alone"},
    {"throw_last_error", 0, VoidRule, "raises the runtime's last error (a statement)"},
    {"handle_add_byte_offset", 2, HandleAddByteOffsetRule,
     "a pointer a number of bytes after another, untyped"},
};

/*!
 * \brief Their result type is `ty=` when the call gives one, else int32 (the rule): printed
 *  `T.<name>(args...)`, with `ty=` only when it is not int32.
 */
constexpr RuledSpec kInt32DefaultIntrinsics[] = {
    {"undef", 0, Int32Rule, "a value that is defined but arbitrary, of the call's type"},
    {"call_packed", -1, Int32Rule, "a call of a packed function by name (a StringImm first)"},
    {"call_cpacked", -1, Int32Rule, "call_packed of a C packed function, by name"},
    {"call_packed_lowered", -1, Int32Rule, "call_packed with its arguments already on the stack"},
    {"call_cpacked_lowered", -1, Int32Rule, "call_cpacked with its arguments already on the stack"},
};

/*! \brief Their result type is the call's given type: no rule (nullptr). */
constexpr RuledSpec kTypedIntrinsics[] = {
    {"reinterpret", 1, nullptr, "the same bits read as the call's type (of the same total width)"},
    {"call_extern", -1, nullptr, "a call of an external function, by name (a StringImm argument)"},
    {"call_pure_extern", -1, nullptr, "call_extern of a function without side effects"},
    {"call_llvm_intrin", -1, nullptr, "a call of an LLVM intrinsic, by name (a StringImm first)"},
    {"call_llvm_pure_intrin", -1, nullptr, "call_llvm_intrin of an intrinsic without side effects"},
    {"ptr_byte_offset", 2, nullptr, "a pointer a number of bytes after another, of the given type"},
};

void CheckReinterpretWidth(DataType from, DataType to) {
  if (from.bits() * from.lanes() != to.bits() * to.lanes()) {
    TVM_FFI_THROW(TypeError) << "`tirx.reinterpret` keeps the bits: `" << from.ToString()
                             << "` cannot be read as `" << to.ToString() << "` of another width";
  }
}

/*! \brief The check of a built reinterpret call (well-formedness): one operand, one width. */
ffi::Function ReinterpretValidate() {
  return ffi::Function::FromTyped(
      [](ir::Call call) {
        const auto* to = call->ty.as<ir::PrimTypeObj>();
        if (to == nullptr) {
          TVM_FFI_THROW(TypeError) << "`tirx.reinterpret` needs a primitive result type";
        }
        CheckReinterpretWidth(OperandDType(call->args[0], "tirx.reinterpret", "args"), to->dtype);
      },
      "tirx.reinterpret.validate");
}

TVM_FFI_STATIC_INIT_BLOCK() {
  for (const RuledSpec& spec : kRuledIntrinsics) details::RegisterIntrinsic(spec);
  for (const RuledSpec& spec : kInt32DefaultIntrinsics) details::RegisterIntrinsic(spec);
  for (const RuledSpec& spec : kTypedIntrinsics) details::RegisterIntrinsic(spec);
  // Printed as `A.data` (not `T.tensor_data_ptr(A)`), so it is not one of the ruled names.
  ir::OpRegistry::Register("tirx.tensor_data_ptr")
      .set_doc("the data pointer of a tensor (`A.data`)")
      .set_num_args(1)
      .set_attr(ir::kOpTypeRule, RuleFunction("tirx.tensor_data_ptr", 1, TensorDataPtrRule));
  ir::OpRegistry::Register("tirx.reinterpret").set_attr(ir::kOpValidate, ReinterpretValidate());
  namespace refl = tvm::ffi::reflection;
  refl::GlobalDef().def(
      "tirx.Reinterpret",
      [](PrimType ty, Expr value) { return Reinterpret(std::move(ty), std::move(value)); },
      "tirx.reinterpret(value) of type ty; TypeError unless the widths agree.");
}

/*! \brief The names of this file's table, then those of the other files' of its family. */
template <size_t N>
std::vector<std::string> NamesOf(const RuledSpec (&specs)[N], details::PrintFamily family) {
  std::vector<std::string> names;
  for (const RuledSpec& spec : specs) names.emplace_back(spec.name);
  for (const RuledSpec& spec : details::RuntimeSpecs(family)) names.emplace_back(spec.name);
  for (const RuledSpec& spec : details::MemorySpecs(family)) names.emplace_back(spec.name);
  return names;
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

const std::vector<std::string>& RuledIntrinsicNames() {
  static const std::vector<std::string> names =
      NamesOf(kRuledIntrinsics, details::PrintFamily::kRuled);
  return names;
}

const std::vector<std::string>& Int32DefaultIntrinsicNames() {
  static const std::vector<std::string> names =
      NamesOf(kInt32DefaultIntrinsics, details::PrintFamily::kInt32Default);
  return names;
}

const std::vector<std::string>& TypedIntrinsicNames() {
  static const std::vector<std::string> names =
      NamesOf(kTypedIntrinsics, details::PrintFamily::kTyped);
  return names;
}

}  // namespace tirx
}  // namespace tvm
