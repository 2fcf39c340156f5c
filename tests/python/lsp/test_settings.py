"""Settings (issue 11, item 3): the client's `tvmscript` section (workspace/configuration,
asked after `initialized`, and didChangeConfiguration), a pyproject.toml's `[tool.tvm-lsp]`
table under them, bad values logged with the default kept; `diagnostics.on = "save"` and a
fixed `debounceMs`, observed on the diagnostics the real server publishes."""

from __future__ import annotations

import json
import os
import pathlib
import time

import pytest

from lsp_server_client import Server

BAD = ("from tvm_tirx.script import tirx as T\n\n@T.function\n"
       "def f(A: T.Tensor((4,), T.int32)):\n    A[0] = nothing\n")
CONFIGURATION = {"workspace": {"configuration": True}}


pytestmark = pytest.mark.usefixtures("user_home")  # conftest.py: a home of its own


@pytest.fixture
def workspace(tmp_path) -> pathlib.Path:
    folder = tmp_path / "ws"
    folder.mkdir()
    return folder


def start(root: pathlib.Path, capabilities=None) -> Server:
    server = Server()
    assert "result" in server.call("initialize", {
        "processId": None, "rootUri": root.as_uri(), "capabilities": capabilities or {},
        "workspaceFolders": [{"uri": root.as_uri(), "name": "ws"}]})
    server.notify("initialized", {})
    return server


def answer_configuration(server: Server, section) -> None:
    request = server.next_message(lambda m: m.get("method") == "workspace/configuration")
    assert request["params"] == {"items": [{"section": "tvmscript"}]}
    server.send({"id": request["id"], "result": [section]})


def logs(server: Server) -> list:
    return [m["params"]["message"] for m in server.received
            if m.get("method") == "window/logMessage"]


def wait_for_log(server: Server, text: str) -> None:
    server.next_message(lambda m: m.get("method") == "window/logMessage"
                        and m["params"]["message"] == text)


def change(server: Server, uri: str, version: int, text: str) -> None:
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                             "contentChanges": [{"text": text}]})


def published_within(server: Server, uri: str, seconds: float) -> list:
    return [m["params"]["version"] for m in server.quiet(seconds)
            if m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri]


def check_diagnostics_on_save(server: Server, uri: str) -> None:
    """Diagnostics on open, none while typing, then the saved version's on didSave."""
    server.open(uri, BAD)
    assert [d["code"] for d in server.diagnostics(uri)["diagnostics"]] == ["name-error"]
    change(server, uri, 2, BAD.replace("nothing", "1"))
    assert published_within(server, uri, 1.0) == []
    server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    assert server.diagnostics(uri) == {"uri": uri, "version": 2, "diagnostics": []}


def test_the_settings_are_asked_for_after_initialized_when_the_client_supports_it(
        workspace) -> None:
    server = start(workspace, CONFIGURATION)
    try:
        answer_configuration(server, {"diagnostics": {"on": "save"}})
        check_diagnostics_on_save(server, (workspace / "a.py").as_uri())
    finally:
        server.close()


def test_without_workspace_configuration_nothing_is_asked(workspace) -> None:
    server = start(workspace)
    try:
        uri = (workspace / "a.py").as_uri()
        server.open(uri, BAD)
        server.diagnostics(uri)
        assert not [m for m in server.received if m.get("method") == "workspace/configuration"]
        # Typing mode (the default): a change is analysed without a save.
        change(server, uri, 2, BAD.replace("nothing", "1"))
        assert server.diagnostics(uri) == {"uri": uri, "version": 2, "diagnostics": []}
    finally:
        server.close()


def test_pushed_settings_of_did_change_configuration_apply(workspace) -> None:
    server = start(workspace)
    try:
        server.notify("workspace/didChangeConfiguration",
                      {"settings": {"tvmscript": {"diagnostics.on": "save",
                                                  "roundTrip": {"onSave": False}}}})
        uri = (workspace / "a.py").as_uri()
        check_diagnostics_on_save(server, uri)
    finally:
        server.close()


def test_did_change_configuration_asks_again_and_the_new_values_apply(workspace) -> None:
    server = start(workspace, CONFIGURATION)
    try:
        answer_configuration(server, {})
        uri = (workspace / "a.py").as_uri()
        server.open(uri, BAD)
        server.diagnostics(uri)
        server.notify("workspace/didChangeConfiguration", {"settings": None})
        answer_configuration(server, {"roundTrip": {"onSave": False},
                                      "inlayHints": {"enable": False}, "debounceMs": 5})
        wait_for_log(server, f"tvm-lsp: the settings of {uri} are now " + json.dumps(
            {"debounceMs": 5, "diagnostics.on": "type", "inlayHints.enable": False,
             "roundTrip.onSave": False}, separators=(",", ":")))
    finally:
        server.close()


