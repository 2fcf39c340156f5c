"""The server's transcript client (lsp/protocol/server_pipe.py) bound to the built binary."""

from __future__ import annotations

import os
import pathlib
import sys
from typing import Sequence

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "lsp" / "protocol"))

import server_pipe  # noqa: E402
from server_pipe import encode, frame  # noqa: E402,F401

SERVER = pathlib.Path(os.environ["TVM_LSP_BUILD_DIR"]) / "lsp" / "tvm-lsp"


class Server(server_pipe.Server):
    def __init__(self, args: Sequence[str] = (), debounce_ms: int = 0) -> None:
        super().__init__(SERVER, args, debounce_ms)


__all__ = ["SERVER", "Server", "encode", "frame"]
