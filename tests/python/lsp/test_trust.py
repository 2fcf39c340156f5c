"""Trust (issue 11, item 3): it comes only from the client (`initializationOptions.trusted`,
`tvmscript/setTrust`), the user's own configuration outside the workspace
(`trusted-folders` in `$XDG_CONFIG_HOME/tvm-lsp/config.toml`) or `--trusted`, never from the
workspace. Each case analyses a canary file whose module code writes a file when it runs: the
file appearing is the proof that the analysis ran trusted, and its absence that it did not."""

from __future__ import annotations

import json
import os
import pathlib

import pytest

from lsp_server_client import Server

HINT = ("To run this file's Python, grant trust: trust the workspace in the editor (it sends "
        "tvmscript/setTrust), list the folder in trusted-folders of "
        "~/.config/tvm-lsp/config.toml, or start the server with --trusted.")
REFUSAL = ("`N`, which the file binds with Python, is not evaluated in untrusted TVMScript (only "
           "the file's TVMScript definitions, their symbols and imports of script namespaces "
           "are; trust the workspace to run its Python). " + HINT)


def canary_text(canary: pathlib.Path) -> str:
    return ("from tvm_tirx.script import tirx as T\nimport pathlib\n"
            f"pathlib.Path({str(canary / 'ran')!r}).write_text('ran')\nN = int('4')\n\n"
            "@T.function\ndef f(A: T.Tensor((N,), T.int32)):\n    A[0] = 1\n")


pytestmark = pytest.mark.usefixtures("user_home")  # conftest.py: a home of its own


@pytest.fixture
def workspace(tmp_path) -> pathlib.Path:
    folder = tmp_path / "ws"
    folder.mkdir()
    return folder


def start(args=(), root: pathlib.Path | None = None, options=None, capabilities=None) -> Server:
    server = Server(list(args))
    params = {"processId": None, "capabilities": capabilities or {},
              "rootUri": root.as_uri() if root else None}
    if root:
        params["workspaceFolders"] = [{"uri": root.as_uri(), "name": root.name}]
    if options is not None:
        params["initializationOptions"] = options
    assert "result" in server.call("initialize", params)
    server.notify("initialized", {})
    return server


def analyse(server: Server, path: pathlib.Path, canary: pathlib.Path, version: int = 1) -> dict:
    """Opens (or, after the first version, rewrites) the canary file; its diagnostics."""
    text = canary_text(canary)
    path.write_text(text)
    if version == 1:
        server.open(path.as_uri(), text)
    else:
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": path.as_uri(), "version": version},
            "contentChanges": [{"text": text + "\n" * version}]})
    while True:
        published = server.diagnostics(path.as_uri())
        if published["version"] == version:
            return published


def ran(canary: pathlib.Path) -> bool:
    return (canary / "ran").exists()


def logs(server: Server) -> list:
    return [m["params"]["message"] for m in server.received
            if m.get("method") == "window/logMessage"]


def statuses(server: Server) -> list:
    return [m["params"] for m in server.received if m.get("method") == "tvmscript/status"]


def refused(published: dict) -> list:
    return [(d["severity"], d["message"]) for d in published["diagnostics"]
            if d["code"] == "untrusted-not-evaluated"]


def test_untrusted_by_default_runs_nothing_and_says_how_to_grant_trust(workspace) -> None:
    server = start(root=workspace)
    try:
        published = analyse(server, workspace / "a.py", workspace)
        assert not ran(workspace)
        assert refused(published) == [(3, REFUSAL)]
        assert statuses(server)[-1] == {
            "state": "ready", "trusted": False,
            "message": "untrusted: files are analysed without running their code"}
        assert server.stop() == 0
    finally:
        server.close()


def test_command_line_trust_runs_module_code(workspace) -> None:
    # The positive control: the canary does appear when the analysis is trusted.
    server = start(["--trusted"], root=workspace)
    try:
        assert analyse(server, workspace / "a.py", workspace)["diagnostics"] == []
        assert ran(workspace)
        assert statuses(server)[-1] == {"state": "ready", "trusted": True,
                                        "message": "trusted by --trusted"}
    finally:
        server.close()


