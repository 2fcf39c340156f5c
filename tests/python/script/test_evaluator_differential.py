"""The untrusted evaluator against the trusted path (issue 22, item 1): the same program read
both ways builds structurally equal IR and reports the same analysis.

- Every program of tests/script_corpus and tests/oracle_programs: ``to_plain()`` of the
  untrusted analysis (evaluator.py) equals the trusted one's (transpiler, compile, exec)
  whole (diagnostics, symbols, occurrences, definitions with their canonical text), but each
  definition's key, which hashes the trust; and each definition's IR is structurally equal.
- A bounded sample of Apache TVM's test files, when a snapshot of apache/tvm is on disk
  (``APACHE_TVM_GIT_DIR``, default /work/.mirror/apache+tvm/repo, the git directory
  scripts/apache_conformance/run.py reads): trusted analysis runs their module code, which
  imports what this machine does not have (``tvm.testing``, numpy), so the diagnostics differ
  at those imports by design. What is compared is every definition both analyses build with
  no diagnostic inside it: the same canonical text, structurally equal IR. The sample takes
  the files of the manifest's definitions that round-trip, every fifth one.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
from typing import Any, Dict, List, Tuple

import pytest

from tvm_ffi import structural_equal
from tvm_tirx.script import parse_diagnostics

ROOT = pathlib.Path(__file__).resolve().parents[3]
PROGRAMS = sorted([*(ROOT / "tests" / "script_corpus").glob("*.py"),
                   *(ROOT / "tests" / "oracle_programs").glob("*.py")])
APACHE_GIT_DIR = pathlib.Path(os.environ.get("APACHE_TVM_GIT_DIR",
                                             "/work/.mirror/apache+tvm/repo"))
MANIFEST = ROOT / "tests" / "apache_conformance" / "manifest.tsv"
APACHE_STRIDE = 5
# Today's `m = T.int32()` at module level: trusted, Python made one symbol for the module;
# untrusted, the frontend binds it per definition (as on main before the evaluator). Their
# symbol tables differ by trust alone: these compare IR and canonical text only.
SYMBOLS_BY_TRUST = {"today_int32_symbol_shape", "today_symbols_and_strings"}


def _both(text: str, name: str) -> Tuple[Any, Any]:
    return (parse_diagnostics(text, source_name=name, trusted=True),
            parse_diagnostics(text, source_name=name))


def _comparable(plain: Dict[str, Any]) -> Dict[str, Any]:
    """``to_plain()`` without what differs by trust alone: each definition's key (it hashes the
    trust); where module-level symbols are defined (``n = T.dynamic("n")``: untrusted, the
    frontend declares them at that line; trusted, Python made them and no range is known); and
    the lossy verdict, since trusted text's module symbols are captured Python values, which a
    canonical print would inline."""
    for definition in plain["definitions"]:
        definition.pop("key")
        definition.pop("lossy")
    for symbol in plain["symbols"]:
        if symbol["id"].startswith("module:"):
            symbol["definition_range"] = None
    plain["occurrences"] = [o for o in plain["occurrences"]
                            if not (o["symbol"].startswith("module:") and o["is_definition"])]
    return plain


def _refused(plain: Dict[str, Any]) -> bool:
    return any(d["code"] == "untrusted-not-evaluated" for d in plain["diagnostics"])


def test_the_programs_are_there() -> None:
    assert len(PROGRAMS) > 500


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_evaluator_reports_what_the_trusted_path_reports(path: pathlib.Path) -> None:
    trusted, untrusted = _both(path.read_text(encoding="utf-8"), path.name)
    ours, theirs = _comparable(untrusted.to_plain()), _comparable(trusted.to_plain())
    if _refused(ours):
        # Untrusted text refuses what trusted text runs (the error_untrusted_* programs):
        # the refusals are the difference, and nothing else is reported.
        assert path.stem.startswith("error_untrusted_"), ours["diagnostics"]
        assert {d["code"] for d in ours["diagnostics"]} == {"untrusted-not-evaluated"}
        return
    if path.stem in SYMBOLS_BY_TRUST:
        assert ours["definitions"] == theirs["definitions"]
        assert ours["diagnostics"] == theirs["diagnostics"]
    else:
        assert ours == theirs
    assert len(untrusted.definitions) == len(trusted.definitions)
    for ours, theirs in zip(untrusted.definitions, trusted.definitions):
        assert (ours.ir is None) == (theirs.ir is None), ours.name
        if ours.ir is not None:
            assert structural_equal(ours.ir, theirs.ir), ours.name


def _apache_sample() -> List[str]:
    if not (APACHE_GIT_DIR / "HEAD").exists():
        return []
    rows = [line.split("\t") for line in MANIFEST.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith(("#", "path\t"))]
    paths = sorted({row[0] for row in rows if row[3] == "checked" and row[4] == "round-trips"})
    return paths[::APACHE_STRIDE]


def _clean_definitions(report: Any) -> Dict[Tuple[str, int], Any]:
    """The definitions of a report with IR and no diagnostic inside their range."""
    marked = [tuple(d["range"]) for d in report.to_plain()["diagnostics"]]
    clean = {}
    for definition in report.definitions:
        first, last = definition.range[0], definition.range[2]
        if definition.ir is None or any(first <= r[0] <= last for r in marked):
            continue
        clean[(definition.name, first)] = definition
    return clean


APACHE_SAMPLE = _apache_sample()


@pytest.mark.skipif(not APACHE_SAMPLE, reason="no snapshot of apache/tvm on disk "
                    "(APACHE_TVM_GIT_DIR); the corpus programs above still run")
@pytest.mark.parametrize("path", APACHE_SAMPLE or ["-"])
def test_evaluator_builds_apache_definitions_as_the_trusted_path(path: str) -> None:
    text = subprocess.run(["git", f"--git-dir={APACHE_GIT_DIR}", "show", f"HEAD:{path}"],
                          capture_output=True, text=True, check=True).stdout
    untrusted = parse_diagnostics(text, source_name=path)
    try:
        trusted = parse_diagnostics(text, source_name=path, trusted=True)
    except BaseException:  # noqa: BLE001 - its module code stopped (pytest.importorskip)
        assert untrusted.definitions, "the untrusted analysis found no definition"
        return
    ours, theirs = _clean_definitions(untrusted), _clean_definitions(trusted)
    both = sorted(set(ours) & set(theirs))
    for key in both:
        assert ours[key].canonical_text == theirs[key].canonical_text, key
        assert structural_equal(ours[key].ir, theirs[key].ir), key
    # A definition the evaluator builds cleanly builds cleanly when trusted, unless the
    # trusted run's module code failed first (an import this machine lacks).
    assert set(ours) <= set(theirs) or not set(theirs), sorted(set(ours) - set(theirs))


def test_a_package_path_decorator_is_the_analysis_s_when_trusted_too() -> None:
    # `@tvm.script.ir_module` under `import tvm`: a trusted analysis recognises it as the
    # untrusted one does, and never runs the class as module code (its source is not a file).
    text = ("import tvm\nfrom tvm.script import tirx as T\n\n@tvm.script.ir_module\nclass M:\n"
            "    @T.prim_func(s_tir=True)\n    def main(A: T.Buffer((4,), \"float32\")):\n"
            "        A[0] = T.float32(1)\n")
    trusted = parse_diagnostics(text, source_name="m.py", trusted=True)
    untrusted = parse_diagnostics(text, source_name="m.py")
    assert [d.code for d in trusted.diagnostics] == [] == [d.code for d in untrusted.diagnostics]
    assert structural_equal(trusted.definitions[0].ir, untrusted.definitions[0].ir)
