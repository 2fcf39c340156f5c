"""The in-process place of the attack tests (attack_harness.py): a fresh interpreter that
analyses one untrusted text with ``parse_diagnostics`` and then the probe documents of
untrusted_state.py, under an address-space limit, and prints what it saw as JSON.

    python untrusted_child.py MEMORY_LIMIT_BYTES < attack.py

The output: ``diagnostics`` (the attack's, plain data), ``seconds`` (its analysis),
``changes`` (``untrusted_state.changes`` across it) and ``probes`` (the probes' reports).
A fresh interpreter per attack is a fresh process by construction; the harness compares the
probes with another one's.
"""

from __future__ import annotations

import json
import pathlib
import resource
import sys
import time
from typing import Any, Dict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import untrusted_state  # noqa: E402


def analyse_then_probe(text: str) -> Dict[str, Any]:
    from tvm_tirx.script import parse_diagnostics
    from tvm_tirx.script.parser import namespaces

    namespaces.ensure_initialized()
    before = untrusted_state.snapshot()
    started = time.monotonic()
    diagnostics = parse_diagnostics(text, source_name="attack.py").to_plain()["diagnostics"]
    seconds = time.monotonic() - started
    changed = untrusted_state.changes(before, untrusted_state.snapshot())
    return {"diagnostics": diagnostics, "seconds": seconds, "changes": changed,
            "probes": untrusted_state.probe_reports()}


def main() -> None:
    limit = int(sys.argv[1])
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    text = sys.stdin.buffer.read().decode("utf-8")
    sys.stdout.write(json.dumps(analyse_then_probe(text)))


if __name__ == "__main__":
    main()
