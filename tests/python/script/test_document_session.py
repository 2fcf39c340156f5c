"""Incremental document sessions (issue 9, item 3): edits re-build only the definitions whose
text or context changed, and every field of the result equals a from-scratch analysis."""

from __future__ import annotations

import pathlib
import random
from typing import List

import pytest

from tvm_tirx.script import parse_diagnostics
from tvm_tirx.script.parser import session as sessions
from tvm_tirx.script.parser.runtime import Cancelled
from tvm_tirx.script.parser.session import DocumentSession, TextEdit

CORPUS = sorted(pathlib.Path(__file__).resolve().parents[2].joinpath("script_corpus")
                .glob("*.py"))

FILE = '''from tvm_tirx.script import tirx as T

n = T.dynamic("n")

@T.function
def first(A: T.Tensor((n,), T.int32)):
    for i in range(n):
        A[i] = i  # store

@T.function
def second(A: T.Tensor((4,), T.int32)):
    A[0] = "a"

@T.function
def third(A: T.Tensor((4,), T.int32)):
    x = A[0] + 1
    A[1] = x
'''


def _session(text: str) -> DocumentSession:
    session = DocumentSession("doc.py")
    session.set_text(text)
    return session


def _same_as_from_scratch(session: DocumentSession) -> None:
    """Every field equal, once the stale results kept for broken definitions (which a
    from-scratch analysis cannot have) are left out."""
    report = session.analyze()
    report.units = [u for u in report.units if not u.definition.stale]
    scratch = parse_diagnostics(session.text, source_name="doc.py").to_plain()
    assert report.to_plain() == scratch


def test_an_edit_in_one_definition_rebuilds_only_that_one() -> None:
    session = _session(FILE)
    session.analyze()
    assert session.stats.built == ["first", "second", "third"]
    # Line 16 is `    x = A[0] + 1` in `third`: one character changes.
    session.apply_edits([TextEdit((16, 15, 16, 16), "2")])
    report = session.analyze()
    assert (session.stats.built, session.stats.reused) == (["third"], ["first", "second"])
    assert "A[0] + 2" in report.definitions[2].canonical_text
    _same_as_from_scratch(session)


def test_only_lines_builds_the_definitions_there_and_the_whole_analysis_reuses_them() -> None:
    session = _session(FILE)
    # Lines 10-12 hold `second` (10-12) only: `first` ends at 8, `third` starts at 14.
    partial = session.analyze(only_lines=(10, 12))
    assert session.stats.built == ["second"]
    assert [d.name for d in partial.definitions] == ["second"]
    assert [d["code"] for d in partial.to_plain()["diagnostics"]] == ["type-error"]
    # A definition overlapping the range at one end counts: `first` ends on line 8.
    session.analyze(only_lines=(8, 8))
    assert (session.stats.built, session.stats.reused) == (["first"], [])
    session.analyze()
    assert (session.stats.built, session.stats.reused) == (["third"], ["first", "second"])
    _same_as_from_scratch(session)


def test_lines_added_above_move_the_reused_results() -> None:
    session = _session(FILE)
    before = session.analyze().to_plain()
    session.apply_edits([TextEdit((4, 0, 4, 0), "# a note\n\n")])
    after = session.analyze().to_plain()
    assert session.stats.built == []
    assert [d["range"][0] for d in after["definitions"]] == [7, 12, 16]
    assert after["diagnostics"][0]["range"] == [14, 4, 14, 14]
    assert [s["id"] for s in after["symbols"]] == [s["id"] for s in before["symbols"]]
    _same_as_from_scratch(session)


def test_a_changed_module_symbol_rebuilds_every_definition() -> None:
    session = _session(FILE)
    session.analyze()
    session.apply_edits([TextEdit((3, 15, 3, 16), "m")])  # T.dynamic("m")
    session.analyze()
    assert session.stats.built == ["first", "second", "third"]
    _same_as_from_scratch(session)


def test_whole_text_and_clamped_edits() -> None:
    session = _session(FILE)
    session.apply_edits([TextEdit(None, "x = 1\n"), TextEdit((99, 0, 120, 5), "y = 2\n")])
    assert session.text == "x = 1\ny = 2\n"
    with pytest.raises(TypeError, match="a document's text is a str"):
        session.set_text(b"bytes")  # type: ignore[arg-type]


