#!/usr/bin/env python3
"""Measures candidate speed-ups of the TVMScript frontend by monkeypatching it in this process
(benchmarks/frontend_profile_notes.md says what each is and why). The frontend sources are not
changed: each experiment is a context manager that patches and restores.

    .venv/bin/python3 benchmarks/bench_frontend_experiments.py [--lines 1000] [--runs 9]
    .venv/bin/python3 benchmarks/bench_frontend_experiments.py --instructions
    .venv/bin/python3 benchmarks/bench_frontend_experiments.py --breakdown --runs 15

First, for each experiment: the builder programs must be identical to the unpatched ones
(``ast.dump`` with positions) on the generated file and on every program of
tests/script_corpus/ (the error programs: the same error type, message and location), and the
IR structurally equal. Then the e2e time (from_source summed over the file's functions, as in
bench_frontend.py) is measured, alternating patched and unpatched runs so that both see the
same load, best of N each.

Times here are process CPU time (``time.process_time``) by default: on a shared VM the wall
clock of a run moves by 2x with other processes' load, its CPU time by about 20%, and the
comparison is between two variants of the same code. ``--clock perf`` uses the wall clock.

``--instructions`` counts instructions instead (``valgrind --tool=cachegrind``, one child process
per variant, minus a child that stops before the measured pass), which other processes' load does
not move at all; it also counts ``ast.parse`` of the file, so the e2e/ast.parse ratio comes out in
instructions too, and the cost of each part of the frontend (COSTS: the part run twice, minus a
normal run).

``--breakdown`` prints where the unpatched e2e time goes, by wrapping the frontend's functions
with timers (outermost call only; the wrappers add a few percent).
"""

from __future__ import annotations

import argparse
import ast
import collections
import contextlib
import gc
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_frontend as bench  # noqa: E402
import tvm_ffi  # noqa: E402
from tvm_tirx.script.parser import entry, transpile  # noqa: E402

_AST = ast.AST


# --- replacements (same results as what they replace) -------------------------------------------

def _children(node: _AST) -> List[_AST]:
    """The child nodes, in field order."""
    children: List[_AST] = []
    for name in node._fields:
        value = getattr(node, name, None)
        if isinstance(value, _AST):
            children.append(value)
        elif value.__class__ is list:
            children.extend(v for v in value if isinstance(v, _AST))
    return children


def fast_fix_missing_locations(root: _AST, skip: Optional[Callable[[_AST], bool]] = None
                               ) -> _AST:
    """``ast.fix_missing_locations`` as a loop over an explicit stack; it does not enter nodes
    for which ``skip(node)``. A child inherits its parent's (fixed) positions, so the order of
    visits does not matter."""
    stack = [(root, 1, 0, 1, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        node, lineno, col, end_lineno, end_col = pop()
        if skip is not None and skip(node):
            continue
        if node._attributes:
            try:
                lineno = node.lineno
            except AttributeError:
                node.lineno = lineno
            try:
                col = node.col_offset
            except AttributeError:
                node.col_offset = col
            value = getattr(node, "end_lineno", None)
            if value is None:
                node.end_lineno = end_lineno
            else:
                end_lineno = value
            value = getattr(node, "end_col_offset", None)
            if value is None:
                node.end_col_offset = end_col
            else:
                end_col = value
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, _AST):
                push((value, lineno, col, end_lineno, end_col))
            elif value.__class__ is list:
                for item in value:
                    if isinstance(item, _AST):
                        push((item, lineno, col, end_lineno, end_col))
    return root


def fast_walk(root: _AST) -> Iterator[_AST]:
    """``ast.walk`` (every node once; depth first instead of breadth first) in one generator."""
    stack = [root]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        node = pop()
        yield node
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, _AST):
                push(value)
            elif value.__class__ is list:
                extend(v for v in value if isinstance(v, _AST))