def test_initialization_options_trust_the_session(workspace) -> None:
    server = start(root=workspace, options={"trusted": True})
    try:
        assert analyse(server, workspace / "a.py", workspace)["diagnostics"] == []
        assert ran(workspace)
        assert statuses(server)[-1]["message"] == "trusted by the client (initializationOptions)"
    finally:
        server.close()


def test_set_trust_moves_open_documents_to_the_trusted_worker_and_back(workspace) -> None:
    server = start(root=workspace)
    try:
        path = workspace / "a.py"
        assert refused(analyse(server, path, workspace)) == [(3, REFUSAL)]
        assert not ran(workspace)
        server.notify("tvmscript/setTrust", {"trusted": True})
        # The document is analysed again, trusted, without any change of its own.
        again = server.diagnostics(path.as_uri())
        assert again == {"uri": path.as_uri(), "version": 1, "diagnostics": []}
        assert ran(workspace)
        assert {"state": "ready", "trusted": True,
                "message": "trusted by the client (tvmscript/setTrust)"} in statuses(server)
        # Trust withdrawn: the next analysis is untrusted again and runs nothing.
        (workspace / "ran").unlink()
        server.notify("tvmscript/setTrust", {"trusted": False})
        assert refused(server.diagnostics(path.as_uri())) == [(3, REFUSAL)]
        assert refused(analyse(server, path, workspace, version=2)) == [(3, REFUSAL)]
        assert not ran(workspace)
        assert statuses(server)[-1]["trusted"] is False
        assert "tvm-lsp: the client does not trust the workspace" in logs(server)
    finally:
        server.close()


@pytest.mark.parametrize("params, message", [
    ({"trusted": "yes"}, "params.trusted: expected a boolean, got a string"),
    ({}, "params.trusted: expected a boolean, got nothing"),
])
def test_a_malformed_set_trust_is_logged_and_changes_nothing(workspace, params, message) -> None:
    server = start(root=workspace)
    try:
        server.notify("tvmscript/setTrust", params)
        assert refused(analyse(server, workspace / "a.py", workspace)) == [(3, REFUSAL)]
        assert not ran(workspace)
        assert (f'the notification "tvmscript/setTrust" was ignored: {message}'
                in logs(server))
    finally:
        server.close()


# -- the workspace cannot grant trust ------------------------------------------------------

def answer_configuration(server: Server, section) -> None:
    request = server.next_message(lambda m: m.get("method") == "workspace/configuration")
    assert request["params"] == {"items": [{"section": "tvmscript"}]}
    server.send({"id": request["id"], "result": [section]})


def test_hostile_workspace_files_and_settings_do_not_turn_trust_on(workspace) -> None:
    (workspace / ".vscode").mkdir()
    (workspace / ".vscode" / "settings.json").write_text(json.dumps(
        {"tvmscript.trusted": True, "security.workspace.trust.enabled": False}))
    (workspace / "pyproject.toml").write_text('[tool.tvm-lsp]\ntrusted = true\n')
    server = start(root=workspace, capabilities={"workspace": {"configuration": True}})
    try:
        answer_configuration(server, {"trusted": True, "security": {"trusted": True}})
        path = workspace / "a.py"
        assert refused(analyse(server, path, workspace)) == [(3, REFUSAL)]
        server.notify("workspace/didChangeConfiguration",
                      {"settings": {"tvmscript": {"trusted": True}}})
        assert refused(analyse(server, path, workspace, version=2)) == [(3, REFUSAL)]
        assert not ran(workspace)
        refusal = (" is ignored: trust never comes from settings or workspace files (it comes "
                   "from the client's tvmscript/setTrust or initializationOptions, the user's "
                   "~/.config/tvm-lsp/config.toml trusted-folders, or --trusted)")
        messages = logs(server)
        assert "tvm-lsp: the setting tvmscript.trusted" + refusal in messages
        assert "tvm-lsp: the setting tvmscript.security.trusted" + refusal in messages
        assert (f"tvm-lsp: {workspace}/pyproject.toml [tool.tvm-lsp] trusted" + refusal
                in messages)
        assert all(status["trusted"] is False for status in statuses(server))
    finally:
        server.close()


