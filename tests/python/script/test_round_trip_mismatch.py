"""The round-trip mismatch finder (parser/round_trip.py, issue 11 item 5): where a definition's
canonical print first reads back differently, named by its structural-equality path and located
at the source of the first mismatching node; and where a print that does not read back fails,
mapped through the printer's source map."""

from __future__ import annotations

from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script.parser import round_trip, session, worker_entry
from tvm_tirx.script.parser.codes import CODES
from tvm_tirx.script.parser.formatting import format_verdict
from tvm_tirx.script.parser.round_trip import (CODE, Mismatch, ir_mismatch,
                                               mismatch_diagnostic, name_range,
                                               print_error_mismatch)

H = "from tvm_tirx.script import tirx as T\n\n"
SOURCE = H + """@T.function
def f(A: T.Tensor((8,), T.float32), n: T.int32):
    for i in range(4):
        A[i] = T.float32(0.1234) * A[i + 1]
    A[0] = T.float32(2.0)
"""
# Line 6: `        A[i] = T.float32(0.1234) * A[i + 1]`; the literal is bytes 15..32.


def _read_back(definition, old: str, new: str):
    """The definition's canonical print with ``old`` replaced by ``new``, read back: what a
    printer that wrote ``new`` would give."""
    text = definition.canonical_text.replace(old, new)
    assert text != definition.canonical_text
    return from_source(text, extra_vars={"T": definition.env["T"]})


def test_equal_programs_have_no_mismatch() -> None:
    (definition,) = parse_diagnostics(SOURCE).definitions
    again = from_source(definition.canonical_text, extra_vars={"T": definition.env["T"]})
    assert ir_mismatch(definition, again, map_free_vars=True) is None


def test_a_literal_that_reads_back_differently_is_located_at_the_literal() -> None:
    (definition,) = parse_diagnostics(SOURCE).definitions
    mismatch = ir_mismatch(definition, _read_back(definition, "0.1234", "0.123"),
                           map_free_vars=True)
    assert mismatch.message == ("f's canonical print reads back as a different program at "
                                "body.seq[0].body.value.a.value: 0.1234 vs 0.123")
    assert mismatch.path == "<root>.body.seq[0].body.value.a.value"
    assert mismatch.range == (6, 15, 6, 32)


def test_an_expression_is_found_inside_its_statement() -> None:
    # The `1` of `i + 1` is a Python int that the operator converts (no recorded value of its
    # own), so the innermost located node is `i + 1` on line 6.
    (definition,) = parse_diagnostics(SOURCE).definitions
    mismatch = ir_mismatch(definition, _read_back(definition, "A[i + 1]", "A[i + 2]"),
                           map_free_vars=True)
    assert mismatch.message.endswith("at body.seq[0].body.value.b.indices[0].b.value: 1 vs 2")
    assert mismatch.range == (6, 37, 6, 42)


def test_a_statement_that_reads_back_differently_is_located_at_the_statement() -> None:
    (definition,) = parse_diagnostics(SOURCE).definitions
    again = _read_back(definition, "    A[0] = T.float32(2.0)", "    A[1] = T.float32(2.0)")
    mismatch = ir_mismatch(definition, again, map_free_vars=True)
    assert mismatch.message.endswith("at body.seq[1].indices[0].value: 0 vs 1")
    # Constant indices are not recorded expressions here: the statement holds them.
    assert mismatch.range[0] == 7


def test_a_missing_statement_is_located_at_the_sequence_that_lacks_it() -> None:
    (definition,) = parse_diagnostics(SOURCE).definitions
    again = _read_back(definition, "\n    A[0] = T.float32(2.0)", "")
    mismatch = ir_mismatch(definition, again, map_free_vars=True)
    # The body was a sequence and reads back as the loop alone: the body differs, at its span.
    assert mismatch.message.startswith("f's canonical print reads back as a different program "
                                       "at body: for i in range(4): A[i] = ")
    assert mismatch.message.endswith("... vs for i in range(4): A[i] = T.float32(0.1234) * "
                                     "A[i + 1]")
    assert mismatch.path == "<root>.body" and mismatch.range == (4, 0, 7, 25)


def test_a_definition_the_session_moved_keeps_its_mismatch_on_the_moved_lines() -> None:
    document = session.DocumentSession("<round-trip-moved>")
    document.set_text(SOURCE)
    document.analyze()
    document.set_text("# one\n# two\n" + SOURCE)
    (definition,) = document.analyze().definitions
    assert definition.range[0] == 5  # moved by two lines, reused
    mismatch = ir_mismatch(definition, _read_back(definition, "0.1234", "0.123"),
                           map_free_vars=True)
    assert mismatch.range == (8, 15, 8, 32)


