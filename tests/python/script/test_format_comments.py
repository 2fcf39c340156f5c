"""Formatting carries comments (issue 9, item 1): each comment is printed where it belongs in
the canonical text, or the verdict declines with reason ``comments``, naming the comment's line
and why. Every formatted case is applied to its file: the file keeps every comment, in order,
and formatting it again changes nothing."""

from __future__ import annotations

import pytest

from tvm_tirx.script import parse_diagnostics
from tvm_tirx.script.parser.comment_placement import print_with_comments
from tvm_tirx.script.parser.formatting import FormatVerdict, format_verdict
from tvm_tirx.script.parser.line_index import LineIndex
from tvm_tirx.script.parser.session import DocumentSession, TextEdit
from tvm_tirx.script.parser.source_text import scan

H = "from tvm_tirx.script import tirx as T\nfrom tvm_tirx.script import ir as I\n"
SIG = "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n"


def _apply(source: str, verdict: FormatVerdict) -> str:
    """``source`` with the verdict's range (lines 1-based, UTF-8 byte columns) replaced."""
    data = source.encode("utf-8", "surrogatepass")
    starts = [0] + [i + 1 for i, b in enumerate(data) if b == ord("\n")]
    first_line, first_column, last_line, last_column = verdict.range
    begin, end = starts[first_line - 1] + first_column, starts[last_line - 1] + last_column
    text = verdict.text.encode("utf-8", "surrogatepass")
    return (data[:begin] + text + data[end:]).decode("utf-8", "surrogatepass")


def _comments(text: str) -> list:
    return [c.text for c in scan(text).comments]


def check(source: str, expected: str, index: int = 0) -> str:
    """Formats definition ``index`` of ``H + source``: its text is ``expected``; the formatted
    file keeps every comment in order and formats to itself. Returns the formatted file."""
    source = H + source
    verdict = format_verdict(parse_diagnostics(source).definitions[index])
    assert (verdict.reason, verdict.detail) == (None, "")
    assert verdict.text == expected
    formatted = _apply(source, verdict)
    assert _comments(formatted) == _comments(source)
    again = format_verdict(parse_diagnostics(formatted).definitions[index])
    assert again.text == verdict.text and _apply(formatted, again) == formatted
    return formatted


def check_declines(source: str, detail: str, reason: str = "comments") -> None:
    verdict = format_verdict(parse_diagnostics(H + source).definitions[0])
    assert (verdict.text, verdict.reason, verdict.detail) == (None, reason, detail)


def test_comments_above_statements_and_at_the_end_of_their_lines() -> None:
    check(SIG.replace("def f(A: T.Tensor((4,), T.int32)):",
                      "def f(A: T.Tensor((4,), T.int32), k: T.int32):  # the def") +
          "    # loop over A\n"
          "    # (a run of two)\n"
          "    for i in range( 4 ):  # each\n"
          "            # store, indented oddly\n"
          "        A[i] = (A[i] + k)  #no space\n"
          "    x = k+1  # bind\n"
          "    # check\n"
          "    assert x > 0, 'positive'\n"
          "    if x > 2:  # big\n"
          "        A[0] = 1\n"
          "    else:\n"
          "        A[0] = 2  # small\n",
          "@T.function\n"
          "def f(A: T.Tensor((4,), T.int32), k: T.int32):  # the def\n"
          "    # loop over A\n"
          "    # (a run of two)\n"
          "    for i in range(4):  # each\n"
          "        # store, indented oddly\n"
          "        A[i] = A[i] + k  #no space\n"
          "    x: T.let[T.int32] = k + 1  # bind\n"
          "    # check\n"
          "    assert x > 0, (\"RuntimeError\", [\"positive\"])\n"
          "    if x > 2:  # big\n"
          "        A[0] = 1\n"
          "    else:\n"
          "        A[0] = 2  # small")


def test_nested_control_flow_and_returns() -> None:
    check("@T.function\ndef f(A: T.Tensor((4,), T.int32), n: T.int32) -> T.int32:\n"
          "  # early\n"
          "  while A[0]<n:  # count\n"
          "      if (A[0] > 2):\n"
          "          # stop here\n"
          "          break  # out\n"
          "      A[0] = A[0]+1\n"
          "  if n>0:\n"
          "     return (n)  # positive\n"
          "  return 0  # zero\n",
          "@T.function\ndef f(A: T.Tensor((4,), T.int32), n: T.int32) -> T.int32:\n"
          "    # early\n"
          "    while A[0] < n:  # count\n"
          "        if A[0] > 2:\n"
          "            # stop here\n"
          "            break  # out\n"
          "        A[0] = A[0] + 1\n"
          "    if n > 0:\n"
          "        return n  # positive\n"
          "    return 0  # zero")


