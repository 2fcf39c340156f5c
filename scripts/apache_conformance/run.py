"""Apache TVM's own TVMScript, run through our analysis (issue 10, item 4; docs/conformance.md,
"Apache TVM's spelling").

    .venv/bin/python3 scripts/apache_conformance/run.py --git-dir /work/.mirror/apache+tvm/repo

reads every ``.py`` file under ``tests/python`` of a snapshot of apache/tvm (a bare git
directory, as the search tool's ``fetch`` brings it; the files are read with ``git cat-file``,
never checked out, imported or run), finds each decorated TVMScript definition at any depth
(extract.py: the S-TIR-block, Relax, helper and captured ones are counted apart), and analyses
each file in child processes (child.py: untrusted analysis, seccomp-sandboxed when Debian's
python3-seccomp is installed, one time limit per definition). Each definition our analysis
builds without errors is printed by our printer and read back by our parser.

It writes the manifest (``tests/apache_conformance/manifest.tsv``: path, line, kind,
category, result, diagnostic code, construct; never their code) and prints the rate per
folder as the Markdown table docs/conformance.md holds. ``--details FILE`` writes every
failure's message too (JSON lines, for working on the failures; not to be committed: it quotes
their text). ``--summary`` prints the table of an existing manifest without running anything.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import pathlib
import re
import select
import subprocess
import sys
import threading
import time
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import extract  # noqa: E402 - found through the path set above

MANIFEST = ROOT / "tests" / "apache_conformance" / "manifest.tsv"
COLUMNS = ("path", "line", "kind", "category", "result", "code", "construct", "apache_print",
           "canonical_round_trip", "format")
APACHE_PRINTS = ROOT / "tests" / "apache_conformance" / "apache_prints.tsv"
"""apache-tvm 0.27's print of each definition, as hashes (record_apache_prints.py)."""
RESULTS = ("round-trips", "not-equal", "read-back-fails", "print-fails", "parses",
           "not-analysed-yet", "needs-python", "ill-formed", "fails", "timeout", "not-found",
           "crashed")
"""What a definition gives: round-trips; parses but its print does not read back equal
(not-equal, read-back-fails, print-fails) or is not compared (parses); not-analysed-yet (no
error, but a member an oracle has and ours does not build yet: an information of code
``not-implemented-error``); needs-python (no error, but a value the file binds with Python is
not evaluated untrusted: ``untrusted-not-evaluated``); ill-formed (ill-formed on purpose: its
decorator says ``check_well_formed=False`` and its first error is a well-formedness one, which
Apache TVM reports too once checked, or it lies inside ``with pytest.raises(...)``, where its
test expects Apache TVM to refuse it); fails (our analysis reports an error:
a false error, as Apache TVM accepts the definition); timeout; not-found (our analysis did
not find it); crashed (the child died on the file)."""
WELL_FORMEDNESS_CODES = frozenset(("undefined-variable", "out-of-scope-use",
                                   "duplicate-definition", "loop-variable-assignment",
                                   "pattern-mismatch", "tensor-access", "store-type",
                                   "sblock-binding-count", "sblock-binding-type",
                                   "sblock-iter-kind", "sblock-region-rank",
                                   "sblock-loop-var-access"))
ANALYSED = ("round-trips", "not-equal", "read-back-fails", "print-fails", "parses")
"""The results of a definition analysed without an error and without a construct left out."""

_CONSTRUCT = re.compile(r"`((?:T|I|Ts|R|tvm)\.[A-Za-z_][\w.]*|[A-Za-z_]\w*\.(?:data|vload|vstore"
                        r"|access_ptr))")


def construct_of(message: str) -> str:
    """The first namespace member (``T.address_of``) or method a message names, else "-"."""
    found = _CONSTRUCT.search(message or "")
    return found.group(1) if found else "-"


# --- reading the snapshot -------------------------------------------------------------------