def test_a_print_that_does_not_parse_is_located_through_the_source_map() -> None:
    # A real lossy print on main: a global_symbol that is not an identifier is printed as the
    # function's name, which cannot be read back.
    text = H + ('@T.function\ndef g(A: T.Tensor((8,), T.int32)):\n'
                '    T.func_attr({"global_symbol": "my.kernel"})\n    A[0] = 1\n')
    (definition,) = parse_diagnostics(text).definitions
    verdict = format_verdict(definition)
    assert verdict.reason == "not-equal"
    assert verdict.mismatch.message == (
        "g's canonical print does not read back: SyntaxError: expected '(' (<format>, line 2)")
    # The printed name comes from the function itself (<root>): its name in the source.
    assert verdict.mismatch.path == "<root>"
    assert verdict.mismatch.range == name_range(definition) == (4, 4, 4, 5)


def test_print_error_mismatch_of_an_error_without_a_place_is_at_the_name() -> None:
    (definition,) = parse_diagnostics(SOURCE).definitions
    # The plain print reads back, so only the error's text is known.
    mismatch = print_error_mismatch(definition, ValueError("boom"), {"T": definition.env["T"]})
    assert mismatch.message == "f's canonical print does not read back: ValueError: boom"
    assert mismatch.range == (4, 4, 4, 5) and mismatch.path is None


def test_the_diagnostic_is_a_registered_warning_with_the_canonical_text() -> None:
    assert CODE in CODES
    (definition,) = parse_diagnostics(SOURCE).definitions
    mismatch = ir_mismatch(definition, _read_back(definition, "0.1234", "0.123"),
                           map_free_vars=True)
    diagnostic = mismatch_diagnostic(definition, mismatch, definition.canonical_text)
    assert diagnostic == {
        "severity": "warning", "code": "round-trip-mismatch", "message": mismatch.message,
        "range": [6, 15, 6, 32],
        "related": [{"range": [3, 0, 7, 25],
                     "message": "the canonical print of f:\n" + definition.canonical_text}],
        "fixes": [], "tags": [], "path": "<root>.body.seq[0].body.value.a.value"}



def test_a_module_function_is_named_by_its_name_and_located_in_its_member() -> None:
    text = ("from tvm_tirx.script import tirx as T\nfrom tvm_tirx.script import ir as I\n\n\n"
            "@I.ir_module\nclass M:\n    @T.function\n    def a(A: T.Tensor((8,), T.float32)):\n"
            "        A[0] = T.float32(1.0)\n\n    @T.function\n"
            "    def b(A: T.Tensor((8,), T.float32)):\n        A[1] = T.float32(0.1234)\n")
    (definition,) = parse_diagnostics(text).definitions
    again = from_source(definition.canonical_text.replace("0.1234", "0.123"),
                        extra_vars={"T": definition.env["T"], "I": definition.env["I"]})
    mismatch = ir_mismatch(definition, again, map_free_vars=True)
    # The GlobalVars of the two modules differ: the rhs value is found by the function's name.
    assert mismatch.message == ('M\'s canonical print reads back as a different program at '
                                'functions["b"].body.value.value: 0.1234 vs 0.123')
    assert mismatch.range == (13, 15, 13, 32)


def test_the_worker_judges_again_only_definitions_that_changed() -> None:
    name = "<round-trip-verdicts>"
    g = "@T.function\ndef g(B: T.Tensor((8,), T.int32)):\n    B[0] = 1\n"
    worker_entry.analyze_document(SOURCE + "\n\n" + g, source_name=name)
    first = worker_entry.format_verdicts(True, source_name=name)["definitions"]
    again = worker_entry.format_verdicts(True, source_name=name)["definitions"]
    assert [a is b for a, b in zip(first, again)] == [True, True]
    worker_entry.analyze_document(SOURCE + "\n\n" + g.replace("= 1", "= 2"), source_name=name)
    edited = worker_entry.format_verdicts(True, source_name=name)["definitions"]
    assert [a is b for a, b in zip(first, edited)] == [True, False]
    assert edited[1]["text"].endswith("B[0] = 2")
    # The formatting verdicts (without migrate) are kept apart.
    assert worker_entry.format_verdicts(source_name=name)["definitions"][0] is not first[0]


def test_a_print_error_whose_place_cannot_be_found_is_at_the_name(monkeypatch) -> None:
    # Printing with the source map fails (IR nested too deeply to print, say): the warning
    # still comes, at the definition's name.
    (definition,) = parse_diagnostics(SOURCE).definitions

    def deep(name, *args, **kwargs):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(round_trip, "get_global_func", deep)
    mismatch = print_error_mismatch(definition, SyntaxError("invalid syntax"),
                                    {"T": definition.env["T"]})
    assert mismatch == Mismatch("f's canonical print does not read back: SyntaxError: invalid "
                                "syntax", (4, 4, 4, 5))
