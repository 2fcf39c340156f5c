"""The pytest-lsp suite: the real ``tvm-lsp --stdio`` (and its real worker) driven by pygls's
client with VS Code's client capabilities (issue 11, item 7).

Every test runs twice, once per capability set (the ``client`` fixture's parameter):

- ``vscode-1.65``: pytest-lsp's bundled ``visual-studio-code`` capabilities (VS Code 1.65.2:
  no pull diagnostics, no notebooks, no ``general.positionEncodings``);
- ``languageclient-11``: what vscode-languageclient 11.0.0, the VS Code extension's pinned
  client, really sends (``vscode_languageclient_11.json``). Obtained by running the extension's
  e2e test (``vscode-extension/test/e2e/e2e.test.ts``: the real LanguageClient over the
  extension's vscode shim) with ``TVM_LSP_BUILD_DIR`` pointing at a stand-in ``lsp/tvm-lsp``
  script that copied its stdin to a file and ran the real server, then taking ``initialize``'s
  ``capabilities`` from that file. lsprotocol 2023.0.1 knows LSP 3.17 only, so the few LSP
  3.18 fields in it (``markupMessageSupport``, ``snippetEditSupport``, ``metadataSupport``,
  ``applyKindSupport``) are not sent on; the server reads none of them.

pytest-lsp checks each answer against the client's capabilities and warns with
``LspSpecificationWarning``; here such a warning fails the test.
"""

from __future__ import annotations

import pathlib

import pytest

import vscode_session

HERE = pathlib.Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = str(HERE)
    for item in items:
        if str(item.path).startswith(here):
            item.add_marker(pytest.mark.filterwarnings(
                "error::pytest_lsp.checks.LspSpecificationWarning"))


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """The workspace folder: one TVMScript file that no test opens (workspace/symbol finds it
    through the server's background index). The documents the tests open are not on disk."""
    root = tmp_path_factory.mktemp("workspace")
    (root / "kernels.py").write_text(vscode_session.INDEXED_SOURCE)
    return root
