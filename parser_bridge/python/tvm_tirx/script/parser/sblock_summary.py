"""What the editor shows of an S-TIR block: its header as apache-tvm 0.27 writes it, one line
per iteration variable (``vi = T.axis.spatial(128, i)``), then ``T.where``, ``T.reads`` and
``T.writes`` in full. That text is a block symbol's type (occurrences.py): hover shows it, and a
region line the source leaves out ends with ``  # inferred``, which the server shows as an inlay
hint where the block's header is (docs/lsp.md, "S-TIR blocks")."""

from __future__ import annotations

from typing import Any, List

from tvm_ffi import structural_equal

INFERRED = "  # inferred"
"""The end of a header line the source does not write (block completion inferred it)."""

_AXES = {0: "spatial", 2: "reduce", 3: "scan", 4: "opaque"}


def _constant(expr: Any) -> Any:
    value = getattr(expr, "value", None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _is_point(start: Any, end: Any) -> bool:
    """Whether ``[start, end)`` holds one element: ``end`` is ``start + 1`` (or folded so)."""
    low, high = _constant(start), _constant(end)
    if low is not None and high is not None:
        return high - low == 1
    kind = type(end).__name__
    if kind == "Add" and structural_equal(end.a, start) and _constant(end.b) == 1:
        return True
    return type(start).__name__ == "Sub" and structural_equal(start.a, end) and \
        _constant(start.b) == 1


def region_text(region: Any) -> str:
    """``A[vi, 0:16]``: a point as its index, a range as ``start:end``."""
    parts = [str(r.start) if _is_point(r.start, r.end) else f"{r.start}:{r.end}"
             for r in region.region]
    return f"{region.tensor.name}[{', '.join(parts)}]"


def _domain(iter_var: Any) -> str:
    start, end = iter_var.dom.start, iter_var.dom.end
    return str(end) if _constant(start) == 0 else f"({start}, {end})"


def block_header(realize: Any, *, reads_given: bool = True, writes_given: bool = True) -> str:
    """The block's header lines (see the module docstring)."""
    block = realize.block
    lines: List[str] = []
    for iter_var, value in zip(block.iter_vars, realize.iter_values):
        axis = _AXES.get(iter_var.kind, "opaque")
        lines.append(f"{iter_var.var.name} = T.axis.{axis}({_domain(iter_var)}, {value})")
    if _constant(realize.predicate) != 1:
        lines.append(f"T.where({realize.predicate})")
    reads = ", ".join(region_text(r) for r in block.reads)
    writes = ", ".join(region_text(r) for r in block.writes)
    lines.append(f"T.reads({reads})" + ("" if reads_given else INFERRED))
    lines.append(f"T.writes({writes})" + ("" if writes_given else INFERRED))
    return "\n".join(lines)


__all__ = ["INFERRED", "block_header", "region_text"]
