"""Object classes and global functions: ``register_object``, ``register_global_func``.

Classes are generic over reflection: registering a class installs one descriptor per
reflected field and one Python function per reflected method; nothing is written per type.
Types that Python never registered get a class made on first sight, so every object comes
back as its most-derived class.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, TypeVar, Union

from . import core

_T = TypeVar("_T", bound=type)

# type index -> Python class (mirrors the table inside core)
_CLASSES: Dict[int, type] = {}


def _install_members(cls: type, type_index: int) -> None:
    """Adds field descriptors and methods of the type and of ancestors no base class covers."""
    for ancestor in core._type_ancestors(type_index):
        info = core._type_info(ancestor)
        for position, field in enumerate(info["fields"]):
            if not hasattr(cls, field["name"]):
                setattr(cls, field["name"], core._field_descriptor(ancestor, position))
        for method in info["methods"]:
            name = method["name"]
            if name == "__ffi_init__" or name in cls.__dict__ or hasattr(cls, name):
                continue
            setattr(cls, name, _make_method(method))


def _make_method(method: Dict[str, Any]) -> Any:
    func = method["func"]
    if method["is_static"]:
        return staticmethod(func)

    def bound(self: Any, *args: Any) -> Any:
        return func(self, *args)

    bound.__name__ = method["name"]
    bound.__doc__ = method["doc"] or None
    return bound


def register_object(type_key: Union[str, type, None] = None) -> Callable[[_T], _T]:
    """Registers a Python class for the FFI type ``type_key``.

    Objects of that type (and of subtypes without a class of their own) come back from FFI
    calls as instances of the class. Reflected fields become read-only properties.
    """

    def register(cls: _T) -> _T:
        key = type_key if isinstance(type_key, str) else cls.__name__
        info = core._type_info(key)
        cls.__tvm_ffi_type_index__ = info["type_index"]  # type: ignore[attr-defined]
        _install_members(cls, info["type_index"])
        _CLASSES[info["type_index"]] = cls
        core._register_class(info["type_index"], cls)
        return cls

    if isinstance(type_key, type):
        return register(type_key)  # type: ignore[return-value]
    return register


def object_class(type_key: Union[str, int]) -> type:
    """The class of an FFI type: the registered one, or one made from its reflection data."""
    info = core._type_info(type_key)
    index = info["type_index"]
    if index not in _CLASSES:
        _make_class(index)
    return _CLASSES[index]


def _make_class(type_index: int) -> type:
    info = core._type_info(type_index)
    parent = info["parent_index"]
    base = core.Object if parent < 0 else object_class(parent)
    module, _, name = info["type_key"].rpartition(".")
    cls = type(name, (base,), {"__module__": module or "tvm_ffi", "__doc__": None})
    return register_object(info["type_key"])(cls)


core._set_class_factory(_make_class)


def register_global_func(
    func_name: Union[str, Callable[..., Any]],
    f: Optional[Callable[..., Any]] = None,
    override: bool = False,
) -> Any:
    """Registers a Python callable as a global FFI function (usable as a decorator).

    A name that is already taken raises ValueError unless ``override=True``.
    """
    if callable(func_name):
        f, func_name = func_name, func_name.__name__

    def register(func: Callable[..., Any]) -> Callable[..., Any]:
        core._register_global_func(func_name, func, override, func.__doc__ or "")
        return func

    return register(f) if f is not None else register


def get_global_func(name: str, allow_missing: bool = False) -> Optional[core.Function]:
    """The global function ``name``; ValueError when missing unless ``allow_missing``."""
    func = core._get_global_func(name)
    if func is None and not allow_missing:
        raise ValueError(f"Global function `{name}` is not registered")
    return func


def list_global_func_names() -> List[str]:
    """Every registered global function name, sorted."""
    return list(core._list_global_func_names())


def remove_global_func(name: str) -> bool:
    """Removes a global function; returns whether it existed."""
    return bool(core._remove_global_func(name))
