"""source_text: comments, PEP 695 header lists and top-level chunks found without the tokenizer,
checked against exact positions, against ``tokenize`` and ``ast`` (the oracles, used only here),
and on junk that must neither hang nor raise anything but the header SyntaxErrors."""

from __future__ import annotations

import ast
import io
import pathlib
import random
import re
import sysconfig
import time
import tokenize
from typing import List, Tuple

import pytest

from tvm_tirx.script.parser import source_text
from tvm_tirx.script.parser.source_text import (
    Comment,
    LineIndex,
    TopLevelChunk,
    TypeParam,
    TypeParamList,
    blank_lines,
    scan,
)
from tvm_tirx.script.parser.chunk_parse import chunk_text, parse_chunk


def comments_of(text: str) -> List[Tuple[int, int, int, str, bool]]:
    return [(c.line, c.column, c.end_column, c.text, c.own_line) for c in scan(text).comments]


def chunks_of(text: str) -> List[Tuple[int, int, str, object, int]]:
    return [
        (c.start_line, c.end_line, c.kind, c.name, c.code_start_line) for c in scan(text).top_level
    ]


def syntax_error(text: str) -> SyntaxError:
    with pytest.raises(SyntaxError) as info:
        scan(text, "k.py")
    return info.value


def error_fields(error: SyntaxError) -> tuple:
    return (
        error.msg,
        error.filename,
        error.lineno,
        error.offset,
        error.text,
        error.end_lineno,
        error.end_offset,
    )


# --- comments -----------------------------------------------------------------------------------


def test_comment_positions_text_and_own_line():
    text = "# top\nx = 1  # after code\n    # indented\n\t# tab\n"
    assert scan(text).comments == [
        Comment(1, 0, 5, "# top", True),
        Comment(2, 7, 19, "# after code", False),
        Comment(3, 4, 14, "# indented", True),
        Comment(4, 1, 6, "# tab", True),
    ]


def test_comment_columns_are_utf8_bytes():
    text = 'é = "ü"  # naïve\n# ∑\n'
    assert comments_of(text) == [(1, 11, 19, "# naïve", False), (2, 0, 5, "# ∑", True)]


def test_comment_excludes_crlf_and_lone_cr_line_endings():
    assert comments_of("a = 1  # one\r\n# two\r\nb = 2\r\n") == [
        (1, 7, 12, "# one", False),
        (2, 0, 5, "# two", True),
    ]
    assert comments_of("a = 1  # one\r# two\rb = 2") == [
        (1, 7, 12, "# one", False),
        (2, 0, 5, "# two", True),
    ]


def test_comment_at_end_of_text_and_empty_comment():
    assert comments_of("x = 1 #") == [(1, 6, 7, "#", False)]
    assert comments_of("#") == [(1, 0, 1, "#", True)]


@pytest.mark.parametrize(
    "string",
    [
        "'# x'",
        '"# x"',
        "'''# x'''",
        '"""# x"""',
        "r'# x'",
        "Rb'# x'",
        "bR'# x'",
        "u'# x'",
        "F'# x'",
        "rf'# x'",
        "fR'# x'",
        "f'{x}# x'",
        "f'{x!r:#>{w}}'",
        r'"\"# x"',
        r"'\'# x'",
        r"r'\'# x'",
        r'r"\"# x"',
        "'[# x'",
    ],
)
def test_hash_inside_a_string_is_no_comment(string):
    column = 6 + len(string)
    assert comments_of(f"s = {string}  # real\n") == [(1, column, column + 6, "# real", False)]


def test_escapes_at_the_end_of_strings():
    text = "a = '\\\\'  # c1\nb = \"\\\"\"  # c2\nc = r'\\''  # c3\nd = r'\\\\'  # c4\n"
    assert [c.text for c in scan(text).comments] == ["# c1", "# c2", "# c3", "# c4"]
    ast.parse(text)


def test_multi_line_strings_hide_comments_and_brackets():
    text = (
        'x = """\n# not a comment [\ndef f[n](): pass\n"""  # real\n'
        "y = '''it''s'''  # two\n"
        "z = 'a\\\n# still string'  # three\n"
    )
    ast.parse(text)
    result = scan(text)
    assert [(c.line, c.text) for c in result.comments] == [
        (4, "# real"),
        (5, "# two"),
        (7, "# three"),
    ]
    assert result.type_params == []
    assert chunks_of(text) == [
        (1, 4, "statement", None, 1),
        (5, 5, "statement", None, 5),
        (6, 7, "statement", None, 6),
    ]


def test_unterminated_single_quoted_string_ends_at_its_line():
    text = "x = 'abc # inside\ny = \"[  # inside too\nz = 1  # real\n"
    assert comments_of(text) == [(3, 7, 13, "# real", False)]
    assert [c.start_line for c in scan(text).top_level] == [1, 2, 3]


def test_unterminated_triple_quoted_string_swallows_the_rest():
    text = "x = '''abc\n# inside\ndef f():\n    pass\n"
    result = scan(text)
    assert result.comments == []
    assert chunks_of(text) == [(1, 4, "statement", None, 1)]


def test_comments_in_brackets_after_continuations_and_form_feeds():
    text = "x = (1,  # one\n# two\n     2)\ny = 1 + \\\n    2  # three\n\x0c# four\n"
    assert comments_of(text) == [
        (1, 9, 14, "# one", False),
        (2, 0, 5, "# two", True),
        (5, 7, 14, "# three", False),
        (6, 1, 7, "# four", True),
    ]


ORACLE_SNIPPETS = [
    "x = 1  # a\n",
    "# only\n",
    "def f(a,  # first\n      b):  # header\n    return a  # body\n",
    's = "#"  # after a hash string\nt = \'\\\'#\'  # escaped\n',
    'u = """\n# no\n"""  # yes\nv = r"\\"#"  # raw\n',
    "w = f'{x}#{y!r}'  # f\nz = [\n    1,  # in list\n    # own line in list\n]\n",
    "if x:\n    pass\n# between\nelse:  # else\n    pass\n",
    "a = 1 + \\\n    2  # after continuation\n",
    "é = 'ü#'  # ñ\n\t# tabbed\n",
    "x = 1  # crlf\r\n# second\r\ny = 2\r\n",
    "class C:\n    '''doc # not'''\n    x: int  # field\n",
    "x = 1\n\x0c# form feed\n",
    "s = b'#' + rb'\\'' + Rb\"#\"  # bytes\n",
    "def f():\n    return '''\n    # fake\n    '''  # true\n",
]


