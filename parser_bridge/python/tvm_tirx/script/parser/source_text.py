"""Source facts that ``ast`` does not give, found in one regex pass instead of ``tokenize``.

The frontend needs three of them: the ``#`` comments, the PEP 695 header lists
``def f[n, m: T.int64](...)`` that CPython 3.11 cannot parse (found, checked and blanked here so
that every other token keeps its position), and a split of the file into top-level chunks so that
a syntax error in one definition does not hide the others. ``tokenize`` would find the first and
the last but is slower than ``ast.parse`` itself; one ``re.finditer`` pass costs a fraction of it.
``parse_chunk`` then parses one chunk at its file lines, in time linear in the chunk.

Positions: lines are 1-based; columns are 0-based UTF-8 byte offsets within the line (as
``ast``'s ``col_offset``), ends exclusive. Line ends are ``\\r\\n``, ``\\r`` and ``\\n``, as for
``ast.parse`` of a str; form feed, vertical tab and the Unicode separators are not line ends.
"""

from __future__ import annotations

import ast
import bisect
import functools
import itertools
import keyword
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Tuple, Union

__all__ = [
    "Comment",
    "LineIndex",
    "SourceScan",
    "TopLevelChunk",
    "TypeParam",
    "TypeParamList",
    "blank_lines",
    "chunk_text",
    "parse_chunk",
    "scan",
]


@dataclass(frozen=True)
class Comment:
    """A ``#`` comment; ``text`` starts with ``#`` and has no line ending."""

    line: int
    column: int
    end_column: int
    text: str
    own_line: bool  # only spaces, tabs and form feeds precede it on its line


@dataclass(frozen=True)
class TypeParam:
    """One item ``name`` or ``name: annotation`` of a header list.

    ``annotation`` is the source text after the colon, stripped, with comments replaced by
    spaces; it may span lines (its later lines keep their columns), so parse it in parentheses.
    """

    name: str
    line: int
    column: int
    end_column: int
    annotation: Optional[str]
    annotation_line: Optional[int]
    annotation_column: Optional[int]


@dataclass(frozen=True)
class TypeParamList:
    """A PEP 695 list ``[...]`` after ``def NAME`` or ``class NAME``; the span has both brackets.
    Names here and in ``TopLevelChunk`` are NFKC-normalized like ``ast``'s."""

    def_name: str
    start_line: int
    start_column: int
    end_line: int
    end_column: int
    items: Tuple[TypeParam, ...]


@dataclass(frozen=True)
class TopLevelChunk:
    """Lines ``start_line..end_line`` hold one top-level statement (several if they share lines,
    as in ``a = 1; b = 2``); see ``scan`` for the rules."""

    start_line: int
    end_line: int
    kind: str  # "definition" (def, async def or class, with its decorators) or "statement"
    name: Optional[str]  # the definition's name; None for statements or while it is typed
    code_start_line: int  # first line after the leading comment lines


@dataclass(frozen=True)
class SourceScan:
    """What one pass over a file finds."""

    comments: List[Comment]
    type_params: List[TypeParamList]
    blanked_text: str  # the text with every header list blanked; the text itself when none
    top_level: List[TopLevelChunk]
    line_index: LineIndex  # of the original text
    heads: List["Head"] = field(default_factory=list, repr=False, compare=False)
    """What the chunks were made of (for rescanning after an edit: source_rescan.py)."""
    list_spans: List[Tuple[int, int]] = field(default_factory=list, repr=False, compare=False)
    """String indices of the header lists (what ``blanked_text`` blanks)."""
    scanned: Tuple[int, int] = field(default=(0, -1), repr=False, compare=False)
    """The string indices the token pass went over (a rescan goes over the changed region
    only); ``(0, -1)`` for the whole text."""


def _identifier(name: str) -> str:
    """The name as ``ast`` spells it (the parser NFKC-normalizes identifiers)."""
    return name if name.isascii() else unicodedata.normalize("NFKC", name)


def _encoded_length(s: str) -> int:
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
        return _encoded_length(text[:char_column]) + max(0, char_column - len(text))

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
        return line, _encoded_length(self.text[start:index])

    def lines(self, first: int, last: int) -> str:
        """Lines ``first..last`` with their line endings."""
        starts = self.starts
        end = starts[last] if last < len(starts) else len(self.text)
        return self.text[starts[first - 1] : end]