class FastUntrustedCheck:
    """entry._UntrustedCheck as one pre-order loop (the same first error: NodeVisitor is
    pre-order too, and children are pushed in reverse)."""

    def __init__(self, errors: Any) -> None:
        self.errors = errors

    def visit(self, root: _AST) -> None:
        stack = [root]
        pop = stack.pop
        name_type, attribute_type = ast.Name, ast.Attribute
        while stack:
            node = pop()
            cls = node.__class__
            if cls is name_type:
                if node.id.startswith("__"):
                    raise self.errors.at(node, f"`{node.id}` is not allowed in untrusted "
                                               "TVMScript (mark the source trusted to run "
                                               "arbitrary Python)")
                continue
            if cls is attribute_type and node.attr.startswith("_"):
                raise self.errors.at(node, f"Attribute `{node.attr}` is not allowed in "
                                           "untrusted TVMScript (mark the source trusted to run "
                                           "arbitrary Python)")
            stack.extend(reversed(_children(node)))


_LEAVES = frozenset([ast.Constant, ast.Name, ast.Load, ast.Store, ast.Del]
                    + ast.operator.__subclasses__() + ast.unaryop.__subclasses__()
                    + ast.cmpop.__subclasses__() + ast.boolop.__subclasses__())


class FastExprRewriter(transpile._ExprRewriter):
    """transpile._ExprRewriter with NodeTransformer's dispatch and walk replaced: the visit
    method is looked up once per node class, leaves (constants, names, contexts, operators)
    return at once, and children are replaced in place only when a visit changed them. The
    rewriter's visit_* methods never return None or a list, so this equals NodeTransformer."""

    _methods: Dict[type, Any] = {}

    def visit(self, node: _AST) -> Any:
        cls = node.__class__
        if cls in _LEAVES:
            return node
        try:
            method = self._methods[cls]
        except KeyError:
            method = self._methods[cls] = getattr(type(self), "visit_" + cls.__name__, None)
        if method is None:
            return self.generic_visit(node)
        return method(self, node)

    def generic_visit(self, node: _AST) -> _AST:
        visit = self.visit
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, _AST):
                new = visit(value)
                if new is not value:
                    setattr(node, name, new)
            elif value.__class__ is list:
                for i, item in enumerate(value):
                    if isinstance(item, _AST):
                        new = visit(item)
                        if new is not item:
                            value[i] = new
        return node


class _Pass:
    """What one walk of the original tree learned, for the transpile that follows it: the
    names it reads and its nodes (kept alive, so that their ids stay theirs), and the original
    nodes the rewriter then changed (a child replaced, or a changed descendant)."""

    root: Any = None
    names: frozenset = frozenset()
    originals: List[_AST] = []
    original_ids: set = set()
    dirty: set = set()


def _start_pass(root: Any) -> None:
    _Pass.root, _Pass.originals, _Pass.original_ids, _Pass.dirty = root, [], set(), set()


def _record(root: _AST, names: set, check: Any = None) -> None:
    """One pre-order walk: the untrusted check (when ``check``), names read, original nodes."""
    stack = [root]
    pop = stack.pop
    originals, ids = _Pass.originals, _Pass.original_ids
    name_type, attribute_type = ast.Name, ast.Attribute
    while stack:
        node = pop()
        originals.append(node)
        ids.add(id(node))
        cls = node.__class__
        if cls is name_type:
            if check is not None and node.id.startswith("__"):
                raise check.errors.at(node, f"`{node.id}` is not allowed in untrusted "
                                            "TVMScript (mark the source trusted to run "
                                            "arbitrary Python)")
            names.add(node.id)
        elif check is not None and cls is attribute_type and node.attr.startswith("_"):
            raise check.errors.at(node, f"Attribute `{node.attr}` is not allowed in untrusted "
                                        "TVMScript (mark the source trusted to run arbitrary "
                                        "Python)")
        stack.extend(reversed(_children(node)))


class OneWalkCheck:
    """entry._UntrustedCheck whose walk also collects the names and nodes transpile needs."""

    def __init__(self, errors: Any) -> None:
        self.errors = errors

    def visit(self, root: _AST) -> None:
        _start_pass(root)
        names: set = set()
        _record(root, names, check=self)
        _Pass.names = frozenset(names)


def one_walk_load_names(node: _AST, header: Sequence[Any] = ()) -> frozenset:
    """transpile._load_names, from the check's walk when it walked this node (untrusted
    source); otherwise one recording walk of its own."""
    if _Pass.root is not node:
        _start_pass(node)
        names: set = set()
        _record(node, names)
        _Pass.names = frozenset(names)
    names = set(_Pass.names)
    for symbol in header:
        if symbol.annotation is not None:
            _record(symbol.annotation, names)
    return frozenset(names)


