/*!
 * \file op.cc
 * \brief The operator registry and per-op attributes.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/op.h>

#include <map>
#include <mutex>
#include <unordered_map>

namespace tvm {
namespace ir {
namespace {

class OpTable {
 public:
  static OpTable* Global() {
    static OpTable* table = new OpTable();  // lives until exit, like every registry
    return table;
  }
  Op GetOrCreate(const std::string& name) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = ops_.find(name);
    if (it != ops_.end()) return it->second;
    ffi::ObjectPtr<OpObj> node = ffi::make_object<OpObj>();
    node->name = name;
    Op op(std::move(node));
    ops_.emplace(name, op);
    return op;
  }
  std::optional<Op> Find(const std::string& name) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = ops_.find(name);
    if (it == ops_.end()) return std::nullopt;
    return it->second;
  }
  std::vector<std::string> Names() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<std::string> names;
    for (const auto& [name, op] : ops_) names.push_back(name);
    return names;
  }
  void SetAttr(const std::string& key, const OpObj* op, ffi::Any value) {
    std::lock_guard<std::mutex> lock(mutex_);
    attrs_[key][op] = std::move(value);
  }
  std::optional<ffi::Any> GetAttr(const std::string& key, const OpObj* op) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto by_key = attrs_.find(key);
    if (by_key == attrs_.end()) return std::nullopt;
    auto it = by_key->second.find(op);
    if (it == by_key->second.end()) return std::nullopt;
    return it->second;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, Op> ops_;
  std::unordered_map<std::string, std::unordered_map<const OpObj*, ffi::Any>> attrs_;
};

}  // namespace

Op Op::Get(const std::string& name) {
  std::optional<Op> op = Find(name);
  if (!op.has_value()) TVM_FFI_THROW(ValueError) << "Operator `" << name << "` is not registered";
  return *op;
}

std::optional<Op> Op::Find(const std::string& name) { return OpTable::Global()->Find(name); }

std::vector<std::string> Op::ListNames() { return OpTable::Global()->Names(); }

std::optional<ffi::Any> Op::GetAttr(const std::string& key) const {
  return OpTable::Global()->GetAttr(key, get());
}

OpRegistry OpRegistry::Register(const std::string& name) {
  return OpRegistry(OpTable::Global()->GetOrCreate(name));
}

// Registration happens before an op is shared with other threads, so the fields are written
// in place.
OpRegistry& OpRegistry::set_doc(const std::string& doc) {
  const_cast<OpObj*>(op_.get())->doc = doc;
  return *this;
}

OpRegistry& OpRegistry::set_num_args(int64_t num_args) {
  const_cast<OpObj*>(op_.get())->num_args = num_args;
  return *this;
}

OpRegistry& OpRegistry::set_attr(const std::string& key, ffi::Any value) {
  OpTable::Global()->SetAttr(key, op_.get(), std::move(value));
  return *this;
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<OpObj>()
      .def_ro("name", &OpObj::name)
      .def_ro("doc", &OpObj::doc, refl::StructuralIgnore())
      .def_ro("num_args", &OpObj::num_args, refl::StructuralIgnore());
  refl::GlobalDef()
      .def(
          "ir.GetOp", [](const std::string& name) { return Op::Get(name); },
          "The registered operator of that name (ValueError when none).")
      .def("ir.ListOpNames",
           []() {
             std::vector<std::string> names = Op::ListNames();
             return ffi::Array<ffi::String>(names.begin(), names.end());
           })
      .def("ir.OpGetAttr",
           [](Op op, const std::string& key) -> ffi::Any {
             std::optional<ffi::Any> value = op.GetAttr(key);
             return value.has_value() ? *value : ffi::Any();
           })
      .def(
          "ir.RegisterOp",
          [](const std::string& name, const std::string& doc, int64_t num_args) {
            return OpRegistry::Register(name).set_doc(doc).set_num_args(num_args).op();
          },
          "Registers (or finds) an operator, e.g. from a test or a plug-in.")
      .def("ir.OpSetAttr", [](Op op, const std::string& key, ffi::Any value) {
        OpRegistry::Register(op->name).set_attr(key, std::move(value));
      });
}

}  // namespace ir
}  // namespace tvm
