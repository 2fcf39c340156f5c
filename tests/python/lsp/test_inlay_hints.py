"""The real ``tvm-lsp --stdio`` answering ``textDocument/inlayHint`` through the real worker:
the inferred dtype after unannotated bound scalars and after loop variables that are not int32,
in UTF-16 positions (non-ASCII text before a hint on its line)."""

from __future__ import annotations

import pytest

from lsp_server_client import Server

SOURCE = '''from tvm_tirx.script import tirx as T

@T.function
def f(A: T.Tensor((4,), "int32"), n: T.int32):
    B = T.alloc_local((4,), "int32")
    for i in T.serial(T.int64(8)):
        x = A[0] + 1
        s = "é😀"; y = x * 2.0
        z: T.int32 = x
        B[0] = x + z
    for j in range(4):
        A[j] = B[j]
'''
URI = "file:///hints.py"


@pytest.fixture(scope="module")
def server():
    process = Server()
    capabilities = process.initialize()["result"]["capabilities"]
    assert capabilities["inlayHintProvider"] is True
    process.open(URI, SOURCE)
    process.diagnostics(URI)
    process.open("file:///plain.py", "def f(x):\n    return x\n")
    yield process
    process.close()


def hints(server, start_line=0, end_line=20, uri=URI):
    reply = server.call("textDocument/inlayHint", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": start_line, "character": 0},
                  "end": {"line": end_line, "character": 0}}})
    assert "error" not in reply, reply
    return reply["result"]


def hint(line, character, label):
    return {"position": {"line": line, "character": character}, "label": label, "kind": 1,
            "paddingLeft": False}


def test_bound_scalars_and_a_non_int32_loop_variable_get_their_dtype(server) -> None:
    # i is int64 (shown); x int32, y float32 (after "é😀": UTF-16 column 20, byte 23); z is
    # annotated, j is an int32 loop variable: neither is shown.
    assert hints(server) == [hint(5, 9, ": int64"), hint(6, 9, ": int32"),
                             hint(7, 20, ": float32")]


def test_only_the_lines_of_the_range_are_answered(server) -> None:
    assert hints(server, 6, 6) == [hint(6, 9, ": int32")]
    assert hints(server, 9, 12) == []


def test_a_file_that_is_not_tvmscript_gets_null(server) -> None:
    assert hints(server, uri="file:///plain.py") is None


def test_bad_parameters_name_what_is_wrong(server) -> None:
    reply = server.call("textDocument/inlayHint", {"textDocument": {"uri": URI}})
    assert reply["error"]["code"] == -32602
    assert "params.range" in reply["error"]["message"], reply
    reply = server.call("textDocument/inlayHint", {
        "textDocument": {"uri": "file:///nothing.py"},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}})
    assert reply["error"] == {"code": -32602, "message": "file:///nothing.py is not open"}


def test_the_inlay_hints_setting_turns_them_off_and_on() -> None:
    process = Server()
    try:
        process.initialize()
        process.open(URI, SOURCE)
        process.diagnostics(URI)
        shown = [hint(6, 9, ": int32"), hint(7, 20, ": float32")]
        for enable, expected in ((False, []), (True, shown)):
            process.notify("workspace/didChangeConfiguration",
                           {"settings": {"tvmscript": {"inlayHints": {"enable": enable}}}})
            assert hints(process, 6, 7) == expected
    finally:
        process.close()
