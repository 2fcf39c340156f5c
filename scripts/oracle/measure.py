"""Ours against the reference's records: which programs differ, and the conformance figures.

Runs with the project's Python (never needs the reference: it reads tests/oracle_records).
``python scripts/oracle/measure.py`` prints the figures of docs/conformance.md and the known
gaps by category; tests/python/script/test_oracle_records.py asserts the same sets against
tests/oracle_records/known_gaps.txt and tests/oracle_records/namespace_missing.txt.
"""

from __future__ import annotations

import collections
import functools
import hashlib
import json
import pathlib
import sys
from dataclasses import dataclass
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Set

import tvm_ffi
from tvm_tirx.script import from_source
from tvm_tirx.script import ir as our_ir
from tvm_tirx.script import tirx as our_tirx
from tvm_tirx.script.tirx_legacy import APACHE_OPERATORS

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "script_corpus"
PROGRAMS = ROOT / "tests" / "oracle_programs"
RECORDS = ROOT / "tests" / "oracle_records"
KNOWN_GAPS = RECORDS / "known_gaps.txt"
NAMESPACE_MISSING = RECORDS / "namespace_missing.txt"

CORPUS_SETS = ("corpus.print", "corpus.read_back", "corpus.reference_rejects",
               "corpus.reference_accepts_error")
PROGRAM_SETS = ("programs.parse", "programs.print", "programs.read_back")


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


I_IMPORT = "# from tvm_tirx.script import ir as I\n"


def in_reference_spelling(text: str) -> str:
    """Our print with the deviations of docs/printer.md that are pure spelling undone: the
    module decorator `@I.ir_module` (the spec's) is the reference's `@T.ir_module`, and its
    import comment goes when nothing else uses `I`. Floats' shortest form is not undone: it
    stays a listed difference (`float-print`)."""
    lines = text.split("\n")
    lines = ["@T.ir_module" if line == "@I.ir_module" else line for line in lines]
    text = "\n".join(lines)
    if I_IMPORT in text and "I." not in text.replace(I_IMPORT, ""):
        text = text.replace(I_IMPORT, "", 1)
    return text


@dataclass
class Program:
    """One program with its record and our print of it (None when ours rejects it)."""

    stem: str
    source: pathlib.Path
    record: Optional[Dict[str, Any]]
    ours: Optional[str]
    expects_error: bool = False

    @property
    def reference(self) -> Dict[str, Any]:
        return self.record["reference"]

    def stale(self) -> Optional[str]:
        """Why the record no longer describes this program, or None."""
        if self.record is None:
            return "no record"
        if self.record["source_sha256"] != sha256(self.source.read_text(encoding="utf-8")):
            return "the source changed"
        back = self.record["read_back"]
        recorded = back["print_sha256"] if back else None
        current = sha256(self.ours) if self.ours is not None else None
        return None if recorded == current else "our print changed"

    def prints_like_reference(self) -> bool:
        """Character-identical to the reference's print once the listed deviations are spelled
        the reference's way (``in_reference_spelling``)."""
        return self.ours is not None and \
            in_reference_spelling(self.ours) == self.reference.get("print")

    def read_back_fails(self) -> bool:
        back = self.record["read_back"]
        return back is not None and (not back["accepted"] or back.get("equal") is False)


def _record(folder: str, stem: str) -> Optional[Dict[str, Any]]:
    path = RECORDS / folder / f"{stem}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def corpus_programs() -> List[Program]:
    """Every corpus program with an expectation; ours is its golden."""
    found = []
    for source in sorted(CORPUS.glob("*.py")):
        golden, error = source.with_suffix(".golden"), source.with_suffix(".error")
        if not golden.exists() and not error.exists():
            continue
        ours = golden.read_text(encoding="utf-8") if golden.exists() else None
        found.append(Program(source.stem, source, _record("corpus", source.stem), ours,
                             expects_error=error.exists()))
    return found


def measurement_programs(printer: Callable[[pathlib.Path], Optional[str]]) -> List[Program]:
    """Every measurement program; ``printer(path)`` is our print of it, or None."""
    return [Program(source.stem, source, _record("programs", source.stem), printer(source))
            for source in sorted(PROGRAMS.glob("*.py"))]


