/*!
 * \file tvm/script/printer/doc_translator.h
 * \brief IR -> Doc translation: hooks (FDocTranslate) registered per type and per operator,
 *  the DocTranslator that dispatches to them, scopes and unique variable names.
 *
 * A hook receives the node, the access path where the translation found it, and the translator;
 * it returns an expression Doc, or a statement Doc (several statements as a StmtBlockDoc). The
 * translator appends the path to the returned Doc, so every Doc knows its origin. A type with no
 * hook (on itself or an ancestor) prints through reflection as `<type_key>(field=value, ...)`.
 */
#ifndef TVM_SCRIPT_PRINTER_DOC_TRANSLATOR_H_
#define TVM_SCRIPT_PRINTER_DOC_TRANSLATOR_H_

#include <tvm/ffi/function.h>
#include <tvm/script/printer/config.h>
#include <tvm/script/printer/source_comments.h>
#include <tvm/script/printer/stmt_doc.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tvm {
namespace script {
namespace printer {

/*! \brief Op attribute key of an operator's hook: a Function (Call, AccessPath, DocTranslator). */
constexpr const char* kOpDocTranslate = "FDocTranslate";

/*!
 * \brief A hook: `(node: Any, path: AccessPath, translator: DocTranslator) -> Doc`, as a
 *  Function so that any language can register one.
 */
using FDocTranslate = ffi::Function;

/*! \brief Translation state (frames, names, namespaces in use); see DocTranslator. */
class DocTranslatorObj : public ffi::Object {
 public:
  DocTranslatorObj();
  ~DocTranslatorObj();
  struct Impl;
  std::unique_ptr<Impl> impl;
  TVM_FFI_DECLARE_OBJECT_INFO_FINAL("script.DocTranslator", DocTranslatorObj, ffi::Object);
};

class DocTranslator : public ffi::ObjectRef {
 public:
  explicit DocTranslator(PrinterConfig config);

  /*!
   * \brief The Doc of `node` found at `path`: a literal for None/bool/int/float/str/DataType,
   *  a list or dict for containers, the hook's Doc for objects. The result records `path`.
   * \throws RecursionError when IR is nested too deeply to print.
   */
  Doc AsDoc(const ffi::Any& node, const AccessPath& path) const;
  /*! \brief AsDoc that must give an expression (InternalError otherwise). */
  ExprDoc AsExprDoc(const ffi::Any& node, const AccessPath& path) const;
  /*! \brief The statements of `stmt` in a new scope: the body of a loop, branch or function. */
  ffi::Array<StmtDoc> AsBody(const ffi::Any& stmt, const AccessPath& path) const;
  /*! \brief Every element of an array, each with its item path. */
  ffi::Array<ExprDoc> AsExprDocs(const ffi::Array<ffi::Any>& items, const AccessPath& path) const;

  /*!
   * \brief Opens a scope. A naming scope (a function's) releases, when it closes, every name
   *  given inside it; any other scope hands its names on to the enclosing one, so the sibling
   *  loops of one function get distinct names (`c`, `c_1`, `c_2`), as the reference names them.
   */
  void EnterScope(bool naming_scope = false) const;
  /*! \brief Closes the innermost scope; returns the statements emitted into it. */
  ffi::Array<StmtDoc> ExitScope() const;
  /*! \brief Adds a finished statement to the innermost scope (before the hook's own result). */
  void Emit(StmtDoc stmt) const;

  /*!
   * \brief Defines `var` in the innermost scope under a unique form of `name_hint` (clashes
   *  get `_1`, `_2`, ...; invalid identifiers are repaired). Returns the name.
   */
  std::string Define(const ffi::ObjectRef& var, const std::string& name_hint) const;
  /*! \brief The name of a defined variable, or nullopt. */
  std::optional<std::string> NameOf(const ffi::ObjectRef& var) const;
  /*!
   * \brief The name of `var`, defining it first as a free variable of the outermost scope
   *  when it has none (printing never fails on a variable without a definition).
   */
  std::string NameOrDefineFree(const ffi::ObjectRef& var, const std::string& name_hint) const;

  /*! \brief `T`, `I`, ...: a namespace of the script, recorded as used for the header. */
  IdDoc Namespace(const std::string& alias) const;
  /*! \brief Whether Namespace(alias) was asked for. */
  bool UsesNamespace(const std::string& alias) const;

  /*! \brief The module being printed (`Module.f` calls), or nullopt outside a module. */
  std::optional<std::string> module_alias() const;
  /*! \brief Sets the module alias for the duration of a module's translation. */
  void SetModuleAlias(std::optional<std::string> alias) const;