def oracle_comments(text: str) -> List[Tuple[int, int, int, str]]:
    """The comments tokenize finds, with its character columns made byte columns."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            line, char = token.start
            column = len(token.line[:char].encode())
            found.append((line, column, column + len(token.string.encode()), token.string))
    return found


def oracle_chunks(text: str) -> List[Tuple[int, int]]:
    """(first line, last line) of the top-level statements, decorators included; statements
    sharing a line (``a = 1; b = 2``) make one range."""
    ranges: List[Tuple[int, int]] = []
    for statement in ast.parse(text).body:
        decorators = getattr(statement, "decorator_list", [])
        first = decorators[0].lineno if decorators else statement.lineno
        if ranges and first <= ranges[-1][1]:
            ranges[-1] = (ranges[-1][0], statement.end_lineno)
        else:
            ranges.append((first, statement.end_lineno))
    return ranges


@pytest.mark.parametrize("text", ORACLE_SNIPPETS)
def test_comments_match_tokenize(text):
    ast.parse(text)  # the snippets are valid Python
    assert [c[:4] for c in comments_of(text)] == oracle_comments(text)


STDLIB = pathlib.Path(sysconfig.get_paths()["stdlib"])
# Lexing-heavy modules: tokenizers, parsers, docstring-heavy code, unusual quoting.
STDLIB_FILES = [
    "tokenize.py",
    "ast.py",
    "inspect.py",
    "doctest.py",
    "string.py",
    "textwrap.py",
    "shlex.py",
    "typing.py",
    "dataclasses.py",
    "re/_parser.py",
    "email/_header_value_parser.py",
    "tomllib/_parser.py",
    "configparser.py",
    "lib2to3/pgen2/tokenize.py",
]
REAL_FILES = [pathlib.Path(source_text.__file__), pathlib.Path(__file__)] + [
    STDLIB / name for name in STDLIB_FILES
]


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda path: path.name)
def test_real_files_match_tokenize_and_ast(path):
    if not path.is_file():
        pytest.skip(f"{path} is not installed")
    text = path.read_text(encoding="utf-8")
    result = scan(text)
    assert [(c.line, c.column, c.end_column, c.text) for c in result.comments] == (
        oracle_comments(text)
    )
    assert [(c.code_start_line, c.end_line) for c in result.top_level] == oracle_chunks(text)
    if "\r" not in text:
        for ending in ["\r\n", "\r"]:
            other = scan(text.replace("\n", ending))
            assert other.comments == result.comments
            assert other.top_level == result.top_level


# --- header lists --------------------------------------------------------------------------------


def test_header_list_items_and_span():
    text = 'def f[n, m: T.int64, k: T.dtype("int8")](A: T.Buffer((n,), "int8")):\n    pass\n'
    result = scan(text)
    assert result.type_params == [
        TypeParamList(
            "f",
            1,
            5,
            1,
            40,
            (
                TypeParam("n", 1, 6, 7, None, None, None),
                TypeParam("m", 1, 9, 10, "T.int64", 1, 12),
                TypeParam("k", 1, 21, 22, 'T.dtype("int8")', 1, 24),
            ),
        )
    ]
    assert result.blanked_text == (
        "def f" + " " * 35 + '(A: T.Buffer((n,), "int8")):\n    pass\n'
    )
    function = ast.parse(result.blanked_text).body[0]
    assert (function.name, function.args.args[0].col_offset) == ("f", 41)


def test_no_list_returns_the_text_itself():
    text = "def f(a):\n    return a[0]\n"
    assert scan(text).blanked_text is text


def test_class_async_indented_and_spaced_headers():
    text = (
        "class C[T]:\n"
        "    async def m [a,b] (self):\n"
        "        def inner[x](): pass\n"
        "async def g[z]():\n"
        "    pass\n"
    )
    result = scan(text)
    found = [(t.def_name, t.start_line, t.start_column, t.end_column) for t in result.type_params]
    assert found == [("C", 1, 7, 10), ("m", 2, 16, 21), ("inner", 3, 17, 20), ("g", 4, 11, 14)]
    names = [[i.name for i in t.items] for t in result.type_params]
    assert names == [["T"], ["a", "b"], ["x"], ["z"]]
    ast.parse(result.blanked_text)


def test_nested_brackets_strings_and_commas_in_annotations():
    text = "def f[a: T.x((1, 2), [3, 4]), b: T.s(\"],#[\", ','), c: T.d[1, ']']](): pass\n"
    items = scan(text).type_params[0].items
    assert [(i.name, i.annotation, i.annotation_column) for i in items] == [
        ("a", "T.x((1, 2), [3, 4])", 9),
        ("b", 'T.s("],#[", \',\')', 33),
        ("c", "T.d[1, ']']", 54),
    ]
    for item in items:
        ast.parse(item.annotation, mode="eval")
    assert scan(text).comments == []


@pytest.mark.parametrize(
    "text",
    [
        "x = 'def f[n](): pass'\n",
        "# def f[n](): pass\n",
        "undef[1]\nclass_[2] = 3\nredefine = d[0]\n",
        "x = '''\ndef f[n](): pass\n'''\n",
        "def f(a=b[1]): return c[2]\n",
        "class A: x = y[0]\n",
    ],
)
def test_no_list_outside_headers(text):
    result = scan(text)
    assert result.type_params == [] and result.blanked_text is text


def test_multi_line_list_with_comments_and_crlf():
    text = (
        "@T.prim_func\r\n"
        "def f[\r\n"
        "    n,  # the size\r\n"
        "    # a whole-line comment\r\n"
        "    m: T.dtype(\r\n"
        '        "int8"),\r\n'
        "](A: T.Buffer((n,), m)):\r\n"
        "    return A\r\n"
    )
    result = scan(text)
    (header,) = result.type_params
    assert (header.start_line, header.start_column, header.end_line, header.end_column) == (
        2, 5, 7, 1
    )
    assert header.items == (
        TypeParam("n", 3, 4, 5, None, None, None),
        TypeParam("m", 5, 4, 5, 'T.dtype(\r\n        "int8")', 5, 7),
    )
    assert [c.text for c in result.comments] == ["# the size", "# a whole-line comment"]
    blanked_lines = result.blanked_text.split("\r\n")
    assert blanked_lines[1:7] == [
        "def f\\",
        " " * 17 + "\\",
        " " * 25 + "\\",
        " " * 14 + "\\",
        " " * 15 + "\\",
        " (A: T.Buffer((n,), m)):",
    ]
    function = ast.parse(result.blanked_text).body[0]
    assert (function.lineno, function.args.args[0].lineno, function.args.args[0].col_offset) == (
        2, 7, 2
    )


def test_annotation_starting_on_the_next_line_and_with_a_trailing_comment():
    text = "def f[n:\n    T.int64,  # c\n    m: T.int32  # d\n](): pass\n"
    items = scan(text).type_params[0].items
    assert items == (
        TypeParam("n", 1, 6, 7, "T.int64", 2, 4),
        TypeParam("m", 3, 4, 5, "T.int32", 3, 7),
    )


def test_trailing_comma_and_non_ascii():
    text = "def é[ñ: T.x('ü'), m,](x: ñ): pass\n"
    result = scan(text)
    assert result.type_params[0] == TypeParamList(
        "é",
        1,
        6,
        1,
        25,
        (TypeParam("ñ", 1, 7, 9, "T.x('ü')", 1, 11), TypeParam("m", 1, 22, 23, None, None, None)),
    )
    assert result.blanked_text == "def é" + " " * 19 + "(x: ñ): pass\n"
    assert [len(line.encode()) for line in result.blanked_text.splitlines()] == [
        len(line.encode()) for line in text.splitlines()
    ]


def test_names_are_nfkc_normalized_like_ast():
    text = "def ﬁx[ﬁ](): pass\n"
    result = scan(text)
    (item,) = result.type_params[0].items
    assert (item.name, item.column, item.end_column) == ("fi", 9, 12)
    assert result.type_params[0].def_name == result.top_level[0].name == "fix"
    assert ast.parse(result.blanked_text).body[0].name == "fix"


BLANKING_CASES = [
    'def f[n, m: T.int64](A: T.Buffer((n, m), "float32"),\n'
    '                     B: T.Buffer((m,), "float32")):\n'
    "    for i in range(n):  # loop\n        B[i] = A[i, 0] * 2\n",
    "class Ké[T: (int, str)](Base):\n    x: 'é' = 1\n\ndef g[a](x=1, *, y: a = 2): return x + y\n",
    "def f[\n    n,\n    m: T.x(\n        1\n    ),\n](a, b=[1, 2]):\n    return a[n]\nx = f(1)\n",
    "if True:\n    def h[p](q: p) -> p:  # c\n        return q\n    z = h(1)\n",
    "def f[n]( a ):\r\n    return 'é' + a\r\n",
]


@pytest.mark.parametrize("text", BLANKING_CASES)
def test_every_node_keeps_its_place_in_the_original_text(text):
    result = scan(text)
    assert result.type_params
    original = LineIndex(text)
    blanked = LineIndex(result.blanked_text)
    spans = [
        ((t.start_line, t.start_column), (t.end_line, t.end_column)) for t in result.type_params
    ]

    def segment(lines: LineIndex, node: ast.AST) -> bytes:
        parts = [
            lines.line_text(n).encode() for n in range(node.lineno, node.end_lineno + 1)
        ]
        if len(parts) == 1:
            return parts[0][node.col_offset : node.end_col_offset]
        parts[0] = parts[0][node.col_offset :]
        parts[-1] = parts[-1][: node.end_col_offset]
        return b"\n".join(parts)

    checked = 0
    for node in ast.walk(ast.parse(result.blanked_text)):
        if not hasattr(node, "end_col_offset") or node.end_lineno is None:
            continue
        start, end = (node.lineno, node.col_offset), (node.end_lineno, node.end_col_offset)
        if any(start <= s and e <= end for s, e in spans):
            # Only statements enclose a list: the definition itself or one holding it.
            assert isinstance(node, ast.stmt)
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                assert segment(original, node).startswith((b"def", b"class"))
            continue
        written = segment(original, node)
        assert written == segment(blanked, node)
        if isinstance(node, ast.expr) and not isinstance(node, ast.Starred):
            # The original text at the node's place is that very expression.
            reparsed = ast.parse(b"(" + written + b")", mode="eval").body
            assert ast.unparse(reparsed) == ast.unparse(node)
            checked += 1
        if isinstance(node, ast.arg):
            assert written.decode().startswith(node.arg)
    assert checked >= 3


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "def f[](): pass",
            ("Type parameter list cannot be empty", "k.py", 1, 6, "def f[](): pass", 1, 8),
        ),
        (
            "def f[  # nothing\n]():\n    pass\n",
            ("Type parameter list cannot be empty", "k.py", 1, 6, "def f[  # nothing", 2, 2),
        ),
        (
            "def f[1](): pass",
            (
                "invalid type parameter `1`: expected `name` or `name: annotation`",
                "k.py", 1, 7, "def f[1](): pass", 1, 8,
            ),
        ),
        (
            "x = 1\ndef f[n m](): pass",
            (
                "invalid type parameter `n m`: expected `name` or `name: annotation`",
                "k.py", 2, 7, "def f[n m](): pass", 2, 10,
            ),
        ),
        (
            "def f[if](): pass",
            (
                "invalid type parameter `if`: expected `name` or `name: annotation`",
                "k.py", 1, 7, "def f[if](): pass", 1, 9,
            ),
        ),
        (
            "def f[n, *Ts](): pass",
            (
                "TVMScript headers declare symbols only: `*Ts` is not supported",
                "k.py", 1, 10, "def f[n, *Ts](): pass", 1, 13,
            ),
        ),
        (
            "def f[**P](): pass",
            (
                "TVMScript headers declare symbols only: `**P` is not supported",
                "k.py", 1, 7, "def f[**P](): pass", 1, 10,
            ),
        ),
        (
            "def f[n, m: T.int64, n: T.int8](): pass",
            ("duplicate type parameter 'n'", "k.py", 1, 22,
             "def f[n, m: T.int64, n: T.int8](): pass", 1, 23),
        ),
        (
            "def f[ﬁ, fi](): pass",
            ("duplicate type parameter 'fi'", "k.py", 1, 10, "def f[ﬁ, fi](): pass", 1, 12),
        ),
        (
            "def f[,](): pass",
            ("expected a type parameter name before ','", "k.py", 1, 7, "def f[,](): pass", 1, 8),
        ),
        (
            "def f[n,,m](): pass",
            ("expected a type parameter name before ','", "k.py", 1, 9, "def f[n,,m](): pass",
             1, 10),
        ),
        (
            "def f[n:](): pass",
            ("expected an annotation after ':'", "k.py", 1, 8, "def f[n:](): pass", 1, 9),
        ),
        (
            "def f[n\n",
            ("'[' was never closed", "k.py", 1, 6, "def f[n", 1, 7),
        ),
        (
            "class C[T:\n    int\n",
            ("'[' was never closed", "k.py", 1, 8, "class C[T:", 1, 9),
        ),
        (
            "def f[n,\n\n@T.prim_func\ndef g(): pass\n",
            ("'[' was never closed", "k.py", 1, 6, "def f[n,", 1, 7),
        ),
        (
            "def f[n, def g[m]",
            ("'[' was never closed", "k.py", 1, 6, "def f[n, def g[m]", 1, 7),
        ),
        (
            "def f[n)",
            ("closing parenthesis ')' does not match opening parenthesis '['", "k.py", 1, 8,
             "def f[n)", 1, 9),
        ),
        (
            "def f[n,\n  m}",
            ("closing parenthesis '}' does not match opening parenthesis '[' on line 1", "k.py",
             2, 4, "  m}", 2, 5),
        ),
        (
            "x = 1\nasync def g[n, x: (,]\n",
            ("closing parenthesis ']' does not match opening parenthesis '('", "k.py", 2, 21,
             "async def g[n, x: (,]", 2, 22),
        ),
        (
            "def f[n: {\n  1: (2,\n  ]]\n",
            ("closing parenthesis ']' does not match opening parenthesis '(' on line 2", "k.py",
             3, 3, "  ]]", 3, 4),
        ),
        (
            "def f[\n\n    m](): pass\n",
            (
                "a type parameter list cannot contain an empty line "
                "(it is blanked for Python 3.11, which cannot parse it)",
                "k.py", 2, 1, "", 2, 1,
            ),
        ),
    ],
)
def test_header_list_errors(text, expected):
    assert error_fields(syntax_error(text)) == expected


def test_annotation_errors_come_from_cpython_at_file_positions():
    error = syntax_error("x = 1\ndef é[ñ: T.x('ü'), m: x y](): pass\n")
    assert (error.msg, error.lineno, error.offset, error.end_lineno, error.end_offset) == (
        "invalid syntax. Perhaps you forgot a comma?", 2, 23, 2, 26
    )
    assert error.text == "def é[ñ: T.x('ü'), m: x y](): pass"
    error = syntax_error("def f[n: T.x(\n    1 2)](): pass\n")
    assert (error.msg, error.lineno, error.offset, error.end_lineno, error.end_offset) == (
        "invalid syntax. Perhaps you forgot a comma?", 2, 5, 2, 8
    )
    error = syntax_error("\n\ndef f[n: (\n]](): pass\n")
    assert (error.msg, error.lineno, error.offset) == (
        "closing parenthesis ']' does not match opening parenthesis '(' on line 3", 4, 1
    )
    error = syntax_error("def f[n: \x00](): pass")
    assert (error.msg, error.lineno, error.offset) == (
        "source code string cannot contain null bytes", 1, 10
    )
    # CPython's parser says "too deep" with MemoryError or RecursionError.
    for deep in ["-" * 100_000 + "1", "a." * 100_000 + "a"]:
        error = syntax_error(f"def f[n,\n   m: {deep}](): pass\n")
        assert (error.msg, error.lineno, error.offset) == ("annotation nested too deeply", 2, 7)


def test_the_first_error_in_text_order_wins():
    error = syntax_error("def f[n, n](): pass\ndef g[1](): pass\n")
    assert error.msg == "duplicate type parameter 'n'"


# --- top-level chunks ----------------------------------------------------------------------------


MODULE = """\
#!/usr/bin/env python3
# module comment

