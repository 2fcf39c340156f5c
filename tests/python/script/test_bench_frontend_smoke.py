"""Keeps benchmarks/bench_frontend.py running: its quick mode (the 100-line file, one run)
prints a table with every column, and its generated source parses. Timings are not checked."""

from __future__ import annotations

import ast
import importlib.util
import math
import pathlib
import sys
from types import ModuleType

import pytest

BENCH = pathlib.Path(__file__).resolve().parents[3] / "benchmarks" / "bench_frontend.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_frontend", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_frontend"] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules["bench_frontend"]


def test_quick_table_has_every_column(bench: ModuleType, capsys: pytest.CaptureFixture) -> None:
    assert bench.main(["--quick"]) == 0
    out = capsys.readouterr().out
    table = [line for line in out.splitlines() if line.startswith("|")]
    assert len(table) == 3, out  # header, rule, the 100-line row
    header = [cell.strip() for cell in table[0].strip("|").split("|")]
    assert header == [title for _, title, _ in bench.COLUMNS]
    row = [cell.strip() for cell in table[2].strip("|").split("|")]
    assert len(row) == len(header)
    values = dict(zip(header, row))
    assert 90 <= int(values["lines"].replace(",", "")) <= 110
    for title in header[2:]:
        number = float(values[title].rstrip("x"))
        assert math.isfinite(number) and number >= 0, (title, values[title])
    assert "e2e/ast.parse" in out


def test_generated_source_parses(bench: ModuleType) -> None:
    text, functions = bench.generate_file(100)
    assert text.startswith('"""') and bench.IMPORT_LINE in text
    assert any("def " in f and "](" in f for f in bench.generate_file(1_000)[1]), "no header"
    ast.parse(bench.source_text.scan(text).blanked_text)
    bench.check_file(text, functions)  # each function alone and in the file: the same IR
    assert all(15 <= f.count("\n") - 3 <= 40 for f in functions)
