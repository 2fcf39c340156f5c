#!/usr/bin/env python3
"""The TVMScript frontend's cost per 1,000 lines, phase by phase, beside ``ast.parse`` alone.

Run from the repository root (after ``ninja -C build``)::

    .venv/bin/python3 benchmarks/bench_frontend.py               # table, sizes 100/1k/10k
    .venv/bin/python3 benchmarks/bench_frontend.py --json        # machine-readable
    .venv/bin/python3 benchmarks/bench_frontend.py --profile     # + cProfile of the 1k file
    .venv/bin/python3 benchmarks/bench_frontend.py --quick       # 100 lines, one run (smoke)
    .venv/bin/python3 benchmarks/bench_frontend.py --dump 1000   # print the generated file

The build folder is ``build/`` unless ``TVM_LSP_BUILD_DIR`` names another one.

Input: generated canonical TVMScript files of about 100, 1,000 and 10,000 lines (fixed seed):
``from tvm_tirx.script import tirx as T`` and many ``@T.function`` definitions of 15-40 lines
with loops of every kind, stores, binds, if/elif/else, while, assert, header symbols
``def f[m, n](...)``, intrinsics and comments. Every function is checked to parse, build and be
well-formed before anything is timed.

Phases, each timed over all functions of a file (best of N runs, ``time.perf_counter``, or
``time.process_time`` with ``--clock process``; a ``gc.collect()`` before each run):

- **scan:** ``source_text.scan`` of the whole file (comments, header lists blanked, chunks);
- **ast.parse:** ``ast.parse`` of the blanked text; it is also the floor the target compares
  with ("ast.parse alone on the same text": CPython 3.11 cannot parse the header lists, so the
  floor parses the text with them blanked, which keeps every other character). **parse, gc
  off** is the same with the cyclic GC disabled: on a large file the GC passes over the new
  nodes make ast.parse itself grow faster than the text;
- **decor:** module bindings (the namespace import) and each decorator, evaluated as
  ``from_source`` does;
- **transpile:** ``_Definition(...)`` (header symbols) and ``_Definition.transpile`` (untrusted
  check, ``transpile_function``);
- **compile:** the ``compile(...)`` calls of ``program.py`` while building (the builder program);
- **build:** the rest of ``_Definition.build``: running the wrapper and the body under an
  ``IRBuilder`` (the C++ builders, types and spans). The three are timed inside the frontend's
  own ``build`` by wrapping ``transpile`` and ``compile`` for the run;
- **wf:** the well-formedness check (``_finish``);
- **phases:** the sum of the above;
- **e2e:** ``from_source(text_of_one_function)`` summed over the file's functions, each text the
  import line and the function: what a client pays today (one scan and one parse per function
  instead of one per file).

All times are ms per 1,000 lines. ``e2e/parse`` is e2e over ast.parse (target: at most 3x).
Scaling is the per-1k time at the largest size over the per-1k time at the smallest, for e2e
and for ast.parse (target: e2e no worse than ast.parse).

Peak memory, in a fresh subprocess per size and pass, keeping every function's IR: ``py peak``
is the ``tracemalloc`` peak (Python allocations only), ``RSS +`` the growth of the peak RSS
(``VmHWM``, what ``ru_maxrss`` reports, reset before the pass; C++ allocations included; taken
in a pass without tracemalloc; ``memory_child`` says why not ``ru_maxrss`` itself). **file** is
one pass as a language server would take a file (one scan and one ``ast.parse`` of the whole
file, then each function built in turn: ``run_file``); **e2e** is ``from_source`` per function,
which holds one function's AST at a time. ``--json`` also gives the RSS still held after it.

The output names the frontend it measured: a hash of the build's ``tvm_tirx/script`` sources,
checked again at the end (another engineer may rebuild while it runs).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import cProfile
import gc
import hashlib
import io
import json
import os
import pstats
import random
import subprocess
import sys
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple


def _setup_path() -> Path:
    repo = Path(__file__).resolve().parent.parent
    build = Path(os.environ.get("TVM_LSP_BUILD_DIR", str(repo / "build")))
    if not build.is_absolute():
        build = (Path.cwd() / build).resolve()
    path = build / "parser_bridge" / "python"
    if not path.is_dir():
        sys.exit(f"bench_frontend: {path} does not exist; build first (ninja -C {build})")
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
    return build


BUILD_DIR = _setup_path()

import tvm_ffi  # noqa: E402
from tvm_tirx.script import from_source  # noqa: E402
from tvm_tirx.script.parser import discovery, program, source_text  # noqa: E402

UNTRUSTED = program.ProgramOptions(trusted=False)

SIZES = (100, 1_000, 10_000)
SEED = 20261129
IMPORT_LINE = "from tvm_tirx.script import tirx as T"
SOURCE_NAME = "<bench>"
TARGET_RATIO = 3.0

# Table columns: (key, header, format). Times are ms per 1,000 lines.
COLUMNS: Tuple[Tuple[str, str, str], ...] = (
    ("lines", "lines", "{:,}"),
    ("functions", "funcs", "{:,}"),
    ("scan", "scan", "{:.2f}"),
    ("parse", "ast.parse", "{:.2f}"),
    ("parse_no_gc", "parse, gc off", "{:.2f}"),
    ("decor", "decor", "{:.2f}"),
    ("transpile", "transpile", "{:.2f}"),
    ("compile", "compile", "{:.2f}"),
    ("build", "build", "{:.2f}"),
    ("wf", "wf", "{:.2f}"),
    ("phases", "phases", "{:.2f}"),
    ("e2e", "e2e", "{:.2f}"),
    ("ratio", "e2e/parse", "{:.1f}x"),
    ("py_peak_mb", "file py peak MB", "{:.1f}"),
    ("rss_mb", "file RSS + MB", "{:.1f}"),
    ("e2e_py_peak_mb", "e2e py peak MB", "{:.1f}"),
    ("e2e_rss_mb", "e2e RSS + MB", "{:.1f}"),
)
PHASES = ("scan", "parse", "decor", "transpile", "compile", "build", "wf")
# time.perf_counter (wall clock) unless --clock process (CPU time of this process, which other
# processes' load moves less: it leaves out the time spent waiting for a CPU).
CLOCK: Callable[[], float] = time.perf_counter


# --- input generator ----------------------------------------------------------------------------

_VERBS = ("scale", "blend", "clamp", "normalize", "accumulate", "smooth", "threshold", "shift",
          "mask", "rescale", "saturate", "damp", "mix", "bias", "filter")
_NOUNS = ("rows", "tiles", "pixels", "scores", "weights", "features", "samples", "logits",
          "frames", "activations", "gradients", "channels", "bins", "spectra")
_TENSORS = (("X", "Y"), ("Src", "Dst"), ("Input", "Output"), ("Acts", "Out"), ("Lhs", "Res"))
_UNARY = ("T.exp", "T.sqrt", "T.tanh", "T.sigmoid", "T.fabs", "T.floor", "T.ceil", "T.log")


@dataclass
class _Shape:
    rows: str  # a literal or a header symbol
    cols: str
    symbols: Tuple[str, ...]


@dataclass
class _Writer:
    """One function's lines; ``uses`` counts names so that every bind is new."""

    rng: random.Random
    lines: List[str] = field(default_factory=list)
    uses: Dict[str, int] = field(default_factory=dict)

    def add(self, depth: int, code: str, comment: Optional[str] = None) -> None:
        text = "    " * depth + code
        if comment is not None:
            text += "  # " + comment
        self.lines.append(text)

    def fresh(self, stem: str) -> str:
        count = self.uses.get(stem, 0)
        self.uses[stem] = count + 1
        return stem if count == 0 else f"{stem}_{count}"

    def maybe_comment(self, depth: int, text: str, chance: float = 0.6) -> None:
        if self.rng.random() < chance:
            self.add(depth, "# " + text)


