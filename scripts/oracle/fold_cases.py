"""The expressions on which the reference's constant folding is recorded (record_folding.py,
with the reference) and ours is checked (tests/python/script/test_oracle_folding.py).

The reference folds while it builds: ``T.float32(2) / T.float32(4)`` is ``T.float32(0.5)``,
``x * 1`` is ``x``. A case is ``(op, left, right)``: an operator of the type records
(type_cases.py's binary and operator forms) between two atoms, each a constant or a variable
(``ATOMS``). Its answer is the built expression's print (``{"print": text}``, the expression
fragment both printers write) or ``{"error": class}``. Like type_cases.py, plain data and a
driver that imports neither implementation.
"""

from __future__ import annotations

import itertools
import operator
from typing import Any, Callable, Dict, Iterator, Tuple

from type_cases import COMPARISON_HOOKS

# name -> (dtype, value): a variable when value is None, else a constant of that dtype.
ATOMS = {
    "x": ("int32", None), "y": ("int32", None), "i0": ("int32", 0), "i1": ("int32", 1),
    "i2": ("int32", 2), "i7": ("int32", 7), "im3": ("int32", -3), "imax": ("int32", 2**31 - 1),
    "l5": ("int64", 5), "l1": ("int64", 1), "lm1": ("int64", -1), "b8": ("int8", 100),
    "u0": ("uint32", 0),
    "u3": ("uint32", 3), "f": ("float32", None), "f0": ("float32", 0.0),
    "f1": ("float32", 1.0), "f25": ("float32", 2.5), "fm15": ("float32", -1.5),
    "fbig": ("float32", 3e38), "finf": ("float32", float("inf")), "d3": ("float64", 3.0),
    "dbig": ("float64", 1e308), "h": ("float16", None), "h1": ("float16", 1.0),
    "h3": ("float16", 0.3), "t": ("bool", True), "p": ("bool", None),
}

OPERATORS = ("__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__",
             "__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__", "__and__", "__or__",
             "__xor__", "__lshift__", "__rshift__")
FUNCTIONS = ("min", "max", "truncdiv", "truncmod", "ceildiv", "floordiv", "floormod")

Case = Tuple[str, str, str]


def cases() -> Iterator[Case]:
    """Every case once, in a fixed order: each operator between every pair of atoms of one
    dtype (the only pairs both implementations build), and a variable with itself."""
    for op in OPERATORS + FUNCTIONS:
        for left, right in itertools.product(ATOMS, ATOMS):
            if ATOMS[left][0] == ATOMS[right][0]:
                yield op, left, right


def case_key(case: Case) -> str:
    op, left, right = case
    return f"{op}({left}, {right})"


def build(T: Any, make_var: Callable[[str, str], Any], case: Case,
          variables: Dict[str, Any]) -> Any:
    """The case's expression; ``variables`` keeps one variable object per atom name, so
    ``x`` meeting ``x`` is one variable."""
    op, left, right = case

    def atom(name: str) -> Any:
        dtype, value = ATOMS[name]
        if value is None:
            if name not in variables:
                variables[name] = make_var(name, dtype)
            return variables[name]
        return getattr(T, dtype)(value)

    a, b = atom(left), atom(right)
    if op in FUNCTIONS:
        return getattr(T, op)(a, b)
    hook = getattr(T, COMPARISON_HOOKS.get(op, "-"), None)
    result = hook(a, b) if hook is not None else getattr(operator, op)(a, b)
    convert = getattr(result, "__tvm_ffi_object__", None)
    return convert() if convert is not None and not hasattr(result, "ty") else result


def answer(T: Any, make_var: Callable[[str, str], Any], case: Case,
           print_expr: Callable[[Any], str]) -> Dict[str, str]:
    try:
        result = build(T, make_var, case, {})
    except Exception as error:  # noqa: BLE001 - the class is the recorded answer
        return {"error": type(error).__name__}
    if not hasattr(result, "ty"):
        return {"print": f"(not IR: {type(result).__name__})"}
    return {"print": print_expr(result)}