class MarkingExprRewriter(FastExprRewriter):
    """FastExprRewriter that also marks the original nodes whose subtree it changed."""

    def generic_visit(self, node: _AST) -> _AST:
        visit, dirty = self.visit, _Pass.dirty
        changed = False
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, _AST):
                new = visit(value)
                if new is not value:
                    setattr(node, name, new)
                    changed = True
                elif id(value) in dirty:
                    changed = True
            elif value.__class__ is list:
                for i, item in enumerate(value):
                    if isinstance(item, _AST):
                        new = visit(item)
                        if new is not item:
                            value[i] = new
                            changed = True
                        elif id(item) in dirty:
                            changed = True
        if changed:
            dirty.add(id(node))
        return node


def fix_generated_only(root: _AST) -> _AST:
    """fast_fix_missing_locations that does not enter original subtrees the rewriter left
    alone: those came from ast.parse with every position."""
    ids, dirty = _Pass.original_ids, _Pass.dirty
    fast_fix_missing_locations(root, lambda node: id(node) in ids and id(node) not in dirty)
    _start_pass(None)  # nothing kept alive past the program
    return root


def double(function: Callable[..., Any]) -> Callable[..., Any]:
    """Calls ``function`` twice: the difference to a normal run is the cost of one call (for a
    pass that leaves what it already did unchanged)."""
    def twice(*args: Any, **kwargs: Any) -> Any:
        function(*args, **kwargs)
        return function(*args, **kwargs)
    return twice


# --- experiments --------------------------------------------------------------------------------

@contextlib.contextmanager
def patched(obj: Any, **attrs: Any) -> Iterator[None]:
    saved = {k: obj.__dict__[k] for k in attrs if k in obj.__dict__}
    for k, v in attrs.items():
        setattr(obj, k, v)
    try:
        yield
    finally:
        for k in attrs:
            if k in saved:
                setattr(obj, k, saved[k])
            else:
                delattr(obj, k)


def _keep(self: Any, node: _AST) -> _AST:
    return node


def _skip(self: Any, node: _AST) -> None:
    return None


@contextlib.contextmanager
def visitor_leaves() -> Iterator[None]:
    """Leaves the rewriter never changes return at once: ``NodeVisitor.visit_Constant`` is a
    compatibility shim (it looks up visit_Num, visit_Str, ... on every constant) and a Name's
    only child is its context."""
    with patched(transpile._ExprRewriter, visit_Constant=_keep, visit_Name=_keep,
                 visit_Load=_keep, visit_Store=_keep), \
            patched(entry._UntrustedCheck, visit_Constant=_skip, visit_Load=_skip,
                    visit_Store=_skip):
        yield


@contextlib.contextmanager
def fast_fix() -> Iterator[None]:
    """``ast.fix_missing_locations`` replaced (it is called once per builder program)."""
    with patched(ast, fix_missing_locations=fast_fix_missing_locations):
        yield


@contextlib.contextmanager
def fast_walks() -> Iterator[None]:
    """The untrusted check and the load-name walk as explicit-stack loops."""
    with patched(ast, walk=fast_walk), patched(entry, _UntrustedCheck=FastUntrustedCheck):
        yield


@contextlib.contextmanager
def fast_rewriter() -> Iterator[None]:
    """The expression rewriter with its own visit and generic_visit (FastExprRewriter)."""
    with patched(transpile, _ExprRewriter=FastExprRewriter):
        yield


@contextlib.contextmanager
def one_walk() -> Iterator[None]:
    """The untrusted check and the load-name walk as one explicit-stack walk."""
    with patched(entry, _UntrustedCheck=OneWalkCheck), \
            patched(transpile, _load_names=one_walk_load_names):
        yield


@contextlib.contextmanager
def rewriter_and_one_walk() -> Iterator[None]:
    with fast_rewriter(), one_walk():
        yield


