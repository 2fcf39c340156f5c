"""Records what apache-tvm 0.27 builds for our S-TIR block programs
(tests/oracle_records/sblock_programs/*.py): per function, each block in pre-order with its
iteration variables, bindings, predicate, reads and writes (as its block completion fills them
in), allocations, views, annotations and whether it has an init.

Run from the repository root with the apache-tvm 0.27 venv's Python (docs/conformance.md):

    /work/oracle-apache/bin/python scripts/oracle/record_sblock_regions.py [--check]

It writes ``tests/oracle_records/sblock_regions.json`` (keys sorted, so reruns are
byte-identical); ``--check`` writes nothing and exits 1 when the file would change. Ours is
checked against it by tests/python/script/test_sblock_frontend.py, which needs no oracle.
"""

from __future__ import annotations

import importlib.util
import json
import pathlib
import sys
from typing import Any, Dict, List

import tvm  # noqa: F401 - apache-tvm 0.27 (its venv only)
from tvm import tirx
from tvm.s_tir import SBlockRealize

# The statement fields that hold statements (no visitor of statements is exposed to Python).
_STMT_FIELDS = ("body", "seq", "then_case", "else_case")

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROGRAMS = ROOT / "tests" / "oracle_records" / "sblock_programs"
OUTPUT = ROOT / "tests" / "oracle_records" / "sblock_regions.json"
ITER_KINDS = {0: "spatial", 2: "reduce", 3: "scan", 4: "opaque"}


def _text(expr: Any) -> str:
    return str(expr)


def _region(region: Any) -> List[List[str]]:
    """Each dimension as [min, extent]."""
    return [[_text(r.min), _text(r.extent)] for r in region.region]


def _block_record(realize: Any, block: Any) -> Dict[str, Any]:
    return {
        "name": block.name_hint,
        "iter_vars": [[iv.var.name, ITER_KINDS.get(int(iv.iter_type), str(iv.iter_type)),
                       _text(iv.dom.min), _text(iv.dom.extent), str(iv.var.ty)]
                      for iv in block.iter_vars],
        "bindings": [_text(v) for v in realize.iter_values] if realize is not None else None,
        "predicate": _text(realize.predicate) if realize is not None else None,
        "reads": [[r.source.name, _region(r)] for r in block.reads],
        "writes": [[r.source.name, _region(r)] for r in block.writes],
        "alloc_buffers": [[b.name, [_text(s) for s in b.shape], str(b.dtype), b.scope()]
                          for b in block.alloc_buffers],
        "match_buffers": [[m.buffer.name, m.source.source.name, _region(m.source)]
                          for m in block.match_buffers],
        "annotations": {k: _text(v) for k, v in block.annotations.items()},
        "has_init": block.init is not None,
    }


def _blocks(func: Any) -> List[Dict[str, Any]]:
    found: List[Dict[str, Any]] = []

    def visit(node: Any) -> None:
        if node is None:
            return
        if isinstance(node, SBlockRealize):
            found.append(_block_record(node, node.block))
            visit(node.block.init)
            visit(node.block.body)
            return
        for field in _STMT_FIELDS:
            child = getattr(node, field, None)
            if field == "seq" and child is not None:
                for item in child:
                    visit(item)
            elif child is not None and not isinstance(child, (str, int)):
                visit(child)

    visit(func.body)
    return found


def record() -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for path in sorted(PROGRAMS.glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"sblock_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for name in sorted(vars(module)):
            value = getattr(module, name)
            if isinstance(value, tirx.PrimFunc):
                out[f"{path.stem}.{name}"] = _blocks(value)
    return {"oracle": f"apache-tvm {tvm.__version__}", "functions": out}


def main() -> int:
    text = json.dumps(record(), indent=1, sort_keys=True) + "\n"
    if "--check" in sys.argv[1:]:
        same = OUTPUT.exists() and OUTPUT.read_text() == text
        print("up to date" if same else f"{OUTPUT} would change", file=sys.stderr)
        return 0 if same else 1
    OUTPUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
