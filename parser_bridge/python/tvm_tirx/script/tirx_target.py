"""``T.target(...)``: a compilation target (``ir.Target``), as the reference expands it.

The reference (apache-tvm-tirx 0.1.0a4) builds a target from a kind name (``"llvm"``) or a
configuration dict (``{"kind": "llvm", "opt-level": 0}``) through its registry of target kinds:
each kind has typed options, default keys and default option values, and the target keeps
the configuration with those defaults added. Its print is that expanded dict, keys sorted,
a host as a nested dict. This module holds the same facts as data (the kinds, their options'
types and defaults, recorded from the reference with ``target.ListTargetKindOptionsFromName``)
and the few rules the reference applies beyond defaults:

- an ``llvm`` target given neither ``mtriple`` nor ``mcpu`` gets the host's triple
  (``x86_64-unknown-linux-gnu`` on an x86-64 Linux machine, as LLVM names it);
- the ``keys`` default to the kind's, preceded by ``device`` when one is given and by
  ``arm_cpu`` for an ARM ``mtriple``; given keys are kept as written;
- ``from_device`` is dropped; a bool given to an integer option becomes 0 or 1, an integer
  given to a bool option a bool; any other type mismatch is the reference's ValueError;
- a ``webgpu`` target with subgroups has a warp of 32 threads.

Of the reference's target tags, a few NVIDIA ones are built (``_TAGS``: ``"nvidia/nvidia-a100"``
...); another tag is a ValueError saying to write its configuration dict. The reference's
per-CPU canonicalization is not built.
"""

from __future__ import annotations

import platform
from typing import Any, Dict, List, Tuple

import tvm_ffi

_TargetNode = tvm_ffi.object_class("ir.Target")

_STR, _INT, _BOOL, _STRS, _TARGET, _MAP, _TARGETS = (
    "str", "int", "bool", "Array<str>", "target.Target", "Map<str, Any>", "Array<target.Target>")

_COMMON: Dict[str, str] = {
    "kind": _STR, "keys": _STRS, "tag": _STR, "device": _STR, "model": _STR, "libs": _STRS,
    "host": _TARGET, "from_device": _INT, "target_device_type": _INT,
}
"""The options every kind has."""

_GPU = {"max_num_threads": _INT, "max_threads_per_block": _INT,
        "max_shared_memory_per_block": _INT, "thread_warp_size": _INT}

_KINDS: Dict[str, Tuple[Tuple[str, ...], Dict[str, str], Dict[str, Any]]] = {
    # kind: (default keys, options beyond _COMMON, default option values)
    "llvm": (("cpu",), {
        "mattr": _STRS, "mcpu": _STR, "mtriple": _STR, "mfloat-abi": _STR, "mabi": _STR,
        "num-cores": _INT, "fast-math": _BOOL, "fast-math-nnan": _BOOL, "fast-math-ninf": _BOOL,
        "fast-math-nsz": _BOOL, "fast-math-arcp": _BOOL, "fast-math-contract": _BOOL,
        "fast-math-reassoc": _BOOL, "opt-level": _INT, "cl-opt": _STRS, "vector-width": _INT,
    }, {}),
    "c": (("cpu",), {"mcpu": _STR, "march": _STR, "workspace-byte-alignment": _INT,
                     "constants-byte-alignment": _INT}, {}),
    "cuda": (("cuda", "gpu"), {
        "backend_config": _MAP, "mcpu": _STR, "arch": _STR, "registers_per_block": _INT,
        "l2_cache_size_bytes": _INT, **_GPU,
    }, {"max_num_threads": 1024, "thread_warp_size": 32}),
    "cuda_host": (("cpu",), {}, {}),
    "nvptx": (("cuda", "gpu"), {"mcpu": _STR, "mtriple": _STR, "max_num_threads": _INT,
                                "thread_warp_size": _INT},
              {"mcpu": "sm_50", "mtriple": "nvptx64-nvidia-cuda", "thread_warp_size": 32,
               "max_num_threads": 1024}),
    "rocm": (("rocm", "gpu"), {"mcpu": _STR, "mtriple": _STR, "mattr": _STRS, **_GPU},
             {"mcpu": "gfx900", "mtriple": "amdgcn-amd-amdhsa-hcc", "thread_warp_size": 64,
              "max_shared_memory_per_block": 65536, "max_threads_per_block": 256,
              "max_num_threads": 256}),
    "metal": (("metal", "gpu"), {"max_function_args": _INT, **_GPU},
              {"max_function_args": 31, "thread_warp_size": 16,
               "max_shared_memory_per_block": 32768, "max_threads_per_block": 256,
               "max_num_threads": 256}),
    "opencl": (("opencl", "gpu"), {
        "texture_spatial_limit": _INT, "texture_depth_limit": _INT, "max_function_args": _INT,
        "image_base_address_alignment": _INT, **_GPU,
    }, {"image_base_address_alignment": 64, "max_function_args": 128,
        "texture_depth_limit": 2048, "texture_spatial_limit": 16384, "thread_warp_size": 1,
        "max_num_threads": 256, "max_shared_memory_per_block": 16384,
        "max_threads_per_block": 256}),
    "vulkan": (("vulkan", "gpu"), {
        "mattr": _STRS, **{f"supports_{name}": _BOOL for name in (
            "float16", "float32", "float64", "int8", "int16", "int32", "int64", "8bit_buffer",
            "16bit_buffer", "storage_buffer_storage_class", "push_descriptor",
            "dedicated_allocation", "integer_dot_product", "cooperative_matrix")},
        "supported_subgroup_operations": _INT, "max_block_size_x": _INT,
        "max_block_size_y": _INT, "max_block_size_z": _INT, "max_push_constants_size": _INT,
        "max_uniform_buffer_range": _INT, "max_storage_buffer_range": _INT,
        "max_per_stage_descriptor_storage_buffer": _INT, "device_type": _STR,
        "device_name": _STR, "driver_name": _STR, "driver_version": _INT,
        "vulkan_api_version": _INT, "max_spirv_version": _INT, **_GPU,
    }, {"thread_warp_size": 1, "max_threads_per_block": 256, "max_num_threads": 256,
        "supports_int32": True, "supports_float32": True}),
    "webgpu": (("webgpu", "gpu"), {"max_num_threads": _INT, "max_shared_memory_per_block": _INT,
                                   "supports_subgroups": _BOOL, "thread_warp_size": _INT},
               {"thread_warp_size": 1, "supports_subgroups": False,
                "max_shared_memory_per_block": 32768, "max_num_threads": 256}),
    "hexagon": (("hexagon", "cpu"), {"mattr": _STRS, "mcpu": _STR, "mtriple": _STR,
                                     "llvm-options": _STRS, "num-cores": _INT,
                                     "vtcm-capacity": _INT}, {}),
    "trn": ((), {"partition_size": _INT, "max_sbuf_size_per_partition": _INT,
                 "max_psum_size_per_partition": _INT, "num-cores": _INT}, {}),
    "ext_dev": ((), {}, {}),
    "composite": ((), {"devices": _TARGETS}, {}),
    "test": ((), {}, {"feature.is_test": True}),
}