import tvm  # why
from tvm.script import tirx as T
# about f, first line
# about f, second line
@T.prim_func(
    private=True)

@other  # a blank line may separate decorators, as in Python
def f[n](A: T.Buffer((n,), "int8")):
    x = (1,
# column-0 comment inside a bracket
         2)
# column-0 comment inside the body
    return x

    # trailing comment of f

# floating comment

class C:
    pass
    # indented comment directly above
async def g():
    pass
if x:
    y = 1
elif z:
    y = 2
else:
    y = 3
try:
    pass
except* E:
    pass
finally:
    pass
x = 1 + \\
2
"""


def test_module_chunks():
    assert chunks_of(MODULE) == [
        (4, 4, "statement", None, 4),
        (5, 5, "statement", None, 5),
        (6, 17, "definition", "f", 8),  # leading comments, blank line between decorators
        (23, 24, "definition", "C", 23),  # no trailing comment; line 21 floats
        (26, 27, "definition", "g", 26),  # the indented comment above stays in no chunk
        (28, 33, "statement", None, 28),  # if, elif, else
        (34, 39, "statement", None, 34),  # try, except*, finally
        (40, 41, "statement", None, 40),  # a continuation line
    ]


def test_each_chunk_of_a_valid_module_parses_at_file_lines():
    result = scan(MODULE)
    tree = ast.parse(result.blanked_text)
    statements = []
    for chunk in result.top_level:
        body = ast.parse(chunk_text(result.blanked_text, chunk)).body
        statements += [(type(s).__name__, s.lineno, s.end_lineno) for s in body]
    assert statements == [(type(s).__name__, s.lineno, s.end_lineno) for s in tree.body]


def test_chunk_text_pads_with_empty_lines():
    text = "x = 1\r\n\r\n# lead\r\ndef f():\r\n    pass\r\n"
    chunk = scan(text).top_level[1]
    assert chunk == TopLevelChunk(3, 5, "definition", "f", 4)
    assert chunk_text(text, chunk) == "\n\n# lead\r\ndef f():\r\n    pass\r\n"


def test_an_unclosed_bracket_does_not_swallow_later_definitions():
    text = (
        "x = foo(1,\n"
        "y = 2\n"
        "@T.prim_func\n"
        "def f(a:\n"
        "    pass\n"
        "class C:\n"
        "    z = [\n"
        "async def g(): pass\n"
    )
    assert chunks_of(text) == [
        (1, 2, "statement", None, 1),
        (3, 5, "definition", "f", 3),
        (6, 7, "definition", "C", 6),
        (8, 8, "definition", "g", 8),
    ]
    last = scan(text).top_level[-1]
    assert isinstance(ast.parse(chunk_text(text, last)).body[0], ast.AsyncFunctionDef)


def test_a_syntax_error_stays_in_its_chunk():
    text = "def f():\n    return (\n\ndef g():\n    return 1\n\nh = g(\n"
    parsed = []
    for chunk in scan(text).top_level:
        try:
            ast.parse(chunk_text(text, chunk))
            parsed.append((chunk.name, "ok"))
        except SyntaxError as error:
            parsed.append((chunk.name, error.lineno))
    assert parsed == [("f", 2), ("g", "ok"), (None, 7)]


def test_decorators_without_a_definition_and_definitions_being_typed():
    text = "@dec\nx = 1\n@dec2\n"
    assert chunks_of(text) == [
        (1, 1, "statement", None, 1),
        (2, 2, "statement", None, 2),
        (3, 3, "statement", None, 3),
    ]
    assert chunks_of("def \nclass\nasync def (\n") == [
        (1, 1, "definition", None, 1),
        (2, 2, "definition", None, 2),
        (3, 3, "definition", None, 3),
    ]


def test_keyword_prefixes_are_not_keywords():
    text = "define = 1\nclasses = []\nasync_x = 2\nelsewhere = 3\n@decorated\ndef_ = 4\n"
    assert [c.kind for c in scan(text).top_level] == ["statement"] * 6
    assert chunks_of(text)[-2:] == [(5, 5, "statement", None, 5), (6, 6, "statement", None, 6)]


def test_multi_line_decorators_and_headers():
    text = (
        "@T.prim_func(\n"
        "    private=True,\n"
        ")\n"
        "@T.meta(\n"
        "x=1)\n"
        "def f[\n"
        "    n,\n"
        "](\n"
        "    a,\n"
        "):\n"
        "    pass\n"
        "y = 1\n"
    )
    assert chunks_of(text) == [(1, 11, "definition", "f", 1), (12, 12, "statement", None, 12)]
    ast.parse(chunk_text(scan(text).blanked_text, scan(text).top_level[0]))


def test_the_resilience_rule_closes_brackets_even_in_valid_code():
    # Names that merely start with a keyword close nothing.
    text = "@T.meta(\nclass_=1,\ndef_=2,\n)\ndef f(): pass\n"
    assert chunks_of(text) == [(1, 5, "definition", "f", 1)]
    # A column-0 "def" inside brackets starts a chunk, and so does what follows it at column 0.
    text = "x = foo(\ndef g(): pass\n)\n"
    assert chunks_of(text) == [
        (1, 1, "statement", None, 1),
        (2, 2, "definition", "g", 2),
        (3, 3, "statement", None, 3),
    ]


def test_lines_inside_strings_and_continuations_start_no_chunk():
    text = (
        'doc = """\n'
        "def fake():\n"
        '"""\n'
        "s = 'a\\\n"
        "def fake2(): pass'\n"
        "t = 1 + \\\n"
        "2\n"
    )
    assert chunks_of(text) == [
        (1, 3, "statement", None, 1),
        (4, 5, "statement", None, 4),
        (6, 7, "statement", None, 6),
    ]


