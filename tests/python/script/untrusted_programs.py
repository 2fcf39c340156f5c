"""Random untrusted TVMScript files over the whole Python grammar, for the fuzzer of untrusted
programs (scripts/fuzz_untrusted.py, tests/python/script/test_fuzz_untrusted.py; issue 22,
item 6).

``program(seed, names, canary)`` builds ``ast`` nodes of every statement and expression kind
(the tables ``STATEMENTS`` and ``EXPRESSIONS`` name them; a test checks they cover
``ast``'s), over the names a file can reach: the namespaces ``T``/``Ts``/``I`` and their
members from the member catalog, IR values (the parameters), the file's macro, builtins pure
and not, dunder names, internal names of the namespace modules, literals small and large. It
places them where an untrusted file is evaluated (bodies of functions, S-TIR functions, module
members and macros, macro defaults, header and parameter annotations, decorator options,
lambdas, module-level code) and unparses the module with ``ast.unparse``. ``canary`` is a
path a program may name (``open(canary, "w")``, ``touch``), and ``untrusted_state.MARKER`` an
attribute it may store. The same seed gives the same text.
"""

from __future__ import annotations

import ast
import random
from dataclasses import dataclass
from typing import Callable, Dict, List, Sequence

from untrusted_state import MARKER

HEADER = ("from tvm_tirx.script import tirx as T\nfrom tvm_tirx.script import s_tir as Ts\n"
          "from tvm_tirx.script import ir as I\n")

RARE = frozenset(("AsyncFunctionDef", "AsyncFor", "AsyncWith", "Await", "Yield", "YieldFrom",
                  "Global", "Nonlocal", "Break", "Continue", "Return", "TryStar", "NamedExpr"))
"""Node types that are syntax errors in most places they would land."""

BUILTINS = ("range", "len", "zip", "enumerate", "min", "max", "abs", "sum", "sorted", "list",
            "tuple", "dict", "int", "float", "str", "bool", "isinstance", "reversed", "open",
            "exec", "eval", "__import__", "getattr", "setattr", "vars", "globals", "type",
            "object", "compile", "print", "iter", "next", "hash", "id", "super", "memoryview")
DUNDERS = ("__class__", "__dict__", "__globals__", "__builtins__", "__getattr__", "__init__",
           "__subclasses__", "__mro__", "__base__", "__code__", "__defaults__", "__self__",
           "__module__", "__spec__", "__member_kinds__", "__member_aliases__",
           "__tvm_script_members__", "__call__", "__add__", "__iter__", "__index__",
           "__format__", "__eq__", "__hash__", "__bool__", "__getitem__", "__reduce_ex__")
INTERNALS = ("decl_function", "IRBuilder", "IRModuleFrame", "register_namespace",
             "_register_namespace", "_tirx", "builtins", "sys", "tvm_ffi", "function_",
             "emit_", "let_", "range_", "macro", "function", "pyfunc", "gi_frame", "f_back",
             "f_builtins", "f_globals", "modules", "system", "load_module", MARKER)
IR_FIELDS = ("shape", "dtype", "data", "name", "strides", "elem_offset", "lanes", "value")
LOCALS = ("A", "B", "n", "i", "x", "v", "store", "Module", "_", "__builtins__")


@dataclass
class Names:
    """What a program may name: the namespaces' members (from the member catalog)."""

    members: Dict[str, Sequence[str]]

    @staticmethod
    def from_catalog() -> "Names":
        from tvm_tirx.script.parser.protocol_registry import namespace_members

        return Names({alias: tuple(m.name for m in namespace_members(root))
                      for alias, root in (("T", "tirx"), ("Ts", "s_tir"), ("I", "ir"))})


