"""What formatting costs as an editor's format-on-save feels it, and what `tvm-lsp format
--check` costs over a folder (issue 22, item 4: formatting texts are confirmed by a fresh
worker that has seen only the file).

Format-on-save: a generated file of N lines (definitions of about 20 lines), opened in
`tvm-lsp --stdio --debounce-ms 0`; each round edits one definition (a new version, as a save
after typing is), waits for its diagnostics, then times `textDocument/formatting`. Reported: the first
round (the confirming worker may still be starting) and the median of the others (a second
apart: a person types between saves), for files
where no definition, one definition, or every definition needs formatting. VS Code waits 750 ms
for format-on-save (`editor.codeActionsOnSave` with `editor.formatOnSaveMode`).

Folder: `tvm-lsp format --check DIR` wall time over a generated folder of F files (half of
them need formatting) and over any folders given.

    .venv/bin/python3 benchmarks/bench_format_on_save.py [--binary build/lsp/tvm-lsp]
        [--lines 1000] [--files 200] [--folder examples/tvmscript] [--file examples/...]
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
from typing import List, Optional, Sequence

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "lsp" / "protocol"))

import server_pipe  # noqa: E402

HEADER = "from tvm_tirx.script import tirx as T\n\n\n"


def definition(index: int, needs_formatting: bool) -> str:
    let = "x = A[0]" if needs_formatting else "x: T.let[T.int32] = A[0]"
    body = "".join(f"    B[{k}] = A[{k}] * {index % 7 + 2}\n" for k in range(14))
    return (f"@T.function\ndef f{index}(A: T.Tensor((64,), T.int32), "
            f"B: T.Tensor((64,), T.int32)):\n    {let}\n    A[1] = x\n"
            f"    for j in range(64):\n        B[j] = A[j] + {index + 1}\n" + body + "\n\n")


def generated(lines: int, unformatted: str) -> str:
    count = max(1, lines // 22)
    needs = {"none": set(), "one": {count // 2}, "all": set(range(count))}[unformatted]
    return HEADER + "".join(definition(i, i in needs) for i in range(count))


def format_on_save(binary: pathlib.Path, text: str, rounds: int, pause: float) -> List[float]:
    uri = "file:///bench/format_on_save.py"
    server = server_pipe.Server(binary, [], 0)
    try:
        server.initialize()
        server.open(uri, text)
        server.diagnostics(uri, timeout=120)
        times = []
        middle = f"f{text.count('@T.function') // 2}("
        for version in range(2, rounds + 2):
            time.sleep(pause)  # a person types between saves
            # An edit inside one definition (the middle one, the one to format when only one
            # is), as a save after typing is; a file without it gets a comment at the end.
            if middle in text:
                start = text.index("        B[j] = A[j] + ", text.index(middle))
                end = text.index("\n", start)
                text = text[:start] + f"        B[j] = A[j] + {version + 100}" + text[end:]
            else:
                text += f"# save {version}\n"
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"text": text}]})
            while server.diagnostics(uri, timeout=120)["version"] != version:
                pass
            start = time.perf_counter()
            reply = server.call("textDocument/formatting", {
                "textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}},
                timeout=120)
            times.append((time.perf_counter() - start) * 1000)
            assert "result" in reply, reply
        return times
    finally:
        server.close()


def format_check(binary: pathlib.Path, folder: pathlib.Path) -> float:
    start = time.perf_counter()
    subprocess.run([str(binary), "format", "--check", str(folder)], capture_output=True,
                   timeout=3600)
    return time.perf_counter() - start


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", type=pathlib.Path, default=ROOT / "build" / "lsp" / "tvm-lsp")
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pause", type=float, default=1.0,
                        help="seconds between saves (the confirming worker's spare starts then)")
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--file", type=pathlib.Path, action="append", default=[])
    parser.add_argument("--folder", type=pathlib.Path, action="append", default=[])
    args = parser.parse_args(argv)
    texts = [(f"{args.lines} lines, {which} to format", generated(args.lines, which))
             for which in ("none", "one", "all")]
    texts += [(str(path), path.read_text()) for path in args.file]
    for name, text in texts:
        times = format_on_save(args.binary, text, args.rounds, args.pause)
        print(f"format-on-save {name}: first {times[0]:.0f} ms, then median "
              f"{statistics.median(times[1:]):.0f} ms (max {max(times[1:]):.0f} ms)", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        generated_folder = pathlib.Path(folder)
        for i in range(args.files):
            which = "one" if i % 2 else "none"
            (generated_folder / f"m{i:03d}.py").write_text(generated(44, which))
        for path, label in [(generated_folder, f"{args.files} generated files")] + [
                (f, str(f)) for f in args.folder]:
            print(f"format --check {label}: {format_check(args.binary, path):.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
