"""The real ``tvm-lsp --stdio`` answering navigation requests through the real worker:
definition and declaration, references, documentHighlight, rename and prepareRename (with
their refusals), documentSymbol and foldingRange, in UTF-16 positions (a non-ASCII name sits
before the targets on one line)."""

from __future__ import annotations

import pytest

from lsp_server_client import Server

SOURCE = '''from tvm_tirx.script import tirx as T

@T.function
def f(A: T.Tensor((4,), "int32"), n: T.int32):
    B = T.alloc_local((4,), "int32")
    for i in range(4):
        café = A[i] + 1; B[i] = café + n
        A[i] = B[i]
    # two comment
    # lines
    if n > 0:
        A[0] = n


@T.function
def g(C: T.Tensor((4,), "int32")):
    total = T.alloc_scalar("int32", "local")
    total += C[0]
'''
URI = "file:///nav.py"
PLAIN = "file:///plain.py"


@pytest.fixture(scope="module")
def server():
    process = Server()
    process.initialize({"textDocument": {"rename": {"prepareSupport": True}}})
    process.open(URI, SOURCE)
    assert process.diagnostics(URI) == {"uri": URI, "version": 1, "diagnostics": []}
    process.open(PLAIN, "def f(x):\n    return x\n")
    yield process
    process.close()


def at(line, character, uri=URI, **extra):
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character},
            **extra}


def span(line, start, end_line, end):
    return {"start": {"line": line, "character": start},
            "end": {"line": end_line, "character": end}}


def place(line, start, end):
    return {"uri": URI, "range": span(line, start, line, end)}


def result(server, method, params):
    reply = server.call(method, params)
    assert "error" not in reply, reply
    return reply["result"]


def error(server, method, params):
    reply = server.call(method, params)
    assert "result" not in reply, reply
    return reply["error"]


def test_the_capabilities_offer_prepare_rename_to_clients_that_support_it() -> None:
    process = Server()
    try:
        capabilities = process.initialize({"textDocument": {"rename": {
            "prepareSupport": True}}})["result"]["capabilities"]
        assert capabilities["renameProvider"] == {"prepareProvider": True}
        assert capabilities["definitionProvider"] is True
        assert capabilities["foldingRangeProvider"] is True
        assert capabilities["selectionRangeProvider"] is True
    finally:
        process.close()


# -- definition, declaration ---------------------------------------------------------------

def test_definition_goes_to_the_definition_occurrence(server) -> None:
    # `B` after `café` (two UTF-16 units fewer than its bytes) on line 6.
    assert result(server, "textDocument/definition", at(6, 25)) == [place(4, 4, 5)]
    assert result(server, "textDocument/definition", at(6, 34)) == [place(6, 8, 12)]
    assert result(server, "textDocument/definition", at(11, 15)) == [place(3, 34, 35)]
    # On a definition itself: there.
    assert result(server, "textDocument/definition", at(3, 6)) == [place(3, 6, 7)]
    assert result(server, "textDocument/declaration", at(6, 25)) == [place(4, 4, 5)]


def test_definition_on_nothing_and_past_the_end(server) -> None:
    assert result(server, "textDocument/definition", at(5, 4)) == []  # `for`
    assert result(server, "textDocument/definition", at(1, 0)) == []  # an empty line
    assert result(server, "textDocument/definition", at(500, 3)) == []  # past the last line
    # Past the end of line 6: its end, right after `n`.
    assert result(server, "textDocument/definition", at(6, 200)) == [place(3, 34, 35)]


# -- references ----------------------------------------------------------------------------

def test_references_with_and_without_the_declaration(server) -> None:
    uses = [place(6, 15, 16), place(7, 8, 9), place(11, 8, 9)]
    with_declaration = at(7, 8, context={"includeDeclaration": True})
    assert result(server, "textDocument/references", with_declaration) == [place(3, 6, 7), *uses]
    without = at(7, 8, context={"includeDeclaration": False})
    assert result(server, "textDocument/references", without) == uses
    assert result(server, "textDocument/references",
                  at(6, 34, context={"includeDeclaration": True})) == [
        place(6, 8, 12), place(6, 32, 36)]
    assert result(server, "textDocument/references",
                  at(0, 0, context={"includeDeclaration": True})) == []


# -- documentHighlight -----------------------------------------------------------------------