class _Builder:
    """Random nodes for one program."""

    def __init__(self, rng: random.Random, names: Names, canary: str) -> None:
        self.rng = rng
        self.names = names
        self.canary = canary
        self.headers: Dict[str, str] = {}
        """Function name -> the text of its header symbol's annotation."""

    # --- atoms ----------------------------------------------------------------------------

    def pick(self, options: Sequence[str]) -> str:
        return options[self.rng.randrange(len(options))]

    def name(self) -> ast.expr:
        roll = self.rng.random()
        if roll < 0.45:
            return ast.Name(self.pick(("T", "Ts", "I")), ast.Load())
        if roll < 0.8:
            return ast.Name(self.pick(LOCALS), ast.Load())
        return ast.Name(self.pick(BUILTINS), ast.Load())

    def attribute_name(self, receiver: ast.expr) -> str:
        roll = self.rng.random()
        if isinstance(receiver, ast.Name) and receiver.id in self.names.members and roll < 0.7:
            return self.pick(self.names.members[receiver.id])
        if roll < 0.8:
            return self.pick(INTERNALS)
        if roll < 0.9:
            return self.pick(DUNDERS)
        return self.pick(IR_FIELDS)

    def constant(self) -> ast.expr:
        roll = self.rng.random()
        if roll < 0.4:
            return ast.Constant(self.rng.choice((0, 1, 2, 4, 8, -1, 16, 3)))
        if roll < 0.5:
            return ast.Constant(self.rng.choice((10 ** 9, 2 ** 64, 10 ** 12, 1.5, -0.0)))
        if roll < 0.7:
            return ast.Constant(self.rng.choice((self.canary, "w", "int32", "float16", "k",
                                                 f"touch {self.canary}", "{0.__class__}")))
        return ast.Constant(self.rng.choice((None, True, False, b"x", ...)))

    def atom(self) -> ast.expr:
        roll = self.rng.random()
        if roll < 0.35:
            return self.name()
        if roll < 0.75:
            receiver = self.name()
            return ast.Attribute(receiver, self.attribute_name(receiver), ast.Load())
        return self.constant()

    # --- expressions ----------------------------------------------------------------------

    def expr(self, depth: int) -> ast.expr:
        if depth <= 0 or self.rng.random() < 0.25:
            return self.atom()
        return EXPRESSIONS[self.kind(EXPRESSIONS)](self, depth - 1)

    def exprs(self, depth: int, most: int = 3) -> List[ast.expr]:
        return [self.expr(depth) for _ in range(self.rng.randrange(most + 1))]

    def target(self, depth: int) -> ast.expr:
        """A store target: mostly a name, else an attribute, subscript, tuple or starred."""
        roll = self.rng.random()
        if roll < 0.5:
            return ast.Name(self.pick(("x", "i", "v", "_", "n", "T", "len")), ast.Store())
        if roll < 0.75:
            receiver = self.name()
            name = MARKER if self.rng.random() < 0.5 else self.attribute_name(receiver)
            return ast.Attribute(receiver, name, ast.Store())
        if roll < 0.87:
            return ast.Subscript(self.expr(depth), self.expr(depth), ast.Store())
        if roll < 0.95:
            return ast.Tuple([self.target(0), self.target(0)], ast.Store())
        return ast.Tuple([ast.Name("x", ast.Store()),
                          ast.Starred(self.target(0), ast.Store())], ast.Store())

    def single_target(self, depth: int) -> ast.expr:
        """A target that is no tuple (augmented and annotated assignments)."""
        while True:
            target = self.target(depth)
            if not isinstance(target, ast.Tuple):
                return target

    def comprehension(self, depth: int) -> List[ast.comprehension]:
        return [ast.comprehension(self.target(depth), self.iterable(depth),
                                  self.exprs(depth, 1), 0)
                for _ in range(1 + (self.rng.random() < 0.3))]

    def iterable(self, depth: int) -> ast.expr:
        """What a comprehension or loop runs over: often a short literal list, so that what
        its targets store is reached."""
        if self.rng.random() < 0.5:
            return ast.List([self.atom() for _ in range(1 + self.rng.randrange(2))], ast.Load())
        return self.expr(depth)

    def arguments(self, depth: int) -> ast.arguments:
        args = [ast.arg(self.pick(("x", "y", "v", "f", "__builtins__")))
                for _ in range(self.rng.randrange(3))]
        args = list({a.arg: a for a in args}.values())
        defaults = [self.expr(depth) for _ in args[:self.rng.randrange(len(args) + 1)]]
        return ast.arguments([], args, None, [], [], None, defaults)

    # --- statements -----------------------------------------------------------------------

    def block(self, depth: int, most: int = 3) -> List[ast.stmt]:
        body = [self.stmt(depth) for _ in range(1 + self.rng.randrange(most))]
        return body

    def stmt(self, depth: int) -> ast.stmt:
        if depth <= 0:
            return ast.Expr(self.expr(1)) if self.rng.random() < 0.5 else \
                ast.Assign([self.target(0)], self.expr(1))
        return STATEMENTS[self.kind(STATEMENTS)](self, depth - 1)

    def kind(self, table: Dict[str, Callable]) -> str:
        """A node type of ``table``; those valid in few contexts only rarely (most programs
        should compile, so that what they say is evaluated)."""
        names = [n for n in table if (n in RARE) == (self.rng.random() < 0.05)]
        return self.pick(names or tuple(table))


