"""The on-save round-trip diagnostic (issue 11, item 5): after `didSave`, with
`tvmscript.roundTrip.onSave` on (the default), each definition whose canonical print does not
read back as the same program gets a `round-trip-mismatch` warning at the source of the first
mismatching node, with its canonical text as related information; pushed or pulled like the
other diagnostics, with the saved version.

Two sources of mismatches: a real lossy print of today's printer (a `global_symbol` that is not
an identifier is printed as the function's name, which does not parse), and a worker started
with the test-only entry tests/python/lsp/fixtures/lossy_print_entry.py, which reads prints
back with their float literals rounded to 3 digits (a stand-in for a lossy printer; the finder,
verdicts and server are the real ones)."""

from __future__ import annotations

import os
import pathlib

import pytest

from lsp_server_client import Server

FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"
LOSSY = ["--worker-arg", "--entry", "--worker-arg", "lossy_print_entry:analyze_document",
         "--worker-arg", "--python-path", "--worker-arg", str(FIXTURES)]
URI = "file:///rt/kernels.py"
H = "from tvm_tirx.script import tirx as T\n\n\n"
F = ("@T.function\ndef f(A: T.Tensor((8,), T.float32)):\n    for i in range(4):\n"
     "        A[i] = T.float32(0.1234) * A[i + 1]\n")
G = "@T.function\ndef g(B: T.Tensor((8,), T.int32)):\n    B[0] = 1\n"
TEXT = H + F + "\n\n" + G
F_PRINT = F.rstrip("\n")
MESSAGE = ("f's canonical print reads back as a different program at body.body.value.a.value: "
           "0.1234 vs 0.123")
PULL = {"textDocument": {"diagnostic": {"dynamicRegistration": False}}}


def rng(line, character, end_line, end_character):
    return {"start": {"line": line, "character": character},
            "end": {"line": end_line, "character": end_character}}


# Line 6 (0-based) is `        A[i] = T.float32(0.1234) * A[i + 1]`: the literal is 15..32.
WARNING = {
    "range": rng(6, 15, 6, 32), "severity": 2, "source": "tvm-lsp",
    "code": "round-trip-mismatch", "message": MESSAGE,
    "relatedInformation": [{"location": {"uri": URI, "range": rng(3, 0, 6, 43)},
                            "message": "the canonical print of f:\n" + F_PRINT}]}


@pytest.fixture(autouse=True)
def user_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)


@pytest.fixture
def server():
    process = Server(LOSSY)
    process.initialize()
    yield process
    process.close()


def save(server: Server, uri: str = URI) -> None:
    server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})


def change(server: Server, version: int, text: str, uri: str = URI) -> None:
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                             "contentChanges": [{"text": text}]})


def codes(published) -> list:
    return [d["code"] for d in published["diagnostics"]]


def settings(server: Server, section: dict) -> None:
    server.notify("workspace/didChangeConfiguration", {"settings": {"tvmscript": section}})


def test_a_save_reports_the_first_mismatch_of_the_failing_definition_only(server) -> None:
    server.open(URI, TEXT)
    assert server.diagnostics(URI) == {"uri": URI, "version": 1, "diagnostics": []}
    save(server)
    # f fails and g round-trips: one warning, at the literal, with f's canonical text.
    assert server.diagnostics(URI) == {"uri": URI, "version": 1, "diagnostics": [WARNING]}
    # tvmscript.checkRoundTrip gives the same place.
    reply = server.call("workspace/executeCommand", {
        "command": "tvmscript.checkRoundTrip",
        "arguments": [{"uri": URI, "position": {"line": 4, "character": 4}}]})
    assert reply["result"] == {"name": "f", "ok": False, "message": MESSAGE,
                               "range": rng(6, 15, 6, 32)}
    reply = server.call("workspace/executeCommand", {
        "command": "tvmscript.checkRoundTrip",
        "arguments": [{"uri": URI, "position": {"line": 11, "character": 4}}]})
    assert reply["result"]["ok"] is True and reply["result"]["range"] is None


