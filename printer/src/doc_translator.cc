/*!
 * \file doc_translator.cc
 * \brief The translation engine: dispatch to hooks, origins on every Doc, scopes, unique names,
 *  and the capture of a fragment inside its naming context.
 */
#include <tvm/ffi/reflection/registry.h>
#include <tvm/ir/call.h>

#include <algorithm>
#include <mutex>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "printer_internal.h"
#include "python_printer_internal.h"

namespace tvm {
namespace script {
namespace printer {

namespace {

using ffi::Any;
using ffi::Array;

/*!
 * \brief One scope: the statements emitted into it, the variables it defines, and the names
 *  given in it and in the closed scopes inside it (held until a naming scope closes).
 */
struct Scope {
  std::vector<StmtDoc> stmts;
  std::vector<const ffi::Object*> vars;
  std::vector<std::string> names;
  bool naming_scope = false;
};

struct VarEntry {
  ffi::ObjectRef var;  // keeps the key alive while it names a variable
  std::string name;
};

/*! \brief Names a variable may never take: keywords, and names the script itself uses. */
const std::vector<const char*>& ReservedNames() {
  static const std::vector<const char*> names = {
      "False",   "None",     "True",     "and",    "as",   "assert", "async",  "await",
      "break",   "class",    "continue", "def",    "del",  "elif",   "else",   "except",
      "finally", "for",      "from",     "global", "if",   "import", "in",     "is",
      "lambda",  "nonlocal", "not",      "or",     "pass", "raise",  "return", "try",
      "while",   "with",     "yield",    "T",      "I",    "Ts",     "Module", "range"};
  return names;
}

/*! \brief `hint` as a Python identifier: other characters become `_`, a digit gets `v`. */
std::string Sanitize(const std::string& hint) {
  std::string name;
  for (char c : hint) {
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    name.push_back(ok ? c : '_');
  }
  if (name.empty() || (name[0] >= '0' && name[0] <= '9')) name = "v" + name;
  return name;
}

/*!
 * \brief The name without a leading `__`: untrusted analysis reserves names starting with two
 *  underscores for its own generated ones (parser/untrusted.py), so a print holding one would
 *  not read back. `__1` (a second `_`) becomes `_1`, `__x` becomes `_x`.
 */
std::string Unreserved(std::string name) {
  size_t underscores = name.find_first_not_of('_');
  if (underscores == std::string::npos) underscores = name.size();
  if (underscores >= 2) name.erase(0, underscores - 1);
  return name;
}

std::mutex& HookMutex() {
  static std::mutex mutex;
  return mutex;
}

std::vector<FDocTranslate>& HookTable() {
  static std::vector<FDocTranslate> table;
  return table;
}

}  // namespace

struct DocTranslatorObj::Impl {
  PrinterConfig config;
  std::vector<Scope> scopes{Scope()};  // scopes[0] is the outermost and never closes
  std::unordered_map<const ffi::Object*, VarEntry> vars;
  std::unordered_set<std::string> names;
  std::set<std::string> namespaces;
  std::optional<std::string> module_alias;
  std::unordered_map<const ffi::Object*, std::string> binding_names;
  Any capture_target;
  std::optional<Doc> captured;
  std::optional<SourceComments> source_comments;
  ffi::Map<ffi::ObjectRef, int64_t> placed_comments;
  std::vector<ffi::ObjectRef> loops;
  std::set<std::pair<std::string, const ffi::Object*>> marks;
  std::vector<ffi::ObjectRef> marked;  // keeps marked nodes alive, so no address is reused
  int depth = 0;
  bool typed_int32_literals = false;
};

DocTranslatorObj::DocTranslatorObj() : impl(std::make_unique<Impl>()) {
  for (const char* name : ReservedNames()) impl->names.insert(name);
}
DocTranslatorObj::~DocTranslatorObj() = default;

namespace details {

NestingGuard::NestingGuard(int* depth, const char* what) : depth_(depth) {
  if (++*depth_ > kMaxNestingDepth) {
    --*depth_;
    TVM_FFI_THROW(RecursionError) << what << " is nested more than " << kMaxNestingDepth
                                  << " levels deep and cannot be printed";
  }
}

}  // namespace details

void SetTypeDocTranslate(int32_t type_index, FDocTranslate hook) {
  std::lock_guard<std::mutex> lock(HookMutex());
  std::vector<FDocTranslate>& table = HookTable();
  if (static_cast<size_t>(type_index) >= table.size()) table.resize(type_index + 1);
  table[type_index] = std::move(hook);
}

FDocTranslate GetTypeDocTranslate(int32_t type_index) {
  std::lock_guard<std::mutex> lock(HookMutex());
  const std::vector<FDocTranslate>& table = HookTable();
  for (int32_t index = type_index; index >= 0;) {
    if (static_cast<size_t>(index) < table.size() && table[index].defined()) return table[index];
    const ffi::reflection::TypeInfo* info = ffi::reflection::GetTypeInfo(index);
    index = info == nullptr ? -1 : info->parent_index;
  }
  return FDocTranslate();
}

DocTranslator::DocTranslator(PrinterConfig config)
    : ObjectRef(ffi::make_object<DocTranslatorObj>()) {
  get()->impl->config = std::move(config);
}

const PrinterConfig& DocTranslator::config() const { return get()->impl->config; }

namespace {

/*! \brief The hook for an object: its operator's for a Call of an Op, else its type's. */
FDocTranslate FindHook(const ffi::Object* node) {
  if (const auto* call = details::As<ir::CallObj>(node)) {
    if (const auto* op = call->op.as<ir::OpObj>()) {
      std::optional<Any> hook = ffi::GetRef<ir::Op>(op).GetAttr(kOpDocTranslate);
      if (hook.has_value()) return hook->cast<FDocTranslate>();
    }
  }
  return GetTypeDocTranslate(node->type_index());
}

Doc ListOf(const DocTranslator& t, const Array<Any>& items, const AccessPath& path) {
  return ListDoc(t.AsExprDocs(items, path));
}

Doc DictOf(const DocTranslator& t, const ffi::MapObj* map, const AccessPath& path) {
  Array<ExprDoc> keys;
  Array<ExprDoc> values;
  for (const auto* item : details::PrintOrder(map)) {
    keys.push_back(t.AsExprDoc(item->first, path.MapItem(item->first)));
    values.push_back(t.AsExprDoc(item->second, path.MapItem(item->first)));
  }
  return DictDoc(keys, values);
}

/*! \brief Docs of values that are not objects with hooks: literals and containers. */
std::optional<Doc> PlainValueDoc(const DocTranslator& t, const Any& node, const AccessPath& path) {
  switch (node.type_index()) {
    case ffi::TypeIndex::kNone:
      return LiteralDoc::None();
    case ffi::TypeIndex::kBool:
      return LiteralDoc::Bool(node.cast<bool>());
    case ffi::TypeIndex::kInt:
      return LiteralDoc::Int(node.cast<int64_t>());
    case ffi::TypeIndex::kFloat:
      // 0.27 writes a plain float (an annotation's) with 17 significant digits.
      if (t.config()->apache()) return IdDoc(details::ApacheFloatText(node.cast<double>()));
      return LiteralDoc::Float(node.cast<double>());
    case ffi::TypeIndex::kStr:
      return LiteralDoc::Str(node.cast<std::string>());
    case ffi::TypeIndex::kDataType:
      return LiteralDoc::Str(node.cast<ffi::DataType>().ToString());
    case ffi::TypeIndex::kDevice:
      return LiteralDoc::Str(ffi::DeviceToString(node.cast<DLDevice>()));
    case ffi::TypeIndex::kOpaquePtr:
      return LiteralDoc::Str("<opaque pointer>");
    case ffi::TypeIndex::kArray:
    case ffi::TypeIndex::kList:
      return ListOf(t, node.cast<Array<Any>>(), path);
    case ffi::TypeIndex::kMap:
    case ffi::TypeIndex::kDict:
      return DictOf(t, static_cast<const ffi::MapObj*>(node.pod().v_obj), path);
    default:
      return std::nullopt;
  }
}

Doc Dispatch(const DocTranslator& t, const Any& node, const AccessPath& path) {
  if (std::optional<Doc> plain = PlainValueDoc(t, node, path)) return *std::move(plain);
  ffi::ObjectRef obj = node.cast<ffi::ObjectRef>();
  FDocTranslate hook = FindHook(obj.get());
  if (!hook.defined()) return details::TranslateByReflection(obj, path, t);
  Any result = hook(node, path, t);
  std::optional<Doc> doc = result.try_cast<Doc>();
  if (!doc.has_value() || !doc->defined()) {
    TVM_FFI_THROW(TypeError) << "the printer hook of `" << obj->GetTypeKey()
                             << "` must return a Doc, got `" << result.GetTypeKey() << "`";
  }
  return *std::move(doc);
}

}  // namespace

namespace {

std::string DefineInScope(DocTranslatorObj::Impl* s, const ffi::ObjectRef& var,
                          const std::string& name_hint, size_t scope) {
  std::string base = Unreserved(Sanitize(name_hint));
  std::string name = base;
  for (int k = 1; s->names.count(name) != 0; ++k) {
    name = Unreserved(base + "_" + std::to_string(k));
  }
  s->names.insert(name);
  s->vars[var.get()] = VarEntry{var, name};
  s->scopes[scope].vars.push_back(var.get());
  s->scopes[scope].names.push_back(name);
  return name;
}

/*!
 * \brief `doc` with the source comments keyed by `node`, when it is one statement: a block or
 *  an expression has no single line to carry them, so they stay unplaced (and uncounted).
 */
Doc AttachSourceComments(DocTranslatorObj::Impl* s, const Any& node, Doc doc) {
  ffi::ObjectRef key = node.cast<ffi::ObjectRef>();
  std::optional<Array<ffi::String>> leading = s->source_comments->leading.Get(key);
  std::optional<ffi::String> trailing = s->source_comments->trailing.Get(key);
  if (!leading.has_value() && !trailing.has_value()) return doc;
  std::optional<StmtDoc> stmt = Any(doc).as<StmtDoc>();
  if (!stmt.has_value() || doc->IsInstance<StmtBlockDocObj>()) return doc;
  s->placed_comments.Set(key, s->placed_comments.Get(key).value_or(0) + 1);
  doc = Doc();  // one holder left, so an unshared Doc changes in place
  return details::WithSourceComments(*std::move(stmt), leading.value_or(Array<ffi::String>()),
                                     trailing);
}

}  // namespace

Doc DocTranslator::AsDoc(const Any& node, const AccessPath& path) const {
  DocTranslatorObj::Impl& s = *get()->impl;
  details::NestingGuard guard(&s.depth, "the IR");
  bool capture = !s.captured.has_value() && node.is_object() &&
                 s.capture_target.pod().v_obj == node.pod().v_obj && s.capture_target.is_object();
  if (capture) {
    // Paths inside the fragment are relative to it, as if it were printed on its own.
    Doc doc =
        details::WithSourcePath(Dispatch(*this, node, AccessPath::Root()), AccessPath::Root());
    s.captured = doc;
    return doc;
  }
  Doc doc = details::WithSourcePath(Dispatch(*this, node, path), path);
  if (s.source_comments.has_value() && node.is_object()) {
    return AttachSourceComments(&s, node, std::move(doc));
  }
  return doc;
}

ExprDoc DocTranslator::AsExprDoc(const Any& node, const AccessPath& path) const {
  Doc doc = AsDoc(node, path);
  std::optional<ExprDoc> expr = Any(doc).as<ExprDoc>();
  if (!expr.has_value()) {
    TVM_FFI_THROW(TypeError) << "`" << node.GetTypeKey() << "` printed as `" << doc->GetTypeKey()
                             << "` where an expression is needed";
  }
  return *std::move(expr);
}

Array<ExprDoc> DocTranslator::AsExprDocs(const Array<Any>& items, const AccessPath& path) const {
  Array<ExprDoc> docs;
  int64_t i = 0;
  for (const Any& item : items) docs.push_back(AsExprDoc(item, path.ArrayItem(i++)));
  return docs;
}

namespace details {

std::vector<const std::pair<Any, Any>*> PrintOrder(const ffi::MapObj* map) {
  std::vector<const std::pair<Any, Any>*> items;
  bool string_keys = true;
  for (const auto& item : map->data.items()) {
    items.push_back(&item);
    string_keys = string_keys && item.first.type_index() == ffi::TypeIndex::kStr;
  }
  if (string_keys) {
    std::stable_sort(items.begin(), items.end(), [](const auto* a, const auto* b) {
      return a->first.template cast<std::string>() < b->first.template cast<std::string>();
    });
  }
  return items;
}

Array<StmtDoc> AsStmts(const DocTranslator& t, const Any& stmt, const AccessPath& path) {
  std::vector<StmtDoc>& emitted = t->impl->scopes.back().stmts;
  size_t mark = emitted.size();
  Doc doc = t.AsDoc(stmt, path);
  Array<StmtDoc> result;
  // Statements a hook emitted come before its own result, in emission order.
  for (size_t i = mark; i < t->impl->scopes.back().stmts.size(); ++i) {
    result.push_back(t->impl->scopes.back().stmts[i]);
  }
  t->impl->scopes.back().stmts.resize(mark, StmtDoc());
  if (const auto* block = doc.as<StmtBlockDocObj>()) {
    for (const StmtDoc& s : block->stmts) result.push_back(s);
  } else if (std::optional<StmtDoc> s = Any(doc).as<StmtDoc>()) {
    result.push_back(*s);
  } else {
    result.push_back(ExprStmtDoc(Any(doc).cast<ExprDoc>()));
  }
  return result;
}

}  // namespace details

Array<StmtDoc> DocTranslator::AsBody(const Any& stmt, const AccessPath& path) const {
  ScopeGuard scope(*this);
  Array<StmtDoc> body = details::AsStmts(*this, stmt, path);
  scope.Close();
  return body;
}

void DocTranslator::EnterScope(bool naming_scope) const {
  get()->impl->scopes.emplace_back().naming_scope = naming_scope;
}

Array<StmtDoc> DocTranslator::ExitScope() const {
  DocTranslatorObj::Impl& s = *get()->impl;
  TVM_FFI_ICHECK(s.scopes.size() > 1) << "the outermost scope cannot be closed";
  Scope scope = std::move(s.scopes.back());
  s.scopes.pop_back();
  // The variables go out of scope; their names stay taken until the naming scope closes (in
  // Apache's spelling they are free again at once: 0.27 names sibling loops `i`, `i`).
  for (const ffi::Object* var : scope.vars) s.vars.erase(var);
  if (scope.naming_scope || s.config->apache()) {
    for (const std::string& name : scope.names) s.names.erase(name);
  } else {
    std::vector<std::string>& held = s.scopes.back().names;
    held.insert(held.end(), scope.names.begin(), scope.names.end());
  }
  return Array<StmtDoc>(scope.stmts.begin(), scope.stmts.end());
}

void DocTranslator::Emit(StmtDoc stmt) const {
  get()->impl->scopes.back().stmts.push_back(std::move(stmt));
}

std::string DocTranslator::Define(const ffi::ObjectRef& var, const std::string& name_hint) const {
  return DefineInScope(get()->impl.get(), var, name_hint, get()->impl->scopes.size() - 1);
}

std::optional<std::string> DocTranslator::NameOf(const ffi::ObjectRef& var) const {
  const DocTranslatorObj::Impl& s = *get()->impl;
  auto it = s.vars.find(var.get());
  if (it == s.vars.end()) return std::nullopt;
  return it->second.name;
}

std::string DocTranslator::NameOrDefineFree(const ffi::ObjectRef& var,
                                            const std::string& name_hint) const {
  if (std::optional<std::string> name = NameOf(var)) return *name;
  // A free variable belongs to the outermost scope, so every later use sees the same name.
  return DefineInScope(get()->impl.get(), var, name_hint, 0);
}

IdDoc DocTranslator::Namespace(const std::string& alias) const {
  get()->impl->namespaces.insert(alias);
  return IdDoc(alias);
}

bool DocTranslator::UsesNamespace(const std::string& alias) const {
  return get()->impl->namespaces.count(alias) != 0;
}

std::optional<std::string> DocTranslator::module_alias() const { return get()->impl->module_alias; }

void DocTranslator::SetModuleAlias(std::optional<std::string> alias) const {
  get()->impl->module_alias = std::move(alias);
}

void DocTranslator::SetBindingName(const ffi::ObjectRef& node, std::string name) const {
  get()->impl->binding_names[node.get()] = std::move(name);
}

std::optional<std::string> DocTranslator::BindingName(const ffi::ObjectRef& node) const {
  const auto& names = get()->impl->binding_names;
  auto it = names.find(node.get());
  if (it == names.end()) return std::nullopt;
  return it->second;
}

bool DocTranslator::SetTypedInt32Literals(bool typed) const {
  return std::exchange(get()->impl->typed_int32_literals, typed);
}

bool DocTranslator::typed_int32_literals() const { return get()->impl->typed_int32_literals; }

void DocTranslator::PushLoop(const ffi::ObjectRef& loop) const {
  get()->impl->loops.push_back(loop);
}

void DocTranslator::PopLoop() const { get()->impl->loops.pop_back(); }

const std::vector<ffi::ObjectRef>& DocTranslator::enclosing_loops() const {
  return get()->impl->loops;
}

void DocTranslator::Mark(const std::string& kind, const ffi::ObjectRef& node) const {
  DocTranslatorObj::Impl& s = *get()->impl;
  if (s.marks.emplace(kind, node.get()).second && node.defined()) s.marked.push_back(node);
}

bool DocTranslator::Marked(const std::string& kind, const ffi::ObjectRef& node) const {
  return get()->impl->marks.count({kind, node.get()}) != 0;
}

bool DocTranslator::Unmark(const std::string& kind, const ffi::ObjectRef& node) const {
  return get()->impl->marks.erase({kind, node.get()}) != 0;
}

void DocTranslator::CaptureFragment(const Any& target) const {
  get()->impl->capture_target = target;
}

std::optional<Doc> DocTranslator::captured() const { return get()->impl->captured; }

Doc DocTranslator::WithSourceCommentsOf(const ffi::ObjectRef& key, Doc doc) const {
  DocTranslatorObj::Impl& s = *get()->impl;
  if (!s.source_comments.has_value() || !key.defined()) return doc;
  return AttachSourceComments(&s, Any(key), std::move(doc));
}

void DocTranslator::SetSourceComments(SourceComments comments) const {
  get()->impl->source_comments = std::move(comments);
}

ffi::Map<ffi::ObjectRef, int64_t> DocTranslator::placed_source_comments() const {
  return get()->impl->placed_comments;
}

TVM_FFI_STATIC_INIT_BLOCK() { ffi::reflection::ObjectDef<DocTranslatorObj>(); }

}  // namespace printer
}  // namespace script
}  // namespace tvm