def _nvidia(arch: str, l2_cache: int = 0) -> Dict[str, Any]:
    config: Dict[str, Any] = {"kind": "cuda", "arch": arch, "max_num_threads": 1024,
                              "max_threads_per_block": 1024, "max_shared_memory_per_block": 49152,
                              "registers_per_block": 65536, "thread_warp_size": 32}
    if l2_cache:
        config["l2_cache_size_bytes"] = l2_cache
    return config


_TAGS: Dict[str, Dict[str, Any]] = {
    "nvidia/nvidia-a100": _nvidia("sm_80", 41943040),
    "nvidia/nvidia-h100": _nvidia("sm_90a", 52428800),
    "nvidia/nvidia-b100": _nvidia("sm_100a", 52428800),
    "nvidia/geforce-rtx-4090": _nvidia("sm_89", 75497472),
    "nvidia/nvidia-t4": _nvidia("sm_75"),
    "nvidia/nvidia-v100": _nvidia("sm_70"),
}
"""The few target tags built here: the configurations the reference's tags expand to (its
targets keep an empty ``tag``)."""

_FIELDS = ("kind", "tag", "keys", "host")


def host_triple() -> str:
    """The LLVM triple of this machine, which an ``llvm`` target without ``mtriple`` or
    ``mcpu`` gets (the reference asks its LLVM for the default triple)."""
    machine = platform.machine() or "x86_64"
    machine = {"AMD64": "x86_64", "arm64": "aarch64"}.get(machine, machine)
    system = platform.system()
    if system == "Darwin":
        return f"{machine}-apple-darwin"
    if system == "Windows":
        return f"{machine}-pc-windows-msvc"
    return f"{machine}-unknown-linux-gnu"


def _type_name(value: Any) -> str:
    return {str: "str", bool: "bool", int: "int", float: "float", list: "list", tuple: "tuple",
            dict: "dict"}.get(type(value), type(value).__name__)


def _option(name: str, value: Any, expected: str) -> Any:
    """The option's value in its type (ValueError, as the reference's, on a mismatch)."""
    def mismatch() -> ValueError:
        return ValueError(f"Option '{name}': expected type '{expected}' but got "
                          f"'{_type_name(value)}'")

    if expected == _STR:
        if not isinstance(value, str):
            raise mismatch()
        return value
    if expected == _INT:
        if not isinstance(value, int):
            raise mismatch()
        return int(value)
    if expected == _BOOL:
        if not isinstance(value, int):
            raise mismatch()
        return bool(value)
    if expected == _STRS:
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise mismatch()
        return list(value)
    if expected == _MAP:
        if not isinstance(value, dict):
            raise mismatch()
        return dict(value)
    if expected == _TARGETS:
        if not isinstance(value, (list, tuple)):
            raise mismatch()
        return [_build(v) for v in value]
    raise AssertionError(expected)