def _random_edit(rng: random.Random, text: str) -> TextEdit:
    lines = text.split("\n")
    line = rng.randint(1, len(lines))
    width = len(lines[line - 1].encode("utf-8"))
    column = rng.randint(0, width)
    choice = rng.random()
    if choice < 0.3:  # type a character
        return TextEdit((line, column, line, column), rng.choice("x1 (:[.+\n#\"T"))
    if choice < 0.55:  # delete a few characters on the line
        end = min(width, column + rng.randint(1, 3))
        return TextEdit((line, column, line, end), "")
    if choice < 0.75:  # duplicate a line
        return TextEdit((line, 0, line, 0), lines[line - 1] + "\n")
    if choice < 0.9:  # delete a line
        end_line = min(line + 1, len(lines))
        return TextEdit((line, 0, end_line, 0) if end_line > line else (line, 0, line, width),
                        "")
    return TextEdit((line, column, line, column), "\n")


@pytest.mark.parametrize("seed", range(8))
def test_random_edit_sequences_match_a_from_scratch_analysis(seed: int) -> None:
    rng = random.Random(seed)
    paths = rng.sample(CORPUS, 4)
    text = "\n".join(p.read_text() for p in paths)
    session = _session(text)
    definitions = len(session.analyze().definitions)
    rebuilt: List[int] = []
    for _ in range(12):
        session.apply_edits([_random_edit(rng, session.text)])
        _same_as_from_scratch(session)
        rebuilt.append(len(session.stats.built))
    # Most single edits leave most definitions alone (counted on the text before the edits: an
    # edit may leave a file whose top-level syntax error hides every definition).
    assert sum(rebuilt) < 12 * definitions


def test_analyze_document_keeps_a_session_per_document() -> None:
    first = sessions.analyze_document(FILE, source_name="file:///a.py")
    again = sessions.analyze_document(FILE.replace('A[0] = "a"', "A[0] = 3"),
                                      source_name="file:///a.py")
    assert [d.name for d in first.definitions] == [d.name for d in again.definitions]
    session = sessions.document_session("file:///a.py")
    assert (session.stats.built, session.stats.reused) == (["second"], ["first", "third"])
    assert again.to_plain() == parse_diagnostics(session.text,
                                                 source_name="file:///a.py").to_plain()
    for i in range(sessions.OPEN_DOCUMENT_LIMIT + 3):
        sessions.analyze_document("x = 1\n", source_name=f"file:///other{i}.py")
    assert sessions.open_document_count() == sessions.OPEN_DOCUMENT_LIMIT
    assert sessions.document_session("file:///a.py") is None
    broken = sessions.analyze_document(b"bytes", source_name="file:///b.py")  # type: ignore
    assert broken.to_plain()["diagnostics"][0]["code"] == "internal-error"


def test_a_definition_broken_by_an_edit_keeps_its_last_good_result_marked_stale() -> None:
    session = _session(FILE)
    session.analyze()
    # Typing an open parenthesis in `third` (line 16) breaks it.
    session.apply_edits([TextEdit((16, 16, 16, 16), "(")])
    plain = session.analyze().to_plain()
    assert [(d["name"], d.get("stale", False)) for d in plain["definitions"]] == [
        ("first", False), ("second", False), ("third", True)]
    assert [d["code"] for d in plain["diagnostics"]] == ["syntax-error", "type-error"]
    # Navigation still works in it: its symbols and occurrences are the last good ones.
    assert any(s["id"].startswith("third:") and s["name"] == "x" for s in plain["symbols"])
    # Fixed, it is analysed again and no longer stale; a from-scratch analysis agrees.
    session.apply_edits([TextEdit((16, 16, 16, 17), "")])
    fixed = session.analyze().to_plain()
    assert not any(d.get("stale") for d in fixed["definitions"])
    assert fixed == parse_diagnostics(session.text, source_name="doc.py").to_plain()


