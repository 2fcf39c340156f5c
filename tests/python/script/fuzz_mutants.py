"""Deterministic mutants of the TVMScript corpus, and the invariants every analysis of one must
keep. Shared by tests/python/script/test_fuzz_analysis.py (a bounded run in the test command)
and scripts/fuzz_analysis.py (long runs).

A mutant is a function of its seed alone: ``mutant(seed)`` picks a corpus program and applies
one to three of the edits an editor produces while someone types (``MUTATIONS``). The corpus is
read in a fixed order, so a seed names the same text as long as the corpus and this file are
unchanged.
"""

from __future__ import annotations

import json
import pathlib
import random
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

REPO = pathlib.Path(__file__).resolve().parents[3]
CORPUS_DIRS = (REPO / "tests" / "script_corpus", REPO / "examples" / "tvmscript")

# Real members first, then names that do not exist and near misses.
T_MEMBERS = (
    "Tensor", "Buffer", "float32", "int32", "int64", "int8", "uint8", "bool", "float16",
    "float32x4", "grid", "serial", "parallel", "vectorized", "unroll", "thread_binding",
    "function", "prim_func", "dynamic", "Cast", "cast", "max", "min", "exp", "sqrt", "evaluate",
    "alloc_tensor", "decl_tensor", "match_buffer", "handle", "func_attr", "attr", "let", "Let",
    "Select", "Ramp", "Broadcast", "Shuffle", "sblock", "axis", "block", "macro", "inline",
    "jit", "Tensorr", "float", "int", "__class__", "sys", "builtins", "", "0", "T",
)
HEADER_LISTS = (
    "[n]", "[n, m]", "[n: T.int64]", "[n, n]", "[]", "[*Ts]", "[**P]", "[n\ud800]", "[n: (]",
    "[n:]", "[,]", "[n,]", "[1]", "[n: T.int64, m: T.dtype('int8')]", "[n\n]", "[n\r\n, m]",
    "[n: T.x(\n 1 2)]", "[n: \x00]", "[é, ñ]", "[n  # c\n]", "[n: [1, 2][0]]", "[",
)
PIECES = (
    "(", ")", "[", "]", "{", "}", ":", ",", ".", "=", "+", "-", "*", "/", "%", "@", "#", "'",
    '"', '"""', "\\", " ", "    ", "\t", "\n", "\r", "\r\n", "\f", "\v", "\x1c", "\x1e", "x",
    "A", "T", "i", "0", "1", "1.5", "é", "😀", "∑", "\u2028", "\u00a0", "\ufeff", "\ufb01",
    "\ud800", "\udfff", "\x00", "def ", "class ", "@T.function\n", "for ", "in ", "if ",
    "else:", "return ", "lambda", "yield", "await ", "T.", "A[i]", "range(8)", "f'{x}'", "...",
    ";", "->", "**",
)
LITERALS = (
    "0", "1", "-1", "2", "7", "1.5", "-0.0", "1e30", "2**31", "2**63", "-(2**63)", "10**20",
    "True", "None", "'int8'", '"float32"', '"int65"', '"x"', "''", "(1, 2)", "[1]", "{}", "...",
    "0x7fffffff", "1_000", "3j", "b'x'", "f'{1}'", "T.int8(300)", "T.float32(1e40)",
)
NON_ASCII = ("é", "😀", "∑", "ü", "\u2028", "\u2029", "\u0085", "\u00a0", "\ufeff", "ﬁ", "Ω", "𝔸")
TOKEN = re.compile(r"\w+|\S")
LINE_END = re.compile(r"\r\n|\r|\n")


def corpus() -> List[Tuple[str, str]]:
    """(name, text) of every corpus program, in a fixed order."""
    programs = []
    for folder in CORPUS_DIRS:
        for path in sorted(folder.glob("*.py")):
            programs.append((path.name, path.read_text()))
    return programs


# --- the edits ----------------------------------------------------------------------------------

Programs = Sequence[Tuple[str, str]]
Mutation = Callable[[random.Random, str, Programs], str]


def _at(rng: random.Random, text: str) -> int:
    return rng.randrange(len(text) + 1)


def _lines(text: str) -> List[str]:
    return text.splitlines(True) or [""]


