"""parse_diagnostics: every error in a file, each definition's IR and canonical text,
occurrences with identities, comments, the lossy flag, safety of untrusted text (issue 4,
items 7 and 10)."""

from __future__ import annotations

import os
import random
import time

import pytest

from tvm_tirx.script import parse_diagnostics

FILE = '''from tvm_tirx.script import tirx as T

n = T.dynamic("n")

@T.function
def good(A: T.Tensor((n,), T.float32), k: T.int32):
    # scale each element
    for i in range(n):
        x = A[i] * T.float32(2.0)  # doubled
        A[i] = x

@T.function
def broken(A: T.Tensor((4,), T.int32)
    A[0] = 1

@T.function
def typed(A: T.Tensor((4,), T.int32)):
    A[0] = A[1] // 1.5

def helper():
    return 1
'''


def _diagnostics(report):
    return [(d["code"], d["message"], tuple(d["range"])) for d in report.to_plain()["diagnostics"]]


def test_every_error_of_the_file_is_reported_and_good_definitions_still_build() -> None:
    report = parse_diagnostics(FILE, source_name="k.py")
    assert _diagnostics(report) == [
        ("syntax-error", "'(' was never closed", (13, 10, 13, 10)),
        ("type-error", "Operator `//` needs integer operands, got `float32`", (18, 11, 18, 22)),
    ]
    good, typed = report.definitions
    assert (good.name, good.kind, good.range, good.lossy) == ("good", "function", (5, 0, 10, 16),
                                                             False)
    assert good.canonical_text == (
        "@T.function\n"
        "def good[n](A: T.Tensor((n,), T.float32), k: T.int32):\n"
        "    for i in range(n):\n"
        "        x: T.let[T.float32] = A[i] * T.float32(2.0)\n"
        "        A[i] = x"
    )
    assert good.ir is not None and not good.partial
    # The failing statement is recorded and skipped: the rest of the function still builds.
    assert typed.partial and typed.canonical_text == (
        "@T.function\ndef typed(A: T.Tensor((4,), T.int32)):\n    pass")
    assert all(d.span.source_name == "k.py" for d in report.diagnostics)


def test_occurrences_refer_to_one_symbol_per_variable() -> None:
    plain = parse_diagnostics(FILE).to_plain()
    symbols = {s["id"]: s for s in plain["symbols"]}
    by_name = {}
    for occurrence in plain["occurrences"]:
        if occurrence["range"][0] > 10:
            continue  # `typed`'s own A and its partial IR: another test
        symbol = symbols[occurrence["symbol"]]
        by_name.setdefault(symbol["name"], []).append(
            (tuple(occurrence["range"]), occurrence["is_definition"]))
    assert by_name["A"] == [((6, 9, 6, 10), True), ((9, 12, 9, 13), False),
                            ((10, 8, 10, 9), False)]
    assert by_name["i"] == [((8, 8, 8, 9), True), ((9, 14, 9, 15), False),
                            ((10, 10, 10, 11), False)]
    assert by_name["x"] == [((9, 8, 9, 9), True), ((10, 15, 10, 16), False)]
    # The module-level symbol: defined at line 3 (its assignment is its definition occurrence,
    # though module code lies in no definition), used in the signature and the loop.
    assert by_name["n"] == [((3, 0, 3, 1), True), ((6, 22, 6, 23), False), ((8, 19, 8, 20), False)]
    kinds = {s["name"]: (s["kind"], s["type"], s["definition_range"]) for s in symbols.values()
             if (s["definition_range"] or [0])[0] <= 10}
    assert kinds["n"] == ("symbol", "T.int32", [3, 0, 3, 1])
    assert kinds["A"] == ("tensor", "T.Tensor((n,), T.float32)", [6, 9, 6, 10])
    assert kinds["k"] == ("parameter", "T.int32", [6, 39, 6, 40])
    assert kinds["good"] == ("function", "", [6, 4, 6, 8])


MUTABLE = '''from tvm_tirx.script import tirx as T

@T.function
def sums(A: T.Tensor((8,), T.int32), out: T.Tensor((1,), T.int32)):
    total: T.int32 = 0
    for i in range(8):
        total = total + A[i]
    total += 1
    out[0] = total
'''


def test_a_mutable_scalar_is_one_symbol_defined_at_its_declaration() -> None:
    plain = parse_diagnostics(MUTABLE).to_plain()
    assert plain["diagnostics"] == []
    (total,) = [s for s in plain["symbols"] if s["name"] == "total"]
    # The storage is a one-element local tensor; the user sees the variable they declared.
    assert (total["kind"], total["type"], total["definition_range"]) == (
        "tensor", 'T.Tensor((1,), T.int32, scope="local")', [5, 4, 5, 9])
    ranges = sorted((tuple(o["range"]), o["is_definition"]) for o in plain["occurrences"]
                    if o["symbol"] == total["id"])
    # Assignments are occurrences of the same symbol: the store's target and the reads.
    assert ranges == [((5, 4, 5, 9), True), ((7, 8, 7, 13), False), ((7, 16, 7, 21), False),
                      ((8, 4, 8, 9), False), ((9, 13, 9, 18), False)]


