"""The scan of an edited text from the scan of the text before the edit, scanning again only
around the change.

An edit changes the characters between the texts' common prefix and common suffix. The token
pass (source_text.scan_tokens) restarts at the line end before the last clean head of the old
scan that lies before the change: the scanner's state there is its initial state, and the text
before it is the same. It stops at the first line end after the change where the new pass is in
its initial state before a head that the old scan also had, cleanly, at the same place in the
common suffix: from there on both passes see the same text in the same state, so the old scan's
findings hold, moved by the change in length and line count. When no such line comes (an
unterminated triple-quoted string now swallows the rest), the pass runs to the end of the text.

What is made again costs as much as the region scanned, plus one step per head, list and comment
after it when the edit changes the line count (they move; otherwise they are kept as they are),
plus the chunking over the whole head list (a step per head). ``rescan(old, new)`` equals
``scan(new)`` in every field (a property test compares them after random edits).
"""

from __future__ import annotations

import bisect
from dataclasses import replace
from typing import Callable, List, Optional, Tuple

from .line_index import line_starts
from .source_text import (
    Comment,
    Head,
    LineIndex,
    SourceScan,
    TokenScan,
    TypeParamList,
    blanked,
    chunks_of,
    comments_at,
    scan,
    scan_tokens,
)

__all__ = ["changed_region", "rescan"]

_BLOCK = 4096


def _common_run(same: Callable[[int, int], bool], limit: int) -> int:
    """The length of the longest common run (at most ``limit``) where ``same(done, n)`` tells
    whether the next ``n`` characters after ``done`` agree: blocks compared as slices
    (memcmp), then halving inside the first block that differs."""
    done = 0
    while done < limit:
        step = min(_BLOCK, limit - done)
        if same(done, step):
            done += step
            continue
        while step > 1:  # the first difference lies in [done, done + step)
            half = step // 2
            if same(done, half):
                done += half
                step -= half
            else:
                step = half
        return done
    return done


def changed_region(old: str, new: str) -> Tuple[int, int, int]:
    """(start, old end, new end): ``old[start:old_end]`` became ``new[start:new_end]``, and the
    texts agree before ``start`` and after the ends."""
    shorter = min(len(old), len(new))
    prefix = _common_run(lambda done, n: old[done : done + n] == new[done : done + n], shorter)
    lo, ln = len(old), len(new)
    suffix = _common_run(
        lambda done, n: old[lo - done - n : lo - done] == new[ln - done - n : ln - done],
        shorter - prefix)
    return prefix, len(old) - suffix, len(new) - suffix


def rescan(old: SourceScan, new_text: str, filename: str = "<string>") -> SourceScan:
    """``scan(new_text)``, made from ``old`` (the scan of the text before the edit) by scanning
    again only around the change; raises the ``SyntaxError`` that ``scan`` would."""
    old_text = old.line_index.text
    if new_text == old_text:
        return old
    start, old_end, new_end = changed_region(old_text, new_text)
    old_heads = old.heads
    line_ends = [h[3] for h in old_heads]
    # The restart: the last clean head whose line end lies before the change (strictly: the
    # pass starts by reading the character there).
    restart = bisect.bisect_left(line_ends, start) - 1
    while restart >= 0 and not (old_heads[restart][4] and old_heads[restart][3] >= 0):
        restart -= 1
    if restart < 0:
        return scan(new_text, filename)
    begin = old_heads[restart][3]
    delta = len(new_text) - len(old_text)
    lines = LineIndex(new_text, _new_starts(old, new_text, begin, old_end, new_end))
    # Clean old heads in the common suffix, by the index of their line end in the new text.
    resync_heads = {}
    for index in range(bisect.bisect_left(line_ends, old_end), len(old_heads)):
        if old_heads[index][4]:
            resync_heads[old_heads[index][3] + delta] = index
    found = scan_tokens(new_text, lines, filename, begin, resync=resync_heads.__contains__,
                        resync_from=new_end)
    resumed = resync_heads.get(found.stop) if found.stop < len(new_text) else None
    return _assemble(old, lines, found, restart, resumed)