def _call(b: _Builder, d: int) -> ast.expr:
    keywords = [ast.keyword(b.pick(("key", "dtype", "span", "resolver", "start")), b.expr(d))
                for _ in range(b.rng.random() < 0.3)]
    return ast.Call(b.expr(d), b.exprs(d), keywords)


def _fstring(b: _Builder, d: int) -> ast.expr:
    spec = ast.JoinedStr([ast.Constant(">4")]) if b.rng.random() < 0.3 else None
    return ast.JoinedStr([ast.Constant("v="), ast.FormattedValue(b.expr(d), -1, spec)])


EXPRESSIONS: Dict[str, Callable[[_Builder, int], ast.expr]] = {
    "BoolOp": lambda b, d: ast.BoolOp(b.rng.choice((ast.And(), ast.Or())), [b.expr(d), b.expr(d)]),
    "NamedExpr": lambda b, d: ast.NamedExpr(ast.Name("x", ast.Store()), b.expr(d)),
    "BinOp": lambda b, d: ast.BinOp(b.expr(d), b.rng.choice(
        (ast.Add(), ast.Sub(), ast.Mult(), ast.Pow(), ast.LShift(), ast.Mod(), ast.FloorDiv(),
         ast.MatMult(), ast.BitOr())), b.expr(d)),
    "UnaryOp": lambda b, d: ast.UnaryOp(b.rng.choice((ast.Not(), ast.USub(), ast.Invert())),
                                        b.expr(d)),
    "Lambda": lambda b, d: ast.Lambda(b.arguments(d), b.expr(d)),
    "IfExp": lambda b, d: ast.IfExp(b.expr(d), b.expr(d), b.expr(d)),
    "Dict": lambda b, d: ast.Dict([b.expr(d)], [b.expr(d)]),
    "Set": lambda b, d: ast.Set([b.expr(d)]),
    "ListComp": lambda b, d: ast.ListComp(b.expr(d), b.comprehension(d)),
    "SetComp": lambda b, d: ast.SetComp(b.expr(d), b.comprehension(d)),
    "DictComp": lambda b, d: ast.DictComp(b.expr(d), b.expr(d), b.comprehension(d)),
    "GeneratorExp": lambda b, d: ast.GeneratorExp(b.expr(d), b.comprehension(d)),
    "Await": lambda b, d: ast.Await(b.expr(d)),
    "Yield": lambda b, d: ast.Yield(b.expr(d)),
    "YieldFrom": lambda b, d: ast.YieldFrom(b.expr(d)),
    "Compare": lambda b, d: ast.Compare(b.expr(d), [b.rng.choice(
        (ast.Eq(), ast.Lt(), ast.In(), ast.Is(), ast.NotIn()))], [b.expr(d)]),
    "Call": _call,
    "JoinedStr": _fstring,
    "Constant": lambda b, d: b.constant(),
    "Attribute": lambda b, d: ast.Attribute(b.expr(d), b.attribute_name(b.name()), ast.Load()),
    "Subscript": lambda b, d: ast.Subscript(b.expr(d), b.expr(d), ast.Load()),
    "Starred": lambda b, d: ast.Call(b.expr(d), [ast.Starred(b.expr(d), ast.Load())], []),
    "Name": lambda b, d: b.name(),
    "List": lambda b, d: ast.List(b.exprs(d), ast.Load()),
    "Tuple": lambda b, d: ast.Tuple(b.exprs(d), ast.Load()),
    "Slice": lambda b, d: ast.Subscript(b.expr(d), ast.Slice(b.expr(d), b.expr(d)), ast.Load()),
}
"""A maker per expression node type of ``ast`` (FormattedValue inside JoinedStr)."""


