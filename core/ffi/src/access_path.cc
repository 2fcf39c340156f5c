/*!
 * \file access_path.cc
 * \brief Access paths: construction, comparison, printing and their reflection.
 */
#include <tvm/ffi/function.h>
#include <tvm/ffi/reflection/access_path.h>
#include <tvm/ffi/reflection/registry.h>

#include <sstream>
#include <vector>

namespace tvm {
namespace ffi {
namespace reflection {
namespace {

bool IsMissingKind(AccessKind kind) {
  return kind == AccessKind::kAttrMissing || kind == AccessKind::kArrayItemMissing ||
         kind == AccessKind::kMapItemMissing;
}

bool StepKeyEqual(const Any& a, const Any& b) {
  if (a.type_index() != b.type_index()) {
    // Strings may arrive as String objects or raw C strings.
    auto sa = a.try_cast<String>();
    auto sb = b.try_cast<String>();
    return sa && sb && *sa == *sb;
  }
  return AnyEqual()(a, b);
}

void PrintKey(std::ostream& os, const Any& key) {
  if (auto s = key.try_cast<String>(); s && key.type_index() != TypeIndex::kInt) {
    os << '"' << std::string(*s) << '"';
  } else if (key.type_index() == TypeIndex::kInt) {
    os << key.cast<int64_t>();
  } else if (key.is_none()) {
    os << "None";
  } else {
    os << "<" << key.GetTypeKey() << ">";
  }
}

}  // namespace

AccessPath AccessPath::Root() {
  static AccessPath root(make_object<AccessPathObj>());
  return root;
}

AccessPath AccessPath::Extend(AccessKind kind, Any key) const {
  ObjectPtr<AccessPathObj> n = make_object<AccessPathObj>();
  n->parent = *this;
  n->kind = static_cast<int64_t>(kind);
  n->key = std::move(key);
  n->depth = get()->depth + 1;
  return AccessPath(std::move(n));
}

AccessPath AccessPath::Attr(String name) const { return Extend(AccessKind::kAttr, name); }
AccessPath AccessPath::ArrayItem(int64_t index) const {
  return Extend(AccessKind::kArrayItem, index);
}
AccessPath AccessPath::MapItem(Any key) const {
  return Extend(AccessKind::kMapItem, std::move(key));
}
AccessPath AccessPath::AttrMissing(String name) const {
  return Extend(AccessKind::kAttrMissing, name);
}
AccessPath AccessPath::ArrayItemMissing(int64_t index) const {
  return Extend(AccessKind::kArrayItemMissing, index);
}
AccessPath AccessPath::MapItemMissing(Any key) const {
  return Extend(AccessKind::kMapItemMissing, std::move(key));
}

AccessPath AccessPath::Parent() const {
  return is_root() ? *this
                   : GetRef<AccessPath>(static_cast<const AccessPathObj*>(get()->parent.get()));
}

bool AccessPath::PathEqual(const AccessPath& other) const {
  const AccessPathObj* a = get();
  const AccessPathObj* b = other.get();
  if (a->depth != b->depth) return false;
  while (a != b && a->parent.defined()) {
    if (a->kind != b->kind || !StepKeyEqual(a->key, b->key)) return false;
    a = static_cast<const AccessPathObj*>(a->parent.get());
    b = static_cast<const AccessPathObj*>(b->parent.get());
  }
  return true;
}

bool AccessPath::IsPrefixOf(const AccessPath& other) const {
  AccessPath cursor = other;
  while (cursor.get()->depth > get()->depth) cursor = cursor.Parent();
  return PathEqual(cursor);
}

size_t AccessPath::PathHash() const {
  size_t hash = 0x9e3779b97f4a7c15ULL;
  for (const AccessPathObj* p = get(); p->parent.defined();
       p = static_cast<const AccessPathObj*>(p->parent.get())) {
    size_t key_hash = 0;
    if (auto s = p->key.try_cast<String>(); s && p->key.type_index() != TypeIndex::kInt) {
      key_hash = std::hash<std::string_view>()(std::string_view(s->data(), s->size()));
    } else {
      key_hash = AnyHash()(p->key);
    }
    hash = (hash * 1000003) ^ (key_hash + static_cast<size_t>(p->kind) * 31);
  }
  return hash;
}

Array<AccessPath> AccessPath::ToSteps() const {
  std::vector<const AccessPathObj*> chain;
  for (const AccessPathObj* p = get(); p->parent.defined();
       p = static_cast<const AccessPathObj*>(p->parent.get())) {
    chain.push_back(p);
  }
  Array<AccessPath> steps;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    steps.push_back(Root().Extend(static_cast<AccessKind>((*it)->kind), (*it)->key));
  }
  return steps;
}

std::string AccessPath::ToString() const {
  std::ostringstream os;
  os << "<root>";
  for (const AccessPath& step : ToSteps()) {
    AccessKind kind = step.kind();
    const Any& key = step.get()->key;
    if (kind == AccessKind::kAttr || kind == AccessKind::kAttrMissing) {
      os << '.' << std::string(key.cast<String>());
    } else {
      os << '[';
      PrintKey(os, key);
      os << ']';
    }
    if (IsMissingKind(kind)) os << "(missing)";
  }
  return os.str();
}

TVM_FFI_STATIC_INIT_BLOCK() {
  ObjectDef<AccessPathObj>()
      .def_ro("parent", &AccessPathObj::parent, "the path without its last step")
      .def_ro("kind", &AccessPathObj::kind, "0 attr, 1 array item, 2 map item, 3-5 missing")
      .def_ro("key", &AccessPathObj::key, "field name, index or map key")
      .def_ro("depth", &AccessPathObj::depth, "number of steps")
      .def_static("root", &AccessPath::Root, "The empty path.")
      .def("attr", [](AccessPath p, String name) { return p.Attr(name); })
      .def("array_item", [](AccessPath p, int64_t i) { return p.ArrayItem(i); })
      .def("map_item", [](AccessPath p, Any key) { return p.MapItem(key); })
      .def("attr_missing", [](AccessPath p, String name) { return p.AttrMissing(name); })
      .def("array_item_missing", [](AccessPath p, int64_t i) { return p.ArrayItemMissing(i); })
      .def("map_item_missing", [](AccessPath p, Any key) { return p.MapItemMissing(key); })
      .def("get_parent", [](AccessPath p) { return p.Parent(); })
      .def("is_prefix_of", [](AccessPath p, AccessPath o) { return p.IsPrefixOf(o); })
      .def("path_equal", [](AccessPath p, AccessPath o) { return p.PathEqual(o); })
      .def("path_hash", [](AccessPath p) { return static_cast<int64_t>(p.PathHash()); })
      .def("to_steps", [](AccessPath p) { return p.ToSteps(); })
      .def("to_string", [](AccessPath p) { return String(p.ToString()); });
}

}  // namespace reflection
}  // namespace ffi
}  // namespace tvm
