"""The shared IR script namespace, imported as ``I``: ``from tvm_tirx.script import ir as I``.

Holds what every dialect shares: modules (``@I.ir_module``, ``I.module_attrs``), symbols
(``I.dynamic``), raw calls (``I.Call``), ranges, and the IR classes both namespaces re-export
(ir_classes.py).
"""

from __future__ import annotations

import sys
from typing import Any, Dict, List, Optional, Sequence

from tvm_ffi import Object as _Object
from tvm_ffi import get_global_func as _get_global_func

from .. import Function as _Function
from .. import ir as _ir
from ..ir import make_node  # noqa: F401 - IR nodes by type key and fields
from .builder import Frame as _Frame, Loc, span_of as _span_of
# The builder's machinery under the reference's names, for Python callers (internal members:
# a script body never reaches them).
from .builder import AlreadyEmitted, IRBuilder, IRModuleFrame  # noqa: F401
from .global_info import resolve_global_info_args  # noqa: F401
from .tirx_types import default_typed
from .tirx_legacy import meta_var  # noqa: F401 - the reference's I has it too
from .decorators import ModuleDecorator as _ModuleDecorator, _is_class_body
from .ir_classes import TYPES as _CLASS_TYPES
from .ir_classes import (  # noqa: F401 - the IR classes the reference's I re-exports
    Bind,
    DataTypeImm,
    Func,
    FuncType,
    GenericConst,
    Missing,
    MissingType,
    NoneType,
    Opaque,
    Prim,
    PrimType,
    Ptr,
    String,
    StringImm,
    StringType,
    TensorRegionType,
    Type,
    Var,
    dtype,
)
from .missing import MISSING  # noqa: F401 - the builder protocol's "no value given"
from .recorded import missing_member as _missing_member
from .parser import DefinitionKind as _DefinitionKind
from .parser import make_decorator as _make_decorator
from .parser import register_namespace as _register_namespace
from .parser import register_namespace  # noqa: F401 - I's, for Python callers (internal)
from .tirx_builder import constexpr, dynamic  # noqa: F401 - I.constexpr is T's marker
from .tirx_apache_signatures import apache_call as _apache_call

_I = sys.modules[__name__]  # the namespace object its decorators build with

def __getattr__(name: str) -> Any:
    """A member ``I`` lacks: not analysed yet when an oracle's ``I`` has it, else an error
    naming the closest members (recorded.py)."""
    raise _missing_member("I", name, globals())


def Call(op: Any, args: Any, attrs: Any = None, ty_args: Any = None, *, ty: Any = None) -> Any:
    """``I.Call(op, [args], attrs=..., ty_args=..., ty=...)``: ``ir.Call``'s contract (an explicit
    ``ty``, ``T.Missing()`` included, is kept; none infers), with bare literal arguments as
    the printer writes them (``1`` is an int32 constant). Inside a module, ``op`` may be a
    module function: ``T.Call(Module.f, [x], ty=T.float32)`` is how calls between module
    functions print."""
    if isinstance(op, ModuleFunction):
        op = op.global_var
    return _ir.Call(op, [default_typed(a) for a in args], attrs, ty_args, ty=ty)


# Apache TVM's `T.Call(op, args, ret_ty=...)` too (tirx_apache_signatures.py).
Call = _apache_call(Call)


def Range(begin: Any, end: Any) -> Any:
    """``T.Range(begin, end)``: ``ir.Range`` from ``begin`` to ``end`` (exclusive), bare literal
    bounds as int32 constants."""
    return _ir.Range(default_typed(begin), default_typed(end))

Op = _ir.Op
GlobalVar = _ir.GlobalVar
Tuple = _ir.Tuple  # I's `Tuple` is the expression `(a, b)`; T's is the type (ir_classes.py)

_module_frame = _get_global_func("ir.builder.ModuleFrame")
_module_attrs = _get_global_func("ir.builder.ModuleAttrs")
_module_global_var = _get_global_func("ir.builder.ModuleGetGlobalVar")
_in_builder = _get_global_func("ir.builder.BuilderIsInScope")
_module_call = _get_global_func("ir.builder.ModuleCall")
_module_set_attr = _get_global_func("ir.builder.ModuleSetAttr")
_module_global_infos = _get_global_func("ir.builder.ModuleGlobalInfos")
_module_get_attr = _get_global_func("ir.builder.ModuleGetAttr")
_module_declare_function = _get_global_func("ir.builder.ModuleDeclareFunction")
_module_signature = _get_global_func("ir.builder.ModuleSignature")

# A module is not a DefinitionKind, so its decorator is constructed directly (decorators.py).
ir_module = _ModuleDecorator(_I, "ir.ir_module")
ir_module.__doc__ = """``@I.ir_module class Module: ...``: an IRModule of the class's
functions."""

pyfunc = _make_decorator(_I, namespace_path="ir.pyfunc",
                         definition_kind=_DefinitionKind.PYTHON)
pyfunc.__doc__ = """``@I.pyfunc``: a module member kept as the Python function it is, outside
the IR; the module built from the class holds it in ``module.__pyfuncs__`` (docs/frontend.md)."""


def module_attrs(attrs: Dict[str, Any], allow_overwrite: bool = False) -> None:
    """``T.module_attrs({...})`` (also ``I.module_attrs``): attributes of the enclosing module,
    set once; a later call replaces them only with ``allow_overwrite=True`` (ValueError
    otherwise), as in the reference.

    Python runs a decorated class's body before ``@I.ir_module`` sees it; there the call does
    nothing and the module decorator evaluates it again inside the module frame.
    """
    if not _in_builder() and _is_class_body(sys._getframe(1)):
        return
    if not isinstance(attrs, dict):
        raise TypeError(f"`module_attrs` takes a dict, got `{type(attrs).__name__}`")
    if not isinstance(allow_overwrite, bool):
        raise TypeError(f"`module_attrs(allow_overwrite=...)` takes a bool, got "
                        f"`{type(allow_overwrite).__name__}`")
    _module_attrs(attrs, allow_overwrite)


