"""Records how apache-tvm 0.27 prints each TIR definition of Apache TVM's ``tests/python``
(issue 23, item 6: "printed identically to apache-tvm 0.27"), as hashes only.

Run with the apache-tvm 0.27 venv's Python (docs/conformance.md, "Issue 23"):

    /work/oracle-apache/bin/python scripts/apache_conformance/record_apache_prints.py \\
        --git-dir /work/.mirror/apache+tvm/repo

For every outermost definition extract.py finds (Relax ones left out), a child process parses
its source text alone with 0.27's ``tvm.script.from_source`` (``T``, ``I`` and ``tvm`` given,
nothing of the file run) and prints it with ``.script()``. The result is the SHA-256 of that
print, or why there is none (``refused``: 0.27's parser raised, such as for a name the file binds
with Python). It writes ``tests/apache_conformance/apache_prints.tsv`` (path, line, result,
sha256): never their text, which stays Apache TVM's.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import sys
import textwrap
import threading
from typing import Dict, List, Optional, Sequence, Tuple

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import extract  # noqa: E402 - found through the path set above
from run import Snapshot, _ends  # noqa: E402

OUTPUT = ROOT / "tests" / "apache_conformance" / "apache_prints.tsv"
TIME_LIMIT = 60.0

_CHILD = r'''
import hashlib, json, sys, traceback
import tvm
from tvm.script import ir as I, tirx as T
names = {"T": T, "I": I, "tvm": tvm}
for line in sys.stdin:
    request = json.loads(line)
    try:
        built = tvm.script.from_source(request["text"], extra_vars=names)
        printed = built.script()
        answer = {"result": "printed",
                  "sha256": hashlib.sha256(printed.encode("utf-8")).hexdigest()}
    except BaseException as error:  # noqa: BLE001 - recorded, never raised
        answer = {"result": "refused", "sha256": type(error).__name__}
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
'''


class Child:
    """One 0.27 process answering one definition per line; restarted after a crash or a hang."""

    def __init__(self) -> None:
        self.process: Optional[subprocess.Popen] = None

    def ask(self, text: str) -> Dict[str, str]:
        if self.process is None:
            self.process = subprocess.Popen([sys.executable, "-c", _CHILD],
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, text=True)
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps({"text": text}) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            self.stop()
            return {"result": "crashed", "sha256": "-"}
        answer: List[str] = []
        reader = threading.Thread(target=lambda: answer.append(self.process.stdout.readline()))
        reader.start()
        reader.join(TIME_LIMIT)
        if reader.is_alive() or not answer or not answer[0]:
            self.stop()
            return {"result": "timeout" if reader.is_alive() else "crashed", "sha256": "-"}
        return json.loads(answer[0])

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


def definition_text(text: str, definition: extract.Definition, ends: Dict[int, int]) -> str:
    """The definition's lines, decorators included, dedented."""
    lines = text.splitlines()
    last = ends.get(definition.line, definition.line)
    return textwrap.dedent("\n".join(lines[definition.line - 1:last])) + "\n"


def record(git_dir: str, jobs: int) -> List[Tuple[str, int, str, str]]:
    snapshot = Snapshot(git_dir, "HEAD")
    work: List[Tuple[str, int, str]] = []
    for path, text in snapshot.texts(snapshot.python_files("tests/python")):
        try:
            found = extract.definitions(text)
        except (SyntaxError, ValueError, RecursionError):
            continue
        ends = _ends(text)
        for definition in found:
            if definition.category != "relax":
                work.append((path, definition.line, definition_text(text, definition, ends)))
    rows: List[Tuple[str, int, str, str]] = []
    lock = threading.Lock()
    queue = list(reversed(work))

    def worker() -> None:
        child = Child()
        try:
            while True:
                with lock:
                    if not queue:
                        return
                    path, line, source = queue.pop()
                answer = child.ask(source)
                with lock:
                    rows.append((path, line, answer["result"], answer["sha256"]))
        finally:
            child.stop()

    threads = [threading.Thread(target=worker) for _ in range(max(1, jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rows.sort()
    return rows


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--git-dir", required=True)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    import tvm  # noqa: F401 - fails early outside the 0.27 venv

    rows = record(args.git_dir, args.jobs)
    with open(OUTPUT, "w", encoding="utf-8") as out:
        out.write(f"# apache-tvm {tvm.__version__}: path, line, result, sha256 of .script()\n")
        for path, line, result, digest in rows:
            out.write(f"{path}\t{line}\t{result}\t{digest}\n")
    counts: Dict[str, int] = {}
    for row in rows:
        counts[row[2]] = counts.get(row[2], 0) + 1
    print(json.dumps(counts, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

