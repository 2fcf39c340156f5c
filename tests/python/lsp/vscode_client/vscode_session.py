"""What the pytest-lsp suite's tests share: the client (pytest-lsp's, keeping each pushed
diagnostics' version and the server's own notifications), the sources, and helpers that open
documents, read diagnostics the way the client's capabilities say, and turn lsprotocol
answers into plain JSON for exact comparisons."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import pathlib
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import make_test_lsp_client

HERE = pathlib.Path(__file__).resolve().parent
SERVER = pathlib.Path(os.environ["TVM_LSP_BUILD_DIR"]) / "lsp" / "tvm-lsp"
CAPABILITY_SETS = ("vscode-1.65", "languageclient-11")

SOURCE = '''from tvm_tirx.script import tirx as T


@T.function
def scale(A: T.Tensor((8,), "float32"), B: T.Tensor((8,), "float32")):
    for i in range(8):
        x = A[i] * T.float32(2)
        B[i] = x
'''

# Unformatted on purpose: the formatter's edits and the diagnostics read it.
UNFORMATTED = '''from tvm_tirx.script import tirx as T


@T.function
def add(A: T.Tensor((4,), "int32"), B: T.Tensor((4,), "int32")):
    for i in range(4):
        B[i] = A[i]+1
'''

INDEXED_SOURCE = '''from tvm_tirx.script import tirx as T


@T.function
def indexed_kernel(A: T.Tensor((4,), "int32")):
    A[0] = 1
'''

_CONVERTER = default_converter()
_NAMES = itertools.count()


def converter():
    return _CONVERTER


def plain(value: Any) -> Any:
    """An lsprotocol value as the JSON the server sent (camelCase keys, no nulls for absent
    optional fields)."""
    return _CONVERTER.unstructure(value)


def make_client() -> LanguageClient:
    """pytest-lsp's test client, with the pushed diagnostics kept whole (their version too) and
    the server's requests that VS Code answers (registrations, refreshes) answered."""
    client = make_test_lsp_client()
    # Each answer's JSON as it arrived, before lsprotocol reads it: lsprotocol 2023.0.1 reads a
    # CodeAction that carries a Command as a Command whose `command` is the dict made a string,
    # so exact comparisons use what the server sent.
    client.answers = []
    deserialize = client.protocol._deserialize_message

    def keep_answers(data: dict) -> Any:
        if "jsonrpc" in data and "id" in data and "method" not in data:
            client.answers.append(data.get("result", data.get("error")))
        return deserialize(data)

    client.protocol._deserialize_message = keep_answers
    client.pushes = []
    client.statuses = []
    client.refreshes = []
    client.protocol.fm._features.pop(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def publish(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
        client.pushes.append(params)
        client.diagnostics[params.uri] = params.diagnostics

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(client: LanguageClient, params: types.RegistrationParams) -> None:
        return None

    @client.feature(types.WORKSPACE_DIAGNOSTIC_REFRESH)
    def refresh(client: LanguageClient, params: None) -> None:
        client.refreshes.append(types.WORKSPACE_DIAGNOSTIC_REFRESH)

    @client.feature("tvmscript/status")
    def status(client: LanguageClient, params: Any) -> None:
        client.statuses.append(params)

    return client


def pulls(client: LanguageClient) -> bool:
    """Whether the server gave this client pull diagnostics (it then never pushes)."""
    return client.server_capabilities.diagnostic_provider is not None


def uri_of(stem: str) -> str:
    """A fresh document URI per test (they share one server per module); no file behind it."""
    return f"file:///vscode_client/{stem}_{next(_NAMES)}.py"


def open_document(client: LanguageClient, stem: str, text: str) -> str:
    uri = uri_of(stem)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)))
    return uri


def close_document(client: LanguageClient, uri: str) -> None:
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))


def change_document(client: LanguageClient, uri: str, version: int, start: tuple[int, int],
                    end: tuple[int, int], text: str) -> None:
    """One incremental edit, as VS Code sends a keystroke."""
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeEvent_Type1(
            range=span(*start, *end), text=text)]))


