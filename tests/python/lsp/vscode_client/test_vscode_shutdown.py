"""shutdown then exit ends the server with 0 (what VS Code does when it closes), exit alone with
1, and a request after shutdown is refused. A server per test: each ends it."""

from __future__ import annotations

import asyncio

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

import vscode_session as vs


@pytest_lsp.fixture(params=vs.CAPABILITY_SETS, config=vs.CONFIG)
async def client(lsp_client: LanguageClient, request: pytest.FixtureRequest, workspace):
    await vs.initialize(lsp_client, request.param, workspace)
    yield


async def exit_code(client) -> int:
    client.exit(None)
    return await asyncio.wait_for(client._server.wait(), 30)


@pytest.mark.asyncio
async def test_shutdown_then_exit_ends_with_0(client) -> None:
    assert await vs.ask(client, client.shutdown_async(None)) is None
    assert await vs.refused(client, client.text_document_hover_async(types.HoverParams(
        **vs.at("file:///vscode_client/none.py", 0, 0)))) == {
            "code": -32600,
            "message": 'the server is shut down: "textDocument/hover" came after "shutdown"'}
    assert await exit_code(client) == 0


@pytest.mark.asyncio
async def test_exit_without_shutdown_ends_with_1(client) -> None:
    assert await exit_code(client) == 1