def test_a_module_with_several_functions() -> None:
    check("@I.ir_module\n"
          "class Module :  # the module\n"
          "  # first\n"
          "  @T.function\n"
          "  def f(A : T.Tensor((4,), T.int32)) :  # f line\n"
          "    A[0]=1  # one\n"
          "\n"
          "\n"
          "  # about g\n"
          "  @T.function\n"
          "  def g(A: T.Tensor((4, ), T.int32)):\n"
          "     # inner\n"
          "     for i in range(0, 4):\n"
          "       A[i] = (2)\n",
          "@I.ir_module\n"
          "class Module:  # the module\n"
          "    # first\n"
          "    @T.function\n"
          "    def f(A: T.Tensor((4,), T.int32)):  # f line\n"
          "        A[0] = 1  # one\n"
          "\n"
          "    # about g\n"
          "    @T.function\n"
          "    def g(A: T.Tensor((4,), T.int32)):\n"
          "        # inner\n"
          "        for i in range(4):\n"
          "            A[i] = 2")


def test_nested_definitions_keep_their_indentation_and_their_last_comment() -> None:
    source = ("def test_it():\n"
              "    # outside, untouched\n"
              "    @T.function\n"
              "    def f(A: T.Tensor((4,), T.int32)):\n"
              "        # nested\n"
              "        while A[0] < 4:  # loop\n"
              "            A[0] = A[0]+1  # last line\n"
              "    return f  # host code, untouched\n"
              "class Suite:\n"
              "    @T.function\n"
              "    def g(A: T.Tensor((4,), T.int32)):\n"
              "        if A[0] > 0:\n"
              "            # then\n"
              "            A[1] = 1  # set\n")
    formatted = check(source, "@T.function\n"
                              "    def f(A: T.Tensor((4,), T.int32)):\n"
                              "        # nested\n"
                              "        while A[0] < 4:  # loop\n"
                              "            A[0] = A[0] + 1  # last line")
    # The comment ending the definition's last line is replaced with it, not left behind.
    assert formatted == H + source.replace("A[0]+1", "A[0] + 1")
    check(source, "@T.function\n"
                  "    def g(A: T.Tensor((4,), T.int32)):\n"
                  "        if A[0] > 0:\n"
                  "            # then\n"
                  "            A[1] = 1  # set", index=1)


def test_a_multi_line_header_keeps_the_comment_that_ends_it() -> None:
    check("@T.function\ndef f(A: T.Tensor((4,), T.int32),\n      k: T.int32):  # the def\n"
          "    A[0] = k\n",
          "@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):  # the def\n"
          "    A[0] = k")


def test_statements_the_canonical_form_splits_or_joins() -> None:
    check(SIG + "    a = 1; b = 2  # two on a line\n"
                "    for i in range(4): A[i] = a + b  # one-liner\n",
          SIG + "    a: T.let[T.int32] = 1\n    b: T.let[T.int32] = 2  # two on a line\n"
                "    for i in range(4):\n"
                "        A[i] = a + b  # one-liner")


def test_elif_allocations_loop_kinds_and_spacing_before_the_comment() -> None:
    check(SIG + "    B = T.alloc_tensor(ty_args=[T.Tensor((4,), T.int32)])  # scratch\n"
                "    for i in T.parallel(4):  # par\n"
                "        B[i] = A[i] # one space\n"
                "    if A[0] > 0:\n"
                "        A[1] = 1   ## three spaces, two hashes\n"
                "    elif A[0] < 0:  # negative\n"
                "        A[1] = 2\n"
                "    else:\n"
                "        A[1] = 3\n",
          SIG + "    B = T.alloc_tensor(ty_args=[T.Tensor((4,), T.int32)])  # scratch\n"
                "    for i in T.parallel(0, 4):  # par\n"
                "        B[i] = A[i]  # one space\n"
                "    if A[0] > 0:\n"
                "        A[1] = 1  ## three spaces, two hashes\n"
                "    else:\n"
                "        if A[0] < 0:  # negative\n"
                "            A[1] = 2\n"
                "        else:\n"
                "            A[1] = 3")