def corpus_gaps(programs: List[Program]) -> Dict[str, Set[str]]:
    gaps: Dict[str, Set[str]] = {name: set() for name in CORPUS_SETS}
    for p in programs:
        accepted = p.reference["accepted"]
        if p.expects_error:
            if accepted:
                gaps["corpus.reference_accepts_error"].add(p.stem)
            continue
        if not accepted:
            gaps["corpus.reference_rejects"].add(p.stem)
        elif not p.prints_like_reference():
            gaps["corpus.print"].add(p.stem)
        if p.read_back_fails():
            gaps["corpus.read_back"].add(p.stem)
    return gaps


def program_gaps(programs: List[Program]) -> Dict[str, Set[str]]:
    gaps: Dict[str, Set[str]] = {name: set() for name in PROGRAM_SETS}
    for p in programs:
        if p.ours is None:
            gaps["programs.parse"].add(p.stem)
            continue
        if not p.prints_like_reference():
            gaps["programs.print"].add(p.stem)
        if p.read_back_fails():
            gaps["programs.read_back"].add(p.stem)
    return gaps


def read_known_gaps(path: pathlib.Path = KNOWN_GAPS) -> Dict[str, Dict[str, str]]:
    """``{set: {program: category}}`` from lines ``SET PROGRAM CATEGORY`` (``#`` comments)."""
    known: Dict[str, Dict[str, str]] = collections.defaultdict(dict)
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        if len(fields) != 3:
            raise ValueError(f"{path.name}:{number}: expected SET PROGRAM CATEGORY: {line!r}")
        gap_set, program, category = fields
        if program in known[gap_set]:
            raise ValueError(f"{path.name}:{number}: {gap_set} {program} is listed twice")
        known[gap_set][program] = category
    return known


def read_namespace_missing(path: pathlib.Path = NAMESPACE_MISSING) -> Set[str]:
    """``{"T.name", "I.name", ...}``: the reference's members ours does not have."""
    lines = (line.split("#", 1)[0].strip() for line in
             path.read_text(encoding="utf-8").splitlines())
    return {line.split()[0] for line in lines if line}


def reference_members() -> Dict[str, List[Dict[str, str]]]:
    """``{"I": [...], "T": [...]}``: the reference's members with kind and signature."""
    return json.loads((RECORDS / "namespaces.json").read_text(encoding="utf-8"))


OUR_NAMESPACES = {"T": our_tirx, "I": our_ir}
_registered_ops = tvm_ffi.get_global_func("ir.ListOpNames")


def ours_has(alias: str, name: str) -> bool:
    """Whether our namespace ``alias`` has a real member ``name``: one that resolves and is not
    a placeholder (an S-TIR block member, or an Apache TVM operator with no registered op,
    which both raise when used)."""
    namespace = OUR_NAMESPACES[alias]
    try:
        getattr(namespace, name)
    except AttributeError:
        return False
    kinds = getattr(namespace, "__member_kinds__", {})
    if name in kinds.get("unsupported", ()):
        return False
    if alias == "T" and name in APACHE_OPERATORS and name not in vars(namespace):
        return f"tirx.{name}" in set(_registered_ops())
    return True


def missing_members() -> Dict[str, str]:
    """``{"T.name": kind}`` for every member of the reference ours does not have."""
    return {f"{alias}.{row['name']}": row["kind"]
            for alias, rows in reference_members().items() for row in rows
            if not ours_has(alias, row["name"])}


def _rejected_source_figure(corpus: List[Program]) -> str:
    """Of the corpus programs whose source the reference rejects (today's Apache spelling and
    others), how many canonical prints (goldens) it accepts: the twin comparison of issue 10."""
    rejected = [p for p in corpus if not p.expects_error and not p.reference["accepted"]]
    accepted = [p for p in rejected if p.record["read_back"]["accepted"]]
    return f"| corpus programs the reference rejects, whose golden it accepts | " \
           f"{len(accepted)} of {len(rejected)} |"


BACKEND_PREFIXES = ("gpu_", "ptx", "nvshmem", "cuda")
BACKEND_NOTE = "excluded: device backend ("


