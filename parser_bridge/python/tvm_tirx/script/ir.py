"""The shared IR script namespace, imported as ``I``: ``from tvm_tirx.script import ir as I``.

Holds what every dialect shares: symbols (``I.dynamic``), raw calls (``I.Call``), ranges and
module-level constructs.
"""

from __future__ import annotations

from .. import ir as _ir
from .tirx_builder import dynamic

NAMESPACE_PATH = "ir"

Call = _ir.Call
Range = _ir.Range
Op = _ir.Op
GlobalVar = _ir.GlobalVar

__all__ = ["Call", "GlobalVar", "Op", "Range", "dynamic"]
