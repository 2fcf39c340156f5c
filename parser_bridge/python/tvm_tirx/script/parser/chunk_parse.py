"""Parsing one top-level chunk of a scanned file at its file lines, in time linear in the chunk.

``scan`` (source_text.py) splits a file into chunks so that a syntax error in one definition
does not hide the others; ``parse_chunk`` gives the chunk's statements as ``ast.parse`` of the
whole file would (file lines, UTF-8 byte columns), and its syntax errors at file lines with
CPython's conventions.
"""

from __future__ import annotations

import ast
import functools
import re
from typing import Dict, Optional, Tuple, Union

from .line_index import NEWLINE, LineIndex
from .source_text import SourceScan, TopLevelChunk
from .syntax_errors import (
    ON_LINE,
    UNPARSABLE_CHARACTER,
    safe_line,
    safe_message,
    unparsable_message,
)

__all__ = ["chunk_text", "parse_chunk"]

# parse_chunk pads a chunk with empty lines while that is cheaper than shifting its nodes:
# shifting costs about what tokenizing 4 empty lines per character of the chunk costs (CPython
# 3.11; docs/performance.md, "Fuzzing the analysis"). Either way the cost is linear in the chunk.
_PAD_LINES_PER_CHAR = 4


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
    bad = UNPARSABLE_CHARACTER.search(code)
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
        text_of_line = safe_line(lines.line_text(line))
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
        error.text = safe_line(original.line_text(error.lineno))


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


_NODE_FIELDS: Dict[type, Tuple[str, ...]] = {}  # per node class, filled on first sight

# Fields that never hold a node with a position: identifiers, flags, strings, and the operator
# and context singletons (shared, without positions). `Constant.value` is a literal.
_NO_NODE_FIELDS = frozenset(
    {"ctx", "op", "id", "attr", "arg", "name", "kind", "type_comment", "level", "is_async",
     "conversion", "module", "asname", "tag", "lineno"}
)


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
            error.msg = ON_LINE.sub(lambda m: str(int(m.group(1)) + offset), error.msg)
    error.msg = safe_message(error.msg or "invalid syntax")
    error.text = safe_line(error.text) if error.text is not None else None
    return error.with_traceback(None)


def _unparsable_character(found: re.Match, code: str, offset: int, filename: str) -> SyntaxError:
    """CPython's refusal of a NUL or a lone surrogate, as a SyntaxError at its character."""
    before = code[: found.start()]
    line_start = max(before.rfind("\n"), before.rfind("\r")) + 1
    column = found.start() - line_start + 1
    line_end = NEWLINE.search(code, found.start())
    line_text = code[line_start : line_end.start() if line_end else len(code)]
    line = offset + len(NEWLINE.findall(before)) + 1
    message = unparsable_message(found.group())
    return SyntaxError(message, (filename, line, column, safe_line(line_text), line, column + 1))
