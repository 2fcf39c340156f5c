"""A transcript client of the real ``tvm-lsp --stdio`` binary, for the server's tests, the
main job's editor session and benchmarks (the worker's is worker_pipe.py): it writes framed
messages (or raw bytes) to the server's stdin and reads every message the server writes, so
callers can check exact replies, notifications and exit codes."""

from __future__ import annotations

import json
import os
import pathlib
import select
import subprocess
import threading
import time
from typing import Any, Dict, List, Optional, Sequence

def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def encode(message: Dict[str, Any]) -> bytes:
    return frame(json.dumps(message).encode())


class Server:
    """One server process; messages it sent are kept in order in ``received``."""

    def __init__(self, binary: pathlib.Path, args: Sequence[str] = (),
                 debounce_ms: Optional[int] = 0, env: Optional[Dict[str, str]] = None,
                 cwd: Optional[pathlib.Path] = None) -> None:
        # env and cwd: None inherits the caller's (the wheel test runs the server cleared).
        # debounce_ms None: the server's default (adaptive) debounce, as a user runs it.
        debounce = [] if debounce_ms is None else ["--debounce-ms", str(debounce_ms)]
        self.process = subprocess.Popen(
            [str(binary), "--stdio", *debounce, *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=env, cwd=cwd)
        # The server's stderr (its log), drained as it comes: a pipe nobody reads fills at 64 KiB
        # and then blocks the server's next log line, as no editor would let happen.
        self.log = bytearray()
        self._drain = threading.Thread(target=self._drain_stderr, daemon=True)
        self._drain.start()
        self.buffer = b""
        self.received: List[Dict[str, Any]] = []
        self.next_id = 1

    def _drain_stderr(self) -> None:
        assert self.process.stderr is not None
        for chunk in iter(lambda: self.process.stderr.read1(1 << 16), b""):
            self.log += chunk
            if len(self.log) > (4 << 20):  # keep the last 2 MiB
                del self.log[:len(self.log) - (2 << 20)]

    # Writing.
    def write(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: Dict[str, Any]) -> None:
        self.write(encode({"jsonrpc": "2.0", **message}))

    def request(self, method: str, params: Any = None) -> int:
        request_id = self.next_id
        self.next_id += 1
        message: Dict[str, Any] = {"id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return request_id

    def notify(self, method: str, params: Any = None) -> None:
        message: Dict[str, Any] = {"method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    # Reading.
    def _read_one(self, deadline: float) -> Optional[Dict[str, Any]]:
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while True:
            header_end = self.buffer.find(b"\r\n\r\n")
            if header_end >= 0:
                length = int(self.buffer[:header_end].split(b":")[1])
                if len(self.buffer) >= header_end + 4 + length:
                    body = self.buffer[header_end + 4:header_end + 4 + length]
                    self.buffer = self.buffer[header_end + 4 + length:]
                    message = json.loads(body)
                    self.received.append(message)
                    return message
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], remaining)
            if not ready:
                return None
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return None
            self.buffer += chunk

    def next_message(self, predicate, timeout: float = 10.0) -> Dict[str, Any]:
        """The next message (after those already taken) that ``predicate`` accepts; the ones
        skipped stay in ``received``."""
        deadline = time.monotonic() + timeout
        while True:
            message = self._read_one(deadline)
            if message is None:
                raise AssertionError(f"no matching message in {timeout} s; got {self.received}")
            if predicate(message):
                return message

    def reply(self, request_id: Any, timeout: float = 10.0) -> Dict[str, Any]:
        return self.next_message(lambda m: m.get("id") == request_id and "method" not in m,
                                 timeout)

    def call(self, method: str, params: Any = None, timeout: float = 10.0) -> Dict[str, Any]:
        return self.reply(self.request(method, params), timeout)

    def diagnostics(self, uri: str, timeout: float = 15.0) -> Dict[str, Any]:
        return self.next_message(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri, timeout)["params"]

    def quiet(self, seconds: float) -> List[Dict[str, Any]]:
        """Every message that arrives within ``seconds``."""
        start = len(self.received)
        deadline = time.monotonic() + seconds
        while self._read_one(deadline) is not None:
            pass
        return self.received[start:]

    # Lifecycle.
    def initialize(self, capabilities: Optional[Dict[str, Any]] = None,
                   process_id: Optional[int] = None) -> Dict[str, Any]:
        reply = self.call("initialize", {"processId": process_id, "rootUri": None,
                                         "capabilities": capabilities or {}})
        self.notify("initialized", {})
        return reply

    def open(self, uri: str, text: str, version: int = 1, language: str = "python") -> None:
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": version, "text": text}})

    def wait(self, timeout: float = 10.0) -> int:
        return self.process.wait(timeout)

    def stop(self) -> int:
        """shutdown, then exit: the exit code."""
        assert self.call("shutdown")["result"] is None
        self.notify("exit")
        return self.wait()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self._drain.join(timeout=5)  # the stderr pipe ends with the process (and its worker)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