HALF_TYPED = '''from tvm_tirx.script import tirx as T

@T.function
def scale(A: T.Tensor((8,), T.int32), B: T.Tensor((8,), T.int32)):
    for i in range(8):
        A[i] = B[i] // 0.5
        if B[i] // 0.5 > 0:
            B[i] = 1
'''


def test_names_a_failing_statement_never_evaluated_are_still_occurrences() -> None:
    # `B[i] // 0.5` fails before the store's target is evaluated; before, `A` and `i` of
    # `A[i] =` were missing, so a rename of `A` left that line behind.
    plain = parse_diagnostics(HALF_TYPED).to_plain()
    assert [d["code"] for d in plain["diagnostics"]] == ["type-error", "type-error"]
    names = {s["id"]: s["name"] for s in plain["symbols"]}
    found = sorted((tuple(o["range"]), names[o["symbol"]], o["is_definition"])
                   for o in plain["occurrences"] if o["range"][0] >= 4)
    assert found == [
        ((4, 4, 4, 9), "scale", True), ((4, 10, 4, 11), "A", True),
        ((4, 38, 4, 39), "B", True), ((5, 8, 5, 9), "i", True),
        ((6, 8, 6, 9), "A", False), ((6, 10, 6, 11), "i", False),
        ((6, 15, 6, 16), "B", False), ((6, 17, 6, 18), "i", False),
        ((7, 11, 7, 12), "B", False), ((7, 13, 7, 14), "i", False),
        # The body of the `if` whose condition failed is never built: its names stay
        # unrecorded (the header's names are taken from the failing frame, nothing more).
    ]


REBOUND = '''from tvm_tirx.script import tirx as T

@T.function
def offsets(A: T.Tensor((8,), T.int32), base: T.int32):
    start = base
    x = start + 1
    x = x * 2
    A[0] = x
'''


def test_a_reassignment_is_a_new_symbol_and_an_alias_is_a_name_of_its_own() -> None:
    plain = parse_diagnostics(REBOUND).to_plain()
    assert plain["diagnostics"] == []
    names = {s["id"]: s["name"] for s in plain["symbols"]}
    found = sorted((tuple(o["range"]), names[o["symbol"]], o["symbol"], o["is_definition"])
                   for o in plain["occurrences"]
                   if o["range"][0] >= 5 and names[o["symbol"]] != "A")
    (x1, x2) = sorted({symbol for _, name, symbol, _ in found if name == "x"})
    base = next(symbol for _, name, symbol, _ in found if name == "base")
    start = next(symbol for _, name, symbol, _ in found if name == "start")
    assert [(r, s, d) for r, _, s, d in found] == [
        ((5, 4, 5, 9), start, True),      # `start = base`: no new IR variable, a name of its own
        ((5, 12, 5, 16), base, False),
        ((6, 4, 6, 5), x1, True),
        ((6, 8, 6, 13), start, False),    # renaming `base` leaves `start` alone
        ((7, 4, 7, 5), x2, True),         # the reassignment defines a second `x`
        ((7, 8, 7, 9), x1, False),
        ((8, 11, 8, 12), x2, False),
    ]
    (alias,) = [s for s in plain["symbols"] if s["id"] == start]
    assert (alias["kind"], alias["type"], alias["definition_range"]) == (
        "variable", "T.int32", [5, 4, 5, 9])


def test_comments_are_attached_to_their_statements() -> None:
    plain = parse_diagnostics(FILE).to_plain()
    assert plain["comments"] == [
        {"range": [7, 4, 7, 24], "text": "# scale each element", "definition": 0,
         "statement_line": 8},
        {"range": [9, 35, 9, 44], "text": "# doubled", "definition": 0, "statement_line": 9},
    ]


MODULE = '''from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T

@I.ir_module
class Mod:
    @T.function
    def main(x: T.int32) -> T.int32:
        return Mod.helper(x)

    @T.function
    def helper(y: T.int32) -> T.int32:
        return y + 1
'''


def test_module_functions_and_their_calls_are_occurrences() -> None:
    plain = parse_diagnostics(MODULE).to_plain()
    assert plain["diagnostics"] == []
    (definition,) = plain["definitions"]
    assert (definition["name"], definition["kind"], definition["lossy"]) == ("Mod", "module",
                                                                            False)
    helper = next(s for s in plain["symbols"] if s["name"] == "helper")
    uses = [tuple(o["range"]) for o in plain["occurrences"] if o["symbol"] == helper["id"]]
    assert uses == [(8, 19, 8, 25), (11, 8, 11, 14)]


