"""The canary attacks (tests/python/script/untrusted_attacks.py) replayed through the real
analysis worker, sandboxed, as the server will run them (issue 9, item 5): one long-lived
worker analyses every attack in turn, nothing is ever created, and the worker still analyses
an innocent document correctly afterwards."""

from __future__ import annotations

import os
import pathlib
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "lsp" / "protocol"))
sys.path.insert(0, str(REPO / "tests" / "python" / "script"))

import untrusted_attacks as UA  # noqa: E402
from worker_pipe import Worker  # noqa: E402

WORKER = pathlib.Path(os.environ["TVM_LSP_BUILD_DIR"]) / "lsp" / "tvm-lsp-worker"
INNOCENT = ("from tvm_tirx.script import tirx as T\n\n@T.function\n"
            "def f(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n")


@pytest.fixture(scope="module")
def worker():
    process = Worker(WORKER)
    assert process.ready["sandboxed"] is True and process.ready["trusted"] is False
    yield process
    process.close()


def _analyze(worker: Worker, uri: str, text: str) -> dict:
    worker.reply(worker.send("open", {"uri": uri, "version": 1, "text": text}))
    result = worker.analyze(uri, 1)
    worker.reply(worker.send("close", {"uri": uri}))
    return result


def test_every_attack_creates_nothing_in_the_sandboxed_worker(worker, tmp_path) -> None:
    by_id = {attack.id: attack for attack in UA.ATTACKS}
    # Each attack alone, then each poisoner followed by its innocent-looking victim.
    texts = [(a.id, a.source) for a in UA.ATTACKS]
    for poisoner, victim in UA.CROSS_DOCUMENT:
        texts += [(poisoner, by_id[poisoner].source), (poisoner + " victim", victim)]
    created, refused = [], 0
    for index, (name, source) in enumerate(texts):
        canary_dir = tmp_path / f"attack_{index}"
        canary_dir.mkdir()
        result = _analyze(worker, f"file:///attack_{index}.py",
                          UA.render(source, str(canary_dir)))
        assert result["status"] == "done", (name, result)
        internal = [d for d in result["result"]["diagnostics"] if d["code"] == "internal-error"]
        assert not internal, (name, internal)
        if any(canary_dir.iterdir()):
            created.append(name)
        refused += any(d["code"] == "untrusted-not-evaluated"
                       for d in result["result"]["diagnostics"])
    assert len(texts) > 100 and created == []
    # The worker ran the same allowlist: most attacks were refused, not merely sandboxed.
    assert refused > 90, refused
    # The worker that analysed every attack still answers an innocent file exactly.
    result = _analyze(worker, "file:///innocent.py", INNOCENT)["result"]
    assert result["diagnostics"] == []
    assert result["definitions"][0]["canonical_text"] == (
        "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 1")