@pytest.mark.parametrize("section, warning", [
    ({"diagnostics": {"on": "sometimes"}},
     'the setting tvmscript.diagnostics.on expects "type" or "save", got "sometimes"'),
    ({"roundTrip": {"onSave": "yes"}},
     'the setting tvmscript.roundTrip.onSave expects true or false, got "yes"'),
    ({"debounceMs": -1},
     "the setting tvmscript.debounceMs expects an integer from 0 to 10000, or null "
     "(adaptive), got -1"),
    ({"debounceMs": 1.5},
     "the setting tvmscript.debounceMs expects an integer from 0 to 10000, or null "
     "(adaptive), got 1.5"),
    ({"debounceMs": 10 ** 30},
     "the setting tvmscript.debounceMs expects an integer from 0 to 10000, or null "
     "(adaptive), got 1e+30"),
    ({"inlayHints": {"enable": None}},
     "the setting tvmscript.inlayHints.enable expects true or false, got null"),
])
def test_a_bad_value_is_logged_by_name_and_the_default_is_kept(workspace, section,
                                                                warning) -> None:
    server = start(workspace, CONFIGURATION)
    try:
        answer_configuration(server, {**section, "server": {"path": "/x"}, "colour": 1})
        wait_for_log(server, "tvm-lsp: " + warning +
                     ": ignored (pyproject.toml's value or the default applies)")
        assert "tvm-lsp: tvmscript.colour is not a setting of tvm-lsp: ignored" in logs(server)
        uri = (workspace / "a.py").as_uri()
        server.open(uri, BAD)
        server.diagnostics(uri)
        change(server, uri, 2, BAD.replace("nothing", "1"))  # still diagnostics while typing
        assert server.diagnostics(uri) == {"uri": uri, "version": 2, "diagnostics": []}
    finally:
        server.close()


def test_a_section_that_is_not_an_object_is_ignored_with_a_warning(workspace) -> None:
    server = start(workspace, CONFIGURATION)
    try:
        answer_configuration(server, ["save"])
        wait_for_log(server, 'tvm-lsp: the tvmscript settings are not an object (got ["save"]): '
                     "ignored")
    finally:
        server.close()


# -- pyproject.toml ------------------------------------------------------------------------

def test_pyproject_found_walking_up_sets_diagnostics_on_save(workspace) -> None:
    (workspace / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.tvm-lsp]\ndiagnostics-on = "save"\n')
    (workspace / "pkg" / "sub").mkdir(parents=True)
    # A nearer pyproject.toml without the table does not hide it.
    (workspace / "pkg" / "pyproject.toml").write_text('[project]\nname = "pkg"\n')
    server = start(workspace)
    try:
        check_diagnostics_on_save(server, (workspace / "pkg" / "sub" / "a.py").as_uri())
    finally:
        server.close()


def test_client_settings_override_pyproject(workspace) -> None:
    (workspace / "pyproject.toml").write_text('[tool.tvm-lsp]\ndiagnostics-on = "save"\n')
    server = start(workspace, CONFIGURATION)
    try:
        answer_configuration(server, {"diagnostics": {"on": "type"}})
        uri = (workspace / "a.py").as_uri()
        server.open(uri, BAD)
        server.diagnostics(uri)
        change(server, uri, 2, BAD.replace("nothing", "1"))
        assert server.diagnostics(uri) == {"uri": uri, "version": 2, "diagnostics": []}
    finally:
        server.close()


def test_a_pyproject_above_the_workspace_folder_is_not_read(tmp_path, workspace) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.tvm-lsp]\ndiagnostics-on = "save"\n')
    server = start(workspace)
    try:
        uri = (workspace / "a.py").as_uri()
        server.open(uri, BAD)
        server.diagnostics(uri)
        change(server, uri, 2, BAD.replace("nothing", "1"))
        assert server.diagnostics(uri)["version"] == 2
    finally:
        server.close()


