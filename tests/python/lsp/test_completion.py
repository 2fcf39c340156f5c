"""The real ``tvm-lsp --stdio`` answering ``textDocument/completion`` and
``completionItem/resolve`` through the real worker: namespace members after an alias the
imports bind (by the analysis's rule), with kinds, short signatures and docstrings from the
registry, the names in scope elsewhere from the last analysis, and nothing in strings,
comments or unknown places; half-typed text, hostile positions and encodings."""

from __future__ import annotations

import inspect
import os
import pathlib
import sys
import time

import pytest

from lsp_server_client import Server
from tvm_tirx.script import tirx as T

REPO = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "lsp" / "protocol"))
import worker_schema  # noqa: E402
from worker_pipe import Worker  # noqa: E402

WORKER = pathlib.Path(os.environ["TVM_LSP_BUILD_DIR"]) / "lsp" / "tvm-lsp-worker"
SCHEMA = worker_schema.load(REPO / "lsp" / "protocol" / "worker_protocol.json")

SOURCE = '''from tvm_tirx.script import tirx as T

n = T.dynamic("n")


@T.function
def f(A: T.Tensor((4,), "int32"), m: T.int32):
    B = T.alloc_local((4,), "int32")
    for i in T.serial(4):
        x = A[0] + 1
        B[i] = x
    s = "T."  # T.
    A[0] = B[0]


@T.function
def g(C: T.Tensor((4,), "int32")):
    C[0] = 1
'''
URI = "file:///complete.py"
FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "cpp" / "lsp" / "fixtures"
MARKDOWN = {"textDocument": {"completion": {"completionItem": {
    "documentationFormat": ["markdown", "plaintext"]}}}}