  /*!
   * \brief Names `node` as its enclosing construct binds it (a module's function by its global
   *  variable); the node's hook reads it with BindingName.
   */
  void SetBindingName(const ffi::ObjectRef& node, std::string name) const;
  /*! \brief The name set by SetBindingName, or nullopt. */
  std::optional<std::string> BindingName(const ffi::ObjectRef& node) const;
  /*!
   * \brief Whether int32 constants print typed (`T.int32(2)`) instead of bare: inside a
   *  `T.Shuffle`, as the reference prints them. Returns the previous setting.
   */
  bool SetTypedInt32Literals(bool typed) const;
  bool typed_int32_literals() const;

  /*!
   * \brief Records `loop` as enclosing what is translated until PopLoop: a block binds its
   *  iteration variables to the enclosing loops' variables with `T.axis.remap`.
   */
  void PushLoop(const ffi::ObjectRef& loop) const;
  void PopLoop() const;
  /*! \brief The loops enclosing the current translation, outermost first. */
  const std::vector<ffi::ObjectRef>& enclosing_loops() const;

  /*!
   * \brief Marks `node` with `kind` for later hooks (a null node marks the whole print): what
   *  one hook decides and another reads, such as a tensor that prints as a scalar in Apache's
   *  spelling (`y: T.int32`, then `y = v`).
   */
  void Mark(const std::string& kind, const ffi::ObjectRef& node) const;
  /*! \brief Whether `node` has the mark `kind`. */
  bool Marked(const std::string& kind, const ffi::ObjectRef& node) const;
  /*! \brief Removes the mark; returns whether it was there. */
  bool Unmark(const std::string& kind, const ffi::ObjectRef& node) const;

  /*!
   * \brief Makes the translation of `target` (its first occurrence) the captured Doc, with
   *  paths relative to it; used to print a fragment in the naming context of its root.
   */
  void CaptureFragment(const ffi::Any& target) const;
  /*! \brief The captured Doc, once the translation reached the target. */
  std::optional<Doc> captured() const;

  /*!
   * \brief Source comments for the statement Docs translated from their keys (see
   *  ScriptWithSourceComments); set before translating.
   */
  void SetSourceComments(SourceComments comments) const;
  /*!
   * \brief `doc` with the source comments keyed by `key`, for a statement the translator makes
   *  itself from a part of a node (a function's `T.func_attr` line, keyed by its attrs map).
   */
  Doc WithSourceCommentsOf(const ffi::ObjectRef& key, Doc doc) const;
  /*! \brief How many statement Docs got each key's source comments so far. */
  ffi::Map<ffi::ObjectRef, int64_t> placed_source_comments() const;

  const PrinterConfig& config() const;

  TVM_FFI_DEFINE_OBJECT_REF_METHODS_NOTNULLABLE(DocTranslator, ffi::ObjectRef, DocTranslatorObj);
};

/*! \brief Scope guard over EnterScope/ExitScope for hooks that discard emitted statements. */
class ScopeGuard {
 public:
  explicit ScopeGuard(DocTranslator t, bool naming_scope = false) : t_(std::move(t)) {
    t_.EnterScope(naming_scope);
  }
  ~ScopeGuard() {
    if (!closed_) t_.ExitScope();
  }
  ScopeGuard(const ScopeGuard&) = delete;
  ScopeGuard& operator=(const ScopeGuard&) = delete;
  /*! \brief Closes the scope now and returns its emitted statements. */
  ffi::Array<StmtDoc> Close() {
    closed_ = true;
    return t_.ExitScope();
  }

 private:
  DocTranslator t_;
  bool closed_ = false;
};

/*! \brief Registers the hook of a type (by index); a second registration replaces the first. */
void SetTypeDocTranslate(int32_t type_index, FDocTranslate hook);
/*! \return the hook of the type or its nearest ancestor with one, or a null Function. */
FDocTranslate GetTypeDocTranslate(int32_t type_index);

/*!
 * \brief Registers a typed C++ hook for TRef's type:
 *  `RegisterDocTranslate<tirx::Add>([](tirx::Add n, AccessPath p, DocTranslator t) {...})`.
 */
template <typename TRef, typename F>
void RegisterDocTranslate(F hook) {
  std::string name = std::string("FDocTranslate<") + TRef::ContainerType::_type_key + ">";
  SetTypeDocTranslate(TRef::ContainerType::RuntimeTypeIndex(),
                      ffi::Function::FromTyped(
                          [hook](TRef node, AccessPath path, DocTranslator t) -> Doc {
                            return hook(std::move(node), std::move(path), std::move(t));
                          },
                          name));
}

}  // namespace printer
}  // namespace script
}  // namespace tvm

#endif  // TVM_SCRIPT_PRINTER_DOC_TRANSLATOR_H_
