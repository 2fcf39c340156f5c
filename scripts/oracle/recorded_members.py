"""Derives the frontend's ``recorded_members.json`` (the names the oracles' namespaces have,
as dotted paths) from the oracle records ``tests/oracle_records/namespace_tree_*.json``
(written by namespace_tree.py in each oracle's venv). Runs in our venv; no oracle needed.

    .venv/bin/python3 scripts/oracle/recorded_members.py          # rewrites the file
    .venv/bin/python3 scripts/oracle/recorded_members.py --check  # exit 1 when it is stale

A member that an oracle's namespace has and ours does not build yet is "not analysed yet"
(information), never an error; a name in no record is an error (issue 23, item 3).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from typing import Any, Dict, List

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "oracle_records"
OUTPUT = ROOT / "parser_bridge" / "python" / "tvm_tirx" / "script" / "recorded_members.json"
ORACLES = ("reference", "apache")


def paths(tree: Dict[str, Any], prefix: str = "") -> List[str]:
    out: List[str] = []
    for name, entry in tree.items():
        out.append(prefix + name)
        out.extend(paths(entry.get("members", {}), prefix + name + "."))
    return out


def derive() -> str:
    """``{"oracles": [versions], "T": {oracle: [paths]}, "I": {...}}``, one path a line."""
    data: Dict[str, Any] = {"oracles": [], "T": {}, "I": {}}
    for oracle in ORACLES:
        record = json.loads((RECORDS / f"namespace_tree_{oracle}.json").read_text())
        data["oracles"].append(record["oracle"])
        for alias in ("T", "I"):
            data[alias][oracle] = sorted(paths(record[alias]))
    return json.dumps(data, indent=1) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the file is stale")
    args = parser.parse_args()
    text = derive()
    if args.check:
        if OUTPUT.read_text() != text:
            print(f"{OUTPUT.relative_to(ROOT)} is stale: run {pathlib.Path(__file__).name}",
                  file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
