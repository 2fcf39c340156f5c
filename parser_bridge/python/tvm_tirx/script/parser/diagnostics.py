"""``parse_diagnostics``: the collecting frontend for tools. It never raises.

The file is split into top-level chunks before parsing (source_text.scan), so a syntax error in
one definition (the normal state while typing) hides neither the errors nor the IR of the
others. For each TVMScript definition that builds, the report has its IR, canonical text,
occurrences, comments and a flag telling whether its canonical print would lose source
structure; every error becomes a core ``ir.Diagnostic`` with a (line, UTF-8 byte column)
range.
"""

from __future__ import annotations

import ast
import re
import traceback
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Tuple

from tvm_ffi import get_global_func, object_class

from ..decorators import DefinitionKind, JITDecorator, ModuleDecorator, ScriptDecorator
from . import entry, namespaces
from .occurrences import OccurrenceTable, collect_function, definition_name_loc
from .source_facts import AttachedComment, attach_comments, lossy_reasons
from .source_text import LineIndex, SourceScan, TopLevelChunk, chunk_text, scan
from .transpile import Loc, SyntaxErrorFactory, loc_of

Diagnostic = object_class("ir.Diagnostic")
DiagnosticFix = object_class("ir.DiagnosticFix")
TextEdit = object_class("ir.TextEdit")
_Span = object_class("ir.Span")
_well_formed = get_global_func("tirx.analysis.WellFormedDiagnostics")

ERROR, WARNING, INFORMATION, HINT = 1, 2, 3, 4
_SEVERITY_NAMES = {ERROR: "error", WARNING: "warning", INFORMATION: "information", HINT: "hint"}
_NAMESPACE_IMPORTS = {"T": "tirx", "I": "ir", "Ts": "s_tir"}


@dataclass
class DefinitionReport:
    name: str
    kind: str  # "function" or "module"
    range: Loc
    ir: Any = None
    canonical_text: Optional[str] = None
    lossy_reasons: List[str] = field(default_factory=list)

    @property
    def lossy(self) -> bool:
        return bool(self.lossy_reasons)


@dataclass
class ParseReport:
    """What ``parse_diagnostics`` found; ``to_plain()`` is the embedding API's data."""

    source_name: str
    definitions: List[DefinitionReport] = field(default_factory=list)
    diagnostics: List[Any] = field(default_factory=list)
    table: OccurrenceTable = field(default_factory=OccurrenceTable)
    comments: List[Tuple[int, AttachedComment]] = field(default_factory=list)

    @property
    def occurrences(self) -> List[Any]:
        return self.table.occurrences

    @property
    def symbols(self) -> List[Any]:
        return self.table.symbols

    def to_plain(self) -> Dict[str, Any]:
        """Nested dicts, lists, strings, ints, bools and None only."""
        return {
            "definitions": [
                {"name": d.name, "kind": d.kind, "range": list(d.range),
                 "canonical_text": d.canonical_text, "lossy": d.lossy}
                for d in self.definitions],
            "diagnostics": [_plain_diagnostic(d) for d in self.diagnostics],
            "occurrences": [
                {"range": list(o.range), "symbol": str(o.symbol),
                 "is_definition": o.is_definition,
                 "kind": o.kind}
                for o in self.table.occurrences],
            "symbols": [
                {"id": str(s.id), "name": s.name, "kind": s.kind, "type": s.type,
                 "definition_range": list(s.definition_range) if s.definition_range else None}
                for s in self.table.symbols],
            "comments": [
                {"range": list(c.range), "text": c.text, "definition": index,
                 "statement_line": c.statement_line}
                for index, c in self.comments],
        }


def _span_range(span: Any) -> List[int]:
    return [span.start_line, span.start_column, span.end_line, span.end_column]


def _plain_diagnostic(diagnostic: Any) -> Dict[str, Any]:
    return {
        "severity": _SEVERITY_NAMES.get(int(diagnostic.severity), "error"),
        "code": diagnostic.code,
        "message": diagnostic.message,
        "range": _span_range(diagnostic.span),
        "related": [{"range": _span_range(r.span), "message": r.message}
                    for r in diagnostic.related],
        "fixes": [{"title": f.title,
                   "edits": [{"range": _span_range(e.span), "new_text": e.new_text}
                             for e in f.edits]}
                  for f in diagnostic.fixes],
    }