@contextlib.contextmanager
def all_of_them() -> Iterator[None]:
    """fast-rewriter + one-walk, and fix_missing_locations only over generated nodes."""
    with patched(transpile, _ExprRewriter=MarkingExprRewriter), one_walk(), \
            patched(ast, fix_missing_locations=fix_generated_only):
        yield


@contextlib.contextmanager
def gc_off() -> Iterator[None]:
    """The cyclic GC disabled for the pass (the frontend's objects are freed by reference
    counting; only the collections' passes over every new AST node go)."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


# Costs, not speed-ups: each runs one part of the frontend twice (a part whose second run
# does the same work and changes nothing), so that the part's cost is the difference to a
# normal run. ``--instructions`` prints them as a breakdown of the e2e pass.

def _doubled(obj: Any, name: str) -> Callable[[], Any]:
    return lambda: patched(obj, **{name: double(getattr(obj, name))})


def _cost_of_check() -> Any:
    def visit(self: Any, node: _AST) -> None:
        if getattr(self, "outer_done", False):  # a nested call: once, as normal
            return ast.NodeVisitor.visit(self, node)
        self.outer_done = True
        ast.NodeVisitor.visit(self, node)
        ast.NodeVisitor.visit(self, node)

    return patched(entry._UntrustedCheck, visit=visit)


COSTS: Dict[str, Callable[[], Any]] = {
    "scan + ast.parse of the function (entry._parse_text)": _doubled(entry, "_parse_text"),
    "untrusted check (entry._UntrustedCheck)": _cost_of_check,
    "load-name walk (transpile._load_names)": _doubled(transpile, "_load_names"),
    "ast.fix_missing_locations": _doubled(ast, "fix_missing_locations"),
    "compile of the builder program and decorator": lambda: patched(
        entry, compile=double(compile)),
    "well-formedness check (entry._finish)": _doubled(entry, "_finish"),
}


EXPERIMENTS: Dict[str, Callable[[], Any]] = {
    "visitor-leaves": visitor_leaves,
    "fast-rewriter": fast_rewriter,
    "fast-walks": fast_walks,
    "one-walk": one_walk,
    "fast-fix-locations": fast_fix,
    "fast-rewriter+one-walk": rewriter_and_one_walk,
    "all: fast-rewriter+one-walk+fix-generated-only": all_of_them,
    "gc-off": gc_off,
}


# --- checking and timing ------------------------------------------------------------------------

def _programs(text: str) -> Tuple[List[str], List[Any]]:
    """The builder programs of the file's functions (ast.dump with positions) and their IR."""
    source = bench.source_text.scan(text, bench.SOURCE_NAME)
    module = ast.parse(source.blanked_text, bench.SOURCE_NAME)
    env = entry._module_bindings(module, {}, bench.SOURCE_NAME)
    dumps = []
    for node in module.body:
        if isinstance(node, ast.FunctionDef):
            decorator = entry._script_decorator(node, env, bench.SOURCE_NAME)
            definition = entry._Definition(node, source, bench.SOURCE_NAME, env, decorator, False)
            dumps.append(ast.dump(definition.transpile().module, include_attributes=True))
    _, results = bench.run_phases(text)
    return dumps, results


def check(name: str, text: str, reference: Tuple[List[str], List[Any]]) -> None:
    with EXPERIMENTS[name]():
        dumps, results = _programs(text)
    assert dumps == reference[0], f"{name}: the builder programs differ"
    for a, b in zip(results, reference[1]):
        assert tvm_ffi.structural_equal(a, b), f"{name}: the IR differs"


CLOCK: Callable[[], float] = time.process_time


CORPUS = Path(__file__).resolve().parent.parent / "tests" / "script_corpus"


def _corpus_outcomes() -> List[Any]:
    """Per corpus program: its builder programs (ast.dump with positions), or its error (type,
    message, location) for the error programs."""
    outcomes: List[Any] = []
    for path in sorted(CORPUS.glob("*.py")):
        text = path.read_text()
        try:
            source = bench.source_text.scan(text, path.name)
            module = ast.parse(source.blanked_text, path.name)
            env = entry._module_bindings(module, {}, path.name)
            dumps = []
            for node in module.body:
                decorator = isinstance(node, ast.FunctionDef) and entry._script_decorator(
                    node, env, path.name)
                if decorator:
                    definition = entry._Definition(node, source, path.name, env, decorator,
                                                   False)
                    dumps.append(ast.dump(definition.transpile().module,
                                          include_attributes=True))
            bench.from_source(text, source_name=path.name)
            outcomes.append((path.name, dumps))
        except Exception as exc:  # noqa: BLE001 - the error is the outcome
            where = getattr(exc, "lineno", None), entry.error_location(exc)
            outcomes.append((path.name, type(exc).__name__, str(exc), where))
    return outcomes


