/*!
 * \file tvm/ffi/map.h
 * \brief Mappings keyed by Any: Map<K, V> (immutable, copy-on-write) and Dict<K, V> (mutable,
 *  shared). Both keep insertion order; strings are keys by value (AnyHash / AnyEqual).
 */
#ifndef TVM_FFI_MAP_H_
#define TVM_FFI_MAP_H_

#include <tvm/ffi/any.h>

#include <initializer_list>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tvm {
namespace ffi {

namespace details {
/*! \brief Insertion-ordered hash map from Any to Any; the storage of Map and Dict. */
class OrderedAnyMap {
 public:
  using Item = std::pair<Any, Any>;
  size_t size() const { return items_.size(); }
  const std::vector<Item>& items() const { return items_; }
  /*! \return the value stored under key, or nullptr. */
  const Any* Find(const Any& key) const {
    auto it = index_.find(key);
    return it == index_.end() ? nullptr : &items_[it->second].second;
  }
  /*! \brief Inserts, or replaces the value and keeps the key's position. */
  void Set(Any key, Any value) {
    auto it = index_.find(key);
    if (it != index_.end()) {
      items_[it->second].second = std::move(value);
      return;
    }
    index_.emplace(key, items_.size());
    items_.emplace_back(std::move(key), std::move(value));
  }
  /*! \return whether the key was present. */
  bool Erase(const Any& key);
  void Clear() {
    items_.clear();
    index_.clear();
  }

 private:
  std::vector<Item> items_;
  std::unordered_map<Any, size_t, AnyHash, AnyEqual> index_;
};
[[noreturn]] void ThrowKeyError(const Any& key);
}  // namespace details

/*! \brief Storage of a Map. */
class MapObj : public Object {
 public:
  details::OrderedAnyMap data;
  TVM_FFI_DECLARE_STATIC_OBJECT_INFO("ffi.Map", MapObj, Object, TypeIndex::kMap, true)
};

/*! \brief Storage of a Dict. */
class DictObj : public Object {
 public:
  details::OrderedAnyMap data;
  TVM_FFI_DECLARE_STATIC_OBJECT_INFO("ffi.Dict", DictObj, Object, TypeIndex::kDict, true)
};

namespace details {
/*! \brief Iterator over (K, V) pairs converted on the fly. */
template <typename K, typename V>
class MapIterator {
 public:
  using Inner = std::vector<OrderedAnyMap::Item>::const_iterator;
  using value_type = std::pair<K, V>;
  explicit MapIterator(Inner it) : it_(it) {}
  std::pair<K, V> operator*() const { return {Conv<K>(it_->first), Conv<V>(it_->second)}; }
  MapIterator& operator++() {
    ++it_;
    return *this;
  }
  bool operator==(const MapIterator& other) const { return it_ == other.it_; }
  bool operator!=(const MapIterator& other) const { return it_ != other.it_; }

  template <typename T>
  static T Conv(const Any& value) {
    if constexpr (std::is_same_v<T, Any>) {
      return value;
    } else {
      return value.cast<T>();
    }
  }

 private:
  Inner it_;
};

/*! \brief Read interface shared by Map and Dict. */
template <typename K, typename V, typename TObj>
class MapRefBase : public ObjectRef {
 public:
  size_t size() const { return get()->data.size(); }
  bool empty() const { return size() == 0; }
  size_t count(const K& key) const { return get()->data.Find(Any(key)) != nullptr ? 1 : 0; }
  /*! \brief The value under key; KeyError when absent. */
  V at(const K& key) const {
    Any k(key);
    const Any* value = get()->data.Find(k);
    if (value == nullptr) ThrowKeyError(k);
    return MapIterator<K, V>::template Conv<V>(*value);
  }
  V operator[](const K& key) const { return at(key); }
  /*! \brief The value under key, or nullopt. */
  std::optional<V> Get(const K& key) const {
    const Any* value = get()->data.Find(Any(key));
    if (value == nullptr) return std::nullopt;
    return MapIterator<K, V>::template Conv<V>(*value);
  }
  MapIterator<K, V> begin() const { return MapIterator<K, V>(get()->data.items().begin()); }
  MapIterator<K, V> end() const { return MapIterator<K, V>(get()->data.items().end()); }
  const TObj* get() const { return static_cast<const TObj*>(data_.get()); }
  const TObj* operator->() const { return get(); }

  using ContainerType = TObj;
  static constexpr bool _type_is_nullable = false;
  static constexpr bool _type_custom_traits = true;