def _tokens(text: str) -> List[re.Match]:
    return list(TOKEN.finditer(text)) or [re.match(r"", text)]


def delete_chars(rng: random.Random, text: str, programs: Programs) -> str:
    at = _at(rng, text)
    return text[:at] + text[at + rng.randint(1, 6):]


def insert_chars(rng: random.Random, text: str, programs: Programs) -> str:
    at = _at(rng, text)
    return text[:at] + "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 4))) + text[at:]


def duplicate_chars(rng: random.Random, text: str, programs: Programs) -> str:
    at = _at(rng, text)
    return text[:at] + text[at : at + rng.randint(1, 40)] + text[at:]


def delete_token(rng: random.Random, text: str, programs: Programs) -> str:
    token = rng.choice(_tokens(text))
    return text[: token.start()] + text[token.end() :]


def insert_token(rng: random.Random, text: str, programs: Programs) -> str:
    token = rng.choice(_tokens(rng.choice(programs)[1]))
    at = _at(rng, text)
    return text[:at] + token.group() + rng.choice(["", " "]) + text[at:]


def duplicate_token(rng: random.Random, text: str, programs: Programs) -> str:
    token = rng.choice(_tokens(text))
    return text[: token.end()] + rng.choice(["", " ", ", "]) + token.group() + text[token.end() :]


def delete_line(rng: random.Random, text: str, programs: Programs) -> str:
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "".join(lines)


def insert_line(rng: random.Random, text: str, programs: Programs) -> str:
    lines = _lines(text)
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(_lines(rng.choice(programs)[1])))
    return "".join(lines)


def duplicate_line(rng: random.Random, text: str, programs: Programs) -> str:
    lines = _lines(text)
    at = rng.randrange(len(lines))
    lines.insert(at, lines[at])
    return "".join(lines)


def swap_lines(rng: random.Random, text: str, programs: Programs) -> str:
    lines = _lines(text)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return "".join(lines)


def truncate(rng: random.Random, text: str, programs: Programs) -> str:
    return text[: _at(rng, text)]  # half-typed code


def unbalance(rng: random.Random, text: str, programs: Programs) -> str:
    at = _at(rng, text)
    return text[:at] + rng.choice("([{)]}") * rng.randint(1, 3) + text[at:]


def reindent(rng: random.Random, text: str, programs: Programs) -> str:
    lines = _lines(text)
    at = rng.randrange(len(lines))
    stripped = lines[at].lstrip(" \t")
    lines[at] = rng.choice(["", " ", "  ", "    ", "\t", " \t", "        ", "\f"]) + stripped
    return "".join(lines)


