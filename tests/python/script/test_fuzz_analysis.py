"""The collecting analysis never fails, whatever an editor sends (issue 9, item 6): 12,000
deterministic mutants of the corpus (fuzz_mutants.py) through ``parse_diagnostics``
(untrusted, the default), in blocks of 1,000 seeds so that a failure names its seeds.

For each mutant: ``parse_diagnostics`` returns, ``to_plain()`` is JSON (as UTF-8), every range
lies inside the text (``\\n``, ``\\r\\n`` and ``\\r`` end lines; columns are UTF-8 bytes), every
diagnostic has a code and a message, and none is an ``internal-error``. Longer runs:
scripts/fuzz_analysis.py.
"""

from __future__ import annotations

import pathlib
import re
import time
from typing import List

import pytest

import fuzz_mutants
from tvm_tirx.script import parse_diagnostics
from tvm_tirx.script.parser.chunk_parse import parse_chunk
from tvm_tirx.script.parser.source_text import scan

BLOCKS = 12
SEEDS_PER_BLOCK = 1_000
PROGRAMS = fuzz_mutants.corpus()
# CPython warns about some broken literals while parsing (`1if`): noise for this test.
pytestmark = pytest.mark.filterwarnings("ignore::SyntaxWarning")
REGRESSIONS = sorted((pathlib.Path(__file__).parent / "fuzz_regressions").glob("*.py"))

def failures_in(seeds: range) -> List[str]:
    unexpected = []
    for seed in seeds:
        found = fuzz_mutants.mutant(seed, PROGRAMS)
        problems = fuzz_mutants.report_problems(found.text, parse_diagnostics)
        unexpected += [f"{found.describe()}: {problem}" for problem in problems]
    return unexpected


@pytest.mark.parametrize("block", range(BLOCKS))
def test_parse_diagnostics_keeps_its_invariants_on_mutants(block):
    started = time.perf_counter()
    seeds = range(block * SEEDS_PER_BLOCK, (block + 1) * SEEDS_PER_BLOCK)
    unexpected = failures_in(seeds)
    assert not unexpected, f"{len(unexpected)} problems:\n" + "\n".join(unexpected[:20])
    # About 1-2 s per block here (the file: about 15 s). 20 s leaves room for a loaded machine
    # and still fails a 10x slowdown; a real hang cannot be cut short in-process.
    assert time.perf_counter() - started < 20


def test_mutants_are_deterministic_and_reach_the_builders():
    """A seed names one text, and the mutants are not all syntax errors (so the fuzz reaches
    the builders, the checks and the occurrences, not only the parser)."""
    first = [fuzz_mutants.mutant(seed, PROGRAMS) for seed in range(300)]
    assert first == [fuzz_mutants.mutant(seed, PROGRAMS) for seed in range(300)]
    past_the_parser = 0
    for found in first:
        report = parse_diagnostics(found.text)
        past_the_parser += any(d.ir is not None for d in report.definitions) or any(
            d.code != "syntax-error" for d in report.diagnostics
        )
    assert past_the_parser > 0.25 * len(first)  # about 35% today
    edits = {edit for m in first for edit in m.edits}
    assert edits == {mutation.__name__ for mutation in fuzz_mutants.MUTATIONS}


@pytest.mark.parametrize("block", range(3))
def test_parse_chunk_gives_a_tree_or_a_syntax_error_inside_the_chunk_on_mutants(block):
    """What the new per-definition driver will parse with: on every chunk of every mutant,
    parse_chunk returns a module or raises a SyntaxError at a line of the chunk (or just past
    it, where CPython reports an unexpected end), with a UTF-8-encodable message and text."""
    unexpected = []
    for seed in range(block * SEEDS_PER_BLOCK, (block + 1) * SEEDS_PER_BLOCK):
        found = fuzz_mutants.mutant(seed, PROGRAMS)
        try:
            result = scan(found.text)
        except SyntaxError:
            continue  # a bad header list: the collector reports it and blanks its lines
        for chunk in result.top_level:
            try:
                parse_chunk(result, chunk)
            except SyntaxError as error:
                inside = chunk.start_line <= error.lineno <= chunk.end_line + 1
                try:
                    error.msg.encode("utf-8")
                    (error.text or "").encode("utf-8")
                except UnicodeEncodeError:
                    inside = False
                # CPython gives offset 0 where it has no column (the end of the input).
                if not inside or not error.msg or error.offset is None or error.offset < 0:
                    unexpected.append(f"{found.describe()}: {chunk}: {error!r}")
            except BaseException as error:  # noqa: BLE001 - only SyntaxError may escape
                unexpected.append(f"{found.describe()}: {chunk}: raised {error!r}")
    assert not unexpected, "\n".join(unexpected[:20])


