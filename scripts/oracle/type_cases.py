"""The operand-dtype combinations on which the type rules of the ``T`` operators are recorded
(record_types.py, with the reference) and checked (tests/python/script/test_oracle_types.py,
with ours). Plain data and a driver that works with either implementation's ``T``: it never
imports one itself, so each side passes its own namespace and variable constructor.

A case is ``(op, form, operands)``: ``form`` says how the call is made, ``operands`` are
dtype names. The answer of a case is ``{"node": class name, "dtype": result type}`` or
``{"error": exception class}``.
"""

from __future__ import annotations

import itertools
import operator
from typing import Any, Callable, Dict, Iterator, List, Tuple

DTYPES = ("bool", "int8", "int32", "int64", "uint32", "float16", "float32", "float64",
          "int32x4", "float32x4")

# form -> ops; the form decides how operands become a call (see call_case).
OPS = {
    "unary": ("abs", "isnan", "isinf", "isfinite", "log1p", "nearbyint", "popcount", "likely",
              "assume", "exp10", "clz", "bitwise_not",
              # the older float intrinsics
              "exp", "exp2", "log", "log2", "log10", "sqrt", "rsqrt", "tanh", "sigmoid", "sin",
              "cos", "tan", "erf", "fabs", "floor", "ceil", "trunc", "round",
              "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh", "logical_not",
              "isnullptr", "vector_low", "vector_high", "assume_always",
              "ignore_loop_partition"),
    "binary": ("ceildiv", "truncdiv", "truncmod", "hypot", "shift_left", "shift_right", "atan2",
               "copysign", "bitwise_and", "bitwise_or", "bitwise_xor", "ldexp",
               "min", "max", "floordiv", "floormod", "pow", "fmod", "nextafter", "logical_and",
               "logical_or", "vector_combine", "assume_aligned", "handle_add_byte_offset",
               "atomic_add"),
    # Python's operators between two variables: `x + y`, ..., keyed by the dunder's name.
    "operator": ("__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__",
                 "__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__", "__and__",
                 "__or__", "__xor__", "__lshift__", "__rshift__"),
    "ternary": ("fma",),
    "select": ("if_then_else", "select"),
    "typed_constant": ("infinity", "max_value", "min_value", "static_handle"),
    "cast_to": ("reinterpret",),
    "extern": ("call_extern", "call_pure_extern", "call_packed", "call_cpacked",
               "call_packed_lowered", "call_cpacked_lowered",
               "call_llvm_intrin", "call_llvm_pure_intrin", "undef"),
    # The runtime builtins: one operand of each dtype among fixed ones (RUNTIME_CALLS).
    "runtime": ("stack_alloca", "stack_make_shape", "stack_make_dltensor", "abi_field_get",
                "abi_field_set", "prefetch", "masked_load", "masked_store", "call_intrin"),
}

# How a "runtime" case calls its op: ``p`` is a pointer (a stack array, as both sides build it),
# ``x`` the operand of the case's dtype, ``v(name, ty)`` makes a variable of a type.
RUNTIME_CALLS = {
    "prefetch": lambda T, p, x, v: T.prefetch(p, x, 3, 1),
    # The reference's name of the float intrinsic (ours reads `prim.` as its `tirx.`).
    "call_intrin": lambda T, p, x, v: T.call_intrin("prim.exp", x, ty=T.float32),
    "masked_load": lambda T, p, x, v: T.masked_load(v("A", T.Tensor((16,), T.float32)), 0, x),
    "masked_store": lambda T, p, x, v: T.masked_store(v("A", T.Tensor((16,), T.float32)), x, 0,
                                                      v("m", "bool")),
    "stack_alloca": lambda T, p, x, v: T.stack_alloca("shape", x),
    "stack_make_shape": lambda T, p, x, v: T.stack_make_shape(x, 4),
    "stack_make_dltensor": lambda T, p, x, v: T.stack_make_dltensor(p, p, p, 1, x, 0),
    "abi_field_get": lambda T, p, x, v: T.abi_field_get(p, x, 1, ty=T.int64),
    "abi_field_set": lambda T, p, x, v: T.abi_field_set(p, 0, 1, x),
}

