"""Fidelity with the reference implementation (issue 10), checked against its recorded answers.

``scripts/oracle/record.py`` ran apache-tvm-tirx over the corpus (tests/script_corpus) and the
measurement programs (tests/oracle_programs) and recorded its answers in tests/oracle_records;
these tests need only those records, never the reference. Each known difference is listed in
tests/oracle_records/known_gaps.txt (``SET PROGRAM CATEGORY``) and each member of the
reference's ``T``/``I`` that ours lacks in namespace_missing.txt; a test fails both when a new
difference appears and when a listed one is gone (then the list shrinks). docs/conformance.md
holds the method and the figures.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from typing import Dict, Set

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _load_measure():
    spec = importlib.util.spec_from_file_location("oracle_measure",
                                                  ROOT / "scripts" / "oracle" / "measure.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


measure = _load_measure()
CORPUS = measure.corpus_programs()
PROGRAMS = measure.measurement_programs(measure.our_print)
KNOWN = measure.read_known_gaps()
REGENERATE = ("rerun `.oracle-venv/bin/python scripts/oracle/record.py` (after "
              "scripts/oracle/setup_oracle.sh; docs/conformance.md)")


def _difference(gap_set: str, actual: Set[str], known: Dict[str, str]) -> str:
    new = sorted(actual - set(known))
    gone = sorted(set(known) - actual)
    lines = [f"{gap_set}: the known-gap list of tests/oracle_records/known_gaps.txt is out of "
             "date (issue 10)."]
    lines += [f"  new difference, add: {gap_set} {name} CATEGORY" for name in new]
    lines += [f"  fixed, remove: {gap_set} {name} {known[name]}" for name in gone]
    return "\n".join(lines)


@pytest.mark.parametrize("programs", [CORPUS, PROGRAMS], ids=["corpus", "programs"])
def test_every_program_has_a_current_record(programs) -> None:
    stale = [f"{p.source.relative_to(ROOT)}: {p.stale()}" for p in programs if p.stale()]
    assert not stale, "records out of date: " + REGENERATE + "\n" + "\n".join(stale)


@pytest.mark.parametrize("folder, programs", [("corpus", CORPUS), ("programs", PROGRAMS)])
def test_every_record_has_a_program(folder: str, programs) -> None:
    recorded = {p.stem for p in (measure.RECORDS / folder).glob("*.json")}
    assert recorded == {p.stem for p in programs}, REGENERATE


@pytest.mark.parametrize("gap_set", measure.CORPUS_SETS)
def test_corpus_differences_are_the_known_gaps(gap_set: str) -> None:
    actual = measure.corpus_gaps(CORPUS)[gap_set]
    known = KNOWN.get(gap_set, {})
    assert actual == set(known), _difference(gap_set, actual, known)


@pytest.mark.parametrize("gap_set", measure.PROGRAM_SETS)
def test_measurement_differences_are_the_known_gaps(gap_set: str) -> None:
    actual = measure.program_gaps(PROGRAMS)[gap_set]
    known = KNOWN.get(gap_set, {})
    assert actual == set(known), _difference(gap_set, actual, known)


def test_known_gap_sets_are_the_measured_ones() -> None:
    unknown = set(KNOWN) - set(measure.CORPUS_SETS) - set(measure.PROGRAM_SETS)
    assert not unknown, f"known_gaps.txt names sets that are not measured: {sorted(unknown)}"


def test_measurement_programs_are_accepted_and_round_tripped_by_the_reference() -> None:
    """The measurement set is chosen by what the reference accepts (issue 10, item 6)."""
    bad = [p.stem for p in PROGRAMS
           if not p.reference["accepted"] or not p.reference["round_trip"]["equal"]]
    assert not bad, f"tests/oracle_programs holds programs the reference does not accept " \
                    f"and round-trip: {bad}"


def test_namespace_coverage_is_the_known_one() -> None:
    missing = set(measure.missing_members())
    known = measure.read_namespace_missing()
    new = sorted(missing - known)
    gone = sorted(known - missing)
    assert not new and not gone, (
        "tests/oracle_records/namespace_missing.txt is out of date (issue 10, item 3):\n"
        + "".join(f"  now missing, add: {name}\n" for name in new)
        + "".join(f"  now present, remove: {name}\n" for name in gone))


HOST_EXTENSION_NOTE = "excluded: host extension API ("
"""A member that changes the live namespaces or runs the file's Python classes (no meaning for
a script, and out of untrusted reach by design), with a note saying what it does."""


def test_every_missing_member_says_why() -> None:
    # Issue 10, item 3: a member may be missing only with a documented reason; a device
    # backend's member must be one of measure.member_group's backend group: by its module or
    # name, or (a member that looks like the core's) with a note saying what backend it needs.
    reasons = {"excluded: device backend", "excluded: S-TIR",
               "parser hook (the transpiler's protocol is ours to choose)",
               "not yet (issue 10, item 3)"}
    groups = {f"{alias}.{row['name']}": measure.member_group(row, alias)
              for alias, rows in measure.reference_members().items() for row in rows}
    text = (ROOT / "tests" / "oracle_records" / "namespace_missing.txt").read_text("utf-8")
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        member, _, reason = line.partition(" | ")
        name = member.split()[0]
        noted = any(reason.startswith(note) and reason.endswith(")") and
                    len(reason) > len(note) + 1
                    for note in (measure.BACKEND_NOTE, HOST_EXTENSION_NOTE))
        assert reason in reasons or noted, \
            f"namespace_missing.txt: `{name}` needs a reason: {line!r}"
        if reason == "excluded: device backend":
            assert groups[name] == "backend", f"`{name}` is not a device backend's member"
