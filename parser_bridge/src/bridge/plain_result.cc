/*!
 * \file plain_result.cc
 * \brief The answer of `to_plain()` (nested dicts, lists, str, int, bool, None) -> ParseResult.
 *
 * Written once over field tables: each struct lists its keys and members (`FieldsOf`), and one
 * `Read` per plain type does the checking, so every shape error names its key path the same way.
 * Keys the tables do not list are ignored, so the Python side may add information before the
 * C++ side reads it.
 */
#include <array>
#include <tuple>

#include "bridge_internal.h"

namespace tvm {
namespace script {
namespace bridge {

const char* SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kInformation:
      return "information";
    case Severity::kHint:
      return "hint";
  }
  return "error";
}

namespace details {
namespace {

/*!
 * \brief A borrowed value of the answer and where it sits: the parent chain is walked only to
 *  write an error, so reading a large answer builds no path strings.
 */
class Node {
 public:
  explicit Node(PyObject* value) : value_(value) {}
  Node(PyObject* value, const Node* parent, const char* key)
      : value_(value), parent_(parent), key_(key) {}
  Node(PyObject* value, const Node* parent, Py_ssize_t index)
      : value_(value), parent_(parent), index_(index) {}

  PyObject* value() const { return value_; }

  /*! \brief "diagnostics[0].range", or "(the answer)" for the root. */
  std::string Path() const {
    if (parent_ == nullptr) return "(the answer)";
    std::string prefix = parent_->parent_ == nullptr ? "" : parent_->Path();
    if (key_ != nullptr) return prefix.empty() ? key_ : prefix + "." + key_;
    return prefix + "[" + std::to_string(index_) + "]";
  }

  [[noreturn]] void Fail(const std::string& what) const {
    throw MalformedAnswer(Path() + ": " + what);
  }
  [[noreturn]] void Expected(const char* expected) const {
    Fail(std::string("expected ") + expected + ", got " + Py_TYPE(value_)->tp_name);
  }

  /*! \brief The value of `key`; this node must be a dict that has it. */
  Node Key(const char* key) const {
    PyObject* item = Find(key);
    if (item == nullptr) Fail(std::string("missing key \"") + key + "\"");
    return Node(item, this, key);
  }

  /*! \brief The value of `key` (borrowed), nullptr when absent; this node must be a dict. */
  PyObject* Find(const char* key) const {
    if (!PyDict_Check(value_)) Expected("a dict");
    return PyDict_GetItemString(value_, key);  // borrowed
  }