def _minus_one(extent: str) -> str:
    return str(int(extent) - 1) if extent.isdigit() else f"{extent} - 1"


def _block_elementwise(w: _Writer, s: _Shape, x: str, y: str, cnt: str) -> None:
    w.maybe_comment(1, "scale and shift every element")
    w.add(1, f"for i, j in T.grid({s.rows}, {s.cols}):")
    op = w.rng.choice(("alpha + 1.0", "0.5 + alpha", "alpha - 0.25"))
    w.add(2, f"{y}[i, j] = {x}[i, j] * {op}", w.rng.choice((None, None, "fused multiply-add")))


def _block_row_stats(w: _Writer, s: _Shape, x: str, y: str, cnt: str) -> None:
    scale = w.fresh("row_scale")
    value = w.fresh("v")
    unary = w.rng.choice(_UNARY[:4])
    w.maybe_comment(1, "per row: count the positive entries, squash the rest")
    w.add(1, f"for r in T.parallel({s.rows}):")
    w.add(2, f"{cnt}[r] = 0")
    w.add(2, f"{scale} = alpha * 0.5", w.rng.choice((None, "half step")))
    w.add(2, f"for c in range({s.cols}):")
    w.add(3, f"{value} = {x}[r, c] * {scale}")
    w.add(3, f"if {value} > 0.0:")
    w.add(4, f"{y}[r, c] = {unary}({value})")
    w.add(4, f"{cnt}[r] = {cnt}[r] + 1")
    w.add(3, "else:")
    w.add(4, f"{y}[r, c] = T.exp({value}) - 1.0", w.rng.choice((None, "ELU")))