@pytest.mark.parametrize("source, detail", [
    (SIG + "    for i in range(4):\n        A[i] = 1\n        # end of the loop body\n"
           "    A[0] = 2\n",
     "line 7: it follows the last statement of the block ending on line 6, and the canonical "
     "form keeps no comment there"),
    ("@T.function  # on the decorator\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n",
     "line 3: it is on the decorator lines of `f`"),
    ("@T.function\n# between the decorator and def\ndef f(A: T.Tensor((4,), T.int32)):\n"
     "    A[0] = 1\n",
     "line 4: it is on the decorator lines of `f`"),
    ("@T.function\ndef f(A: T.Tensor((4,), T.int32),  # the input\n      k: T.int32):\n"
     "    A[0] = k\n",
     "line 4: it is inside the header of `f`, which prints on one line"),
    ("@T.function\ndef f[n,  # in the header list\n      m](A: T.Tensor((n, m), T.int32)):\n"
     "    A[0, 0] = 1\n",
     "line 4: it is inside the header of `f`, which prints on one line"),
    ("@T.function\ndef f(\n    A: T.Tensor((4,), T.int32)\n):\n    # after a long header\n"
     "    A[0] = 1\n",
     "line 7: it is between the multi-line header of `f` and its body, where it may be inside "
     "the header"),
    (SIG + "    A[0] = T.max(A[1],  # first\n                 2)\n",
     "line 5: it is inside the statement of lines 5-6, which prints on one line"),
    (SIG + "    A[0] = T.max(\n        # inside a call\n        A[1], 2)\n",
     "line 6: it is inside the statement of lines 5-7, which prints on one line"),
    (SIG + "    for i in range(\n            4):  # header end\n        A[i] = 1\n"
           "    for j in range(  # header start\n            4):\n        A[j] = 1\n",
     "line 8: it is inside the header of the `for` of line 8, which prints on one line"),
    (SIG + "    if A[0] > 0:\n        A[1] = 1\n    # between\n    else:\n        A[1] = 2\n",
     "line 7: it is between the branches of the `if` of line 5, and the canonical form could "
     "move it across `else:`"),
    (SIG + "    if A[0] > 0:\n        A[1] = 1\n    else:  # else line\n        A[1] = 2\n",
     "line 7: it is on a line of the `if` of line 5 that holds no statement of its own (such as "
     "`else:`)"),
    (SIG + "    # the canonical form drops pass\n    pass\n    A[0] = 1\n",
     "line 5: its statement (line 6) builds no IR statement of its own"),
    # A docstring is lossy before any comment is placed: test_format_verdict.py.
    # Known gap (the builder sets no span on these statements; see docs/printer.md): a comment
    # on `T.evaluate(...)` or a `with T.attr(...)` declines rather than guess.
    (SIG + "    T.evaluate(0)  # evaluate\n    A[0] = 1\n",
     "line 5: its statement (line 5) builds no IR statement of its own"),
    (SIG + "    with T.attr(A, \"pragma\", 1):  # with line\n        A[0] = 1\n",
     "line 5: its statement (line 5) builds no IR statement of its own"),
])
def test_a_comment_without_a_place_declines(source, detail) -> None:
    check_declines(source, detail)


def test_every_unplaced_comment_is_named() -> None:
    check_declines("@T.function  # one\n# two\n" + SIG[len("@T.function\n"):] + "    A[0] = 1\n",
                   "line 3: it is on the decorator lines of `f`; line 4: it is on the decorator "
                   "lines of `f`")


def test_comments_after_the_last_statement_stay_where_they_are() -> None:
    # They follow the definition's range, so they belong to no definition and stay in place.
    formatted = check(SIG + "    A[0] = 1  # one\n    # after, body indentation\n# after\n",
                      SIG + "    A[0] = 1  # one")
    assert formatted == H + SIG + "    A[0] = 1  # one\n    # after, body indentation\n# after\n"