def _keys(kind: str, config: Dict[str, Any], default: Tuple[str, ...]) -> List[str]:
    if "keys" in config:
        return _option("keys", config["keys"], _STRS)
    keys: List[str] = []
    device = config.get("device")
    if isinstance(device, str) and device:
        keys.append(device)
    mtriple = config.get("mtriple")
    if kind == "llvm" and isinstance(mtriple, str) and mtriple.startswith(("aarch64", "arm")):
        keys.append("arm_cpu")
    for key in default:
        if key not in keys:
            keys.append(key)
    return keys


def _from_config(config: Dict[str, Any], host: Any) -> Any:
    for key in config:
        if not isinstance(key, str):
            raise ValueError(f"A target configuration's keys are strings, got "
                             f"`{_type_name(key)}`")
    kind = config.get("kind")
    if not isinstance(kind, str):
        raise ValueError(f"A target configuration needs \"kind\" (a string such as \"llvm\"): "
                         f"{config!r}")
    if kind not in _KINDS:
        raise ValueError(f"Target kind \"{kind}\" is not defined; the kinds are "
                         f"{', '.join(sorted(_KINDS))}")
    default_keys, options, defaults = _KINDS[kind]
    known = {**_COMMON, **options}
    attrs: Dict[str, Any] = {}
    for name, value in config.items():
        if name in _FIELDS or name == "from_device":
            continue
        if name not in known:
            raise ValueError(f"Unknown config option '{name}' of target kind \"{kind}\"; its "
                             f"options are {', '.join(repr(k) for k in known)}")
        attrs[name] = _option(name, value, known[name])
    tag = _option("tag", config.get("tag", ""), _STR)
    keys = _keys(kind, config, default_keys)
    for name, value in defaults.items():
        attrs.setdefault(name, value)
    if kind == "llvm" and "mtriple" not in attrs and "mcpu" not in attrs:
        attrs["mtriple"] = host_triple()
        if "keys" not in config:
            keys = _keys(kind, {**config, "mtriple": attrs["mtriple"]}, default_keys)
    if kind == "webgpu" and attrs.get("supports_subgroups") and \
            "thread_warp_size" not in config:
        attrs["thread_warp_size"] = 32
    if "host" in config:
        if host is not None:
            raise ValueError("T.target expects to either receive the host as part of the "
                             "target's config dictionary, or as a separate argument, but not "
                             "both.")
        host = config["host"]
    return _TargetNode(kind, tag, keys, attrs, None if host is None else _build(host))


def _build(config: Any, host: Any = None) -> Any:
    if isinstance(config, _TargetNode):
        if host is None:
            return config
        return _TargetNode(config.kind, config.tag, config.keys, config.attrs, _build(host))
    if isinstance(config, str):
        if config in _TAGS:
            return _from_config(dict(_TAGS[config]), host)
        if "/" in config:
            raise ValueError(f"Target tag \"{config}\" is not known here: write the target's "
                             "configuration dict instead (T.target({\"kind\": ..., ...}))")
        if config.split(" ", 1)[0] != config or config.startswith("-"):
            raise ValueError(f"Cannot parse target string \"{config}\": the command-line "
                             "form (\"llvm -mcpu=xxx\") is not supported; write the dict form "
                             "({\"kind\": \"llvm\", \"mcpu\": \"xxx\"})")
        return _from_config({"kind": config}, host)
    if isinstance(config, dict):
        return _from_config(config, host)
    raise ValueError(f"A target is a kind name, a config dict or a target, got "
                     f"`{_type_name(config)}`")


def target(target_config: Any, host: Any = None) -> Any:
    """``T.target("llvm")``, ``T.target({"kind": "cuda", "arch": "sm_80"}, host="llvm")``: a
    compilation target, the configuration expanded with its kind's defaults as the reference
    expands it (``T.target("llvm")`` prints as ``T.target({"keys": ["cpu"], "kind": "llvm",
    "mtriple": "x86_64-unknown-linux-gnu", "tag": ""})`` on an x86-64 Linux machine)."""
    if not isinstance(target_config, (str, dict)):
        raise ValueError(f"T.target expected a config dict or string, but got "
                         f"{type(target_config)}")
    if host is not None and not isinstance(host, (str, dict, _TargetNode)):
        raise ValueError(f"T.target expected the host to be a config dict, string, or "
                         f"T.target, but got {type(host)}")
    return _build(target_config, host)


__all__ = ["host_triple", "target"]
