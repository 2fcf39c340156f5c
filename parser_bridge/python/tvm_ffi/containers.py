"""The FFI containers as Python collections.

``Array`` and ``Map`` are immutable (``Sequence`` / ``Mapping``); ``List`` and ``Dict`` are
mutable and shared: every handle to the same object sees every change.
"""

from __future__ import annotations

import collections.abc
from typing import Any, Iterable, Iterator, Tuple

from . import core
from .registry import get_global_func, register_object

_array_new = get_global_func("ffi.Array")
_array_size = get_global_func("ffi.ArraySize")
_array_get = get_global_func("ffi.ArrayGetItem")
_list_new = get_global_func("ffi.List")
_list_size = get_global_func("ffi.ListSize")
_list_get = get_global_func("ffi.ListGetItem")
_list_set = get_global_func("ffi.ListSetItem")
_list_insert = get_global_func("ffi.ListInsert")
_list_append = get_global_func("ffi.ListAppend")
_list_erase = get_global_func("ffi.ListErase")
_list_clear = get_global_func("ffi.ListClear")
_map_new = get_global_func("ffi.Map")
_map_size = get_global_func("ffi.MapSize")
_map_get = get_global_func("ffi.MapGetItem")
_map_contains = get_global_func("ffi.MapContains")
_map_items = get_global_func("ffi.MapItems")
_dict_new = get_global_func("ffi.Dict")
_dict_size = get_global_func("ffi.DictSize")
_dict_get = get_global_func("ffi.DictGetItem")
_dict_contains = get_global_func("ffi.DictContains")
_dict_set = get_global_func("ffi.DictSetItem")
_dict_erase = get_global_func("ffi.DictErase")
_dict_clear = get_global_func("ffi.DictClear")
_dict_items = get_global_func("ffi.DictItems")
_shape_new = get_global_func("ffi.Shape")
_shape_size = get_global_func("ffi.ShapeSize")
_shape_get = get_global_func("ffi.ShapeGetItem")


def _flat_pairs(items: Any) -> Iterator[Tuple[Any, Any]]:
    flat = list(items)
    return zip(flat[0::2], flat[1::2])


def _mapping_args(mapping: Any) -> list:
    pairs = mapping.items() if isinstance(mapping, collections.abc.Mapping) else mapping
    args: list = []
    for key, value in pairs:
        args.append(key)
        args.append(value)
    return args


class _SequenceBase(core.Object):
    """Indexing shared by Array and List; slices give Python lists."""

    _size: Any
    _get: Any

    def __len__(self) -> int:
        return type(self)._size(self)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [type(self)._get(self, i) for i in range(*index.indices(len(self)))]
        return type(self)._get(self, index)

    def __iter__(self) -> Iterator[Any]:
        for i in range(len(self)):
            yield type(self)._get(self, i)

    def __repr__(self) -> str:
        return "[" + ", ".join(repr(item) for item in self) + "]"


@register_object("ffi.Array")
class Array(_SequenceBase, collections.abc.Sequence):
    """Immutable sequence (copy-on-write in C++). Python lists and tuples convert to it."""

    _size = staticmethod(_array_size)
    _get = staticmethod(_array_get)

    def __init__(self, items: Iterable[Any] = ()) -> None:
        core._init_handle_from(self, _array_new(*items))


@register_object("ffi.List")
class List(_SequenceBase, collections.abc.MutableSequence):
    """Mutable sequence shared by every handle to it."""

    _size = staticmethod(_list_size)
    _get = staticmethod(_list_get)

    def __init__(self, items: Iterable[Any] = ()) -> None:
        core._init_handle_from(self, _list_new(*items))

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            raise TypeError("tvm_ffi.List does not support slice assignment")
        _list_set(self, index, value)

    def __delitem__(self, index: Any) -> None:
        if isinstance(index, slice):
            for i in sorted(range(*index.indices(len(self))), reverse=True):
                _list_erase(self, i)
            return
        _list_erase(self, index)

    def insert(self, index: int, value: Any) -> None:
        _list_insert(self, index, value)

    def append(self, value: Any) -> None:
        _list_append(self, value)

    def clear(self) -> None:
        _list_clear(self)


class _MappingBase(core.Object):
    _size: Any
    _get: Any
    _contains: Any
    _items: Any

    def __len__(self) -> int:
        return type(self)._size(self)

    def __getitem__(self, key: Any) -> Any:
        try:
            return type(self)._get(self, key)
        except KeyError:
            # As dict does: the exception holds the key itself, not its C++ rendering.
            raise KeyError(key) from None

    def __contains__(self, key: Any) -> bool:
        try:
            return type(self)._contains(self, key)
        except TypeError:
            return False

    def __iter__(self) -> Iterator[Any]:
        for key, _ in _flat_pairs(type(self)._items(self)):
            yield key

    def items(self) -> Any:
        return list(_flat_pairs(type(self)._items(self)))

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{k!r}: {v!r}" for k, v in self.items()) + "}"


@register_object("ffi.Map")
class Map(_MappingBase, collections.abc.Mapping):
    """Immutable mapping (copy-on-write in C++), insertion-ordered. Dicts convert to it."""

    _size = staticmethod(_map_size)
    _get = staticmethod(_map_get)
    _contains = staticmethod(_map_contains)
    _items = staticmethod(_map_items)

    def __init__(self, mapping: Any = ()) -> None:
        core._init_handle_from(self, _map_new(*_mapping_args(mapping)))


@register_object("ffi.Dict")
class Dict(_MappingBase, collections.abc.MutableMapping):
    """Mutable mapping shared by every handle to it, insertion-ordered."""

    _size = staticmethod(_dict_size)
    _get = staticmethod(_dict_get)
    _contains = staticmethod(_dict_contains)
    _items = staticmethod(_dict_items)

    def __init__(self, mapping: Any = ()) -> None:
        core._init_handle_from(self, _dict_new(*_mapping_args(mapping)))

    def __setitem__(self, key: Any, value: Any) -> None:
        _dict_set(self, key, value)

    def __delitem__(self, key: Any) -> None:
        try:
            _dict_erase(self, key)
        except KeyError:
            raise KeyError(key) from None

    def clear(self) -> None:
        _dict_clear(self)


@register_object("ffi.Shape")
class Shape(_SequenceBase, collections.abc.Sequence):
    """Immutable tuple of int64 extents."""

    _size = staticmethod(_shape_size)
    _get = staticmethod(_shape_get)

    def __init__(self, dims: Iterable[int] = ()) -> None:
        core._init_handle_from(self, _shape_new(*dims))

    def __repr__(self) -> str:
        return "Shape(" + repr(tuple(self)) + ")"