def _block_select(w: _Writer, s: _Shape, x: str, y: str, cnt: str) -> None:
    w.maybe_comment(1, "leaky ReLU, branch free")
    w.add(1, f"for i in range({s.rows}):")
    w.add(2, f"for j in T.vectorized({s.cols}):")
    w.add(3, f"{y}[i, j] = T.Select({x}[i, j] > 0.0, {x}[i, j], {x}[i, j] * 0.01)")


def _block_scratch(w: _Writer, s: _Shape, x: str, y: str, cnt: str) -> None:
    tmp = w.fresh("ColMax")
    w.maybe_comment(1, "column maxima in a scratch tensor")
    scope = w.rng.choice(("", ', scope="local"'))
    w.add(1, f"{tmp} = T.alloc_tensor(ty_args=[T.Tensor(({s.cols},), T.float32{scope})])")
    w.add(1, f"for c in range({s.cols}):")
    w.add(2, f'{tmp}[c] = T.float32("-inf")')
    w.add(1, f"for r, c in T.grid({s.rows}, {s.cols}):")
    w.add(2, f"{tmp}[c] = T.max({tmp}[c], {x}[r, c])")
    w.add(1, f"for r, c in T.grid({s.rows}, {s.cols}):")
    w.add(2, f"{y}[r, c] = {x}[r, c] - {tmp}[c]", "subtract the column max")


def _block_bucketize(w: _Writer, s: _Shape, x: str, y: str, cnt: str) -> None:
    w.maybe_comment(1, "bucket of the first column")
    w.add(1, f"for r in range({s.rows}):")
    w.add(2, f"if {x}[r, 0] < 0.25:")
    w.add(3, f"{cnt}[r] = 0")
    w.add(2, f"elif {x}[r, 0] < 0.5:")
    w.add(3, f"{cnt}[r] = 1")
    w.add(2, f"elif {x}[r, 0] < 0.75 and alpha > 0.0:")
    w.add(3, f"{cnt}[r] = 2")
    w.add(2, "else:")
    w.add(3, f"{cnt}[r] = 3")


def _block_stencil(w: _Writer, s: _Shape, x: str, y: str, cnt: str) -> None:
    last = _minus_one(s.cols)
    w.maybe_comment(1, "three-point smoothing inside, copy at the borders")
    w.add(1, f"for r, c in T.grid({s.rows}, {s.cols}):")
    w.add(2, f"if c > 0 and c < {last}:")
    w.add(3, f"{y}[r, c] = ({x}[r, c - 1] + {x}[r, c] + {x}[r, c + 1]) / 3.0")
    w.add(2, "else:")
    w.add(3, f"{y}[r, c] = {x}[r, c]")


def _block_clamp(w: _Writer, s: _Shape, x: str, y: str, cnt: str) -> None:
    lo, hi = w.fresh("lo"), w.fresh("hi")
    w.maybe_comment(1, "clamp into [alpha / 2, 2 alpha]")
    w.add(1, f"{lo}, {hi} = alpha * 0.5, alpha * 2.0")
    w.add(1, f"for i, j in T.grid({s.rows}, {s.cols}):")
    w.add(2, f"{y}[i, j] = T.min(T.max({x}[i, j], {lo}), {hi})")


def _block_threads(w: _Writer, s: _Shape, x: str, y: str, cnt: str) -> None:
    unary = w.rng.choice(_UNARY)
    w.maybe_comment(1, "one block per row, one thread per column")
    w.add(1, f'for bx in T.thread_binding({s.rows}, thread="blockIdx.x"):')
    w.add(2, f'for tx in T.thread_binding({s.cols}, thread="threadIdx.x"):')
    w.add(3, f"{y}[bx, tx] = {unary}(T.fabs({x}[bx, tx]) + 1.0)")


