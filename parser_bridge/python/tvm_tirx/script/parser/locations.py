"""Where in the source a frontend error happened: every error keeps its Python type and
carries its source range as an attribute (``error_location``) and as a note."""

from __future__ import annotations

from typing import Any, Optional, Tuple

Loc = Tuple[int, int, int, int]

_LOCATION_ATTR = "__tvm_script_location__"


def error_location(exc: BaseException) -> Optional[Tuple[str, int, int, int, int]]:
    """(source name, line, column, end line, end column) of a parse error, when known."""
    return getattr(exc, _LOCATION_ATTR, None)


def attach_location(exc: BaseException, source_name: str, loc: Loc, lines: Any) -> None:
    if error_location(exc) is not None:
        return
    try:
        setattr(exc, _LOCATION_ATTR, (source_name, *loc))
    except AttributeError:  # an exception type with __slots__: the note still tells
        pass
    line, col = loc[0], loc[1]
    text = lines.line_text(line) if line > 0 else ""
    exc.add_note(f"  in TVMScript {source_name}, line {line}, column {col}: {text.strip()}")


__all__ = ["attach_location", "error_location"]
