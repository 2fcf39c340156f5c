"""Construction decorators (``@T.function``, ...): a namespace path, a kind and options.

A decorator object is inert data until applied with ``@`` to a definition: it then hands the
definition to the parser (parser/entry.py). Options are evaluated once, by Python, where the
decorator expression is written (the spec's ``root_function_kwargs``).
"""

from __future__ import annotations

import enum
import inspect
import sys
from typing import Any, Dict, Optional


class DefinitionKind(enum.Enum):
    """How the parser treats a decorated definition."""

    FUNCTION = "function"
    """Builds IR now (standalone) or at module construction (module member)."""
    MACRO = "macro"
    """Builds IR in the caller's context when called from script code."""
    PYTHON = "python"
    """Kept as an ordinary Python callable (``I.pyfunc``)."""


# Options the parser consumes itself; everything else goes to the namespace's function_ hook.
PARSER_OPTIONS = ("check_well_formed",)


class ScriptDecorator:
    """``@T.function`` and ``@T.function(private=True)``: the same object, configured or not."""

    def __init__(self, namespace_path: str, name: str,
                 kind: DefinitionKind = DefinitionKind.FUNCTION,
                 options: Optional[Dict[str, Any]] = None) -> None:
        self.namespace_path = namespace_path
        self.name = name
        self.kind = kind
        self.options: Dict[str, Any] = dict(options or {})

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<decorator {self.namespace_path}.{self.name}({args})>"

    def configured(self, **options: Any) -> "ScriptDecorator":
        return ScriptDecorator(self.namespace_path, self.name, self.kind,
                               {**self.options, **options})

    @property
    def builder_options(self) -> Dict[str, Any]:
        return {k: v for k, v in self.options.items() if k not in PARSER_OPTIONS}

    @property
    def check_well_formed(self) -> bool:
        return bool(self.options.get("check_well_formed", True))

    def __call__(self, definition: Any = None, /, **options: Any) -> Any:
        if definition is None:
            return self.configured(**options)
        if options:
            raise TypeError(f"`{self.name}` takes options or a definition, not both")
        frame = sys._getframe(1)
        if _is_class_body(frame):
            # A module member: built when the module is, after every signature is declared.
            return DeferredDefinition(definition, self, frame)
        from .parser.entry import parse_decorated  # the parser imports the namespaces

        return parse_decorated(definition, self, caller_frame=frame)


def _is_class_body(frame: Any) -> bool:
    code = frame.f_code
    return (not code.co_flags & inspect.CO_OPTIMIZED and code.co_name != "<module>"
            and "__qualname__" in frame.f_locals)


class DeferredDefinition:
    """A decorated function inside a class body, waiting for its module decorator."""

    def __init__(self, definition: Any, decorator: ScriptDecorator, frame: Any) -> None:
        self.definition = definition
        self.decorator = decorator
        self.caller = (frame.f_code.co_filename, frame.f_lineno)

    def __repr__(self) -> str:
        return f"<{self.decorator!r} of {self.definition.__qualname__}, awaiting its module>"


class ModuleDecorator:
    """``@I.ir_module``: builds an IRModule from a class of decorated functions."""

    def __init__(self, namespace_path: str, name: str) -> None:
        self.namespace_path = namespace_path
        self.name = name

    def __repr__(self) -> str:
        return f"<decorator {self.namespace_path}.{self.name}>"

    def __call__(self, definition: Any) -> Any:
        from .parser.entry import parse_decorated_module

        return parse_decorated_module(definition, self, caller_frame=sys._getframe(1))
