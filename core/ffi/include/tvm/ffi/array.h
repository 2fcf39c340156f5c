/*!
 * \file tvm/ffi/array.h
 * \brief Sequences: Array<T> (immutable, copy-on-write) and List<T> (mutable, shared).
 *
 * Both store Any. A typed view such as Array<prim.Expr> checks its elements when it is made
 * from an Any, so element access afterwards cannot fail.
 */
#ifndef TVM_FFI_ARRAY_H_
#define TVM_FFI_ARRAY_H_

#include <tvm/ffi/any.h>

#include <initializer_list>
#include <iterator>
#include <vector>

namespace tvm {
namespace ffi {

/*! \brief Storage of an Array. */
class ArrayObj : public Object {
 public:
  ArrayObj() = default;
  explicit ArrayObj(std::vector<Any> items) : data(std::move(items)) {}
  std::vector<Any> data;
  TVM_FFI_DECLARE_STATIC_OBJECT_INFO("ffi.Array", ArrayObj, Object, TypeIndex::kArray, true)
};

/*! \brief Storage of a List. */
class ListObj : public Object {
 public:
  ListObj() = default;
  explicit ListObj(std::vector<Any> items) : data(std::move(items)) {}
  std::vector<Any> data;
  TVM_FFI_DECLARE_STATIC_OBJECT_INFO("ffi.List", ListObj, Object, TypeIndex::kList, true)
};

namespace details {
[[noreturn]] void ThrowIndexError(const char* container, int64_t index, size_t size);

/*! \brief Iterator converting stored Any values to T on the fly. */
template <typename T>
class SeqIterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = T;
  explicit SeqIterator(std::vector<Any>::const_iterator it) : it_(it) {}
  T operator*() const {
    if constexpr (std::is_same_v<T, Any>) {
      return *it_;
    } else {
      return it_->cast<T>();
    }
  }
  SeqIterator& operator++() {
    ++it_;
    return *this;
  }
  SeqIterator& operator--() {
    --it_;
    return *this;
  }
  SeqIterator operator+(difference_type n) const { return SeqIterator(it_ + n); }
  difference_type operator-(const SeqIterator& other) const { return it_ - other.it_; }
  bool operator==(const SeqIterator& other) const { return it_ == other.it_; }
  bool operator!=(const SeqIterator& other) const { return it_ != other.it_; }

 private:
  std::vector<Any>::const_iterator it_;
};

/*! \brief Read interface shared by Array and List. */
template <typename T, typename TObj>
class SeqRefBase : public ObjectRef {
 public:
  size_t size() const { return get()->data.size(); }
  bool empty() const { return size() == 0; }
  T operator[](size_t i) const { return Convert(get()->data[i]); }
  /*! \brief Bounds-checked access; negative indices count from the end (IndexError). */
  T at(int64_t i) const { return Convert(get()->data[Normalize(i)]); }
  T front() const { return at(0); }
  T back() const { return at(-1); }
  SeqIterator<T> begin() const { return SeqIterator<T>(get()->data.begin()); }
  SeqIterator<T> end() const { return SeqIterator<T>(get()->data.end()); }
  const TObj* get() const { return static_cast<const TObj*>(data_.get()); }
  const TObj* operator->() const { return get(); }

  using ContainerType = TObj;
  static constexpr bool _type_is_nullable = false;
  static constexpr bool _type_custom_traits = true;

 protected:
  SeqRefBase() = default;
  explicit SeqRefBase(ObjectPtr<Object> n) : ObjectRef(std::move(n)) {}
  static T Convert(const Any& value) {
    if constexpr (std::is_same_v<T, Any>) {
      return value;
    } else {
      return value.cast<T>();
    }
  }
  size_t Normalize(int64_t i) const {
    int64_t n = static_cast<int64_t>(size());
    int64_t k = i < 0 ? i + n : i;
    if (k < 0 || k >= n) ThrowIndexError(TObj::_type_key, i, size());
    return static_cast<size_t>(k);
  }
  TObj* mutable_get() const { return static_cast<TObj*>(ObjectUnsafe::RawPtr(*this)); }
  static ObjectPtr<Object> MakeFrom(std::vector<Any> items) {
    return make_object<TObj>(std::move(items));
  }
  template <typename Iter>
  static std::vector<Any> ToAnyVector(Iter first, Iter last) {
    std::vector<Any> items;
    for (; first != last; ++first) items.emplace_back(Any(*first));
    return items;
  }
};
}  // namespace details

/*! \brief An immutable sequence; the mutators copy the storage when it is shared. */
template <typename T = Any>
class Array : public details::SeqRefBase<T, ArrayObj> {
  using Base = details::SeqRefBase<T, ArrayObj>;

