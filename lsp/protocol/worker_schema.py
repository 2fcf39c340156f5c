"""The analysis worker's message schema (worker_protocol.json): reader, checker and C++ generator.

As a program (run by a Meson custom_target):

    python3 worker_schema.py SCHEMA OUT_HEADER OUT_SOURCE

writes the C++ structs and the nlohmann_json codecs the worker and its client share, and the
worker's dispatch (``DispatchRequest``: each method to the worker's ``On`` overload). As a module
(tests): ``load(path)`` reads the schema and ``check(schema, value, type_name)`` lists every place
where a plain value (nested dicts, lists, str, int, bool, None) departs from a type.
"""

from __future__ import annotations

import json
import pathlib
import re
import sys
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

PRIMITIVES = {"string": "std::string", "int": "int64_t", "bool": "bool", "json": "nlohmann::json"}


@dataclass
class Field:
    name: str
    type: str
    optional: bool = False
    doc: str = ""
    default: Any = None
    """An optional field's value when absent (a bool or int); None: false, 0 or empty."""


@dataclass
class Type:
    name: str
    kind: str  # "struct", "enum" or "range"
    cpp: Optional[str] = None  # an existing C++ type; None: generated in tvm::lsp::protocol
    doc: str = ""
    fields: List[Field] = field(default_factory=list)
    values: List[str] = field(default_factory=list)
    cpp_values: List[str] = field(default_factory=list)


@dataclass
class Schema:
    types: Dict[str, Type]
    methods: List[Dict[str, str]]
    events: List[Dict[str, str]]
    cpp_includes: List[str] = field(default_factory=list)
    """Headers of the existing C++ types (``cpp``) the generated header includes."""


def _camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[-_]", name))


def load(path: str | pathlib.Path) -> Schema:
    raw = json.loads(pathlib.Path(path).read_text())
    types: Dict[str, Type] = {}
    for item in raw["types"]:
        fields = [Field(f["name"], f["type"], f.get("optional", False), f.get("doc", ""),
                        f.get("default"))
                  for f in item.get("fields", [])]
        values = item.get("values", [])
        cpp_values = item.get("cpp_values", ["k" + _camel(v) for v in values])
        types[item["name"]] = Type(item["name"], item["kind"], item.get("cpp"),
                                   item.get("doc", ""), fields, values, cpp_values)
    schema = Schema(types, raw["methods"], raw["events"], raw.get("cpp_includes", []))
    _check_names(schema)
    return schema


def _parts(type_expr: str) -> List[str]:
    """The type names a type expression mentions."""
    return [p for p in re.split(r"[<>|]", type_expr) if p and p != "list" and p != "null"]


def _check_names(schema: Schema) -> None:
    for t in schema.types.values():
        for f in t.fields:
            for part in _parts(f.type):
                if part not in PRIMITIVES and part not in schema.types:
                    raise ValueError(f"{t.name}.{f.name}: unknown type {part}")
    for m in schema.methods + schema.events:
        for key in ("params", "result"):
            if key in m and m[key] not in schema.types:
                raise ValueError(f"{m['name']}.{key}: unknown type {m[key]}")


# -- checking plain values --------------------------------------------------------------------


def check(schema: Schema, value: Any, type_expr: str, path: str = "") -> List[str]:
    """Every departure of `value` from `type_expr`, as "path: problem" strings."""
    where = path or "(the value)"
    if type_expr.endswith("|null"):
        return [] if value is None else check(schema, value, type_expr[:-5], path)
    if type_expr.startswith("list<"):
        if not isinstance(value, list):
            return [f"{where}: expected a list, got {type(value).__name__}"]
        inner = type_expr[5:-1]
        return [p for i, item in enumerate(value) for p in check(schema, item, inner, f"{path}[{i}]")]
    if type_expr == "json":
        return []
    if type_expr == "string":
        return [] if isinstance(value, str) else [f"{where}: expected str, got {type(value).__name__}"]
    if type_expr == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{where}: expected int, got {type(value).__name__}"]
    if type_expr == "bool":
        return [] if isinstance(value, bool) else [f"{where}: expected bool, got {type(value).__name__}"]
    return _check_named(schema, value, schema.types[type_expr], path)


