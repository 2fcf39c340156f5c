/*!
 * \file tvm/tirx/intrinsic_spec.h
 * \brief The one way to declare an intrinsic op `tirx.<name>`: a row of an IntrinsicSpec table,
 *  registered by RegisterIntrinsic. The row holds everything every layer needs: the argument
 *  count range, the type rule, the call's effect and how the printer writes the call. The last
 *  three and the range are kept on the op as its `TIntrinsic` attribute (an IntrinsicInfo,
 *  reflected, so Python reads it), which the printer and the script namespace read; no layer
 *  lists intrinsics by name (docs/architecture.md, "Adding an intrinsic").
 */
#ifndef TVM_TIRX_INTRINSIC_SPEC_H_
#define TVM_TIRX_INTRINSIC_SPEC_H_

#include <tvm/ir/call.h>
#include <tvm/ir/op.h>
#include <tvm/tirx/expr.h>

#include <optional>
#include <string>
#include <vector>

namespace tvm {
namespace tirx {

/*!
 * \brief What a call does besides computing its value, numbered as Apache TVM's
 *  `CallEffectKind` (and Python's `T.CallEffectKind`).
 */
enum class CallEffect : int64_t {
  kExprAnnotation = 0,
  kPure = 1,
  kReadState = 2,
  kUpdateState = 3,
  kSpecialCallArg = 4,
  kEmbedInfo = 5,
  kControlJump = 6,
};

/*! \brief How the printer writes a call of the intrinsic `tirx.<name>`. */
enum class PrintStyle : int64_t {
  /*! \brief `T.<name>(args...)`, with `ty=` when the call's type is not its rule's. */
  kCall,
  /*! \brief `T.<name>(args...)`, with `ty=` unless the call's type is int32. */
  kCallTyUnlessInt32,
  /*! \brief `T.<name>(args..., ty=...)`, without `ty=` when the type is Missing. */
  kCallTyUnlessMissing,
  /*! \brief `T.<name>(args..., ty)`: the call's type last, positionally. */
  kCallTypeLast,
  /*! \brief `args[0].data`: a field read of the one argument. */
  kDataField,
  /*!
   * \brief `T.<name>(args...)` with each int32 constant argument typed (`T.int32(4)`), as the
   *  reference prints a PTX instruction's operands.
   */
  kCallTypedConstants,
};

/*! \brief The `max_args` of an intrinsic taking any number of arguments from `min_args` on. */
constexpr int64_t kUnboundedArgs = -1;

/*! \brief A type rule: the result type of `op(args...)` (count already checked), or TypeError. */
using TypeRule = Type (*)(const ffi::Array<Expr>& args, const char* op);

/*! \brief A check of a built call beyond its count and rule (a width, an operand's kind). */
using CallCheck = void (*)(const ir::Call& call, const char* op);

/*! \brief One intrinsic `tirx.<name>`: a row of a registration table. */
struct IntrinsicSpec {
  const char* name;
  int64_t min_args;
  /*! \brief kUnboundedArgs when any number from `min_args` on is accepted. */
  int64_t max_args;
  /*! \brief Null when the result type is the call's given one (`ty=`), never deduced. */
  TypeRule rule;
  CallEffect effect;
  PrintStyle style;
  const char* doc;
  /*! \brief Null when the count and the rule are the whole contract. */
  CallCheck check = nullptr;
  /*!
   * \brief The member the call prints as, when not its own name: `ptx.ld` for each operand
   *  shape of PTX's `ld` (`tirx.ptx.ld_vec`, ...), which the reference prints by family.
   */
  const char* member = nullptr;
};

/*! \brief The attribute key of an intrinsic's IntrinsicInfo on its op. */
constexpr const char* kOpIntrinsic = "TIntrinsic";

/*! \brief An intrinsic's contract as the other layers read it (from its IntrinsicSpec). */
class IntrinsicInfoObj : public ffi::Object {
 public:
  int64_t min_args = 0;
  /*! \brief kUnboundedArgs when unbounded. */
  int64_t max_args = 0;
  /*! \brief A CallEffect value. */
  int64_t effect = 0;
  /*! \brief The PrintStyle's name (PrintStyleName): "call", "data_field", ... */
  ffi::String print_style;
  /*! \brief The member a call prints as (IntrinsicSpec::member), or "" for its own name. */
  ffi::String member;
  /*! \brief print_style as the enum. */
  PrintStyle style() const;

  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("tirx.IntrinsicInfo", IntrinsicInfoObj, ffi::Object);
};

class IntrinsicInfo : public ffi::ObjectRef {
 public:
  explicit IntrinsicInfo(const IntrinsicSpec& spec);
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(IntrinsicInfo, ffi::ObjectRef, IntrinsicInfoObj);
};

/*! \brief The name of a print style as IntrinsicInfo holds it ("call", "data_field", ...). */
const char* PrintStyleName(PrintStyle style);

/*!
 * \brief Registers `tirx.<spec.name>`: its doc, its count range, its type rule (counted, then
 *  `spec.rule`), its check (count, rule, `spec.check`) and its IntrinsicInfo. ValueError when
 *  the range is empty or the name is registered as an intrinsic already.
 */
void RegisterIntrinsic(const IntrinsicSpec& spec);

/*! \brief The op's IntrinsicInfo, or nullopt when it is not an intrinsic. */
std::optional<IntrinsicInfo> IntrinsicInfoOf(const ir::Op& op);

/*!
 * \brief TypeError unless `count` arguments fit the range: "`<op>` takes 1 argument, got 2",
 *  "... takes 1 to 3 arguments ...", "... takes at least 2 arguments ...".
 */
void CheckArgCount(const std::string& op, int64_t min_args, int64_t max_args, int64_t count);

}  // namespace tirx
}  // namespace tvm

#endif  // TVM_TIRX_INTRINSIC_SPEC_H_