 public:
  Array() : Base(Base::MakeFrom({})) {}
  Array(std::initializer_list<T> items) : Array(items.begin(), items.end()) {}
  Array(const std::vector<T>& items) : Array(items.begin(), items.end()) {}  // NOLINT
  template <typename Iter>
  Array(Iter first, Iter last) : Base(Base::MakeFrom(Base::ToAnyVector(first, last))) {}
  explicit Array(ObjectPtr<Object> n) : Base(std::move(n)) {}

  void push_back(T value) { CopyOnWrite()->data.emplace_back(Any(std::move(value))); }
  void Set(int64_t i, T value) {
    size_t k = this->Normalize(i);
    CopyOnWrite()->data[k] = Any(std::move(value));
  }
  void pop_back() {
    this->Normalize(-1);
    CopyOnWrite()->data.pop_back();
  }
  /*! \brief The storage, copied first when another reference shares it. */
  ArrayObj* CopyOnWrite() {
    if (!this->unique()) {
      details::ObjectUnsafe::MutablePtr(*this) = Base::MakeFrom(this->get()->data);
    }
    return this->mutable_get();
  }
};

/*! \brief A mutable sequence; every reference sees every change. */
template <typename T = Any>
class List : public details::SeqRefBase<T, ListObj> {
  using Base = details::SeqRefBase<T, ListObj>;

 public:
  List() : Base(Base::MakeFrom({})) {}
  List(std::initializer_list<T> items) : List(items.begin(), items.end()) {}
  List(const std::vector<T>& items) : List(items.begin(), items.end()) {}  // NOLINT
  template <typename Iter>
  List(Iter first, Iter last) : Base(Base::MakeFrom(Base::ToAnyVector(first, last))) {}
  explicit List(ObjectPtr<Object> n) : Base(std::move(n)) {}

  void push_back(T value) const { this->mutable_get()->data.emplace_back(Any(std::move(value))); }
  void Set(int64_t i, T value) const {
    this->mutable_get()->data[this->Normalize(i)] = Any(std::move(value));
  }
  void insert(int64_t i, T value) const {
    auto& data = this->mutable_get()->data;
    int64_t n = static_cast<int64_t>(data.size());
    int64_t k = i < 0 ? std::max<int64_t>(i + n, 0) : std::min<int64_t>(i, n);
    data.insert(data.begin() + k, Any(std::move(value)));
  }
  void erase(int64_t i) const {
    auto& data = this->mutable_get()->data;
    data.erase(data.begin() + this->Normalize(i));
  }
  void pop_back() const { erase(-1); }
  void clear() const { this->mutable_get()->data.clear(); }
};

namespace details {
/*! \brief Traits of Array<T> and List<T>: element types are checked, converted if needed. */
template <typename TSeq, typename T, int32_t kIndex>
struct SeqTypeTraits : ObjectRefTypeTraitsBase<TSeq> {
  static bool CheckStrict(const AnyPOD* src) {
    if (src->type_index != kIndex) return false;
    if constexpr (std::is_same_v<T, Any>) {
      return true;
    } else {
      for (const Any& item : static_cast<const typename TSeq::ContainerType*>(src->v_obj)->data) {
        if (!TypeTraits<T>::CheckStrict(&item.pod())) return false;
      }
      return true;
    }
  }
  static std::optional<TSeq> TryCast(const AnyPOD* src) {
    if (src->type_index != kIndex) return std::nullopt;
    TSeq seq(ObjectUnsafe::PtrFromRaw<Object>(src->v_obj));
    if constexpr (std::is_same_v<T, Any>) {
      return seq;
    } else {
      if (CheckStrict(src)) return seq;
      // Lists are shared: converting would detach the copy from its owners.
      if (kIndex == TypeIndex::kList) return std::nullopt;
      std::vector<Any> converted;
      for (const Any& item : seq->data) {
        std::optional<T> value = TypeTraits<T>::TryCast(&item.pod());
        if (!value.has_value()) return std::nullopt;
        converted.emplace_back(Any(std::move(*value)));
      }
      return TSeq(make_object<typename TSeq::ContainerType>(std::move(converted)));
    }
  }
  static std::string TypeStr(const char* name) {
    if constexpr (std::is_same_v<T, Any>) {
      return name;
    } else {
      return std::string(name) + "<" + TypeTraits<T>::TypeStr() + ">";
    }
  }
};
}  // namespace details

template <typename T>
struct TypeTraits<Array<T>> : details::SeqTypeTraits<Array<T>, T, TypeIndex::kArray> {
  static std::string TypeStr() {
    return details::SeqTypeTraits<Array<T>, T, TypeIndex::kArray>::TypeStr("Array");
  }
};
template <typename T>
struct TypeTraits<List<T>> : details::SeqTypeTraits<List<T>, T, TypeIndex::kList> {
  static std::string TypeStr() {
    return details::SeqTypeTraits<List<T>, T, TypeIndex::kList>::TypeStr("List");
  }
};

}  // namespace ffi
}  // namespace tvm

#endif  // TVM_FFI_ARRAY_H_
