"""The worker's message schema (lsp/protocol/worker_protocol.json) against the two sides that do
not come from its generator: the Python frontend's ``to_plain()`` answer, and the bridge's reader
of that answer (parser_bridge/src/bridge/plain_result.cc). Either drifting fails here."""

from __future__ import annotations

import importlib.util
import pathlib
import re
import sys
from typing import Dict, List, Tuple

import pytest

from tvm_tirx.script import parse_diagnostics
from tvm_tirx.script.parser import worker_entry

REPO = pathlib.Path(__file__).resolve().parents[3]
SCHEMA_PATH = REPO / "lsp" / "protocol" / "worker_protocol.json"


def _load_schema_module():
    spec = importlib.util.spec_from_file_location(
        "worker_schema", REPO / "lsp" / "protocol" / "worker_schema.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


worker_schema = _load_schema_module()
SCHEMA = worker_schema.load(SCHEMA_PATH)

TEXTS = {
    "clean": '''from tvm_tirx.script import tirx as T


@T.function
def add_one[n](A: T.Tensor((n,), T.float32), B: T.Tensor((n,), T.float32)):
    # one pass
    for i in range(n):
        B[i] = A[i] + T.float32(1.0)  # the body
''',
    "errors": '''from tvm_tirx.script import tirx as T


@T.function
def broken(A: T.Tensor((8,), T.int32)):
    for i in range(8):
        A[i] = A[i] // 0.5
    B[0] = undefined_name


@T.function
def unfinished(A: T.Tensor((8,), T.int32)
    A[0] = 1
''',
    "untrusted": '''import os
from tvm_tirx.script import tirx as T

N = int("128")


@T.function
def uses_capture(A: T.Tensor((N,), T.int32)):
    A[0] = os.getpid()
''',
    "empty": "",
    # A print that does not read back: its verdict carries a round-trip-mismatch diagnostic.
    "mismatch": "from tvm_tirx.script import tirx as T\n\n\n@T.function\n"
                "def g(A: T.Tensor((8,), T.int32)):\n"
                '    T.func_attr({"global_symbol": "my.kernel"})\n    A[0] = 1\n',
    "crlf": "from tvm_tirx.script import tirx as T\r\n\r\n@T.function\r\ndef f():\r\n"
            "    T.evaluate(0)\r\n",
}
for example in sorted((REPO / "examples" / "tvmscript").glob("*.py")):
    TEXTS[f"example:{example.name}"] = example.read_text()


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_frontend_answer_matches_the_schema(name: str) -> None:
    plain = parse_diagnostics(TEXTS[name], source_name=f"{name}.py").to_plain()
    assert worker_schema.check(SCHEMA, plain, "ParseResult") == []
    # Keys the schema does not describe are ignored by readers: a new one must be added there.
    assert worker_schema.unknown_keys(SCHEMA, plain, "ParseResult") == []


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_worker_entry_answers_match_the_schema(name: str) -> None:
    source = f"schema:{name}.py"
    answer = worker_entry.analyze_document(TEXTS[name], source_name=source)
    parts = answer.to_parts([])
    assert worker_schema.check(SCHEMA, parts, "ResultParts") == []
    assert worker_schema.unknown_keys(SCHEMA, parts, "ResultParts") == []
    verdicts = worker_entry.format_verdicts(source_name=source)["definitions"]
    assert worker_schema.check(SCHEMA, verdicts, "list<FormatVerdict>") == []
    assert worker_schema.unknown_keys(SCHEMA, verdicts, "list<FormatVerdict>") == []
    assert any(v["mismatch"] for v in verdicts) == (name == "mismatch")
    # The position index came with the parts: nodes inside their definition's lines (counted
    # from its first), each naming one of the part's descriptions.
    for part in (entry["part"] for entry in parts["parts"]):
        first, _, last, _ = part["definition"]["range"]
        nodes = part["nodes"]
        assert len(nodes) % 6 == 0
        for k in range(0, len(nodes), 6):
            assert 0 <= nodes[k] <= nodes[k + 2] <= last - first
            assert 0 <= nodes[k + 4] < len(part["descriptions"])
            assert -1 <= nodes[k + 5] < len(part["occurrences"])
    if name == "clean":
        assert len(parts["parts"][0]["part"]["nodes"]) > 10 * 6


def test_the_texts_reach_every_record() -> None:
    # Guards against the check passing because the answers were empty.
    answers = [parse_diagnostics(t, source_name="x.py").to_plain() for t in TEXTS.values()]
    for key in ("definitions", "diagnostics", "occurrences", "symbols", "comments"):
        assert any(answer[key] for answer in answers), key
    assert any(d["severity"] == "error" for a in answers for d in a["diagnostics"])


def test_optional_keys_are_the_ones_an_entry_may_not_send() -> None:
    optional = {f"{t.name}.{f.name}" for t in SCHEMA.types.values() for f in t.fields
                if f.optional}
    assert optional == {
        "Diagnostic.tags", "Diagnostic.path",  # the frontend sends them; fixtures need not
        "Definition.key", "Definition.partial",  # the frontend sends them; fixtures need not
        "Definition.stale",  # sent only when true
        "Request.params", "Reply.result", "Reply.error", "AnalyzeParams.skip",
        "AnalyzeParams.time_limit_ms",
        "AnalyzeParams.base",  # none: every part in full
        "AnalyzeParams.first_line", "AnalyzeParams.last_line",  # none: the whole file
        "AnalyzeResult.result_id", "AnalyzeResult.result", "AnalyzeResult.parts",  # one of two
        "ChangeParams.text", "ChangeParams.edits",  # exactly one of them
        "TextChange.range",  # absent: the whole text, as in LSP
        "FormatParams.migrate",  # absent: the formatting verdicts
        "FormatParams.budget_ms", "FormatResult.complete",  # absent: all at once
        "FormatParams.time_limit_ms",  # absent: no limit inside
        "FormatVerdict.mismatch",  # the frontend sends it; fixtures need not
    }


def test_the_checker_reports_departures_with_their_path() -> None:
    plain = parse_diagnostics(TEXTS["errors"], source_name="e.py").to_plain()
    assert plain["diagnostics"], "the text has errors"
    plain["diagnostics"][0]["severity"] = "fatal"
    plain["definitions"][0]["range"] = [1, 2, 3]
    del plain["symbols"]
    plain["comments"].append({"range": [1, 0, 1, 1], "text": "#", "definition": True,
                              "statement_line": None, "extra": 1})
    problems = worker_schema.check(SCHEMA, plain, "ParseResult")
    assert problems == [
        "definitions[0].range: expected a list of 4 ints, got [1, 2, 3]",
        "diagnostics[0].severity: expected one of ['error', 'warning', 'information', 'hint'], "
        "got 'fatal'",
        "symbols: missing",
        f"comments[{len(plain['comments']) - 1}].definition: expected int, got bool",
    ]
    assert worker_schema.unknown_keys(SCHEMA, plain, "ParseResult") == [
        f"comments[{len(plain['comments']) - 1}].extra"]


def _bridge_reader_tables() -> Dict[str, List[Tuple[str, bool]]]:
    """FieldsOf(const X*) in plain_result.cc: X -> [(key, optional)]."""
    source = (REPO / "parser_bridge" / "src" / "bridge" / "plain_result.cc").read_text()
    tables = {}
    for match in re.finditer(r"constexpr auto FieldsOf\(const (\w+)\*\) \{(.*?)\n\}", source,
                             re.S):
        fields = re.findall(r'(Optional)?Field\{"(\w+)"', match.group(2))
        tables[match.group(1)] = [(key, bool(optional)) for optional, key in fields]
    return tables


def test_the_bridge_reads_what_the_schema_says() -> None:
    tables = _bridge_reader_tables()
    expected = {
        t.name: [(f.name, f.optional) for f in t.fields]
        for t in SCHEMA.types.values()
        if t.kind == "struct" and t.cpp and t.cpp.startswith("tvm::script::bridge::")
    }
    assert tables == expected


def test_the_generated_dispatch_sends_every_method_to_its_handler() -> None:
    # The worker answers through protocol::DispatchRequest (generated): one branch per method of
    # the schema, each calling `On(<Method>{}, id, <decoded params>)`, so a method added to the
    # schema without a handler in lsp/worker/worker.cc fails to compile.
    lines = "\n".join(worker_schema._dispatch(SCHEMA))
    methods = [m["name"] for m in SCHEMA.methods]
    assert len(methods) == 9 and "format" in methods
    for name in methods:
        camel = worker_schema._camel(name) + "Method"
        assert (f"if (method == {camel}::kName) {{\n    return ToJson(handlers.On({camel}{{}}, id, "
                f'Decode<{camel}::Params>(given, "params")));') in lines, name
    worker = (REPO / "lsp" / "worker" / "worker.cc").read_text()
    assert "protocol::DispatchRequest(*this, method, request.id, request.params)" in worker
    assert len(re.findall(r"\bOn\(protocol::\w+Method\b", worker)) >= len(methods)