Case = Tuple[str, str, Tuple[str, ...]]


def cases() -> Iterator[Case]:
    """Every recorded case, in a fixed order, each once."""
    for form, ops in OPS.items():
        for op in ops:
            for operands in dict.fromkeys(_operand_lists(form)):
                yield op, form, operands


def _operand_lists(form: str) -> Iterator[Tuple[str, ...]]:
    if form in ("unary", "typed_constant", "extern", "runtime"):
        yield from ((d,) for d in DTYPES)
    elif form in ("binary", "cast_to", "operator"):
        yield from itertools.product(DTYPES, DTYPES)
    elif form == "ternary":
        # One type throughout, then float32 operands meeting a third of each type.
        yield from ((d, d, d) for d in DTYPES)
        yield from (("float32", "float32", d) for d in DTYPES)
    elif form == "select":
        # The condition's type with float32 branches, then the branch types under a bool.
        yield from ((d, "float32", "float32") for d in DTYPES)
        yield from (("bool", a, b) for a, b in itertools.product(DTYPES, DTYPES))


def case_key(case: Case) -> str:
    """``op(dtype, ...)``: the case's key in the records (an op has one form)."""
    op, _, operands = case
    return f"{op}({', '.join(operands)})"


# How a script spells each comparison when a parser turns it into a call of its own
# (ours: `x == y` in a body is the hook `T.eq_(x, y)`, since `==` on IR objects is identity).
COMPARISON_HOOKS = {"__eq__": "eq_", "__ne__": "ne_", "__lt__": "lt_", "__le__": "le_",
                    "__gt__": "gt_", "__ge__": "ge_"}


def call_case(T: Any, make_var: Callable[[str, str], Any], case: Case) -> Any:
    """Builds the case's expression with namespace ``T`` (raises what the op raises). A
    comparison goes through ``T``'s hook when it has one (``COMPARISON_HOOKS``), as a script's
    comparison does; else through Python's operator."""
    op, form, operands = case
    names = "xyz"
    args: List[Any] = [make_var(names[i], d) for i, d in enumerate(operands)]
    if form == "operator":
        hook = getattr(T, COMPARISON_HOOKS.get(op, "-"), None)
        result = hook(*args) if hook is not None else getattr(operator, op)(*args)
        # The reference's `==`/`!=` give a deferred EqualOp/NotEqualOp (for `in` and hashing):
        # the node it stands for is what a script builds.
        convert = getattr(result, "__tvm_ffi_object__", None)
        return convert() if convert is not None and not hasattr(result, "ty") else result
    fn = getattr(T, op)
    if form == "runtime":
        return RUNTIME_CALLS[op](T, T.stack_alloca("array", 1), args[0], make_var)
    if form == "typed_constant":
        return fn(ty=operands[0])
    if form == "cast_to":
        return fn(args[0], ty=getattr(T, operands[1]))
    if form == "extern":
        x = make_var("x", "int32")
        if op == "call_extern":
            return fn(operands[0], "ext_fn", x, ty=getattr(T, operands[0]))
        if op == "undef":
            return fn(ty=getattr(T, operands[0]))
        if op.startswith("call_llvm"):  # the reference looks the name up in LLVM's table
            return fn("llvm.ctpop", x, ty=getattr(T, operands[0]))
        return fn("ext_fn", x, ty=getattr(T, operands[0]))
    return fn(*args)


def answer(T: Any, make_var: Callable[[str, str], Any], case: Case,
           type_text: Callable[[Any], str]) -> Dict[str, str]:
    """The case's answer: the node class and result dtype, or the error class."""
    try:
        result = call_case(T, make_var, case)
    except Exception as error:  # noqa: BLE001 - the class is the recorded answer
        return {"error": type(error).__name__}
    if not hasattr(result, "ty"):  # not IR at all (a Python bool from `==`, say)
        return {"node": type(result).__name__, "dtype": "(no IR type)"}
    return {"node": type(result).__name__, "dtype": type_text(result)}
