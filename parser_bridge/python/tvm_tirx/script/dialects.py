"""``register_dialect``: a dialect package exposed under ``tvm_tirx.script`` lazily.

Registration records two dotted module paths and imports nothing. The first lookup of
``tvm_tirx.script.<name>`` or ``tvm_tirx.script.parser.<name>`` imports the script module,
and of ``tvm_tirx.script.ir_builder.<name>`` the builder module (the three modules' PEP 562
``__getattr__`` call ``dialect_module``). Python's module cache keeps each import single.

Registering a dialect does not register its parser namespace: its package does that
(``register_namespace``, or lazily ``register_namespace_initializer``).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import threading
from typing import Any, Dict, Optional, Tuple

_DIALECTS: Dict[str, Tuple[str, str]] = {}
_LOCK = threading.Lock()

# The modules a dialect name is exposed in; a name they already have would be shadowed.
_EXPOSING_PACKAGES = ("tvm_tirx.script", "tvm_tirx.script.parser")
_EXPOSING_MODULES = ("tvm_tirx.script.ir_builder",)


def _check_module_path(path: Any, what: str) -> str:
    if not isinstance(path, str):
        raise TypeError(f"register_dialect: `{what}` is a dotted module path (str), got "
                        f"`{type(path).__name__}`")
    if not path or not all(part.isidentifier() for part in path.split(".")):
        raise ValueError(f"register_dialect: `{what}` is a dotted module path such as "
                         f"'example.script', got {path!r}")
    return path


def _taken(name: str) -> Optional[str]:
    """Where ``name`` already exists among the exposing modules, if it does."""
    for package in _EXPOSING_PACKAGES:
        module = sys.modules.get(package)
        if module is None:
            continue
        if name in vars(module):
            return f"{package}.{name}"
        if importlib.util.find_spec(f"{package}.{name}") is not None:
            return f"{package}.{name}"
    for module_name in _EXPOSING_MODULES:
        module = sys.modules.get(module_name)
        if module is not None and name in vars(module):
            return f"{module_name}.{name}"
    return None


def register_dialect(name: str, module_path: str, *, builder_path: Optional[str] = None) -> None:
    """Exposes the dialect package ``module_path`` as ``tvm_tirx.script.<name>`` and
    ``tvm_tirx.script.parser.<name>``, and ``builder_path`` (default ``module_path +
    ".builder"``) as ``tvm_tirx.script.ir_builder.<name>``, each imported on first access.

    Records the paths only. Registering the same name with the same paths again does nothing;
    other paths for a registered name, or a name these modules already have, are a ValueError.
    """
    if not isinstance(name, str):
        raise TypeError(f"register_dialect: the name is a str, got `{type(name).__name__}`")
    if not name.isidentifier():
        raise ValueError(f"register_dialect: the name is a Python identifier, got {name!r}")
    _check_module_path(module_path, "module_path")
    builder_path = module_path + ".builder" if builder_path is None else builder_path
    _check_module_path(builder_path, "builder_path")
    paths = (module_path, builder_path)
    with _LOCK:
        known = _DIALECTS.get(name)
        if known == paths:
            return
        if known is not None:
            raise ValueError(f"register_dialect: dialect `{name}` is registered with module "
                             f"{known[0]!r} and builder {known[1]!r}; it cannot be registered "
                             f"again with module {paths[0]!r} and builder {paths[1]!r}")
        taken = _taken(name)
        if taken is not None:
            raise ValueError(f"register_dialect: `{taken}` already exists; choose another "
                             "dialect name")
        _DIALECTS[name] = paths


def dialect_module(name: str, *, builder: bool) -> Optional[Any]:
    """The registered dialect's script module (``builder=False``) or builder module, imported
    now if it was not; None when no dialect has that name."""
    paths = _DIALECTS.get(name)
    if paths is None:
        return None
    return importlib.import_module(paths[1] if builder else paths[0])


def registered_dialects() -> Dict[str, Tuple[str, str]]:
    """name -> (module path, builder path)."""
    return dict(_DIALECTS)


def save() -> Dict[str, Tuple[str, str]]:
    return dict(_DIALECTS)


def restore(state: Dict[str, Tuple[str, str]]) -> None:
    with _LOCK:
        _DIALECTS.clear()
        _DIALECTS.update(state)


__all__ = ["dialect_module", "register_dialect", "registered_dialects"]
