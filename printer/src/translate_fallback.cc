/*!
 * \file translate_fallback.cc
 * \brief Printing through reflection alone: any node type without a hook, including types
 *  registered at run time, prints as `<type_key>(field=value, ...)`; and the generic search for
 *  the variables inside a value (used for a function's header symbols).
 */
#include <tvm/ffi/map.h>
#include <tvm/ffi/reflection/registry.h>

#include <string>
#include <unordered_set>
#include <vector>

#include "printer_internal.h"

namespace tvm {
namespace script {
namespace printer {
namespace details {

namespace {

namespace refl = ffi::reflection;
using ffi::Any;

bool IsVariable(const ffi::Object* obj) {
  const refl::TypeInfo* info = refl::GetTypeInfo(obj->type_index());
  return info != nullptr && info->structural_kind == refl::StructuralKind::kVar;
}

/*! \brief A variable's name hint: its `name` field when it has a str one, else "v". */
std::string NameHint(const ffi::ObjectRef& var) {
  const refl::FieldInfo* field = refl::FindField(var->type_index(), "name");
  if (field == nullptr) return "v";
  std::optional<std::string> name = refl::GetFieldValue(var.get(), *field).try_cast<std::string>();
  return name.value_or("v");
}

/*! \brief `testing.MyNode` as `testing` `.MyNode`: a dotted key becomes attribute accesses. */
ExprDoc TypeKeyDoc(const std::string& key) {
  size_t dot = key.find('.');
  ExprDoc doc = IdDoc(key.substr(0, dot));
  while (dot != std::string::npos) {
    size_t next = key.find('.', dot + 1);
    doc = doc.Attr(key.substr(dot + 1, next == std::string::npos ? next : next - dot - 1));
    dot = next;
  }
  return doc;
}

/*! \brief Variables directly in a definition-region field (or its array) get names here. */
void DefineBound(const DocTranslator& t, const Any& value) {
  std::vector<Any> items;
  if (std::optional<ffi::Array<Any>> array = value.as<ffi::Array<Any>>()) {
    for (const Any& item : *array) items.push_back(item);
  } else {
    items.push_back(value);
  }
  for (const Any& item : items) {
    if (!item.is_object() || !IsVariable(item.pod().v_obj)) continue;
    ffi::ObjectRef var = item.cast<ffi::ObjectRef>();
    if (!t.NameOf(var).has_value()) t.Define(var, NameHint(var));
  }
}

}  // namespace

Doc TranslateByReflection(const ffi::ObjectRef& node, const AccessPath& path,
                          const DocTranslator& t) {
  if (IsVariable(node.get())) return IdDoc(t.NameOrDefineFree(node, NameHint(node)));
  std::vector<const refl::FieldInfo*> fields = refl::AllFields(node->type_index());
  // Step 1: definitions first, so a use printed before its binding field still finds the name.
  for (const refl::FieldInfo* field : fields) {
    if (field->def_region != refl::DefRegionKind::kNone) {
      DefineBound(t, refl::GetFieldValue(node.get(), *field));
    }
  }
  // Step 2: every compared field as a keyword argument (spans and the like are left out).
  ffi::Array<ffi::String> keys;
  ffi::Array<ExprDoc> values;
  for (const refl::FieldInfo* field : fields) {
    if (field->structural_ignore) continue;
    keys.push_back(field->name);
    values.push_back(t.AsExprDoc(refl::GetFieldValue(node.get(), *field), path.Attr(field->name)));
  }
  return TypeKeyDoc(node->GetTypeKey()).Call({}, keys, values);
}

std::vector<std::pair<ffi::ObjectRef, AccessPath>> CollectVars(const Any& root,
                                                               const AccessPath& path) {
  std::vector<std::pair<ffi::ObjectRef, AccessPath>> found;
  std::unordered_set<const ffi::Object*> seen;
  // Explicit stack (children pushed in reverse) keeps pre-order without recursion.
  std::vector<std::pair<Any, AccessPath>> stack = {{root, path}};
  while (!stack.empty()) {
    auto [value, at] = std::move(stack.back());
    stack.pop_back();
    if (!value.is_object()) continue;
    const ffi::Object* obj = value.pod().v_obj;
    if (IsVariable(obj)) {
      if (seen.insert(obj).second) found.emplace_back(value.cast<ffi::ObjectRef>(), at);
      continue;
    }
    std::vector<std::pair<Any, AccessPath>> children;
    if (std::optional<ffi::Array<Any>> array = value.as<ffi::Array<Any>>()) {
      int64_t i = 0;
      for (const Any& item : *array) children.emplace_back(item, at.ArrayItem(i++));
    } else if (const auto* map = value.as<ffi::MapObj>()) {
      for (const auto& [k, v] : map->data.items()) children.emplace_back(v, at.MapItem(k));
    } else {
      for (const refl::FieldInfo* field : refl::AllFields(obj->type_index())) {
        if (field->structural_ignore) continue;
        children.emplace_back(refl::GetFieldValue(obj, *field), at.Attr(field->name));
      }
    }
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(*it);
  }
  return found;
}

}  // namespace details
}  // namespace printer
}  // namespace script
}  // namespace tvm
