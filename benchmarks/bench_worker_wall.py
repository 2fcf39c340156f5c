#!/usr/bin/env python3
"""What the worker's second wall costs (issue 22, item 3): the time from spawning
``tvm-lsp-worker`` (untrusted: relay, descriptors closed, Landlock, seccomp) to its ``ready``
event, and the time of its first analysis (open + analyze of an example, reply decoded).

Run from the repository root (after ``ninja -C build``)::

    .venv/bin/python3 benchmarks/bench_worker_wall.py                  # this build's worker
    .venv/bin/python3 benchmarks/bench_worker_wall.py --worker OTHER   # another build's

Each figure is the median (and the minimum) of ``--runs`` fresh workers, one at a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "lsp" / "protocol"))

from worker_pipe import Worker  # noqa: E402

EXAMPLE = REPO / "examples" / "tvmscript" / "matmul_module.py"


def one_run(worker_path: Path, text: str) -> tuple:
    start = time.perf_counter()
    worker = Worker(worker_path)
    ready = time.perf_counter()
    try:
        worker.reply(worker.send("open", {"uri": "file:///bench.py", "version": 1, "text": text}))
        result = worker.analyze("file:///bench.py", 1)
        analysed = time.perf_counter()
        assert result["status"] == "done", result
        return ready - start, analysed - ready, worker.ready.get("landlock", "(not reported)")
    finally:
        worker.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", type=Path, default=REPO / "build" / "lsp" / "tvm-lsp-worker")
    parser.add_argument("--runs", type=int, default=15)
    options = parser.parse_args()
    text = EXAMPLE.read_text()
    runs = [one_run(options.worker, text) for _ in range(options.runs)]
    for index, name in ((0, "spawn to ready"), (1, "first analysis")):
        values = [run[index] * 1000 for run in runs]
        print(f"{name:>16}: median {statistics.median(values):6.1f} ms, "
              f"min {min(values):6.1f} ms ({options.runs} workers)")
    print(f"{'landlock':>16}: {runs[-1][2]}")


if __name__ == "__main__":
    main()
