"""TVMScript for TIRx: ``parse``, ``from_source`` and the script namespaces.

Source picks its own aliases: ``from tvm_tirx.script import tirx as T`` (or ``ir as I``,
``s_tir as Ts``); the parser provides no implicit ``T``, ``I`` or ``Ts``. The namespaces
register themselves with the parser when imported (``tirx``, ``ir``, ``s_tir``);
``register_dialect`` exposes further packages here lazily (docs/frontend.md, "Namespaces and
registration").
"""

from typing import Any, List

# The parser package first: it holds the registries the namespaces register with.
from . import parser
from . import tirx, ir, s_tir  # noqa: I001 - the order of registration: tirx, ir, s_tir
from . import tirx as tir  # noqa: F401 - Apache TVM's older name of the same namespace
from . import ir_builder
from .builder import IRBuilder
from .dialects import register_dialect
from .parser import namespaces as _namespaces
from .parser.diagnostics import ParseReport, parse_diagnostics
from .parser.entry import error_location, from_source, parse
from .parser.protocol_registry import DEFINITION_KIND, DefinitionKind
from . import dialects as _dialects


def __getattr__(name: str) -> Any:
    """``tvm_tirx.script.<name>`` for a registered dialect (its script module, imported on
    first access) or an alias of a namespace initializer (initializes the parser, then gives
    the namespace registered under that alias)."""
    module = _dialects.dialect_module(name, builder=False)
    if module is not None:
        return module
    if name in _namespaces.trigger_aliases():
        _namespaces.ensure_initialized()
        namespace = _namespaces.lookup(name, initialize=False)
        if namespace is not None:
            return namespace
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_dialects.registered_dialects())
                  | set(_namespaces.trigger_aliases()))


__all__ = [
    "DEFINITION_KIND", "DefinitionKind", "IRBuilder", "ParseReport", "error_location",
    "from_source", "ir", "ir_builder", "parse", "parse_diagnostics", "parser",
    "register_dialect", "s_tir", "tir", "tirx",
]
