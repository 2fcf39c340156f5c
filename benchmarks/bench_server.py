"""The language server's latencies and memory on generated files (issue 11, item 8).

For each size (1,000, 5,000 and 20,000 lines by default) it starts the real ``tvm-lsp --stdio``
with ``--debounce-ms 0`` and the real sandboxed worker, speaks to it as VS Code does (UTF-16,
Markdown hovers), and measures what a user waits for:

- ``didOpen`` to the first ``publishDiagnostics`` (the worker already started and ready);
- a one-character edit inside a function body to the diagnostics of that version (median, p90,
  max over ``--edits`` edits, each at a different function);
- hover p50/p99 over ``--hovers`` identifiers, and completion p50/p99 after ``T.``, when the
  server offers completion;
- semantic tokens of the whole file and formatting the whole file, when offered;
- the resident set size of the server and of its worker after all of that.

The generated files are bench_frontend.py's (fixed seed, every function checked there to parse
and build). Run ``.venv/bin/python3 benchmarks/bench_server.py [--sizes 1000,5000]
[--json]``; ``--quick`` (one 300-line file, few requests) is what the smoke test runs. Figures
and the machine go in docs/performance.md; the targets are in TARGETS below.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import statistics
import sys
import time
from typing import Any, Dict, List, Optional, Sequence

REPO = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "lsp" / "protocol"))
sys.path.insert(0, str(REPO / "benchmarks"))

import server_pipe  # noqa: E402

# What a user of the tool should not wait longer than (ms, MB).
TARGETS = {
    "edit_to_diagnostics_ms_5000": 50.0,
    "edit_to_diagnostics_ratio_20000": 1.5,
    "hover_p99_ms": 20.0,
    "completion_p99_ms": 20.0,
    "first_diagnostics_ms_5000": 1000.0,
    "rss_mb_20000": 200.0,
}

# VS Code's answers to what the server looks at (positions in UTF-16, Markdown hovers, pull
# diagnostics not offered so that diagnostics are pushed).
CLIENT_CAPABILITIES: Dict[str, Any] = {
    "general": {"positionEncodings": ["utf-16"]},
    "textDocument": {
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "rename": {"prepareSupport": True},
        "completion": {"completionItem": {"snippetSupport": True},
                       "completionList": {"itemDefaults": [
                           "commitCharacters", "editRange", "insertTextFormat", "insertTextMode",
                           "data"]}},
        "semanticTokens": {"requests": {"full": {"delta": True}, "range": True},
                           "tokenTypes": [], "tokenModifiers": [], "formats": ["relative"]},
    },
    "workspace": {"configuration": False},
}

IDENTIFIER = re.compile(r"\b[A-Za-z_][A-Za-z_0-9]*\b")
KEYWORDS = {"def", "for", "in", "if", "else", "return", "with", "as", "while", "and", "or",
            "not", "from", "import", "assert", "range", "True", "False", "None", "T"}


def generated_text(lines: int) -> str:
    """bench_frontend.py's generated file of about ``lines`` lines."""
    import bench_frontend  # deferred: it imports the frontend from the build

    text, _ = bench_frontend.generate_file(lines)
    return text


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(fraction * (len(ordered) - 1)))))
    return ordered[index]


def rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return 0.0


def children(pid: int) -> List[int]:
    found: List[int] = []
    task_dir = pathlib.Path(f"/proc/{pid}/task")
    for task in task_dir.iterdir() if task_dir.is_dir() else []:
        try:
            found += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def body_lines(text: str) -> List[int]:
    """0-based lines of statements inside function bodies that hold an integer literal."""
    lines = text.split("\n")
    return [i for i, line in enumerate(lines)
            if line.startswith("        ") and re.search(r"\b[1-9]\b", line)
            and not line.lstrip().startswith("#")]