def test_form_feed_tabs_and_line_endings():
    assert chunks_of("\x0cx = 1\n  \x0cy = 2\n\x0c  z = 3\n") == [
        (1, 1, "statement", None, 1),
        (2, 3, "statement", None, 2),
    ]
    assert chunks_of("if x:\n\ty = 1\nz = 2") == [
        (1, 2, "statement", None, 1),
        (3, 3, "statement", None, 3),
    ]
    assert chunks_of("a = 1\rb = (\r2)\rc = 3") == [
        (1, 1, "statement", None, 1),
        (2, 3, "statement", None, 2),
        (4, 4, "statement", None, 4),
    ]
    assert chunks_of("a = 1\r\nb = (\r\n2)\r\nc = 3\r\n") == [
        (1, 1, "statement", None, 1),
        (2, 3, "statement", None, 2),
        (4, 4, "statement", None, 4),
    ]


def test_empty_and_comment_only_texts_have_no_chunk():
    assert chunks_of("") == []
    assert chunks_of("\n\n# only a comment\n   \n") == []


def test_leading_comments_need_column_0_and_no_blank_line():
    text = "x = 1\n# a\n\n# b\n  # c\n# d\ny = 2\n"
    assert chunks_of(text) == [(1, 1, "statement", None, 1), (6, 7, "statement", None, 7)]