def test_an_edit_without_a_save_gives_none_and_drops_the_saved_one(server) -> None:
    server.open(URI, TEXT)
    server.diagnostics(URI)
    change(server, 2, TEXT + "\n")
    assert server.diagnostics(URI) == {"uri": URI, "version": 2, "diagnostics": []}
    save(server)
    assert server.diagnostics(URI)["diagnostics"] == [WARNING]
    # The warning is of the saved text; the next text's analysis goes without it.
    change(server, 3, TEXT + "\n\n")
    assert server.diagnostics(URI) == {"uri": URI, "version": 3, "diagnostics": []}


def test_the_next_save_that_round_trips_clears_it(server) -> None:
    server.open(URI, TEXT)
    server.diagnostics(URI)
    save(server)
    assert codes(server.diagnostics(URI)) == ["round-trip-mismatch"]
    change(server, 2, TEXT.replace("0.1234", "0.5"))  # 0.5 survives the rounding
    assert server.diagnostics(URI)["version"] == 2
    save(server)
    # Nothing new to say: the analysis's (empty) diagnostics stand, and no warning comes.
    assert not [m for m in server.quiet(1.5)
                if m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["diagnostics"]]


def test_a_save_of_a_file_that_round_trips_sends_nothing_new(server) -> None:
    text = TEXT.replace("0.1234", "0.5")
    server.open(URI, text)
    assert server.diagnostics(URI)["diagnostics"] == []
    save(server)
    save(server)
    assert not [m for m in server.quiet(1.5)
                if m.get("method") == "textDocument/publishDiagnostics"]


def test_the_setting_off_gives_none_and_turning_it_off_clears_it(server) -> None:
    server.open(URI, TEXT)
    server.diagnostics(URI)
    save(server)
    assert codes(server.diagnostics(URI)) == ["round-trip-mismatch"]
    settings(server, {"roundTrip": {"onSave": False}})
    assert server.diagnostics(URI) == {"uri": URI, "version": 1, "diagnostics": []}
    save(server)
    assert not [m for m in server.quiet(1.5)
                if m.get("method") == "textDocument/publishDiagnostics"]
    settings(server, {"roundTrip.onSave": True})
    save(server)
    assert server.diagnostics(URI)["diagnostics"] == [WARNING]


def test_a_save_with_a_syntax_error_gives_none(server) -> None:
    broken = TEXT.replace("    for i in range(4):", "    for i in range(4)")
    server.open(URI, broken)
    assert codes(server.diagnostics(URI)) == ["syntax-error"]
    save(server)
    assert all(codes(m["params"]) == ["syntax-error"] for m in server.quiet(1.5)
               if m.get("method") == "textDocument/publishDiagnostics")


def test_a_save_in_diagnostics_on_save_mode_brings_both(server) -> None:
    settings(server, {"diagnostics": {"on": "save"}})
    server.open(URI, TEXT)
    assert server.diagnostics(URI)["diagnostics"] == []
    change(server, 2, TEXT.replace("B[0] = 1", "B[0] = nothing"))
    save(server)
    published = server.next_message(
        lambda m: m.get("method") == "textDocument/publishDiagnostics"
        and "round-trip-mismatch" in codes(m["params"]))["params"]
    assert published["version"] == 2
    assert codes(published) == ["name-error", "round-trip-mismatch"]


def test_a_suppression_comment_hides_it(server) -> None:
    text = TEXT.replace("A[i + 1]\n", "A[i + 1]  # tvm-lsp: ignore[round-trip-mismatch]\n")
    server.open(URI, text)
    server.diagnostics(URI)
    save(server)
    assert not [m for m in server.quiet(1.5)
                if m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["diagnostics"]]


def test_a_pulling_client_gets_it_through_text_document_diagnostic() -> None:
    server = Server(LOSSY)
    try:
        server.initialize(PULL)
        server.open(URI, TEXT)
        first = server.call("textDocument/diagnostic", {"textDocument": {"uri": URI}}, 15)
        assert first["result"]["items"] == []
        save(server)
        # The pull after the save waits for the check of the saved version.
        report = server.call("textDocument/diagnostic", {"textDocument": {"uri": URI}}, 15)
        assert report["result"]["kind"] == "full"
        assert report["result"]["items"] == [WARNING]
        assert report["result"]["resultId"] != first["result"]["resultId"]
        assert not [m for m in server.received
                    if m.get("method") == "textDocument/publishDiagnostics"]
    finally:
        server.close()