def line_starts(text: str) -> List[int]:
    if _OTHER_LINE_BREAK.search(text):
        return [0] + [m.end() for m in _NEWLINE.finditer(text)]
    # Without the breaks that only str.splitlines knows, it splits like ast, in C.
    starts = list(itertools.accumulate(map(len, text.splitlines(True)), initial=0))
    if text and text[-1] not in "\r\n":
        starts.pop()  # the end of the text, not the start of a line
    return starts


_NEWLINE = re.compile(r"\r\n?|\n")
_OTHER_LINE_BREAK = re.compile("[\v\f\x1c-\x1e\x85\u2028\u2029]")

# Strings need no prefix: raw, bytes and (in 3.11) f-strings end where plain strings end, since
# the tokenizer skips the character after a backslash in all of them. A single-quoted string
# ends at its line end when unterminated; a triple-quoted one runs to the end of the text.
_STRING = "|".join(
    [
        r"'''[^'\\]*(?:(?:\\[\s\S]|'(?!''))[^'\\]*)*(?:'''|\Z)",
        r'"""[^"\\]*(?:(?:\\[\s\S]|"(?!""))[^"\\]*)*(?:"""|\Z)',
        r"'[^'\\\r\n]*(?:\\(?:\r\n|[\s\S])[^'\\\r\n]*)*'?",
        r'"[^"\\\r\n]*(?:\\(?:\r\n|[\s\S])[^"\\\r\n]*)*"?',
    ]
)
_GAP = r"(?:[ \t\f]|\\(?:\r\n?|\n))"  # whitespace inside a logical line
_NAME = r"[^\W\d]\w*"