def test_highlights_tell_writes_from_reads(server) -> None:
    write, read = 3, 2
    assert result(server, "textDocument/documentHighlight", at(7, 15)) == [
        {"range": span(4, 4, 4, 5), "kind": write},     # B = T.alloc_local(...)
        {"range": span(6, 25, 6, 26), "kind": write},   # B[i] = café + n
        {"range": span(7, 15, 7, 16), "kind": read}]    # A[i] = B[i]
    assert result(server, "textDocument/documentHighlight", at(17, 6)) == [
        {"range": span(16, 4, 16, 9), "kind": write},
        {"range": span(17, 4, 17, 9), "kind": write}]   # total += C[0]
    assert result(server, "textDocument/documentHighlight", at(16, 8)) == [
        {"range": span(16, 4, 16, 9), "kind": write},
        {"range": span(17, 4, 17, 9), "kind": write}]
    assert result(server, "textDocument/documentHighlight", at(5, 4)) == []


# -- rename --------------------------------------------------------------------------------

def test_prepare_rename_gives_the_name_and_its_range(server) -> None:
    assert result(server, "textDocument/prepareRename", at(6, 34)) == {
        "range": span(6, 32, 6, 36), "placeholder": "café"}
    assert result(server, "textDocument/prepareRename", at(1, 0)) is None
    assert result(server, "textDocument/prepareRename", at(8, 8)) is None  # in a comment
    assert result(server, "textDocument/prepareRename", at(4, 30)) is None  # in a string


@pytest.mark.parametrize("line, character, message", [
    (5, 4, "'for' is a Python keyword: it cannot be renamed"),
    (4, 8, "'T' is a namespace alias (bound by an import): it cannot be renamed"),
    (4, 12, "'alloc_local' is an attribute (a namespace member or a field): it cannot be "
            "renamed"),
    (5, 17, "'range' is not a variable, tensor, symbol or function that the analysis knows: "
            "it cannot be renamed"),
])
def test_prepare_rename_refuses_what_cannot_be_renamed(server, line, character,
                                                       message) -> None:
    assert error(server, "textDocument/prepareRename", at(line, character)) == {
        "code": -32803, "message": message}
    assert error(server, "textDocument/rename", at(line, character, newName="x")) == {
        "code": -32803, "message": message}


def test_rename_edits_every_occurrence(server) -> None:
    assert result(server, "textDocument/rename", at(6, 34, newName="tmp")) == {"changes": {URI: [
        {"range": span(6, 8, 6, 12), "newText": "tmp"},
        {"range": span(6, 32, 6, 36), "newText": "tmp"}]}}
    # `C` is g's: not visible in f.
    assert result(server, "textDocument/rename", at(4, 4, newName="C")) == {"changes": {URI: [
        {"range": span(4, 4, 4, 5), "newText": "C"},
        {"range": span(6, 25, 6, 26), "newText": "C"},
        {"range": span(7, 15, 7, 16), "newText": "C"}]}}
    assert result(server, "textDocument/rename", at(4, 4, newName="B")) == {"changes": {URI: []}}


def test_rename_reaches_the_target_of_a_statement_with_a_type_error() -> None:
    # The value fails before the target is evaluated; before, `A[i] =` kept its old name
    # and the rename broke the program.
    uri = "file:///half_typed.py"
    text = ('from tvm_tirx.script import tirx as T\n\n@T.function\n'
            'def f(A: T.Tensor((4,), T.int32)):\n    for i in range(4):\n'
            '        A[i] = A[i] // 0.5\n')
    process = Server()
    try:
        process.initialize()
        process.open(uri, text)
        (diagnostic,) = process.diagnostics(uri)["diagnostics"]
        assert diagnostic["code"] == "type-error"
        assert result(process, "textDocument/rename", at(3, 6, uri, newName="Out")) == {
            "changes": {uri: [{"range": span(line, start, line, start + 1), "newText": "Out"}
                              for line, start in ((3, 6), (5, 8), (5, 15))]}}
    finally:
        process.close()


@pytest.mark.parametrize("new_name, message", [
    ("A", "'A' would clash with the tensor 'A' defined on line 4"),
    ("i", "'i' would clash with the loop 'i' defined on line 6"),
    ("range", "'range' would clash with the name 'range' that f already uses"),
    ("T", "'T' would clash with the name an import binds"),
    ("for", "'for' is a Python keyword, so it cannot be a name"),
    ("None", "'None' is a Python keyword, so it cannot be a name"),
    ("1x", "'1x' is not a valid Python identifier"),
    ("a-b", "'a-b' is not a valid Python identifier"),
    ("", "'' is not a valid Python identifier"),
])
def test_rename_refuses_bad_and_clashing_names(server, new_name, message) -> None:
    assert error(server, "textDocument/rename", at(6, 25, newName=new_name)) == {
        "code": -32803, "message": message}


