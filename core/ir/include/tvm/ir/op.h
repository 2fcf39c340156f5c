/*!
 * \file tvm/ir/op.h
 * \brief Operators: named, registered once per process, with per-op attributes such as the
 *  type rule ("FInferType") and the argument contract ("FValidate").
 */
#ifndef TVM_IR_OP_H_
#define TVM_IR_OP_H_

#include <tvm/ffi/function.h>
#include <tvm/ir/expr.h>

#include <optional>
#include <string>
#include <vector>

namespace tvm {
namespace ir {

/*! \brief A registered operator; one object per name, compared by identity. */
class OpObj : public ExprObj {
 public:
  ffi::String name;
  ffi::String doc;
  /*! \brief Number of arguments, or -1 when variadic. */
  int64_t num_args = -1;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("ir.Op", OpObj, ExprObj);
};

class Op : public Expr {
 public:
  /*! \return the operator registered under name; ValueError naming it otherwise. */
  static Op Get(const std::string& name);
  /*! \return the operator registered under name, or nullopt. */
  static std::optional<Op> Find(const std::string& name);
  /*! \return every registered operator name, sorted. */
  static std::vector<std::string> ListNames();
  /*! \return the attribute `key` of this operator, or nullopt. */
  std::optional<ffi::Any> GetAttr(const std::string& key) const;
  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NULLABLE(Op, Expr, OpObj);
};

/*!
 * \brief Fluent registration: `OpRegistry::Register("tirx.exp").set_num_args(1)
 *  .set_attr("FInferType", f)`. Registering a name twice returns the same entry.
 */
class OpRegistry {
 public:
  static OpRegistry Register(const std::string& name);
  OpRegistry& set_doc(const std::string& doc);
  OpRegistry& set_num_args(int64_t num_args);
  /*! \brief Sets an attribute; a second value for the same key replaces the first. */
  OpRegistry& set_attr(const std::string& key, ffi::Any value);
  Op op() const { return op_; }

 private:
  explicit OpRegistry(Op op) : op_(std::move(op)) {}
  Op op_;
};

/*! \brief Attribute keys every layer agrees on. */
constexpr const char* kOpTypeRule = "FInferType";
constexpr const char* kOpValidate = "FValidate";

}  // namespace ir
}  // namespace tvm

#endif  // TVM_IR_OP_H_
