"""Construction decorators (``@T.function``, ...) and their factories.

A decorator is bound to a namespace object (its ``builder``) and a namespace path
(``"tirx.function"``); it is inert data until applied with ``@`` to a definition, which it then
hands to the parser (parser/entry.py). The parser builds with the hooks of the namespace
registered under the path's root (``tirx``), which must be the decorator's builder. Options are
evaluated once, by Python, where the decorator expression is written (the spec's
``root_function_kwargs``).

``make_decorator`` and ``make_macro_decorator`` are the public factories
(``tvm_tirx.script.parser``); they record each decorator's kind in ``DEFINITION_KIND``.
"""

from __future__ import annotations

import copy
import inspect
import sys
import types
import weakref
from typing import Any, Dict, Mapping, Optional

from .definition_kind import DEFINITION_KIND, DefinitionKind

# Options the parser consumes itself; everything else goes to the namespace's function_ hook.
PARSER_OPTIONS = ("check_well_formed", "const_args")

# How messages spell a decorator of a built-in namespace (the aliases printed scripts use).
_SHORT_ROOTS = {"tirx": "T", "ir": "I", "s_tir": "Ts"}


def _check_path(namespace_path: Any, what: str) -> str:
    if not isinstance(namespace_path, str):
        raise TypeError(f"{what}: `namespace_path` is a str, got "
                        f"`{type(namespace_path).__name__}`")
    parts = namespace_path.split(".")
    if len(parts) < 2 or not all(part.isidentifier() for part in parts):
        raise ValueError(f"{what}: `namespace_path` is a dotted path such as 'tirx.function' "
                         f"(a namespace alias and the decorator's name), got {namespace_path!r}")
    return namespace_path


class _Decorator:
    """What every construction decorator has: its builder (the namespace object it is bound
    to), its namespace path, its root and its name."""

    kind: DefinitionKind
    __tvm_script_decorator__ = True  # what protocol_registry.is_decorator reads

    def __init__(self, builder: Any, namespace_path: str, what: str) -> None:
        if builder is None:
            raise TypeError(f"{what}: `builder` is the namespace object whose hooks build the "
                            "definition, got None")
        self.builder = builder
        self.namespace_path = _check_path(namespace_path, what)
        self.root = namespace_path.partition(".")[0]
        self.name = namespace_path.rpartition(".")[2]

    @property
    def display(self) -> str:
        """How messages name the decorator: ``T.function``, ``custom.function``."""
        rest = self.namespace_path.partition(".")[2]
        return f"{_SHORT_ROOTS.get(self.root, self.root)}.{rest}"

    def signature_text(self) -> str:
        """The options it takes, as text for signature help."""
        return "()"


class ScriptDecorator(_Decorator):
    """``@T.function`` and ``@T.function(private=True)``: the same object, configured or not."""

    def __init__(self, builder: Any, namespace_path: str,
                 kind: DefinitionKind = DefinitionKind.FUNCTION,
                 options: Optional[Dict[str, Any]] = None, *,
                 what: str = "make_decorator") -> None:
        super().__init__(builder, namespace_path, what)
        self.kind = kind
        self.options: Dict[str, Any] = dict(options or {})
        DEFINITION_KIND[namespace_path] = kind

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<decorator {self.namespace_path}({args})>"

    def signature_text(self) -> str:
        """The keyword options of the builder's ``function_`` hook (besides the parser's own
        ``loc`` and ``decl``), then ``check_well_formed``."""
        options = []
        hook = getattr(self.builder, "function_", None)
        try:
            params = inspect.signature(hook).parameters.values() if hook is not None else ()
        except (TypeError, ValueError):
            params = ()
        for param in params:
            if param.kind is param.KEYWORD_ONLY and param.name not in ("loc", "decl"):
                options.append(f"{param.name}={param.default!r}")
        options.append("check_well_formed=True")
        return f"(*, {', '.join(options)})"

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

    def __call__(self, function: Any = None, /, **options: Any) -> Any:
        if function is None:
            return self.configured(**options)
        if options:
            raise TypeError(f"`{self.name}` takes options or a definition, not both")
        frame = sys._getframe(1)
        if _is_class_body(frame):
            # A module member: built when the module is, after every signature is declared.
            return DeferredDefinition(function, self, frame)
        return _PARSER.definition(function, self, caller_frame=frame)


