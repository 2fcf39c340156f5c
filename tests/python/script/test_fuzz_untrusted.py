"""The bounded sample of the fuzzer of untrusted programs (scripts/fuzz_untrusted.py; issue 22,
item 6) in the test command: a fixed seed, a few hundred random programs over the whole Python
grammar analysed as untrusted text in process and a hundred in the sandboxed worker, with no
failure of any oracle (untrusted_fuzz.py). The oracles are shown to fire on trusted text,
which runs its Python, and the generator to cover ``ast``'s grammar and to be reproducible.
"""

from __future__ import annotations

import ast
import pathlib
import time
import warnings

import pytest

import untrusted_fuzz
import untrusted_programs
from untrusted_state import MARKER

SEED = 20261203


@pytest.fixture(scope="module")
def names() -> untrusted_programs.Names:
    return untrusted_programs.Names.from_catalog()


def _failures(folder: pathlib.Path) -> str:
    return "\n".join(f"{p.name}: {p.read_text()}" for p in sorted(folder.glob("*.txt")))


def test_sample_in_process(tmp_path: pathlib.Path) -> None:
    warnings.simplefilter("ignore", SyntaxWarning)
    started = time.monotonic()
    summary = untrusted_fuzz.run(SEED, 300, bound=5.0, save=tmp_path)
    assert summary.programs == 300
    assert summary.failures == 0, summary.line() + "\n" + _failures(tmp_path)
    assert time.monotonic() - started < 60, summary.line()


def test_sample_in_worker(tmp_path: pathlib.Path) -> None:
    summary = untrusted_fuzz.run(SEED + 1000, 100, bound=5.0, worker=True, save=tmp_path)
    assert summary.programs == 100
    assert summary.failures == 0, summary.line() + "\n" + _failures(tmp_path)


# --- the oracles fire: trusted text runs its Python ----------------------------------------------

T_IMPORT = "from tvm_tirx.script import tirx as T\n"


@pytest.fixture
def trusted(tmp_path: pathlib.Path):
    analyser = untrusted_fuzz.InProcess(tmp_path, probe_every=1, trusted=True)
    yield analyser
    analyser.restart()


def _kinds(problems) -> set:
    return {kind for kind, _ in problems}


def test_state_oracles_fire_on_trusted_text(trusted) -> None:
    assert trusted.analyse(T_IMPORT + "x = 1\n", 30.0) == []
    problems = trusted.analyse(T_IMPORT + f"T.{MARKER} = 1\nT.int32 = T.float16\n", 30.0)
    assert _kinds(problems) == {"state-change", "probe-mismatch"}, problems
    details = [detail for _, detail in problems]
    assert "tvm_tirx.script.tirx.int32 rebound" in details, details
    assert f"tvm_tirx.script.tirx.{MARKER} set" in details, details


def test_module_oracle_fires_on_trusted_text(trusted) -> None:
    problems = trusted.analyse(T_IMPORT + "import xml.dom.minidom\n", 30.0)
    assert ["new-module", "xml.dom.minidom"] in problems, problems


def test_time_and_crash_oracles_fire_on_trusted_text(trusted) -> None:
    assert trusted.analyse(T_IMPORT + "while True:\n    pass\n", 2.0) == \
        [["timeout", "no answer within 2.0 s"]]
    assert trusted.analyse(T_IMPORT + "import os\nos._exit(3)\n", 30.0) == \
        [["crash", "the child died"]]
    assert trusted.analyse(T_IMPORT + "x = 1\n", 30.0) == []  # a new child after each


# --- the generator ------------------------------------------------------------------------------

def test_generator_covers_the_grammar() -> None:
    statements = {c.__name__ for c in ast.stmt.__subclasses__()}
    expressions = {c.__name__ for c in ast.expr.__subclasses__()}
    assert set(untrusted_programs.STATEMENTS) == statements
    # FormattedValue only appears inside JoinedStr, which makes it.
    assert set(untrusted_programs.EXPRESSIONS) | {"FormattedValue"} == expressions


def test_generator_is_reproducible_and_reaches_every_kind(names) -> None:
    texts = [untrusted_programs.program(seed, names, "/c/canary") for seed in range(300)]
    assert texts[:20] == [untrusted_programs.program(s, names, "/c/canary") for s in range(20)]
    assert len(set(texts)) == len(texts)
    seen = {type(node).__name__ for text in texts for node in ast.walk(_parsed(text))}
    expected = set(untrusted_programs.EXPRESSIONS) | {"FormattedValue"}
    expected |= set(untrusted_programs.STATEMENTS) - untrusted_programs.RARE
    assert expected - seen == set(), expected - seen
    joined = "".join(texts)
    for needle in (MARKER, "/c/canary", "__class__", "Ts.", "I.", "def header", "T.macro",
                   "@I.ir_module", "private="):
        assert needle in joined, needle


def _parsed(text: str) -> ast.AST:
    """The text's tree; an empty module for text Python 3.11 cannot parse (``def f[n: ...]``,
    rare node types out of place)."""
    try:
        return ast.parse(text)
    except SyntaxError:
        return ast.Module([], [])