def test_a_stale_result_moves_with_lines_added_above_it() -> None:
    session = _session(FILE)
    good = session.analyze().to_plain()
    third = next(d for d in good["definitions"] if d["name"] == "third")
    x_in_third = [o["range"] for o in good["occurrences"] if o["symbol"].startswith("third:")]
    # One change set: two lines above everything, and `third` broken (line 16, now 18).
    session.apply_edits([TextEdit((1, 0, 1, 0), "# a\n# b\n"), TextEdit((18, 16, 18, 16), "(")])
    plain = session.analyze().to_plain()
    stale = next(d for d in plain["definitions"] if d["name"] == "third")
    assert stale["stale"] is True
    assert stale["range"] == [third["range"][0] + 2, third["range"][1],
                              third["range"][2] + 2, third["range"][3]]
    moved = [o["range"] for o in plain["occurrences"] if o["symbol"].startswith("third:")]
    assert moved == [[r[0] + 2, r[1], r[2] + 2, r[3]] for r in x_in_third]
    # Two more lines above it while it stays broken: it moves again.
    session.apply_edits([TextEdit((1, 0, 1, 0), "\n\n")])
    again = session.analyze().to_plain()
    stale = next(d for d in again["definitions"] if d["name"] == "third")
    assert stale["range"][0] == third["range"][0] + 4


def _ranges_outside(plain: dict, text: str) -> List[str]:
    """Every range of a plain report that does not lie inside ``text`` (1-based lines, UTF-8
    byte columns, as the server checks them)."""
    lengths = [len(line.encode("utf-8", "surrogatepass"))
               for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]

    def inside(line: int, column: int) -> bool:
        return 1 <= line <= len(lengths) and 0 <= column <= lengths[line - 1]

    found = []
    for kind in ("definitions", "occurrences", "comments", "diagnostics"):
        for item in plain[kind]:
            r = item["range"]
            if not (inside(r[0], r[1]) and inside(r[2], r[3])):
                found.append(f"{kind} {item.get('name', item.get('symbol'))} {r}")
    for symbol in plain["symbols"]:
        r = symbol["definition_range"]
        if r and not (inside(r[0], r[1]) and inside(r[2], r[3])):
            found.append(f"symbol {symbol['name']} {r}")
    return found


def test_a_stale_result_stays_inside_text_that_lost_its_last_lines() -> None:
    """Deleting the end of a definition together with a syntax error keeps the definition
    stale; its last good range reached lines and columns that are gone, and the server refuses
    an answer with a range past the text, so the kept result is clamped to the text."""
    session = _session(FILE)
    session.analyze()
    # `third` loses `    A[1] = x` and gets a broken line instead: 17 lines become 16.
    session.apply_edits([TextEdit((16, 0, 18, 0), "    x = (\n")])
    plain = session.analyze().to_plain()
    stale = next(d for d in plain["definitions"] if d["name"] == "third")
    assert stale["stale"] is True
    assert stale["range"] == [14, 0, 17, 0]
    assert _ranges_outside(plain, session.text) == []


@pytest.mark.parametrize("seed", range(4))
def test_random_edits_leave_every_range_inside_the_text(seed: int) -> None:
    """Typing-like edits (insertions and deletions of a few characters to a line or two) over
    the corpus, analysed after each: no range of any kept or reused result lies past the
    text (the fuzz of tests/fuzz/fuzz_server.py found stale ranges there)."""
    rng = random.Random(seed)
    pieces = ["", "(", ")", ":", "\n", "\n    ", "T.", "x", "# c", "é", "\r\n", "[0]", " = 1"]
    for _ in range(12):
        text = rng.choice(CORPUS).read_text()
        session = _session(text)
        session.analyze()
        for _ in range(rng.randint(1, 6)):
            start = rng.randint(0, len(text))
            end = min(len(text), start + rng.choice([0, 1, 5, 20, 80]))
            text = text[:start] + rng.choice(pieces) + text[end:]
            session.set_text(text)
            plain = session.analyze().to_plain()
            assert _ranges_outside(plain, text) == [], (seed, text)


