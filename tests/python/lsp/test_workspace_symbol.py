"""The real ``tvm-lsp --stdio`` answering ``workspace/symbol`` from the open documents and from
its background workspace index: which files are indexed (TVMScript only, ``.gitignore`` and
hidden folders skipped), the fuzzy ranking and its cap, positions in the negotiated encoding,
``containerName``, ``$/progress`` (only to clients that support it), keeping the index current
(didSave, didChangeWatchedFiles, workspace folders) and the bounds an attacker's repository
tests: code that would run on import (never run, even with ``--trusted``), links to ``/`` and
out of the workspace, link loops, huge, binary and non-UTF-8 files, and shutdown mid-walk."""

from __future__ import annotations

import os
import pathlib
import time

import pytest

from lsp_server_client import Server

HEADER = "from tvm.script import tir as T, ir as I\n\n"
ADD = HEADER + '''@T.prim_func
def add_one(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = A[i] + 1


@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        A[0] = 1

    @T.prim_func
    def add_two(A: T.Buffer((4,), "int32")):
        A[0] = 2
'''
# A non-ASCII name: its end is 10 UTF-16 units and 11 UTF-8 bytes into its line.
CANONICAL = '''from tvm_tirx.script import tirx as T

@T.function
def né_add(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''
PLAIN = "def add_one(x):\n    return x\n"


def write(path: pathlib.Path, text, mode: str = "w") -> pathlib.Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


def start(folders, capabilities=None, args=()) -> Server:
    server = Server(args)
    server.call("initialize", {
        "processId": None, "rootUri": None, "capabilities": capabilities or {},
        "workspaceFolders": [{"uri": pathlib.Path(f).as_uri(), "name": "ws"} for f in folders]})
    server.notify("initialized", {})
    return server


def indexed(server: Server, timeout: float = 60.0) -> str:
    """The log line of the next finished walk."""
    message = server.next_message(
        lambda m: m.get("method") == "window/logMessage"
        and "workspace index:" in m["params"]["message"], timeout)
    return message["params"]["message"]


def symbols(server: Server, query: str):
    reply = server.call("workspace/symbol", {"query": query})
    assert "error" not in reply, reply
    return reply["result"]


def entry(name, kind, path, line, start, end, container=None):
    item = {"name": name, "kind": kind, "location": {
        "uri": pathlib.Path(path).as_uri(),
        "range": {"start": {"line": line, "character": start},
                  "end": {"line": line, "character": end}}}}
    if container is not None:
        item["containerName"] = container
    return item


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "ws"
    write(root / "kernels" / "add.py", ADD)
    write(root / "kernels" / "canonical.py", CANONICAL)
    write(root / "plain.py", PLAIN)  # no TVMScript: not indexed
    write(root / "build" / "gen.py", ADD.replace("add_one", "generated"))
    write(root / ".gitignore", "build/\n")
    write(root / ".hidden" / "h.py", ADD.replace("add_one", "hidden"))
    (root / ".git").mkdir()
    return root


@pytest.fixture
def server(workspace):
    process = start([workspace])
    assert indexed(process).startswith(
        "tvm-lsp: workspace index: 2 files with TVMScript, 5 symbols (3 files walked in ")
    yield process
    process.close()


def test_capability_is_declared_and_no_folders_walk_nothing():
    process = Server()
    try:
        reply = process.initialize({"window": {"workDoneProgress": True}})
        assert reply["result"]["capabilities"]["workspaceSymbolProvider"] is True
        assert symbols(process, "") == []
        process.quiet(0.3)
        assert not [m for m in process.received if m.get("method") in
                    ("$/progress", "window/workDoneProgress/create")
                    or "workspace index" in str(m.get("params"))]
    finally:
        process.close()


def test_index_finds_tvmscript_definitions_ranked(server, workspace):
    add = workspace / "kernels" / "add.py"
    assert symbols(server, "add") == [
        entry("add_one", 12, add, 3, 4, 11),
        entry("add_two", 12, add, 15, 8, 15, "Module"),
        entry("né_add", 12, workspace / "kernels" / "canonical.py", 3, 4, 10),
    ]
    assert symbols(server, "MODULE") == [entry("Module", 2, add, 9, 6, 12)]
    assert symbols(server, "mn") == [entry("main", 12, add, 11, 8, 12, "Module")]
    assert [s["name"] for s in symbols(server, "")] == [
        "Module", "add_one", "add_two", "main", "né_add"]
    assert symbols(server, "generated") == []  # under .gitignore'd build/
    assert symbols(server, "hidden") == []  # a hidden folder
    assert symbols(server, "zzz") == []


def test_positions_follow_the_negotiated_encoding(workspace):
    process = start([workspace], {"general": {"positionEncodings": ["utf-8"]}})
    try:
        indexed(process)
        assert symbols(process, "né") == [
            entry("né_add", 12, workspace / "kernels" / "canonical.py", 3, 4, 11)]
    finally:
        process.close()


def test_bad_params_are_refused(server):
    reply = server.call("workspace/symbol", {})
    assert reply["error"] == {"code": -32602, "message": "params.query: expected a string, got nothing"}
    reply = server.call("workspace/symbol", {"query": 3})
    assert reply["error"] == {"code": -32602, "message": "params.query: expected a string, got an integer"}
    server.notify("workspace/didChangeWatchedFiles", {"changes": [3]})
    server.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": "http://x/y.py", "type": 1}]})
    assert symbols(server, "main")[0]["name"] == "main"  # still serving


def test_open_documents_override_their_index_entries(server, workspace):
    add = workspace / "kernels" / "add.py"
    uri = add.as_uri()
    server.open(uri, ADD.replace("add_one", "add_three"))
    server.diagnostics(uri)
    assert [s["name"] for s in symbols(server, "add")] == ["add_two", "add_three", "né_add"]
    # No longer TVMScript in the editor: its symbols go, although the file on disk has them.
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": PLAIN}]})
    assert [s["name"] for s in symbols(server, "add")] == ["né_add"]
    server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert [s["name"] for s in symbols(server, "add")] == ["add_one", "add_two", "né_add"]
    # An open file outside the workspace counts too, before its analysis arrives.
    server.open("file:///elsewhere/x.py", CANONICAL.replace("né_add", "far_add"))
    assert "far_add" in [s["name"] for s in symbols(server, "far")]


def test_saves_and_watched_files_refresh_the_index(server, workspace):
    new = write(workspace / "kernels" / "new.py", ADD.replace("add_one", "fresh"))
    assert symbols(server, "fresh") == []  # not yet told
    server.notify("textDocument/didSave", {"textDocument": {"uri": new.as_uri()}})
    deadline = time.monotonic() + 10
    while not symbols(server, "fresh") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert symbols(server, "fresh") == [entry("fresh", 12, new, 3, 4, 9)]
    new.unlink()
    server.notify("workspace/didChangeWatchedFiles",
                  {"changes": [{"uri": new.as_uri(), "type": 3}]})
    deadline = time.monotonic() + 10
    while symbols(server, "fresh") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert symbols(server, "fresh") == []
    # A file outside the workspace folders is never read through a notification.
    outside = write(workspace.parent / "outside.py", ADD.replace("add_one", "outsider"))
    server.notify("workspace/didChangeWatchedFiles",
                  {"changes": [{"uri": outside.as_uri(), "type": 1}]})
    time.sleep(0.3)
    assert symbols(server, "outsider") == []


def test_workspace_folders_changes_walk_again(server, workspace, tmp_path):
    other = tmp_path / "other"
    write(other / "o.py", ADD.replace("add_one", "other_kernel"))
    server.notify("workspace/didChangeWorkspaceFolders", {"event": {
        "added": [{"uri": other.as_uri(), "name": "o"}], "removed": []}})
    assert "3 files with TVMScript" in indexed(server)
    assert [s["name"] for s in symbols(server, "other")] == ["other_kernel"]
    server.notify("workspace/didChangeWorkspaceFolders", {"event": {
        "added": [], "removed": [{"uri": workspace.as_uri(), "name": "ws"}]}})
    assert "1 files with TVMScript, 4 symbols" in indexed(server)
    assert [s["name"] for s in symbols(server, "")] == ["Module", "add_two", "main", "other_kernel"]


def test_progress_is_reported_to_clients_that_support_it(workspace):
    process = start([workspace], {"window": {"workDoneProgress": True},
                                  "workspace": {"didChangeWatchedFiles":
                                                {"dynamicRegistration": True}}})
    try:
        register = process.next_message(lambda m: m.get("method") == "client/registerCapability")
        create = process.next_message(
            lambda m: m.get("method") == "window/workDoneProgress/create")
        token = create["params"]["token"]
        assert token == "tvm-lsp/index/1"
        assert register["params"] == {"registrations": [{
            "id": "tvm-lsp-watch-python", "method": "workspace/didChangeWatchedFiles",
            "registerOptions": {"watchers": [{"globPattern": "**/*.py"}]}}]}
        process.send({"id": register["id"], "result": None})
        process.send({"id": create["id"], "result": None})
        end = process.next_message(lambda m: m.get("method") == "$/progress"
                                   and m["params"]["value"]["kind"] == "end")
        assert end["params"] == {"token": token, "value": {
            "kind": "end", "message": "2 files with TVMScript, 5 symbols"}}
        values = [m["params"]["value"] for m in process.received
                  if m.get("method") == "$/progress"]
        assert all(m["params"]["token"] == token for m in process.received
                   if m.get("method") == "$/progress")
        assert values[0]["kind"] == "begin" and values[0]["title"] == "Indexing TVMScript"
        percentages = [v["percentage"] for v in values if "percentage" in v]
        assert percentages == sorted(percentages) and percentages[-1] <= 100
        assert symbols(process, "main")[0]["containerName"] == "Module"
    finally:
        process.close()


def test_no_progress_without_the_capability(server):
    assert symbols(server, "main")
    assert not [m for m in server.received if m.get("method") in
                ("$/progress", "window/workDoneProgress/create", "client/registerCapability")]


def test_a_refused_progress_token_sends_no_progress(workspace):
    process = start([workspace], {"window": {"workDoneProgress": True}})
    try:
        create = process.next_message(
            lambda m: m.get("method") == "window/workDoneProgress/create")
        process.send({"id": create["id"], "error": {"code": -32603, "message": "no"}})
        indexed(process)
        assert symbols(process, "main")
        assert not [m for m in process.received if m.get("method") == "$/progress"]
    finally:
        process.close()


def test_results_are_capped_at_100(tmp_path):
    many = HEADER + "".join(f"@T.prim_func\ndef k{n:03}():\n    pass\n\n" for n in range(150))
    write(tmp_path / "many.py", many)
    process = start([tmp_path])
    try:
        indexed(process)
        found = symbols(process, "k")
        assert [s["name"] for s in found] == [f"k{n:03}" for n in range(100)]
        assert [s["name"] for s in symbols(process, "k149")] == ["k149"]
    finally:
        process.close()


CANARY_SOURCE = '''import os
from tvm.script import tir as T
open({canary!r} + "-module", "w").write("ran")
os.system("touch " + {canary!r} + "-system")