# --- positions ----------------------------------------------------------------------------------


def test_line_index_follows_ast_line_numbering():
    # Form feed, vertical tab and U+2028 are line breaks for str.splitlines, not for ast.
    text = "a = 1\rb = 2\r\nc = 3\nd = 'é\x0c\x0b\u2028'\ne = 4\n"
    lines = LineIndex(text)
    tree = ast.parse(text)
    assert [node.lineno for node in tree.body] == [1, 2, 3, 4, 5]
    assert [lines.line_text(n) for n in range(1, 7)] == [
        "a = 1",
        "b = 2",
        "c = 3",
        "d = 'é\x0c\x0b\u2028'",
        "e = 4",
        "",
    ]
    assert lines.line_count == 6
    # Both ways of finding line starts (with and without those other breaks) agree.
    assert LineIndex("a = 1\rb = 2\r\nc = 3\nd").starts == [0, 6, 13, 19]
    assert LineIndex("a = 1\rb = 2\r\nc = 3\n\x0c").starts == [0, 6, 13, 19]
    assert LineIndex("x\n").starts == [0, 2] and LineIndex("").starts == [0]
    assert lines.line_text(9) == ""
    with pytest.raises(IndexError):
        lines.line_text(0)


def test_byte_and_char_columns_convert_cpython_offsets():
    text = "x = 'é'\ny = é + 中 +\n"
    lines = LineIndex(text)
    name = ast.parse("x = 'é'\ny = é + 中\n").body[1].value.right
    assert lines.byte_column(2, 8) == name.col_offset == 9
    assert lines.char_column(2, 9) == 8
    assert lines.char_column(2, 10) == lines.char_column(2, 11) == 8  # inside 中: rounded down
    assert lines.char_column(2, 12) == 9
    with pytest.raises(SyntaxError) as info:
        ast.parse(text)
    error = info.value
    # CPython points just past the line's end: such columns count one byte each.
    assert (error.lineno, error.offset) == (2, 12)
    assert lines.byte_column(2, error.offset - 1) == len("y = é + 中 +".encode()) == 14
    assert lines.byte_column(2, 13) == 16 and lines.char_column(2, 16) == 13
    ascii_lines = LineIndex("abc\n")
    assert (ascii_lines.byte_column(1, 2), ascii_lines.char_column(1, 2)) == (2, 2)
    assert scan(text).line_index.position(text.index("中")) == (2, 9)