def _with(b: _Builder, d: int, node=ast.With) -> ast.stmt:
    var = b.target(d) if b.rng.random() < 0.6 else None
    return node([ast.withitem(b.expr(d), var)], b.block(d))


def _function(b: _Builder, d: int, node=ast.FunctionDef) -> ast.stmt:
    return node("poke", b.arguments(d), b.block(d), [], None)


def _match(b: _Builder, d: int) -> ast.stmt:
    pattern = b.rng.choice((ast.MatchValue(ast.Attribute(ast.Name("T", ast.Load()), "int32",
                                                          ast.Load())),
                            ast.MatchAs(None, "x"), ast.MatchClass(b.name(), [], [], [])))
    return ast.Match(b.expr(d), [ast.match_case(pattern, None, b.block(d))])


def _try(b: _Builder, d: int, node=ast.Try) -> ast.stmt:
    handler = ast.ExceptHandler(b.expr(0), b.pick(("e", "x")), b.block(d))
    return node(b.block(d), [handler], [], b.block(d, 1) if b.rng.random() < 0.3 else [])


STATEMENTS: Dict[str, Callable[[_Builder, int], ast.stmt]] = {
    "FunctionDef": _function,
    "AsyncFunctionDef": lambda b, d: _function(b, d, ast.AsyncFunctionDef),
    "ClassDef": lambda b, d: ast.ClassDef("Poke", [b.expr(d)], [], b.block(d), []),
    "Return": lambda b, d: ast.Return(b.expr(d)),
    "Delete": lambda b, d: ast.Delete([b.target(d)]),
    "Assign": lambda b, d: ast.Assign([b.target(d)], b.expr(d)),
    "AugAssign": lambda b, d: ast.AugAssign(b.single_target(d), ast.Add(), b.expr(d)),
    "AnnAssign": lambda b, d: ast.AnnAssign(b.single_target(d), b.expr(d), b.expr(d), 0),
    "For": lambda b, d: ast.For(b.target(d), b.iterable(d), b.block(d), []),
    "AsyncFor": lambda b, d: ast.AsyncFor(b.target(d), b.expr(d), b.block(d), []),
    "While": lambda b, d: ast.While(b.expr(d), b.block(d), []),
    "If": lambda b, d: ast.If(b.expr(d), b.block(d), b.block(d, 1) if b.rng.random() < 0.4
                              else []),
    "With": _with,
    "AsyncWith": lambda b, d: _with(b, d, ast.AsyncWith),
    "Match": _match,
    "Raise": lambda b, d: ast.Raise(b.expr(d), None),
    "Try": _try,
    "TryStar": lambda b, d: _try(b, d, ast.TryStar),
    "Assert": lambda b, d: ast.Assert(b.expr(d), b.expr(d)),
    "Import": lambda b, d: ast.Import([ast.alias(b.pick(("os", "builtins", "tvm_tirx")))]),
    "ImportFrom": lambda b, d: ast.ImportFrom("tvm_tirx.script.parser",
                                              [ast.alias("register_namespace")], 0),
    "Global": lambda b, d: ast.Global([b.pick(("T", "x"))]),
    "Nonlocal": lambda b, d: ast.Nonlocal(["x"]),
    "Expr": lambda b, d: ast.Expr(b.expr(d)),
    "Pass": lambda b, d: ast.Pass(),
    "Break": lambda b, d: ast.Break(),
    "Continue": lambda b, d: ast.Continue(),
}
"""A maker per statement node type of ``ast``."""