def test_the_text_with_comments_is_lazy_and_reports_why() -> None:
    definition = parse_diagnostics(H + "@T.function  # deco\n" + SIG[len("@T.function\n"):]
                                   + "    A[0] = 1  # one\n").definitions[0]
    assert definition._commented is None and not definition._printed  # a cold analysis
    assert definition.formatted_text_with_comments is None
    (unplaced,) = definition.commented_print.unplaced
    assert (unplaced.line, unplaced.text) == (3, "# deco")
    placed = parse_diagnostics(H + SIG + "    A[0] = 1  # one\n").definitions[0]
    assert placed.formatted_text_with_comments == SIG + "    A[0] = 1  # one"
    assert placed.canonical_text == SIG + "    A[0] = 1"  # the print without comments


def test_a_statement_printed_as_several_carries_its_comment_on_the_first() -> None:
    # `T.grid` builds nested loops: the comment goes on the outer one's header line (in Apache
    # TVM's spelling the nest prints as `T.grid` again).
    check("@T.function\ndef f(A: T.Tensor((4, 4), T.int32)):\n"
          "    for i, j in T.grid(2, 2):  # grid\n        A[i, j] = 1\n",
          "@T.function\ndef f(A: T.Tensor((4, 4), T.int32)):\n    for i in range(2):  # grid\n"
          "        for j in range(2):\n            A[i, j] = 1")
    check("@T.prim_func\ndef f(A: T.Buffer((4, 4), \"int32\")):\n"
          "    for i, j in T.grid(2, 2):  # grid\n        A[i, j] = 1\n",
          "@T.prim_func\ndef f(A: T.Buffer((4, 4), \"int32\")):\n"
          "    for i, j in T.grid(2, 2):  # grid\n        A[i, j] = 1")


def test_attributes_and_signature_declarations_keep_their_comments() -> None:
    # `T.func_attr` prints from the function, keyed by its attrs; a comment above a
    # `T.match_buffer` (which becomes a parameter) leads the next statement that prints.
    check("@T.prim_func\ndef f(a: T.handle):\n    # attributes\n"
          "    T.func_attr({\"x\": 1})  # trailing\n    # the tensor\n"
          "    A = T.match_buffer(a, (4,), \"int32\")\n    # the body\n    A[0] = 1\n",
          "@T.prim_func\ndef f(A: T.Buffer((4,), \"int32\")):\n    # attributes\n"
          "    T.func_attr({\"x\": 1})  # trailing\n    # the tensor\n    # the body\n"
          "    A[0] = 1")


# --- as an adversary would write them ------------------------------------------------------


def test_hashes_in_strings_and_comments_that_look_like_code() -> None:
    check(SIG + "    assert A[0] > 0, \"no # comment here\"  # real\n"
                "    # @T.function\n"
                "    # def g(): A[0] = 1\n"
                "    #    A[1] = 3\n"
                "    A[1] = 2  # \"\"\" not a docstring \"\"\"\n"
                "    A[2] = 2  # '''\n",
          SIG + "    assert A[0] > 0, (\"RuntimeError\", [\"no # comment here\"])  # real\n"
                "    # @T.function\n"
                "    # def g(): A[0] = 1\n"
                "    #    A[1] = 3\n"
                "    A[1] = 2  # \"\"\" not a docstring \"\"\"\n"
                "    A[2] = 2  # '''")


def test_a_hash_line_inside_a_multi_line_string_is_not_a_comment() -> None:
    check(SIG + "    assert A[0] > 0, \"\"\"first line\n# not a comment\nlast\"\"\"  # after it\n"
                "    A[0] = \\\n        1  # after a continuation\n",
          SIG + "    assert A[0] > 0, (\"RuntimeError\", "
                "[\"first line\\n# not a comment\\nlast\"])  # after it\n"
                "    A[0] = 1  # after a continuation")


def test_tabs_and_unusual_characters_are_carried_byte_for_byte() -> None:
    check(SIG.replace("    ", "\t") + "\t# tab indented\n\tA[1] = 2\t#\ttab\tcomment\n",
          SIG + "    # tab indented\n    A[1] = 2  #\ttab\tcomment")
    check(SIG + "    # é 😀 non-ASCII\n    A[1] = 2  # ünïcödé\x0c\u2028 form feed, LS\n",
          SIG + "    # é 😀 non-ASCII\n    A[1] = 2  # ünïcödé\x0c\u2028 form feed, LS")
    check(SIG + "    #\n    A[1] = 2  #\n", SIG + "    #\n    A[1] = 2  #")


