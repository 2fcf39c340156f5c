"""What VS Code asks for while a file is edited: semantic tokens (full, then a delta after an
edit), completion after `T.` with completionItem/resolve, and signature help in a namespace
call."""

from __future__ import annotations

import pytest
from lsprotocol import types

import vscode_session as vs
from vscode_session import document, json_range

pytestmark = pytest.mark.asyncio(scope="module")
client = vs.client_fixture()

TYPES = ["tensor", "symbol", "loopVariable", "parameter", "function", "namespaceMember",
         "variable"]
MODIFIERS = ["declaration", "readonly", "defaultLibrary"]
SERIAL = "T.serial(start, stop=None, *, annotations=None, step=1, unroll=None, dtype=None)"
SERIAL_DOCS = (
    '``T.serial(n)`` / ``T.serial(a, b, step=s)``: a serial loop; ``dtype="uint32"`` types\n'
    "its variable and bounds; ``unroll=True``/``False``/``N`` asks the code generator to "
    "unroll\nit (or not), as the annotation ``tirx.pragma_unroll`` / ``tirx.disable_unroll``.")


def decoded(data: list[int]) -> list[tuple]:
    """LSP's relative integers as (line, character, length, type, modifiers)."""
    tokens, line, character = [], 0, 0
    for k in range(0, len(data), 5):
        delta_line, delta_start, length, kind, bits = data[k:k + 5]
        line += delta_line
        character = character + delta_start if delta_line == 0 else delta_start
        tokens.append((line, character, length, TYPES[kind],
                       tuple(m for b, m in enumerate(MODIFIERS) if bits >> b & 1)))
    return tokens


async def test_semantic_tokens_full_then_a_small_delta(client) -> None:
    uri = await vs.opened(client, "tokens", vs.SOURCE)
    full = await vs.ask(client, client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=document(uri))))
    member = ("namespaceMember", ("defaultLibrary",))
    assert decoded(full["data"]) == [
        (3, 3, 8, *member),  # @T.function
        (4, 4, 5, "function", ("declaration",)),  # scale
        (4, 10, 1, "tensor", ("declaration",)), (4, 15, 6, *member),  # A: T.Tensor
        (4, 40, 1, "tensor", ("declaration",)), (4, 45, 6, *member),  # B: T.Tensor
        (5, 8, 1, "loopVariable", ("declaration",)),  # for i
        (6, 8, 1, "variable", ("declaration",)), (6, 12, 1, "tensor", ()),  # x = A[
        (6, 14, 1, "loopVariable", ()), (6, 21, 7, *member),  # i] * T.float32
        (7, 8, 1, "tensor", ()), (7, 10, 1, "loopVariable", ()), (7, 15, 1, "variable", ())]
    vs.change_document(client, uri, 2, (7, 15), (7, 16), "x + x")
    assert await vs.diagnostics(client, uri, 2) == []
    delta = await vs.ask(client, client.text_document_semantic_tokens_full_delta_async(
        types.SemanticTokensDeltaParams(text_document=document(uri),
                                        previous_result_id=full["resultId"])))
    # one token more at the end (the second x), as one edit of five integers
    assert delta == {"resultId": str(int(full["resultId"]) + 1), "edits": [
        {"start": 70, "deleteCount": 0, "data": [0, 4, 1, 6, 0]}]}
    vs.close_document(client, uri)


async def typed(client, stem: str, text: str) -> str:
    """vs.SOURCE opened, then `text` typed on its last line (in the loop's body)."""
    uri = await vs.opened(client, stem, vs.SOURCE)
    vs.change_document(client, uri, 2, (8, 0), (8, 0), text)
    return uri


async def test_completion_after_the_alias_and_resolve(client) -> None:
    uri = await typed(client, "completion", "        T.se")
    answer = await vs.ask(client, client.text_document_completion_async(
        types.CompletionParams(**vs.at(uri, 8, 12))))
    assert answer["isIncomplete"] is False
    # the members starting with "se" in any case
    assert [item["label"] for item in answer["items"]] == ["Select", "select", "serial"]
    serial = answer["items"][2]
    edit_range = json_range(8, 10, 8, 12)  # the typed "se"
    expected = {"label": "serial", "kind": 3, "sortText": "~serial", "detail": (
        "serial(start, stop=None, *, annotations=None, step=1, unroll...)  (canonical: range)")}
    if client.set_name == "languageclient-11":
        # completionList.itemDefaults lists editRange and data: sent once, for every item
        assert answer["itemDefaults"] == {"editRange": edit_range,
                                          "data": {"root": "tirx", "alias": "T"}}
        assert serial == expected
    else:
        assert "itemDefaults" not in answer
        assert serial == {**expected, "textEdit": {"range": edit_range, "newText": "serial"},
                          "data": {"root": "tirx", "alias": "T"}}
    # VS Code resolves the item it shows, with the list's defaults applied
    item = {**serial, "data": {"root": "tirx", "alias": "T"}}
    resolved = await vs.ask(client, client.completion_item_resolve_async(
        vs.converter().structure(item, types.CompletionItem)))
    assert resolved == {**item, "documentation": {"kind": "markdown", "value": (
        f"```python\n{SERIAL}\n```\n\n{SERIAL_DOCS}\n\nCanonical spelling: `range`\n")}}
    vs.close_document(client, uri)


async def test_signature_help_in_a_namespace_call(client) -> None:
    uri = await typed(client, "signature", "        T.serial(0, ")
    help_ = await vs.ask(client, client.text_document_signature_help_async(
        types.SignatureHelpParams(**vs.at(uri, 8, 20))))
    assert help_ == {"activeSignature": 0, "activeParameter": 1, "signatures": [{
        "label": SERIAL, "activeParameter": 1,
        "parameters": [{"label": [9, 14]}, {"label": [16, 25]}, {"label": [30, 46]},
                       {"label": [48, 54]}, {"label": [56, 67]}, {"label": [69, 79]}],
        "documentation": {"kind": "markdown", "value": SERIAL_DOCS}}]}
    assert [SERIAL[a:b] for a, b in ([9, 14], [16, 25])] == ["start", "stop=None"]
    vs.close_document(client, uri)