@pytest.mark.parametrize("table, warning", [
    ('diagnostics-on = "never"', 'diagnostics-on expects "type" or "save", got "never": '
     "ignored (the default applies)"),
    ("debounce-ms = 99999", 'debounce-ms expects an integer from 0 to 10000, or "adaptive", '
     "got 99999: ignored (the default applies)"),
    ("inlay-hints = [1]", "inlay-hints expects true or false, got an array: ignored (the "
     "default applies)"),
    ("colour = 1", "colour is not a setting of tvm-lsp: ignored"),
])
def test_bad_pyproject_values_are_named_with_the_file(workspace, table, warning) -> None:
    (workspace / "pyproject.toml").write_text("[tool.tvm-lsp]\n" + table + "\n")
    server = start(workspace)
    try:
        server.open((workspace / "a.py").as_uri(), BAD)
        wait_for_log(server, f"tvm-lsp: {workspace}/pyproject.toml [tool.tvm-lsp] " + warning)
    finally:
        server.close()


def test_a_broken_pyproject_is_reported_with_its_line(workspace) -> None:
    (workspace / "pyproject.toml").write_text('[tool.tvm-lsp]\ndiagnostics-on = "save\n')
    server = start(workspace)
    try:
        uri = (workspace / "a.py").as_uri()
        server.open(uri, BAD)
        server.diagnostics(uri)
        [line] = [m for m in logs(server) if "pyproject.toml is ignored" in m]
        assert line.startswith(f"tvm-lsp: {workspace}/pyproject.toml is ignored: line 2, ")
    finally:
        server.close()


def test_a_pyproject_that_is_a_fifo_a_device_or_huge_does_not_stall_the_server(workspace) -> None:
    os.mkfifo(workspace / "pyproject.toml")  # opening it for reading would block
    (workspace / "big").mkdir()
    (workspace / "big" / "pyproject.toml").write_text(
        "[tool.tvm-lsp]\n" + "# padding\n" * 200_000)
    (workspace / "dev").mkdir()
    (workspace / "dev" / "pyproject.toml").symlink_to("/dev/zero")  # endless, not a file
    server = start(workspace)
    try:
        for path in (workspace / "a.py", workspace / "big" / "a.py", workspace / "dev" / "a.py"):
            server.open(path.as_uri(), BAD)
            assert server.diagnostics(path.as_uri(), timeout=10)["version"] == 1
    finally:
        server.close()


def test_saving_pyproject_applies_its_new_table(workspace) -> None:
    server = start(workspace)
    try:
        uri = (workspace / "a.py").as_uri()
        server.open(uri, BAD)
        server.diagnostics(uri)
        (workspace / "pyproject.toml").write_text('[tool.tvm-lsp]\nround-trip-on-save = false\n')
        server.notify("textDocument/didSave",
                      {"textDocument": {"uri": (workspace / "pyproject.toml").as_uri()}})
        wait_for_log(server, f"tvm-lsp: the settings of {uri} are now " + json.dumps(
            {"debounceMs": 0, "diagnostics.on": "type", "inlayHints.enable": True,
             "roundTrip.onSave": False}, separators=(",", ":")))
    finally:
        server.close()


# -- debounce ------------------------------------------------------------------------------

def test_a_fixed_debounce_delays_the_analysis_of_a_change(workspace) -> None:
    server = start(workspace, CONFIGURATION)
    try:
        answer_configuration(server, {"debounceMs": 1500})
        uri = (workspace / "a.py").as_uri()
        server.open(uri, BAD)  # opening is analysed at once
        server.diagnostics(uri)
        started = time.monotonic()
        change(server, uri, 2, BAD.replace("nothing", "1"))
        assert published_within(server, uri, 1.0) == []
        assert server.diagnostics(uri)["version"] == 2
        assert time.monotonic() - started >= 1.5
    finally:
        server.close()


def test_debounce_setting_switches_between_fixed_and_adaptive(workspace) -> None:
    # A fixed debounceMs of 400 makes a change wait that long; null then (adaptive, over the
    # test client's --debounce-ms 0) waits no longer than the edit analyses measured, a few
    # ms here (test_debounce.py shows the adaptive wait growing with a slow worker).
    server = start(workspace, CONFIGURATION)
    try:
        answer_configuration(server, {"debounceMs": 400})
        uri = (workspace / "a.py").as_uri()
        server.open(uri, BAD)
        server.diagnostics(uri)
        started = time.monotonic()
        change(server, uri, 2, BAD.replace("nothing", "1"))
        assert server.diagnostics(uri)["version"] == 2
        assert 0.4 <= time.monotonic() - started < 2.0
        server.notify("workspace/didChangeConfiguration", {"settings": None})
        answer_configuration(server, {"debounceMs": None})
        started = time.monotonic()
        change(server, uri, 3, BAD.replace("nothing", "2"))
        assert server.diagnostics(uri)["version"] == 3
        assert time.monotonic() - started < 0.3
    finally:
        server.close()
