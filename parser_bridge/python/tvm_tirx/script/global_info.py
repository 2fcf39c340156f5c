"""``resolve_global_info_args``: builder functions that take module metadata by name.

A builder may accept either a metadata object or its name in the active module (a selector
string). The decorator resolves the named parameters after Python has evaluated the
arguments, so the builder itself only ever sees resolved values; the dialect's ``resolver``
owns the selector syntax and the lookup.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable, TypeVar

_F = TypeVar("_F", bound=Callable[..., Any])


def resolve_global_info_args(*fields: str, resolver: Callable[[str], Any]) -> Callable[[_F], _F]:
    """Resolves the string values of ``fields`` with ``resolver`` on every call.

    Non-string values pass through unchanged (by identity), containers are not searched,
    string defaults are resolved on every call, and the resolver's exceptions propagate
    unchanged. A field that is not a named parameter of the builder, or is variadic, is a
    ValueError when decorating.
    """
    if not callable(resolver):
        raise TypeError("resolve_global_info_args needs a callable `resolver`")

    def decorate(builder: _F) -> _F:
        signature = inspect.signature(builder)
        for name in fields:
            parameter = signature.parameters.get(name)
            if parameter is None:
                raise ValueError(f"`{builder.__qualname__}` has no parameter `{name}` to "
                                 "resolve")
            if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
                raise ValueError(f"Parameter `{name}` of `{builder.__qualname__}` is variadic; "
                                 "only named parameters can be resolved")

        @functools.wraps(builder)
        def resolved(*args: Any, **kwargs: Any) -> Any:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            for name in fields:
                value = bound.arguments.get(name)
                if isinstance(value, str):
                    bound.arguments[name] = resolver(value)
            return builder(*bound.args, **bound.kwargs)

        return resolved  # type: ignore[return-value]

    return decorate


__all__ = ["resolve_global_info_args"]
