"""Random, well-formed TIRx functions for property tests.

``RandomFunction(seed).build(suffix)`` makes the same function for the same seed every time,
from fresh objects; ``suffix`` renames every variable (an alpha-renamed copy). The functions
use every statement kind the printer and the structural utilities must handle: nested loops
of every kind, stores and loads, bindings, conditionals, while loops, asserts, evaluations,
allocations, casts, selects, lets and intrinsic calls.
"""

from __future__ import annotations

import random
from typing import Callable, List, Sequence

import tvm_tirx
from tvm_tirx import ForKind
from tvm_tirx.ir import Expr, PrimType, TensorType, Var

I32 = "int32"
F32 = "float32"


class RandomFunction:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def build(self, suffix: str = "") -> tvm_tirx.Function:
        return _Builder(random.Random(self.seed), suffix).function()


class _Builder:
    def __init__(self, rng: random.Random, suffix: str) -> None:
        self.rng = rng
        self.suffix = suffix
        self.counter = 0
        self.ints: List[Var] = []  # int32 variables in scope
        self.tensors: List[Var] = []  # 1-d float32 tensors in scope
        self.depth = 0

    # ---- names and constants ---------------------------------------------------------------

    def var(self, stem: str, ty: object) -> Var:
        self.counter += 1
        return Var(f"{stem}{self.counter}{self.suffix}", ty)

    def int_const(self, low: int = 0, high: int = 16) -> Expr:
        return tvm_tirx.make_const(I32, self.rng.randint(low, high))

    def float_const(self) -> Expr:
        return tvm_tirx.make_const(F32, self.rng.choice([0.0, 0.5, 1.0, 2.0, -3.25]))

    # ---- expressions -----------------------------------------------------------------------

    def index(self) -> Expr:
        choice = self.rng.random()
        if not self.ints or choice < 0.2:
            return self.int_const(0, 3)
        base = self.rng.choice(self.ints)
        if choice < 0.6:
            return base
        op = self.rng.choice([lambda a, b: a + b, lambda a, b: a * b, lambda a, b: a - b])
        return op(base, self.int_const(1, 4))

    def value(self, depth: int = 0) -> Expr:
        kind = self.rng.random()
        if depth >= 3 or kind < 0.25:
            return self.leaf()
        if kind < 0.6:
            op = self.rng.choice(
                [
                    lambda a, b: a + b,
                    lambda a, b: a - b,
                    lambda a, b: a * b,
                    # The raw node: `x / 0.0` is IR the `/` builder rejects, and the
                    # printer must still write it so that it reads back.
                    tvm_tirx.Div,
                    tvm_tirx.max,
                    tvm_tirx.min,
                ]
            )
            return op(self.value(depth + 1), self.value(depth + 1))
        if kind < 0.7:
            cond = self.condition()
            return tvm_tirx.Select(cond, self.value(depth + 1), self.value(depth + 1))
        if kind < 0.8:
            return self.rng.choice([tvm_tirx.exp, tvm_tirx.sqrt, tvm_tirx.fabs])(
                self.value(depth + 1)
            )
        if kind < 0.9 and self.ints:
            return tvm_tirx.cast(F32, self.rng.choice(self.ints))
        bound = self.var("t", PrimType(F32))
        return tvm_tirx.Let(bound, self.value(depth + 1), bound * self.value(depth + 1))

    def leaf(self) -> Expr:
        if self.tensors and self.rng.random() < 0.6:
            return tvm_tirx.TensorLoad(self.rng.choice(self.tensors), [self.index()])
        return self.float_const()

    def condition(self) -> Expr:
        cmp = self.rng.choice([lambda a, b: a < b, lambda a, b: a >= b, tvm_tirx.equal])
        return cmp(self.index(), self.int_const())

    # ---- statements ------------------------------------------------------------------------

    def block(self, count: int) -> tvm_tirx.Stmt:
        stmts = [self.stmt() for _ in range(count)]
        return stmts[0] if len(stmts) == 1 else tvm_tirx.SeqStmt(stmts)

    def scoped(self, extra_ints: Sequence[Var], make: Callable[[], tvm_tirx.Stmt]):
        saved_ints, saved_tensors = list(self.ints), list(self.tensors)
        self.ints.extend(extra_ints)
        self.depth += 1
        try:
            return make()
        finally:
            self.depth -= 1
            self.ints, self.tensors = saved_ints, saved_tensors

    def stmt(self) -> tvm_tirx.Stmt:
        kinds = ["store", "store", "bind", "assert", "evaluate"]
        if self.depth < 3:
            kinds += ["for", "for", "if", "while", "alloc"]
        return getattr(self, "make_" + self.rng.choice(kinds))()

    def make_store(self) -> tvm_tirx.Stmt:
        return tvm_tirx.TensorStore(self.rng.choice(self.tensors), [self.index()], self.value())

    def make_for(self) -> tvm_tirx.Stmt:
        loop_var = self.var("i", PrimType(I32))
        kind = self.rng.choice(list(ForKind))
        extent = self.rng.choice(self.ints[:1] or [None]) if self.rng.random() < 0.5 else None
        end = extent if extent is not None else self.int_const(1, 64)
        body = self.scoped([loop_var], lambda: self.block(self.rng.randint(1, 2)))
        tag = "threadIdx.x" if kind == ForKind.THREAD_BINDING else ""
        return tvm_tirx.For(loop_var, 0, end, body, kind=kind, thread_tag=tag)

    def make_if(self) -> tvm_tirx.Stmt:
        cond = self.condition()
        then_case = self.scoped([], lambda: self.block(1))
        else_case = self.scoped([], lambda: self.block(1)) if self.rng.random() < 0.5 else None
        return tvm_tirx.IfThenElse(cond, then_case, else_case)

    def make_while(self) -> tvm_tirx.Stmt:
        return tvm_tirx.While(self.condition(), self.scoped([], lambda: self.block(1)))

    def make_bind(self) -> tvm_tirx.Stmt:
        bound = self.var("x", PrimType(I32))
        stmt = tvm_tirx.Bind(bound, self.index() + 1)
        self.ints.append(bound)
        return stmt

    def make_assert(self) -> tvm_tirx.Stmt:
        return tvm_tirx.AssertStmt(self.condition(), "RuntimeError", ["index out of range"])

    def make_evaluate(self) -> tvm_tirx.Stmt:
        return tvm_tirx.Evaluate(self.value())

    def make_alloc(self) -> tvm_tirx.Stmt:
        extent = self.rng.choice(self.ints[:1] or [self.int_const(1, 32)])
        tensor = self.var("T", TensorType(F32, [extent]))
        self.tensors.append(tensor)
        return tvm_tirx.AllocTensor(tensor)

    # ---- the function ----------------------------------------------------------------------

    def function(self) -> tvm_tirx.Function:
        n = self.var("n", PrimType(I32))
        tensors = [self.var("A", TensorType(F32, [n])) for _ in range(self.rng.randint(1, 3))]
        self.tensors.extend(tensors)
        self.ints.append(n)
        params = list(tensors)
        if self.rng.random() < 0.5:
            scalar = self.var("s", PrimType(I32))
            params.append(scalar)
            self.ints.append(scalar)
        body = self.block(self.rng.randint(1, 4))
        private = self.rng.random() < 0.2
        attrs = {} if private else {"global_symbol": "f"}
        return tvm_tirx.Function(params, body, attrs=attrs, is_private=private)
