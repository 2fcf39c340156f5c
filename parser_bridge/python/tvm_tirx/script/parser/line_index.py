"""Line starts of a text, and moves between lines, characters and UTF-8 bytes.

Lines end at ``\\r\\n``, ``\\r`` and ``\\n``, as for ``ast.parse`` of a str; form feed, vertical
tab and the Unicode separators are not line ends. Columns are 0-based UTF-8 byte offsets within
the line (as ``ast``'s ``col_offset``).
"""

from __future__ import annotations

import bisect
import itertools
import re
from typing import List, Optional, Tuple

__all__ = ["LineIndex", "NEWLINE", "encoded_length", "line_starts", "split_lines"]

NEWLINE = re.compile(r"\r\n?|\n")
_OTHER_LINE_BREAK = re.compile("[\v\f\x1c-\x1e\x85\u2028\u2029]")


def split_lines(text: str) -> List[str]:
    """The lines of ``text`` without their endings, as ``ast`` and the LSP count lines: each
    ends at ``\\r\\n``, ``\\r`` or ``\\n``, and a final ending starts an empty last line
    (``split_lines(text)[line - 1]`` is line ``line`` of an ``ast`` position). The frontend's
    one way to split text into lines: ``str.splitlines`` also ends lines at form feed, vertical
    tab, ``\\x1c``-``\\x1e``, ``\\x85``, ``\\u2028`` and ``\\u2029``, which a string literal or a
    comment may hold, and every later line would be off."""
    if "\r" not in text:
        return text.split("\n")  # the common case, without the regex
    return NEWLINE.split(text)


def encoded_length(s: str) -> int:
    # surrogatepass: scanning arbitrary editor text must not raise on lone surrogates.
    return len(s.encode("utf-8", "surrogatepass"))


class LineIndex:
    """Line starts of a text, built on first use, to move between lines, chars and bytes."""

    def __init__(self, text: str, starts: Optional[List[int]] = None) -> None:
        self.text = text
        self._starts: Optional[List[int]] = starts
        self.is_ascii = text.isascii()

    @property
    def starts(self) -> List[int]:
        """String index where each line starts (``starts[line - 1]``); a final newline starts
        an empty last line, as CPython may report errors there."""
        if self._starts is None:
            self._starts = line_starts(self.text)
        return self._starts

    @property
    def line_count(self) -> int:
        return len(self.starts)

    def line_text(self, line: int) -> str:
        """The line without its ending; "" past the last line (CPython may point there)."""
        starts = self.starts
        if line < 1:
            raise IndexError(f"line {line} is before the first line")
        if line > len(starts):
            return ""
        end = starts[line] if line < len(starts) else len(self.text)
        return self.text[starts[line - 1] : end].rstrip("\r\n")

    def byte_column(self, line: int, char_column: int) -> int:
        """Byte column of a 0-based char column; columns past the end count one byte each."""
        if self.is_ascii:
            return char_column
        text = self.line_text(line)
        return encoded_length(text[:char_column]) + max(0, char_column - len(text))

    def char_column(self, line: int, byte_column: int) -> int:
        """Char column of a byte column (rounded down inside a character); past the end, one
        char per byte."""
        if self.is_ascii:
            return byte_column
        data = self.line_text(line).encode("utf-8", "surrogatepass")
        head = data[:byte_column].decode("utf-8", "ignore")
        return len(head) + max(0, byte_column - len(data))

    def position(self, index: int) -> Tuple[int, int]:
        """(line, byte column) of a string index."""
        starts = self.starts
        line = bisect.bisect_right(starts, index)
        start = starts[line - 1]
        if self.is_ascii:
            return line, index - start
        return line, encoded_length(self.text[start:index])

    def lines(self, first: int, last: int) -> str:
        """Lines ``first..last`` with their line endings."""
        starts = self.starts
        end = starts[last] if last < len(starts) else len(self.text)
        return self.text[starts[first - 1] : end]


def line_starts(text: str) -> List[int]:
    if _OTHER_LINE_BREAK.search(text):
        return [0] + [m.end() for m in NEWLINE.finditer(text)]
    # Without the breaks that only str.splitlines knows, it splits like ast, in C.
    starts = list(itertools.accumulate(map(len, text.splitlines(True)), initial=0))
    if text and text[-1] not in "\r\n":
        starts.pop()  # the end of the text, not the start of a line
    return starts
