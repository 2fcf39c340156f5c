#!/usr/bin/env python3
"""What the worker's second wall costs (issue 22, item 3): the time from spawning
``tvm-lsp-worker`` (untrusted: relay, descriptors closed, Landlock, seccomp) to its ``ready``
event, the time of its first analysis (open + analyze of an example, reply decoded), and the
round trip of a small request (the median of 50 ``close`` of an unknown document: what the
relay adds per message).

Run from the repository root (after ``ninja -C build``)::

    .venv/bin/python3 benchmarks/bench_worker_wall.py                  # this build's worker
    .venv/bin/python3 benchmarks/bench_worker_wall.py --worker OTHER   # another build's

Each figure is the median (and the minimum) of ``--runs`` fresh workers, one at a time. On a
busy machine the wall-clock figures drift with the load; "main thread CPU to ready" (the
worker's main thread's time on a CPU, from /proc/PID/schedstat, in ns) drifts much less.
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

ROUND_TRIPS = 50
EXAMPLE = REPO / "examples" / "tvmscript" / "matmul_module.py"


def one_run(worker_path: Path, text: str) -> tuple:
    start = time.perf_counter()
    worker = Worker(worker_path)
    ready = time.perf_counter()
    schedstat = Path(f"/proc/{worker.process.pid}/schedstat").read_text().split()
    cpu = int(schedstat[0]) / 1e9
    try:
        worker.reply(worker.send("open", {"uri": "file:///bench.py", "version": 1, "text": text}))
        result = worker.analyze("file:///bench.py", 1)
        analysed = time.perf_counter()
        assert result["status"] == "done", result
        trips = []
        for _ in range(ROUND_TRIPS):
            sent = time.perf_counter()
            worker.reply(worker.send("close", {"uri": "file:///none.py"}))  # unknown-document
            trips.append(time.perf_counter() - sent)
        return (ready - start, analysed - ready, cpu, statistics.median(trips),
                worker.ready.get("landlock", "(not reported)"))
    finally:
        worker.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", type=Path, default=REPO / "build" / "lsp" / "tvm-lsp-worker")
    parser.add_argument("--runs", type=int, default=15)
    options = parser.parse_args()
    text = EXAMPLE.read_text()
    runs = [one_run(options.worker, text) for _ in range(options.runs)]
    for index, name, unit, scale in ((0, "spawn to ready", "ms", 1e3),
                                     (1, "first analysis", "ms", 1e3),
                                     (2, "main thread CPU to ready", "ms", 1e3),
                                     (3, "request round trip", "us", 1e6)):
        values = [run[index] * scale for run in runs]
        print(f"{name:>24}: median {statistics.median(values):6.1f} {unit}, "
              f"min {min(values):6.1f} {unit} ({options.runs} workers)")
    print(f"{'landlock':>24}: {runs[-1][4]}")


if __name__ == "__main__":
    main()
