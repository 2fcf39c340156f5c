"""Every occurrence of every variable, tensor, symbol and module function in a definition,
with the identity of what it refers to (references, rename, semantic tokens and hover).

Nothing here re-implements Python's scoping: definitions are the IR's own variables (the
builder sets each one's span to the name it was bound to), and a use is a name the builder
program read, recorded by the runtime with the value it got (parser/runtime.py ``at_``), so it
refers to exactly the variable Python gave it.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from tvm_ffi import DefRegionKind, structural_walk

from ... import TensorLoad
from ... import ir as _ir
from .ast_build import Loc, loc_of, source_nodes
from .sblock_summary import block_header
from .transpile import HeaderSymbol


@dataclass
class Symbol:
    """One thing occurrences refer to: an IR variable or a module function. Its id is
    ``<table prefix>:<n>``: a definition's table has the definition's own prefix, so ids stay
    the same while other definitions are edited; module symbols are in the file's table."""

    id: str
    name: str
    kind: str  # "parameter", "tensor", "variable", "loop", "symbol", "function", "module",
    # "block", "axis" (a block's iteration variable)
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

    def lookup(self, key: Any) -> Optional[str]:
        """The symbol already made for ``key``, if any."""
        return self._by_target.get(key)

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


def _target_kinds(node: ast.FunctionDef,
                  header: Sequence[HeaderSymbol]) -> Dict[Tuple[int, int], Tuple[str, Loc]]:
    """What each name that the function's source binds is (a header symbol, a parameter, a
    loop variable or a variable) and the name's range, keyed by where it starts
    (statement-level facts only, which the transpiler does not rewrite)."""
    kinds: Dict[Tuple[int, int], Tuple[str, Loc]] = {}
    for symbol in header:
        kinds[(symbol.loc[0], symbol.loc[1])] = ("symbol", symbol.loc)
    for arg in (*node.args.args, *node.args.kwonlyargs):  # a JIT template's `*, N`
        width = len(arg.arg.encode("utf-8"))
        kinds[(arg.lineno, arg.col_offset)] = (
            "parameter", (arg.lineno, arg.col_offset, arg.lineno, arg.col_offset + width))
    pending: List[ast.AST] = list(node.body)
    while pending:
        stmt = pending.pop()
        if isinstance(stmt, (ast.For, ast.AsyncFor)):
            targets, kind = [stmt.target], "loop"
        elif isinstance(stmt, ast.Assign):
            targets, kind = stmt.targets, "variable"
        elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
            targets, kind = [stmt.target], "variable"
        elif isinstance(stmt, ast.With):
            targets, kind = [i.optional_vars for i in stmt.items if i.optional_vars], "variable"
        else:
            targets, kind = [], ""
        for target in targets:
            for element in (target.elts if isinstance(target, (ast.Tuple, ast.List))
                            else [target]):
                if isinstance(element, ast.Name):
                    kinds.setdefault((element.lineno, element.col_offset),
                                     (kind, loc_of(element)))
        for field_name in ("body", "orelse", "finalbody"):
            pending.extend(getattr(stmt, field_name, None) or ())
    return kinds


def _span_loc(span: Any) -> Loc:
    return (span.start_line, span.start_column, span.end_line, span.end_column)