def wait_for_catalog(server, uri: str) -> None:
    """The catalog arrives once from the worker, right after it starts."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if not complete(server, uri, 0, 0)["isIncomplete"]:
            return
        time.sleep(0.05)
    raise AssertionError("the namespace catalog never arrived")


@pytest.fixture(scope="module")
def server():
    process = Server()
    capabilities = process.initialize(MARKDOWN)["result"]["capabilities"]
    assert capabilities["completionProvider"] == {"triggerCharacters": ["."],
                                                  "resolveProvider": True}
    process.open(URI, SOURCE)
    process.diagnostics(URI)
    process.open("file:///plain.py", "import numpy as T\nT.\n")
    wait_for_catalog(process, URI)
    yield process
    process.close()


def complete(server, uri, line, character):
    reply = server.call("textDocument/completion", {
        "textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
    assert "error" not in reply, reply
    return reply["result"]


def change(server, uri, version, text):
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                             "contentChanges": [{"text": text}]})


def analysed(server, uri, version):
    """Waits for the diagnostics of `version` (they may have come while a reply was read)."""
    def published(message):
        return message.get("method") == "textDocument/publishDiagnostics" and \
            message["params"]["uri"] == uri and message["params"].get("version") == version
    if not any(published(message) for message in server.received):
        server.next_message(published, timeout=30)


def labels(result):
    return [item["label"] for item in result["items"]]


def edit_range(line, start, end):
    return {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}


def test_members_after_the_alias_have_kinds_signatures_and_word_ranges(server) -> None:
    change(server, URI, 2, SOURCE.replace("        B[i] = x\n", "        B[i] = x\n        T.\n"))
    result = complete(server, URI, 11, 10)
    names = labels(result)
    assert result["isIncomplete"] is False
    # dtypes, constructors, loops, decorators, today's spellings and S-TIR block statements
    # are members; hooks are not.
    for name in ("serial", "float32", "float32x4", "int8x64", "bfloat16x2", "Tensor", "function",
                 "prim_func", "alloc_local", "dynamic", "sblock", "axis", "reads"):
        assert name in names, name
    assert not [name for name in names if name.endswith("_") and name != "bool_"]
    by_name = {item["label"]: item for item in result["items"]}
    assert by_name["serial"] == {
        "label": "serial", "kind": 3, "sortText": "~serial",
        "detail": "serial(start, stop=None, *, annotations=None, step=1, unroll...)  "
                  "(canonical: range)",
        "textEdit": {"range": edit_range(11, 10, 10), "newText": "serial"},
        "data": {"root": "tirx", "alias": "T"}}
    assert by_name["float32"]["kind"] == 25  # TypeParameter
    assert by_name["float32x4"]["kind"] == 25 and "float32x3" not in by_name
    assert by_name["Tensor"]["kind"] == 25
    assert by_name["dynamic"]["kind"] == 21  # Constant: a symbol
    assert "sortText" not in by_name["function"]  # canonical before Apache TVM's
    assert by_name["prim_func"]["sortText"] == "~prim_func"


def test_a_partial_prefix_filters_and_the_edit_covers_the_whole_word(server) -> None:
    change(server, URI, 3,
           SOURCE.replace("        B[i] = x\n", "        B[i] = x\n        T.ser\n"))
    result = complete(server, URI, 11, 13)
    assert labels(result) == ["serial"]
    assert result["items"][0]["textEdit"]["range"] == edit_range(11, 10, 13)
    # In the middle of a word, the prefix is what precedes the cursor; the edit replaces it all.
    result = complete(server, URI, 11, 11)
    assert "serial" in labels(result) and "sqrt" in labels(result)
    assert {item["textEdit"]["range"]["end"]["character"] for item in result["items"]} == {13}
    assert labels(complete(server, URI, 11, 12)) == ["Select", "select", "serial"]  # "se", any case


def test_resolve_gives_the_docstring_in_markdown(server) -> None:
    item = next(item for item in complete(server, URI, 11, 13)["items"])
    reply = server.call("completionItem/resolve", item)
    doc = inspect.getdoc(T.serial)
    assert reply["result"]["documentation"] == {
        "kind": "markdown",
        "value": "```python\nT.serial(start, stop=None, *, annotations=None, step=1, unroll=None, "
                 f"dtype=None)\n```\n\n{doc}\n\nCanonical spelling: `range`\n"}
    assert {k: v for k, v in reply["result"].items() if k != "documentation"} == item


def test_resolve_of_an_item_without_member_data_returns_it_unchanged(server) -> None:
    item = {"label": "x", "kind": 6}
    assert server.call("completionItem/resolve", item)["result"] == item
    reply = server.call("completionItem/resolve", {"label": "x", "data": {"root": 1}})
    assert reply["error"] == {"code": -32602,
                              "message": "params.data.root: expected a string, got an integer"}
    reply = server.call("completionItem/resolve", {"label": "serial",
                                                   "data": {"root": "nope", "member": "serial"}})
    assert "documentation" not in reply["result"]


def test_names_in_scope_come_from_the_last_analysis(server) -> None:
    change(server, URI, 4, SOURCE)
    analysed(server, URI, 4)
    # Inside the loop (line 10, `B[i] = x`): parameters, tensors, the loop variable, x, the
    # module's symbol n, the functions, then the alias.
    result = complete(server, URI, 10, 8)
    assert labels(result) == ["n", "f", "A", "m", "B", "i", "x", "g", "T"]
    by_name = {item["label"]: item for item in result["items"]}
    assert by_name["A"]["detail"] == "T.Tensor((4,), T.int32)"
    assert by_name["A"]["kind"] == 6 and by_name["n"]["kind"] == 21 and by_name["f"]["kind"] == 3
    assert by_name["T"] == {"label": "T", "kind": 9, "detail": "namespace tirx", "sortText": "~T",
                            "textEdit": {"range": edit_range(10, 8, 9), "newText": "T"}}
    # After the loop the loop variable is out of scope; g's C is never visible in f.
    assert labels(complete(server, URI, 12, 4)) == ["n", "f", "A", "m", "B", "x", "g", "T"]
    assert labels(complete(server, URI, 17, 4)) == ["n", "f", "g", "C", "T"]


def test_nothing_in_strings_comments_or_after_other_objects(server) -> None:
    assert labels(complete(server, URI, 11, 11)) == []  # s = "T.|"
    assert labels(complete(server, URI, 11, 18)) == []  # # T.|
    assert labels(complete(server, URI, 11, 9)) == []  # s = "|T.  (after the opening quote)
    change(server, URI, 5, SOURCE + "x = A.shape.\ny = 1.\nz = Q.\n")
    assert labels(complete(server, URI, 18, 12)) == []  # an attribute of something else
    assert labels(complete(server, URI, 19, 6)) == []  # a number
    assert labels(complete(server, URI, 20, 6)) == []  # an unknown alias
    assert labels(complete(server, URI, 0, 30)) == []  # on an import line


def test_a_half_typed_line_uses_the_last_good_analysis_for_scope(server) -> None:
    change(server, URI, 6, SOURCE)
    analysed(server, URI, 6)
    broken = SOURCE.replace("        B[i] = x\n", "        B[i] = x\n        y = T.\n")
    change(server, URI, 7, broken)
    # At once (no analysis of version 7 is awaited), and again after it (a syntax error).
    for waited in (False, True):
        if waited:
            analysed(server, URI, 7)
        assert "serial" in labels(complete(server, URI, 11, 14))
        assert labels(complete(server, URI, 11, 9)) == []  # `y` is being typed: nothing else
    change(server, URI, 8, broken.replace("y = T.", "y = B"))
    assert labels(complete(server, URI, 11, 13)) == ["B"]
    change(server, URI, 9, broken.replace("y = T.", "y = "))
    assert labels(complete(server, URI, 11, 12)) == ["n", "f", "A", "m", "B", "i", "x", "g", "T"]


def test_other_import_forms_and_rebinding(server) -> None:
    uri = "file:///aliases.py"
    server.open(uri, "import tvm_tirx.script.tirx as tx\nfrom tvm.script import tir as T, ir as I\n"
                     "from tvm_tirx.script import (\n    s_tir as Ts,\n)\n"
                     "tx.ser\nT.ser\nI.ir_mod\nTs.ser\n")
    assert labels(complete(server, uri, 5, 6)) == ["serial"]
    assert labels(complete(server, uri, 6, 5)) == ["serial"]
    assert labels(complete(server, uri, 7, 8)) == ["ir_module"]
    assert labels(complete(server, uri, 8, 6)) == ["serial"]
    assert complete(server, uri, 5, 6)["items"][0]["data"] == {"root": "tirx", "alias": "tx"}
    # A later import of something else under the name unbinds it.
    server.open("file:///numpy.py", "from tvm_tirx.script import tirx as T\nimport numpy as T\nT.\n"
                                    "@T.prim_func\ndef f():\n    pass\n")
    result = complete(server, "file:///numpy.py", 2, 2)
    assert labels(result) == [] and result["isIncomplete"] is False
    assert "T" not in labels(complete(server, "file:///numpy.py", 5, 4))


def test_a_file_that_is_not_tvmscript_gets_null_and_a_closed_one_an_error(server) -> None:
    assert complete(server, "file:///plain.py", 1, 2) is None
    reply = server.call("textDocument/completion", {
        "textDocument": {"uri": "file:///nothing.py"}, "position": {"line": 0, "character": 0}})
    assert reply["error"] == {"code": -32602, "message": "file:///nothing.py is not open"}
    reply = server.call("textDocument/completion", {"textDocument": {"uri": URI}})
    assert reply["error"]["code"] == -32602 and "params.position" in reply["error"]["message"]


def test_positions_past_the_end_and_a_long_line(server) -> None:
    uri = "file:///long.py"
    long_line = "x = " + " + ".join(["1"] * 2500)
    text = "from tvm_tirx.script import tirx as T\n" + long_line + "; y = T.ser"
    server.open(uri, text)
    assert len(long_line) > 10000
    last = len(long_line) + len("; y = T.ser")
    assert labels(complete(server, uri, 1, last)) == ["serial"]
    assert labels(complete(server, uri, 1, 10**6)) == ["serial"]  # past the line's end: its end
    assert labels(complete(server, uri, 999, 999)) == ["serial"]  # past the text: its end
    started = time.monotonic()
    for _ in range(20):
        complete(server, uri, 1, last)
    assert time.monotonic() - started < 2.0


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_multibyte_text_before_the_cursor(encoding) -> None:
    process = Server()
    try:
        process.initialize({"general": {"positionEncodings": [encoding]}})
        uri = "file:///wide.py"
        line = 's = "é😀"; y = T.ser'
        process.open(uri, "from tvm_tirx.script import tirx as T\n" + line + "\n")
        wait_for_catalog(process, uri)
        width = len(line.encode("utf-8")) if encoding == "utf-8" else \
            len(line.encode("utf-16-le")) // 2
        result = complete(process, uri, 1, width)
        assert labels(result) == ["serial"]
        assert result["items"][0]["textEdit"]["range"] == edit_range(1, width - 3, width)
        # Inside the string, just after the emoji: nothing.
        inside = len('s = "é😀'.encode("utf-8")) if encoding == "utf-8" else 8
        assert labels(complete(process, uri, 1, inside)) == []
    finally:
        process.close()


def test_before_any_analysis_the_aliases_and_members_are_offered() -> None:
    # The fixture worker's analysis of this text sleeps 5 s: the requests come meanwhile.
    process = Server(["--worker-arg", "--entry", "--worker-arg", "worker_fixture:analyze",
                      "--worker-arg", "--python-path", "--worker-arg", str(FIXTURES)])
    try:
        process.initialize()
        uri = "file:///fresh.py"
        process.open(uri, "from tvm_tirx.script import tirx as T\ndef slow: sleep 5\nx = \nT.ser\n")
        wait_for_catalog(process, uri)
        started = time.monotonic()
        assert labels(complete(process, uri, 2, 4)) == ["T"]
        assert labels(complete(process, uri, 3, 5)) == ["serial"]
        reply = process.call("completionItem/resolve", complete(process, uri, 3, 5)["items"][0])
        assert time.monotonic() - started < 2.0  # no analysis was waited for
        assert reply["result"]["documentation"]["kind"] == "plaintext"  # the client said none
        assert reply["result"]["documentation"]["value"].startswith(
            "T.serial(start, stop=None, *, annotations=None, step=1, unroll=None, dtype=None)\n\n")
    finally:
        process.close()


EVIL = '''from tvm_tirx.script import tirx as T
from tvm_tirx.script.parser import namespaces
import types

namespaces.register_namespace("evil", types.SimpleNamespace(boom=print))
T.boom = print


@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''


def test_the_worker_catalog_is_the_registrys_and_no_documents() -> None:
    """A trusted document's module code registers a namespace and adds a member to `T`: the
    `members` answer, read before any document, does not change, and matches the schema."""
    worker = Worker(WORKER, "--trusted", "--enable-test-hooks")
    try:
        before = worker.reply(worker.send("members", {}))["result"]
        assert worker_schema.check(SCHEMA, before, "NamespaceCatalog") == []
        assert worker_schema.unknown_keys(SCHEMA, before, "NamespaceCatalog") == []
        assert {"alias": "tirx", "root": "tirx"} in before["aliases"]
        assert "tvm.script" in before["packages"]
        worker.reply(worker.send("open", {"uri": "file:///evil.py", "version": 1, "text": EVIL}))
        worker.analyze("file:///evil.py", 1)
        # The module code ran: it changed the namespace object itself (its registration of
        # "evil" was undone by the analysis's registration scope).
        changed = worker.reply(worker.send("test-eval", {"expression": (
            "hasattr(__import__('tvm_tirx.script.tirx', fromlist=['x']), 'boom')")}))
        assert changed["result"]["value"] == "True"
        after = worker.reply(worker.send("members", {}))["result"]
        assert after == before
        assert all(alias["alias"] != "evil" for alias in after["aliases"])
        tirx = next(ns for ns in after["namespaces"] if ns["root"] == "tirx")
        assert "boom" not in {member["name"] for member in tirx["members"]}
    finally:
        worker.close()


def test_clients_that_take_item_defaults_get_the_range_and_data_once() -> None:
    process = Server()
    try:
        process.initialize({"textDocument": {"completion": {"completionList": {
            "itemDefaults": ["editRange", "data"]}}}})
        uri = "file:///defaults.py"
        process.open(uri, "from tvm_tirx.script import tirx as T\nT.ser\n")
        wait_for_catalog(process, uri)
        result = complete(process, uri, 1, 5)
        assert result["itemDefaults"] == {"editRange": edit_range(1, 2, 5),
                                          "data": {"root": "tirx", "alias": "T"}}
        (item,) = result["items"]
        assert "textEdit" not in item and "data" not in item
        # The client resolves the item with the default data merged in.
        reply = process.call("completionItem/resolve", {**item, "data": {"root": "tirx",
                                                                          "alias": "T"}})
        assert reply["result"]["documentation"]["value"].startswith("T.serial(start")
    finally:
        process.close()


def test_regress_a_line_shorter_than_the_analysis_saw(server) -> None:
    # Found by test_fuzz_server: the analysis's `x` at column 8 of a line that is now empty
    # made the name check read past the line's end (-32603).
    change(server, URI, 20, SOURCE)
    analysed(server, URI, 20)
    change(server, URI, 21, SOURCE.replace("        x = A[0] + 1\n", "\n"))
    assert labels(complete(server, URI, 10, 8)) == ["n", "f", "A", "m", "B", "i", "g", "T"]
