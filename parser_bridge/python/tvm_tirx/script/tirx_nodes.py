"""The IR's expression node classes as raw constructors of ``T``: ``T.Add(a, b)``, ``T.EQ(a, b)``,
``T.Not(a)``, ... build exactly that node, with no folding and no implicit conversion, as the
reference's namespace does (issue 10, item 3). The printer writes them where an operator would
not read back as built: ``T.Add(2147483647, 1)`` of two int32 constants, which ``+`` would fold
again (docs/printer.md). A literal operand adopts the other operand's type (``T.Add(x, 1)``).
"""

from __future__ import annotations

from typing import Any

from .. import (
    Add as _Add,
    And as _And,
    BitwiseAnd as _BitwiseAnd,
    BitwiseNot as _BitwiseNot,
    BitwiseOr as _BitwiseOr,
    BitwiseXor as _BitwiseXor,
    Div as _Div,
    EQ as _EQ,
    FloorDiv as _FloorDiv,
    FloorMod as _FloorMod,
    GE as _GE,
    GT as _GT,
    LE as _LE,
    LShift as _LShift,
    LT as _LT,
    Max as _Max,
    Min as _Min,
    Mod as _Mod,
    Mul as _Mul,
    NE as _NE,
    Not as _Not,
    Or as _Or,
    RShift as _RShift,
    Sub as _Sub,
)
from .tirx_types import adopt_literal as _adopt
from .tirx_types import default_typed as _default_typed


def _binary(node: Any, name: str, meaning: str) -> Any:
    def construct(a: Any, b: Any, loc: Any = None) -> Any:
        return node(_default_typed(_adopt(a, b)), _default_typed(_adopt(b, a)))
    construct.__name__ = construct.__qualname__ = name
    construct.__doc__ = f"``T.{name}(a, b)``: the {meaning} node itself, unfolded."
    return construct


def _unary(node: Any, name: str, meaning: str) -> Any:
    def construct(a: Any, loc: Any = None) -> Any:
        return node(_default_typed(a))
    construct.__name__ = construct.__qualname__ = name
    construct.__doc__ = f"``T.{name}(a)``: the {meaning} node itself, unfolded."
    return construct


Add = _binary(_Add, "Add", "addition")
Sub = _binary(_Sub, "Sub", "subtraction")
Mul = _binary(_Mul, "Mul", "multiplication")
Div = _binary(_Div, "Div",
              "division (`a / b` of floats, the truncating division of integers)")
Mod = _binary(_Mod, "Mod", "truncated remainder (`T.truncmod`)")
FloorDiv = _binary(_FloorDiv, "FloorDiv", "floor division (`//`)")
FloorMod = _binary(_FloorMod, "FloorMod", "floor remainder (`%`)")
Min = _binary(_Min, "Min", "minimum")
Max = _binary(_Max, "Max", "maximum")
EQ = _binary(_EQ, "EQ", "`==` comparison")
NE = _binary(_NE, "NE", "`!=` comparison")
LT = _binary(_LT, "LT", "`<` comparison")
LE = _binary(_LE, "LE", "`<=` comparison")
GT = _binary(_GT, "GT", "`>` comparison")
GE = _binary(_GE, "GE", "`>=` comparison")
And = _binary(_And, "And", "logical and")
Or = _binary(_Or, "Or", "logical or")
BitwiseAnd = _binary(_BitwiseAnd, "BitwiseAnd", "bitwise and (`&`)")
BitwiseOr = _binary(_BitwiseOr, "BitwiseOr", "bitwise or (`|`)")
BitwiseXor = _binary(_BitwiseXor, "BitwiseXor", "bitwise xor (`^`)")
LShift = _binary(_LShift, "LShift", "left shift (`<<`)")
RShift = _binary(_RShift, "RShift", "right shift (`>>`)")
Not = _unary(_Not, "Not", "logical not")
BitwiseNot = _unary(_BitwiseNot, "BitwiseNot", "bitwise not (`~`)")

MEMBERS = ("Add", "And", "BitwiseAnd", "BitwiseNot", "BitwiseOr", "BitwiseXor", "Div", "EQ",
           "FloorDiv", "FloorMod", "GE", "GT", "LE", "LShift", "LT", "Max", "Min", "Mod", "Mul",
           "NE", "Not", "Or", "RShift", "Sub")
"""The ``T`` constructors this module defines (tirx.py's ``__member_kinds__`` lists them)."""