def check_corpus(name: str, reference: List[Any]) -> None:
    with EXPERIMENTS[name]():
        outcomes = _corpus_outcomes()
    for before, after in zip(reference, outcomes):
        assert before == after, f"{name}: {before[0]} differs"


def _once(call: Callable[[], Any]) -> float:
    gc.collect()
    start = CLOCK()
    call()
    return CLOCK() - start


def compare(name: str, functions: Sequence[str], runs: int) -> Tuple[float, float]:
    """Best e2e seconds without and with the experiment, runs interleaved."""
    base, patched_best = float("inf"), float("inf")
    for _ in range(runs):
        base = min(base, _once(lambda: bench.run_e2e(functions)))
        with EXPERIMENTS[name]():
            patched_best = min(patched_best, _once(lambda: bench.run_e2e(functions)))
    return base, patched_best


def breakdown(text: str, functions: Sequence[str], runs: int) -> List[Tuple[str, float]]:
    """Seconds in each part of the e2e pass (the best pass), ast.parse of the file beside."""
    spent: Dict[str, float] = collections.Counter()
    depth: Dict[str, int] = collections.Counter()

    def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            depth[name] += 1
            start = CLOCK()
            try:
                return function(*args, **kwargs)
            finally:
                depth[name] -= 1
                if not depth[name]:
                    spent[name] += CLOCK() - start
        return wrapper

    walk = ast.walk

    def listed_walk(node: _AST) -> List[_AST]:
        start = CLOCK()
        nodes = list(walk(node))
        spent["transpile: ast.walk (load names)"] += CLOCK() - start
        return nodes

    patches = [
        (entry, {"_parse_text": timed("scan + ast.parse of the function", entry._parse_text),
                 "_module_bindings": timed("module bindings", entry._module_bindings),
                 "_script_decorator": timed("decorator", entry._script_decorator),
                 "transpile_function": timed("transpile: transpile_function",
                                             entry.transpile_function),
                 "compile": timed("compile (builder program)", compile),
                 "exec": timed("exec (wrapper)", exec),
                 "_finish": timed("well-formedness check", entry._finish)}),
        (entry._UntrustedCheck, {"visit": timed("transpile: untrusted check",
                                                ast.NodeVisitor.visit)}),
        (entry._Definition, {"define": timed("build: define (C++ builders)",
                                             entry._Definition.define)}),
        (transpile._BodyTranspiler, {"body": timed("transpile: body statements + rewriter",
                                                   transpile._BodyTranspiler.body)}),
        (ast, {"fix_missing_locations": timed("transpile: fix_missing_locations",
                                              ast.fix_missing_locations),
               "walk": listed_walk}),
    ]
    best: Dict[str, float] = {}
    with contextlib.ExitStack() as stack:
        for obj, attrs in patches:
            stack.enter_context(patched(obj, **attrs))
        for _ in range(runs):
            spent.clear()
            total = _once(lambda: bench.run_e2e(functions))
            if not best or total < best["e2e"]:
                best = {**spent, "e2e": total}
    blanked = bench.source_text.scan(text).blanked_text
    best["ast.parse of the file (floor)"] = min(
        _once(lambda: ast.parse(blanked)) for _ in range(runs))
    return sorted(best.items(), key=lambda item: -item[1])


def child(name: str, lines: int, passes: int) -> None:
    """The measured part of an --instructions child: ``passes`` passes of one variant."""
    text, functions = bench.generate_file(lines)
    bench.run_e2e(functions)  # imports and first-call caches, in every child alike
    blanked = bench.source_text.scan(text).blanked_text
    ast.parse(blanked)
    if name == "ast.parse":
        for _ in range(passes):
            ast.parse(blanked)
        return
    with contextlib.ExitStack() as stack:
        if name != "none":
            stack.enter_context({**EXPERIMENTS, **COSTS}[name]())
        for _ in range(passes):
            bench.run_e2e(functions)


