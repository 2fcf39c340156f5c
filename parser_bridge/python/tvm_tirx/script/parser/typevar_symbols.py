"""Apache TVM's ``typing.TypeVar`` symbols of ``@T.prim_func`` (issue 10, item 4).

Apache TVM's parser reads ``N = TypeVar("N")`` at module level, used by name in a parameter's
annotation (``A: T.Buffer((N, N * 2), "float32")``), as the symbol its ``def f[N]`` header would
declare: an int64 variable. A prim_func here declares it so too, as the header symbol
``N: T.int64``; ``@T.function`` keeps the spec's rule that a captured TypeVar is no symbol."""

from __future__ import annotations

import ast
import typing
from typing import Any, Dict, List, Mapping, Sequence

from .ast_build import loc_of
from .transpile import HeaderSymbol, SyntaxErrorFactory
from .untrusted import UntrustedNotEvaluated

PRIM_FUNC_PATHS = frozenset(("tirx.prim_func", "s_tir.prim_func"))
"""The decorators whose definitions read captured TypeVars as symbols."""


def _annotation_names(node: ast.FunctionDef) -> Dict[str, ast.Name]:
    """Each name read by a parameter's or the return annotation, at its first occurrence."""
    args = node.args
    annotations = [a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)
                   if a.annotation is not None]
    if node.returns is not None:
        annotations.append(node.returns)
    found: Dict[str, ast.Name] = {}
    for annotation in annotations:
        names = [n for n in ast.walk(annotation) if isinstance(n, ast.Name)]
        for name in sorted(names, key=lambda n: (n.lineno, n.col_offset)):
            found.setdefault(name.id, name)
    return found


def typevar_symbols(node: ast.FunctionDef, bindings: Mapping[str, Any],
                    header: Sequence[HeaderSymbol],
                    errors: SyntaxErrorFactory) -> List[HeaderSymbol]:
    """The int64 header symbols of the TypeVars ``node``'s annotations read by name (neither a
    parameter nor a header symbol of that name), in the order they are first read."""
    args = node.args
    shadowed = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    shadowed.update(symbol.name for symbol in header)
    symbols: List[HeaderSymbol] = []
    for name, where in _annotation_names(node).items():
        if name in shadowed:
            continue
        try:
            value = bindings[name]
        except (KeyError, UntrustedNotEvaluated):
            continue
        if not isinstance(value, typing.TypeVar):
            continue
        if value.__name__ != name:
            raise errors.at(where, f"The TypeVar bound to `{name}` is named {value.__name__!r}: "
                                   f"a symbol's TypeVar is declared as `{name} = "
                                   f"TypeVar(\"{name}\")`")
        if value.__constraints__ or value.__bound__ is not None:
            raise errors.at(where, f"The TypeVar `{name}` is a symbol, which takes no "
                                   "constraints or bound: declare it as "
                                   f"`{name} = TypeVar(\"{name}\")`")
        symbols.append(HeaderSymbol(name, None, loc_of(where), default_type="int64"))
    return symbols


__all__ = ["PRIM_FUNC_PATHS", "typevar_symbols"]
