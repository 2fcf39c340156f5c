"""Our namespace members' signatures against the reference's recorded ones (issue 10, item 3:
"with the same signature and a docstring").

Runs with the project's Python and reads only tests/oracle_records/namespaces.json, where the
recorder keeps each reference member's ``inspect.signature`` text. ``python
scripts/oracle/signatures.py`` prints every difference as a ``signature_gaps.txt`` line;
tests/python/script/test_oracle_signatures.py asserts the same set against that file.

Two signatures agree when their parameters have the same names and kinds in the same order
(positional, keyword-only, ``*args``, ``**kwargs``). Annotations and defaults are not
compared: the reference's name its own classes. ``loc`` is left out on both sides (the
reference's source location parameter, which ours takes from the parser). Parser hooks (names
ending in ``_``) are the protocol between the transpiler and its namespace, ours to choose,
and are not compared; nor are members ours lacks (namespace_missing.txt lists those).
"""

from __future__ import annotations

import ast
import inspect
import pathlib
import sys
from typing import Any, Dict, List, Optional, Tuple

from measure import OUR_NAMESPACES, RECORDS, ours_has, reference_members

SIGNATURE_GAPS = RECORDS / "signature_gaps.txt"
IGNORED = ("loc",)

Parameter = Tuple[str, str]  # (name, kind)


def reference_parameters(signature: str) -> Optional[List[Parameter]]:
    """The parameters of an ``inspect.signature`` text, None when it is not one."""
    if not signature.startswith("("):
        return None
    try:
        tree = ast.parse(f"def f{signature}: pass")
    except SyntaxError:
        return None
    args = tree.body[0].args
    params: List[Parameter] = [(a.arg, "positional") for a in args.posonlyargs + args.args]
    if args.vararg is not None:
        params.append((args.vararg.arg, "*args"))
    params += [(a.arg, "keyword") for a in args.kwonlyargs]
    if args.kwarg is not None:
        params.append((args.kwarg.arg, "**kwargs"))
    return [p for p in params if p[0] not in IGNORED]


_KINDS = {
    inspect.Parameter.POSITIONAL_ONLY: "positional",
    inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional",
    inspect.Parameter.VAR_POSITIONAL: "*args",
    inspect.Parameter.KEYWORD_ONLY: "keyword",
    inspect.Parameter.VAR_KEYWORD: "**kwargs",
}


def our_parameters(value: Any) -> Optional[List[Parameter]]:
    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError):
        return None
    return [(p.name, _KINDS[p.kind]) for p in signature.parameters.values()
            if p.name not in IGNORED]


def _text(params: Optional[List[Parameter]]) -> str:
    if params is None:
        return "(no signature)"
    marks = {"positional": "", "keyword": "kw:", "*args": "*", "**kwargs": "**"}
    return "(" + ", ".join(marks[kind] + name for name, kind in params) + ")"


def signature_differences() -> Dict[str, str]:
    """``{"T.name": "reference (a, kw:b) ours (a)"}`` for each callable member both have whose
    parameters differ."""
    differences: Dict[str, str] = {}
    for alias, rows in reference_members().items():
        namespace = OUR_NAMESPACES[alias]
        for row in rows:
            name = row["name"]
            if row["kind"] not in ("function", "class") or name.endswith("_"):
                continue
            reference = reference_parameters(row["signature"])
            if reference is None or not ours_has(alias, name):
                continue
            ours = our_parameters(getattr(namespace, name))
            if ours != reference:
                differences[f"{alias}.{name}"] = f"reference {_text(reference)} ours {_text(ours)}"
    return differences


def members_without_docstrings() -> List[str]:
    """The reference's members ours has, callable, whose value in ours has no docstring."""
    missing = []
    for alias, rows in reference_members().items():
        namespace = OUR_NAMESPACES[alias]
        for row in rows:
            if row["kind"] not in ("function", "class") or row["name"].endswith("_"):
                continue
            if ours_has(alias, row["name"]) and \
                    not (inspect.getdoc(getattr(namespace, row["name"])) or "").strip():
                missing.append(f"{alias}.{row['name']}")
    return sorted(missing)


def read_signature_gaps(path: pathlib.Path = SIGNATURE_GAPS) -> Dict[str, str]:
    """``{"T.name": reason}`` from ``NAME | REASON`` lines (``#`` comments)."""
    gaps = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, reason = line.partition(" | ")
            gaps[name.strip()] = reason.strip()
    return gaps


def main() -> int:
    for name, why in sorted(signature_differences().items()):
        print(f"{name} | {why}")
    for name in members_without_docstrings():
        print(f"no docstring: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