def _block_accumulate(w: _Writer, s: _Shape, x: str, y: str, cnt: str) -> None:
    w.maybe_comment(1, "accumulate, skipping negative entries")
    w.add(1, f"for i in range({s.rows}):")
    small = s.cols.isdigit() and int(s.cols) <= 64
    w.add(2, f"for j in T.unroll({s.cols}):" if small else f"for j in range({s.cols}):")
    w.add(3, f"if {x}[i, j] <= 0.0:")
    w.add(4, "continue")
    w.add(3, f"{y}[i, j] += {x}[i, j] * alpha")


def _block_annotated(w: _Writer, s: _Shape, x: str, y: str, cnt: str) -> None:
    limit = w.fresh("limit")
    w.maybe_comment(1, "annotated bind, cast and an annotated serial loop")
    w.add(1, f"{limit}: T.float32 = alpha * 4.0")
    w.add(1, f'for i in T.serial(0, {s.rows}, annotations={{"pragma_auto_unroll_max_step": 16}}):')
    w.add(2, f'{cnt}[i] = T.Cast("int32", T.min({x}[i, 0], {limit}))')


def _block_while(w: _Writer, s: _Shape, x: str, y: str, cnt: str) -> None:
    w.maybe_comment(1, "halve the first entry until it is small")
    w.add(1, f"{cnt}[0] = 0")
    w.add(1, f"while {y}[0, 0] > 1.0 and {cnt}[0] < 32:")
    w.add(2, f"{y}[0, 0] = {y}[0, 0] * 0.5")
    w.add(2, f"{cnt}[0] = {cnt}[0] + 1")


def _block_assert(w: _Writer, s: _Shape, x: str, y: str, cnt: str) -> None:
    w.add(1, 'assert alpha > 0.0 and not alpha > 1000.0, "alpha out of range"')


_BLOCKS: Tuple[Tuple[Callable[..., None], int], ...] = (
    (_block_elementwise, 3), (_block_row_stats, 3), (_block_select, 2), (_block_scratch, 2),
    (_block_bucketize, 2), (_block_stencil, 2), (_block_clamp, 2), (_block_threads, 2),
    (_block_accumulate, 2), (_block_annotated, 2), (_block_while, 1), (_block_assert, 1),
)


def _shape(rng: random.Random) -> _Shape:
    roll = rng.random()
    if roll < 0.35:
        return _Shape("m", "n", ("m", "n"))
    rows = str(rng.choice((16, 32, 64, 128, 256)))
    if roll < 0.5:
        return _Shape(rows, "n", ("n",))
    return _Shape(rows, str(rng.choice((64, 128, 256, 512, 1024))), ())


def generate_function(rng: random.Random, index: int) -> List[str]:
    """One ``@T.function`` of 15-40 lines (decorator and leading comment included)."""
    w = _Writer(rng)
    s = _shape(rng)
    x, y = rng.choice(_TENSORS)
    cnt = rng.choice(("Count", "Hist", "Bucket"))
    name = f"{rng.choice(_VERBS)}_{rng.choice(_NOUNS)}_{index}"
    if rng.random() < 0.5:
        w.add(0, f"# kernel {index}: {name.replace('_', ' ')}")
    w.add(0, "@T.function(private=True)" if rng.random() < 0.1 else "@T.function")
    header = f"[{', '.join(s.symbols)}]" if s.symbols else ""
    params = [f"{x}: T.Tensor(({s.rows}, {s.cols}), T.float32)",
              f"{y}: T.Tensor(({s.rows}, {s.cols}), T.float32)",
              f"{cnt}: T.Tensor(({s.rows},), T.int32)", "alpha: T.float32"]
    if rng.random() < 0.3:  # split the signature as a person would
        w.add(0, f"def {name}{header}({params[0]}, {params[1]},", "inputs")
        w.add(0, f"        {params[2]}, {params[3]}):")
    else:
        w.add(0, f"def {name}{header}({', '.join(params)}):")
    if rng.random() < 0.3:
        w.add(1, f'"""{name.split("_")[0].capitalize()} {name.split("_")[1]} of {x} into {y}."""')
    if rng.random() < 0.3:
        w.add(1, 'T.func_attr({"tir.noalias": True})')
    target = rng.randint(15, 40)
    blocks, weights = map(list, zip(*_BLOCKS))
    while blocks:
        block = rng.choices(blocks, weights)[0]
        del weights[blocks.index(block)]
        blocks.remove(block)  # each kind of block once per function
        before = len(w.lines)
        block(w, s, x, y, cnt)
        if len(w.lines) >= target:
            if len(w.lines) > 40 and before >= 15:  # too long: drop the last block
                del w.lines[before:]
            break
    return w.lines


