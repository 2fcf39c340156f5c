"""The typing basics of ``T``: the type a Python literal gets where the IR needs a value.

The reference types a bare literal by its Python kind (bool, int32, int64 beyond int32's range,
float32) unless an operand beside it has a type it adopts (docs/ir-typing.md). Every member
module and namespace that takes literals asks here; this module imports nothing of the
frontend's builder, so the builder and every module above it can use it.
"""

from __future__ import annotations

from typing import Any

from tvm_ffi import get_global_func

from .. import ir as _ir

_default_typed_literal = get_global_func("tirx.op.default_typed_literal")


def default_typed(value: Any) -> Any:
    """A Python literal as a constant of the type the reference gives it (bool, int32, int64
    beyond int32's range, float32; docs/ir-typing.md); anything else unchanged. Expression
    constructors (``T.Cast("int64", 3)``, ``T.Ramp(0, 1, 4)``) and the operators take literals
    so."""
    if isinstance(value, (bool, int, float)):
        return _default_typed_literal(value)
    return value


def same_typed_branches(what: str, true_value: Any, false_value: Any) -> tuple:
    """The two branches of ``what`` (``T.Select``, ``T.if_then_else``), each literal typed as the
    reference types it; TypeError when their types differ (the reference's ``T.Select`` rejects
    that too; its ``T.if_then_else`` builds an ill-typed call, which ours does not)."""
    t, f = default_typed(true_value), default_typed(false_value)
    if isinstance(t, _ir.Expr) and isinstance(f, _ir.Expr) and str(t.ty) != str(f.ty):
        literal = next((v for v in (true_value, false_value)
                        if isinstance(v, (bool, int, float))), None)
        hint = ""
        if literal is not None:
            typed = f if literal is false_value else t
            other = t if literal is false_value else f
            hint = (f" (the literal {literal!r} is {_type_name(typed)}; write "
                    f"{_type_name(other)}({literal!r}))")
        raise TypeError(f"`{what}` needs branches of one type, got `{_type_name(t)}` and "
                        f"`{_type_name(f)}`{hint}")
    return t, f


def _type_name(expr: Any) -> str:
    ty = expr.ty
    return f"T.{ty.dtype}" if isinstance(ty, _ir.PrimType) else str(ty)


def adopt_literal(value: Any, partner: Any) -> Any:
    """A Python literal as a constant of its partner expression's type (docs/ir-typing.md)."""
    if isinstance(partner, _ir.Expr) and isinstance(value, (bool, int, float)):
        return partner.ty(value)
    return value


__all__ = ["adopt_literal", "default_typed", "same_typed_branches"]