 private:
  PyObject* value_;
  const Node* parent_ = nullptr;
  const char* key_ = nullptr;
  Py_ssize_t index_ = 0;
};

/*! \brief One key of a struct and the member it fills. */
template <typename S, typename M>
struct Field {
  const char* key;
  M S::*member;
};

/*!
 * \brief A key the entry function may leave out (newer than some entry functions); the member
 *  keeps its default then.
 */
template <typename S, typename M>
struct OptionalField {
  const char* key;
  M S::*member;
};

constexpr auto FieldsOf(const RelatedInformation*) {
  return std::tuple{Field{"range", &RelatedInformation::range},
                    Field{"message", &RelatedInformation::message}};
}
constexpr auto FieldsOf(const TextEdit*) {
  return std::tuple{Field{"range", &TextEdit::range}, Field{"new_text", &TextEdit::new_text}};
}
constexpr auto FieldsOf(const Fix*) {
  return std::tuple{Field{"title", &Fix::title}, Field{"edits", &Fix::edits}};
}
constexpr auto FieldsOf(const Diagnostic*) {
  return std::tuple{
      Field{"severity", &Diagnostic::severity}, Field{"code", &Diagnostic::code},
      Field{"message", &Diagnostic::message},   Field{"range", &Diagnostic::range},
      Field{"related", &Diagnostic::related},   Field{"fixes", &Diagnostic::fixes},
      OptionalField{"tags", &Diagnostic::tags}, OptionalField{"path", &Diagnostic::path}};
}
constexpr auto FieldsOf(const Definition*) {
  return std::tuple{Field{"name", &Definition::name},
                    Field{"kind", &Definition::kind},
                    Field{"range", &Definition::range},
                    Field{"canonical_text", &Definition::canonical_text},
                    Field{"lossy", &Definition::lossy},
                    OptionalField{"key", &Definition::key},
                    OptionalField{"partial", &Definition::partial},
                    OptionalField{"stale", &Definition::stale}};
}
constexpr auto FieldsOf(const Occurrence*) {
  return std::tuple{Field{"range", &Occurrence::range}, Field{"symbol", &Occurrence::symbol},
                    Field{"is_definition", &Occurrence::is_definition},
                    Field{"kind", &Occurrence::kind}};
}
constexpr auto FieldsOf(const Symbol*) {
  return std::tuple{Field{"id", &Symbol::id}, Field{"name", &Symbol::name},
                    Field{"kind", &Symbol::kind}, Field{"type", &Symbol::type},
                    Field{"definition_range", &Symbol::definition_range}};
}
constexpr auto FieldsOf(const Comment*) {
  return std::tuple{Field{"range", &Comment::range}, Field{"text", &Comment::text},
                    Field{"definition", &Comment::definition},
                    Field{"statement_line", &Comment::statement_line}};
}
constexpr auto FieldsOf(const ParseResult*) {
  return std::tuple{Field{"definitions", &ParseResult::definitions},
                    Field{"diagnostics", &ParseResult::diagnostics},
                    Field{"occurrences", &ParseResult::occurrences},
                    Field{"symbols", &ParseResult::symbols},
                    Field{"comments", &ParseResult::comments}};
}

constexpr auto FieldsOf(const DefinitionPart*) {
  return std::tuple{Field{"definition", &DefinitionPart::definition},
                    Field{"diagnostics", &DefinitionPart::diagnostics},
                    Field{"occurrences", &DefinitionPart::occurrences},
                    Field{"symbols", &DefinitionPart::symbols},
                    Field{"comments", &DefinitionPart::comments},
                    Field{"descriptions", &DefinitionPart::descriptions},
                    Field{"nodes", &DefinitionPart::nodes}};
}
constexpr auto FieldsOf(const Description*) {
  return std::tuple{Field{"kind", &Description::kind}, Field{"text", &Description::text},
                    Field{"type", &Description::type}};
}
constexpr auto FieldsOf(const PartEntry*) {
  return std::tuple{Field{"token", &PartEntry::token}, Field{"part", &PartEntry::part}};
}
constexpr auto FieldsOf(const ResultParts*) {
  return std::tuple{Field{"diagnostics", &ResultParts::diagnostics},
                    Field{"symbols", &ResultParts::symbols}, Field{"parts", &ResultParts::parts}};
}
constexpr auto FieldsOf(const FormatVerdict*) {
  return std::tuple{Field{"name", &FormatVerdict::name},
                    Field{"key", &FormatVerdict::key},
                    Field{"range", &FormatVerdict::range},
                    Field{"text", &FormatVerdict::text},
                    Field{"reason", &FormatVerdict::reason},
                    Field{"detail", &FormatVerdict::detail},
                    OptionalField{"mismatch", &FormatVerdict::mismatch}};
}

constexpr auto FieldsOf(const NamespaceMember*) {
  return std::tuple{Field{"name", &NamespaceMember::name},
                    Field{"kind", &NamespaceMember::kind},
                    Field{"signature", &NamespaceMember::signature},
                    Field{"doc", &NamespaceMember::doc},
                    Field{"canonical", &NamespaceMember::canonical},
                    Field{"completion", &NamespaceMember::completion}};
}
constexpr auto FieldsOf(const Namespace*) {
  return std::tuple{Field{"root", &Namespace::root}, Field{"members", &Namespace::members}};
}
constexpr auto FieldsOf(const NamespaceAlias*) {
  return std::tuple{Field{"alias", &NamespaceAlias::alias}, Field{"root", &NamespaceAlias::root}};
}
constexpr auto FieldsOf(const NamespaceCatalog*) {
  return std::tuple{Field{"packages", &NamespaceCatalog::packages},
                    Field{"aliases", &NamespaceCatalog::aliases},
                    Field{"namespaces", &NamespaceCatalog::namespaces}};
}

template <typename S>
concept HasFields = requires {
  FieldsOf(static_cast<const S*>(nullptr));
};

void Read(const Node& node, std::string* out) {
  if (!PyUnicode_Check(node.value())) node.Expected("str");
  Py_ssize_t size = 0;
  const char* utf8 = PyUnicode_AsUTF8AndSize(node.value(), &size);
  if (utf8 == nullptr) {
    PyErr_Clear();
    node.Fail("expected a str that UTF-8 can encode, got one with lone surrogates");
  }
  out->assign(utf8, static_cast<size_t>(size));
}

void Read(const Node& node, int64_t* out) {
  // bool is a subclass of int in Python; a bool where a number belongs is a mistake.
  if (!PyLong_Check(node.value()) || PyBool_Check(node.value())) node.Expected("int");
  int overflow = 0;
  long long value = PyLong_AsLongLongAndOverflow(node.value(), &overflow);  // NOLINT
  if (overflow != 0) node.Fail("expected a 64-bit int, got one out of range");
  *out = value;
}

void Read(const Node& node, bool* out) {
  if (!PyBool_Check(node.value())) node.Expected("bool");
  *out = node.value() == Py_True;
}

void Read(const Node& node, Severity* out) {
  static constexpr std::array kAll{Severity::kError, Severity::kWarning, Severity::kInformation,
                                   Severity::kHint};
  std::string name;
  Read(node, &name);
  for (Severity severity : kAll) {
    if (name == SeverityName(severity)) {
      *out = severity;
      return;
    }
  }
  node.Fail("expected one of \"error\", \"warning\", \"information\", \"hint\", got \"" + name +
            "\"");
}

/*! \brief The item count of a list (or tuple); anything else fails as not `expected`. */
Py_ssize_t SequenceSize(const Node& node, const char* expected) {
  if (!PyList_Check(node.value()) && !PyTuple_Check(node.value())) node.Expected(expected);
  return PySequence_Fast_GET_SIZE(node.value());
}

void Read(const Node& node, Range* out) {
  constexpr const char* kExpected = "a list of 4 ints [line, column, end_line, end_column]";
  Py_ssize_t size = SequenceSize(node, kExpected);
  if (size != 4) {
    node.Fail(std::string("expected ") + kExpected + ", got " + std::to_string(size) + " items");
  }
  int64_t* members[] = {&out->line, &out->column, &out->end_line, &out->end_column};
  for (Py_ssize_t i = 0; i < 4; ++i) {
    Read(Node(PySequence_Fast_GET_ITEM(node.value(), i), &node, i), members[i]);
  }
}

template <typename T>
void Read(const Node& node, std::optional<T>* out) {
  if (node.value() == Py_None) {
    out->reset();
    return;
  }
  Read(node, &out->emplace());
}

template <typename T>
void Read(const Node& node, std::vector<T>* out) {
  Py_ssize_t size = SequenceSize(node, "a list");
  out->resize(static_cast<size_t>(size));
  for (Py_ssize_t i = 0; i < size; ++i) {
    Read(Node(PySequence_Fast_GET_ITEM(node.value(), i), &node, i), &(*out)[i]);
  }
}

template <typename S, typename M>
void ReadField(const Node& node, const Field<S, M>& field, S* out) {
  Read(node.Key(field.key), &(out->*field.member));
}

template <typename S, typename M>
void ReadField(const Node& node, const OptionalField<S, M>& field, S* out) {
  PyObject* item = node.Find(field.key);
  if (item != nullptr) Read(Node(item, &node, field.key), &(out->*field.member));
}

template <HasFields S>
void Read(const Node& node, S* out) {
  if (!PyDict_Check(node.value())) node.Expected("a dict");
  std::apply([&](const auto&... field) { (ReadField(node, field, out), ...); },
             FieldsOf(static_cast<const S*>(nullptr)));
}

template <typename T>
T Convert(PyObject* plain) {
  T value{};
  Read(Node(plain), &value);
  return value;
}

}  // namespace

ParseResult ConvertPlainResult(PyObject* plain) { return Convert<ParseResult>(plain); }

ResultParts ConvertPlainParts(PyObject* plain) { return Convert<ResultParts>(plain); }

std::vector<FormatVerdict> ConvertFormatVerdicts(PyObject* plain) {
  return Convert<std::vector<FormatVerdict>>(plain);
}

NamespaceCatalog ConvertNamespaceCatalog(PyObject* plain) {
  return Convert<NamespaceCatalog>(plain);
}

}  // namespace details
}  // namespace bridge
}  // namespace script
}  // namespace tvm