def generate_file(lines: int, seed: int = SEED) -> Tuple[str, List[str]]:
    """A file of about ``lines`` lines and the text of each function alone (with the import)."""
    rng = random.Random(seed + lines)
    out = [f'"""Generated kernels ({lines} lines, seed {seed})."""', "", IMPORT_LINE]
    functions = []
    index = 0
    while len(out) < lines - 10 or not functions:
        body = generate_function(rng, index)
        out += ["", ""] + body
        functions.append("\n".join([IMPORT_LINE, "", ""] + body) + "\n")
        index += 1
    return "\n".join(out) + "\n", functions


# --- the pipeline, phase by phase ---------------------------------------------------------------

@contextlib.contextmanager
def _timed_parts(spent: Dict[str, float]) -> Iterator[None]:
    """Adds the seconds spent in ``BuilderProgram.transpile`` and in the frontend's ``compile``
    calls to ``spent``, by wrapping them for the duration: the frontend's own code runs, so the
    phases stay right as it changes."""
    clock = CLOCK
    transpile = program.BuilderProgram.transpile

    def timed_transpile(self: Any) -> Any:
        start = clock()
        try:
            return transpile(self)
        finally:
            spent["transpile"] += clock() - start

    def timed_compile(*args: Any, **kwargs: Any) -> Any:
        start = clock()
        try:
            return compile(*args, **kwargs)
        finally:
            spent["compile"] += clock() - start

    program.BuilderProgram.transpile = timed_transpile
    program.compile = timed_compile  # shadows the builtin for program.py's calls
    try:
        yield
    finally:
        program.BuilderProgram.transpile = transpile
        del program.compile


def run_phases(text: str) -> Tuple[Dict[str, float], List[Any]]:
    """Seconds per phase over the whole file, and the functions built: ``run_file`` with each
    phase timed."""
    clock = CLOCK
    t0 = clock()
    source = source_text.scan(text, SOURCE_NAME)
    t1 = clock()
    module = ast.parse(source.blanked_text, SOURCE_NAME)
    t2 = clock()
    env = discovery.namespace_imports(module.body)
    evaluator = discovery.Evaluator(trusted=False)
    found = [(node, discovery.definition_decorator(node, env, evaluator).decorator)
             for node in module.body if isinstance(node, ast.FunctionDef)]
    t3 = clock()
    spent = {"transpile": 0.0, "compile": 0.0}
    built = []
    with _timed_parts(spent):
        for node, decorator in found:
            start = clock()  # header symbols are read here: part of transpiling
            definition = program.BuilderProgram(node, source, SOURCE_NAME, env, decorator,
                                                UNTRUSTED)
            spent["transpile"] += clock() - start
            built.append((definition, definition.build()))
    t4 = clock()
    results = [program.check_standalone(result, d.decorator, d) for d, result in built]
    t5 = clock()
    times = {"scan": t1 - t0, "parse": t2 - t1, "decor": t3 - t2, **spent,
             "build": t4 - t3 - spent["transpile"] - spent["compile"], "wf": t5 - t4}
    return times, results


def run_e2e(functions: Sequence[str]) -> List[Any]:
    return [from_source(f) for f in functions]


def run_file(text: str) -> List[Any]:
    """The whole file as a language server would take it: one scan and one parse, then each
    function transpiled, compiled, built and checked in turn; only the IR is kept."""
    source = source_text.scan(text, SOURCE_NAME)
    module = ast.parse(source.blanked_text, SOURCE_NAME)
    env = discovery.namespace_imports(module.body)
    evaluator = discovery.Evaluator(trusted=False)
    results = []
    for node in module.body:
        if isinstance(node, ast.FunctionDef):
            decorator = discovery.definition_decorator(node, env, evaluator).decorator
            definition = program.BuilderProgram(node, source, SOURCE_NAME, env, decorator,
                                                UNTRUSTED)
            results.append(program.check_standalone(definition.build(), decorator, definition))
    return results


