"""The TVMScript frontend: source -> Python AST -> builder program -> IR.

Importing the package gives the registration API only (it imports no stage of the parser), so
the namespaces, which sit below the parser, register themselves with it while they load.

Registration API (docs/frontend.md, "Namespaces and registration"): ``register_namespace``,
``register_namespace_initializer``, ``make_decorator``, ``make_macro_decorator`` and the
``protocol_registry`` tables. A dialect registered with ``tvm_tirx.script.register_dialect``
is also ``tvm_tirx.script.parser.<name>`` (its script module, imported on first access).
"""

import contextlib
from typing import Any, Iterator

from . import namespaces, protocol_registry
from .namespaces import register_namespace, register_namespace_initializer
from .protocol_registry import DEFINITION_KIND, DefinitionKind
from ..decorators import make_decorator, make_macro_decorator
from .. import dialects as _dialects
from .generated import GeneratedBuilder


@contextlib.contextmanager
def registration_scope() -> Iterator[None]:
    """Undoes, on exit, every registration made inside: namespaces, initializers (and whether
    the parser was initialized), protocol tables, decorator kinds and dialects. For tests and
    tools that register temporarily; parses inside see the registrations."""
    saved = (namespaces.save(), protocol_registry.save(), _dialects.save())
    try:
        yield
    finally:
        namespaces.restore(saved[0])
        protocol_registry.restore(saved[1])
        _dialects.restore(saved[2])


def __getattr__(name: str) -> Any:
    """``tvm_tirx.script.parser.<dialect>``: the registered dialect's script module."""
    module = _dialects.dialect_module(name, builder=False)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return module


__all__ = [
    "DEFINITION_KIND", "DefinitionKind", "GeneratedBuilder", "make_decorator",
    "make_macro_decorator", "protocol_registry", "register_namespace",
    "register_namespace_initializer", "registration_scope",
]