def test_rename_on_nothing_is_refused(server) -> None:
    assert error(server, "textDocument/rename", at(1, 0, newName="x")) == {
        "code": -32803, "message": "there is no name here to rename"}


# -- documentSymbol, foldingRange ------------------------------------------------------------

def test_document_symbols_are_definitions_with_what_they_define(server) -> None:
    def entry(name, kind, line, start, end, detail=None):
        value = {"name": name, "kind": kind, "range": span(line, start, line, end),
                 "selectionRange": span(line, start, line, end), "children": []}
        if detail:
            value["detail"] = detail
        return value

    tensor, variable, function = 18, 13, 12
    assert result(server, "textDocument/documentSymbol", {"textDocument": {"uri": URI}}) == [
        {"name": "f", "kind": function, "range": span(2, 0, 11, 16),
         "selectionRange": span(3, 4, 3, 5), "children": [
             entry("A", tensor, 3, 6, 7, "T.Tensor((4,), T.int32)"),
             entry("n", variable, 3, 34, 35, "T.int32"),
             entry("B", tensor, 4, 4, 5, 'T.Tensor((4,), T.int32, scope="local")'),
             entry("i", variable, 5, 8, 9, "T.int32"),
             entry("café", variable, 6, 8, 12, "T.int32")]},
        {"name": "g", "kind": function, "range": span(14, 0, 17, 17),
         "selectionRange": span(15, 4, 15, 5), "children": [
             entry("C", tensor, 15, 6, 7, "T.Tensor((4,), T.int32)"),
             entry("total", tensor, 16, 4, 9, 'T.Tensor((1,), T.int32, scope="local")')]}]


def test_module_functions_nest_under_their_module() -> None:
    source = ('from tvm_tirx.script import tirx as T\nfrom tvm_tirx.script import ir as I\n\n'
              '@I.ir_module\nclass Mod:\n    @T.function\n'
              '    def add(A: T.Tensor((4,), "int32")):\n        for i in range(4):\n'
              '            A[i] = A[i] + 1\n\n    @T.function\n'
              '    def main(A: T.Tensor((4,), "int32")):\n        Mod.add(A)\n')
    process = Server()
    try:
        process.initialize()
        process.open(URI, source)
        symbols = process.call("textDocument/documentSymbol",
                               {"textDocument": {"uri": URI}})["result"]
        assert [(s["name"], s["kind"], s["selectionRange"]) for s in symbols] == [
            ("Mod", 2, span(4, 6, 4, 9))]
        add, main = symbols[0]["children"]
        assert (add["name"], add["kind"], add["range"]) == ("add", 12, span(6, 0, 8, 27))
        assert [c["name"] for c in add["children"]] == ["A", "i"]
        assert (main["name"], main["range"]) == ("main", span(11, 0, 12, 18))
        assert [c["name"] for c in main["children"]] == ["A"]
        # Renaming a module function renames its uses through the module.
        assert process.call("textDocument/rename", {
            "textDocument": {"uri": URI}, "position": {"line": 12, "character": 13},
            "newName": "inc"})["result"] == {"changes": {URI: [
                {"range": span(6, 8, 6, 11), "newText": "inc"},
                {"range": span(12, 12, 12, 15), "newText": "inc"}]}}
    finally:
        process.close()


def test_folding_ranges_cover_blocks_and_comment_runs(server) -> None:
    assert result(server, "textDocument/foldingRange", {"textDocument": {"uri": URI}}) == [
        {"startLine": 3, "endLine": 11},
        {"startLine": 5, "endLine": 7},
        {"startLine": 8, "endLine": 9, "kind": "comment"},
        {"startLine": 10, "endLine": 11},
        {"startLine": 15, "endLine": 17}]


