"""What one hostile message or one pathological document costs the real ``tvm-lsp --stdio``
(issue 22, item 5): peak RSS (VmHWM) and time to the reply for large messages, and the time of
the text-only requests (folding, symbols, selection ranges, semantic tokens) on generated
texts. Figures and the machine: docs/performance.md.

    TVM_LSP_BUILD_DIR=build .venv/bin/python3 benchmarks/bench_server_limits.py [--part memory|text]
        [--lines 1000000]

Each measurement starts a fresh server, so VmHWM is that message's peak (the idle server's own
is printed first). Prints one line per measurement.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import time
from typing import Any, Callable, Dict, List, Tuple

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "lsp" / "protocol"))

import server_pipe  # noqa: E402

BINARY = pathlib.Path(os.environ.get("TVM_LSP_BUILD_DIR", str(ROOT / "build"))) / "lsp" / "tvm-lsp"
MIB = 1 << 20


def peak_rss_mib(server: server_pipe.Server) -> float:
    with open(f"/proc/{server.process.pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM")


def started() -> server_pipe.Server:
    server = server_pipe.Server(BINARY)
    server.initialize()
    return server


def stopped(server: server_pipe.Server) -> None:
    if server.process.poll() is None:
        server.call("shutdown", timeout=120)
        server.notify("exit")
        server.wait(30)
    server.close()


def small_objects(size: int) -> bytes:
    head = b'{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":['
    count = (size - len(head) - 2) // 3
    return head + b"{}," * (count - 1) + b"{}" + b"]}"


def at_the_limit() -> bytes:
    """1,000,000 values and keys exactly (the message's own 9, then empty objects): built."""
    head = b'{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":['
    count = 1000000 - 9
    return head + b"{}," * (count - 1) + b"{}" + b"]}"


def deep_arrays(size: int) -> bytes:
    head = b'{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":'
    depth = (size - len(head) - 1) // 2
    return head + b"[" * depth + b"]" * depth + b"}"


def measure_message(name: str, body: bytes) -> None:
    server = started()
    idle = peak_rss_mib(server)
    start = time.monotonic()
    server.write(server_pipe.frame(body))
    reply = server.reply(9, timeout=600)
    seconds = time.monotonic() - start
    peak = peak_rss_mib(server)
    what = reply.get("error", {}).get("message", "result")[:90]
    print(f"{name}: {len(body) / MIB:.1f} MiB, reply in {seconds:.2f} s, VmHWM {peak:.0f} MiB "
          f"(idle {idle:.0f} MiB, {peak / (len(body) / MIB):.1f}x the message): {what}",
          flush=True)
    stopped(server)


def measure_open(lines: int) -> None:
    text = ("x = 1  # " + "y" * 31 + "\n") * lines  # 41 bytes a line
    server = started()
    idle = peak_rss_mib(server)
    start = time.monotonic()
    server.open("file:///bench/big.py", text)
    reply = server.call("textDocument/foldingRange",
                        {"textDocument": {"uri": "file:///bench/big.py"}}, timeout=600)
    seconds = time.monotonic() - start
    peak = peak_rss_mib(server)
    size = len(text.encode()) / MIB
    print(f"didOpen of {lines} lines ({size:.1f} MiB) then foldingRange: {seconds:.2f} s, "
          f"VmHWM {peak:.0f} MiB (idle {idle:.0f} MiB), {len(reply.get('result') or [])} folds",
          flush=True)
    stopped(server)


# -- pathological texts ---------------------------------------------------------------------

def texts(lines: int) -> List[Tuple[str, str]]:
    depth = min(lines, 10000)
    return [
        ("if ( lines", "if (\n" * lines),
        ("unclosed brackets", "x = (" * 8 + "\n" + "    y = [1,\n" * lines),
        (f"{depth}-deep indentation",
         "".join(" " * k + "if x:\n" for k in range(depth)) + " " * depth + "pass\n"),
        ("one 10 MB line", "x = " + "a." * (5 * MIB) + "\n"),
        ("x = 1 lines", "x = 1\n" * lines),
        ("all comments", "# comment\n" * lines),
        ("unterminated triple-quoted string", 'x = """\n' + "if (x:\n" * lines),
        ("def headers", "def f(\n    a,\n):\n    pass\n" * (lines // 4)),
        ("2,000 prim_funcs (analysed: symbols and tokens)", "".join(
            f"@T.prim_func\ndef f{k}(A: T.Buffer((16,), \"float32\")):\n"
            f"    for i in range(16):\n        A[i] = A[i] + T.float32({k})\n"
            for k in range(2000))),
    ]


def position_requests(uri: str, lines: int) -> List[Tuple[str, Dict[str, Any]]]:
    document = {"uri": uri}
    middle = {"line": lines // 2, "character": 2}
    window = {"start": {"line": lines // 2, "character": 0},
              "end": {"line": lines // 2 + 100, "character": 0}}
    return [
        ("textDocument/foldingRange", {"textDocument": document}),
        ("textDocument/documentSymbol", {"textDocument": document}),
        ("textDocument/selectionRange", {"textDocument": document, "positions": [middle]}),
        ("textDocument/semanticTokens/range", {"textDocument": document, "range": window}),
        ("textDocument/semanticTokens/full", {"textDocument": document}),
        ("textDocument/inlayHint", {"textDocument": document, "range": window}),
        ("textDocument/documentHighlight", {"textDocument": document, "position": middle}),
        ("textDocument/completion", {"textDocument": document, "position": middle}),
        ("textDocument/signatureHelp", {"textDocument": document, "position": middle}),
    ]


def delta(server: server_pipe.Server, uri: str) -> Tuple[str, Dict[str, Any]]:
    """semanticTokens/full/delta after a full answer (untimed) and a one-line edit."""
    full = server.call("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}},
                       timeout=600)["result"] or {}
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "text": "# edited\n"}]})
    server.call("textDocument/foldingRange", {"textDocument": {"uri": uri}}, timeout=900)
    return ("textDocument/semanticTokens/full/delta",
            {"textDocument": {"uri": uri}, "previousResultId": full.get("resultId", "")})


def timed(call: Callable[[], Dict[str, Any]]) -> Tuple[float, Dict[str, Any]]:
    start = time.monotonic()
    reply = call()
    return time.monotonic() - start, reply


def measure_texts(lines: int) -> None:
    for name, body in texts(lines):
        text = "from tvm.script import tirx as T\n" + body  # analysed, as TVMScript is
        server = started()
        uri = "file:///bench/text.py"
        server.open(uri, text)
        count = text.count("\n")
        # Once untimed: the worker's analysis comes first; then each request is the loop's work.
        server.call("textDocument/foldingRange", {"textDocument": {"uri": uri}}, timeout=900)
        for method, params in position_requests(uri, count) + [delta(server, uri)]:
            seconds, reply = timed(lambda: server.call(method, params, timeout=600))
            result = reply.get("result")
            size = len(result) if isinstance(result, list) else (
                len(result.get("data", [])) if isinstance(result, dict) else 0)
            error = reply.get("error", {}).get("message", "")
            print(f"{name} ({count} lines, {len(text) / MIB:.1f} MiB) {method}: {seconds:.3f} s"
                  f" ({size} items{', ' + error[:60] if error else ''})", flush=True)
        stopped(server)


def main() -> int:
    sys.setrecursionlimit(50000)  # selection ranges in 10,000 levels nest as deep
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=["memory", "text", "all"], default="all")
    parser.add_argument("--lines", type=int, default=1000000)
    args = parser.parse_args()
    if args.part in ("memory", "all"):
        for size in (16 * MIB, 63 * MIB):
            measure_message("[{},{},...]", small_objects(size))
            measure_message("[[[...]]]", deep_arrays(size))
        measure_message("[{},{},...] at the limit", at_the_limit())
        measure_open(args.lines)
    if args.part in ("text", "all"):
        measure_texts(args.lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
