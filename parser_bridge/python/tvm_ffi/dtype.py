"""Data types and devices."""

from __future__ import annotations

import ctypes
from typing import Any, Tuple, Union

from . import core


class dtype(str):  # noqa: N801 - the spelling of the API
    """An element type, as its canonical text ("int32", "float32x4", "bfloat16").

    A subclass of str so it compares equal to the text; construction validates and
    canonicalises (ValueError on a bad name).
    """

    __slots__ = ()

    def __new__(cls, text: Union[str, "dtype"]) -> "dtype":
        return super().__new__(cls, core._parse_dtype(str(text)))

    def __repr__(self) -> str:
        return f"dtype('{str(self)}')"


class Device:
    """A device (type, index), converted to a DLPack device across the FFI."""

    __slots__ = ("device_type", "index")

    def __init__(self, device_type: Union[int, str], index: int = 0) -> None:
        if isinstance(device_type, str):
            device_type = core._device_type_from_name(device_type)
        self.device_type = int(device_type)
        self.index = int(index)

    def __dlpack_device__(self) -> Tuple[int, int]:
        return (self.device_type, self.index)

    @property
    def type(self) -> str:
        return core._device_type_name(self.device_type)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Device) and self.__dlpack_device__() == other.__dlpack_device__()

    def __hash__(self) -> int:
        return hash(self.__dlpack_device__())

    def __repr__(self) -> str:
        return f"device(type='{self.type}', index={self.index})"


def device(device_type: Union[int, str], index: int = 0) -> Device:
    """``device("cpu")``, ``device("cuda", 1)`` or ``device("cuda:1")``."""
    if isinstance(device_type, str) and ":" in device_type:
        name, _, number = device_type.partition(":")
        return Device(name, int(number))
    return Device(device_type, index)


core._set_value_classes(dtype, Device, ctypes.c_void_p)
