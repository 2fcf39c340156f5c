"""Analyses of TIRx IR: well-formedness as a raising check and as diagnostics for tools."""

from __future__ import annotations

from typing import Any, List

from tvm_ffi import get_global_func, object_class

Diagnostic = object_class("ir.Diagnostic")

_diagnostics = get_global_func("tirx.analysis.WellFormedDiagnostics")
_check = get_global_func("tirx.analysis.CheckWellFormed")


def well_formed_diagnostics(func_or_module: Any) -> List[Any]:
    """Every well-formedness problem, as ``ir.Diagnostic`` objects with access paths."""
    return list(_diagnostics(func_or_module))


def check_well_formed(func_or_module: Any, assert_mode: bool = True) -> bool:
    """True when well-formed. Otherwise raises ValueError (the message lists every problem and
    shows the printed IR with the offending nodes underlined), or returns False when
    ``assert_mode`` is False."""
    return bool(_check(func_or_module, assert_mode))


__all__ = ["Diagnostic", "check_well_formed", "well_formed_diagnostics"]