def collect_function(table: OccurrenceTable, node: ast.FunctionDef,
                     header: Sequence[HeaderSymbol], built: Any,
                     recorded: Sequence[Tuple[Loc, str, Any]],
                     functions: Optional[Mapping[str, str]] = None) -> None:
    """The occurrences of one built function. Every variable its IR defines (with a known
    span, which the builder sets to the bound name's range) is a symbol with a definition
    occurrence; every name the builder program read (``recorded`` by the runtime: range,
    name, value) whose value is one of its variables, a module symbol or a module function
    (``Mod.f``) is a use. A name read inside a ``T.Let`` body is not recorded."""
    kinds = _target_kinds(node, header)
    defined = definition_vars(built) if built is not None else {}
    realizes = _function_blocks(built)  # walked once: the axes' kind and the block symbols
    axes = {iter_var.var._handle_address for realize in realizes
            for iter_var in realize.block.iter_vars}
    symbols: Dict[int, str] = {}
    definitions = set()
    uses = set()
    for start in sorted(defined):
        var = defined[start]
        kind, loc = kinds.get(start, ("variable", _span_loc(var.span)))
        if isinstance(var.ty, _ir.TensorType):
            kind = "tensor"
        elif var._handle_address in axes:
            kind = "axis"  # a block's iteration variable (`vi = T.axis.spatial(...)`)
        symbols[var._handle_address] = table.symbol_for(var, var.name, kind, type_text(var),
                                                        loc, var)
        table.add(loc, symbols[var._handle_address], True)
        definitions.add(loc)
    _collect_blocks(table, node, realizes)
    aliases = _alias_targets(node, kinds, defined)
    for loc, what, value in recorded:
        if what.startswith("."):
            if functions and type(value).__name__ == "ModuleFunction" and value.name in functions:
                name = what[1:]
                attr = (loc[2], loc[3] - len(name.encode("utf-8")), loc[2], loc[3])
                table.add(attr, functions[value.name], False)
            continue
        value = storage_of(value)
        if not what or not isinstance(value, _ir.Var) or loc in definitions:
            continue
        alias = _alias_of(aliases, what, loc) if what != value.name else None
        if alias is not None:
            # `total = start` names `start`'s variable; to the user `total` is its own name.
            symbol = table.symbol_for(("alias", alias), what, "variable", type_text(value),
                                      alias, value)
            if alias not in definitions:
                table.add(alias, symbol, True)
                definitions.add(alias)
            if (loc, symbol) not in uses:
                uses.add((loc, symbol))
                table.add(loc, symbol, False)
            continue
        symbol = symbols.get(value._handle_address)
        if symbol is None:
            symbol = _outside_symbol(table, kinds, value, what, definitions)
            symbols[value._handle_address] = symbol
        if (loc, symbol) in uses:
            continue  # `x += v` of a mutable scalar reads `x` twice at one range
        uses.add((loc, symbol))
        table.add(loc, symbol, False)


_BLOCK_BODIES = ("body", "seq", "then_case", "else_case")


def block_realizes(root: Any) -> List[Any]:
    """The S-TIR block realizes of a statement tree, in pre-order (statements only)."""
    found: List[Any] = []
    pending = [root]
    while pending:
        stmt = pending.pop()
        if stmt is None or isinstance(stmt, (str, int, float)):
            continue
        if type(stmt).__name__ == "SBlockRealize":
            found.append(stmt)
            pending.extend((stmt.block.body, stmt.block.init))
            continue
        for name in reversed(_BLOCK_BODIES):
            child = getattr(stmt, name, None)
            if name == "seq" and child is not None:
                pending.extend(reversed(list(child)))
            elif child is not None:
                pending.append(child)
    return found


def _function_blocks(built: Any) -> List[Any]:
    """The blocks of a built function: none unless its body is the root block, which every
    S-TIR function with blocks has (the frontend adds it)."""
    if built is None or type(getattr(built, "body", None)).__name__ != "SBlockRealize":
        return []
    return block_realizes(built.body)


def _given_regions(with_stmt: Optional[ast.With]) -> Tuple[bool, bool]:
    """Whether a block's source writes ``X.reads(...)`` and ``X.writes(...)`` in its header."""
    given = {"reads": False, "writes": False}
    for stmt in (with_stmt.body if with_stmt is not None else ()):
        if not isinstance(stmt, ast.Expr):
            continue
        # The trusted path's builder program wraps the call and its namespace (`at_(...)`), so
        # the member is found as an attribute anywhere in the statement.
        for sub in ast.walk(stmt.value):
            if isinstance(sub, ast.Attribute) and sub.attr in given:
                given[sub.attr] = True
    return given["reads"], given["writes"]


def _name_loc(with_stmt: ast.With, name: str) -> Optional[Loc]:
    """The range of the block's name inside its string literal (`"C"` gives `C`)."""
    call = with_stmt.items[0].context_expr
    if not (isinstance(call, ast.Call) and call.args and isinstance(call.args[0], ast.Constant)):
        return None
    literal = loc_of(call.args[0])
    width = len(name.encode("utf-8"))
    if literal[0] != literal[2] or literal[3] - literal[1] != width + 2:
        return None  # a prefix, escapes or implicit concatenation: not the plain text
    return (literal[0], literal[1] + 1, literal[0], literal[1] + 1 + width)


