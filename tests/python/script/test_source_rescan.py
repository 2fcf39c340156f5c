"""The incremental scan (parser/source_rescan.py): after any edit, rescanning from the earlier
scan gives exactly what a scan of the new text gives, while going over the changed region
only."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any, List, Union

import pytest

from tvm_tirx.script.parser.source_rescan import changed_region, rescan
from tvm_tirx.script.parser.source_text import SourceScan, scan

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "benchmarks"))

from bench_frontend import generate_file  # noqa: E402

CORPUS = sorted((REPO / "tests" / "script_corpus").glob("*.py")) + sorted(
    (REPO / "examples").rglob("*.py"))

# What an editor inserts, and what breaks a scanner's state: line ends of every kind, brackets,
# string quotes, comments, continuations, heads, header lists, clauses, non-ASCII, form feeds.
PIECES = ["\n", "\r\n", "\r", "(", ")", "[", "]", "def ", "@T.prim_func\n", "'''", '"', "#",
          "\\\n", "x", " ", "def f[n](", "class C[", "else:", "\n    ", "é", "\t", "\f",
          "T.int32", "]\n", '"""', "async def g", "@", "\n\n"]

FIELDS = ("comments", "type_params", "blanked_text", "top_level", "heads", "list_spans")


def full_scan(text: str) -> Union[SourceScan, SyntaxError]:
    try:
        return scan(text)
    except SyntaxError as error:
        return error


def assert_same(expected: Union[SourceScan, SyntaxError], old: SourceScan, text: str) -> Any:
    try:
        got: Union[SourceScan, SyntaxError] = rescan(old, text)
    except SyntaxError as error:
        got = error
    if isinstance(expected, SyntaxError):
        assert isinstance(got, SyntaxError), repr(text)
        assert (got.msg, got.lineno, got.offset, got.end_lineno, got.end_offset) == (
            expected.msg, expected.lineno, expected.offset, expected.end_lineno,
            expected.end_offset)
        return None
    assert not isinstance(got, SyntaxError), (repr(text), got)
    for name in FIELDS:
        assert getattr(got, name) == getattr(expected, name), name
    assert got.line_index.starts == expected.line_index.starts
    assert got.line_index.text == text
    return got


def random_edits(seed: int, count: int) -> List[str]:
    """Texts after edits of corpus files: each edit replaces up to 40 characters with up to 3
    pieces; up to 4 edits in a row, each rescanned from the last."""
    rng = random.Random(seed)
    texts = [p.read_text(encoding="utf-8") for p in CORPUS] + [generate_file(300)[0]]
    done = 0
    checked = []
    while done < count:
        text = rng.choice(texts)
        old = full_scan(text)
        if isinstance(old, SyntaxError):
            continue
        for _ in range(rng.randint(1, 4)):
            start = rng.randrange(len(text) + 1)
            end = min(len(text), start + rng.choice([0, 0, 1, 2, 5, 40]))
            inserted = "".join(rng.choice(PIECES) for _ in range(rng.choice([0, 1, 1, 2, 3])))
            new = text[:start] + inserted + text[end:]
            done += 1
            got = assert_same(full_scan(new), old, new)
            checked.append(new)
            if got is None:
                break
            text, old = new, got
    return checked


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_edits_rescan_as_a_full_scan_does(seed):
    assert len(random_edits(seed, 1500)) >= 1500


def test_changed_region():
    assert changed_region("abcdef", "abXdef") == (2, 3, 3)
    assert changed_region("abcdef", "abdef") == (2, 3, 2)
    assert changed_region("aaaa", "aaaaa") == (4, 4, 5)
    assert changed_region("", "x") == (0, 0, 1)
    assert changed_region("same", "same") == (4, 4, 4)
    long_text = "x" * 10000
    assert changed_region(long_text, long_text[:5000] + "y" + long_text[5000:]) == (
        5000, 5000, 5001)
    assert changed_region("a" * 9000 + "b", "a" * 9000 + "c") == (9000, 9001, 9001)


def edited(text: str, line: int, old: str, new: str) -> str:
    lines = text.split("\n")
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return "\n".join(lines)


def body_line(text: str) -> int:
    lines = text.split("\n")
    index = len(lines) // 2
    while not lines[index].startswith("        ") or "=" not in lines[index]:
        index += 1
    return index + 1


def test_an_edit_in_the_middle_rescans_about_one_definition():
    text, _ = generate_file(5000)
    old = scan(text)
    line = body_line(text)
    new = edited(text, line, "=", "= ")
    got = assert_same(scan(new), old, new)
    first, stop = got.scanned
    longest = max(
        len(got.line_index.lines(c.start_line, c.end_line)) for c in got.top_level)
    assert 0 < stop - first <= 2 * longest + 2, (first, stop, longest)
    assert stop - first < len(new) // 20


def test_an_unterminated_string_swallows_the_rest_and_its_end_gives_it_back():
    text, _ = generate_file(400)
    old = scan(text)
    line = body_line(text)
    opened = edited(text, line, "=", '= """')
    got = assert_same(scan(opened), old, opened)
    assert got.scanned[1] == len(opened)  # no line after it can resync
    closed = edited(opened, line, '= """', "=")
    assert closed == text
    again = assert_same(scan(text), got, text)
    assert again.top_level == old.top_level


@pytest.mark.parametrize("old_end,new_end", [("\r\n", "\r"), ("\r", "\r\n"), ("\n", "\r\n"),
                                             ("\r\n", "\n"), ("\r\n", "\r\r\n")])
def test_line_end_kinds_changed_at_the_change_boundary(old_end, new_end):
    rows = ["from tvm_tirx.script import tirx as T", "", "@T.prim_func",
            "def f(x: T.int32):", "    y = x + 1", "", "x = 1", "def g():", "    pass", ""]
    text = old_end.join(rows)
    for index in range(len(rows) - 1):
        lines = text.split(old_end)
        new = old_end.join(lines[: index + 1]) + new_end + old_end.join(lines[index + 1:])
        assert_same(scan(new), scan(text), new)


def test_header_lists_with_non_ascii_names_keep_the_blanked_text_right():
    text = ("from tvm_tirx.script import tirx as T\n\n@T.prim_func\ndef f[ñ](x: T.int32):\n"
            "    return x\n\n@T.prim_func\ndef g[n](x: T.int32):\n    return x\n")
    old = scan(text)
    assert len(old.blanked_text) != len(text)  # one space per UTF-8 byte
    new = text.replace("return x\n\n@T.prim_func\ndef g", "return x + 1\n\n@T.prim_func\ndef g")
    got = assert_same(scan(new), old, new)
    assert "def g   (" in got.blanked_text


def test_an_edit_on_the_first_line_scans_from_the_start():
    text = "import x\n\ndef f():\n    pass\n"
    new = "import y\n\ndef f():\n    pass\n"
    got = assert_same(scan(new), scan(text), new)
    assert got.scanned == (0, -1)  # nothing clean before it: a full scan


# Sessions rescan after every edit: test_document_session.py's random edit sequences compare
# each incremental report with a from-scratch analysis.
