"""Memory scopes by name (the reference's ``T.MemoryScope``): ``MemoryScope("shared")`` is the
registered scope of that name, a ValueError for an unknown one. A scope is a ``str`` (its
name), so every API taking a scope (``T.Ptr``, ``T.Tensor(scope=...)``) takes one; the IR
stores the name. Registering a scope does not make any backend support it.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List

# The reference's registered scopes (apache-tvm-tirx 0.1.0a4), in its order.
_BUILT_IN = (
    "global", "shared", "shared.dyn", "warp", "local", "tmem", "wmma.matrix_a",
    "wmma.matrix_b", "wmma.accumulator", "mma.matrixA", "mma.matrixB", "mma.matrixC",
    "global.ddr", "global.vtcm", "metal.simdgroup", "metal.cooperative_tensor", "texture",
    "global.texture", "global.texture-1d", "global.texture-nchw", "global.texture-nhwc",
    "global.texture-weight", "trn.sbuf", "trn.psum", "amx.tmm",
)


class _ScopeRegistry(type):
    """Iterating the class gives every registered scope, in registration order."""

    def __iter__(cls) -> Iterator["MemoryScope"]:
        return iter(list(cls._scopes.values()))

    def __len__(cls) -> int:
        return len(cls._scopes)


class MemoryScope(str, metaclass=_ScopeRegistry):
    """A registered memory space by name: ``MemoryScope("shared")``; a ValueError for a name
    nobody registered (``MemoryScope.register(name)`` adds one). Registration alone does not
    enable backend support."""

    _scopes: Dict[str, "MemoryScope"] = {}

    def __new__(cls, *args: Any, **kwargs: Any) -> "MemoryScope":
        if kwargs or len(args) != 1:
            raise TypeError("`MemoryScope` takes one scope name, such as \"shared\"")
        (name,) = args
        if isinstance(name, MemoryScope):
            return name
        if not isinstance(name, str):
            raise TypeError(f"A memory scope name is a str, got `{type(name).__name__}`")
        scope = cls._scopes.get(name)
        if scope is None:
            raise ValueError(f"{name!r} is not a valid MemoryScope")
        return scope

    @property
    def name(self) -> str:
        """The registered spelling."""
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"MemoryScope({self.name!r})"

    @classmethod
    def register(cls, name: str) -> "MemoryScope":
        """Registers a new scope name; a ValueError for one already registered."""
        if not isinstance(name, str):
            raise TypeError("A memory scope name must be a str")
        if name in cls._scopes:
            raise ValueError(f"The memory scope {name!r} is already registered")
        scope = str.__new__(cls, name)
        cls._scopes[name] = scope
        return scope

    @classmethod
    def all_entries(cls) -> List["MemoryScope"]:
        """Every registered scope, in registration order."""
        return list(cls._scopes.values())


for _name in _BUILT_IN:
    MemoryScope.register(_name)
del _name
