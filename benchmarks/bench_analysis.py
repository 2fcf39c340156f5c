#!/usr/bin/env python3
"""The analysis engine's figures (issue 9, item 9), on generated files of 1,000, 5,000 and
20,000 lines (the generator of bench_frontend.py: canonical TVMScript, many definitions).

Run from the repository root (after ``ninja -C build``)::

    .venv/bin/python3 benchmarks/bench_analysis.py            # table
    .venv/bin/python3 benchmarks/bench_analysis.py --json     # machine-readable
    .venv/bin/python3 benchmarks/bench_analysis.py --quick    # 300 lines, one run (smoke)

Measures, per size:

- **ast.parse:** of the text with its header lists blanked (CPython 3.11 cannot parse them),
  best of N: the floor the cold target compares with;
- **cold:** ``parse_diagnostics(text)`` in this process (diagnostics, occurrences, symbols and
  the position index; canonical texts are printed lazily and not asked for), best of N, and
  its ratio to ast.parse (target: at most 6x);
- **edit:** a one-character edit inside one definition in the middle of the file, sent to the
  real analysis worker (``build/lsp/tvm-lsp-worker``, seccomp sandbox on) as a ``change`` with
  one range edit (``edits``) and re-analysed with ``analyze`` relative to the last reply
  (``base``): the worker sends only the rebuilt definition's part, the others as tokens. The
  time runs from writing the change to holding the whole reassembled ParseResult (the reply
  read and decoded, and the parts put together by worker_pipe.py's ``HeldParts``, as the
  C++ client does); median of N edits. The edit changes one digit of an integer literal
  (``Hist[r] = 1`` -> ``7`` and back), so the code stays valid: the earlier edit (a space
  inserted at column 8 of a body line) made the definition an IndentationError every other
  time. Target: at most 20 ms at 5,000 lines, at most 1.5x that at 20,000;
- **edit, engine:** the same edits analysed in this process by the worker's entry
  (``worker_entry.analyze_document`` and ``to_parts``), median: what the worker adds is the
  difference;
- **query p50/p99:** ``ParseReport.what_is_at(line, column)`` in this process at 2,000 random
  positions inside definitions (target p99: 5 ms). The server answers hover from the position
  index the parts carry, without the worker: bench_latency.py measures that as a user feels it;
- **worker RSS:** VmRSS of the worker process after it analysed the file (target: at most
  150 MB at 20,000 lines).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

REPO = Path(__file__).resolve().parent.parent
BUILD = Path(os.environ.get("TVM_LSP_BUILD_DIR", str(REPO / "build")))
sys.path.insert(0, str(BUILD / "parser_bridge" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

sys.path.insert(0, str(REPO / "lsp" / "protocol"))

from bench_frontend import generate_file  # noqa: E402
from worker_pipe import Worker  # noqa: E402
from tvm_tirx.script import parse_diagnostics  # noqa: E402
from tvm_tirx.script.parser import worker_entry  # noqa: E402
from tvm_tirx.script.parser.source_text import scan  # noqa: E402

WORKER = BUILD / "lsp" / "tvm-lsp-worker"


def best(function: Any, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def edit_place(text: str) -> Tuple[int, int, str]:
    """(line, byte column, digit) of the integer literal of a ``Hist[r] = N`` line in the middle
    of the file: a one-character edit there keeps the code valid."""
    lines = text.split("\n")
    index = len(lines) // 2
    while not lines[index].strip().startswith("Hist[r] = "):
        index += 1
    column = lines[index].index("= ") + 2
    return index + 1, column, lines[index][column]


def percentile(times: List[float], fraction: float) -> float:
    ordered = sorted(times)
    return ordered[min(int(len(ordered) * fraction), len(ordered) - 1)]


def random_positions(text: str, spans: List[Any], count: int, seed: int) -> List[Tuple[int, int]]:
    rng = random.Random(seed)
    lines = text.split("\n")
    positions = []
    for _ in range(count):
        first, _, last, _ = rng.choice(spans)
        line = rng.randint(first, last)
        positions.append((line, rng.randint(0, max(len(lines[line - 1].encode()), 1))))
    return positions


def edited(text: str, k: int) -> str:
    """The text after edit k: the digit changed on even k, put back on odd k."""
    line, column, digit = edit_place(text)
    lines = text.split("\n")
    row = lines[line - 1]
    lines[line - 1] = row[:column] + ("7" if k % 2 == 0 else digit) + row[column + 1:]
    return "\n".join(lines)


def measure_engine(text: str, size: int, edits: int) -> float:
    """The median time of the edits in this process, through the worker's entry."""
    name = f"engine_{size}.py"
    answer = worker_entry.analyze_document(text, source_name=name)
    times = []
    for k in range(edits):
        new = edited(text, k)
        start = time.perf_counter()
        next_answer = worker_entry.analyze_document(new, source_name=name)
        next_answer.to_parts(answer.tokens)
        times.append(time.perf_counter() - start)
        answer = next_answer
    return statistics.median(times)