class _Collector:
    def __init__(self, text: str, source_name: str, extra_vars: Mapping[str, Any],
                 trusted: bool) -> None:
        self.text = text
        self.source_name = source_name
        self.extra_vars = extra_vars
        self.trusted = trusted
        self.report = ParseReport(source_name)

    # -- diagnostics ---------------------------------------------------------------------------

    def span(self, loc: Loc) -> Any:
        return _Span(self.source_name, *loc)

    def add(self, code: str, message: str, loc: Loc, severity: int = ERROR,
            fixes: Tuple[Any, ...] = ()) -> None:
        self.report.diagnostics.append(
            Diagnostic(severity, code, message, self.span(loc), None, [], [], list(fixes)))

    def syntax_error(self, error: SyntaxError, lines: Any) -> None:
        line = error.lineno or 1
        start = lines.byte_column(line, max((error.offset or 1) - 1, 0))
        end_line = error.end_lineno or line
        end_offset = error.end_offset if error.end_offset and error.end_offset > 0 else None
        end = lines.byte_column(end_line, end_offset - 1) if end_offset else start
        if (end_line, end) < (line, start):
            end_line, end = line, start
        self.add("syntax-error", error.msg, (line, start, end_line, end),
                 fixes=self._syntax_fixes(error, (line, start, end_line, end)))

    def _syntax_fixes(self, error: SyntaxError, loc: Loc) -> Tuple[Any, ...]:
        if error.msg.startswith("Quoted annotations"):
            line_text = self.scan.line_index.line_text(loc[0]).encode("utf-8")
            quoted = line_text[loc[1]:loc[3]].decode("utf-8", "replace")
            if len(quoted) >= 2 and quoted[0] == quoted[-1] and quoted[0] in "'\"":
                edit = TextEdit(self.span(loc), quoted[1:-1])
                return (DiagnosticFix("Remove the quotes", [edit]),)
        return ()

    def runtime_error(self, exc: BaseException, fallback: Loc) -> None:
        location = entry.error_location(exc)
        loc = tuple(location[1:]) if location else fallback
        code = _kebab(type(exc).__name__)
        message = str(exc)
        fixes: Tuple[Any, ...] = ()
        if isinstance(exc, NameError) and getattr(exc, "name", None) in _NAMESPACE_IMPORTS:
            fixes = (self._import_fix(exc.name),)
        self.add(code, message, loc, fixes=fixes)  # type: ignore[arg-type]

    def _import_fix(self, alias: str) -> Any:
        module = _NAMESPACE_IMPORTS[alias]
        edit = TextEdit(self.span((1, 0, 1, 0)),
                        f"from tvm_tirx.script import {module} as {alias}\n")
        return DiagnosticFix(f"Import `{alias}` (`from tvm_tirx.script import {module} as "
                             f"{alias}`)", [edit])

    # -- the file ------------------------------------------------------------------------------

    def run(self) -> ParseReport:
        namespaces.ensure_initialized()
        self.scan = self._scan()
        env, captured = self._module_level()
        definitions = []
        for chunk in self.scan.top_level:
            if chunk.kind == "definition":
                found = self._parse_definition(chunk, env)
                if found is not None:
                    definitions.append(found)
        # Macros first, as from_source does: the other definitions may call them.
        self._define_macros([d for d in definitions if _is_macro(d[1])], env)
        for node, decorator in definitions:
            if not _is_macro(decorator):
                self._definition(node, decorator, env, captured)
        self.report.table.occurrences.sort(key=lambda o: o.range)
        return self.report

    def _scan(self) -> SourceScan:
        """Scans the text; a bad header list is reported and its lines blanked, so the rest of
        the file is still split and parsed."""
        text = self.text
        for _ in range(100):
            try:
                return scan(text, self.source_name)
            except SyntaxError as error:
                self.syntax_error(error, LineIndex(text))
                text = _blank_lines(text, error.lineno or 1, error.end_lineno or error.lineno or 1)
        return scan(_blank_lines(text, 1, text.count("\n") + 1), self.source_name)

    def _parse_chunk(self, chunk: TopLevelChunk) -> Optional[ast.Module]:
        try:
            return ast.parse(chunk_text(self.scan.blanked_text, chunk), self.source_name)
        except SyntaxError as error:
            self.syntax_error(error, self.scan.line_index)
        except (ValueError, MemoryError, RecursionError) as error:  # null bytes, deep nesting
            self.add("syntax-error", str(error), (chunk.start_line, 0, chunk.start_line, 0))
        return None

    def _module_level(self) -> Tuple[Dict[str, Any], Dict[str, Tuple[Any, Optional[Loc]]]]:
        """Imports of script namespaces and ``n = T.dynamic("n")`` symbols, from the statement
        chunks that parse; nothing else at module level runs."""
        statements: List[ast.stmt] = []
        for chunk in self.scan.top_level:
            if chunk.kind == "statement":
                module = self._parse_chunk(chunk)
                if module is not None:
                    statements.extend(module.body)
        env: Dict[str, Any] = {}
        try:
            env = entry._module_bindings(ast.Module(body=statements, type_ignores=[]),
                                         self.extra_vars, self.source_name)
        except Exception as exc:  # noqa: BLE001 - a bad symbol declaration is a diagnostic
            self.runtime_error(exc, (1, 0, 1, 0))
            env = dict(self.extra_vars)
        captured: Dict[str, Tuple[Any, Optional[Loc]]] = {}
        from ... import ir as _ir

        for name, value in self.extra_vars.items():
            if isinstance(value, _ir.Var):
                captured[name] = (value, None)
        for stmt in statements:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
                    isinstance(stmt.targets[0], ast.Name) and isinstance(
                        env.get(stmt.targets[0].id), _ir.Var):
                captured[stmt.targets[0].id] = (env[stmt.targets[0].id], loc_of(stmt.targets[0]))
        return env, captured

    def _parse_definition(self, chunk: TopLevelChunk,
                          env: Mapping[str, Any]) -> Optional[Tuple[ast.AST, Any]]:
        """The chunk's definition and its construction decorator; None for ordinary Python
        (not ours to check) and for chunks that do not parse (already reported)."""
        module = self._parse_chunk(chunk)
        if module is None or not module.body:
            return None
        node = module.body[-1]
        decorator = entry._script_decorator(node, env, self.source_name)
        if decorator is None or not isinstance(decorator, (ScriptDecorator, ModuleDecorator)):
            return None
        return node, decorator

    def _define_macros(self, macros: List[Tuple[ast.AST, Any]], env: Dict[str, Any]) -> None:
        from .macro import define_text_macros

        for node, _ in macros:
            self.report.definitions.append(
                DefinitionReport(node.name, "macro", _definition_range(node)))
        if not macros:
            return
        try:
            define_text_macros([entry._Definition(n, self.scan, self.source_name, env, d,
                                                  self.trusted) for n, d in macros], env)
        except SyntaxError as error:
            self.syntax_error(error, self.scan.line_index)
        except Exception as exc:  # noqa: BLE001 - every failure is a diagnostic
            self.runtime_error(exc, loc_of(macros[0][0]))

    def _definition(self, node: ast.AST, decorator: Any, env: Dict[str, Any],
                    captured: Mapping[str, Tuple[Any, Optional[Loc]]]) -> None:
        lines = self.scan.line_index
        name_loc = definition_name_loc(node, lines.line_text(node.lineno))
        kind = "module" if isinstance(decorator, ModuleDecorator) else "function"
        report = DefinitionReport(node.name, kind, _definition_range(node))
        index = len(self.report.definitions)
        self.report.definitions.append(report)
        self.report.comments.extend(
            (index, c) for c in attach_comments(node, self.scan.comments))
        try:
            built, functions = self._build(node, decorator, env)
        except SyntaxError as error:
            self.syntax_error(error, lines)
            return
        except Exception as exc:  # noqa: BLE001 - every failure is a diagnostic
            self.runtime_error(exc, name_loc)
            return
        if built is None:
            return
        report.ir = built
        try:
            report.canonical_text = built.script(show_header=False)
        except Exception as exc:  # noqa: BLE001
            self.runtime_error(exc, name_loc)
        self._well_formed(built, functions)
        self._occurrences(node, built, functions, captured, decorator, name_loc)
        module_name = node.name if kind == "module" else None
        local = [n.id for n in ast.walk(node) if isinstance(n, ast.Name)
                 and isinstance(n.ctx, ast.Store)] + [a.arg for f in functions.values()
                                                      for a in f[0].args.args]
        for f in functions.values():
            local.extend(h.name for h in f[1].header)
        report.lossy_reasons = lossy_reasons(node, env, module_name, local)

    def _build(self, node: ast.AST, decorator: Any, env: Mapping[str, Any]) -> Tuple[Any, Dict]:
        """The IR, and each function's (AST, _Definition, IR) by name."""
        if isinstance(decorator, ModuleDecorator):
            errors = SyntaxErrorFactory(self.source_name, self.scan.line_index)
            members = entry._module_members(
                node, errors, lambda stmt: entry._script_decorator(stmt, env, self.source_name))
            built = entry._build_module(node, self.scan, self.source_name, env, members,
                                        self.trusted, decorator=decorator)
            functions = {}
            for stmt, member_decorator in members:
                if member_decorator is not None:
                    definition = entry._Definition(stmt, self.scan, self.source_name, env,
                                                   member_decorator, self.trusted)
                    ir_func = built.functions[built.get_global_var(stmt.name)]
                    functions[stmt.name] = (stmt, definition, ir_func)
            return built, functions
        if isinstance(decorator, JITDecorator) and decorator.const_args is None:
            # `@T.jit` without const_args builds only when specialized: check its syntax.
            entry._Definition(node, self.scan, self.source_name, env, decorator,
                              self.trusted).transpile()
            return None, {}
        definition = entry._Definition(node, self.scan, self.source_name, env, decorator,
                                       self.trusted, const_args=decorator.const_args)
        built = definition.build()
        return built, {node.name: (node, definition, built)}

    def _well_formed(self, built: Any, functions: Mapping[str, Any]) -> None:
        for stmt, _, ir_func in functions.values():
            for diagnostic in _well_formed(ir_func):
                loc = entry._statement_loc(ir_func, diagnostic.path) or loc_of(stmt)
                self.add(diagnostic.code, diagnostic.message, loc)

    def _occurrences(self, node: ast.AST, built: Any, functions: Mapping[str, Any],
                     captured: Mapping[str, Tuple[Any, Optional[Loc]]], decorator: Any,
                     name_loc: Loc) -> None:
        table = self.report.table
        lines = self.scan.line_index
        module_name = None
        function_symbols: Dict[str, int] = {}
        if isinstance(decorator, ModuleDecorator):
            module_name = node.name
            module_symbol = table.symbol_for(("module", node.name, name_loc), node.name,
                                             "module", "", name_loc)
            table.add(name_loc, module_symbol, True)
            for name, (stmt, _, _) in functions.items():
                loc = definition_name_loc(stmt, lines.line_text(stmt.lineno))
                function_symbols[name] = table.symbol_for(("function", node.name, name),
                                                          name, "function", "", loc)
                table.add(loc, function_symbols[name], True)
        else:
            symbol = table.symbol_for(("function", node.name, name_loc), node.name, "function",
                                      "", name_loc)
            table.add(name_loc, symbol, True)
        for stmt, definition, ir_func in functions.values():
            collect_function(table, stmt, definition.header, ir_func, captured, module_name,
                             function_symbols)