def _new_starts(old: SourceScan, text: str, begin: int, old_end: int, new_end: int) -> List[int]:
    """The new text's line starts: the old ones up to ``begin`` (they end breaks before it),
    those of ``text[begin:new_end]``, and the old ones after ``old_end`` moved (their breaks lie
    in the common suffix)."""
    old_starts = old.line_index.starts
    kept = bisect.bisect_right(old_starts, begin)
    starts = old_starts[:kept]
    window = line_starts(text[begin:new_end])
    if text[new_end - 1 : new_end] == "\r" and text[new_end : new_end + 1] == "\n":
        window.pop()  # the "\r" ends no line: it is the first half of a "\r\n"
    starts.extend(begin + s for s in window[1:])
    tail = bisect.bisect_right(old_starts, old_end)
    delta = len(text) - len(old.line_index.text)
    starts.extend(map(delta.__add__, old_starts[tail:]) if delta else old_starts[tail:])
    return starts


def _moved_comment(comment: Comment, lines: int) -> Comment:
    return replace(comment, line=comment.line + lines)


def _moved_list(found: TypeParamList, lines: int) -> TypeParamList:
    items = tuple(
        replace(item, line=item.line + lines,
                annotation_line=None if item.annotation_line is None
                else item.annotation_line + lines)
        for item in found.items
    )
    return replace(found, start_line=found.start_line + lines,
                   end_line=found.end_line + lines, items=items)


def _assemble(old: SourceScan, lines: LineIndex, found: TokenScan, restart: int,
              resumed: Optional[int]) -> SourceScan:
    """The new scan: the old findings before the restart, the region's, and the old ones from
    the resync on (``resumed``, the index of the old head there; None when the region ran to
    the end of the text), moved."""
    text = lines.text
    old_heads = old.heads
    begin = old_heads[restart][3]
    begin_line = bisect.bisect_right(old.line_index.starts, begin)  # the line ``begin`` ends
    heads: List[Head] = old_heads[:restart] + found.heads
    comments = old.comments[: bisect.bisect_right(old.comments, begin_line, key=_line)]
    comments.extend(comments_at(text, lines, found.comment_spans))
    lists = [t for t in old.type_params if t.end_line <= begin_line]
    lists.extend(found.lists)
    list_spans = [s for s in old.list_spans if s[1] <= begin]
    list_spans.extend(found.list_spans)
    if resumed is not None:
        old_line, old_stop = old_heads[resumed][0], old_heads[resumed][3]
        delta = len(text) - len(old.line_index.text)
        line_delta = lines.line_count - old.line_index.line_count
        after = old_heads[resumed:]
        tail_comments = old.comments[bisect.bisect_left(old.comments, old_line, key=_line):]
        tail_lists = [t for t in old.type_params if t.start_line >= old_line]
        if line_delta:
            after = [(h[0] + line_delta, h[1], h[2], h[3] + delta, h[4]) for h in after]
            tail_comments = [_moved_comment(c, line_delta) for c in tail_comments]
            tail_lists = [_moved_list(t, line_delta) for t in tail_lists]
        elif delta:
            after = [(h[0], h[1], h[2], h[3] + delta, h[4]) for h in after]
        heads.extend(after)
        comments.extend(tail_comments)
        lists.extend(tail_lists)
        list_spans.extend((a + delta, b + delta) for a, b in old.list_spans if a > old_stop)
    return SourceScan(
        comments=comments,
        type_params=lists,
        blanked_text=_blanked_text(old, text, found, begin, resumed, list_spans),
        top_level=chunks_of(heads, comments, lines),
        line_index=lines,
        heads=heads,
        list_spans=list_spans,
        scanned=(begin, found.stop),
    )


def _blanked_text(old: SourceScan, text: str, found: TokenScan, begin: int,
                  resumed: Optional[int], list_spans: List[Tuple[int, int]]) -> str:
    """The new blanked text: when the old one has the old text's length (its lists are ASCII,
    one space per character), its parts before and after the region are kept and only the
    region's lists are blanked; otherwise every list (``list_spans``, the new text's) is
    blanked again."""
    old_text, old_blanked = old.line_index.text, old.blanked_text
    if not list_spans:
        return text
    if len(old_blanked) != len(old_text):
        return blanked(text, list_spans)
    old_stop = len(old_text) if resumed is None else old.heads[resumed][3]
    region = text[begin:found.stop]
    if found.list_spans:
        region = blanked(region, [(a - begin, b - begin) for a, b in found.list_spans])
    return old_blanked[:begin] + region + old_blanked[old_stop:]


def _line(comment: Comment) -> int:
    return comment.line