def check_file(text: str, functions: Sequence[str]) -> None:
    """Every function parses alone and in the file, to the same IR, and the file parses."""
    ast.parse(source_text.scan(text).blanked_text)
    alone = run_e2e(functions)
    _, in_file = run_phases(text)
    assert len(alone) == len(in_file) == len(functions), (len(alone), len(in_file))
    for i, (a, b) in enumerate(zip(alone, in_file)):
        assert a is not None and tvm_ffi.structural_equal(a, b), f"function {i} differs"


def best_of(runs: int, call: Callable[[], Any], gc_off: bool = False) -> float:
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        if gc_off:
            gc.disable()
        try:
            start = CLOCK()
            call()
            best = min(best, CLOCK() - start)
        finally:
            gc.enable()
    return best


def measure(lines: int, runs: int) -> Dict[str, Any]:
    text, functions = generate_file(lines)
    check_file(text, functions)
    blanked = source_text.scan(text).blanked_text
    phase_best = {p: float("inf") for p in PHASES}
    for _ in range(runs):
        gc.collect()
        times, _ = run_phases(text)
        for p in PHASES:
            phase_best[p] = min(phase_best[p], times[p])
    parse = best_of(runs, lambda: ast.parse(blanked, SOURCE_NAME))
    parse_no_gc = best_of(runs, lambda: ast.parse(blanked, SOURCE_NAME), gc_off=True)
    e2e = best_of(runs, lambda: run_e2e(functions))
    count = text.count("\n")
    per_k = 1e3 * 1e3 / count  # seconds -> ms per 1,000 lines
    row: Dict[str, Any] = {"lines": count, "functions": len(functions)}
    for p in PHASES:
        row[p] = phase_best[p] * per_k
    row["parse"] = min(phase_best["parse"], parse) * per_k  # the same call, timed twice
    row["parse_no_gc"] = parse_no_gc * per_k
    row["phases"] = sum(row[p] for p in PHASES)
    row["e2e"] = e2e * per_k
    row["ratio"] = row["e2e"] / row["parse"]
    return row


# --- memory, in a fresh process per size --------------------------------------------------------

def _status_kib(field: str) -> int:
    """A ``VmRSS``/``VmHWM`` figure of /proc/self/status, in KiB."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise KeyError(field)


def _reset_peak_rss() -> None:
    """Sets VmHWM back to the current RSS (Linux >= 4.0; the peak is then of what follows)."""
    with open("/proc/self/clear_refs", "w") as clear_refs:
        clear_refs.write("5")


def memory_child(lines: int, mode: str) -> Dict[str, float]:
    """Run in a fresh process: peak RSS growth and tracemalloc peak of one pass over the file
    (``mode`` "file": run_file; "e2e": from_source per function), keeping every function's IR.

    The RSS peak is ``VmHWM``, the figure ``ru_maxrss`` reports for this process's memory, reset
    before the pass: ``ru_maxrss`` itself also keeps the peak of the parent it was forked from
    (Linux carries it across fork and exec), which hid the child's. The tracemalloc pass comes
    second (tracemalloc's own tables would count in the RSS)."""
    text, functions = generate_file(lines)
    small_text, small_functions = generate_file(100, seed=SEED + 1)
    run_file(small_text), run_e2e(small_functions)  # imports and first-call caches
    gc.collect()

    def one_pass() -> List[Any]:
        return run_file(text) if mode == "file" else run_e2e(functions)

    _reset_peak_rss()
    before = _status_kib("VmRSS")
    kept = one_pass()
    peak, after = _status_kib("VmHWM"), _status_kib("VmRSS")
    del kept
    gc.collect()
    tracemalloc.start()
    kept = one_pass()
    py_peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {"py_peak_mb": py_peak / 2**20, "rss_mb": (peak - before) / 2**10,
            "rss_kept_mb": (after - before) / 2**10}


def measure_memory(lines: int, mode: str) -> Dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--memory-child", str(lines), mode],
                         check=True, capture_output=True, text=True, env=dict(os.environ))
    return json.loads(out.stdout.strip().splitlines()[-1])


# --- output -------------------------------------------------------------------------------------