# -- the user's configuration ------------------------------------------------------------

def write_config(folder: pathlib.Path, body: str) -> pathlib.Path:
    (folder / "tvm-lsp").mkdir(parents=True, exist_ok=True)
    config = folder / "tvm-lsp" / "config.toml"
    config.write_text(body)
    os.chmod(folder / "tvm-lsp", 0o755)
    os.chmod(config, 0o644)
    return config


def test_trusted_folders_of_the_user_configuration_trust_documents_under_them(
        workspace, user_home, tmp_path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    write_config(user_home / ".config", f'trusted-folders = ["{workspace}/../ws/"]\n')
    server = start(root=workspace)
    try:
        assert analyse(server, workspace / "a.py", workspace)["diagnostics"] == []
        assert ran(workspace)
        # A document outside the listed folder stays untrusted, in the same session.
        assert refused(analyse(server, other / "b.py", other)) == [(3, REFUSAL)]
        assert not ran(other)
        assert statuses(server)[-1]["trusted"] is False  # the session itself is not trusted
    finally:
        server.close()


def test_xdg_config_home_locates_the_configuration(workspace, tmp_path, monkeypatch) -> None:
    xdg = tmp_path / "xdg"
    write_config(xdg, f'trusted-folders = ["{workspace}"]\n')
    monkeypatch.setenv("XDG_CONFIG_HOME", str(xdg))
    server = start(root=workspace)
    try:
        analyse(server, workspace / "a.py", workspace)
        assert ran(workspace)
    finally:
        server.close()


def ignored_config_case(tmp_path, workspace, user_home, monkeypatch, case):
    """Sets up one way an attacker (or an accident) could supply the configuration; the
    message the server must log."""
    body = f'trusted-folders = ["{workspace}"]\n'
    if case == "inside the workspace (XDG_CONFIG_HOME)":
        config = write_config(workspace / ".config", body)
        monkeypatch.setenv("XDG_CONFIG_HOME", str(workspace / ".config"))
        return f"{config} is ignored: it lies inside the workspace folder {workspace}"
    if case == "the workspace is the home folder":
        config = write_config(user_home / ".config", body.replace(str(workspace), str(user_home)))
        return f"{config} is ignored: it lies inside the workspace folder {user_home}"
    if case == "a symlink into the workspace":
        target = write_config(workspace / "evil", body)
        (user_home / ".config" / "tvm-lsp").mkdir(parents=True)
        (user_home / ".config" / "tvm-lsp" / "config.toml").symlink_to(target)
        return (f"{user_home}/.config/tvm-lsp/config.toml is ignored: it lies inside the "
                f"workspace folder {workspace}")
    if case == "via .. into the workspace":
        config = write_config(workspace / "cfg", body)
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "elsewhere" / ".." / "ws" / "cfg"))
        return f"{config} is ignored: it lies inside the workspace folder {workspace}"
    if case == "group-writable":
        config = write_config(user_home / ".config", body)
        os.chmod(config, 0o664)
        return f"{config} is ignored: it is writable by group or others"
    if case == "a world-writable folder":
        config = write_config(user_home / ".config", body)
        os.chmod(config.parent, 0o777)
        return (f"{config} is ignored: its folder {config.parent} is writable by group or "
                "others")
    if case == "not a regular file":
        (user_home / ".config" / "tvm-lsp" / "config.toml").mkdir(parents=True)
        return f"{user_home}/.config/tvm-lsp/config.toml is ignored: it is not a regular file"
    if case == "a relative XDG_CONFIG_HOME":
        # XDG: a relative value is invalid and ignored; the home's default has no file.
        write_config(workspace, body)
        monkeypatch.setenv("XDG_CONFIG_HOME", "ws")
        return None
    raise AssertionError(case)


@pytest.mark.parametrize("case", [
    "inside the workspace (XDG_CONFIG_HOME)", "the workspace is the home folder",
    "a symlink into the workspace", "via .. into the workspace", "group-writable",
    "a world-writable folder", "not a regular file", "a relative XDG_CONFIG_HOME"])
