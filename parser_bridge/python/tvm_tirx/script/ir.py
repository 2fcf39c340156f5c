"""The shared IR script namespace, imported as ``I``: ``from tvm_tirx.script import ir as I``.

Holds what every dialect shares: modules (``@I.ir_module``, ``I.module_attrs``), symbols
(``I.dynamic``), raw calls (``I.Call``) and ranges.
"""

from __future__ import annotations

import sys
from typing import Any, Dict, Optional

from tvm_ffi import get_global_func

from .. import ir as _ir
from .builder import Frame, Loc, span_of
from .decorators import ModuleDecorator, PythonFunctionDecorator, _is_class_body
from .tirx_builder import dynamic

NAMESPACE_PATH = "ir"

Call = _ir.Call
Range = _ir.Range
Op = _ir.Op
GlobalVar = _ir.GlobalVar

_module_frame = get_global_func("ir.builder.ModuleFrame")
_module_attrs = get_global_func("ir.builder.ModuleAttrs")
_module_global_var = get_global_func("ir.builder.ModuleGetGlobalVar")
_in_builder = get_global_func("ir.builder.BuilderIsInScope")
_module_call = get_global_func("ir.builder.ModuleCall")
_module_signature = get_global_func("ir.builder.ModuleSignature")

ir_module = ModuleDecorator(NAMESPACE_PATH, "ir_module")
"""``@I.ir_module class Module: ...``: an IRModule of the class's functions."""

pyfunc = PythonFunctionDecorator(NAMESPACE_PATH, "pyfunc")
"""``@I.pyfunc``: a module member kept as the Python function it is, outside the IR; the module
built from the class holds it in ``module.__pyfuncs__`` (docs/frontend.md)."""


def module_attrs(attrs: Dict[str, Any]) -> None:
    """``I.module_attrs({...})``: attributes of the enclosing module.

    Python runs a decorated class's body before ``@I.ir_module`` sees it; there the call does
    nothing and the module decorator evaluates it again inside the module frame.
    """
    if not _in_builder() and _is_class_body(sys._getframe(1)):
        return
    if not isinstance(attrs, dict):
        raise TypeError(f"`I.module_attrs` takes a dict, got `{type(attrs).__name__}`")
    _module_attrs(attrs)


def module_(*, loc: Optional[Loc] = None) -> Frame:
    """Opens a module frame (the parser's hook for ``@I.ir_module``)."""
    return _module_frame(span_of(loc))


class ModuleFunction:
    """``Module.f`` inside a module: calling it builds a call typed by f's signature."""

    def __init__(self, name: str, global_var: Any) -> None:
        self.name = name
        self.global_var = global_var

    def __repr__(self) -> str:
        return f"<module function {self.name}>"

    def __call__(self, *args: Any) -> Any:
        signature = _module_signature(self.name)
        arg_types = list(signature.arg_types) if signature is not None else []
        converted = []
        for i, arg in enumerate(args):
            if not isinstance(arg, _ir.Expr) and i < len(arg_types) and \
                    isinstance(arg_types[i], _ir.PrimType):
                arg = arg_types[i](arg)  # a literal takes the parameter's type
            converted.append(arg)
        return _module_call(self.name, converted)


class ModuleProxy:
    """What a module's class name means inside its functions: ``Module.f`` names f."""

    def __init__(self, name: str, python_functions: Any = ()) -> None:
        self._name = name
        self._python_functions = frozenset(python_functions)

    def __getattr__(self, name: str) -> Any:
        if name in self._python_functions:
            raise AttributeError(f"`{self._name}.{name}` is a Python function (`I.pyfunc`), "
                                 "kept outside the IR: TVMScript code cannot call it")
        var = _module_global_var(name)
        if var is None:
            raise AttributeError(f"Module `{self._name}` has no function `{name}`")
        return ModuleFunction(name, var)


__all__ = ["Call", "GlobalVar", "ModuleProxy", "Op", "Range", "dynamic", "ir_module",
           "module_attrs", "pyfunc"]
