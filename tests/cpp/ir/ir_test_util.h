// Helpers shared by the ir and tirx doctest suites: checking a type's reflected fields.
#ifndef TVM_LSP_TESTS_CPP_IR_IR_TEST_UTIL_H_
#define TVM_LSP_TESTS_CPP_IR_IR_TEST_UTIL_H_

#include <doctest/doctest.h>
#include <tvm/ffi/reflection/registry.h>

#include <string>
#include <vector>

namespace ir_test {

/*! \brief What a test expects of one reflected field (every IR field is read-only). */
struct FieldSpec {
  const char* name;
  const char* type_str;
  tvm::ffi::reflection::DefRegionKind region = tvm::ffi::reflection::DefRegionKind::kNone;
  bool structural_ignore = false;
  bool has_default = false;
};

/*!
 * \brief Checks the fields of the type `type_key` (inherited ones first, as AllFields lists
 *  them) against `expected`, and that the type's parent is `parent_key`.
 */
inline void CheckFields(const char* type_key, const char* parent_key,
                        const std::vector<FieldSpec>& expected) {
  namespace refl = tvm::ffi::reflection;
  CAPTURE(type_key);
  const refl::TypeInfo* info = refl::GetTypeInfo(type_key);
  REQUIRE(info != nullptr);
  const refl::TypeInfo* parent = refl::GetTypeInfo(info->parent_index);
  REQUIRE(parent != nullptr);
  CHECK(parent->type_key == parent_key);
  std::vector<const refl::FieldInfo*> fields = refl::AllFields(info->type_index);
  REQUIRE(fields.size() == expected.size());
  for (size_t i = 0; i < fields.size(); ++i) {
    CAPTURE(expected[i].name);
    CHECK(fields[i]->name == expected[i].name);
    CHECK(fields[i]->type_str == expected[i].type_str);
    CHECK(fields[i]->read_only);
    CHECK(fields[i]->def_region == expected[i].region);
    CHECK(fields[i]->structural_ignore == expected[i].structural_ignore);
    CHECK(fields[i]->default_value.has_value() == expected[i].has_default);
  }
}

/*! \brief The names of the reflected methods of a type (its own, not inherited). */
inline std::vector<std::string> MethodNames(const char* type_key) {
  std::vector<std::string> names;
  const tvm::ffi::reflection::TypeInfo* info = tvm::ffi::reflection::GetTypeInfo(type_key);
  if (info == nullptr) return names;
  for (const auto& method : info->methods) names.push_back(method.name);
  return names;
}

}  // namespace ir_test

#endif  // TVM_LSP_TESTS_CPP_IR_IR_TEST_UTIL_H_