def module_global_infos(global_infos: Dict[str, List[_ir.GlobalInfo]]) -> None:
    """``T.module_global_infos({"name": [...]})`` (also ``I.``): the enclosing module's global
    infos, a dict from names to lists of ``GlobalInfo`` objects, set once (a second call after
    a non-empty dict is a ValueError), as in the reference. Printed after ``module_attrs``,
    keys sorted; an empty dict is not printed. No ``GlobalInfo`` kind exists without a device
    backend, so the lists are empty here.

    Like ``module_attrs``, it does nothing while Python runs a decorated class's body; the
    module decorator evaluates it again inside the module frame.
    """
    if not _in_builder() and _is_class_body(sys._getframe(1)):
        return
    if not isinstance(global_infos, dict):
        raise TypeError(f"`module_global_infos` takes a dict, got `{type(global_infos).__name__}`")
    for name, infos in global_infos.items():
        if not isinstance(name, str):
            raise TypeError(f"`module_global_infos` takes str names, got `{type(name).__name__}`")
        if not isinstance(infos, (list, tuple)):
            raise TypeError(f"`module_global_infos` takes a list per name, got "
                            f"`{type(infos).__name__}` for `{name}`")
        for info in infos:
            if not isinstance(info, _ir.GlobalInfo):
                raise TypeError(f"`module_global_infos` takes `GlobalInfo` objects, got "
                                f"`{type(info).__name__}` in `{name}`")
    _module_global_infos(global_infos)


def module_set_attr(attr_key: str, attr_value: Optional[_Object],
                    allow_overwrite: bool = False) -> None:
    """``I.module_set_attr("key", T.int32(4))`` in a module's function: one attribute of the
    module, an IR object (printed in ``I.module_attrs({...})``); a key is set once unless
    ``allow_overwrite=True`` (ValueError otherwise), and None removes it, as in the reference.
    Outside a module (a class body runs before the module is built) a ValueError."""
    if not isinstance(attr_key, str):
        raise TypeError(f"`module_set_attr` takes a str key, got `{type(attr_key).__name__}`")
    if attr_value is not None and not isinstance(attr_value, _Object):
        raise TypeError(f"`module_set_attr` takes an IR object such as `T.int32(4)` or "
                        f"`T.StringImm(\"s\")` (or None), got `{type(attr_value).__name__}`")
    if not isinstance(allow_overwrite, bool):
        raise TypeError(f"`module_set_attr(allow_overwrite=...)` takes a bool, got "
                        f"`{type(allow_overwrite).__name__}`")
    _module_set_attr(attr_key, attr_value, allow_overwrite)


def module_get_attr(attr_key: str) -> Optional[_Object]:
    """``I.module_get_attr("key")`` in a module's function: the module attribute set so far
    (by ``I.module_attrs`` or ``I.module_set_attr``, in an earlier function or statement), or
    None. Outside a module a ValueError."""
    if not isinstance(attr_key, str):
        raise TypeError(f"`module_get_attr` takes a str key, got `{type(attr_key).__name__}`")
    return _module_get_attr(attr_key)


def decl_function(func_name: str, func_signature: Any) -> Any:
    """``I.decl_function("f", signature)`` in a module being built from Python: a signature
    (``ir.FuncType``) reserves f's global variable, whose body a function frame named f gives
    later; a completed TIRx function is installed at once. Returns the GlobalVar. Not a script
    statement (an internal member)."""
    if not isinstance(func_name, str):
        raise TypeError(f"`decl_function` takes a str name, got `{type(func_name).__name__}`")
    if isinstance(func_signature, _Function):
        return _module_declare_function(func_name, func_signature.signature_type(),
                                        func_signature)
    if isinstance(func_signature, _ir.FuncType):
        return _module_declare_function(func_name, func_signature, None)
    raise ValueError(f"`decl_function` takes a function or its signature (`ir.FuncType`), got "
                     f"`{type(func_signature).__name__}`")


def module_(*, loc: Optional[Loc] = None) -> _Frame:
    """Opens a module frame (the parser's hook for ``@I.ir_module``)."""
    return _module_frame(_span_of(loc))


def module_proxy_(name: str, python_functions: Sequence[str] = ()) -> "ModuleProxy":
    """What the module class's name means inside its members (the parser's hook)."""
    return ModuleProxy(name, python_functions)


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


__member_kinds__ = {
    "constructor": ("Call", "DataTypeImm", "GenericConst", "GlobalVar", "Op", "Range",
                    "StringImm", "Tuple", "Var", "dtype"),
    "type": _CLASS_TYPES,
    "statement": ("Bind", "module_attrs", "module_global_infos", "module_set_attr"),
    "marker": ("MISSING", "constexpr"),
    "function": ("make_node", "module_get_attr"),
    "legacy": ("meta_var",),
    "symbol": ("dynamic",),
    "internal": ("AlreadyEmitted", "IRBuilder", "IRModuleFrame", "ModuleFunction", "ModuleProxy",
                 "decl_function", "register_namespace", "resolve_global_info_args"),
}
"""Member kinds for tools (protocol_registry.namespace_members)."""

_register_namespace("ir", _I)

__all__ = ["Call", "GlobalVar", "ModuleProxy", "Op", "Range", "dynamic", "ir_module",
           "module_attrs", "pyfunc"]
