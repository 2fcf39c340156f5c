"""Namespace parity, counted recursively (docs/conformance.md, issue 23): of each oracle's
recorded ``T`` tree (tests/oracle_records/namespace_tree_*.json), how many dotted paths ours
resolves by ``getattr`` along the path, in three groups: the generic members, the device
backends' namespaces (``T.cuda``, ``T.ptx``, ...) and the implementation modules the oracle
happens to expose (``T.ir_builder``, ``T.op``, ...), which are left out of the figures.

    .venv/bin/python3 scripts/oracle/namespace_parity.py [--missing GROUP]

Runs in our venv; no oracle needed. ``--missing backend`` lists the paths ours lacks.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from typing import Any, Dict, Iterator, List, Tuple

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "oracle_records"

BACKENDS = frozenset({"cuda", "metal", "nki", "nvshmem", "opencl", "ptx", "ptx_legacy", "tile",
                      "trn", "webgpu"})
"""The device backends' namespaces under ``T`` (in either oracle)."""

IMPLEMENTATION = frozenset({"builder", "external_kernel", "frame", "ir", "ir_builder", "op",
                            "parser", "parser_protocol", "utils"})
"""The oracles' implementation modules re-exported under ``T``: not script members."""


def group_of(top: str) -> str:
    if top in BACKENDS:
        return "backend"
    if top in IMPLEMENTATION:
        return "implementation"
    return "generic"


def paths(tree: Dict[str, Any], prefix: Tuple[str, ...] = ()) -> Iterator[Tuple[str, ...]]:
    for name, entry in tree.items():
        yield prefix + (name,)
        yield from paths(entry.get("members", {}), prefix + (name,))


def ours_resolves(namespace: Any, path: Tuple[str, ...], placeholder: type) -> bool:
    """Whether ``getattr`` resolves ``path``; a backend namespace (``placeholder``) of no member
    built yet (``T.ptx``, which only finds misspelt names) does not count as one."""
    value = namespace
    for name in path:
        try:
            value = getattr(value, name)
        except Exception:  # noqa: BLE001 - absent, or not analysed yet: not ours
            return False
    return not (isinstance(value, placeholder) and not dir(value))


def parity(oracle: str, namespace: Any, placeholder: type
           ) -> Dict[str, Tuple[int, int, List[str]]]:
    """Group -> (resolved, recorded, the paths ours lacks)."""
    tree = json.loads((RECORDS / f"namespace_tree_{oracle}.json").read_text())["T"]
    out: Dict[str, Tuple[int, int, List[str]]] = {}
    for path in paths(tree):
        group = group_of(path[0])
        found, total, missing = out.get(group, (0, 0, []))
        if ours_resolves(namespace, path, placeholder):
            found += 1
        else:
            missing = missing + [".".join(path)]
        out[group] = (found, total + 1, missing)
    return out


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--missing", choices=("generic", "backend"), default=None)
    args = parser.parse_args(argv)
    from tvm_tirx.script import tirx as T  # ours (after the arguments: --help needs no build)
    from tvm_tirx.script.tirx_backends import BackendNamespace

    for oracle in ("reference", "apache"):
        figures = parity(oracle, T, BackendNamespace)
        print(f"{oracle}: " + ", ".join(f"{group} {found} of {total}"
                                        for group, (found, total, _) in sorted(figures.items())
                                        if group != "implementation"))
        if args.missing:
            for path in figures.get(args.missing, (0, 0, []))[2]:
                print(f"  missing: T.{path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
