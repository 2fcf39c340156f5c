"""``GeneratedBuilder``: the record of what the parser generated for one definition
(``tvm_tirx.script.parser.GeneratedBuilder``, docs/frontend.md). Apart from transpile.py
because the parser package exports it with the registration API, which imports no stage of the
parser."""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Any, Iterator, Optional, Tuple

MAKE = "__tvm_make"
"""The name of the wrapper a builder program defines."""


@dataclass(frozen=True)
class GeneratedBuilder:
    """What the parser generated for one definition: connects the generated helpers to the
    original function and names the bindings preserved when the program was recomposed with
    the definition's environment (``tvm_tirx.script.parser.GeneratedBuilder``)."""

    name: str
    """The original function's name."""
    qualname: str
    """Its ``__qualname__`` (for source text: its name)."""
    kind: Any
    """Its ``DefinitionKind``."""
    source_name: str
    line: int
    """The line of its ``def`` keyword."""
    code: types.CodeType
    """The compiled builder program: a module defining the wrapper ``__tvm_make``."""
    helpers: Tuple[str, ...]
    """Generated helpers, as the wrapper returns them: annotation helpers, then ``__tvm_body``."""
    captures: Tuple[str, ...]
    """Original names preserved as wrapper parameters whose defaults are definition values (for
    a late-binding or non-hygienic macro: the names the environment at each call may supply)."""
    const_args_name: Optional[str] = None
    """JIT construction: the fresh name of the ``const_args`` mapping in the generated code."""

    def code_objects(self) -> Iterator[types.CodeType]:
        """The wrapper's code and every helper's, nested ones included."""
        pending = [self.code]
        while pending:
            code = pending.pop()
            yield code
            pending.extend(c for c in code.co_consts if isinstance(c, types.CodeType))

    def helper_code(self, name: str) -> types.CodeType:
        """The code object of generated helper ``name`` (KeyError when there is none)."""
        for code in self.code_objects():
            if code.co_name == name and code.co_qualname == f"{MAKE}.<locals>.{name}":
                return code
        raise KeyError(name)

    def owns(self, code: types.CodeType) -> bool:
        """Whether ``code`` (say, a traceback frame's) was generated for this definition."""
        return any(code is c for c in self.code_objects())


__all__ = ["GeneratedBuilder", "MAKE"]