def measure_worker(text: str, size: int, spans: List[Any], edits: int) -> Dict[str, Any]:
    """Edits and queries through the real worker."""
    if not WORKER.exists():
        sys.exit(f"bench_analysis: {WORKER} does not exist; build first")
    worker = Worker(WORKER)
    try:
        uri = f"file:///bench_{size}.py"
        worker.reply(worker.send("open", {"uri": uri, "version": 1, "text": text}))
        assert worker.analyze(uri, 1)["status"] == "done"
        line, column, digit = edit_place(text)
        edit_times, sent = [], []
        for k in range(edits):
            new = "7" if k % 2 == 0 else digit
            change = {"range": [line, column, line, column + 1], "text": new}
            version = k + 2
            start = time.perf_counter()
            worker.send("change", {"uri": uri, "version": version, "edits": [change]})
            answer = worker.analyze(uri, version)
            edit_times.append(time.perf_counter() - start)
            assert answer["status"] == "done", answer
            assert not [d for d in answer["result"]["diagnostics"] if d["severity"] == "error"]
            sent.append(worker.last_parts[0])
        return {"edit_ms": statistics.median(edit_times) * 1e3,
                "edit_min_ms": min(edit_times) * 1e3, "parts_sent_per_edit": max(sent),
                "worker_rss_mb": worker.rss_mb(), "sandboxed": worker.ready.get("sandboxed")}
    finally:
        worker.close()


def measure(size: int, runs: int, edits: int) -> Dict[str, Any]:
    text, _ = generate_file(size)
    blanked = scan(text).blanked_text
    floor = best(lambda: ast.parse(blanked), runs)
    cold = best(lambda: parse_diagnostics(text), runs)
    report = parse_diagnostics(text)
    assert not [d for d in report.to_plain()["diagnostics"] if d["severity"] == "error"]
    spans = [d.range for d in report.definitions]
    query_times = []
    for line, column in random_positions(text, spans, 2000, size):
        start = time.perf_counter()
        report.what_is_at(line, column)
        query_times.append(time.perf_counter() - start)
    return {
        "lines": len(text.split("\n")), "definitions": len(report.definitions),
        "ast_parse_ms": floor * 1e3, "cold_ms": cold * 1e3, "cold_over_parse": cold / floor,
        "query_p50_ms": percentile(query_times, 0.5) * 1e3,
        "query_p99_ms": percentile(query_times, 0.99) * 1e3,
        "edit_engine_ms": measure_engine(text, size, edits) * 1e3,
        **measure_worker(text, size, spans, edits),
    }


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="300 lines, one run (smoke test)")
    args = parser.parse_args(argv)
    sizes, runs, edits = ((300,), 1, 2) if args.quick else ((1000, 5000, 20000), 3, 9)
    rows = [measure(size, runs, edits) for size in sizes]
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"{'lines':>6} {'defs':>5} {'ast.parse':>10} {'cold':>9} {'ratio':>6} {'edit':>8} "
          f"{'engine':>8} {'sent':>4} {'q p50':>7} {'q p99':>7} {'RSS':>7}")
    for r in rows:
        print(f"{r['lines']:>6} {r['definitions']:>5} {r['ast_parse_ms']:>8.1f}ms "
              f"{r['cold_ms']:>7.0f}ms {r['cold_over_parse']:>5.1f}x {r['edit_ms']:>6.1f}ms "
              f"{r['edit_engine_ms']:>6.1f}ms {r['parts_sent_per_edit']:>4} "
              f"{r['query_p50_ms']:>5.2f}ms "
              f"{r['query_p99_ms']:>5.2f}ms {r['worker_rss_mb']:>5.0f}MB")
    print(f"(worker sandboxed: {rows[0]['sandboxed']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