class JITDecorator(ScriptDecorator):
    """``@T.jit``: a JITFunction to specialize later; ``@T.jit(const_args={...})``: the Function
    built with those fixed values (an empty map still selects JIT construction)."""

    def signature_text(self) -> str:
        return super().signature_text()[:-1] + ", const_args=None)"

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

    def __init__(self, builder: Any, namespace_path: str, *, preserve_return: bool = True,
                 late_binding: bool = False, options: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(builder, namespace_path, DefinitionKind.MACRO, options,
                         what="make_macro_decorator")
        self.preserve_return = bool(preserve_return)
        self.late_binding = bool(late_binding)

    def signature_text(self) -> str:
        return "(*, hygienic=True)"

    def configured(self, **options: Any) -> "ScriptDecorator":
        unknown = sorted(set(options) - {"hygienic"})
        if unknown:
            raise TypeError(f"Unknown option(s) of `{self.name}`: {', '.join(unknown)}")
        return super().configured(**options)

    @property
    def hygienic(self) -> bool:
        return bool(self.options.get("hygienic", True))


_PYTHON_FUNCTIONS: "weakref.WeakSet[Any]" = weakref.WeakSet()


class PythonFunctionDecorator(_Decorator):
    """``@I.pyfunc``: keeps a module member as the ordinary Python function it is (no frame, no
    builder); the module collects it beside its IR (docs/frontend.md)."""

    kind = DefinitionKind.PYTHON

    def __init__(self, builder: Any, namespace_path: str) -> None:
        super().__init__(builder, namespace_path, "make_decorator")
        DEFINITION_KIND[namespace_path] = self.kind

    def __repr__(self) -> str:
        return f"<decorator {self.namespace_path}>"

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


class ModuleDecorator(_Decorator):
    """``@I.ir_module``: builds an IRModule from a class of decorated functions, with the
    ``module_`` and ``module_proxy_`` hooks of the namespace registered under its path's root.

    A module is not a ``DefinitionKind`` (the spec's kinds are FUNCTION, MACRO and PYTHON), so
    this class is constructed directly rather than by ``make_decorator``."""

    def __init__(self, builder: Any, namespace_path: str) -> None:
        super().__init__(builder, namespace_path, "ModuleDecorator")

    def __repr__(self) -> str:
        return f"<decorator {self.namespace_path}>"

    def __call__(self, definition: Any) -> Any:
        return _PARSER.module(definition, self, caller_frame=sys._getframe(1))


def is_decorator(value: Any) -> bool:
    """Whether ``value`` is a construction decorator (of any kind)."""
    return isinstance(value, _Decorator)


class _Parser:
    """What applying a decorator hands the definition to: the parser's entry points, which
    parser/entry.py installs when it is imported (the parser imports the decorators, so they
    cannot import it)."""

    definition: Any = None
    module: Any = None


_PARSER = _Parser()


def install_parser(definition: Any, module: Any) -> None:
    """Called once by parser/entry.py: ``definition(obj, decorator, caller_frame=...)`` parses a
    decorated function, ``module(cls, decorator, caller_frame=...)`` a decorated class."""
    _PARSER.definition = definition
    _PARSER.module = module


def make_decorator(builder: Any, *, namespace_path: str,
                   definition_kind: DefinitionKind = DefinitionKind.FUNCTION) -> Any:
    """A decorator building definitions with ``builder``'s hooks, recorded in
    ``DEFINITION_KIND`` under ``namespace_path`` (``"tirx.function"``: a namespace alias, a
    dot and the decorator's name).

    ``FUNCTION`` gives ``@X.function`` / ``@X.function(**options)`` (options go to the
    builder's ``function_`` hook, ``check_well_formed`` to the parser); ``MACRO`` a macro
    decorator with the defaults of ``make_macro_decorator``; ``PYTHON`` a module member kept as
    a Python function (``@I.pyfunc``). The decorator works once ``builder`` is registered
    (``register_namespace``) under the path's root: the parser builds with the namespace
    registered there.
    """
    if not isinstance(definition_kind, DefinitionKind):
        raise TypeError(f"make_decorator: `definition_kind` is a DefinitionKind, got "
                        f"`{type(definition_kind).__name__}`")
    if definition_kind is DefinitionKind.MACRO:
        return make_macro_decorator(builder, namespace_path=namespace_path)
    if definition_kind is DefinitionKind.PYTHON:
        return PythonFunctionDecorator(builder, namespace_path)
    return ScriptDecorator(builder, namespace_path)


def make_macro_decorator(builder: Any, *, namespace_path: str, preserve_return: bool = True,
                         late_binding: bool = False) -> Any:
    """A decorator of helpers whose bodies build IR in their caller's frames (kind ``MACRO``).

    ``preserve_return``: ``return value`` hands the value to the caller (False: it emits a
    return into the caller's function). ``late_binding``: the definition's names are read again
    at every call (``@T.inline``) instead of once at the definition. The decorator takes the
    option ``hygienic`` (default True; False resolves free names in the caller's environment).
    """
    return MacroDecorator(builder, namespace_path, preserve_return=preserve_return,
                          late_binding=late_binding)