# --- robustness ---------------------------------------------------------------------------------


LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _utf8_length(line: str) -> int:
    return len(line.encode("utf-8", "surrogatepass"))


def check_invariants(text: str) -> None:
    """scan returns sane facts or raises a SyntaxError that points into the text."""
    try:
        result = scan(text, "junk.py")
    except SyntaxError as error:
        lines = LineIndex(text)
        assert 1 <= error.lineno <= lines.line_count
        assert error.offset >= 1 and error.filename == "junk.py"
        # Lone surrogates become U+FFFD in `text` (same offsets) and escapes in `msg`, so that
        # both can be encoded as UTF-8.
        assert error.text == LONE_SURROGATE.sub("\ufffd", lines.line_text(error.lineno))
        error.msg.encode("utf-8")
        return
    original = source_text.NEWLINE.split(text)
    blanked = source_text.NEWLINE.split(result.blanked_text)
    assert [_utf8_length(line) for line in blanked] == [_utf8_length(line) for line in original]
    changed = {n for n, (a, b) in enumerate(zip(original, blanked), 1) if a != b}
    assert changed <= {n for t in result.type_params for n in range(t.start_line, t.end_line + 1)}
    for header in result.type_params:
        for item in header.items:
            assert (header.start_line, header.start_column) < (item.line, item.column)
            assert (item.line, item.end_column) < (header.end_line, header.end_column)
    assert all(c.text.startswith("#") for c in result.comments)
    previous_end = 0
    for chunk in result.top_level:
        assert previous_end < chunk.start_line <= chunk.code_start_line <= chunk.end_line
        previous_end = chunk.end_line
    assert previous_end <= result.line_index.line_count


def test_random_junk_never_hangs_or_raises_anything_else():
    rng = random.Random(20240611)
    pieces = [
        "'", '"', "'''", '"""', "#", "\\", "\n", "\r", "\r\n", "(", ")", "[", "]", "{", "}",
        " ", "\t", "\x0c", "def ", "class ", "async def ", "@", "f", "n", ":", ",", "*", "=",
        "é", "∑", "\ud800", "\x00", "r", "b", "T.int64", "else:", "x", "1",
    ]
    started = time.perf_counter()
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(60)))
        check_invariants(text)
    for _ in range(300):
        text = "".join(chr(rng.randrange(0x3000)) for _ in range(rng.randrange(200)))
        check_invariants(text)
    items = ["n", "m", "k: T.int64", "d: T.dtype('i,8')", "é", "n m", "*Ts", "", "x: (",
             "y: [1, 2]", "z:\n  T.x", "# c\n a", "b\\\n", "\r\n  c"]
    lists = 0
    for _ in range(2000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(8)))
        text += rng.choice(["def f", "class C", "    async def g", "x = "])
        text += "[" + ", ".join(rng.choice(items) for _ in range(rng.randrange(4)))
        text += rng.choice(["]", "", ")", "]]", ",]"]) + rng.choice(["(): pass\n", ":", "\n"])
        check_invariants(text)
        try:
            lists += bool(scan(text).type_params)
        except SyntaxError:
            pass
    assert lists > 100  # the generator does reach valid lists
    assert time.perf_counter() - started < 60


def test_random_slices_of_real_files():
    rng = random.Random(7)
    real = pathlib.Path(source_text.__file__).read_text() + "".join(BLANKING_CASES) + MODULE
    for _ in range(400):
        start = rng.randrange(len(real))
        check_invariants(real[start : start + rng.randrange(1, 3000)])
    check_invariants(real)


# --- parse_chunk: file positions in time linear in the chunk ------------------------------------

REPO = pathlib.Path(__file__).resolve().parents[3]
CORPUS_FILES = sorted((REPO / "tests" / "script_corpus").glob("*.py")) + sorted(
    (REPO / "examples" / "tvmscript").glob("*.py")
)
# Far enough down that parse_chunk shifts line numbers instead of padding (it pads only when the
# padding is a few lines per character of the chunk).
DEEP = "\n" * 60_000


def positions(nodes) -> List[str]:
    return [ast.dump(node, include_attributes=True) for node in nodes]


def chunk_statements(text: str) -> List[str]:
    result = scan(text)
    body = []
    for chunk in result.top_level:
        body += parse_chunk(result, chunk, "c.py").body
    return positions(body)


def error_of(call) -> tuple:
    with pytest.raises(SyntaxError) as info:
        call()
    return error_fields(info.value)


def padded_statements(text: str) -> List[object]:
    """The oracle: each chunk parsed at its place by padding (``chunk_text``), or its error."""
    result = scan(text)
    found: List[object] = []
    for chunk in result.top_level:
        try:
            found += positions(ast.parse(chunk_text(result.blanked_text, chunk), "c.py").body)
        except SyntaxError as error:
            found.append(error_fields(error))
    return found


def chunk_statements_or_errors(text: str) -> List[object]:
    result = scan(text)
    found: List[object] = []
    for chunk in result.top_level:
        try:
            found += positions(parse_chunk(result, chunk, "c.py").body)
        except SyntaxError as error:
            found.append(error_fields(error))
    return found


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_parse_chunk_gives_every_node_the_whole_files_position(path):
    text = path.read_text()
    crlf, cr = text.replace("\n", "\r\n"), text.replace("\n", "\r")
    for variant in [text, DEEP + text, crlf, DEEP + cr, cr]:
        result = scan(variant)
        try:
            whole = positions(ast.parse(result.blanked_text, "c.py").body)
        except SyntaxError:  # work_in_progress.py: each chunk as CPython parses it at its place
            whole = padded_statements(variant)
        assert chunk_statements_or_errors(variant) == whole