@pytest.mark.parametrize(
    "body, reason",
    [
        ("    A[0] = helper(1)\n", "the call of `helper` runs Python"),
        ("    A[0] = SCALE\n", "the captured value `SCALE` would be inlined"),
        ("    A[0] = len([i for i in range(3)])\n", "a comprehension or lambda"),
    ],
)
def test_definitions_whose_print_would_lose_structure_are_flagged(body, reason) -> None:
    text = "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n" + body
    from tvm_tirx.script import tirx as T

    report = parse_diagnostics(text, extra_vars={"T": T, "SCALE": 3, "helper": lambda v: v},
                               trusted=True)
    (definition,) = report.definitions
    assert definition.ir is not None, report.to_plain()["diagnostics"]
    assert definition.lossy and any(reason in r for r in definition.lossy_reasons)


def test_missing_namespace_import_offers_the_import() -> None:
    report = parse_diagnostics("x = 1\n@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n"
                               "    A[0] = 1\n")
    # Without `T` the decorator does not resolve: the function is not TVMScript yet, but its
    # use of `T` in text we were asked to check is not reported either (plain Python).
    assert report.to_plain()["diagnostics"] == []
    report = parse_diagnostics("from tvm_tirx.script import tirx as S\n@S.function\n"
                               "def f(A: S.Tensor((4,), S.int32)):\n    A[0] = T.int32(1)\n")
    (diagnostic,) = report.to_plain()["diagnostics"]
    assert diagnostic["code"] == "name-error"
    assert diagnostic["fixes"] == [{
        "title": "Import `T` (`from tvm_tirx.script import tirx as T`)",
        "edits": [{"range": [1, 0, 1, 0],
                   "new_text": "from tvm_tirx.script import tirx as T\n"}]}]


def test_quoted_annotation_offers_to_remove_the_quotes() -> None:
    text = ("from tvm_tirx.script import tirx as T\n@T.function\n"
            "def f(A: T.Tensor((4,), T.int32)):\n    x: \"T.int32\" = 1\n")
    (diagnostic,) = parse_diagnostics(text).to_plain()["diagnostics"]
    assert diagnostic["code"] == "syntax-error"
    assert diagnostic["range"] == [4, 7, 4, 16]
    assert diagnostic["fixes"][0]["edits"] == [{"range": [4, 7, 4, 16], "new_text": "T.int32"}]


def test_well_formedness_problems_are_diagnostics_at_their_statement() -> None:
    text = ("from tvm_tirx.script import tirx as T\n@T.function\n"
            "def f(A: T.Tensor((4,), T.int32)):\n    for i in range(4):\n        A[i] = 0\n"
            "    A[i] = 1\n")
    (diagnostic,) = parse_diagnostics(text).to_plain()["diagnostics"]
    assert diagnostic["code"] == "out-of-scope-use"
    assert diagnostic["range"] == [6, 4, 6, 12]


UNSAFE_HEADER = 'from tvm_tirx.script import tirx as T\n\nn = T.dynamic(__import__("os").getpid())\n'
UNSAFE_DEFINITIONS = '''
@T.function(private=__import__("os").getpid())
def by_decorator(A: T.Tensor((4,), T.int32)):
    A[0] = 1

@T.function
def by_annotation(A: T.Tensor((__import__("os").getpid(),), T.int32)):
    A[0] = 1

@T.function
def by_default(A: T.Tensor((4,), T.int32), k: T.int32 = __import__("os").getpid()):
    A[0] = k
'''
UNSAFE_BODY = '''
@T.function
def by_body(A: T.Tensor((4,), T.int32)):
    A[0] = __import__("os").getpid()
'''


def test_untrusted_text_runs_none_of_its_python(monkeypatch) -> None:
    calls = []
    monkeypatch.setattr(os, "getpid", lambda: calls.append(1) or 4)
    report = parse_diagnostics(UNSAFE_HEADER + UNSAFE_DEFINITIONS + UNSAFE_BODY)
    assert calls == []
    refused = [(d["severity"], d["range"]) for d in report.to_plain()["diagnostics"]
               if d["code"] == "untrusted-not-evaluated"]
    # Module symbol argument, decorator option, annotation, default, body: each refused once,
    # at the expression, as information; nothing else is reported about them.
    assert refused == [("information", [3, 14, 3, 39]), ("information", [5, 20, 5, 45]),
                       ("information", [10, 31, 10, 41]), ("information", [14, 56, 14, 66]),
                       ("information", [19, 11, 19, 21])]
    assert len(report.to_plain()["diagnostics"]) == 5
    # Marked trusted, the module code and the builder program run the file's Python.
    trusted = parse_diagnostics(UNSAFE_HEADER + UNSAFE_BODY, trusted=True)
    assert calls == [1, 1], trusted.to_plain()["diagnostics"]


