"""What the frontend's syntax errors share: CPython's wording for characters it refuses, and
texts made safe to carry (lone surrogates, which UTF-8 cannot encode, replaced or escaped).
"""

from __future__ import annotations

import re

__all__ = ["ON_LINE", "UNPARSABLE_CHARACTER", "safe_line", "safe_message", "unparsable_message"]

# In CPython's messages: "... on line 3", "unterminated string literal (detected at line 3)".
ON_LINE = re.compile(r"(?<=\b(?:on|at) line )(\d+)")


# What CPython refuses before tokenizing a str: NUL, and lone surrogates (not encodable as UTF-8).
UNPARSABLE_CHARACTER = re.compile("[\x00\ud800-\udfff]")


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def unparsable_message(character: str) -> str:
    if character == "\x00":
        return "source code string cannot contain null bytes"  # CPython 3.11's ValueError
    return (
        f"invalid character {safe_message(character)} (U+{ord(character):04X}): "
        "a lone surrogate cannot be encoded as UTF-8"
    )


def safe_line(text: str) -> str:
    """``text`` with lone surrogates replaced by U+FFFD: encodable as UTF-8 and of the same
    length, so character offsets into it still hold."""
    return text if text.isascii() else _LONE_SURROGATE.sub("\ufffd", text)


def safe_message(text: str) -> str:
    """``text`` with lone surrogates written as ``\\udXXX`` escapes, so that a message can be
    encoded as UTF-8 (and cross into C++) and still shows what was there."""
    if text.isascii():
        return text
    return _LONE_SURROGATE.sub(lambda m: ascii(m.group())[1:-1], text)