def side_effect(f):
    open({canary!r} + "-decorator", "w").write("ran")
    return f


@side_effect
@T.prim_func
def attacked(A: T.Buffer((4,), "int32"), x=open({canary!r} + "-default", "w")):
    A[0] = 1


@T.prim_func(private=open({canary!r} + "-argument", "w"))
def second():
    pass


@I.ir_module
class Evil(metaclass=type(open({canary!r} + "-class", "w"))):
    @T.prim_func
    def member():
        pass
'''


@pytest.mark.parametrize("args", [(), ("--trusted",)])
def test_indexing_runs_no_code_even_trusted(tmp_path, args):
    canary = tmp_path / "canary"
    root = tmp_path / "repo"
    write(root / "evil.py", CANARY_SOURCE.format(canary=str(canary)))
    write(root / "evil_init" / "__init__.py", CANARY_SOURCE.format(canary=str(canary)))
    write(root / "conftest.py", f"open({str(canary)!r} + '-conftest', 'w')\n")
    process = start([root], {"initializationOptions": {"trusted": True}} if args else None, args)
    try:
        indexed(process)
        assert [s["name"] for s in symbols(process, "")] == [
            "Evil", "Evil", "attacked", "attacked", "member", "member", "second", "second"]
        time.sleep(0.5)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["repo"]  # no canary at all
    finally:
        process.close()


def test_links_loops_and_unreadable_folders_are_bounded(tmp_path):
    root = tmp_path / "ws"
    write(root / "real.py", ADD)
    outside = write(tmp_path / "secret" / "s.py", ADD.replace("add_one", "secret_kernel"))
    (root / "to_root").symlink_to("/")
    (root / "loop").symlink_to(root)
    (root / "leak.py").symlink_to(outside)
    (root / "inside.py").symlink_to(root / "real.py")
    (root / "dangling.py").symlink_to(root / "nowhere.py")
    os.mkfifo(root / "fifo.py")  # never opened: a read would block
    (root / "self_loop.py").symlink_to(root / "self_loop.py")
    locked = root / "locked"
    write(locked / "l.py", ADD.replace("add_one", "locked_kernel"))
    locked.chmod(0)
    process = start([root, tmp_path / "does-not-exist"])
    try:
        indexed(process)
        names = [s["location"]["uri"].rsplit("/", 1)[1] for s in symbols(process, "add_one")]
        assert names == ["inside.py", "real.py"]
        assert symbols(process, "secret") == []
        if os.geteuid() != 0:  # root reads a folder of mode 0 anyway
            assert symbols(process, "locked") == []
    finally:
        locked.chmod(0o755)
        process.close()


def test_huge_binary_and_non_utf8_files_are_skipped(tmp_path):
    write(tmp_path / "long_line.py", HEADER + "x = '" + "a" * (1 << 20) + "'\n"
          + "@T.prim_func\ndef after_long_line():\n    pass\n")
    write(tmp_path / "one_line.py", "@T.prim_func\n" + "def f(): x = 1;" + " x;" * (1 << 18) + "\n")
    write(tmp_path / "huge.py", HEADER + "@T.prim_func\ndef in_huge():\n    pass\n"
          + "#" * (5 << 20) + "\n")
    write(tmp_path / "binary.py", (HEADER + "@T.prim_func\ndef in_binary():\n    pass\n"
                                   ).encode() + b"\0\1\2")
    write(tmp_path / "latin1.py", (HEADER + "@T.prim_func\ndef in_latin1():\n    pass\n# \xe9\n"
                                   ).encode("latin-1"))
    process = start([tmp_path])
    try:
        summary = indexed(process)
        assert "2 files with TVMScript, 2 symbols, 3 files skipped (5 files walked" in summary
        assert [s["name"] for s in symbols(process, "")] == ["after_long_line", "f"]
    finally:
        process.close()


def test_shutdown_while_indexing_exits_promptly(tmp_path):
    for folder in range(100):
        for n in range(200):
            write(tmp_path / f"d{folder:03}" / f"f{n:03}.py",
                  HEADER + f"@T.prim_func\ndef k_{folder}_{n}():\n    pass\n")
    process = start([tmp_path])
    try:
        time.sleep(0.2)
        began = time.monotonic()
        assert process.stop() == 0
        assert time.monotonic() - began < 3.0
    finally:
        process.close()


def test_malformed_capabilities_mean_no_progress(workspace):
    process = start([workspace], {"window": 3, "workspace": {"didChangeWatchedFiles": "yes"}})
    try:
        indexed(process)
        assert symbols(process, "main")
        assert not [m for m in process.received if m.get("method") in
                    ("$/progress", "window/workDoneProgress/create", "client/registerCapability")]
    finally:
        process.close()
