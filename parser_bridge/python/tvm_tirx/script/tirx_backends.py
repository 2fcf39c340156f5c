"""The device backends' namespaces under ``T`` (issue 23, item 2).

A member ours builds is an intrinsic ``tirx.<backend>.<name>`` of the op registry
(core/tirx/src/backend_intrinsics.cc: ``T.cuda``, ``T.nki``, and the shuffles of ``T.metal`` and
``T.webgpu``), called as any intrinsic member is, plus the helpers that spell one of them (``T.cuda.warp_sum(v)`` is
``T.cuda.warp_reduce(v, "sum", 32)``, as Apache TVM builds it) and ``T.nki``'s defaults
(``T.nki.matmul(res, lhs, rhs)`` passes ``accum=True``, as Apache TVM does). Any other name is what ``recorded.missing_member`` says: a
member an oracle's namespace records is not analysed yet (an information), another name an
error with the closest recorded names.

``T.nvshmem`` and ``T.ptx_legacy`` are built the same way (tirx_nvshmem.py,
tirx_ptx_legacy.py); ``T.ptx`` is tirx_ptx.py's, the PTX instructions of its table. A backend the oracles record as a module (``T.tile``, ``T.opencl``)
stays a member of ``T`` not analysed yet: a module's record need not list every name it
answers.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, Mapping, Tuple

from .. import ir as _ir
from .tirx_backend_namespace import BackendNamespace
from .tirx_nvshmem import transfer_namespaces
from .tirx_ptx import ptx_namespace
from .tirx_ptx_legacy import typed_by_leading_dtype



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
    namespaces = {backend: BackendNamespace(backend, members)
                  for backend, members in grouped.items() if backend != "ptx"}
    namespaces["ptx"] = ptx_namespace(grouped.get("ptx", {}))
    return namespaces


def top_level(intrinsics: Mapping[str, Callable[..., Any]]) -> Iterable[str]:
    """The names of the intrinsics that are members of ``T`` itself (not of a backend)."""
    return (name for name in intrinsics if "." not in name)


__all__ = ["BackendNamespace", "NKI_PARAMETERS", "backend_namespaces", "top_level"]