def test_never_raises_on_junk() -> None:
    rng = random.Random(11)
    pieces = FILE.split("\n") + ["@T.function", "def [", "(((", '"""', "\x00", "é", "\t\tx"]
    for _ in range(200):
        text = "\n".join(rng.choice(pieces) for _ in range(rng.randint(0, 25)))
        report = parse_diagnostics(text)
        assert all(d.code != "internal-error" for d in report.diagnostics), \
            (text, report.to_plain()["diagnostics"])
    report = parse_diagnostics(b"not text")  # type: ignore[arg-type]
    assert report.to_plain()["diagnostics"][0]["code"] == "internal-error"


MACROS = '''from tvm_tirx.script import tirx as T

@T.function
def user(A: T.Tensor((4,), T.int32)):
    store_twice(A, 1)

@T.macro
def store_twice(A, v):
    A[0] = v
    A[1] = v

@T.jit
def later(A: T.Tensor((4,), T.int32), n: T.constexpr):
    A[0] = n
'''


def test_macros_are_defined_first_and_jit_functions_are_only_checked() -> None:
    report = parse_diagnostics(MACROS, trusted=True)
    assert report.to_plain()["diagnostics"] == []
    kinds = [(d.name, d.kind, d.ir is not None) for d in report.definitions]
    assert kinds == [("store_twice", "macro", False), ("user", "function", True),
                     ("later", "function", False)]
    user = report.definitions[1]
    assert user.canonical_text.endswith("    A[0] = 1\n    A[1] = 1")
    assert any("store_twice" in r for r in user.lossy_reasons)


def test_well_formedness_diagnostics_keep_their_access_path_and_tags() -> None:
    text = ("from tvm_tirx.script import tirx as T\n@T.function\n"
            "def f(A: T.Tensor((4,), T.int32)):\n    for i in range(4):\n        A[i] = 0\n"
            "    A[i] = 1\n")
    (diagnostic,) = parse_diagnostics(text).to_plain()["diagnostics"]
    assert diagnostic["path"] is not None and diagnostic["path"].startswith("<root>.body")
    assert diagnostic["tags"] == []
    plain_error = parse_diagnostics(text.replace("    A[i] = 1\n", "    A[0] = \"a\"\n"))
    assert plain_error.to_plain()["diagnostics"][0]["path"] is None


def test_a_float_stored_into_integer_elements_is_a_warning_and_still_builds() -> None:
    # The reference converts the store and warns of it; so does ours, at the statement.
    text = ("from tvm_tirx.script import tirx as T\n@T.function\n"
            "def f(A: T.Tensor((4,), T.int32), B: T.Tensor((4,), T.float32), x: T.int64):\n"
            "    A[0] = B[0] * 0.5\n    A[1] = 2.5\n    A[2] = T.Cast(\"int32\", B[1])\n"
            "    A[3] = x\n    B[2] = x\n")
    report = parse_diagnostics(text)
    found = [(d["code"], d["severity"], d["message"], tuple(d["range"]))
             for d in report.to_plain()["diagnostics"]]
    message = ("A `float32` value is stored into `int32` elements: it is converted with "
               "`T.Cast(\"int32\", ...)`, which drops the fraction; write the cast to say so")
    assert found == [("lossy-store", "warning", message, (4, 4, 4, 21)),
                     ("lossy-store", "warning", message, (5, 4, 5, 14))]
    (definition,) = report.definitions
    assert not definition.partial
    assert '    A[0] = T.Cast("int32", B[0] * T.float32(0.5))\n' in definition.canonical_text + "\n"
    assert '    A[1] = T.Cast("int32", T.float32(2.5))' in definition.canonical_text


def test_a_dtype_is_not_iterable_though_it_takes_a_shape() -> None:
    # `T.int32[4]` annotates a local array; iterating a dtype must not index it without end.
    text = ("from tvm_tirx.script import tirx as T\n@T.function\n"
            "def f(M: T.Shuffle((64,), T.bool)):\n    pass\n")
    started = time.perf_counter()
    (diagnostic,) = parse_diagnostics(text).to_plain()["diagnostics"]
    assert time.perf_counter() - started < 5
    assert (diagnostic["code"], diagnostic["message"]) == (
        "type-error", "'ScalarType' object is not iterable")
    from tvm_tirx.script import tirx as T

    with pytest.raises(TypeError, match="takes the shape of a local array, integers or "
                                        "expressions, got `str`"):
        T.int32["n"]
