"""Times source_text.scan against ast.parse of the same text (the frontend's budget is
end to end at most 3x ast.parse, so the scan must cost a small part of one parse).

Run with the package on the path, e.g.
    PYTHONPATH=parser_bridge/python/tvm_tirx/script/parser python3 benchmarks/bench_source_text.py
(or with the built tvm_tirx package on PYTHONPATH; the script finds either).
"""

from __future__ import annotations

import ast
import time
from typing import Callable, List

try:
    from tvm_tirx.script.parser import source_text
except ImportError:  # the module is stdlib only: run it without the compiled package
    import source_text  # type: ignore[no-redef]


def make_file(lines: int) -> str:
    """A TVMScript-like module of about `lines` lines: functions with loops, comments,
    strings, and a header list every fourth function."""
    out: List[str] = ['"""Generated kernels."""', "from tvm.script import tirx as T", ""]
    index = 0
    while len(out) < lines:
        header = f"[n, m: T.int64, k: T.dtype(\"int8\")]" if index % 4 == 0 else ""
        out += [
            "",
            f"# kernel {index}: add, scale and copy",
            "@T.prim_func",
            f"def kernel_{index}{header}(A: T.Buffer((128, 128), \"float32\"),  # input",
            f"        B: T.Buffer((128, 128), \"float32\")) -> None:",
            f'    T.func_attr({{"global_symbol": "kernel_{index}", "tir.noalias": True}})',
            "    for i, j in T.grid(128, 128):",
            '        with T.block("compute"):  # block [i, j]',
            "            vi, vj = T.axis.remap(\"SS\", [i, j])",
            "            B[vi, vj] = A[vi, vj] * T.float32(2.0) + T.float32(1.0)",
            "    # a comment with 'quotes' and [brackets]",
            "    for k in range(16):",
            "        B[k, 0] = B[k, 1] if k % 2 else B[k, 2]  # pick",
            '    T.evaluate(T.call_extern("int32", "printf", "value: %d\\n", B[0, 0]))',
        ]
        index += 1
    return "\n".join(out) + "\n"


def best_of(runs: int, call: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    text = make_file(10_000)
    result = source_text.scan(text)
    blanked = result.blanked_text
    scan_time = best_of(5, lambda: source_text.scan(text))
    parse_time = best_of(5, lambda: ast.parse(blanked))
    print(f"{text.count(chr(10))} lines, {len(text)} chars, {len(result.comments)} comments, "
          f"{len(result.type_params)} header lists, {len(result.top_level)} top-level chunks")
    print(f"scan:      {scan_time * 1e3:8.2f} ms")
    print(f"ast.parse: {parse_time * 1e3:8.2f} ms")
    print(f"ratio scan/ast.parse: {scan_time / parse_time:.3f}")


if __name__ == "__main__":
    main()