# Every alternative starts with a literal character so that `re` skips other text quickly.
_TOKEN = re.compile(
    "|".join(
        [
            r"\(|\[|\{|\)|\]|\}",
            _STRING,
            r"\#[^\r\n]*",
            # A line with code at indentation 0 (a form feed resets the indentation).
            r"(?:\r\n?|\n)(?:[ \t\f]*\f)?(?=[^ \t\f\r\n#])",
            r"\\(?=[\r\n])",  # a backslash continuation
            rf"d(?<!\wd)ef{_GAP}+({_NAME}){_GAP}*\[",
            rf"c(?<!\wc)lass{_GAP}+({_NAME}){_GAP}*\[",
        ]
    )
)
_FIRST_LINE = re.compile(r"(?:[ \t\f]*\f)?(?=[^ \t\f\r\n#])")
# How a line at indentation 0 starts: 1 def/class keyword, 2 its name, 3 a decorator; a match
# without groups is a clause (else, elif, except, finally) that continues the statement above.
_HEAD = re.compile(
    rf"(?:async{_GAP}+)?(def|class)(?!\w){_GAP}*({_NAME})?|(@)|(?:else|elif|except|finally)(?!\w)"
)
# A logical line's tokens: brackets, strings, comments, continuations (skipped) and line ends.
_LOGICAL_TOKEN = re.compile(
    "|".join([r"\(|\[|\{|\)|\]|\}", _STRING, r"\#[^\r\n]*", r"\\(?:\r\n?|\n)", r"\r\n?|\n"])
)
_LIST_TOKEN = re.compile(r"|".join([r"\(|\[|\{|\)|\]|\}|,", _STRING, r"\#[^\r\n]*"]))
_LIST_NAME = re.compile(_NAME)
_LEADING_SPACE = re.compile(r"(?:[ \t\f\r\n]|\\(?:\r\n?|\n))*")
_BLANK_LINE = " \t\f"
_NOT_LINE_END = re.compile(r"[^\r\n]")
_NOT_LINE_END_BYTES = re.compile(rb"[^\r\n]")
_SPACE_BEFORE_LINE_END_BYTES = re.compile(rb" (?=[\r\n])")
# In CPython's messages: "... on line 3", "unterminated string literal (detected at line 3)".
_ON_LINE = re.compile(r"(?<=\b(?:on|at) line )(\d+)")
_CLOSING = {"(": ")", "[": "]", "{": "}"}
# What CPython refuses before tokenizing a str: NUL, and lone surrogates (not encodable as UTF-8).
_UNPARSABLE_CHARACTER = re.compile("[\x00\ud800-\udfff]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# parse_chunk pads a chunk with empty lines while that is cheaper than shifting its nodes:
# shifting costs about what tokenizing 4 empty lines per character of the chunk costs (CPython
# 3.11; docs/performance.md, "Fuzzing the analysis"). Either way the cost is linear in the chunk.
_PAD_LINES_PER_CHAR = 4


def scan(text: str, filename: str = "<string>") -> SourceScan:
    """Finds comments, header lists and top-level chunks in one pass; never raises except
    ``SyntaxError`` for a malformed header list (CPython's conventions: 1-based character
    ``offset``/``end_offset``, ``text`` = the line without its ending), the first one in the text.

    Header lists: ``def``/``class`` NAME ``[`` outside strings and comments, at any indentation.
    Each is replaced in ``blanked_text`` by one space per UTF-8 byte, line ends kept, so every
    other token keeps its line and byte column; a list over several lines also gets a backslash
    at the end of each of its lines (in place of its last space) so that the header stays one
    logical line, which is why an empty line inside a list is an error. Items: ``NAME`` or
    ``NAME: expression`` (checked with CPython's parser); ``*Ts``, ``**P``, duplicates and empty
    lists are errors.

    Top-level chunks: a chunk starts at a line whose code starts at indentation 0 and that is
    not inside an open bracket, a multi-line string or a backslash continuation; lines starting
    with ``else``, ``elif``, ``except`` or ``finally`` continue the chunk above. A line starting
    with ``def``, ``async def``, ``class`` or ``@`` always starts a chunk and closes open
    brackets, so that an unclosed ``(`` being typed does not swallow the rest of the file (an
    unterminated triple-quoted string does, as in Python). Decorators join the definition after
    them (blank and comment lines may come between, as in Python); decorators followed by no
    definition form a "statement" chunk, and so do decorators followed by indented code (a
    ``def`` line deleted or blanked), so that they do not join the next definition and hide it.
    ``end_line`` is the chunk's last line with code: trailing blank and comment-only lines belong
    to no chunk. Comment lines with ``#`` at column 0 directly
    above ``code_start_line`` (no blank line between) start the chunk (``start_line``).
    """
    lines = LineIndex(text)
    found = scan_tokens(text, lines, filename)
    comments = comments_at(text, lines, found.comment_spans)
    return SourceScan(
        comments=comments,
        type_params=found.lists,
        blanked_text=blanked(text, found.list_spans) if found.list_spans else text,
        top_level=chunks_of(found.heads, comments, lines),
        line_index=lines,
        heads=found.heads,
        list_spans=found.list_spans,
    )


Head = Tuple[int, str, Optional[str], int, bool]
"""A line with code at indentation 0 that starts a statement: (line, "def" | "deco" | "stmt",
name, string index of the line end before it (-1 for the first line), clean). Clean: no bracket
was open and no backslash continued the line above, so the scanner's state before the line end
is its initial state: a scan may start there (source_rescan.py)."""


@dataclass
class TokenScan:
    """What the token pass over ``text[begin:stop]`` found (string indices of the whole text)."""

    heads: List[Head]
    comment_spans: List[Tuple[int, int]]
    lists: List[TypeParamList]
    list_spans: List[Tuple[int, int]]
    stop: int
    """Where the pass stopped: the end of the text, or the line end ``resync`` accepted."""


def scan_tokens(
    text: str,
    lines: LineIndex,
    filename: str,
    begin: int = 0,
    resync: Optional[Callable[[int], bool]] = None,
    resync_from: int = 0,
) -> TokenScan:
    """The token pass of ``scan`` from ``begin``: 0, or the line end before a clean head of an
    earlier scan of a text with the same ``text[:begin + 1]`` (the state there is the initial
    one). With ``resync``, the pass stops at the first line end at or after ``resync_from``
    before a line with code at indentation 0, in the initial state, for which ``resync(index)``
    is true (the caller knows that from there on the rest of an earlier scan holds)."""
    starts = lines.starts
    comment_spans: List[Tuple[int, int]] = []
    heads: List[Head] = []
    lists: List[TypeParamList] = []
    spans: List[Tuple[int, int]] = []  # of the lists, as string indices
    open_list: Optional[Tuple[int, str]] = None  # ("[" index, def name)
    nested: List[Tuple[str, int]] = []  # brackets open inside the open list: (bracket, index)
    depth = 0
    continued_at = -1  # index of the line end that follows the last backslash continuation

    def line_start(line_end: int, code: int, after_continuation: bool) -> None:
        nonlocal depth
        clean = not depth and not after_continuation
        head = _HEAD.match(text, code)
        if head is None:
            if not clean:
                return
            heads.append((bisect.bisect_right(starts, code), "stmt", None, line_end, True))
            return
        if head.group(1) is None and head.group(3) is None:
            return  # a clause continuing the statement above
        if open_list is not None:
            raise _error("'[' was never closed", lines, filename, open_list[0])
        depth = 0
        kind = "deco" if head.group(3) else "def"
        name = head.group(2)
        line = bisect.bisect_right(starts, code)
        heads.append((line, kind, name and _identifier(name), line_end, clean))

    if begin == 0:
        first = _FIRST_LINE.match(text)
        if first is not None:
            line_start(-1, first.end(), False)
    stop = len(text)
    for m in _TOKEN.finditer(text, begin):
        start = m.start()
        c = text[start]
        if c in "([{":
            depth += 1
            if open_list is not None:
                nested.append((c, start))
        elif c in ")]}":
            if depth:
                depth -= 1
            if open_list is not None:
                opening, opened_at = nested[-1] if nested else ("[", open_list[0])
                if _CLOSING[opening] != c:
                    raise _mismatch(c, opening, opened_at, start, lines, filename)
                if nested:
                    nested.pop()
                else:
                    left, name = open_list
                    lists.append(_read_list(text, left, start, name, lines, filename))
                    spans.append((left, start + 1))
                    open_list = None
        elif c in "'\"":
            pass  # a string: skipped whole
        elif c == "#":
            comment_spans.append(m.span())
        elif c in "\r\n":
            if (
                resync is not None
                and start >= resync_from
                and not depth
                and start != continued_at
                and resync(start)
            ):
                stop = start
                break
            line_start(start, m.end(), start == continued_at)
        elif c == "\\":
            continued_at = m.end()
        elif c in "dc":
            if open_list is not None:
                raise _error("'[' was never closed", lines, filename, open_list[0])
            open_list = (m.end() - 1, _identifier(m.group(1) or m.group(2)))
            depth += 1
    if open_list is not None:
        raise _error("'[' was never closed", lines, filename, open_list[0])
    return TokenScan(heads, comment_spans, lists, spans, stop)


def blank_lines(text: str, first: int, last: int) -> str:
    """``text`` with lines ``first..last`` (1-based, clamped to the text; ``\\r\\n``, ``\\r`` and
    ``\\n`` end lines, as for ``ast``) made of spaces, one per character, line ends kept: every
    other line keeps its number and its text. For dropping a broken header and scanning again."""
    lines = LineIndex(text)
    first, last = max(first, 1), min(last, lines.line_count)
    if first > last:
        return text
    start = lines.starts[first - 1]
    end = lines.starts[last] if last < lines.line_count else len(text)
    return text[:start] + _NOT_LINE_END.sub(" ", text[start:end]) + text[end:]


def chunk_text(text: str, chunk: TopLevelChunk) -> str:
    """The chunk's lines preceded by empty lines, so that ``ast.parse`` gives file lines. Pass
    ``blanked_text`` to parse; the line index of the last texts is cached, so calling this for
    every chunk does not rescan the text. Its cost grows with ``start_line``: to parse every
    chunk of a file, use ``parse_chunk``, which is linear."""
    return "\n" * (chunk.start_line - 1) + _cached_index(text).lines(
        chunk.start_line, chunk.end_line
    )


def parse_chunk(
    source: Union[SourceScan, str], chunk: TopLevelChunk, filename: str = "<string>"
) -> ast.Module:
    """The chunk's statements as ``ast.parse`` of the chunk at its place in the file gives them:
    every node's ``lineno``/``end_lineno`` is a line of the file and columns are UTF-8 byte
    offsets, in time linear in the chunk (not in ``start_line``, as with ``chunk_text``).

    ``source`` is the file's ``SourceScan`` (its ``blanked_text`` is parsed) or the text to parse
    itself. Raises only ``SyntaxError``, at file lines with CPython's conventions: 1-based
    character ``offset``/``end_offset`` into ``text``, the line (CPython gives 0 where it has no
    column, as at the end of the input, and an ``end_offset`` of 0 or -1 for "no end"); the line
    is one of the chunk's or the one after it (an unexpected end). With a ``SourceScan`` these are
    characters of the original line, not of the blanked one (a blanked list has one space per
    UTF-8 byte, so the two differ after a non-ASCII list). Lone surrogates never reach the error:
    ``text`` has U+FFFD for them (same offsets) and ``msg`` escapes. What ``ast.parse`` reports
    otherwise is a ``SyntaxError`` too: a null byte or a lone surrogate at its character, and
    nesting too deep for CPython's parser at the chunk's first line of code."""
    if isinstance(source, SourceScan):
        text, original = source.blanked_text, source.line_index
    else:
        text, original = source, None
    lines = original if original is not None and text is original.text else _cached_index(text)
    try:
        return _parse_lines(lines, chunk, filename)
    except SyntaxError as error:
        if original is not None and lines is not original:
            _to_original_columns(error, lines, original)
        raise error.with_traceback(None) from None


def _parse_lines(lines: LineIndex, chunk: TopLevelChunk, filename: str) -> ast.Module:
    code = lines.lines(chunk.start_line, chunk.end_line)
    offset = chunk.start_line - 1
    bad = _UNPARSABLE_CHARACTER.search(code)
    if bad is not None:
        raise _unparsable_character(bad, code, offset, filename)
    # Empty lines cost CPython's tokenizer far less per line than shifting every node does, so
    # a chunk near the top is padded; the padding stays within a constant times the chunk.
    padded = offset <= _PAD_LINES_PER_CHAR * len(code)
    try:
        if padded:
            return ast.parse("\n" * offset + code, filename)
        return _shift_lines(ast.parse(code, filename), offset)
    except SyntaxError as error:
        raise _shifted_error(error, 0 if padded else offset, chunk.start_line) from None
    except (RecursionError, MemoryError):  # how CPython's parser says "nested too deeply"
        line = chunk.code_start_line
        message = "too deeply nested for Python's parser"
        text_of_line = _safe_line(lines.line_text(line))
        raise SyntaxError(message, (filename, line, 1, text_of_line, line, 2)) from None


def _to_original_columns(error: SyntaxError, blanked: LineIndex, original: LineIndex) -> None:
    """Moves ``error``'s character offsets from the blanked text's lines to the original's: the
    byte column is the same in both."""

    def moved(line: Optional[int], offset: Optional[int]) -> Optional[int]:
        if line is None or offset is None or offset < 1:
            return offset  # CPython's "no end" (0 or -1) stays as it is
        byte = blanked.byte_column(line, offset - 1)
        return original.char_column(line, byte) + 1

    error.offset = moved(error.lineno, error.offset)
    error.end_offset = moved(error.end_lineno, error.end_offset)
    if error.lineno is not None and blanked.line_text(error.lineno) != original.line_text(
        error.lineno
    ):
        error.text = _safe_line(original.line_text(error.lineno))


@functools.lru_cache(maxsize=2)
def _cached_index(text: str) -> LineIndex:
    # A str caches its hash, so the frontend's per-chunk calls cost one lookup, not a rescan.
    return LineIndex(text)


def _shift_lines(tree: ast.AST, offset: int) -> ast.AST:
    """Adds ``offset`` to every ``lineno``/``end_lineno`` under ``tree``, without recursion (a
    deep expression must not overflow the stack); a third of the cost of ``ast.increment_lineno``
    (it visits only the fields that can hold nodes)."""
    stack = [tree]
    pop, push, extend = stack.pop, stack.append, stack.extend
    node_type = ast.AST
    children = _NODE_FIELDS
    while stack:
        node = pop()
        kind = type(node)
        if "lineno" in kind._attributes:
            node.lineno += offset
            end = node.end_lineno
            if end is not None:
                node.end_lineno = end + offset
        fields = children.get(kind)
        if fields is None:
            fields = children[kind] = _node_fields(kind)
        for name in fields:
            value = getattr(node, name, None)
            if type(value) is list:
                extend([item for item in value if isinstance(item, node_type)])
            elif isinstance(value, node_type):
                push(value)
    return tree


# Fields that never hold a node with a position: identifiers, flags, strings, and the operator
# and context singletons (shared, without positions). `Constant.value` is a literal.
_NO_NODE_FIELDS = frozenset(
    {"ctx", "op", "id", "attr", "arg", "name", "kind", "type_comment", "level", "is_async",
     "conversion", "module", "asname", "tag", "lineno"}
)
_NODE_FIELDS: Dict[type, Tuple[str, ...]] = {}  # per node class, filled on first sight


def _node_fields(kind: type) -> Tuple[str, ...]:
    if kind is ast.Constant:
        return ()
    return tuple(name for name in kind._fields if name not in _NO_NODE_FIELDS)


def _shifted_error(error: SyntaxError, offset: int, first_line: int) -> SyntaxError:
    """``error`` of a chunk parsed ``offset`` lines above its place, at its file lines."""
    if error.lineno is None:
        error.lineno, error.offset = first_line, 1
    elif offset:
        error.lineno += offset
        if error.end_lineno is not None:
            error.end_lineno += offset
        if error.msg:
            error.msg = _ON_LINE.sub(lambda m: str(int(m.group(1)) + offset), error.msg)
    error.msg = _safe_message(error.msg or "invalid syntax")
    error.text = _safe_line(error.text) if error.text is not None else None
    return error.with_traceback(None)


def _unparsable_character(found: re.Match, code: str, offset: int, filename: str) -> SyntaxError:
    """CPython's refusal of a NUL or a lone surrogate, as a SyntaxError at its character."""
    before = code[: found.start()]
    line_start = max(before.rfind("\n"), before.rfind("\r")) + 1
    column = found.start() - line_start + 1
    line_end = _NEWLINE.search(code, found.start())
    line_text = code[line_start : line_end.start() if line_end else len(code)]
    line = offset + len(_NEWLINE.findall(before)) + 1
    message = _unparsable_message(found.group())
    return SyntaxError(message, (filename, line, column, _safe_line(line_text), line, column + 1))


def _unparsable_message(character: str) -> str:
    if character == "\x00":
        return "source code string cannot contain null bytes"  # CPython 3.11's ValueError
    return (
        f"invalid character {_safe_message(character)} (U+{ord(character):04X}): "
        "a lone surrogate cannot be encoded as UTF-8"
    )


def _safe_line(text: str) -> str:
    """``text`` with lone surrogates replaced by U+FFFD: encodable as UTF-8 and of the same
    length, so character offsets into it still hold."""
    return text if text.isascii() else _LONE_SURROGATE.sub("\ufffd", text)


def _safe_message(text: str) -> str:
    """``text`` with lone surrogates written as ``\\udXXX`` escapes, so that a message can be
    encoded as UTF-8 (and cross into C++) and still shows what was there."""
    if text.isascii():
        return text
    return _LONE_SURROGATE.sub(lambda m: ascii(m.group())[1:-1], text)


def comments_at(text: str, lines: LineIndex, spans: List[Tuple[int, int]]) -> List[Comment]:
    """The comments at ``spans`` (string indices of ``#`` to the line end)."""
    starts = lines.starts
    comments = []
    for start, end in spans:
        line = bisect.bisect_right(starts, start)
        before = text[starts[line - 1] : start]
        body = text[start:end]
        if lines.is_ascii:
            column, width = len(before), end - start
        else:
            column, width = _encoded_length(before), _encoded_length(body)
        comments.append(
            Comment(line, column, column + width, body, not before.strip(_BLANK_LINE))
        )
    return comments


def chunks_of(
    heads: List[Head], comments: List[Comment], lines: LineIndex
) -> List[TopLevelChunk]:
    groups: List[Tuple[int, str, Optional[str]]] = []  # (code start line, kind, name)
    decorated: Optional[int] = None  # first line of pending decorators
    for number, (line, kind, name, _, _) in enumerate(heads):
        if kind == "deco":
            if decorated is None:
                decorated = line
            following = heads[number + 1][0] if number + 1 < len(heads) else lines.line_count + 1
            end = lines.starts[following - 1] if following <= lines.line_count else len(lines.text)
            if _code_after_logical_line(lines.text, lines.starts[line - 1], end):
                groups.append((decorated, "statement", None))  # no definition follows them
                decorated = None
            continue
        if decorated is not None:
            if kind == "def":
                groups.append((decorated, "definition", name))
                decorated = None
                continue
            groups.append((decorated, "statement", None))
            decorated = None
        groups.append((line, "definition" if kind == "def" else "statement", name))
    if decorated is not None:
        groups.append((decorated, "statement", None))

    comment_lines = {c.line for c in comments if c.own_line}
    leading_lines = {c.line for c in comments if c.own_line and c.column == 0}
    chunks = []
    for i, (code_start, kind, name) in enumerate(groups):
        end = groups[i + 1][0] - 1 if i + 1 < len(groups) else lines.line_count
        while end > code_start and (
            end in comment_lines or not lines.line_text(end).strip(_BLANK_LINE)
        ):
            end -= 1
        start = code_start
        while start - 1 in leading_lines:
            start -= 1
        chunks.append(TopLevelChunk(start, end, kind, name, code_start))
    return chunks


def _code_after_logical_line(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` has code after the logical line that starts at ``start``: an
    indented line after a decorator (its ``def`` line deleted or blanked) means that the
    decorators decorate nothing, so they must not join the next definition and hide it."""
    depth = 0
    for m in _LOGICAL_TOKEN.finditer(text, start, end):
        c = text[m.start()]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth = max(depth - 1, 0)
        elif c in "\r\n" and not depth:
            return any(
                line.strip(_BLANK_LINE) and not line.lstrip(_BLANK_LINE).startswith("#")
                for line in _NEWLINE.split(text[m.end() : end])
            )
    return False


def _read_list(
    text: str, left: int, right: int, def_name: str, lines: LineIndex, filename: str
) -> TypeParamList:
    """Checks and reads the list ``text[left:right + 1]``."""
    bad = _UNPARSABLE_CHARACTER.search(text, left, right)
    if bad is not None:
        raise _error(_unparsable_message(bad.group()), lines, filename, bad.start())
    offset = left + 1  # item_code[i] is text[offset + i]
    commas = []
    depth = 0
    code = list(text[offset:right])
    for m in _LIST_TOKEN.finditer(text, offset, right):
        c = text[m.start()]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and not depth:
            commas.append(m.start())
        elif c == "#":
            code[m.start() - offset : m.end() - offset] = " " * (m.end() - m.start())
    item_code = "".join(code)  # comments blanked, so that no item holds one

    def skip(start: int, end: int) -> int:
        return _LEADING_SPACE.match(item_code, start - offset, end - offset).end() + offset

    items: List[TypeParam] = []
    seen = set()
    item_bounds = zip([offset] + [comma + 1 for comma in commas], commas + [right])
    for number, (begin, end) in enumerate(item_bounds):
        first = skip(begin, end)
        last = _code_end(item_code, first - offset, end - offset) + offset
        if first == last:
            if not commas:
                message = "Type parameter list cannot be empty"
                raise _error(message, lines, filename, left, right + 1)
            if number == len(commas):
                break  # a trailing comma
            raise _error("expected a type parameter name before ','", lines, filename, end)
        written = item_code[first - offset : last - offset]
        if written[0] == "*":
            message = f"TVMScript headers declare symbols only: `{written}` is not supported"
            raise _error(message, lines, filename, first, last)
        name_match = _LIST_NAME.match(item_code, first - offset, last - offset)
        after = name_match.end() + offset if name_match else first
        colon = skip(after, last)
        name = _identifier(text[first:after])
        if (
            not name.isidentifier()
            or keyword.iskeyword(name)
            or (colon < last and text[colon] != ":")
        ):
            message = f"invalid type parameter `{written}`: expected `name` or `name: annotation`"
            raise _error(message, lines, filename, first, last)
        if name in seen:
            raise _error(f"duplicate type parameter '{name}'", lines, filename, first, after)
        seen.add(name)
        line, column = lines.position(first)
        end_column = column + _encoded_length(text[first:after])
        if colon == last:
            items.append(TypeParam(name, line, column, end_column, None, None, None))
            continue
        annotation_start = skip(colon + 1, last)
        if annotation_start == last:
            raise _error("expected an annotation after ':'", lines, filename, colon, colon + 1)
        _check_annotation(item_code[colon + 1 - offset : end - offset], colon + 1, lines, filename)
        annotation = item_code[annotation_start - offset : last - offset]
        items.append(
            TypeParam(name, line, column, end_column, annotation, *lines.position(annotation_start))
        )

    start_line, start_column = lines.position(left)
    # _blanked continues each line of the list with a backslash, which an empty line cannot hold.
    for number, line_text in enumerate(_NEWLINE.split(text[left : right + 1])[1:-1], 1):
        if not line_text:
            empty = lines.starts[start_line - 1 + number]
            message = (
                "a type parameter list cannot contain an empty line "
                "(it is blanked for Python 3.11, which cannot parse it)"
            )
            raise _error(message, lines, filename, empty, empty)
    end_line, end_column = lines.position(right + 1)
    return TypeParamList(def_name, start_line, start_column, end_line, end_column, tuple(items))


def _code_end(code: str, first: int, end: int) -> int:
    """Where the code in ``code[first:end]`` ends: before trailing whitespace and continuations.
    (A backward walk: a regex search for the trailing run would be quadratic.)"""
    while end > first:
        c = code[end - 1]
        if c in " \t\f\r\n" or (c == "\\" and code[end : end + 1] in ("\r", "\n")):
            end -= 1
        else:
            break
    return end


def _check_annotation(code: str, start: int, lines: LineIndex, filename: str) -> None:
    """Parses an annotation laid out at its column, so that CPython's error positions are file
    positions once the line is added."""
    line = bisect.bisect_right(lines.starts, start)
    column = start - lines.starts[line - 1]  # >= 1: the colon comes before it on its line
    source = "(" + " " * (column - 1) + code + "\n)"
    first = start + _LEADING_SPACE.match(code).end()
    try:
        compile(source, filename, "eval", ast.PyCF_ONLY_AST)
    except SyntaxError as error:
        code_lines = len(_NEWLINE.findall(code)) + 1
        if error.lineno is None or not 1 <= error.lineno <= code_lines:
            raise _error(error.msg, lines, filename, first) from None
        end_line = error.end_lineno if error.end_lineno and error.end_lineno <= code_lines else None
        raise _syntax_error(
            _ON_LINE.sub(lambda m: str(int(m.group(1)) + line - 1), error.msg),
            filename,
            lines,
            line - 1 + error.lineno,
            max(error.offset or 1, 1),
            line - 1 + (end_line or error.lineno),
            error.end_offset if end_line and error.end_offset and error.end_offset > 0 else None,
        ) from None
    except ValueError as error:  # a null byte
        raise _error(str(error), lines, filename, first) from None
    except (RecursionError, MemoryError):  # how CPython's parser says "nested too deeply"
        raise _error("annotation nested too deeply", lines, filename, first) from None


def _syntax_error(
    message: str,
    filename: str,
    lines: LineIndex,
    line: int,
    offset: int,
    end_line: int,
    end_offset: Optional[int],
) -> SyntaxError:
    """A SyntaxError as CPython builds it: 1-based character offsets."""
    if end_offset is None:
        end_line, end_offset = line, offset + 1
    return SyntaxError(
        _safe_message(message),
        (filename, line, offset, _safe_line(lines.line_text(line)), end_line, end_offset),
    )


def _error(
    message: str, lines: LineIndex, filename: str, start: int, end: Optional[int] = None
) -> SyntaxError:
    """A SyntaxError for the string indices ``start..end`` (default: one character)."""
    line = bisect.bisect_right(lines.starts, start)
    offset = start - lines.starts[line - 1] + 1
    if end is None:
        return _syntax_error(message, filename, lines, line, offset, line, None)
    end_line = bisect.bisect_right(lines.starts, end)
    end_offset = end - lines.starts[end_line - 1] + 1
    return _syntax_error(message, filename, lines, line, offset, end_line, end_offset)


def _mismatch(
    closing: str, opening: str, left: int, right: int, lines: LineIndex, filename: str
) -> SyntaxError:
    """CPython's error for ``(]`` and the like."""
    message = f"closing parenthesis '{closing}' does not match opening parenthesis '{opening}'"
    opened_line = bisect.bisect_right(lines.starts, left)
    if bisect.bisect_right(lines.starts, right) != opened_line:
        message += f" on line {opened_line}"
    return _error(message, lines, filename, right)


def blanked(text: str, spans: List[Tuple[int, int]]) -> str:
    """Replaces each list by one space per UTF-8 byte and keeps line ends; a list over several
    lines gets a backslash at the end of each of its lines so that the header stays one logical
    line (an empty line cannot hold one: ``_read_list`` rejects it)."""
    pieces = []
    done = 0
    for start, end in spans:
        data = text[start:end].encode("utf-8", "surrogatepass")
        data = _SPACE_BEFORE_LINE_END_BYTES.sub(rb"\\", _NOT_LINE_END_BYTES.sub(b" ", data))
        pieces += [text[done:start], data.decode("ascii")]
        done = end
    pieces.append(text[done:])
    return "".join(pieces)
