"""The expressions on which the reference's typing of Python literals is recorded
(record_literals.py, with the reference) and ours is checked
(tests/python/script/test_oracle_literals.py).

A Python literal next to an expression is typed by the reference before the operands are
matched (``x + 1`` of an int8 ``x`` is ``T.Cast("int32", x) + 1``, of a float64 ``x`` it is
``x + T.Cast("float64", 1)``), so the dtype alone does not say which program was built: the
answer is the expression's print. A case is ``(op, operands)``: an operator of fold_cases.py
between a variable (a dtype name) and a literal (a key of ``LITERALS``), on either side; or
``if_then_else`` of a bool condition with a variable and a literal branch. Its answer is
``{"print": text, "dtype": result type}`` or ``{"error": class}``. Like type_cases.py, plain
data and a driver that imports neither implementation.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Dict, Iterator, Tuple

from fold_cases import FUNCTIONS, OPERATORS
from type_cases import COMPARISON_HOOKS

DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64", "float8_e4m3fn", "int8x4", "int32x4",
          "float16x4", "float32x4")

# The literal's spelling in a case key -> its Python value.
LITERALS = {
    "0": 0, "1": 1, "-1": -1, "256": 256, "2**31-1": 2**31 - 1, "2**31": 2**31,
    "2**40": 2**40, "2**63": 2**63, "0.5": 0.5, "1.0": 1.0, "1e40": 1e40, "True": True,
    "False": False, "inf": float("inf"),
}

Case = Tuple[str, Tuple[str, ...]]


def cases() -> Iterator[Case]:
    """Every case once, in a fixed order."""
    for op in OPERATORS + FUNCTIONS:
        for dtype in DTYPES:
            for literal in LITERALS:
                yield op, (dtype, literal)
                yield op, (literal, dtype)
    for dtype in DTYPES:
        for literal in LITERALS:
            yield "if_then_else", ("bool", dtype, literal)
            yield "if_then_else", ("bool", literal, dtype)


def case_key(case: Case) -> str:
    op, operands = case
    return f"{op}({', '.join(operands)})"


def build(T: Any, make_var: Callable[[str, str], Any], case: Case) -> Any:
    """The case's expression: a dtype operand is a variable, a literal its Python value."""
    op, operands = case
    names = iter("xyz")
    args = [LITERALS[o] if o in LITERALS else make_var(next(names), o) for o in operands]
    if op == "if_then_else" or op in FUNCTIONS:
        return getattr(T, op)(*args)
    hook = getattr(T, COMPARISON_HOOKS.get(op, "-"), None)
    result = hook(*args) if hook is not None else getattr(operator, op)(*args)
    convert = getattr(result, "__tvm_ffi_object__", None)
    return convert() if convert is not None and not hasattr(result, "ty") else result


def answer(T: Any, make_var: Callable[[str, str], Any], case: Case,
           print_expr: Callable[[Any], str], type_text: Callable[[Any], str]) -> Dict[str, str]:
    try:
        result = build(T, make_var, case)
    except Exception as error:  # noqa: BLE001 - the class is the recorded answer
        return {"error": type(error).__name__}
    if not hasattr(result, "ty"):
        return {"print": f"(not IR: {type(result).__name__})", "dtype": "(no IR type)"}
    return {"print": print_expr(result), "dtype": type_text(result)}