def _check_named(schema: Schema, value: Any, t: Type, path: str) -> List[str]:
    where = path or "(the value)"
    if t.kind == "range":
        ok = (isinstance(value, list) and len(value) == 4
              and all(isinstance(v, int) and not isinstance(v, bool) for v in value))
        return [] if ok else [f"{where}: expected a list of 4 ints, got {value!r}"]
    if t.kind == "enum":
        return [] if value in t.values else [f"{where}: expected one of {t.values}, got {value!r}"]
    if not isinstance(value, dict):
        return [f"{where}: expected a dict, got {type(value).__name__}"]
    problems = []
    for f in t.fields:
        child = f"{path}.{f.name}" if path else f.name
        if f.name not in value:
            if not f.optional:
                problems.append(f"{child}: missing")
            continue
        problems += check(schema, value[f.name], f.type, child)
    return problems


def unknown_keys(schema: Schema, value: Any, type_expr: str, path: str = "") -> List[str]:
    """Keys of `value` the schema does not describe (readers ignore them; tests report them)."""
    if type_expr.endswith("|null"):
        return [] if value is None else unknown_keys(schema, value, type_expr[:-5], path)
    if type_expr.startswith("list<") and isinstance(value, list):
        return [k for i, item in enumerate(value)
                for k in unknown_keys(schema, item, type_expr[5:-1], f"{path}[{i}]")]
    t = schema.types.get(type_expr)
    if t is None or t.kind != "struct" or not isinstance(value, dict):
        return []
    found = []
    for key, item in value.items():
        child = f"{path}.{key}" if path else key
        spec = next((f for f in t.fields if f.name == key), None)
        found += [child] if spec is None else unknown_keys(schema, item, spec.type, child)
    return found


# -- C++ generation ---------------------------------------------------------------------------


def cpp_type(schema: Schema, type_expr: str) -> str:
    if type_expr.endswith("|null"):
        return f"std::optional<{cpp_type(schema, type_expr[:-5])}>"
    if type_expr.startswith("list<"):
        return f"std::vector<{cpp_type(schema, type_expr[5:-1])}>"
    if type_expr in PRIMITIVES:
        return PRIMITIVES[type_expr]
    t = schema.types[type_expr]
    return t.cpp or t.name


def _doc(text: str, indent: str = "") -> List[str]:
    return [f"{indent}/*! \\brief {text} */"] if text else []


def _default(schema: Schema, f: Field) -> str:
    if f.default is not None:
        return f" = {json.dumps(f.default)}"
    if f.type in ("int",):
        return " = 0"
    if f.type == "bool":
        return " = false"
    t = schema.types.get(f.type)
    if t is not None and t.kind == "enum":
        return f" = {cpp_type(schema, f.type)}::{t.cpp_values[0]}"
    return "{}"