def identifier_positions(text: str, count: int) -> List[Dict[str, int]]:
    """``count`` positions (UTF-16 = code points here: the generated text is ASCII) on
    identifiers inside function bodies, spread over the file."""
    found = []
    for number, line in enumerate(text.split("\n")):
        if not line.startswith("    ") or line.lstrip().startswith("#"):
            continue
        for match in IDENTIFIER.finditer(line):
            if match.group() not in KEYWORDS:
                found.append({"line": number, "character": match.start() + 1})
    if not found:
        raise SystemExit("bench_server: no identifiers in the generated text")
    step = max(1, len(found) // count)
    return found[::step][:count]


class Session:
    def __init__(self, binary: pathlib.Path, uri: str) -> None:
        self.server = server_pipe.Server(binary, debounce_ms=0)
        self.uri = uri
        self.version = 1
        reply = self.server.initialize(CLIENT_CAPABILITIES, os.getpid())
        self.capabilities = reply["result"]["capabilities"]

    def has(self, provider: str) -> bool:
        return bool(self.capabilities.get(provider))

    def diagnostics_of(self, version: int, timeout: float) -> Dict[str, Any]:
        return self.server.next_message(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == self.uri and m["params"].get("version") == version,
            timeout)["params"]

    def timed_call(self, method: str, params: Any, timeout: float = 60.0) -> float:
        start = time.perf_counter()
        reply = self.server.call(method, params, timeout)
        spent = (time.perf_counter() - start) * 1000.0
        if "error" in reply:
            raise SystemExit(f"bench_server: {method} failed: {reply['error']}")
        return spent

    def close(self) -> None:
        self.server.stop()


def wait_for_worker(session: Session, timeout: float = 30.0) -> None:
    """Opens and analyses a tiny document, so that the worker's start and warm-up are not in
    the first measured didOpen."""
    warm_uri = "file:///bench/warm.py"
    session.server.open(warm_uri, "from tvm_tirx.script import tirx as T\n")
    session.server.next_message(
        lambda m: m.get("method") == "textDocument/publishDiagnostics"
        and m["params"]["uri"] == warm_uri, timeout)


def measure(binary: pathlib.Path, lines: int, edits: int, hovers: int) -> Dict[str, Any]:
    text = generated_text(lines)
    uri = f"file:///bench/generated_{lines}.py"
    session = Session(binary, uri)
    row: Dict[str, Any] = {"lines": text.count("\n")}
    try:
        wait_for_worker(session)
        start = time.perf_counter()
        session.server.open(uri, text)
        first = session.diagnostics_of(1, timeout=300.0)
        row["first_diagnostics_ms"] = (time.perf_counter() - start) * 1000.0
        row["diagnostics"] = len(first["diagnostics"])

        # One-character edits, each replacing a digit 1..9 by another, at lines spread over
        # the file, each waited for.
        candidates = body_lines(text)
        step = max(1, len(candidates) // max(1, edits))
        document = text.split("\n")
        spent = []
        for line in candidates[::step][:edits]:
            match = re.search(r"\b([1-9])\b", document[line])
            assert match is not None
            digit = match.group(1)
            new = "2" if digit != "2" else "3"
            document[line] = document[line][:match.start()] + new + document[line][match.end():]
            session.version += 1
            change = {"range": {"start": {"line": line, "character": match.start()},
                                "end": {"line": line, "character": match.end()}}, "text": new}
            begin = time.perf_counter()
            session.server.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": session.version},
                "contentChanges": [change]})
            session.diagnostics_of(session.version, timeout=120.0)
            spent.append((time.perf_counter() - begin) * 1000.0)
        row["edit_ms_median"] = statistics.median(spent)
        row["edit_ms_p90"] = percentile(spent, 0.9)
        row["edit_ms_max"] = max(spent)

        hover_ms = [session.timed_call("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": position})
            for position in identifier_positions("\n".join(document), hovers)]
        row["hover_ms_p50"] = percentile(hover_ms, 0.5)
        row["hover_ms_p99"] = percentile(hover_ms, 0.99)

        if session.has("completionProvider"):
            # Right after a `T.` in a body half-way down the file: every member is offered.
            after_dots = [(number, line.index("T.") + 2) for number, line in enumerate(document)
                          if line.startswith("    ") and "T." in line]
            target, character = after_dots[len(after_dots) // 2]
            completion_ms = []
            for _ in range(hovers):
                completion_ms.append(session.timed_call("textDocument/completion", {
                    "textDocument": {"uri": uri},
                    "position": {"line": target, "character": character}}))
            row["completion_ms_p50"] = percentile(completion_ms, 0.5)
            row["completion_ms_p99"] = percentile(completion_ms, 0.99)
        if session.has("semanticTokensProvider"):
            row["semantic_tokens_ms"] = session.timed_call(
                "textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})
        if session.has("documentFormattingProvider"):
            row["formatting_ms"] = session.timed_call("textDocument/formatting", {
                "textDocument": {"uri": uri},
                "options": {"tabSize": 4, "insertSpaces": True}}, timeout=300.0)

        pid = session.server.process.pid
        row["server_rss_mb"] = rss_mb(pid)
        row["worker_rss_mb"] = sum(rss_mb(child) for child in children(pid))
        row["total_rss_mb"] = row["server_rss_mb"] + row["worker_rss_mb"]
    finally:
        session.close()
    return row


def format_rows(rows: Sequence[Dict[str, Any]]) -> str:
    columns = [("lines", "lines", "{:d}"), ("first diag ms", "first_diagnostics_ms", "{:.0f}"),
               ("edit ms median", "edit_ms_median", "{:.1f}"), ("edit p90", "edit_ms_p90",
                                                                "{:.1f}"),
               ("edit max", "edit_ms_max", "{:.1f}"), ("hover p50", "hover_ms_p50", "{:.2f}"),
               ("hover p99", "hover_ms_p99", "{:.2f}"),
               ("completion p50", "completion_ms_p50", "{:.2f}"),
               ("completion p99", "completion_ms_p99", "{:.2f}"),
               ("sem. tokens ms", "semantic_tokens_ms", "{:.1f}"),
               ("format ms", "formatting_ms", "{:.0f}"), ("server MB", "server_rss_mb", "{:.0f}"),
               ("worker MB", "worker_rss_mb", "{:.0f}")]
    out = ["| " + " | ".join(name for name, _, _ in columns) + " |",
           "|" + "---|" * len(columns)]
    for row in rows:
        cells = [spec.format(row[key]) if key in row else "n/a" for _, key, spec in columns]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def against_targets(rows: Sequence[Dict[str, Any]]) -> List[str]:
    by_size = {row["lines"] // 1000 * 1000 if row["lines"] >= 1000 else row["lines"]: row
               for row in rows}
    notes = []
    if 5000 in by_size:
        five = by_size[5000]
        notes.append(f"edit to diagnostics at 5,000 lines: {five['edit_ms_median']:.1f} ms "
                     f"(target {TARGETS['edit_to_diagnostics_ms_5000']:.0f})")
        notes.append(f"first diagnostics at 5,000 lines: {five['first_diagnostics_ms']:.0f} ms "
                     f"(target {TARGETS['first_diagnostics_ms_5000']:.0f})")
        if 20000 in by_size:
            ratio = by_size[20000]["edit_ms_median"] / five["edit_ms_median"]
            notes.append(f"edit at 20,000 / at 5,000: {ratio:.2f}x "
                         f"(target {TARGETS['edit_to_diagnostics_ratio_20000']})")
    if 20000 in by_size:
        notes.append(f"server + worker RSS at 20,000 lines: {by_size[20000]['total_rss_mb']:.0f}"
                     f" MB (target {TARGETS['rss_mb_20000']:.0f})")
    for row in rows:
        notes.append(f"{row['lines']} lines: hover p99 {row['hover_ms_p99']:.2f} ms"
                     + (f", completion p99 {row['completion_ms_p99']:.2f} ms"
                        if "completion_ms_p99" in row else ", completion not offered"))
    return notes


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,5000,20000")
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--hovers", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="one 300-line file, few requests")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--binary", type=pathlib.Path,
                        default=pathlib.Path(os.environ.get("TVM_LSP_BUILD_DIR",
                                                            str(REPO / "build")))
                        / "lsp" / "tvm-lsp")
    args = parser.parse_args(argv)
    if not args.binary.is_file():
        print(f"bench_server: {args.binary} does not exist; build first", file=sys.stderr)
        return 2
    if args.quick:
        sizes, edits, hovers = [300], 3, 10
    else:
        sizes = [int(size) for size in args.sizes.split(",")]
        edits, hovers = args.edits, args.hovers
    rows = [measure(args.binary, size, edits, hovers) for size in sizes]
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        print(format_rows(rows))
        print()
        print("\n".join(against_targets(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