# --- where the generated code sits ---------------------------------------------------------

def _tensor_param(name: str, dtype: str = "int32") -> ast.arg:
    return ast.arg(name, ast.parse(f"T.Tensor((4,), T.{dtype})", mode="eval").body)


def _decorated(name: str, decorator: str, params: List[ast.arg], body: List[ast.stmt],
               defaults: Sequence[ast.expr] = ()) -> ast.FunctionDef:
    return ast.FunctionDef(name, ast.arguments([], params, None, [], [], None, list(defaults)),
                           body, [ast.parse(decorator, mode="eval").body], None)


def _tail() -> List[ast.stmt]:
    return [ast.parse("A[0] = 1").body[0]]


def _definition(b: _Builder, index: int, depth: int) -> ast.stmt:
    """One definition holding generated code at a random place."""
    place = b.rng.randrange(9)
    params = [_tensor_param("A"), _tensor_param("B", "float16")]
    name = f"f{index}"
    if place <= 2:  # a body
        decorator = ("T.function", "Ts.prim_func", "T.macro")[place]
        return _decorated(name if place < 2 else "store", decorator, params,
                          b.block(depth) + _tail())
    if place == 3:  # a macro default, never called
        return _decorated("unused", "T.macro", [ast.arg("v")], [ast.Pass()], [b.expr(depth)])
    if place == 4:  # a parameter annotation
        return _decorated(name, "T.function", [ast.arg("A", b.expr(depth))], [ast.Pass()])
    if place == 5:  # a decorator option
        node = _decorated(name, "T.function", params, _tail())
        node.decorator_list = [ast.Call(ast.parse("T.function", mode="eval").body, [],
                                        [ast.keyword("private", b.expr(depth))])]
        return node
    if place == 6:  # module-level code: what a module may hold
        while True:
            node = b.stmt(depth)
            if not isinstance(node, (ast.Return, ast.Break, ast.Continue, ast.Nonlocal)):
                return node
    if place == 7:  # a module member
        member = _decorated("main", "T.function", params, b.block(depth) + _tail())
        return ast.ClassDef("Module", [], [], [member],
                            [ast.parse("I.ir_module", mode="eval").body])
    # A header symbol (``def f[n: ...]``, which ``ast`` of Python 3.11 cannot hold): the
    # name carries a mark that ``program`` replaces in the text.
    b.headers[f"header{index}"] = ast.unparse(b.expr(depth))
    return _decorated(f"header{index}", "T.function", params, b.block(depth) + _tail())


def program(seed: int, names: Names, canary: str, depth: int = 3) -> str:
    """The text of the untrusted file of ``seed``."""
    rng = random.Random(seed)
    builder = _Builder(rng, names, canary)
    for _ in range(20):
        body = [_definition(builder, k, depth) for k in range(1 + rng.randrange(3))]
        try:
            text = ast.unparse(ast.fix_missing_locations(ast.Module(body, [])))
        except (ValueError, TypeError, AttributeError, RecursionError):
            builder.headers.clear()
            continue  # a combination ast.unparse cannot write: draw again
        for name, annotation in builder.headers.items():
            text = text.replace(f"def {name}(", f"def {name}[n: {annotation}](")
        return HEADER + "\n\n" + text + "\n"
    return HEADER


__all__ = ["EXPRESSIONS", "HEADER", "Names", "STATEMENTS", "program"]