def _header(schema: Schema) -> str:
    out = ["// Generated by lsp/protocol/worker_schema.py from worker_protocol.json: do not edit.",
           "#ifndef TVM_LSP_PROTOCOL_WORKER_PROTOCOL_H_",
           "#define TVM_LSP_PROTOCOL_WORKER_PROTOCOL_H_", "",
           "#include <nlohmann/json.hpp>",
           *[f"#include <{header}>" for header in schema.cpp_includes], "",
           "#include <cstdint>", "#include <optional>", "#include <stdexcept>", "#include <string>",
           "#include <vector>", "", "namespace tvm {", "namespace lsp {", "namespace protocol {", "",
           "/*! \\brief A JSON value that does not have its schema type; what() names the path. */",
           "class SchemaError : public std::runtime_error {", " public:",
           "  using std::runtime_error::runtime_error;", "};", ""]
    for t in schema.types.values():
        if t.cpp is None:
            out += _doc(t.doc)
            if t.kind == "enum":
                out.append(f"enum class {t.name} {{ {', '.join(t.cpp_values)} }};")
            else:
                out.append(f"struct {t.name} {{")
                for f in t.fields:
                    out += _doc(f.doc, "  ")
                    out.append(f"  {cpp_type(schema, f.type)} {f.name.replace('-', '_')}"
                               f"{_default(schema, f)};")
                out.append("};")
            out.append("")
        cpp = cpp_type(schema, t.name)
        out.append(f"nlohmann::json ToJson(const {cpp}& value);")
        out.append("/*! \\brief Reads `json` into `out`; errors name the path from `root`. */")
        out.append(f"void FromJson(const nlohmann::json& json, {cpp}* out, const char* root = nullptr);")
        if t.kind == "enum":
            out.append(f"const char* NameOf({cpp} value);")
        out.append("")
    for group, suffix in (("methods", "Method"), ("events", "Event")):
        for m in getattr(schema, group):
            out += _doc(m.get("doc", ""))
            out.append(f"struct {_camel(m['name'])}{suffix} {{")
            out.append(f"  static constexpr const char* kName = \"{m['name']}\";")
            out.append(f"  using Params = {cpp_type(schema, m['params'])};")
            if "result" in m:
                out.append(f"  using Result = {cpp_type(schema, m['result'])};")
            out.append("};")
    out += ["", "/*! \\brief T read from `json`. \\throws SchemaError naming the path. */",
            "template <typename T>",
            "T Decode(const nlohmann::json& json, const char* root = nullptr) {", "  T value{};",
            "  FromJson(json, &value, root);", "  return value;", "}", "",
            *_dispatch(schema),
            "}  // namespace protocol", "}  // namespace lsp", "}  // namespace tvm", "",
            "#endif  // TVM_LSP_PROTOCOL_WORKER_PROTOCOL_H_", ""]
    return "\n".join(out)


def _dispatch(schema: Schema) -> List[str]:
    """The worker's dispatch: every method of the schema to its handler, params decoded and the
    result encoded here, so a method without a handler does not compile."""
    out = ["/*!",
           " * \\brief Answers a request: `handlers.On(<Method>{}, id, params)` for the method of",
           " *  the schema named `method`, its params (null reads as {}) decoded and its result",
           " *  encoded. None when the schema has no such method. Every method needs an `On`",
           " *  overload (one missing does not compile). \\throws SchemaError for params of the",
           " *  wrong shape (the path named from \"params\"); whatever a handler throws.",
           " */",
           "template <typename Handlers>",
           "std::optional<nlohmann::json> DispatchRequest(Handlers& handlers, const std::string& "
           "method,",
           "                                              int64_t id, const nlohmann::json& params) {",
           "  static const nlohmann::json kNoParams = nlohmann::json::object();",
           "  const nlohmann::json& given = params.is_null() ? kNoParams : params;"]
    for m in schema.methods:
        name = f"{_camel(m['name'])}Method"
        out += [f"  if (method == {name}::kName) {{",
                f"    return ToJson(handlers.On({name}{{}}, id, "
                f"Decode<{name}::Params>(given, \"params\")));",
                "  }"]
    out += ["  return std::nullopt;", "}", ""]
    return out