 protected:
  MapRefBase() = default;
  explicit MapRefBase(ObjectPtr<Object> n) : ObjectRef(std::move(n)) {}
  TObj* mutable_get() const { return static_cast<TObj*>(ObjectUnsafe::RawPtr(*this)); }
  static ObjectPtr<Object> MakeFrom(std::initializer_list<std::pair<K, V>> items) {
    ObjectPtr<TObj> obj = make_object<TObj>();
    for (const auto& [k, v] : items) obj->data.Set(Any(k), Any(v));
    return obj;
  }
};
}  // namespace details

/*! \brief An immutable mapping; Set and erase copy the storage when it is shared. */
template <typename K = Any, typename V = Any>
class Map : public details::MapRefBase<K, V, MapObj> {
  using Base = details::MapRefBase<K, V, MapObj>;

 public:
  Map() : Base(make_object<MapObj>()) {}
  Map(std::initializer_list<std::pair<K, V>> items) : Base(Base::MakeFrom(items)) {}
  explicit Map(ObjectPtr<Object> n) : Base(std::move(n)) {}

  void Set(const K& key, V value) { CopyOnWrite()->data.Set(Any(key), Any(std::move(value))); }
  void erase(const K& key) { CopyOnWrite()->data.Erase(Any(key)); }
  MapObj* CopyOnWrite() {
    if (!this->unique()) {
      ObjectPtr<MapObj> copy = make_object<MapObj>();
      copy->data = this->get()->data;
      details::ObjectUnsafe::MutablePtr(*this) = std::move(copy);
    }
    return this->mutable_get();
  }
};

/*! \brief A mutable mapping; every reference sees every change. */
template <typename K = Any, typename V = Any>
class Dict : public details::MapRefBase<K, V, DictObj> {
  using Base = details::MapRefBase<K, V, DictObj>;

 public:
  Dict() : Base(make_object<DictObj>()) {}
  Dict(std::initializer_list<std::pair<K, V>> items) : Base(Base::MakeFrom(items)) {}
  explicit Dict(ObjectPtr<Object> n) : Base(std::move(n)) {}

  void Set(const K& key, V value) const {
    this->mutable_get()->data.Set(Any(key), Any(std::move(value)));
  }
  /*! \return whether the key was present. */
  bool erase(const K& key) const { return this->mutable_get()->data.Erase(Any(key)); }
  void clear() const { this->mutable_get()->data.Clear(); }
};

namespace details {
template <typename TMap, typename K, typename V, int32_t kIndex>
struct MapTypeTraits : ObjectRefTypeTraitsBase<TMap> {
  static bool CheckStrict(const AnyPOD* src) {
    if (src->type_index != kIndex) return false;
    if constexpr (std::is_same_v<K, Any> && std::is_same_v<V, Any>) {
      return true;
    } else {
      for (const auto& [k, v] :
           static_cast<const typename TMap::ContainerType*>(src->v_obj)->data.items()) {
        if (!TypeTraits<K>::CheckStrict(&k.pod()) || !TypeTraits<V>::CheckStrict(&v.pod())) {
          return false;
        }
      }
      return true;
    }
  }
  static std::optional<TMap> TryCast(const AnyPOD* src) {
    if (!CheckStrict(src)) return std::nullopt;
    return TMap(ObjectUnsafe::PtrFromRaw<Object>(src->v_obj));
  }
  static std::string TypeStr(const char* name) {
    if constexpr (std::is_same_v<K, Any> && std::is_same_v<V, Any>) {
      return name;
    } else {
      return std::string(name) + "<" + TypeTraits<K>::TypeStr() + ", " + TypeTraits<V>::TypeStr() +
             ">";
    }
  }
};
}  // namespace details

template <typename K, typename V>
struct TypeTraits<Map<K, V>> : details::MapTypeTraits<Map<K, V>, K, V, TypeIndex::kMap> {
  static std::string TypeStr() {
    return details::MapTypeTraits<Map<K, V>, K, V, TypeIndex::kMap>::TypeStr("Map");
  }
};
template <typename K, typename V>
struct TypeTraits<Dict<K, V>> : details::MapTypeTraits<Dict<K, V>, K, V, TypeIndex::kDict> {
  static std::string TypeStr() {
    return details::MapTypeTraits<Dict<K, V>, K, V, TypeIndex::kDict>::TypeStr("Dict");
  }
};

}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_MAP_H_
