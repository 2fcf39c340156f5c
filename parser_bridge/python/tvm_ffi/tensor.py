"""Tensor: DLPack-managed n-d arrays shared with NumPy (and any DLPack producer) without copies."""

from __future__ import annotations

from typing import Any, Optional, Tuple

from . import core
from .dtype import Device, device as _device, dtype
from .registry import register_object


@register_object("ffi.Tensor")
class Tensor(core.Object):
    """An n-d array; ``np.from_dlpack(t)`` and ``tvm_ffi.from_dlpack(array)`` share memory."""

    def __init__(self, *args: Any) -> None:
        raise TypeError("Tensor cannot be built directly: use tvm_ffi.from_dlpack or tvm_ffi.empty")

    @property
    def shape(self) -> Tuple[int, ...]:
        return tuple(core._tensor_info(self)[0])

    @property
    def dtype(self) -> dtype:
        return dtype(core._tensor_info(self)[1])

    @property
    def device(self) -> Device:
        info = core._tensor_info(self)
        return Device(info[2], info[3])

    @property
    def strides(self) -> Tuple[int, ...]:
        return tuple(core._tensor_info(self)[4])

    @property
    def data_ptr(self) -> int:
        return int(core._tensor_info(self)[5])

    def __dlpack__(
        self,
        stream: Optional[int] = None,
        max_version: Optional[Tuple[int, int]] = None,
        dl_device: Optional[Tuple[int, int]] = None,
        copy: Optional[bool] = None,
    ) -> Any:
        if copy:
            raise BufferError("tvm_ffi.Tensor exports without copying only")
        return core._tensor_to_dlpack(self)

    def __dlpack_device__(self) -> Tuple[int, int]:
        info = core._tensor_info(self)
        return (info[2], info[3])

    def numpy(self) -> Any:
        import numpy as np

        return np.from_dlpack(self)

    def __repr__(self) -> str:
        return f"Tensor(shape={self.shape}, dtype={str(self.dtype)}, device={self.device!r})"


def from_dlpack(value: Any) -> Tensor:
    """A Tensor sharing the memory of any object with ``__dlpack__`` (NumPy arrays, ...)."""
    return core._from_dlpack(value)


def empty(shape: Tuple[int, ...], dtype: str = "float32", device: Any = None) -> Tensor:
    """A new uninitialised tensor on ``device``: a Device, a name ("cuda:1"), or None for cpu."""
    if device is None:
        dev = Device("cpu", 0)
    else:
        dev = device if isinstance(device, Device) else _device(device)
    return core._tensor_empty(list(shape), str(dtype), dev.device_type, dev.index)
