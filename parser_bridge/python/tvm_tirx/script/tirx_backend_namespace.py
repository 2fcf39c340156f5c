"""A device backend's namespace under ``T`` (``T.cuda``, ``T.ptx``, ...): the members ours
builds, by name, and for any other name what ``recorded.missing_member`` says (a member an
oracle records is not analysed yet, another name an error with the closest recorded names).
tirx_backends.py makes them; tirx_ptx.py's ``T.ptx`` is one with its text form."""

from __future__ import annotations

import keyword
from typing import Any, Callable, List, Mapping

from .recorded import missing_member


class PublicNames:
    """Untrusted source may read every public name of a backend namespace: the namespace's own
    ``__getattr__`` answers (a built member, or the not-analysed-yet or unknown-member error),
    and it holds nothing else."""

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and not name.startswith("_")


class BackendNamespace:
    """``T.cuda``: the members ours builds, by name; the rest as ``missing_member`` says."""

    __tvm_script_members__ = PublicNames()
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
        raise TypeError(f"`T.{object.__getattribute__(self, '_path')}` is not subscriptable")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"`T.{self._path}` is read-only")

    def __dir__(self) -> List[str]:
        return sorted(self._members)

    def __repr__(self) -> str:
        return f"T.{self._path}"


__all__ = ["BackendNamespace", "PublicNames"]