def tabs(rng: random.Random, text: str, programs: Programs) -> str:
    def as_tabs(found: re.Match) -> str:
        return "\t" * (len(found.group()) // 4)

    return re.sub(r"(?m)^(    )+", as_tabs, text, count=rng.randint(1, 9))


def non_ascii(rng: random.Random, text: str, programs: Programs) -> str:
    at = _at(rng, text)
    return text[:at] + rng.choice(NON_ASCII) + text[at:]


def lone_surrogate(rng: random.Random, text: str, programs: Programs) -> str:
    at = _at(rng, text)
    return text[:at] + rng.choice(["\ud800", "\udbff", "\udc00", "\udfff"]) + text[at:]


def nul(rng: random.Random, text: str, programs: Programs) -> str:
    at = _at(rng, text)
    return text[:at] + "\x00" + text[at:]


def line_endings(rng: random.Random, text: str, programs: Programs) -> str:
    choice = rng.randrange(4)
    if choice == 0:
        return LINE_END.sub("\r", text)
    if choice == 1:
        return LINE_END.sub("\r\n", text)
    if choice == 2:
        return LINE_END.sub(lambda m: rng.choice(["\n", "\r", "\r\n"]), text)
    at = _at(rng, text)
    return text[:at] + rng.choice(["\r", "\r\n", "\n\r"]) + text[at:]


def long_line(rng: random.Random, text: str, programs: Programs) -> str:
    lines = _lines(text)
    long = rng.choice([
        "    x = " + " + ".join(["1"] * rng.randint(500, 3000)) + "\n",
        "    s = '" + "é" * rng.randint(1000, 20000) + "'\n",
        "# " + "∑" * rng.randint(1000, 20000) + "\n",
        "    " + "y" * rng.randint(1000, 20000) + " = 1\n",
        "    A[0] = A[" + "0 + " * rng.randint(200, 2000) + "0]\n",
    ])
    lines.insert(rng.randrange(len(lines) + 1), long)
    return "".join(lines)


def deep_nesting(rng: random.Random, text: str, programs: Programs) -> str:
    depth = rng.choice([10, 50, 150, 199, 201, 400, 1000, 5000, 20000])
    expression = rng.choice([
        "(" * depth + "1" + ")" * depth,
        "-(" * depth + "1" + ")" * depth,
        "-" * depth + "1",
        "not " * depth + "1",
        "[" * depth + "]" * depth,
        "A[" * min(depth, 300) + "0" + "]" * min(depth, 300),
        "1" + " + 1" * depth,
        "(" * depth,  # unclosed
    ])
    tokens = [t for t in _tokens(text) if t.group().isdigit()] or _tokens(text)
    token = rng.choice(tokens)
    return text[: token.start()] + expression + text[token.end() :]


def t_member(rng: random.Random, text: str, programs: Programs) -> str:
    members = list(re.finditer(r"\bT\.(\w+)", text))
    member = rng.choice(T_MEMBERS)
    if not members:
        at = _at(rng, text)
        return text[:at] + "T." + member + text[at:]
    found = rng.choice(members)
    return text[: found.start(1)] + member + text[found.end(1) :]


def header_list(rng: random.Random, text: str, programs: Programs) -> str:
    names = list(re.finditer(r"\bdef (\w+)(\[[^\]\n]*\])?", text))
    written = rng.choice(HEADER_LISTS)
    if not names:
        return "def f" + written + "(A):\n    pass\n" + text
    found = rng.choice(names)
    return text[: found.end(1)] + written + text[found.end() :]


def swap_names(rng: random.Random, text: str, programs: Programs) -> str:
    """One name replaced by another of the program: syntax stays valid, meaning does not."""
    names = list(re.finditer(r"(?<![\w.])[A-Za-z_]\w*", text)) or _tokens(text)
    found, other = rng.choice(names), rng.choice(names)
    return text[: found.start()] + other.group() + text[found.end() :]


def replace_literal(rng: random.Random, text: str, programs: Programs) -> str:
    # An operand of `**` is never replaced: `2**31` for the 20 of `10**20` computes for minutes
    # in-process (a runaway the worker's time limit stops, tested in test_time_limits.cc).
    literals = list(re.finditer(r"(?<![\w.])(?<!\*\*)\d+(?:\.\d*)?(?!\d|\.|\*\*)|\"[^\"\n]*\"",
                                text)) or _tokens(text)
    found = rng.choice(literals)
    value = rng.choice(LITERALS)
    return text[: found.start()] + value + text[found.end() :]


MUTATIONS: Tuple[Mutation, ...] = (
    delete_chars, insert_chars, duplicate_chars, delete_token, insert_token, duplicate_token,
    delete_line, insert_line, duplicate_line, swap_lines, truncate, unbalance, reindent, tabs,
    non_ascii, lone_surrogate, nul, line_endings, long_line, deep_nesting, t_member, header_list,
    swap_names, replace_literal,
)
# Edits that often keep the syntax valid count twice, so that about half the mutants reach the
# builders and the checks behind them instead of stopping at a syntax error.
_DRAWN = MUTATIONS + (
    swap_names, replace_literal, t_member, header_list, line_endings, tabs, long_line,
    deep_nesting, duplicate_line, swap_lines, insert_line, non_ascii,
)


@dataclass(frozen=True)
class Mutant:
    seed: int
    base: str  # the corpus program's file name
    edits: Tuple[str, ...]  # the mutations applied, in order
    text: str

    def describe(self) -> str:
        return f"seed {self.seed}: {self.base} + {', '.join(self.edits)}"


def mutant(seed: int, programs: Sequence[Tuple[str, str]]) -> Mutant:
    """The mutant of ``seed``: a function of the seed and ``programs`` (``corpus()``) alone."""
    rng = random.Random(seed)
    base, text = programs[rng.randrange(len(programs))]
    edits = []
    for _ in range(rng.choice([1, 1, 1, 1, 2, 2, 3])):
        mutation = rng.choice(_DRAWN)
        text = mutation(rng, text, programs)
        edits.append(mutation.__name__)
    return Mutant(seed, base, tuple(edits), text)


# --- the invariants -----------------------------------------------------------------------------


def line_byte_lengths(text: str) -> List[int]:
    """UTF-8 byte length of each line, with ``\\r\\n``, ``\\r`` and ``\\n`` as line ends (as for
    ``ast.parse``); a text ending in a line end has an empty last line."""
    return [len(line.encode("utf-8", "surrogatepass")) for line in LINE_END.split(text)]


def _ranges(plain: Dict[str, Any]) -> Iterator[Tuple[str, Optional[List[int]]]]:
    for number, diagnostic in enumerate(plain["diagnostics"]):
        where = f"diagnostics[{number}] ({diagnostic.get('code')})"
        yield where, diagnostic["range"]
        for related in diagnostic["related"]:
            yield where + ".related", related["range"]
        for fix in diagnostic["fixes"]:
            for edit in fix["edits"]:
                yield where + ".fixes.edits", edit["range"]
    for key in ("definitions", "occurrences", "comments"):
        for number, item in enumerate(plain[key]):
            yield f"{key}[{number}]", item["range"]
    for number, symbol in enumerate(plain["symbols"]):
        if symbol["definition_range"] is not None:
            yield f"symbols[{number}].definition_range", symbol["definition_range"]


def range_problem(lengths: Sequence[int], where: str, span: Any) -> Optional[str]:
    """Why ``span`` ([line, column, end_line, end_column]) does not lie in the text, or None."""
    if not (isinstance(span, list) and len(span) == 4 and all(type(v) is int for v in span)):
        return f"{where}: malformed range {span!r}"
    line, column, end_line, end_column = span
    for at_line, at_column in ((line, column), (end_line, end_column)):
        if not 1 <= at_line <= len(lengths):
            return f"{where}: line {at_line} outside 1..{len(lengths)} in {span}"
        if not 0 <= at_column <= lengths[at_line - 1]:
            return (f"{where}: column {at_column} outside 0..{lengths[at_line - 1]} "
                    f"of line {at_line} in {span}")
    if (line, column) > (end_line, end_column):
        return f"{where}: starts after it ends: {span}"
    return None


def report_problems(text: str, analyse: Callable[[str], Any]) -> List[str]:
    """What is wrong with ``analyse(text)`` (``parse_diagnostics``): it raised, its ``to_plain()``
    failed or is not JSON (as UTF-8, which is what the C++ bridge needs), a range lies outside
    the text, a diagnostic has no code or message or repeats another (same code, message and
    range: an editor would show two identical marks), or one is an ``internal-error``."""
    try:
        report = analyse(text)
    except BaseException as error:  # noqa: BLE001 - the collecting API must never raise
        if isinstance(error, KeyboardInterrupt):
            raise
        return [f"raised {type(error).__name__}: {ascii(str(error))[:500]}"]
    try:
        plain = report.to_plain()
        json.dumps(plain, ensure_ascii=False).encode("utf-8")
    except Exception as error:  # noqa: BLE001
        return [f"to_plain/JSON failed: {type(error).__name__}: {ascii(str(error))[:500]}"]
    problems = []
    lengths = line_byte_lengths(text)
    for where, span in _ranges(plain):
        problem = range_problem(lengths, where, span)
        if problem:
            problems.append(problem)
    seen = set()
    for number, diagnostic in enumerate(plain["diagnostics"]):
        key = (diagnostic["code"], diagnostic["message"], tuple(diagnostic["range"]))
        if key in seen:
            problems.append(f"diagnostics[{number}]: repeated: {ascii(key)[:300]}")
        seen.add(key)
        if not diagnostic["code"] or not diagnostic["message"]:
            problems.append(f"diagnostics[{number}]: empty code or message: {diagnostic!r}")
        elif diagnostic["code"] == "internal-error":
            problems.append(f"diagnostics[{number}]: internal-error: "
                            f"{ascii(diagnostic['message'])[-800:]}")
    return problems
