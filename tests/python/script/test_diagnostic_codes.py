"""The diagnostic codes are a closed registry (issue 9, item 7): the docs' table, the registry
and the codes written by the C++ sources agree."""

from __future__ import annotations

import json
import pathlib
import re

from tvm_tirx.script import parse_diagnostics
from tvm_tirx.script.parser.codes import CODES, SEVERITY_NAMES, code_of

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_the_docs_table_is_the_registry() -> None:
    doc = (ROOT / "docs" / "diagnostics.md").read_text()
    rows = re.findall(r"^\| `([a-z-]+)` \| (.*) \|$", doc, re.MULTILINE)
    assert dict(rows) == CODES


def test_codes_written_by_the_cpp_sources_are_registered() -> None:
    analysis = ROOT / "core/tirx/src/analysis"
    found = set(re.findall(r'"([a-z]+(?:-[a-z]+)+)"', (analysis / "well_formed.cc").read_text()))
    # The block checks also write words like "data-parallel": read the codes they report.
    blocks = (analysis / "sblock_well_formed.cc").read_text()
    found |= set(re.findall(r'(?:Report|Warn)\(\s*"([a-z-]+)"', blocks))
    bridge = (ROOT / "parser_bridge/src/bridge/parse_diagnostics.cc").read_text()
    found |= set(re.findall(r'BridgeResult\(\s*"([a-z-]+)"', bridge))
    found |= set(re.findall(r'kInternalError = "([a-z-]+)"', bridge))
    worker = (ROOT / "lsp/worker/worker.cc").read_text()
    found |= set(re.findall(r'\.code = "([a-z-]+)"', worker))
    for client in sorted((ROOT / "lsp/client").glob("*.cc")):
        found |= _client_codes(client.read_text())
    assert {"undefined-variable", "sblock-binding-count", "sblock-region-rank", "sblock-mixed-loop",
            "sblock-init", "invalid-encoding",
            "time-limit", "internal-error",
            "cancelled", "analysis-budget", "worker-crashed", "sandbox-unavailable",
            "worker-failed"} <= found
    assert found <= set(CODES), found - set(CODES)


def _client_codes(source: str) -> set:
    """The codes lsp/client's sources give their own diagnostics: string literals that
    stand alone as an argument line or are assigned to `code`."""
    codes = set(re.findall(r'^\s*"([a-z]+(?:-[a-z]+)+)",$', source, re.MULTILINE))
    codes |= set(re.findall(r'code = "([a-z]+(?:-[a-z]+)+)"', source))
    codes |= set(re.findall(r'Diagnostic\("([a-z]+(?:-[a-z]+)+)"', source))
    return codes


def test_exceptions_map_onto_registered_codes() -> None:
    assert code_of(UnboundLocalError("x")) == "name-error"
    assert code_of(KeyError("k")) == "index-error"
    assert code_of(ModuleNotFoundError("m")) == "module-not-found-error"
    assert code_of(OSError("o")) == "python-error"
    text = ("from tvm_tirx.script import tirx as T\n@T.function\ndef f(A: T.Tensor((4,), "
            "T.int32)):\n    A[0] = {}[1]\n")
    (diagnostic,) = parse_diagnostics(text).to_plain()["diagnostics"]
    assert (diagnostic["code"], diagnostic["message"]) == ("index-error", "1")


def test_every_reported_code_is_registered_over_the_corpus() -> None:
    for path in sorted((ROOT / "tests" / "script_corpus").glob("*.py")):
        for diagnostic in parse_diagnostics(path.read_text()).to_plain()["diagnostics"]:
            assert diagnostic["code"] in CODES and diagnostic["code"] != "internal-error", \
                (path.name, diagnostic)


def test_severities_are_spelled_as_the_worker_schema_spells_them() -> None:
    """The frontend's names (LSP's numbers in order) are the schema's enum, which the C++
    codecs are generated from (test_protocol.cc checks the bridge's names against them)."""
    schema = json.loads((ROOT / "lsp" / "protocol" / "worker_protocol.json").read_text())
    severity = next(t for t in schema["types"] if t["name"] == "Severity")
    assert list(SEVERITY_NAMES) == [1, 2, 3, 4]
    assert list(SEVERITY_NAMES.values()) == severity["values"]
