"""The device backends' namespaces under ``T`` (issue 23, item 2).

A member ours builds is an intrinsic ``tirx.<backend>.<name>`` of the op registry
(core/tirx/src/backend_intrinsics.cc: ``T.cuda``, ``T.nki``, and the shuffles of ``T.metal`` and
``T.webgpu``), called as any intrinsic member is, plus the helpers that spell one of them (``T.cuda.warp_sum(v)`` is
``T.cuda.warp_reduce(v, "sum", 32)``, as Apache TVM builds it) and ``T.nki``'s defaults
(``T.nki.matmul(res, lhs, rhs)`` passes ``accum=True``, as Apache TVM does). Any other name is what ``recorded.missing_member`` says: a
member an oracle's namespace records is not analysed yet (an information), another name an
error with the closest recorded names.

The namespace objects both oracles record whose members ours builds none of (``T.ptx``,
``T.nvshmem``, ``T.ptx_legacy``) are namespaces of no
member, so a misspelt name under them is found too; ``T.ptx["ld.global.b32"]`` (the exact-text
form) is not analysed yet. A backend the oracles record as a module (``T.tile``, ``T.opencl``)
stays a member of ``T`` not analysed yet: a module's record need not list every name it
answers.
"""

from __future__ import annotations

import keyword
from typing import Any, Callable, Dict, Iterable, List, Mapping, Tuple

from .. import ir as _ir
from .recorded import NotAnalysedYet, missing_member
from .tirx_nvshmem import transfer_namespaces
from .tirx_ptx_legacy import typed_by_leading_dtype

UNBUILT_OBJECT_NAMESPACES = ("ptx",)
"""The backends both oracles record as namespace objects, of which ours builds no member."""


class _PublicNames:
    """Untrusted source may read every public name of a backend namespace: the namespace's own
    ``__getattr__`` answers (a built member, or the not-analysed-yet or unknown-member error),
    and it holds nothing else."""

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and not name.startswith("_")


class BackendNamespace:
    """``T.cuda``: the members ours builds, by name; the rest as ``missing_member`` says."""

    __tvm_script_members__ = _PublicNames()
    __slots__ = ("_path", "_members")

    def __init__(self, path: str, members: Mapping[str, Callable[..., Any]]) -> None:
        object.__setattr__(self, "_path", path)
        object.__setattr__(self, "_members", dict(members))

    def __getattr__(self, name: str) -> Any:
        members = object.__getattribute__(self, "_members")
        member = members.get(name)
        if member is not None:
            return member
        path = object.__getattribute__(self, "_path")
        # `T.ptx.and_` is the family `and`: a trailing underscore escapes a Python keyword.
        recorded = name[:-1] if name.endswith("_") and keyword.iskeyword(name[:-1]) else name
        raise missing_member("T", f"{path}.{recorded}", list(members))

    def __getitem__(self, text: Any) -> Any:
        path = object.__getattribute__(self, "_path")
        if path == "ptx":
            raise NotAnalysedYet("`T.ptx[...]` (an instruction by its PTX text) is not analysed "
                                 "yet")
        raise TypeError(f"`T.{path}` is not subscriptable")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"`T.{self._path}` is read-only")

    def __dir__(self) -> List[str]:
        return sorted(self._members)

    def __repr__(self) -> str:
        return f"T.{self._path}"


def _warp_reduction(intrinsics: Mapping[str, Callable[..., Any]], reduction: str
                    ) -> Callable[..., Any]:
    reduce = intrinsics["cuda.warp_reduce"]

    def member(value: Any, width: Any = 32) -> Any:
        return reduce(value, reduction, width)

    member.__name__ = f"warp_{reduction}"
    member.__doc__ = (f"``T.cuda.warp_{reduction}(value, width=32)``: "
                      f"``T.cuda.warp_reduce(value, \"{reduction}\", width)``, the {reduction} of "
                      "a value over the warp, of its type.")
    return member


NKI_PARAMETERS: Dict[str, Tuple[Tuple[str, ...], Tuple[Tuple[str, Any], ...]]] = {
    "load": (("res", "data"), ()),
    "store": (("res", "data"), ()),
    "tensor_copy": (("res", "data"), ()),
    "matmul": (("res", "lhs", "rhs"), (("accum", True),)),
    "activation": (("result", "data", "opcode"), (("bias", 0.0), ("scale", 1.0))),
    "reciprocal": (("result", "data"), ()),
    "tensortensor": (("result", "operand0", "operand1", "opcode"), ()),
    "tensorscalar": (("result", "operand0", "operand1", "opcode"), (("reverse", False),)),
    "memset": (("result", "value"), ()),
    "activation_reduce": (("reduce_res", "act_res", "data", "opcode", "reduce_opcode"),
                          (("bias", 0.0), ("scale", 1.0))),
    "tensorscalar_reduce": (("reduce_res", "tensorscalar_res", "operand0", "operand1", "opcode",
                             "reduce_opcode"), (("reverse", False),)),
    "scalar_tensor_tensor": (("result", "data", "operand0", "operand1", "opcode0", "opcode1"),
                             (("reverse0", False), ("reverse1", False))),
    "scalar_tensor_scalar": (("result", "data", "operand0", "operand1", "opcode0", "opcode1"),
                             (("reverse0", False), ("reverse1", False))),
    "identity": (("result", "size"), ()),
    "affine_select": (("result", "pred", "true_value", "false_value"), ()),
}
"""``T.nki``'s members with fixed parameters: the required ones, then those with the default
Apache TVM passes when they are left out (``tensorreduce`` takes its axes variadically and is
the generic call)."""