def test_parse_chunk_keeps_utf8_byte_columns_and_header_blanking():
    text = 'é = "ü😀"; y = 1\n\n\ndef f[n: T.int64, ñ](A: T.Buffer((n,), "int8")):  # ∑\n    x = ñ\n'
    text += "    s = f'{x!r:>{n}} é {A[0]}' + f\"{'😀'}\"\n    import a.b as c\n    global g\n"
    text += "    match x:\n        case [1, *r] | {'k': _} | P(a=1) if r:\n            pass\n"
    for variant in [text, DEEP + text]:
        result = scan(variant)
        assert result.type_params
        assert chunk_statements(variant) == positions(ast.parse(result.blanked_text).body)
    tree = parse_chunk(scan(DEEP + text), scan(DEEP + text).top_level[0])
    y = tree.body[1].targets[0]
    assert (y.lineno, y.col_offset) == (60_001, 15)


def test_parse_chunk_takes_the_text_itself_too():
    text = DEEP + "x = 1\ndef f():\n    return x\n"
    chunk = scan(text).top_level[1]
    assert positions(parse_chunk(text, chunk).body) == positions(ast.parse(text).body[1:])


def test_parse_chunk_syntax_errors_report_file_lines():
    for prefix in ["x = 1\n", DEEP]:
        first = prefix.count("\n") + 1
        text = prefix + "def f():\n    return (\n\ndef g():\n    h = [\n1)\ns = " + "'" * 3 + "\n"
        result = scan(text)
        f, g, s = result.top_level[-3:]
        assert error_of(lambda: parse_chunk(result, f, "e.py")) == (
            "'(' was never closed", "e.py", first + 1, 12, "    return (\n", first + 1, 0
        )
        # Messages that name a line name the file's line.
        message = (
            f"closing parenthesis ')' does not match opening parenthesis '[' on line {first + 4}"
        )
        assert error_of(lambda: parse_chunk(result, g, "e.py")) == (
            message, "e.py", first + 5, 2, "1)", first + 5, 2
        )
        message = f"unterminated triple-quoted string literal (detected at line {first + 6})"
        assert error_of(lambda: parse_chunk(result, s, "e.py"))[:4] == (
            message, "e.py", first + 6, 5
        )


def test_parse_chunk_errors_equal_those_of_the_padded_chunk():
    """The shifted parse must say what CPython says of the chunk at its place (``chunk_text``),
    on random damage of real files, including messages that name a line."""
    rng = random.Random(95)
    texts = [p.read_text() for p in CORPUS_FILES[::4]]
    damage = ["(", ")", "[", "]", "{", "}", ":", "\n", "    ", "'", '"""', "f'{", "é", "\\", "#"]
    compared = 0
    deep = "\n" * 12_000  # enough to shift the corpus's chunks; the padded oracle pays for it
    for _ in range(300):
        text = rng.choice(texts)
        cut = rng.randrange(len(text))
        text = deep + text[:cut] + rng.choice(damage) + text[cut + rng.randrange(3):]
        try:
            result = scan(text)
        except SyntaxError:  # a header list broken by the damage: nothing to parse
            continue
        for chunk in result.top_level:
            try:
                padded = chunk_text(result.blanked_text, chunk)
                expected = positions(ast.parse(padded, "<string>").body)
            except SyntaxError as error:
                # `text` is the original line (the list not blanked); the rest is CPython's.
                fields = error_of(lambda: parse_chunk(result, chunk))
                assert fields[:4] + fields[5:] == error_fields(error)[:4] + error_fields(error)[5:]
                original = result.line_index.line_text(error.lineno)
                assert fields[4] in (error.text, original)
                compared += 1
                continue
            assert positions(parse_chunk(result, chunk).body) == expected
    assert compared > 60


def test_parse_chunk_reports_null_bytes_surrogates_and_deep_nesting_at_their_place():
    for prefix in ["", DEEP]:
        first = prefix.count("\n") + 1
        text = prefix + "x = 1\r\ny = 'a\x00'\n"
        assert error_of(lambda: parse_chunk(text, scan(text).top_level[1]))[:4] == (
            "source code string cannot contain null bytes", "<string>", first + 1, 7
        )
        text = prefix + "def f():\r    s = 'é\ud800'\n"
        fields = error_of(lambda: parse_chunk(text, scan(text).top_level[0]))
        assert fields == (
            "invalid character \\ud800 (U+D800): a lone surrogate cannot be encoded as UTF-8",
            "<string>", first + 1, 11, "    s = 'é\ufffd'", first + 1, 12,
        )
        text = prefix + "# lead\nx = " + "-" * 100_000 + "1\n"
        assert error_of(lambda: parse_chunk(text, scan(text).top_level[0]))[:4] == (
            "too deeply nested for Python's parser", "<string>", first + 1, 1
        )


def test_parse_chunk_is_linear_in_the_chunk():
    """A chunk at line 300,000 costs about what it costs at line 1 (it was 300,000 empty lines
    to tokenize)."""
    body = "def f(a):\n" + "    a = a + 1\n" * 20
    near, far = body, "\n" * 300_000 + body
    near_chunk, far_chunk = scan(near).top_level[0], scan(far).top_level[0]

    def best(text, chunk):
        times = []
        for _ in range(5):
            started = time.perf_counter()
            parse_chunk(text, chunk)
            times.append(time.perf_counter() - started)
        return min(times)

    assert best(far, far_chunk) < 10 * best(near, near_chunk) + 0.002


def test_regress_parse_chunk_error_columns_are_the_original_lines_after_a_non_ascii_list():
    """A blanked list has one space per UTF-8 byte, so the blanked line has more characters
    than the original; CPython's character offsets were into the blanked line (the fuzzer found
    a column past the end of the line this way)."""
    for prefix in ["", DEEP]:
        first = prefix.count("\n") + 1
        text = prefix + "def clamp[é, ñ](X):\ny = (é +\n"
        result = scan(text)
        fields = error_of(lambda: parse_chunk(result, result.top_level[0]))
        message = f"expected an indented block after function definition on line {first}"
        assert fields == (message, "<string>", first, 20, "def clamp[é, ñ](X):", first, -1)
        text = prefix + "def f[é](X): x = ñ + )\n"
        result = scan(text)
        fields = error_of(lambda: parse_chunk(result, result.top_level[0]))
        assert fields[2:4] == (first, 22)  # the `)`, in characters of the original line
        assert "def f[é](X): x = ñ + )"[21] == ")"