def test_a_cancelled_analysis_keeps_the_session_and_its_trees_consistent() -> None:
    """Typing cancels analyses: the document's session must survive a cancellation (or the next
    version starts cold), and a chunk tree that the cancelled analysis began to build (building
    rewrites it) must not be taken as pristine by the next analysis."""
    name = "file:///cancelled.py"
    sessions.analyze_document(FILE, source_name=name)
    session = sessions.document_session(name)
    # A line above everything: every chunk is parsed afresh at its new line (a pristine tree)
    # and every definition reused, so nothing rewrites those trees.
    moved = "# a comment\n" + FILE
    sessions.analyze_document(moved, source_name=name)
    assert session.stats.built == []
    # A new module symbol type changes every definition's context but no definition's text:
    # each is rebuilt from its cached tree. Cancel when the second is about to be built, after
    # building the first rewrote its tree.
    edited = moved.replace('n = T.dynamic("n")', 'n = T.dynamic("n", "int64")')
    calls: List[str] = []

    def cancel_second(key, name_, where):
        calls.append(name_)
        if len(calls) == 2:
            raise Cancelled()

    with pytest.raises(Cancelled):
        sessions.analyze_document(edited, source_name=name, progress=cancel_second)
    assert sessions.document_session(name) is session  # kept, with the new text
    assert session.text == edited
    again = sessions.analyze_document(edited, source_name=name)
    assert again.to_plain() == parse_diagnostics(edited, source_name=name).to_plain()
    assert session.stats.built == ["first", "second", "third"]


def test_what_a_function_adds_to_the_symbols_is_its_own() -> None:
    """Handle parameters that `T.match_buffer` consumes are no variables of the built IR; they
    are the function's parameters, not new module symbols (a module symbol made while building
    would be missing from a result reused for the unchanged function)."""
    source = (CORPUS[0].parent / "today_vector_add.py").read_text()
    text = source + "\n\n@T.function\ndef other(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n"
    session = _session(text)
    plain = session.analyze().to_plain()
    handles = {s["name"]: s for s in plain["symbols"] if s["name"] in ("a", "b", "c")}
    assert sorted(handles) == ["a", "b", "c"]
    assert all(s["id"].startswith("vector_add:") and s["kind"] == "parameter"
               for s in handles.values())
    session.apply_edits([TextEdit((len(text.split("\n")) - 1, 11, len(text.split("\n")) - 1,
                                   12), "2")])
    _same_as_from_scratch(session)
    assert session.stats.built == ["other"]


def test_a_name_the_file_binds_with_python_is_part_of_every_context() -> None:
    """Whether the file binds a name with Python decides how a definition's use of it is
    reported, so binding one re-analyses the definitions."""
    text = ("from tvm_tirx.script import tirx as T\n\n@T.function\n"
            "def f(A: T.Tensor((4,), T.int32)):\n    A[0] = limit\n")
    session = _session(text)
    assert [d["code"] for d in session.analyze().to_plain()["diagnostics"]] == ["name-error"]
    session.apply_edits([TextEdit((2, 0, 2, 0), "limit = int(3)\n")])
    _same_as_from_scratch(session)
    assert session.stats.built == ["f"]
    assert [d["code"] for d in session.analyze().to_plain()["diagnostics"]] == [
        "untrusted-not-evaluated"]


def test_a_stale_definition_answers_hover_only_inside_the_text() -> None:
    # Found by tests/fuzz/fuzz_server.py: an edit that shortens a line of a multi-line
    # statement and breaks the definition left its recorded values (hover) past the line's
    # end; the server refused the worker's answer as outside the text.
    from tvm_tirx.script.parser.report import what_is_at

    text = ("from tvm_tirx.script import tirx as T\n\n\n@T.function\n"
            "def f(A: T.Tensor((16,), T.float32)):\n"
            "    B = T.alloc_tensor(\n"
            "        ty_args=[T.Tensor((16,), T.float32, scope=\"local\")])\n"
            "    A[0] = B[0]\n")
    session = _session(text)
    assert what_is_at(session.analyze(), 6, 22)["range"] == [6, 8, 7, 60]  # the call
    # Line 7 loses its end and a syntax error breaks the definition: it is stale.
    session.apply_edits([TextEdit((7, 20, 7, 59), "(")])
    report = session.analyze()
    assert [d.stale for d in report.definitions] == [True]
    assert what_is_at(report, 6, 22) is None  # the call's recorded range is past line 7's end
    assert what_is_at(report, 6, 8)["range"] == [6, 8, 6, 9]  # still inside: still shown
