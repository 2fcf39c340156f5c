"""A Python client of ``tvm-lsp-worker``, for tests and benchmarks that drive the real
worker process (the product's client is C++: lsp/client/worker_client.cc). Like that client,
it keeps the parts of each document's last analysis and makes the worker's per-definition
replies whole again (``HeldParts``, ``assemble``)."""

from __future__ import annotations

import json
import operator
import os
import select
import subprocess
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

_BY_RANGE = operator.itemgetter("range")


def _sorted_run(part: Dict[str, Any]) -> List[Dict[str, Any]]:
    return sorted(part["occurrences"], key=_BY_RANGE)


def _occurrences(runs: List[List[Dict[str, Any]]]) -> List[Dict[str, Any]]:
    """The parts' occurrences stably sorted by range, as ``to_plain()`` sorts them, from each
    part's own stably sorted list. When each list starts at or after the end of the one
    before, their concatenation is that order (equal ranges keep the part order, as a stable
    sort of all of them would); only otherwise is everything sorted again."""
    ends = [(run[0]["range"], run[-1]["range"]) for run in runs if run]
    occurrences = [o for run in runs for o in run]
    if any(before[1] > after[0] for before, after in zip(ends, ends[1:])):
        occurrences.sort(key=_BY_RANGE)
    return occurrences


def assemble(module: Dict[str, Any], parts: List[Dict[str, Any]],
             runs: Optional[List[List[Dict[str, Any]]]] = None) -> Dict[str, Any]:
    """The whole ParseResult of the file-level data of ``module`` (a ResultParts) and the
    definitions' ``parts``, in the order of the frontend's ``to_plain()``; ``runs`` are the
    parts' occurrences each stably sorted by range, when the caller keeps them."""
    if runs is None:
        runs = [_sorted_run(p) for p in parts]
    return {
        "definitions": [p["definition"] for p in parts],
        "diagnostics": module["diagnostics"] + [d for p in parts for d in p["diagnostics"]],
        "occurrences": _occurrences(runs),
        "symbols": module["symbols"] + [s for p in parts for s in p["symbols"]],
        "comments": [{**c, "definition": index} for index, p in enumerate(parts)
                     for c in p["comments"]],
    }


class HeldParts:
    """The parts of one document's last analysis reply, by token."""

    def __init__(self) -> None:
        self.result_id = ""
        self.parts: Dict[str, Tuple[Dict[str, Any], List[Dict[str, Any]]]] = {}
        """token -> (part, its occurrences stably sorted by range)."""

    def take(self, result_id: str, delta: Dict[str, Any]) -> Optional[Dict[str, Any]]:
        """The whole result of a reply in parts; None (nothing held changes) when it names a
        part not held."""
        parts = {}
        for entry in delta["parts"]:
            part = entry["part"]
            held = (part, _sorted_run(part)) if part is not None else \
                self.parts.get(entry["token"])
            if held is None:
                return None
            parts[entry["token"]] = held
        self.parts, self.result_id = parts, result_id
        in_order = [parts[entry["token"]] for entry in delta["parts"]]
        return assemble(delta, [held[0] for held in in_order], [held[1] for held in in_order])

    def take_whole(self, result_id: str) -> None:
        self.parts, self.result_id = {}, result_id


class Worker:
    """A ``tvm-lsp-worker`` process, spoken to over its framed JSON protocol
    (lsp/protocol/worker_protocol.json)."""

    def __init__(self, executable: Path, *args: str) -> None:
        if not executable.exists():
            raise FileNotFoundError(f"{executable} does not exist; build first")
        self.process = subprocess.Popen([str(executable), *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.buffer = b""
        self.held: Dict[str, HeldParts] = {}
        self.last_parts = (0, 0)
        """(parts sent in full, parts named by token) of the last ``analyze``."""
        ready = self.read()
        assert ready.get("event") == "ready", ready
        self.ready = ready["params"]

    def send(self, method: str, params: Dict[str, Any]) -> int:
        self.next_id += 1
        body = json.dumps({"id": self.next_id, "method": method, "params": params}).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return self.next_id

    def read(self, timeout: float = 120.0) -> Dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            head, sep, rest = self.buffer.partition(b"\r\n\r\n")
            if sep:
                length = int(head.split(b":")[1])
                if len(rest) >= length:
                    self.buffer = rest[length:]
                    return json.loads(rest[:length])
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.process.stdout], [], [], left)[0]:
                raise TimeoutError("the worker did not answer")
            chunk = os.read(self.process.stdout.fileno(), 1 << 20)
            if not chunk:
                raise EOFError("the worker closed its output")
            self.buffer += chunk

    def reply(self, request: int) -> Dict[str, Any]:
        while True:
            message = self.read()
            if message.get("id") == request:
                return message

    def analyze(self, uri: str, version: int, **params: Any) -> Dict[str, Any]:
        """``analyze`` relative to the parts held for ``uri``: the reply's result, whose
        ``result`` is the whole ParseResult (asked again in full when a part is not held)."""
        held = self.held.setdefault(uri, HeldParts())
        for base in (held.result_id, ""):
            answer = self.reply(self.send("analyze", {"uri": uri, "version": version,
                                                      "base": base, **params}))
            result = answer.get("result")
            if result is None:
                return answer
            if result.get("parts") is None:
                if result["status"] == "done":
                    held.take_whole(result["result_id"])
                return result
            whole = held.take(result["result_id"], result["parts"])
            if whole is not None:
                entries = result["parts"]["parts"]
                in_full = sum(entry["part"] is not None for entry in entries)
                self.last_parts = (in_full, len(entries) - in_full)
                return {**result, "parts": None, "result": whole}
        raise AssertionError(f"the worker sent a part it was not asked to keep: {answer}")

    def format(self, uri: str, version: int) -> Dict[str, Any]:
        """The ``format`` reply (``result``: status and one verdict per definition)."""
        return self.reply(self.send("format", {"uri": uri, "version": version}))

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def close(self) -> None:
        try:
            self.reply(self.send("shutdown", {}))
        except (TimeoutError, EOFError, BrokenPipeError):
            pass
        self.process.kill()
        self.process.wait()
