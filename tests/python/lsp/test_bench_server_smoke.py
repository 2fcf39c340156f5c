"""benchmarks/bench_server.py --quick keeps running against the built server (its timings are
not checked: they are figures for docs/performance.md, not tests)."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_the_quick_benchmark_measures_every_figure_the_server_offers() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_server.py"), "--quick", "--json"],
        capture_output=True, text=True, timeout=300, env=dict(os.environ))
    assert result.returncode == 0, result.stderr
    (row,) = json.loads(result.stdout)
    assert 250 <= row["lines"] <= 350
    for key in ("first_diagnostics_ms", "edit_ms_median", "hover_ms_p99", "formatting_ms"):
        assert row[key] > 0, key
    assert row["diagnostics"] == 0  # the generated kernels are all valid
    assert row["server_rss_mb"] > 1 and row["worker_rss_mb"] > 10
