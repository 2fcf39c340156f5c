"""Source facts that ``ast`` does not give, found in one regex pass instead of ``tokenize``.

The frontend needs three of them: the ``#`` comments, the PEP 695 header lists
``def f[n, m: T.int64](...)`` that CPython 3.11 cannot parse (found, checked and blanked here so
that every other token keeps its position), and a split of the file into top-level chunks so that
a syntax error in one definition does not hide the others. ``tokenize`` would find the first and
the last but is slower than ``ast.parse`` itself; one ``re.finditer`` pass costs a fraction of it.
``chunk_parse.parse_chunk`` then parses one chunk at its file lines, in time linear in the
chunk; line_index.py moves between lines, characters and bytes.

Positions: lines are 1-based; columns are 0-based UTF-8 byte offsets within the line (as
``ast``'s ``col_offset``), ends exclusive. Line ends are ``\\r\\n``, ``\\r`` and ``\\n``, as for
``ast.parse`` of a str; form feed, vertical tab and the Unicode separators are not line ends.
"""

from __future__ import annotations

import ast
import bisect
import keyword
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Callable, List, Optional, Tuple

from .line_index import NEWLINE, LineIndex, encoded_length, split_lines
from .syntax_errors import (
    ON_LINE,
    UNPARSABLE_CHARACTER,
    safe_line,
    safe_message,
    unparsable_message,
)

__all__ = [
    "Comment",
    "LineIndex",
    "SourceScan",
    "TopLevelChunk",
    "TypeParam",
    "TypeParamList",
    "blank_lines",
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
_CLOSING = {"(": ")", "[": "]", "{": "}"}
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
            column, width = encoded_length(before), encoded_length(body)
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
                for line in split_lines(text[m.end() : end])
            )
    return False


def _read_list(
    text: str, left: int, right: int, def_name: str, lines: LineIndex, filename: str
) -> TypeParamList:
    """Checks and reads the list ``text[left:right + 1]``."""
    bad = UNPARSABLE_CHARACTER.search(text, left, right)
    if bad is not None:
        raise _error(unparsable_message(bad.group()), lines, filename, bad.start())
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
        end_column = column + encoded_length(text[first:after])
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
    for number, line_text in enumerate(split_lines(text[left : right + 1])[1:-1], 1):
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
        code_lines = len(NEWLINE.findall(code)) + 1
        if error.lineno is None or not 1 <= error.lineno <= code_lines:
            raise _error(error.msg, lines, filename, first) from None
        end_line = error.end_lineno if error.end_lineno and error.end_lineno <= code_lines else None
        raise _syntax_error(
            ON_LINE.sub(lambda m: str(int(m.group(1)) + line - 1), error.msg),
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
        safe_message(message),
        (filename, line, offset, safe_line(lines.line_text(line)), end_line, end_offset),
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