def test_a_configuration_anyone_else_could_write_is_ignored(
        tmp_path, workspace, user_home, monkeypatch, case) -> None:
    expected = ignored_config_case(tmp_path, workspace, user_home, monkeypatch, case)
    root = user_home if case == "the workspace is the home folder" else workspace
    monkeypatch.chdir(tmp_path)
    server = start(root=root)
    try:
        assert refused(analyse(server, root / "a.py", root)) == [(3, REFUSAL)]
        assert not ran(root)
        if expected is not None:
            if "workspace folder" in expected:
                expected += ", whose files must not grant trust"
            assert "tvm-lsp: the user configuration " + expected in logs(server)
    finally:
        server.close()


def test_bad_entries_of_trusted_folders_are_named_and_skipped(
        workspace, user_home, tmp_path) -> None:
    config = write_config(user_home / ".config",
                          'trusted-folders = ["relative/ws", 7, "/no/such/folder", "~/x"]\n'
                          'colour = "red"\n')
    server = start(root=workspace)
    try:
        assert refused(analyse(server, workspace / "a.py", workspace)) == [(3, REFUSAL)]
        messages = logs(server)
        for line in [f'{config}: trusted-folders[0] "relative/ws" is not an absolute path: ignored',
                     f"{config}: trusted-folders[1] is not a string: ignored",
                     f'{config}: trusted-folders[2] "/no/such/folder" is not an existing '
                     "folder: ignored",
                     f'{config}: trusted-folders[3] "~/x" is not an existing folder: ignored',
                     f'{config}: "colour" is not a key of tvm-lsp\'s configuration: ignored']:
            assert "tvm-lsp: " + line in messages
    finally:
        server.close()


def test_a_document_reached_through_a_symlink_or_dots_is_judged_by_its_real_path(
        workspace, user_home, tmp_path) -> None:
    trusted = tmp_path / "trusted"
    trusted.mkdir()
    write_config(user_home / ".config", f'trusted-folders = ["{trusted}"]\n')
    (trusted / "link").symlink_to(workspace)  # a link inside the trusted folder, out of it
    server = start(root=workspace)
    try:
        # file:///.../trusted/link/a.py really is .../ws/a.py: untrusted.
        text = canary_text(workspace)
        (workspace / "a.py").write_text(text)
        uri = (trusted / "link" / "a.py").as_uri()
        server.open(uri, text)
        assert refused(server.diagnostics(uri)) == [(3, REFUSAL)]
        # file:///.../trusted/../ws/b.py is .../ws/b.py: untrusted.
        dotted = "file://" + str(trusted) + "/../ws/b.py"
        server.open(dotted, text)
        assert refused(server.diagnostics(dotted)) == [(3, REFUSAL)]
        assert not ran(workspace)
        # A file really inside it is trusted.
        analyse(server, trusted / "c.py", trusted)
        assert ran(trusted)
    finally:
        server.close()


def test_initialization_options_that_are_not_a_boolean_leave_the_session_untrusted(
        workspace) -> None:
    server = start(root=workspace, options={"trusted": "yes"})
    try:
        assert refused(analyse(server, workspace / "a.py", workspace)) == [(3, REFUSAL)]
        assert not ran(workspace)
        assert ('tvm-lsp: initializationOptions.trusted must be true or false, got "yes": the '
                "session stays untrusted") in logs(server)
    finally:
        server.close()


def test_the_status_says_error_when_no_worker_can_start(workspace, tmp_path) -> None:
    server = start(["--worker", str(tmp_path / "no-such-worker")], root=workspace)
    try:
        server.open((workspace / "a.py").as_uri(), canary_text(workspace))
        status = server.next_message(lambda m: m.get("method") == "tvmscript/status"
                                     and m["params"]["state"] == "error")["params"]
        assert status["trusted"] is False
        assert status["message"].startswith("the analysis worker did not start: ")
        assert str(tmp_path / "no-such-worker") in status["message"]
    finally:
        server.close()
