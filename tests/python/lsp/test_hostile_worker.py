"""The server and the CLI treat the analysis worker as hostile (issue 22, item 4): a worker
started with the test-only entry tests/python/lsp/fixtures/hostile_entry.py attacks its client
as code that took over the worker's Python could, once a document names the attack in a line
`# attack: NAME`. Every frame is checked (types, sizes, ranges inside the text of the version
asked, ids and documents that were asked about, verdicts only on definitions the client's own
analysis found); a frame that fails is logged, its worker is stopped, the request gets an error
or nothing, and the next request is answered by a new worker. A formatting text is written only
when a fresh worker that has seen nothing but that file gives the same text.

Content attacks go through the worker's own encoder and run sandboxed; raw frames need the
reply pipe, which the sandbox bars to Python, so they run in a trusted worker."""

from __future__ import annotations

import pathlib
import subprocess
import time

import pytest

from lsp_server_client import SERVER, Server

import server_pipe  # noqa: E402 (lsp_server_client puts lsp/protocol on the path)

FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"
HOSTILE = ["--worker-arg", "--entry", "--worker-arg", "hostile_entry:analyze_document",
           "--worker-arg", "--python-path", "--worker-arg", str(FIXTURES)]
HEADER = "from tvm_tirx.script import tirx as T\n\n\n"
BODY = "@T.function\ndef {name}(A: T.Tensor((4,), T.int32)):\n    x = A[0]\n    A[1] = x\n"
FORMATTED_BODY = BODY.replace("    x = A[0]", "    x: T.let[T.int32] = A[0]")
BROKE = ("tvm-lsp: the analysis worker (pid {pid}) broke the protocol and was stopped (a new one "
         "starts at the next request): ")
NOT_USED = "the analysis worker broke the protocol, so it was stopped and none of its answer is used: "


def unformatted(name: str, attack: str = "") -> str:
    return HEADER + (f"# attack: {attack}\n" if attack else "") + BODY.format(name=name)


def formatted(name: str, attack: str = "") -> str:
    return HEADER + (f"# attack: {attack}\n" if attack else "") + FORMATTED_BODY.format(name=name)