class Snapshot:
    """Files of one commit of a bare git directory, read through ``git cat-file --batch``."""

    def __init__(self, git_dir: str, commit: str) -> None:
        self.git = ["git", f"--git-dir={git_dir}"]
        self.commit = subprocess.run(self.git + ["rev-parse", commit], check=True,
                                     capture_output=True, text=True).stdout.strip()

    def python_files(self, under: str) -> List[str]:
        listed = subprocess.run(self.git + ["ls-tree", "-r", "--name-only", self.commit, "--",
                                            under], check=True, capture_output=True,
                                text=True).stdout.split("\n")
        return sorted(p for p in listed if p.endswith(".py"))

    def texts(self, paths: Sequence[str]) -> Iterator[Tuple[str, str]]:
        batch = subprocess.Popen(self.git + ["cat-file", "--batch"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE)
        try:
            for path in paths:
                batch.stdin.write(f"{self.commit}:{path}\n".encode())
                batch.stdin.flush()
                header = batch.stdout.readline().split()
                if len(header) < 3 or header[1] != b"blob":
                    continue
                data = batch.stdout.read(int(header[2]))
                batch.stdout.read(1)  # the newline after the object
                yield path, data.decode("utf-8", "replace")
        finally:
            batch.stdin.close()
            batch.wait()


# --- the child processes --------------------------------------------------------------------

class Child:
    """One analysis process (child.py), restarted when it runs past a time limit or dies."""

    def __init__(self, python: List[str], timeout: float) -> None:
        self.python = python
        self.timeout = timeout
        self.process: Optional[subprocess.Popen] = None
        self.sandbox = "?"
        self.buffer = b""

    def start(self) -> None:
        self.process = subprocess.Popen(self.python + [str(HERE / "child.py")],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, cwd=str(ROOT))
        self.buffer = b""
        ready = self.read(120.0)
        if ready is None or ready.get("event") != "ready":
            raise RuntimeError(f"the analysis process did not start: {ready}")
        self.sandbox = ready["sandbox"]

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def read(self, timeout: float) -> Optional[Dict[str, Any]]:
        """The next message, or None when none came within ``timeout`` or the process ended."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while True:
            line, sep, rest = self.buffer.partition(b"\n")
            if sep:
                self.buffer = rest
                return json.loads(line)
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.process.stdout], [], [], left)[0]:
                return None
            chunk = os.read(self.process.stdout.fileno(), 1 << 20)
            if not chunk:
                return None
            self.buffer += chunk

    def analyse(self, path: str, text: str) -> Tuple[Optional[Dict[str, Any]], List[int]]:
        """The child's result for the file, and the lines of the definitions that ran past the
        time limit (skipped on the retries); None when the child died on the file itself."""
        skip: List[str] = []
        timed_out: List[int] = []
        for _ in range(50):
            if self.process is None:
                self.start()
            self.process.stdin.write((json.dumps({"path": path, "text": text,
                                                  "skip": skip}) + "\n").encode())
            self.process.stdin.flush()
            current: Optional[Tuple[str, int]] = None
            while True:
                message = self.read(self.timeout)
                if message is None:
                    self.stop()
                    if current is None or current[0] in skip:
                        return None, timed_out
                    skip.append(current[0])
                    timed_out.append(current[1])
                    break
                if message["event"] == "progress":
                    current = (message["key"], message["line"])
                elif message["event"] == "result":
                    return message, timed_out
        return None, timed_out


# --- results --------------------------------------------------------------------------------

_LEFT_OUT = (("not-implemented-error", "not-analysed-yet"),
             ("untrusted-not-evaluated", "needs-python"))


def _first_error(unit: Dict[str, Any]) -> Optional[Tuple[str, Dict[str, Any]]]:
    """The unit's result when it is not analysed whole, with the diagnostic that says why:
    its first error (``fails``); else its first information that left a construct out (a
    member not analysed yet, then a Python value not evaluated); else, of a partial unit, its
    first diagnostic (``fails``)."""
    diagnostics = unit["diagnostics"]
    for diagnostic in diagnostics:
        if diagnostic["severity"] == "error":
            return "fails", diagnostic
    for code, result in _LEFT_OUT:
        for diagnostic in diagnostics:
            if diagnostic["code"] == code:
                return result, diagnostic
    if unit.get("partial") and diagnostics:
        return "fails", diagnostics[0]
    return None


def _within(diagnostic: Dict[str, Any], first: int, last: int) -> bool:
    return first <= diagnostic["range"][0] <= last


def rows_for(path: str, found: List[extract.Definition], result: Optional[Dict[str, Any]],
             timed_out: List[int], ends: Dict[int, int]) -> List[Dict[str, Any]]:
    """One manifest row per extracted definition (with the message, for ``--details``)."""
    units = {u["line"]: u for u in (result or {}).get("definitions", []) if u["depth"] >= 0}
    file_diagnostics = (result or {}).get("file_diagnostics", [])
    rows = []
    for definition in found:
        row: Dict[str, Any] = {"path": path, "line": definition.line, "kind": definition.kind,
                               "category": definition.category, "code": "-", "construct": "-",
                               "message": ""}
        unit = units.get(definition.line)
        if result is None:
            row["result"] = "crashed"
        elif definition.line in timed_out:
            row["result"] = "timeout"
        elif unit is None:
            row["result"] = "not-found"
            inside = [d for d in file_diagnostics
                      if _within(d, definition.line, ends.get(definition.line, definition.line))]
            if inside:
                row["code"], row["message"] = inside[0]["code"], inside[0]["message"]
        else:
            found_error = _first_error(unit)
            error = found_error[1] if found_error else None
            if unit.get("apache_sha256"):
                row["apache_sha256"] = unit["apache_sha256"]
            if "canonical_round_trip" in unit:
                row["canonical_round_trip"] = unit["canonical_round_trip"]
            if "format" in unit:
                row["format"] = unit["format"]
            if found_error is not None:
                row["result"] = found_error[0]
                row["code"], row["message"] = error["code"], error["message"]
                if row["result"] == "fails" and (definition.rejected or (
                        definition.unchecked and error["code"] in WELL_FORMEDNESS_CODES)):
                    row["result"] = "ill-formed"
                row["error_range"] = error["range"]
            elif unit.get("result"):
                row["result"] = unit["result"]
                row["message"] = unit.get("message", "")
            else:
                # A macro builds nothing alone: with no diagnostic, its body was checked where
                # it is defined (and raises into its callers where they call it).
                row["result"] = "parses" if unit["built"] or definition.kind == "macro" \
                    else "fails"
            if unit["diagnostics"] and error is None:
                row["notes"] = sorted({(d["severity"], d["code"]) for d in unit["diagnostics"]})
        row["construct"] = construct_of(row["message"])
        rows.append(row)
    return rows


def _ends(text: str) -> Dict[int, int]:
    """First line -> last line of each decorated definition (for file-level diagnostics)."""
    import ast  # noqa: PLC0415

    ends = {}
    for node in ast.walk(ast.parse(text)):
        decorators = getattr(node, "decorator_list", None)
        if decorators:
            ends[decorators[0].lineno] = node.end_lineno
    return ends


def run(args: argparse.Namespace) -> int:
    snapshot = Snapshot(args.git_dir, args.commit)
    paths = snapshot.python_files(args.under)
    if args.only:
        paths = [p for p in paths if any(o in p for o in args.only)]
    work: List[Tuple[str, str, List[extract.Definition]]] = []
    for path, text in snapshot.texts(paths):
        try:
            found = extract.definitions(text)
        except (SyntaxError, ValueError, RecursionError):
            continue
        if found:
            work.append((path, text, found))
    python = args.python.split()
    rows: List[Dict[str, Any]] = []
    lock = threading.Lock()
    queue = list(reversed(work))
    sandboxes = set()
    started = time.monotonic()

    def worker() -> None:
        child = Child(python, args.timeout)
        try:
            while True:
                with lock:
                    if not queue:
                        return
                    path, text, found = queue.pop()
                needs = [d for d in found if d.category != "relax" or args.all]
                result, timed_out = child.analyse(path, text) if needs else ({}, [])
                made = rows_for(path, found, result, timed_out, _ends(text))
                with lock:
                    rows.extend(made)
                    sandboxes.add(child.sandbox)
                    if args.verbose:
                        print(f"{time.monotonic() - started:7.1f}s {path}: {len(found)}",
                              file=sys.stderr)
        finally:
            child.stop()

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rows.sort(key=lambda r: (r["path"], r["line"]))
    compare_prints(rows, read_apache_prints(APACHE_PRINTS))
    if not args.only:
        write_manifest(args.manifest, snapshot.commit, sorted(sandboxes), rows)
    if args.details:
        with open(args.details, "w", encoding="utf-8") as out:
            for row in rows:
                out.write(json.dumps(row) + "\n")
    print(summary(rows, snapshot.commit))
    return 0


def read_apache_prints(path: pathlib.Path) -> Dict[Tuple[str, int], Tuple[str, str]]:
    """(path, line) -> (0.27's result, the SHA-256 of its print); empty without the file."""
    found: Dict[Tuple[str, int], Tuple[str, str]] = {}
    if not path.exists():
        return found
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        where, number, result, digest = line.split("\t")
        found[(where, int(number))] = (result, digest)
    return found


def compare_prints(rows: List[Dict[str, Any]],
                   recorded: Dict[Tuple[str, int], Tuple[str, str]]) -> None:
    """Each analysed definition's ``apache_print``: ``identical`` or ``differs`` from
    apache-tvm 0.27's recorded print, ``unrecorded`` when 0.27 printed none (it refused the
    definition alone), ``-`` when ours built nothing to print."""
    for row in rows:
        digest = row.pop("apache_sha256", None)
        if digest is None or row.get("result") not in ANALYSED:
            row["apache_print"] = "-"
            continue
        theirs = recorded.get((row["path"], int(row["line"])))
        if theirs is None or theirs[0] != "printed":
            row["apache_print"] = "unrecorded"
        else:
            row["apache_print"] = "identical" if theirs[1] == digest else "differs"


def print_table(rows: List[Dict[str, Any]]) -> List[str]:
    """Per category (issue 23, item 6): analysed definitions, how many round-trip (our print in
    their own spelling reads back as the same IR), how many round-trip through the canonical
    spelling, and of those apache-tvm 0.27 printed alone, how many our Apache-spelling print
    matches byte for byte."""
    lines = ["| category | analysed | round-trip | canonical round-trip | printed by 0.27 | "
             "printed identically |", "|---|---|---|---|---|---|"]
    for category in CATEGORIES + ("all",):
        chosen = [r for r in rows if category in ("all", r["category"])
                  and r.get("result") in ANALYSED]
        if not chosen:
            continue
        trips = sum(r["result"] == "round-trips" for r in chosen)
        canonical = sum(str(r.get("canonical_round_trip")) == "True" for r in chosen)
        compared = [r for r in chosen if r.get("apache_print") in ("identical", "differs")]
        same = sum(r["apache_print"] == "identical" for r in compared)
        share = f" ({100.0 * same / len(compared):.1f}%)" if compared else ""
        trip_share = f" ({100.0 * trips / len(chosen):.1f}%)"
        name = f"**{category}**" if category == "all" else category
        canonical_share = f" ({100.0 * canonical / len(chosen):.1f}%)"
        lines.append(f"| {name} | {len(chosen)} | {trips}{trip_share} | "
                     f"{canonical}{canonical_share} | {len(compared)} | {same}{share} |")
    return lines


def format_table(rows: List[Dict[str, Any]]) -> List[str]:
    """Per category (issue 23, item 6): of the analysed definitions, how many ``tvm-lsp format``
    rewrites or finds formatted already, and the commonest reasons it leaves the rest."""
    lines = ["| category | analysed | rewritten | already formatted | formatted or already | "
             "left alone (commonest reasons) |", "|---|---|---|---|---|---|"]
    for category in CATEGORIES + ("all",):
        chosen = [r for r in rows if category in ("all", r["category"])
                  and r.get("result") in ANALYSED]
        if not chosen:
            continue
        count = collections.Counter(r.get("format", "-") for r in chosen)
        done = count["formats"] + count["formatted"]
        left = ", ".join(f"{reason} {n}" for reason, n in count.most_common()
                         if reason not in ("formats", "formatted"))[:120]
        name = f"**{category}**" if category == "all" else category
        lines.append(f"| {name} | {len(chosen)} | {count['formats']} | {count['formatted']} | "
                     f"{done} ({100.0 * done / len(chosen):.1f}%) | {left or '-'} |")
    return lines


def write_manifest(path: pathlib.Path, commit: str, sandboxes: List[str],
                   rows: List[Dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"# apache/tvm {commit}: decorated TVMScript definitions of tests/python, "
                  "through our analysis (scripts/apache_conformance/run.py)\n")
        out.write(f"# sandbox: {','.join(sandboxes) or '-'}\n")
        out.write("\t".join(COLUMNS) + "\n")
        for row in rows:
            if row.get("result") is None:
                row["result"] = "-"
            out.write("\t".join(str(row.get(c, "-")) for c in COLUMNS) + "\n")


def read_manifest(path: pathlib.Path) -> Tuple[str, List[Dict[str, Any]]]:
    commit = ""
    rows = []
    with open(path, encoding="utf-8") as source:
        for line in source:
            line = line.rstrip("\n")
            if line.startswith("# apache/tvm "):
                commit = line.split()[2].rstrip(":")
            if line.startswith("#") or line.startswith("path\t"):
                continue
            rows.append(dict(zip(COLUMNS, line.split("\t"))))
    return commit, rows


def folder_of(path: str) -> str:
    parts = path.split("/")
    return parts[2] if len(parts) > 3 else "(top)"


def summary(rows: List[Dict[str, Any]], commit: str) -> str:
    """The Markdown table of docs/conformance.md: per folder of tests/python."""
    folders: Dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for row in rows:
        for key in (folder_of(row["path"]), "all"):
            counter = folders[key]
            counter["definitions"] += 1
            counter[row["category"]] += 1
            if row["category"] == "checked":
                counter[row["result"]] += 1
                if row["result"] in ("round-trips", "not-equal", "read-back-fails",
                                     "print-fails"):
                    counter["parses"] += 1
    lines = [f"apache/tvm `{commit[:12]}`, `tests/python`:", "",
             "| folder | definitions | S-TIR blocks | device kernels | Relax | helpers | captured "
             "| checked | parse | round-trip | rate |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    order = sorted(k for k in folders if k != "all") + ["all"]
    for key in order:
        c = folders[key]
        checked = c["checked"]
        rate = f"{100.0 * c['round-trips'] / checked:.1f}%" if checked else "-"
        name = f"**{key}**" if key == "all" else key
        lines.append(f"| {name} | {c['definitions']} | {c['s-tir-blocks']} | "
                     f"{c['device-kernels']} | {c['relax']} | "
                     f"{c['helper']} | {c['captured']} | {checked} | {c['parses']} | "
                     f"{c['round-trips']} | {rate} |")
    lines += ["", *category_table(rows), "", *print_table(rows), "", *format_table(rows)]
    failing = collections.Counter((r["result"], r["code"], r["construct"]) for r in rows
                                  if r["category"] == "checked" and r["result"] != "round-trips")
    lines += ["", "| result | code | construct | definitions |", "|---|---|---|---|"]
    for (result, code, construct), count in failing.most_common():
        lines.append(f"| {result} | {code} | {construct} | {count} |")
    return "\n".join(lines)


CATEGORIES = ("checked", "captured", "helper", "device-kernels", "s-tir-blocks", "relax")


def category_table(rows: List[Dict[str, Any]]) -> List[str]:
    """Per category (issue 23, item 6): analysed without an error or a construct left out,
    not analysed yet (a member ours does not build), needing Python values, false errors
    (Apache TVM accepts every definition), and the rest (timeout, not found, crashed; Relax
    is not run)."""
    lines = ["| category | definitions | analysed | not analysed yet | needs Python | "
             "ill-formed on purpose | false error | other |", "|---|---|---|---|---|---|---|---|"]
    for category in CATEGORIES + ("all",):
        chosen = [r for r in rows if category in ("all", r["category"])]
        if not chosen:
            continue
        count = collections.Counter(r.get("result", "-") for r in chosen)
        analysed = sum(count[r] for r in ANALYSED)
        left = (len(chosen) - analysed - count["not-analysed-yet"] - count["needs-python"]
                - count["ill-formed"] - count["fails"])
        share = f" ({100.0 * analysed / len(chosen):.1f}%)"
        name = f"**{category}**" if category == "all" else category
        lines.append(f"| {name} | {len(chosen)} | {analysed}{share} | "
                     f"{count['not-analysed-yet']} | {count['needs-python']} | "
                     f"{count['ill-formed']} | {count['fails']} | {left} |")
    return lines


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--git-dir", default="/work/.mirror/apache+tvm/repo")
    parser.add_argument("--commit", default="HEAD")
    parser.add_argument("--under", default="tests/python")
    parser.add_argument("--python", default=str(ROOT / ".venv" / "bin" / "python3"),
                        help="the command that runs our frontend (child.py)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="seconds one definition may take")
    parser.add_argument("--manifest", type=pathlib.Path, default=MANIFEST)
    parser.add_argument("--details", help="also write every row with its message (JSON lines)")
    parser.add_argument("--only", nargs="*", help="only paths containing one of these "
                        "(the manifest is not written)")
    parser.add_argument("--all", action="store_true",
                        help="also analyse files whose definitions are all Relax (not analysed: information)")
    parser.add_argument("--summary", action="store_true",
                        help="print the table of the manifest; run nothing")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    if args.summary:
        commit, rows = read_manifest(args.manifest)
        print(summary(rows, commit))
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