def test_selection_ranges_grow_from_the_name_to_the_file(server) -> None:
    def chain(selection):
        ranges = []
        while selection is not None:
            ranges.append(selection["range"])
            selection = selection.get("parent")
        return ranges

    answer = result(server, "textDocument/selectionRange", {
        "textDocument": {"uri": URI},
        "positions": [{"line": 6, "character": 34}, {"line": 1, "character": 0}]})
    whole = span(0, 0, 18, 0)
    assert chain(answer[0]) == [
        span(6, 32, 6, 36),   # café
        span(6, 8, 6, 40),    # its line
        span(5, 4, 7, 19),    # the for loop
        span(3, 0, 11, 16),   # def f
        span(2, 0, 11, 16),   # the definition, with its decorator
        whole]
    assert chain(answer[1]) == [whole]  # a blank line


# -- outside TVMScript, changed documents --------------------------------------------------

@pytest.mark.parametrize("method, extra", [
    ("textDocument/definition", {}),
    ("textDocument/declaration", {}),
    ("textDocument/references", {"context": {"includeDeclaration": True}}),
    ("textDocument/documentHighlight", {}),
    ("textDocument/prepareRename", {}),
    ("textDocument/rename", {"newName": "y"}),
])
def test_a_file_without_tvmscript_gets_null(server, method, extra) -> None:
    assert result(server, method, at(0, 6, uri=PLAIN, **extra)) is None


def test_outline_and_folds_of_a_file_without_tvmscript_are_null(server) -> None:
    for method in ("textDocument/documentSymbol", "textDocument/foldingRange"):
        assert result(server, method, {"textDocument": {"uri": PLAIN}}) is None
    assert result(server, "textDocument/selectionRange", {
        "textDocument": {"uri": PLAIN}, "positions": [{"line": 0, "character": 0}]}) is None


def test_a_document_not_open_gets_32602(server) -> None:
    assert error(server, "textDocument/definition", at(0, 0, uri="file:///none.py")) == {
        "code": -32602, "message": "file:///none.py is not open"}
    assert error(server, "textDocument/rename", at(6, 34)) == {
        "code": -32602, "message": "params.newName: expected a string, got nothing"}
    assert error(server, "textDocument/selectionRange", {
        "textDocument": {"uri": URI}, "positions": [3]}) == {
        "code": -32602, "message": "params.positions[0]: expected an object, got an integer"}


def test_a_request_right_after_an_edit_answers_on_the_new_text() -> None:
    process = Server(debounce_ms=10000)
    try:
        process.initialize()
        process.open(URI, SOURCE.replace("café", "x"))
        # Answered on the document's version, whether the request analyses it itself or the
        # open's own analysis (opens are analysed at once) comes first.
        assert process.call("textDocument/definition", at(6, 29))["result"] == [
            place(6, 8, 9)]
        published = [m["params"] for m in process.received
                     if m.get("method") == "textDocument/publishDiagnostics"]
        if not published:
            published = [process.diagnostics(URI)]
        assert [p["version"] for p in published][:1] == [1]
    finally:
        process.close()



@pytest.mark.parametrize("versions", [[5, -1], [5, 2, 3], [0, 0]])
def test_versions_that_do_not_increase_still_get_answers(versions) -> None:
    # Found by tests/fuzz/fuzz_server.py: after a change to a smaller version the worker
    # cancelled every later analysis of the document (it kept the largest version it had seen),
    # so diagnostics stopped and requests failed; and a cancelled analysis of version -1 was
    # taken for an answer (-1 was the "cancelled" mark) and replied -32603.
    process = Server(debounce_ms=0)
    BASE = SOURCE.replace("café", "x")  # noqa: N806
    try:
        process.initialize()
        process.open(URI, BASE, version=versions[0])
        assert process.diagnostics(URI)["version"] == versions[0]
        for count, version in enumerate(versions[1:], 1):
            process.notify("textDocument/didChange", {
                "textDocument": {"uri": URI, "version": version},
                "contentChanges": [{"text": BASE + "\n" * count}]})
        assert process.call("textDocument/definition", at(6, 29))["result"] == [
            place(6, 8, 9)]
        # The last text's own diagnostics come (with an error added, so they are not empty).
        broken = BASE + "\n" * len(versions) + "    C[1] = nothing\n"
        process.notify("textDocument/didChange", {
            "textDocument": {"uri": URI, "version": versions[-1]},
            "contentChanges": [{"text": broken}]})
        final = process.next_message(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["diagnostics"] != [])["params"]
        assert final["version"] == versions[-1]
        assert [(d["code"], d["range"]["start"]["line"]) for d in final["diagnostics"]] == [
            ("name-error", broken.count("\n") - 1)]
    finally:
        process.close()
