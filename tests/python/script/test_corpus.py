"""The TVMScript corpus (tests/script_corpus/, issue item 9): programs with their canonical
print, and error programs with their exact error.

For every ``NAME.py`` beside a ``NAME.golden``: the program parses, its print is the golden text
exactly, the print parses back to a structurally equal function, and printing that function
again gives the same text. For every ``NAME.py`` beside a ``NAME.error``: parsing raises the
exception class named on the error file's first line, at the range on its second line
(``line:col-end_line:end_col``), with a message containing its third line.

``TVM_LSP_UPDATE_GOLDEN=1`` rewrites the goldens from the current printer (read every changed
golden before committing it; tests/script_corpus/README.md). Error files are written by hand.
"""

from __future__ import annotations

import os
import pathlib
from typing import List, Tuple

import pytest

from tvm_tirx import ir
from tvm_tirx.script import error_location, from_source
from tvm_tirx.script import tirx as T
from tvm_tirx.script import s_tir as Ts

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "script_corpus"
IMPORT_LINE = "from tvm_tirx.script import tirx as T"
UPDATE = os.environ.get("TVM_LSP_UPDATE_GOLDEN") == "1"


def _programs() -> Tuple[List[pathlib.Path], List[pathlib.Path]]:
    programs, errors = [], []
    for source in sorted(CORPUS.glob("*.py")):
        (errors if source.with_suffix(".error").exists() else programs).append(source)
    return programs, errors


PROGRAMS, ERRORS = _programs()


def _parse(source: pathlib.Path):
    return from_source(source.read_text(encoding="utf-8"), source_name=source.name)


@pytest.mark.parametrize("source", PROGRAMS, ids=lambda p: p.stem)
def test_program_prints_its_golden_and_round_trips(source: pathlib.Path) -> None:
    func = _parse(source)
    printed = func.script() + "\n"
    golden = source.with_suffix(".golden")
    if UPDATE:
        if not golden.exists() or golden.read_text(encoding="utf-8") != printed:
            golden.write_text(printed, encoding="utf-8")
    assert golden.exists(), f"{golden.name} is missing: run with TVM_LSP_UPDATE_GOLDEN=1 and " \
                            "read the new golden before committing it"
    assert printed == golden.read_text(encoding="utf-8")

    # The canonical print parses back (its namespace imports are only comments) to the same IR,
    # and prints the same text again.
    reparsed = from_source(printed, extra_vars={"T": T, "Ts": Ts}, source_name=golden.name)
    ir.assert_structural_equal(func, reparsed)
    assert reparsed.script() + "\n" == printed


def _read_error(path: pathlib.Path) -> Tuple[str, Tuple[int, int, int, int], str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3, f"{path.name}: expected 3 lines (class, range, message substring)"
    kind, where, message = lines
    start, end = where.split("-")
    line, col = start.split(":")
    end_line, end_col = end.split(":")
    return kind, (int(line), int(col), int(end_line), int(end_col)), message


def _location(exc: BaseException) -> Tuple[int, ...]:
    if isinstance(exc, SyntaxError):
        return (exc.lineno, exc.offset, exc.end_lineno, exc.end_offset)
    location = error_location(exc)
    assert location is not None, f"{type(exc).__name__} carries no source location: {exc}"
    return tuple(location[1:])


@pytest.mark.parametrize("source", ERRORS, ids=lambda p: p.stem)
def test_error_program_raises_its_error(source: pathlib.Path) -> None:
    kind, where, message = _read_error(source.with_suffix(".error"))
    with pytest.raises(Exception) as info:
        _parse(source)
    exc = info.value
    assert type(exc).__name__ == kind, f"{type(exc).__name__}: {exc}"
    assert _location(exc) == where
    text = exc.msg if isinstance(exc, SyntaxError) else str(exc)
    assert message in text


def test_corpus_is_consistent() -> None:
    """Every program has exactly one expectation, every expectation a program, and every
    program imports the namespace it uses."""
    assert len(PROGRAMS) >= 60 and len(ERRORS) >= 15
    for source in PROGRAMS + ERRORS:
        has_golden = source.with_suffix(".golden").exists()
        has_error = source.with_suffix(".error").exists()
        assert not (has_golden and has_error), f"{source.name} has both a golden and an error"
        assert source.read_text(encoding="utf-8").startswith(IMPORT_LINE + "\n"), source.name
    for expectation in [*CORPUS.glob("*.golden"), *CORPUS.glob("*.error")]:
        assert expectation.with_suffix(".py").exists(), f"{expectation.name} has no program"
