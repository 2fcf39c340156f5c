/*!
 * \file function.cc
 * \brief The global function registry and the errors of typed calls.
 */
#include <tvm/ffi/function.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <shared_mutex>

namespace tvm {
namespace ffi {
namespace {

struct GlobalEntry {
  Function func;
  std::string doc;
};

class GlobalFunctionTable {
 public:
  static GlobalFunctionTable* Global() {
    static GlobalFunctionTable* table = new GlobalFunctionTable();  // used until exit
    return table;
  }
  void Set(const std::string& name, Function func, const GlobalFunctionOptions& options) {
    if (!func.defined()) {
      TVM_FFI_THROW(ValueError) << "Cannot register global function `" << name << "`: it is None";
    }
    std::unique_lock<std::shared_mutex> lock(mutex_);
    auto it = table_.find(name);
    if (it != table_.end() && !options.override_existing) {
      TVM_FFI_THROW(ValueError) << "Global function `" << name
                                << "` is already registered; pass override=True to replace it";
    }
    table_[name] = GlobalEntry{std::move(func), options.doc};
  }
  /*! \brief A copy, so that a concurrent override cannot pull the entry from under us. */
  std::optional<GlobalEntry> Find(std::string_view name) const {
    std::shared_lock<std::shared_mutex> lock(mutex_);
    auto it = table_.find(name);
    if (it == table_.end()) return std::nullopt;
    return it->second;
  }
  std::vector<std::string> Names() const {
    std::shared_lock<std::shared_mutex> lock(mutex_);
    std::vector<std::string> names;
    for (const auto& [name, entry] : table_) names.push_back(name);
    return names;
  }
  bool Remove(std::string_view name) {
    std::unique_lock<std::shared_mutex> lock(mutex_);
    auto it = table_.find(name);
    if (it == table_.end()) return false;
    table_.erase(it);
    return true;
  }

 private:
  mutable std::shared_mutex mutex_;
  // Ordered so listings come out sorted; std::less<> allows string_view lookups.
  std::map<std::string, GlobalEntry, std::less<>> table_;
};

}  // namespace

void Function::SetGlobal(const std::string& name, Function func,
                         const GlobalFunctionOptions& options) {
  GlobalFunctionTable::Global()->Set(name, std::move(func), options);
}

std::optional<Function> Function::GetGlobal(std::string_view name) {
  std::optional<GlobalEntry> entry = GlobalFunctionTable::Global()->Find(name);
  if (!entry.has_value()) return std::nullopt;
  return entry->func;
}

Function Function::GetGlobalRequired(std::string_view name) {
  std::optional<Function> func = GetGlobal(name);
  if (!func.has_value()) {
    TVM_FFI_THROW(ValueError) << "Global function `" << name << "` is not registered";
  }
  return *func;
}

std::string Function::GetGlobalDoc(std::string_view name) {
  std::optional<GlobalEntry> entry = GlobalFunctionTable::Global()->Find(name);
  return entry.has_value() ? entry->doc : std::string();
}

std::vector<std::string> Function::ListGlobalNames() {
  return GlobalFunctionTable::Global()->Names();
}

bool Function::RemoveGlobal(std::string_view name) {
  return GlobalFunctionTable::Global()->Remove(name);
}

namespace details {

void ThrowNullFunctionCall() { TVM_FFI_THROW(ValueError) << "Cannot call a null Function (None)"; }

void ThrowArgCountError(const std::string& signature, size_t expected, int32_t got) {
  TVM_FFI_THROW(TypeError) << "Mismatched number of arguments when calling: `" << signature
                           << "`. Expected " << expected << " but got " << got << " arguments";
}

void ThrowArgTypeError(const std::string& signature, size_t index, const std::string& expected,
                       const AnyView& got) {
  TVM_FFI_THROW(TypeError) << "Mismatched type on argument #" << index << " when calling: `"
                           << signature << "`. Expected `" << expected << "` but got `"
                           << got.GetTypeKey() << "`";
}

}  // namespace details
}  // namespace ffi
}  // namespace tvm