def test_regress_lone_surrogate_in_a_header_list_is_a_utf8_encodable_syntax_error():
    cases = [("def f[n\ud800](A): pass\n", 8), ("def f[n: T.int\udfff](A): pass\n", 15)]
    for text, offset in cases:
        error = syntax_error(text)
        assert error.msg.startswith("invalid character \\ud") and "lone surrogate" in error.msg
        assert (error.lineno, error.offset) == (1, offset)
        assert error.text == LONE_SURROGATE.sub("\ufffd", text.rstrip("\n"))
        error.msg.encode("utf-8")
        error.text.encode("utf-8")


def test_regress_blank_lines_counts_every_line_end():
    """The collector blanked a bad header list's lines splitting on "\\n" only, so in a file with
    "\\r" line ends nothing was blanked and the same error came back 100 times."""
    for end in ["\n", "\r\n", "\r"]:
        text = end.join(["x = 1", "def f[n, n](A):", "    pass", "y = 2", ""])
        blanked = blank_lines(text, 2, 2)
        assert blanked == end.join(["x = 1", " " * 15, "    pass", "y = 2", ""])
        assert scan(blanked).type_params == []
    mixed = "a\rb\r\nc\nd"
    assert blank_lines(mixed, 2, 3) == "a\r \r\n \nd"
    assert blank_lines(mixed, 0, 99) == " \r \r\n \n "
    assert blank_lines(mixed, 3, 2) == mixed


LINE_ENDS = re.compile(r"\r\n|\r|\n")
MIXED_TEXT = (
    "é = 1  # naïve\r"
    "# ∑ own line\r\n"
    "def f[ñ, m: T.int64](x: 'ü'):  # after\n"
    "    return x + ñ  # 中\r"
    "\r\n"
    "def g[k](y):\r"
    "    return [\r\n"
    "        y,  # in brackets\r"
    "    ]\n"
)


@pytest.mark.parametrize(
    "text",
    [MIXED_TEXT, LINE_ENDS.sub("\r", MIXED_TEXT), LINE_ENDS.sub("\r\n", MIXED_TEXT)],
    ids=["mixed", "cr", "crlf"],
)
def test_regress_positions_with_cr_crlf_and_mixed_line_ends_follow_ast(text):
    """Every position the scan gives (LineIndex.position, byte and char columns, line_text,
    comments, header lists) counts "\\r\\n", a lone "\\r" and "\\n" as line ends, as ast.parse
    does, and columns are UTF-8 bytes; the oracle is ast on the blanked text."""
    oracle_lines = LINE_ENDS.split(text)
    oracle_starts = [0] + [m.end() for m in LINE_ENDS.finditer(text)]
    result = scan(text)
    lines = result.line_index
    assert lines.line_count == len(oracle_lines) == 10
    assert [lines.line_text(n) for n in range(1, 11)] == oracle_lines
    assert LINE_ENDS.split(result.blanked_text)[2].startswith("def f" + " " * 16 + "(x: 'ü'):")
    for node in ast.walk(ast.parse(result.blanked_text)):
        if isinstance(node, (ast.Name, ast.Constant, ast.arg)):
            line_text = oracle_lines[node.lineno - 1]
            char = len(line_text.encode()[: node.col_offset].decode())
            assert lines.byte_column(node.lineno, char) == node.col_offset
            assert lines.char_column(node.lineno, node.col_offset) == char
            index = oracle_starts[node.lineno - 1] + char
            assert lines.position(index) == (node.lineno, node.col_offset)
    assert [(c.line, c.text, c.own_line) for c in result.comments] == [
        (1, "# naïve", False),
        (2, "# ∑ own line", True),
        (3, "# after", False),
        (4, "# 中", False),
        (8, "# in brackets", False),
    ]
    for comment in result.comments:
        line_text = oracle_lines[comment.line - 1]
        before = line_text[: line_text.index(comment.text)]
        assert comment.column == len(before.encode())
        assert comment.end_column == len(line_text.encode())  # each comment ends its line
    f, g = result.type_params
    assert (f.start_line, f.start_column, f.end_line, f.end_column) == (3, 5, 3, 21)
    assert [(i.name, i.line, i.column, i.end_column) for i in f.items] == [
        ("ñ", 3, 6, 8),
        ("m", 3, 10, 11),
    ]
    assert (f.items[1].annotation, f.items[1].annotation_line, f.items[1].annotation_column) == (
        "T.int64", 3, 13,
    )
    assert (g.start_line, g.start_column, g.items[0].line, g.items[0].column) == (6, 5, 6, 6)
    assert [(c.start_line, c.end_line, c.name) for c in result.top_level] == [
        (1, 1, None),
        (2, 4, "f"),
        (6, 9, "g"),
    ]


def test_regress_decorators_followed_by_indented_code_do_not_join_the_next_definition():
    """With its `def` line deleted (or blanked by the collector after a bad header list), a
    decorator was joined to the next definition, whose chunk then failed to parse: it vanished."""
    for end in ["\n", "\r", "\r\n"]:
        lines = ["@T.function", "    A[0] = 1", "", "@T.function", "def g():", "    pass", ""]
        text = end.join(lines)
        assert chunks_of(text) == [(1, 2, "statement", None, 1), (4, 6, "definition", "g", 4)]
        g = parse_chunk(text, scan(text).top_level[1]).body[0]
        assert isinstance(g, ast.FunctionDef) and g.lineno == 5
    assert chunks_of("@a\n@b\n    x\n@c\ndef g(): pass\n") == [
        (1, 3, "statement", None, 1),
        (4, 5, "definition", "g", 4),
    ]
    # What stays one definition: continuation lines, strings and comments of the decorator.
    for text in [
        "@T.function(\n    private=True,\n)\ndef f():\n    pass\n",
        "@dec \\\n    (1)\n# c\n    # indented comment\n\ndef f(): pass\n",
        '@dec("""\n  x\n""")\ndef f(): pass\n',
        "@dec(1,  # c )\n  2)\n@other\ndef f(): pass\n",
    ]:
        assert [(c.kind, c.name) for c in scan(text).top_level] == [("definition", "f")]