@functools.lru_cache(maxsize=None)
def noted_backend_members() -> FrozenSet[str]:
    """The members namespace_missing.txt excludes as a device backend's in substance, each
    with its note (``T.tmem ... | excluded: device backend (tensor memory of ...)``)."""
    found = set()
    for line in NAMESPACE_MISSING.read_text(encoding="utf-8").splitlines():
        member, _, reason = line.partition(" | ")
        if not line.startswith("#") and reason.startswith(BACKEND_NOTE):
            found.add(member.split()[0])
    return frozenset(found)


def member_group(row: Dict[str, str], alias: str = "T") -> str:
    """Which part of the namespace a reference member belongs to: ``backend`` (a device
    backend's module or namespace object, a ``gpu_``/``ptx``/``cuda`` member, or a member
    namespace_missing.txt excludes with a note saying which backend it needs), ``hook`` (the
    parser protocol: names ending in ``_``), ``dtype``, or ``core`` (the rest)."""
    if row["kind"] == "module" or row["module"].startswith("tvm_tirx.backend") or \
            row["name"].startswith(BACKEND_PREFIXES) or \
            f"{alias}.{row['name']}" in noted_backend_members():
        return "backend"
    if row["name"].endswith("_"):
        return "hook"
    return "dtype" if row["kind"] == "dtype" else "core"


def _namespace_figures() -> List[str]:
    missing = missing_members()
    lines = []
    for alias, rows in sorted(reference_members().items(), reverse=True):
        groups: Dict[str, List[int]] = collections.defaultdict(lambda: [0, 0])
        for row in rows:
            counts = groups[member_group(row, alias)]
            counts[0] += 1
            counts[1] += f"{alias}.{row['name']}" not in missing
        have = sum(c[1] for c in groups.values())
        per_group = ", ".join(f"{g} {c[1]}/{c[0]}" for g, c in sorted(groups.items()))
        lines.append(f"| `{alias}` members ours has | {have} of {len(rows)} ({per_group}) |")
    return lines


def _figures(label: str, programs: List[Program]) -> List[str]:
    accepted = [p for p in programs if not p.expects_error and p.reference["accepted"]]
    ours = [p for p in accepted if p.ours is not None]
    same = [p for p in ours if p.prints_like_reference()]
    back = [p for p in ours if p.record["read_back"] and not p.read_back_fails()]
    total = len(accepted)
    return [f"| {label}: accepted by the reference | {total} |",
            f"| ... ours parses | {len(ours)} of {total} |",
            f"| ... ours prints character-identically (outside the listed deviations) | "
            f"{len(same)} of {total} |",
            f"| ... the reference reads our print back as the same IR | {len(back)} of {total} |"]


def our_reading(path: pathlib.Path) -> Dict[str, Any]:
    """Our parse and print of a program file: ``accepted``, ``error`` (class and message of the
    first error) and ``print`` (``.script()`` plus a newline, as goldens hold it)."""
    try:
        definition = from_source(path.read_text(encoding="utf-8"), source_name=path.name)
        printed = definition.script() + "\n"
    except Exception as exc:  # noqa: BLE001 - a rejection is a measured gap
        message = exc.msg if isinstance(exc, SyntaxError) else str(exc)
        return {"accepted": False, "error": {"class": type(exc).__name__, "message": message},
                "print": None}
    return {"accepted": True, "error": None, "print": printed}


def our_print(path: pathlib.Path) -> Optional[str]:
    """Our canonical print of a program file, None when ours rejects it."""
    return our_reading(path)["print"]


def main() -> int:
    corpus = corpus_programs()
    programs = measurement_programs(our_print)
    print("| measure | figure |\n|---|---|")
    print("\n".join(_figures("corpus programs", corpus) + _figures("measurement programs",
                                                                    programs)
                    + _namespace_figures()))
    print(_rejected_source_figure(corpus))
    known = read_known_gaps()
    for gap_set in CORPUS_SETS + PROGRAM_SETS:
        listed = known.get(gap_set, {})
        counts = collections.Counter(c for cats in listed.values() for c in cats.split(","))
        causes = ", ".join(f"{n} {c}" for c, n in sorted(counts.items(), key=lambda x: -x[1]))
        print(f"{gap_set}: {len(listed)} programs ({causes})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