@pytest.mark.parametrize("ending", ["\r\n", "\r"])
def test_crlf_and_cr_line_ends(ending) -> None:
    source = (H + SIG + "    # lead\n    A[1] = 2  # end\n    A[2] = 3\n").replace("\n", ending)
    verdict = format_verdict(parse_diagnostics(source).definitions[0])
    # The formatted text keeps the file's line ends (the printer's are \n); the comments come
    # without theirs.
    assert verdict.text == (SIG + "    # lead\n    A[1] = 2  # end\n    A[2] = 3").replace(
        "\n", ending)
    lines = LineIndex(source)
    start = lines.starts[verdict.range[0] - 1] + verdict.range[1]
    end = lines.starts[verdict.range[2] - 1] + verdict.range[3]
    formatted = source[:start] + verdict.text + source[end:]
    assert formatted == source  # already canonical: formatting changes nothing
    assert "\n" not in formatted.replace("\r\n", "") if ending == "\r\n" else \
        "\n" not in formatted


def test_a_lone_surrogate_in_a_comment_is_reported_not_formatted() -> None:
    report = parse_diagnostics(H + SIG + "    # lone \udc80 surrogate\n    A[1] = 2\n")
    assert report.definitions == []
    assert "lone surrogate" in report.diagnostics[0].message


def test_very_many_comments() -> None:
    body = "".join(f"    # before {i}\n    A[{i % 4}] = {i}  # after {i}\n" for i in range(300))
    expected = SIG + "".join(f"    # before {i}\n    A[{i % 4}] = {i}  # after {i}\n"
                             for i in range(300))
    check(SIG + body, expected[:-1])


def test_a_reused_definition_formats_where_it_now_is() -> None:
    text = H + "\n" + SIG + "    # lead\n    A[1] = 2  # end\n"
    session = DocumentSession()
    session.set_text(text)
    session.analyze()
    session.apply_edits([TextEdit((3, 0, 3, 0), "\n\n")])
    report = session.analyze()
    assert session.stats.reused == ["f"]
    verdict = format_verdict(report.definitions[0])
    assert verdict.text == SIG + "    # lead\n    A[1] = 2  # end"
    moved = H + "\n\n\n" + SIG + "    # lead\n    A[1] = 2  # end\n"
    assert verdict.range == (6, 0, 9, 19)
    assert _apply(moved, verdict) == moved


def test_a_print_whose_comments_come_out_in_another_order_declines() -> None:
    # The canonical form keeps statement order today; the rescan guards the day it does not.
    # Handing the comments over in reverse order plays that day.
    definition = parse_diagnostics(H + SIG + "    A[0] = 1  # one\n    A[1] = 2  # two\n"
                                   ).definitions[0]
    printed = print_with_comments(definition.node, definition.ir, definition.comments[::-1],
                                  definition.canonical_text)
    assert printed.text is None
    assert [u.describe() for u in printed.unplaced] == [
        "line 6: the canonical form reorders its statements, so the comments would move"]


def test_the_root_block_comment_of_apache_prints_stays_once() -> None:
    # apache-tvm 0.27's prints hold `# with T.sblock("root"):`, which the print writes itself:
    # it is not placed a second time; two of them in the source would not fit the print.
    source = ("from tvm.script import tirx as T\n\n@T.prim_func(s_tir=True)\n"
              "def f(A: T.Buffer((8,), \"float32\")):\n    # with T.sblock(\"root\"):\n"
              "    for i in range(8):\n        with T.sblock(\"b\"):\n"
              "            vi = T.axis.spatial(8, i)\n            A[vi] = A[vi] * 2.0  # double\n")
    verdict = format_verdict(parse_diagnostics(source).definitions[0])
    assert verdict.text == (
        "@T.prim_func(s_tir=True)\ndef f(A: T.Buffer((8,), \"float32\")):\n"
        "    # with T.sblock(\"root\"):\n    for i in range(8):\n        with T.sblock(\"b\"):\n"
        "            vi = T.axis.spatial(8, i)\n            T.reads(A[vi])\n"
        "            T.writes(A[vi])\n            A[vi] = A[vi] * T.float32(2.0)  # double")
    doubled = source.replace("    for i in range(8):\n",
                             "    for i in range(8):\n        # with T.sblock(\"root\"):\n")
    assert format_verdict(parse_diagnostics(doubled).definitions[0]).reason == "comments"
