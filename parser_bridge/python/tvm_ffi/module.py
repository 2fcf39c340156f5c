"""Module: a collection of functions. Compiled modules arrive with code generation."""

from __future__ import annotations

from typing import Any

from . import core
from .registry import get_global_func, register_object

_module_get_function = get_global_func("ffi.ModuleGetFunction")


@register_object("ffi.Module")
class Module(core.Object):
    """Functions exported by a library, reachable as attributes: ``mod.add_one(x, y)``."""

    def get_function(self, name: str) -> Any:
        func = _module_get_function(self, name)
        if func is None:
            raise AttributeError(f"Module has no function `{name}`")
        return func

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return self.get_function(name)


def load_module(path: str) -> Module:
    """Loads a compiled library as a Module.

    Not available yet: loading compiled modules arrives with LLVM code generation (see the
    roadmap in DESIGN.md).
    """
    raise NotImplementedError(
        f"tvm_ffi.load_module({path!r}): loading compiled modules arrives with code generation"
    )