def _cta_reduction(intrinsics: Mapping[str, Callable[..., Any]], reduction: str
                   ) -> Callable[..., Any]:
    reduce = intrinsics["cuda.cta_reduce"]

    def member(value: Any, num_warps: Any, scratch: Any) -> Any:
        return reduce(value, reduction, num_warps, scratch)

    member.__name__ = f"cta_{reduction}"
    member.__doc__ = (f"``T.cuda.cta_{reduction}(value, num_warps, scratch)``: "
                      f"``T.cuda.cta_reduce(value, \"{reduction}\", num_warps, scratch)``, the "
                      f"{reduction} of a value over the CTA, of its type.")
    return member


def _with_defaults(member: Callable[..., Any], name: str,
                   parameters: Tuple[Tuple[str, ...], Tuple[Tuple[str, Any], ...]]
                   ) -> Callable[..., Any]:
    required, optional = parameters
    names = required + tuple(n for n, _ in optional)

    def call(*args: Any, **kwargs: Any) -> Any:
        if not kwargs and not len(required) <= len(args) <= len(names):
            return member(*args)  # its count check says what the range is
        values = dict(zip(names, args))
        for key, value in kwargs.items():
            if key not in names or key in values:
                raise TypeError(f"`T.nki.{name}` got an unexpected or repeated argument "
                                f"`{key}`")
            values[key] = value
        missing = [n for n in required if n not in values]
        if missing:
            raise TypeError(f"`T.nki.{name}` needs `{missing[0]}`")
        values.update({n: default for n, default in optional if n not in values})
        return member(*(values[n] for n in names))

    call.__name__ = name
    call.__doc__ = (f"``T.nki.{name}({', '.join(names)})``: {member.__doc__ or ''}".strip())
    return call


def _shuffle_of_element(member: Callable[..., Any], name: str) -> Callable[..., Any]:
    """A Metal or WebGPU shuffle: a tensor given as the value stands for its first element, as
    Apache TVM reads it (``T.metal.simd_shuffle(red_buf, lane)``)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        ty = getattr(args[0], "ty", None) if args else None
        if isinstance(ty, _ir.TensorType):
            args = (args[0][(0,) * len(ty.shape)], *args[1:])
        return member(*args, **kwargs)  # its count check says what the range is

    call.__name__ = name
    call.__doc__ = member.__doc__
    return call


def backend_namespaces(intrinsics: Mapping[str, Callable[..., Any]]) -> Dict[str, Any]:
    """The backend namespaces of the registered intrinsics whose names are dotted
    (``cuda.cta_sync``), by backend name."""
    grouped: Dict[str, Dict[str, Callable[..., Any]]] = {}
    for name, member in intrinsics.items():
        backend, dot, leaf = name.partition(".")
        if dot:
            grouped.setdefault(backend, {})[leaf] = member
    if "cuda" in grouped:
        for reduction in ("sum", "max", "min"):
            grouped["cuda"][f"warp_{reduction}"] = _warp_reduction(intrinsics, reduction)
            grouped["cuda"][f"cta_{reduction}"] = _cta_reduction(intrinsics, reduction)
    for backend in ("metal", "webgpu"):
        for name, member in list(grouped[backend].items()):
            grouped[backend][name] = _shuffle_of_element(member, name)
    for name, parameters in NKI_PARAMETERS.items():
        grouped["nki"][name] = _with_defaults(grouped["nki"][name], name, parameters)
    grouped["nvshmem"] = transfer_namespaces(grouped["nvshmem"])
    grouped["ptx_legacy"]["ldmatrix"] = typed_by_leading_dtype(grouped["ptx_legacy"]["ldmatrix"])
    for backend in UNBUILT_OBJECT_NAMESPACES:
        grouped.setdefault(backend, {})
    return {backend: BackendNamespace(backend, members) for backend, members in grouped.items()}


def top_level(intrinsics: Mapping[str, Callable[..., Any]]) -> Iterable[str]:
    """The names of the intrinsics that are members of ``T`` itself (not of a backend)."""
    return (name for name in intrinsics if "." not in name)


__all__ = ["BackendNamespace", "NKI_PARAMETERS", "UNBUILT_OBJECT_NAMESPACES",
           "backend_namespaces", "top_level"]
