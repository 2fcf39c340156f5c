"""How the reference implementation reads one TVMScript file (runs in the oracle venv only).

The reference finds a decorated definition's source through ``inspect``, so a program must be a
real file, imported as a module of its own. A print whose namespace import is only a comment
(our goldens, the reference's own prints) gets ``T`` and ``I`` through the module's namespace
before it runs, as our corpus harness passes them in ``extra_vars``.
"""

from __future__ import annotations

import importlib.util
import itertools
import pathlib
import re
import sys
from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple

import tvm_ffi
from tvm_tirx.ir import IRModule
from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T
from tvm_tirx.tirx import Function

MAX_MESSAGE_CHARS = 1500
_ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")
_MODULE_NUMBERS = itertools.count()


@dataclass
class Reading:
    """The reference's answer for one file: its definition, or the error it raised."""

    definition: Any = None
    error: Optional[Dict[str, str]] = None

    @property
    def accepted(self) -> bool:
        return self.error is None


def sanitize(message: str, replacements: Dict[str, str]) -> str:
    """The message without what differs from run to run (temporary paths, addresses), cut to
    a size that keeps the records small."""
    for old, new in replacements.items():
        message = message.replace(old, new)
    message = _ADDRESS.sub("0x...", message)
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[:MAX_MESSAGE_CHARS] + " [...]"
    return message


def _error(exc: BaseException, replacements: Dict[str, str]) -> Dict[str, str]:
    return {"class": type(exc).__name__, "message": sanitize(str(exc), replacements)}


def _definitions_of(module: Any) -> list:
    return [value for name, value in vars(module).items()
            if not name.startswith("_") and isinstance(value, (Function, IRModule))]


def read_file(path: pathlib.Path, *, provide_namespaces: bool,
              replacements: Dict[str, str]) -> Reading:
    """Imports ``path`` as a fresh module and returns its one decorated definition.

    A file with no definition, or more than one, is an error of class ``DefinitionCount``
    (the corpus's rule: one definition per program)."""
    name = f"oracle_program_{next(_MODULE_NUMBERS)}"
    spec = importlib.util.spec_from_file_location(name, str(path))
    module = importlib.util.module_from_spec(spec)
    if provide_namespaces:
        module.T, module.I = T, I
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 - every failure of the reference is data
        return Reading(error=_error(exc, replacements))
    finally:
        del sys.modules[name]
    found = _definitions_of(module)
    if len(found) != 1:
        return Reading(error={"class": "DefinitionCount",
                              "message": f"found {len(found)} decorated definitions"})
    return Reading(definition=found[0])


def script_of(definition: Any, replacements: Dict[str, str]) -> Tuple[Optional[str], Any]:
    """``(text, None)``: the reference's print of a definition (``.script()`` plus a final
    newline, as our goldens hold it); ``(None, error)`` when printing raised."""
    try:
        return definition.script() + "\n", None
    except Exception as exc:  # noqa: BLE001
        return None, _error(exc, replacements)


def first_mismatch(lhs: Any, rhs: Any) -> Optional[str]:
    """None when the two are structurally equal by the reference's own equality, else the
    access path of their first mismatch (on the left side)."""
    if tvm_ffi.structural_equal(lhs, rhs):
        return None
    try:
        mismatch = tvm_ffi.get_first_structural_mismatch(lhs, rhs)
    except Exception:  # noqa: BLE001 - the verdict stands without its path
        return "<unknown>"
    return str(mismatch[0]) if mismatch is not None else "<unknown>"


__all__ = ["MAX_MESSAGE_CHARS", "Reading", "first_mismatch", "read_file", "sanitize",
           "script_of"]