def regression_text(path: pathlib.Path) -> str:
    return path.read_bytes().decode("utf-8", "surrogatepass")  # may hold lone surrogates


@pytest.mark.parametrize("path", REGRESSIONS, ids=lambda p: p.name)
def test_fuzz_regressions(path):
    """Each reproducer the fuzzer found. Its first line says what fails and where; a line
    ``# today: <regex>`` says how it fails today (issue 9) until the fix lands, and then goes."""
    text = regression_text(path)
    problems = fuzz_mutants.report_problems(text, parse_diagnostics)
    today = re.search(r"^# today: (.*)$", text, re.M)
    if today is None:
        assert problems == []
    else:
        assert problems and all(re.match(today.group(1), p) for p in problems), problems


def test_the_fuzz_regressions_folder_has_reproducers():
    assert REGRESSIONS, "fuzz_regressions/ must hold the reproducers the fuzzer found"


HEAD = "from tvm_tirx.script import tirx as T\n\n\n@T.function\n"


@pytest.mark.parametrize(
    "header, at",
    [("def f[n\ud800](A: T.Tensor((n,), T.int8)):", 7), ("def f[n: T.int\udc00](A):", 14)],
)
def test_regress_lone_surrogate_in_a_header_list_is_a_diagnostic(header, at):
    """It made the never-raising parse_diagnostics raise: scan's SyntaxError carried the
    surrogate in its message, and so did the internal-error built from its traceback."""
    text = HEAD + header + "\n    A[0] = T.int8(1)\n"
    assert fuzz_mutants.report_problems(text, parse_diagnostics) == []
    first = parse_diagnostics(text).to_plain()["diagnostics"][0]
    assert first["code"] == "syntax-error" and "lone surrogate" in first["message"]
    assert first["range"] == [5, at, 5, at + 3]  # a surrogate is 3 bytes with surrogatepass


@pytest.mark.parametrize(
    "line", ["    A[0] = T.int8(1)  # \ud800", '    s = "\udfff"', "    x\udbff = 1"]
)
def test_regress_lone_surrogates_elsewhere_are_diagnostics(line):
    text = HEAD + "def f(A: T.Tensor((4,), T.int8)):\n" + line + "\n"
    assert fuzz_mutants.report_problems(text, parse_diagnostics) == []
    codes = [d["code"] for d in parse_diagnostics(text).to_plain()["diagnostics"]]
    assert codes == ["syntax-error"]


def test_regress_a_bad_header_list_hides_no_later_definition():
    """The collector blanks the lines of a bad header list; the decorator above was then joined
    to the next definition, and that definition was never analysed."""
    text = HEAD + "def f[n, n](A: T.Tensor((n,), T.int8)):\n    A[0] = T.int8(1)\n\n\n"
    text += "@T.function\ndef g(A: T.Tensor((4,), T.int8)):\n    A[0] = T.int8(2)\n"
    report = parse_diagnostics(text)
    assert [d.name for d in report.definitions] == ["g"]
    assert report.definitions[0].ir is not None
    assert [d["message"] for d in report.to_plain()["diagnostics"]] == [
        "duplicate type parameter 'n'",
        "unexpected indent",  # f's body, its header blanked (parser/diagnostics.py, issue 9)
    ]
