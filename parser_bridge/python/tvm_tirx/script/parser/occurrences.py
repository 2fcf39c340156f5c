"""Every occurrence of every variable, tensor, symbol and module function in a definition,
with the identity of what it refers to (references, rename, semantic tokens and hover).

Definitions are found in the AST (parameters, header symbols, assignment and loop targets) and
matched to the IR variable the builder made there by the variable's span, which the builder
sets to the name's position. A use (a ``Name`` read) refers to the latest binding of its name
before it in the definition, as the generated Python code would read it, else to a captured
symbol (``n = T.dynamic("n")`` at module level).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from tvm_ffi import DefRegionKind, structural_walk

from ... import ir as _ir
from .transpile import HeaderSymbol, Loc, loc_of


@dataclass
class Symbol:
    """One thing occurrences refer to: an IR variable or a module function. Its id is
    ``<table prefix>:<n>``: a definition's table has the definition's own prefix, so ids stay
    the same while other definitions are edited; module symbols are in the file's table."""

    id: str
    name: str
    kind: str  # "parameter", "tensor", "variable", "loop", "symbol", "function", "module"
    type: str  # printed type ("T.int32"), "" when none
    definition_range: Optional[Loc]
    target: Any = None  # the IR variable (not plain data)


@dataclass
class Occurrence:
    range: Loc
    symbol: str
    is_definition: bool
    kind: str


@dataclass
class OccurrenceTable:
    """The symbols of one definition (or of the file: module symbols) and the occurrences
    inside it; ``shared`` is the file's table, where module symbols live."""

    prefix: str = "file"
    shared: Optional["OccurrenceTable"] = None
    symbols: List[Symbol] = field(default_factory=list)
    occurrences: List[Occurrence] = field(default_factory=list)
    _by_target: Dict[Any, str] = field(default_factory=dict)
    _kinds: Dict[str, str] = field(default_factory=dict)

    def symbol_for(self, key: Any, name: str, kind: str, ty: str,
                   definition: Optional[Loc], target: Any = None) -> str:
        if key in self._by_target:
            return self._by_target[key]
        symbol = Symbol(f"{self.prefix}:{len(self.symbols)}", name, kind, ty, definition,
                        target)
        self.symbols.append(symbol)
        self._by_target[key] = symbol.id
        self._kinds[symbol.id] = kind
        return symbol.id

    def shared_symbol_for(self, key: Any, name: str, kind: str, ty: str,
                          definition: Optional[Loc], target: Any = None) -> str:
        """A symbol of the file (a module symbol a definition uses)."""
        table = self.shared if self.shared is not None else self
        return table.symbol_for(key, name, kind, ty, definition, target)

    def kind_of(self, symbol: str) -> str:
        kind = self._kinds.get(symbol)
        if kind is None and self.shared is not None:
            kind = self.shared.kind_of(symbol)
        return kind or ""

    def add(self, loc: Loc, symbol: str, is_definition: bool) -> None:
        self.occurrences.append(Occurrence(loc, symbol, is_definition, self.kind_of(symbol)))


def type_text(var: Any) -> str:
    try:
        return var.ty.script()
    except Exception:  # noqa: BLE001 - a type the printer rejects still has a symbol
        return ""


def definition_vars(root: Any) -> Dict[Tuple[int, int], Any]:
    """IR variables at their definitions, keyed by the (line, column) of their span."""
    found: Dict[Tuple[int, int], Any] = {}

    def walk_var(var: _ir.Var, kind: DefRegionKind) -> None:
        if kind != DefRegionKind.NONE and var.span.start_line > 0:
            found.setdefault((var.span.start_line, var.span.start_column), var)

    structural_walk(root, walk_var)
    return found


@dataclass
class _Binding:
    name: str
    loc: Loc
    kind: str
    symbol: Optional[str]