SOURCE_PRELUDE = """// Generated by lsp/protocol/worker_schema.py from worker_protocol.json: do not edit.
#include "worker_protocol.h"

namespace tvm {
namespace lsp {
namespace protocol {
namespace {

/*! \\brief Where a value sits, walked only to write an error. */
struct Path {
  const Path* parent = nullptr;
  const char* key = nullptr;
  size_t index = 0;

  std::string Render() const {
    if (parent == nullptr) return key != nullptr ? key : "";
    std::string prefix = parent->Render();
    if (key != nullptr) return prefix.empty() ? key : prefix + "." + key;
    return prefix + "[" + std::to_string(index) + "]";
  }
  [[noreturn]] void Fail(const std::string& what) const {
    std::string where = Render();
    throw SchemaError(where.empty() ? what : where + ": " + what);
  }
};

nlohmann::json Write(const std::string& value) { return value; }
nlohmann::json Write(int64_t value) { return value; }
nlohmann::json Write(bool value) { return value; }
nlohmann::json Write(const nlohmann::json& value) { return value; }

void Read(const nlohmann::json& json, const Path& path, std::string* out) {
  if (!json.is_string()) path.Fail(std::string("expected a string, got ") + json.type_name());
  *out = json.get<std::string>();
}
void Read(const nlohmann::json& json, const Path& path, int64_t* out) {
  if (!json.is_number_integer()) {
    path.Fail(std::string("expected an integer, got ") + json.type_name());
  }
  if (json.is_number_unsigned() && json.get<uint64_t>() > uint64_t{INT64_MAX}) {
    path.Fail("expected a 64-bit integer, got one out of range");
  }
  *out = json.get<int64_t>();
}
void Read(const nlohmann::json& json, const Path& path, bool* out) {
  if (!json.is_boolean()) path.Fail(std::string("expected a boolean, got ") + json.type_name());
  *out = json.get<bool>();
}
void Read(const nlohmann::json& json, const Path&, nlohmann::json* out) { *out = json; }

/*! \\brief The member `key` of object `json`, or nullptr when absent. */
const nlohmann::json* Member(const nlohmann::json& json, const Path& path, const char* key,
                             bool required) {
  auto it = json.find(key);
  if (it == json.end()) {
    if (required) path.Fail(std::string("missing key \\"") + key + "\\"");
    return nullptr;
  }
  return &*it;
}
"""

SOURCE_TEMPLATES = """// Declared first: an optional list (or a list of optionals) finds the other template.
template <typename T>
nlohmann::json Write(const std::optional<T>& value);
template <typename T>
nlohmann::json Write(const std::vector<T>& value);
template <typename T>
void Read(const nlohmann::json& json, const Path& path, std::optional<T>* out);
template <typename T>
void Read(const nlohmann::json& json, const Path& path, std::vector<T>* out);

template <typename T>
nlohmann::json Write(const std::optional<T>& value) {
  return value ? Write(*value) : nlohmann::json(nullptr);
}
template <typename T>
nlohmann::json Write(const std::vector<T>& value) {
  nlohmann::json out = nlohmann::json::array();
  for (const T& item : value) out.push_back(Write(item));
  return out;
}
template <typename T>
void Read(const nlohmann::json& json, const Path& path, std::optional<T>* out) {
  if (json.is_null()) {
    out->reset();
    return;
  }
  Read(json, path, &out->emplace());
}
template <typename T>
void Read(const nlohmann::json& json, const Path& path, std::vector<T>* out) {
  if (!json.is_array()) path.Fail(std::string("expected an array, got ") + json.type_name());
  out->resize(json.size());
  for (size_t i = 0; i < json.size(); ++i) Read(json[i], Path{&path, nullptr, i}, &(*out)[i]);
}
"""