def instructions(name: str, lines: int, passes: int) -> int:
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable, __file__, "--child", name,
               "--lines", str(lines), "--passes", str(passes)]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
    match = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    assert match, out.stderr[-2000:]
    return int(match.group(1).replace(",", ""))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--clock", choices=("process", "perf"), default="process")
    parser.add_argument("--breakdown", action="store_true")
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--passes", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("experiments", nargs="*", default=list(EXPERIMENTS))
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.lines, args.passes)
        return 0
    global CLOCK
    CLOCK = time.process_time if args.clock == "process" else time.perf_counter
    fingerprint = bench.frontend_fingerprint()
    print(f"frontend {fingerprint} (sha256 of the build's tvm_tirx/script/**.py)")
    try:
        return run(args)
    finally:
        if bench.frontend_fingerprint() != fingerprint:
            print("warning: the frontend in the build changed during the run", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    text, functions = bench.generate_file(args.lines)
    bench.check_file(text, functions)
    reference = _programs(text)
    count = text.count("\n")
    corpus = _corpus_outcomes()
    for name in args.experiments:
        check(name, text, reference)
        check_corpus(name, corpus)
    print(f"each experiment: the same builder programs as the frontend's on this file and on "
          f"the {len(corpus)} corpus programs (errors: the same type, message and location)")
    if args.breakdown:
        parts = breakdown(text, functions, args.runs)
        total = dict(parts)["e2e"]
        print(f"{count:,} lines: where the e2e time goes (ms per 1,000 lines, {args.clock} "
              f"clock, best of {args.runs})")
        print("| part | ms/1k lines | share of e2e |")
        print("|---|---:|---:|")
        for name, seconds in parts:
            print(f"| {name} | {seconds * 1e6 / count:.1f} | {seconds / total * 100:.0f}% |")
        print()
    if args.instructions:
        base = instructions("none", args.lines, 0)
        parse = instructions("ast.parse", args.lines, 1) - base
        e2e = instructions("none", args.lines, 1) - base
        per_k = 1e3 / count / 1e6
        print(f"{count:,} lines, {len(functions)} functions; millions of instructions per 1,000 "
              f"lines (cachegrind)")
        print(f"ast.parse of the file: {parse * per_k:.1f}; e2e: {e2e * per_k:.1f} "
              f"(e2e/ast.parse {e2e / parse:.1f}x)")
        print("| experiment | before | after | saved | e2e/ast.parse after |")
        print("|---|---:|---:|---:|---:|")
        for name in args.experiments:
            after = instructions(name, args.lines, 1) - base
            print(f"| {name} | {e2e * per_k:.1f} | {after * per_k:.1f} | "
                  f"{(1 - after / e2e) * 100:.0f}% | {after / parse:.1f}x |")
        print()
        print("Costs (the part run twice, minus a normal run):")
        print("| part | M instructions/1k lines | share of e2e | x ast.parse |")
        print("|---|---:|---:|---:|")
        known = 0
        for name in COSTS:
            cost = instructions(name, args.lines, 1) - base - e2e
            known += cost
            print(f"| {name} | {cost * per_k:.1f} | {cost / e2e * 100:.0f}% | "
                  f"{cost / parse:.2f}x |")
        rest = e2e - known
        print(f"| the rest: the rewriter and statement transpiler, the C++ builders, glue | "
              f"{rest * per_k:.1f} | {rest / e2e * 100:.0f}% | {rest / parse:.2f}x |")
        return 0
    print(f"{count:,} lines, {len(functions)} functions; e2e ms per 1,000 lines, {args.clock} "
          f"clock, best of {args.runs} (interleaved)")
    print("| experiment | before | after | saved |")
    print("|---|---:|---:|---:|")
    for name in args.experiments:
        before, after = compare(name, functions, args.runs)
        per_k = 1e6 / count
        print(f"| {name} | {before * per_k:.1f} | {after * per_k:.1f} | "
              f"{(1 - after / before) * 100:.0f}% |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