def span(line: int, character: int, end_line: int, end_character: int) -> types.Range:
    return types.Range(start=types.Position(line=line, character=character),
                       end=types.Position(line=end_line, character=end_character))


def json_range(line: int, character: int, end_line: int, end_character: int) -> dict:
    return {"start": {"line": line, "character": character},
            "end": {"line": end_line, "character": end_character}}


async def diagnostics(client: LanguageClient, uri: str, version: int,
                      timeout: float = 30) -> list[dict]:
    """The document's diagnostics for `version`: pulled when the server gave pull diagnostics,
    else the push of that version."""
    if pulls(client):
        report = await asyncio.wait_for(client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))),
            timeout)
        assert report.kind == "full"
        return plain(report.items)
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        for push in reversed(client.pushes):
            if push.uri == uri and push.version == version:
                return plain(push.diagnostics)
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"no diagnostics of version {version} of {uri} were pushed")
        await asyncio.sleep(0.02)


async def ask(client: LanguageClient, request: Any) -> Any:
    """The JSON answer to `request` (a pygls request coroutine, so pytest-lsp checks it
    against the client's capabilities on the way)."""
    before = len(client.answers)
    await asyncio.wait_for(request, 60)
    assert len(client.answers) == before + 1
    return client.answers[-1]


async def refused(client: LanguageClient, request: Any) -> dict:
    """The error answer to `request`: {code, message}."""
    before = len(client.answers)
    try:
        await asyncio.wait_for(request, 60)
    except Exception:  # pygls raises its own exception type per error code
        assert len(client.answers) == before + 1
        return client.answers[-1]
    raise AssertionError("the request was answered without an error")


def at(uri: str, line: int, character: int) -> dict:
    return {"text_document": types.TextDocumentIdentifier(uri=uri),
            "position": types.Position(line=line, character=character)}


def capabilities(name: str) -> types.ClientCapabilities:
    if name == "vscode-1.65":
        return client_capabilities("visual-studio-code@v1.65.2")
    record = json.loads((HERE / "vscode_languageclient_11.json").read_text())
    return converter().structure(record["capabilities"], types.ClientCapabilities)


async def initialize(client: LanguageClient, name: str, workspace: pathlib.Path) -> None:
    """initialize and initialized as VS Code sends them, with capability set `name`."""
    client.set_name = name
    client.workspace = workspace
    result = await client.initialize_session(types.InitializeParams(
        capabilities=capabilities(name),
        client_info=types.InitializeParamsClientInfoType(name="Visual Studio Code"),
        root_uri=workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="workspace")],
    ))
    client.server_capabilities = result.capabilities
    client.initialize_answer = client.answers[-1]


CONFIG = ClientServerConfig(server_command=[str(SERVER), "--stdio", "--debounce-ms", "0"],
                            client_factory=make_client)


def client_fixture(sets: tuple[str, ...] = CAPABILITY_SETS) -> Any:
    """The `client` fixture, made anew by each test module (`client = client_fixture()`): one
    server per module and capability set. pytest-asyncio 0.23 ties a module-scoped async
    fixture to the event loop of the first module that uses it, so one fixture in conftest.py
    cannot serve several modules."""

    @pytest_lsp.fixture(scope="module", params=sets, config=CONFIG)
    async def client(lsp_client: LanguageClient, request: pytest.FixtureRequest,
                     workspace: pathlib.Path):
        await initialize(lsp_client, request.param, workspace)
        yield
        await lsp_client.shutdown_session()
    return client


async def opened(client: LanguageClient, stem: str, text: str) -> str:
    """Opens a document and waits for its first analysis (its diagnostics)."""
    uri = open_document(client, stem, text)
    await diagnostics(client, uri, 1)
    return uri


def document(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


def workspace_file(client: LanguageClient, name: str) -> str:
    return (client.workspace / name).as_uri()