# A real lossy print of today's printer: no fixture.
KERNEL = (H + '@T.function\ndef g(A: T.Tensor((8,), T.int32)):\n'
          '    T.func_attr({"global_symbol": "my.kernel"})\n    A[0] = 1\n')


def test_a_print_that_does_not_read_back_is_reported_at_the_name() -> None:
    server = Server()
    try:
        server.initialize()
        server.open(URI, KERNEL)
        assert server.diagnostics(URI)["diagnostics"] == []
        save(server)
        (warning,) = server.diagnostics(URI)["diagnostics"]
        assert warning["code"] == "round-trip-mismatch" and warning["severity"] == 2
        assert warning["message"] == ("g's canonical print does not read back: SyntaxError: "
                                      "expected '(' (<format>, line 2)")
        assert warning["range"] == rng(4, 4, 4, 5)  # `g` in `def g(`
        (related,) = warning["relatedInformation"]
        assert related["location"] == {"uri": URI, "range": rng(3, 0, 6, 12)}
        assert related["message"] == ("the canonical print of g:\n@T.function\n"
                                      "def my.kernel(A: T.Tensor((8,), T.int32)):\n    A[0] = 1")
    finally:
        server.close()


def test_hostile_text_in_a_printed_name_is_never_run(tmp_path) -> None:
    """A repository's file whose global_symbol, printed as the function's name, is Python
    that would write a file: the print is read back untrusted (as the formatter's verdict
    does), so even a trusted session runs nothing of it."""
    canary = tmp_path / "pwned"
    payload = (f"k(): pass\\n__import__('pathlib').Path({str(canary)!r}).write_text('x')"
               "\\ndef k2")
    text = (H + '@T.function\ndef g(A: T.Tensor((8,), T.int32)):\n'
            f'    T.func_attr({{"global_symbol": "{payload}"}})\n    A[0] = 1\n')
    server = Server(["--trusted"])
    try:
        server.initialize()
        server.open(URI, text)
        server.diagnostics(URI)
        save(server)
        published = server.diagnostics(URI)
        assert codes(published) == ["round-trip-mismatch"]
        # The print reads back as `def k(): pass`, without g's parameter.
        (warning,) = published["diagnostics"]
        assert warning["message"] == ("g's canonical print reads back as a different program "
                                      "at params[0]: A vs nothing")
        assert warning["range"] == rng(4, 6, 4, 32)  # the parameter `A: T.Tensor(...)`
        assert not canary.exists()
        assert server.stop() == 0
    finally:
        server.close()


def test_a_document_of_a_trusted_folder_is_checked_by_the_trusted_worker(tmp_path) -> None:
    """In an untrusted session, a document under the user's trusted-folders is analysed by the
    trusted worker: its round trip (on save and by the command) is checked there too, not by
    the untrusted worker, which does not hold it."""
    home = pathlib.Path(os.environ["HOME"])
    (home / ".config" / "tvm-lsp").mkdir(parents=True)
    (home / ".config" / "tvm-lsp" / "config.toml").write_text(
        f'trusted-folders = ["{tmp_path}"]\n')
    os.chmod(home / ".config" / "tvm-lsp", 0o755)
    uri = (tmp_path / "mine.py").as_uri()
    server = Server()
    try:
        server.initialize()
        server.open(uri, KERNEL)
        assert server.diagnostics(uri)["diagnostics"] == []
        save(server, uri)
        (warning,) = server.diagnostics(uri)["diagnostics"]
        assert warning["code"] == "round-trip-mismatch"
        assert warning["range"] == rng(4, 4, 4, 5)
        reply = server.call("workspace/executeCommand", {
            "command": "tvmscript.checkRoundTrip",
            "arguments": [{"uri": uri, "position": {"line": 4, "character": 4}}]})
        assert reply["result"] == {"name": "g", "ok": False, "message": warning["message"],
                                   "range": rng(4, 4, 4, 5)}
    finally:
        server.close()