def _is_macro(decorator: Any) -> bool:
    return getattr(decorator, "kind", None) is DefinitionKind.MACRO


def _definition_range(node: ast.AST) -> Loc:
    decorators = getattr(node, "decorator_list", [])
    start = decorators[0] if decorators else node
    line = start.lineno
    col = start.col_offset - (1 if decorators else 0)  # the `@` before the decorator
    return (line, max(col, 0), node.end_lineno or line, node.end_col_offset or 0)


def _blank_lines(text: str, first: int, last: int) -> str:
    lines = text.split("\n")
    for i in range(first - 1, min(last, len(lines))):
        lines[i] = re.sub(r"[^\r]", " ", lines[i])
    return "\n".join(lines)


def _kebab(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


def parse_diagnostics(text: str, *, source_name: str = "<string>",
                      extra_vars: Optional[Mapping[str, Any]] = None,
                      trusted: bool = False) -> ParseReport:
    """Every definition, error, occurrence and comment of a TVMScript file. Never raises: an
    internal failure becomes an "internal-error" diagnostic."""
    collector = _Collector(text if isinstance(text, str) else "", source_name,
                           extra_vars or {}, trusted)
    try:
        if not isinstance(text, str):
            raise TypeError(f"parse_diagnostics takes the source text as a str, got "
                            f"`{type(text).__name__}`")
        return collector.run()
    except BaseException as exc:  # noqa: BLE001 - the collecting API never raises
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        collector.add("internal-error", "".join(traceback.format_exception(exc)).strip(),
                      (1, 0, 1, 0))
        return collector.report


__all__ = ["DefinitionReport", "ParseReport", "parse_diagnostics"]
