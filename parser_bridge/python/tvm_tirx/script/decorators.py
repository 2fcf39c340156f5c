"""Construction decorators (``@T.function``, ...): a namespace path, a kind and options.

A decorator object is inert data until applied with ``@`` to a definition: it then hands the
definition to the parser (parser/entry.py). Options are evaluated once, by Python, where the
decorator expression is written (the spec's ``root_function_kwargs``).
"""

from __future__ import annotations

import copy
import enum
import inspect
import sys
import types
import weakref
from typing import Any, Dict, Mapping, Optional


class DefinitionKind(enum.Enum):
    """How the parser treats a decorated definition."""

    FUNCTION = "function"
    """Builds IR now (standalone) or at module construction (module member)."""
    MACRO = "macro"
    """Builds IR in the caller's context when called from script code."""
    PYTHON = "python"
    """Kept as an ordinary Python callable (``I.pyfunc``)."""


# Options the parser consumes itself; everything else goes to the namespace's function_ hook.
PARSER_OPTIONS = ("check_well_formed", "const_args")

DEFINITION_KIND: Dict[str, DefinitionKind] = {}
"""The kind of every decorator by its canonical path (``"tirx.macro"``: MACRO), filled in as
the namespaces create their decorators."""


class ScriptDecorator:
    """``@T.function`` and ``@T.function(private=True)``: the same object, configured or not."""

    def __init__(self, namespace_path: str, name: str,
                 kind: DefinitionKind = DefinitionKind.FUNCTION,
                 options: Optional[Dict[str, Any]] = None) -> None:
        self.namespace_path = namespace_path
        self.name = name
        self.kind = kind
        self.options: Dict[str, Any] = dict(options or {})
        DEFINITION_KIND[f"{namespace_path}.{name}"] = kind

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<decorator {self.namespace_path}.{self.name}({args})>"

    def configured(self, **options: Any) -> "ScriptDecorator":
        if "const_args" in options and not isinstance(self, JITDecorator):
            raise TypeError(f"`{self.name}` takes no `const_args`: use `@T.jit(const_args=...)`")
        result = copy.copy(self)
        result.options = {**self.options, **options}
        return result

    @property
    def const_args(self) -> Optional[Mapping[str, Any]]:
        """The JIT ``const_args`` (None when absent: ordinary parsing)."""
        return self.options.get("const_args")

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


class JITDecorator(ScriptDecorator):
    """``@T.jit``: a JITFunction to specialize later; ``@T.jit(const_args={...})``: the Function
    built with those fixed values (an empty map still selects JIT construction)."""

    def configured(self, **options: Any) -> "ScriptDecorator":
        const_args = options.get("const_args", {})
        if not isinstance(const_args, Mapping) or not all(isinstance(k, str) for k in const_args):
            raise TypeError("`const_args` maps parameter names (str) to values, got "
                            f"`{type(const_args).__name__}`")
        return super().configured(**options)


class MacroDecorator(ScriptDecorator):
    """``@T.macro``, ``@T.macro(hygienic=False)``, ``@T.inline``: helpers whose bodies build IR
    in their caller's open frames.

    ``preserve_return``: ``return value`` gives the caller the value (otherwise it emits a
    Return into the caller's function). ``late_binding``: captured values are read again at
    every call instead of once at the definition. Option ``hygienic`` (default True) resolves
    the body's free names in the definition's environment; False, in the caller's at each call.
    """

    def __init__(self, namespace_path: str, name: str, *, preserve_return: bool = True,
                 late_binding: bool = False, options: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(namespace_path, name, DefinitionKind.MACRO, options)
        self.preserve_return = preserve_return
        self.late_binding = late_binding

    def configured(self, **options: Any) -> "ScriptDecorator":
        unknown = sorted(set(options) - {"hygienic"})
        if unknown:
            raise TypeError(f"Unknown option(s) of `{self.name}`: {', '.join(unknown)}")
        return super().configured(**options)

    @property
    def hygienic(self) -> bool:
        return bool(self.options.get("hygienic", True))


_PYTHON_FUNCTIONS: "weakref.WeakSet[Any]" = weakref.WeakSet()


class PythonFunctionDecorator:
    """``@I.pyfunc``: keeps a module member as the ordinary Python function it is (no frame, no
    builder); the module collects it beside its IR (docs/frontend.md)."""

    kind = DefinitionKind.PYTHON

    def __init__(self, namespace_path: str, name: str) -> None:
        self.namespace_path = namespace_path
        self.name = name
        DEFINITION_KIND[f"{namespace_path}.{name}"] = self.kind

    def __repr__(self) -> str:
        return f"<decorator {self.namespace_path}.{self.name}>"

    def __call__(self, function: Any) -> Any:
        if not isinstance(function, types.FunctionType):
            raise TypeError(f"`{self.name}` keeps a Python function, got "
                            f"`{type(function).__name__}`")
        _PYTHON_FUNCTIONS.add(function)
        return function

    @staticmethod
    def marks(value: Any) -> bool:
        """Whether ``value`` is a function kept by ``@I.pyfunc``."""
        try:
            return value in _PYTHON_FUNCTIONS
        except TypeError:  # unhashable
            return False


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
