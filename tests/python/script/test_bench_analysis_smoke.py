"""benchmarks/bench_analysis.py keeps running (a 300-line file, one run): every figure of
issue 9's table is there, through the real sandboxed worker."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[3]


def test_quick_run_reports_every_figure() -> None:
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "bench_analysis.py"), "--quick", "--json"],
        capture_output=True, text=True, timeout=300, env=dict(os.environ), cwd=str(REPO))
    assert result.returncode == 0, result.stderr
    (row,) = json.loads(result.stdout)
    assert set(row) == {"lines", "definitions", "ast_parse_ms", "cold_ms", "cold_over_parse",
                        "edit_ms", "edit_min_ms", "edit_engine_ms", "parts_sent_per_edit", "query_p50_ms",
                        "query_p99_ms", "worker_rss_mb", "sandboxed"}
    assert row["definitions"] >= 5 and row["sandboxed"] is True
    # The edit came back as one definition's part; the others as tokens.
    assert row["parts_sent_per_edit"] == 1
    assert 0 < row["query_p50_ms"] <= row["query_p99_ms"]
    assert 0 < row["worker_rss_mb"] < 1000
