"""The device backends' namespaces under ``T`` (issue 23, item 2): ``T.cuda`` today.

A member ours builds is an intrinsic ``tirx.<backend>.<name>`` of the op registry
(core/tirx/src/cuda_intrinsics.cc), called as any intrinsic member is, plus the helpers that
spell one of them (``T.cuda.warp_sum(v)`` is ``T.cuda.warp_reduce(v, "sum", 32)``, as Apache
TVM builds it). Any other name is what ``recorded.missing_member`` says: a member an oracle's
namespace records is not analysed yet (an information), another name an error with the closest
recorded names. The namespaces ours does not build at all (``T.ptx``, ``T.nki``, ...) stay
members not analysed yet of ``T`` itself.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Mapping

from .recorded import missing_member


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
        raise missing_member("T", f"{object.__getattribute__(self, '_path')}.{name}",
                             list(members))

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
    return {backend: BackendNamespace(backend, members) for backend, members in grouped.items()}


def top_level(intrinsics: Mapping[str, Callable[..., Any]]) -> Iterable[str]:
    """The names of the intrinsics that are members of ``T`` itself (not of a backend)."""
    return (name for name in intrinsics if "." not in name)


__all__ = ["BackendNamespace", "backend_namespaces", "top_level"]
