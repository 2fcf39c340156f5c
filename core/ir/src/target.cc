/*!
 * \file target.cc
 * \brief Targets: construction and reflection.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/target.h>

namespace tvm {
namespace ir {

Target::Target(ffi::String kind, ffi::String tag, ffi::Array<ffi::String> keys,
               ffi::Map<ffi::String, ffi::Any> attrs, ffi::Optional<ffi::ObjectRef> host) {
  if (kind.empty()) TVM_FFI_THROW(ValueError) << "A target needs a kind";
  for (const auto& [key, unused] : attrs) {
    if (key == "kind" || key == "tag" || key == "keys" || key == "host") {
      TVM_FFI_THROW(ValueError) << "Target option `" << key << "` is a field of its own, not an "
                                << "attribute";
    }
  }
  if (host.has_value() && host->defined() && host->as<TargetObj>() == nullptr) {
    TVM_FFI_THROW(ValueError) << "A target's host must be a target, got `" << (*host)->GetTypeKey()
                              << "`";
  }
  auto node = ffi::make_object<TargetObj>();
  node->kind = std::move(kind);
  node->tag = std::move(tag);
  node->keys = std::move(keys);
  node->attrs = std::move(attrs);
  if (host.has_value() && host->defined()) node->host = std::move(host);
  data_ = std::move(node);
}

TVM_FFI_STATIC_INIT_BLOCK() {
  namespace refl = tvm::ffi::reflection;
  refl::ObjectDef<TargetObj>()
      .def_init(
          [](ffi::String kind, ffi::String tag, ffi::Array<ffi::String> keys,
             ffi::Map<ffi::String, ffi::Any> attrs, ffi::Optional<ffi::ObjectRef> host) {
            return Target(std::move(kind), std::move(tag), std::move(keys), std::move(attrs),
                          std::move(host));
          },
          {"kind", "tag", "keys", "attrs", "host"})
      .def_ro("kind", &TargetObj::kind)
      .def_ro("tag", &TargetObj::tag)
      .def_ro("keys", &TargetObj::keys)
      .def_ro("attrs", &TargetObj::attrs)
      .def_ro("host", &TargetObj::host);
}

}  // namespace ir
}  // namespace tvm