def _codecs(schema: Schema, t: Type) -> List[str]:
    cpp = cpp_type(schema, t.name)
    out: List[str] = []
    if t.kind == "range":
        out += [f"nlohmann::json Write(const {cpp}& value) {{",
                "  return nlohmann::json::array({value.line, value.column, value.end_line, "
                "value.end_column});", "}",
                f"void Read(const nlohmann::json& json, const Path& path, {cpp}* out) {{",
                "  if (!json.is_array() || json.size() != 4) {",
                "    path.Fail(\"expected an array of 4 integers [line, column, end_line, "
                "end_column]\");", "  }",
                "  int64_t* members[] = {&out->line, &out->column, &out->end_line, "
                "&out->end_column};",
                "  for (size_t i = 0; i < 4; ++i) Read(json[i], Path{&path, nullptr, i}, "
                "members[i]);", "}"]
    elif t.kind == "enum":
        names = ", ".join(f'"{v}"' for v in t.values)
        out += [f"const char* const k{t.name}Names[] = {{{names}}};",
                f"const {cpp} k{t.name}Values[] = {{"
                + ", ".join(f"{cpp}::{v}" for v in t.cpp_values) + "};",
                f"nlohmann::json Write({cpp} value) {{ return NameOf(value); }}",
                f"void Read(const nlohmann::json& json, const Path& path, {cpp}* out) {{",
                "  std::string name;", "  Read(json, path, &name);",
                f"  for (size_t i = 0; i < {len(t.values)}; ++i) {{",
                f"    if (name == k{t.name}Names[i]) {{",
                f"      *out = k{t.name}Values[i];", "      return;", "    }", "  }",
                f"  path.Fail(\"expected one of {', '.join(t.values)}, got \\\"\" + name + "
                "\"\\\"\");", "}"]
    else:
        members = [f.name.replace("-", "_") for f in t.fields]
        out.append(f"nlohmann::json Write(const {cpp}& value) {{")
        if t.cpp is not None and members:
            # A member added to the C++ struct but not to the schema (or the reverse) fails here.
            out.append(f"  [[maybe_unused]] const auto& [{', '.join('m_' + m for m in members)}]"
                       " = value;")
        elif not members:
            out.append("  (void)value;")
        out.append("  nlohmann::json out = nlohmann::json::object();")
        for f, m in zip(t.fields, members):
            out.append(f"  out[\"{f.name}\"] = Write(value.{m});")
        out += ["  return out;", "}",
                f"void Read(const nlohmann::json& json, const Path& path, {cpp}* out) {{",
                "  if (!json.is_object()) path.Fail(std::string(\"expected an object, got \") + "
                "json.type_name());"]
        if not members:
            out.append("  (void)out;")
        for f, m in zip(t.fields, members):
            required = "false" if f.optional else "true"
            out.append(f"  if (const nlohmann::json* item = Member(json, path, \"{f.name}\", "
                       f"{required})) {{")
            out.append(f"    Read(*item, Path{{&path, \"{f.name}\", 0}}, &out->{m});")
            out.append("  }")
        out.append("}")
    return out


def _source(schema: Schema) -> str:
    # Every codec is declared before the list and optional templates: their calls are looked up
    # where the templates are defined (the bridge's types live in another namespace, so argument
    # dependent lookup would not find codecs declared later).
    out = [SOURCE_PRELUDE]
    for t in schema.types.values():
        cpp = cpp_type(schema, t.name)
        arg = f"{cpp} value" if t.kind == "enum" else f"const {cpp}& value"
        out.append(f"nlohmann::json Write({arg});")
        out.append(f"void Read(const nlohmann::json& json, const Path& path, {cpp}* out);")
    out += ["", SOURCE_TEMPLATES]
    for t in schema.types.values():
        out += _codecs(schema, t)
        out.append("")
    out.append("}  // namespace")
    out.append("")
    for t in schema.types.values():
        cpp = cpp_type(schema, t.name)
        out.append(f"nlohmann::json ToJson(const {cpp}& value) {{ return Write(value); }}")
        out.append(f"void FromJson(const nlohmann::json& json, {cpp}* out, const char* root) {{")
        out.append("  Read(json, Path{nullptr, root, 0}, out);")
        out.append("}")
        if t.kind == "enum":
            out += [f"const char* NameOf({cpp} value) {{",
                    f"  for (size_t i = 0; i < {len(t.values)}; ++i) {{",
                    f"    if (k{t.name}Values[i] == value) return k{t.name}Names[i];", "  }",
                    f"  return k{t.name}Names[0];", "}"]
    out += ["", "}  // namespace protocol", "}  // namespace lsp", "}  // namespace tvm", ""]
    return "\n".join(out)


def main(argv: List[str]) -> int:
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    schema = load(argv[1])
    pathlib.Path(argv[2]).write_text(_header(schema))
    pathlib.Path(argv[3]).write_text(_source(schema))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