def frontend_fingerprint() -> str:
    """A hash of the Python frontend this run measured (the build's tvm_tirx/script sources)."""
    root = BUILD_DIR / "parser_bridge" / "python" / "tvm_tirx" / "script"
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def format_table(rows: Sequence[Dict[str, Any]]) -> str:
    cells = [[header for _, header, _ in COLUMNS]]
    for row in rows:
        cells.append([fmt.format(row[key]) for key, _, fmt in COLUMNS])
    widths = [max(len(r[i]) for r in cells) for i in range(len(COLUMNS))]
    lines = ["| " + " | ".join(c.rjust(w) for c, w in zip(r, widths)) + " |" for r in cells]
    lines.insert(1, "|" + "|".join("-" * (w + 1) + ":" for w in widths) + "|")
    return "\n".join(lines)


def summary(rows: Sequence[Dict[str, Any]]) -> Dict[str, Any]:
    first, last = rows[0], rows[-1]
    out: Dict[str, Any] = {"worst_ratio": max(r["ratio"] for r in rows),
                           "ratio_target_met": all(r["ratio"] <= TARGET_RATIO for r in rows)}
    if len(rows) > 1:
        out["scaling_e2e"] = last["e2e"] / first["e2e"]
        out["scaling_parse"] = last["parse"] / first["parse"]
        out["scaling_target_met"] = out["scaling_e2e"] <= out["scaling_parse"]
    return out


def profile(lines: int, top: int) -> str:
    text, functions = generate_file(lines)
    run_e2e(functions)  # warm
    profiler = cProfile.Profile()
    profiler.enable()
    run_e2e(functions)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="100 lines, one run (smoke test)")
    parser.add_argument("--runs", type=int, default=None, help="best of N (default 9; 5 at 10k)")
    parser.add_argument("--sizes", type=int, nargs="+", default=None)
    parser.add_argument("--clock", choices=("perf", "process"), default="perf",
                        help="time.perf_counter (default) or time.process_time")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-memory", action="store_true")
    parser.add_argument("--profile", action="store_true", help="cProfile of the 1,000-line e2e")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--dump", type=int, metavar="LINES", help="print the generated file")
    parser.add_argument("--memory-child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.memory_child:
        print(json.dumps(memory_child(int(args.memory_child[0]), args.memory_child[1])))
        return 0
    if args.dump:
        sys.stdout.write(generate_file(args.dump)[0])
        return 0
    global CLOCK
    CLOCK = time.perf_counter if args.clock == "perf" else time.process_time
    sizes = args.sizes or ((100,) if args.quick else SIZES)
    fingerprint = frontend_fingerprint()
    run_e2e(generate_file(100)[1][:1])  # imports and first-call caches
    rows = []
    for lines in sizes:
        runs = args.runs or (1 if args.quick else 5 if lines >= 10_000 else 9)
        row = measure(lines, runs)
        for mode, prefix in (("file", ""), ("e2e", "e2e_")):
            memory = ({k: float("nan") for k in ("py_peak_mb", "rss_mb", "rss_kept_mb")}
                      if args.no_memory else measure_memory(lines, mode))
            row.update({prefix + k: v for k, v in memory.items()})
        rows.append(row)
    if frontend_fingerprint() != fingerprint:
        print("warning: the frontend in the build changed during the run", file=sys.stderr)
    result = {"rows": rows, **summary(rows), "frontend": fingerprint,
              "python": sys.version.split()[0], "clock": args.clock}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"TVMScript frontend {fingerprint} (sha256 of the build's tvm_tirx/script/**.py), "
              f"Python {result['python']}: ms per 1,000 lines, best of N "
              f"({'time.perf_counter' if args.clock == 'perf' else 'time.process_time'}); "
              "memory per file")
        print(format_table(rows))
        print(f"e2e/ast.parse: worst {result['worst_ratio']:.1f}x (target <= {TARGET_RATIO:g}x: "
              f"{'met' if result['ratio_target_met'] else 'NOT met'})")
        if "scaling_e2e" in result:
            print(f"scaling, per-1k time at {rows[-1]['lines']:,} over {rows[0]['lines']:,} lines: "
                  f"e2e {result['scaling_e2e']:.2f}x, ast.parse {result['scaling_parse']:.2f}x "
                  f"(target e2e <= ast.parse: "
                  f"{'met' if result['scaling_target_met'] else 'NOT met'})")
    if args.profile:
        print(profile(1_000, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
