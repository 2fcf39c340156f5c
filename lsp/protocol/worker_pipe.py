"""A Python client of ``tvm-lsp-worker``, for tests and benchmarks that drive the real
worker process (the product's client is C++: lsp/client/worker_client.cc)."""

from __future__ import annotations

import json
import os
import select
import subprocess
import time
from pathlib import Path
from typing import Any, Dict


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