def run_format(*args, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([str(SERVER), "format", *map(str, args), *HOSTILE], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def logged_violations(stderr: str) -> list:
    """The log lines of workers stopped for breaking the protocol, without their pid."""
    head = BROKE.split("{pid}")
    return [line.split(head[1], 1)[1] for line in stderr.splitlines()
            if line.startswith(head[0]) and head[1] in line]


def snapshot(folder: pathlib.Path) -> dict:
    return {path.relative_to(folder): path.read_bytes() for path in folder.rglob("*")
            if path.is_file()}


pytestmark = pytest.mark.usefixtures("user_home")  # conftest.py: a home of its own


# -- formatting a folder with a poisoned worker ------------------------------------------------


@pytest.mark.parametrize("poison", ["poison", "poison-equal"])
def test_format_dir_writes_nothing_a_poisoned_worker_proposes(tmp_path, poison) -> None:
    # a_poison.py leaves the shared worker lying about every later file's verdicts: attacker
    # code, or a different program that its verdict calls equal.
    work = tmp_path / "work"
    work.mkdir()
    (work / "a_poison.py").write_text(formatted("p", poison))
    (work / "b_victim.py").write_text(unformatted("f"))
    (work / "c_formatted.py").write_text(formatted("g"))
    before = snapshot(work)
    why = "unconfirmed: a fresh worker given only this file formats it differently"
    for check in ([], ["--check"]):
        result = run_format(*check, ".", cwd=work)
        assert snapshot(work) == before
        assert result.returncode == 0, result.stderr
        assert result.stdout == ("0 files would be reformatted, 3 files already formatted\n"
                                 if check else "0 files reformatted, 3 files left unchanged\n")
        # Said per file and definition, and logged with the document's URI.
        assert result.stderr.splitlines() == [
            f"tvm-lsp: the formatting of `f` in {(work / 'b_victim.py').as_uri()} was not "
            f"confirmed, so it is left alone: {why[len('unconfirmed: '):]}",
            f"b_victim.py: left alone: f ({why})",
            f"tvm-lsp: the formatting of `g` in {(work / 'c_formatted.py').as_uri()} was not "
            f"confirmed, so it is left alone: {why[len('unconfirmed: '):]}",
            f"c_formatted.py: left alone: g ({why})"]


def test_the_same_worker_unpoisoned_formats_what_a_fresh_worker_confirms(tmp_path) -> None:
    (tmp_path / "b_victim.py").write_text(unformatted("f"))
    result = run_format(".", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (
        0, "1 file reformatted, 0 files left unchanged\n", "")
    assert (tmp_path / "b_victim.py").read_text() == formatted("f")


# -- forged answers: refused, logged, the next file answered by a new worker -------------------

# The limits grow with the text: a string up to 1 MiB + 8 bytes a byte, a list up to 1,024
# items + one a byte (lsp/client/reply_checks.cc); {size} is the attacked text's size.
CONTENT_ATTACKS = {
    "range-out": "diagnostics[0]: the range [14, 0, 14, 3] is not inside the text of the version "
                 "asked",
    "huge-string": "result.parts.diagnostics[0].message: a string of 3145728 bytes (at most "
                   "{string_limit})",
    "long-list": "result.parts.symbols: a list of 20000 items (at most {list_limit})",
    "token": "a part by token alone when every part was asked in full",
    "node-out": "the nodes of `f`[0]: the range [10005, 0, 10005, 1] is not inside the text of "
                "the version asked",
    "node-about": "the nodes of `f`[0]: description 9999 of 7",
    "node-occurrence": "the nodes of `f`[0]: occurrence 9999 of 6",
}
FORMAT_ATTACKS = {
    "verdict-range": "definitions[0]: a verdict on `f` at [1, 0, 1, 5], which is no definition "
                     "of the analysis of the version asked (or not in source order)",
}
# The client's ids in `format --trusted a.py b.py`: the worker starts at the analysis, so the
# open is re-sent as request 2 and the analysis is request 3.
RAW_ATTACKS = {
    "unasked": "a reply to request 987654, which was never sent or was answered already",
    "wrong-type": "a message off the schema: id: expected an integer, got string",
    "not-json": "a frame that is not a bounded JSON message: not JSON at byte 3: "
                "[json.exception.parse_error.101] parse error at line 1, column 3: syntax error "
                "while parsing object key - invalid literal; last read: '{th'; expected string "
                "literal",
    "deep": "a frame that is not a bounded JSON message: nested deeper than 64",
    "amplify": "a frame that is not a bounded JSON message: its values would take more than "
               "34649008 bytes of memory (too many for its size)",
    "other-uri 3": "an answer about file:///home/user/.bashrc version 1 to a question about "
                   "{uri} version 1",
    "other-version 3": "an answer about {uri} version 99 to a question about {uri} version 1",
}


@pytest.mark.parametrize("attack", [*CONTENT_ATTACKS, *FORMAT_ATTACKS, *RAW_ATTACKS])
def test_a_forged_answer_is_refused_and_the_next_file_is_formatted(tmp_path, attack) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "a.py").write_text(unformatted("f", attack))
    (work / "b.py").write_text(unformatted("g"))
    trusted = ["--trusted"] if attack in RAW_ATTACKS else []
    result = run_format(*trusted, "a.py", "b.py", cwd=work)
    size = len(unformatted("f", attack).encode())
    what = ({**CONTENT_ATTACKS, **FORMAT_ATTACKS, **RAW_ATTACKS}[attack]
            .replace("{uri}", (work / "a.py").as_uri())
            .replace("{string_limit}", str((1 << 20) + 8 * size))
            .replace("{list_limit}", str(1024 + size)))
    stage = "formatted" if attack in FORMAT_ATTACKS else "analysed (the worker failed)"
    assert result.returncode == 2
    assert logged_violations(result.stderr) == [what]
    assert f"tvm-lsp: a.py: it could not be {stage}: {NOT_USED}{what}\n" in result.stderr
    assert result.stdout == "1 file reformatted, 0 files left unchanged\n"
    # Nothing of a.py's answer was written; b.py, answered by a new worker, was formatted.
    assert (work / "a.py").read_text() == unformatted("f", attack)
    assert (work / "b.py").read_text() == formatted("g")
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["a.py", "b.py"]


# -- the server ----------------------------------------------------------------------------------


@pytest.fixture
def server(tmp_path):
    work = tmp_path / "cwd"
    work.mkdir()
    process = server_pipe.Server(SERVER, HOSTILE, 0, cwd=work)
    process.initialize()
    yield process
    process.close()


def wait_for_log(server: Server, ending: str, timeout: float = 5.0) -> list:
    """The server's log lines, once one ends with `ending` (stderr is drained by a thread)."""
    deadline = time.monotonic() + timeout
    while True:
        lines = server.log.decode(errors="replace").splitlines()
        if any(line.endswith(ending) for line in lines) or time.monotonic() > deadline:
            return lines
        time.sleep(0.05)


def formatting(server: Server, uri: str) -> dict:
    return server.call("textDocument/formatting", {
        "textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}})


def test_the_server_sends_no_edit_a_poisoned_worker_proposes(server) -> None:
    server.open("file:///w/a_poison.py", formatted("p", "poison"))
    assert server.diagnostics("file:///w/a_poison.py")["diagnostics"] == []
    server.open("file:///w/b.py", unformatted("f"))
    assert server.diagnostics("file:///w/b.py")["diagnostics"] == []
    assert formatting(server, "file:///w/b.py")["result"] == []
    line = ("tvm-lsp: the formatting of `f` in file:///w/b.py was not confirmed, so it is left "
            "alone: a fresh worker given only this file formats it differently")
    assert line in wait_for_log(server, line)


def test_the_server_writes_no_file_whatever_its_worker_says(server, tmp_path) -> None:
    # Documents on disk, a poisoned worker, and every request that yields edits: the server
    # only sends edits, so nothing on disk changes and nothing is created.
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "a_poison.py").write_text(formatted("p", "poison"))
    (folder / "b.py").write_text(unformatted("f"))
    before = snapshot(tmp_path)
    for path in sorted(folder.iterdir()):
        server.open(path.as_uri(), path.read_text())
        server.diagnostics(path.as_uri())
    uri = (folder / "b.py").as_uri()
    assert formatting(server, uri)["result"] == []
    actions = server.call("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "context": {"diagnostics": []},
        "range": {"start": {"line": 4, "character": 0}, "end": {"line": 4, "character": 0}}})
    assert "pwned" not in str(actions)
    server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    server.quiet(1.0)
    assert snapshot(tmp_path) == before


def test_the_server_formats_what_a_fresh_worker_confirms(server) -> None:
    server.open("file:///w/b.py", unformatted("f"))
    server.diagnostics("file:///w/b.py")
    assert formatting(server, "file:///w/b.py")["result"] == [{
        "range": {"start": {"line": 5, "character": 0}, "end": {"line": 6, "character": 0}},
        "newText": "    x: T.let[T.int32] = A[0]\n"}]


def test_a_forged_analysis_is_published_as_a_failure_and_the_next_document_is_analysed(
        server) -> None:
    server.open("file:///w/c.py", unformatted("f", "range-out"))
    what = "diagnostics[0]: the range [14, 0, 14, 3] is not inside the text of the version asked"
    assert server.diagnostics("file:///w/c.py")["diagnostics"] == [{
        "code": "worker-failed", "message": NOT_USED + what, "severity": 1, "source": "tvm-lsp",
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}}]
    assert logged_violations("\n".join(wait_for_log(server, what))) == [what]
    server.open("file:///w/b.py", unformatted("g"))
    assert server.diagnostics("file:///w/b.py")["diagnostics"] == []


def test_a_forged_position_index_is_refused_and_the_next_hover_is_answered(server) -> None:
    server.open("file:///w/d.py", unformatted("f", "node-out"))
    what = ("the nodes of `f`[0]: the range [10005, 0, 10005, 1] is not inside the text of the "
            "version asked")
    assert server.diagnostics("file:///w/d.py")["diagnostics"][0]["message"] == NOT_USED + what
    assert logged_violations("\n".join(wait_for_log(server, what))) == [what]
    server.open("file:///w/b.py", unformatted("g"))
    server.diagnostics("file:///w/b.py")
    # Nothing of the forged analysis is kept: hover, which needs one, asks for it again and is
    # refused the same way.
    reply = server.call("textDocument/hover", {"textDocument": {"uri": "file:///w/d.py"},
                                               "position": {"line": 6, "character": 4}})
    assert reply["error"] == {"code": -32603,
                              "message": "the analysis worker gave no answer: " + NOT_USED + what}
    reply = server.call("textDocument/hover", {"textDocument": {"uri": "file:///w/b.py"},
                                               "position": {"line": 5, "character": 4}})
    assert reply["result"]["range"] == {"start": {"line": 5, "character": 4},
                                        "end": {"line": 5, "character": 5}}
    assert "variable `x`, defined on line 6" in reply["result"]["contents"]["value"]
