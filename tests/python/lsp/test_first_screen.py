"""What the user sees first comes first (issue 24, item 2): a large document just opened has its
first screen's definitions analysed and published before the rest of the file, and navigation
answers from the whole analysis only."""

from __future__ import annotations

from lsp_server_client import Server, encode

URI = "file:///first_screen/large.py"
HEADER = "from tvm_tirx.script import tirx as T\n"


def kernel(index: int, bad: bool) -> str:
    body = "A[i] = A[i] // 0.5" if bad else "A[i] = A[i] + 1"
    return (f"\n\n@T.function\ndef k{index}(A: T.Tensor((8,), T.int32)):\n"
            f"    for i in range(8):\n        {body}\n")


def large_text(kernels: int, bad: set) -> str:
    return HEADER + "".join(kernel(k, k in bad) for k in range(kernels))


def error_lines(params: dict) -> list:
    return sorted(d["range"]["start"]["line"] for d in params["diagnostics"]
                  if d["code"] == "type-error")


def test_a_large_document_publishes_its_first_screen_then_the_whole_file() -> None:
    # 60 kernels of 6 lines: 361 lines, over twice the first screen's 100. Kernel 2 (lines
    # 15-19) is on the first screen, kernel 50 far below it.
    text = large_text(60, {2, 50})
    lines = text.split("\n")
    first = next(n for n, line in enumerate(lines) if "// 0.5" in line)
    last = max(n for n, line in enumerate(lines) if "// 0.5" in line)
    assert first < 100 < last
    server = Server()
    try:
        server.initialize()
        server.open(URI, text)
        assert error_lines(server.diagnostics(URI)) == [first]  # the first screen's
        whole = server.diagnostics(URI)
        assert whole["version"] == 1 and error_lines(whole) == [first, last]
        # The whole analysis is the document's: symbols below the first screen are there.
        symbols = server.call("textDocument/documentSymbol",
                              {"textDocument": {"uri": URI}})["result"]
        assert [s["name"] for s in symbols] == [f"k{k}" for k in range(60)]
        assert server.stop() == 0
    finally:
        server.close()


def test_a_small_document_is_analysed_whole_at_once() -> None:
    text = large_text(10, {2, 9})  # 61 lines: within twice the first screen
    lines = text.split("\n")
    bad = [n for n, line in enumerate(lines) if "// 0.5" in line]
    server = Server()
    try:
        server.initialize()
        server.open(URI, text)
        assert error_lines(server.diagnostics(URI)) == bad
        assert not [m for m in server.quiet(0.5)
                    if m.get("method") == "textDocument/publishDiagnostics"]
        assert server.stop() == 0
    finally:
        server.close()


def test_a_navigation_request_before_the_whole_analysis_waits_for_it() -> None:
    # Asked right after the open: answered from the whole analysis, never the first screen's.
    text = large_text(60, {50})
    server = Server()
    try:
        server.initialize()
        server.open(URI, text)
        symbols = server.call("textDocument/documentSymbol", {"textDocument": {"uri": URI}},
                              timeout=60.0)["result"]
        assert len(symbols) == 60
        assert server.stop() == 0
    finally:
        server.close()


def test_the_lines_the_editor_asks_about_with_the_open_are_its_first_screen() -> None:
    # An editor reopening a file scrolled down asks for the semantic tokens of what it shows
    # right after didOpen: those lines are analysed first, not lines 1-100. Both messages go in
    # one write, as they reach the server together.
    text = large_text(60, {2, 50})
    lines = text.split("\n")
    bad = [n for n, line in enumerate(lines) if "// 0.5" in line]
    assert bad[0] < 100 < bad[1]
    server = Server()
    try:
        server.initialize()
        tokens_id = server.next_id
        server.next_id += 1
        server.write(
            encode({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": URI, "languageId": "python", "version": 1,
                                 "text": text}}})
            + encode({"jsonrpc": "2.0", "id": tokens_id,
                                  "method": "textDocument/semanticTokens/range", "params": {
                                      "textDocument": {"uri": URI},
                                      "range": {"start": {"line": bad[1] - 20, "character": 0},
                                                "end": {"line": bad[1] + 20, "character": 0}}}}))
        assert error_lines(server.diagnostics(URI)) == [bad[1]]  # the asked lines' first
        assert error_lines(server.diagnostics(URI)) == bad  # then the whole file
        assert server.reply(tokens_id)["result"]["data"]  # answered from the whole analysis
        assert server.stop() == 0
    finally:
        server.close()