class _Resolver(ast.NodeVisitor):
    """Walks one function in source order, recording bindings and resolving reads."""

    def __init__(self, table: OccurrenceTable, defined: Mapping[Tuple[int, int], Any],
                 captured: Mapping[str, Tuple[Any, Optional[Loc]]], module: Optional[str],
                 functions: Mapping[str, str]) -> None:
        self.table = table
        self.defined = defined
        self.captured = captured
        self.module = module
        self.functions = functions
        self.bindings: List[_Binding] = []

    def bind(self, name: str, loc: Loc, kind: str) -> None:
        var = self.defined.get((loc[0], loc[1]))
        symbol = None
        if var is not None:
            if isinstance(var.ty, _ir.TensorType):
                kind = "tensor"
            symbol = self.table.symbol_for(var, name, kind, type_text(var), loc, var)
            self.table.add(loc, symbol, True)
        self.bindings.append(_Binding(name, loc, kind, symbol))

    def resolve(self, name: str, loc: Loc) -> None:
        for binding in reversed(self.bindings):
            if binding.name == name:
                if binding.symbol is not None:
                    self.table.add(loc, binding.symbol, False)
                return
        if name in self.captured:
            var, definition = self.captured[name]
            symbol = self.table.shared_symbol_for(var, name, "symbol", type_text(var),
                                                  definition, var)
            self.table.add(loc, symbol, False)

    # -- bindings ------------------------------------------------------------------------------

    def visit_arguments(self, node: ast.arguments) -> None:
        for arg in node.args:
            if arg.annotation is not None:
                self.visit(arg.annotation)
            self.bind(arg.arg, _name_loc(arg, arg.arg), "parameter")

    def visit_Assign(self, node: ast.Assign) -> None:
        self.visit(node.value)
        for target in node.targets:
            self._target(target, "variable")

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)
        self.visit(node.annotation)
        self._target(node.target, "variable")

    def visit_For(self, node: ast.For) -> None:
        self.visit(node.iter)
        self._target(node.target, "loop")
        for stmt in node.body + node.orelse:
            self.visit(stmt)

    def _target(self, target: ast.expr, kind: str) -> None:
        if isinstance(target, ast.Name):
            self.bind(target.id, loc_of(target), kind)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._target(element, kind)
        else:
            self.visit(target)

    # -- uses ----------------------------------------------------------------------------------

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            self.resolve(node.id, loc_of(node))

    def visit_Attribute(self, node: ast.Attribute) -> None:
        value = node.value
        if (self.module is not None and isinstance(value, ast.Name) and value.id == self.module
                and node.attr in self.functions):
            self.table.add(_attribute_loc(node), self.functions[node.attr], False)
            return
        self.visit(value)

    def visit_Lambda(self, node: ast.Lambda) -> None:
        # `T.Let(body, where={x: value})`: x is defined by the Let; its uses stay unresolved.
        return


def _name_loc(node: ast.AST, name: str) -> Loc:
    """The range of a name that starts where its node does (parameters)."""
    line, col = node.lineno, node.col_offset
    return (line, col, line, col + len(name.encode("utf-8")))


def _attribute_loc(node: ast.Attribute) -> Loc:
    """The range of ``attr`` in ``value.attr`` (it ends where the node does)."""
    end = node.end_col_offset or 0
    line = node.end_lineno or node.lineno
    return (line, end - len(node.attr.encode("utf-8")), line, end)


_DEF_NAME = re.compile(rb"(?:async\s+)?(?:def|class)\s+")


def definition_name_loc(node: ast.AST, line_text: str) -> Loc:
    """The range of a def/class name (the AST gives only the keyword's position)."""
    data = line_text.encode("utf-8")
    match = _DEF_NAME.match(data, node.col_offset)
    start = match.end() if match else node.col_offset
    name = node.name.encode("utf-8")  # type: ignore[attr-defined]
    return (node.lineno, start, node.lineno, start + len(name))


def collect_function(table: OccurrenceTable, node: ast.FunctionDef, header: Sequence[HeaderSymbol],
                     built: Any, captured: Mapping[str, Tuple[Any, Optional[Loc]]],
                     module: Optional[str] = None,
                     functions: Optional[Mapping[str, str]] = None) -> None:
    """Records the occurrences of one built function (``built``: its IR)."""
    resolver = _Resolver(table, definition_vars(built) if built is not None else {}, captured,
                         module, functions or {})
    for symbol in header:
        if symbol.annotation is not None:
            resolver.visit(symbol.annotation)
        resolver.bind(symbol.name, symbol.loc, "symbol")
    resolver.visit(node.args)
    if node.returns is not None:
        resolver.visit(node.returns)
    for stmt in node.body:
        resolver.visit(stmt)