def _collect_blocks(table: OccurrenceTable, node: ast.FunctionDef,
                    realizes: List[Any]) -> None:
    """Each block with a name literal in the source is a symbol (kind ``block``, its header as
    its type, sblock_summary.py) defined at its name: the outline nests it, hover shows it, and
    rename renames the block."""
    if not realizes:
        return
    withs = {}
    for sub in ast.walk(node):
        if isinstance(sub, ast.With) and len(sub.items) == 1:
            expr = sub.items[0].context_expr
            withs[(expr.lineno, expr.col_offset)] = sub
    for realize in realizes:
        span = realize.block.span if realize.block.span.start_line > 0 else realize.span
        with_stmt = withs.get((span.start_line, span.start_column))
        if with_stmt is None or not realize.block.name_hint:
            continue  # the implicit root block, or one the source does not name
        loc = _name_loc(with_stmt, realize.block.name_hint)
        if loc is None:
            continue
        reads, writes = _given_regions(with_stmt)
        header = block_header(realize, reads_given=reads, writes_given=writes)
        symbol = table.symbol_for(realize, realize.block.name_hint, "block", header, loc, realize)
        table.add(loc, symbol, True)


def _alias_targets(node: ast.FunctionDef, kinds: Dict[Tuple[int, int], Tuple[str, Loc]],
                   defined: Mapping[Tuple[int, int], Any]) -> Dict[str, List[Loc]]:
    """Name -> the ranges where the function's source assigns it (``x = ...``) without the IR
    defining a variable there: an alias of the value's variable (docs/frontend.md,
    "Assignments"), in source order."""
    found: Dict[str, List[Loc]] = {}
    for stmt in source_nodes(node):
        if not isinstance(stmt, ast.Assign):
            continue
        for target in stmt.targets:
            if isinstance(target, ast.Name):
                start = (target.lineno, target.col_offset)
                if start not in defined and kinds.get(start, ("",))[0] == "variable":
                    found.setdefault(target.id, []).append(loc_of(target))
    for locs in found.values():
        locs.sort()
    return found


def _alias_of(aliases: Mapping[str, List[Loc]], name: str, use: Loc) -> Optional[Loc]:
    """The alias assignment of ``name`` a read at ``use`` sees: the last one before it."""
    before = [loc for loc in aliases.get(name, ()) if loc[:2] < use[:2]]
    return before[-1] if before else None


def storage_of(value: Any) -> Any:
    """A mutable scalar's name holds its element (``total[0]``, tirx_builder.py
    ``declare_mutable_``); to the user it is one symbol, the tensor the declaration defines."""
    if isinstance(value, TensorLoad) and isinstance(value.source, _ir.Var):
        return value.source
    return value


def _outside_symbol(table: OccurrenceTable, kinds: Dict[Tuple[int, int], Tuple[str, Loc]],
                    value: Any, name: str, definitions: set) -> str:
    """The symbol of a variable read but not defined by the function's IR: a module symbol
    when the file's table has it; else the function's own (a parameter that the IR replaced,
    such as a handle that `T.match_buffer` consumed, or a value from outside the file). Never
    a new symbol of the file's table: what a function adds must be its own, or a result reused
    for an unchanged function would lack what building it adds (the session test compares
    them)."""
    shared = table.shared.lookup(value) if table.shared is not None else None
    if shared is not None:
        return shared
    start = (value.span.start_line, value.span.start_column)
    kind, loc = kinds.get(start, ("symbol", None))
    symbol = table.symbol_for(value, name, kind, type_text(value), loc, value)
    if loc is not None and loc not in definitions:
        table.add(loc, symbol, True)
        definitions.add(loc)
    return symbol


_DEF_NAME = re.compile(rb"(?:async\s+)?(?:def|class)\s+")


def definition_name_loc(node: ast.AST, line_text: str) -> Loc:
    """The range of a def/class name (the AST gives only the keyword's position)."""
    data = line_text.encode("utf-8", "surrogatepass")
    match = _DEF_NAME.match(data, node.col_offset)
    start = match.end() if match else node.col_offset
    name = node.name.encode("utf-8", "surrogatepass")  # type: ignore[attr-defined]
    return (node.lineno, start, node.lineno, start + len(name))
