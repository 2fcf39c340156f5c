"""Fuzzing the real ``tvm-lsp --stdio`` (issue 11, item 7), in two parts.

**Messages.** Random JSON-RPC messages that follow each method's parameter schema, then bend
it: wrong types, extreme numbers (-1, 2**31, 2**63, 2**64, 1e308), missing and unknown fields,
unknown URIs, long and odd strings (lone surrogates, NUL), params that are not objects. They go
out in pipelined batches. Invariants: every request gets exactly one reply, with a result or an
error whose code is one of JSON-RPC's and LSP's that the server documents (an internal error,
-32603, counts as a failure); no notification is answered; the process never ends; each batch
is answered within ``--batch-timeout`` seconds; at the end ``shutdown`` then ``exit`` gives 0.

**Hostile messages** (issue 22), about one in ten, written as raw text: numbers that overflow a
double (``1e400``, ``-1e400``; ``1e-400`` underflows and is served) in params, as the id, deep
inside, in notifications; arrays and nesting at and one past the structural limits (1,000,000
values and keys, 512 levels); ids of every JSON type. Each has one exact expected answer: the
error code with the message's id, an error with id null (counted: a null reply nobody expects is
a failure), or nothing at all for a notification.

**Edit sequences.** A corpus file (tests/script_corpus) is opened and changed by 1 to 8 random
valid incremental edits (insertions and deletions of text that is typical of typing: names,
``T.``, brackets, colons, newlines, indentation, non-ASCII), sent one ``didChange`` each. The
diagnostics of the last version must be exactly those of the same text opened fresh under
another URI: incremental sync and the worker's reuse of unchanged definitions change nothing,
and every diagnostic range lies inside the text.

    TVM_LSP_BUILD_DIR=build .venv/bin/python3 tests/fuzz/fuzz_server.py \\
        --messages 100000 --sequences 10000 --seed 1 --time-limit 3600

Prints throughput, the error codes seen and every failure (with its seed) and exits 1 when
anything failed. tests/python/lsp/test_fuzz_server.py runs a smaller run in the test command.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import os
import pathlib
import random
import re
import sys
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "lsp" / "protocol"))

import server_pipe  # noqa: E402

CORPUS = ROOT / "tests" / "script_corpus"
# -32803 is LSP's RequestFailed: a rename the server refuses (a keyword, nothing there, ...).
ALLOWED_ERRORS = {-32700, -32600, -32601, -32602, -32002, -32800, -32801, -32803}

CAPABILITIES: Dict[str, Any] = {
    "general": {"positionEncodings": ["utf-16"]},
    "textDocument": {"hover": {"contentFormat": ["markdown"]},
                     "rename": {"prepareSupport": True}},
}

# -- Values ---------------------------------------------------------------------------------

WRONG_VALUES: List[Any] = [
    None, True, -1, 0, 2 ** 31, 2 ** 63, 2 ** 64, -2 ** 63, 1e308, -0.5, "", "3", "\ud800",
    "x" * 5000, "\x00", [], [1, 2], {}, {"line": 1}, [[[[[]]]]], {"a": {"b": {"c": None}}},
]


def odd_string(rng: random.Random) -> str:
    return rng.choice(["", "x", "T.", "\ud83d", "é😀", "\x00\x01", "a" * rng.randint(1, 3000),
                       "file:///", "../../etc/passwd", "%", "\\u0000", "def f():\n  pass\n"])


@dataclasses.dataclass
class Document:
    uri: str
    text: str
    version: int = 1


class Generator:
    """Parameters by method, valid in shape, then bent by ``bend``."""

    def __init__(self, rng: random.Random, documents: Sequence[Document]) -> None:
        self.rng = rng
        self.documents = documents

    def uri(self) -> Any:
        r = self.rng.random()
        if r < 0.8:
            return self.rng.choice(self.documents).uri
        if r < 0.9:
            return "file:///fuzz/not_open_%d.py" % self.rng.randint(0, 9)
        return self.rng.choice(WRONG_VALUES + ["untitled:Untitled-1", "not a uri"])

    def number(self, limit: int) -> Any:
        r = self.rng.random()
        if r < 0.85:
            return self.rng.randint(0, limit)
        return self.rng.choice([-1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 63 - 1, 2 ** 63,
                                2 ** 64, -2 ** 63, 1.5, 1e308, "1", None])

    def position(self) -> Any:
        return {"line": self.number(120), "character": self.number(90)}

    def range(self) -> Any:
        return {"start": self.position(), "end": self.position()}

    def text_document(self) -> Any:
        return {"uri": self.uri()}

    def at(self) -> Dict[str, Any]:
        return {"textDocument": self.text_document(), "position": self.position()}

    def params(self, method: str) -> Any:
        rng = self.rng
        table: Dict[str, Callable[[], Any]] = {
            "textDocument/hover": self.at,
            "textDocument/definition": self.at,
            "textDocument/declaration": self.at,
            "textDocument/documentHighlight": self.at,
            "textDocument/prepareRename": self.at,
            "textDocument/completion": self.at,
            "textDocument/signatureHelp": self.at,
            "textDocument/references": lambda: {
                **self.at(), "context": {"includeDeclaration": rng.random() < 0.5}},
            "textDocument/rename": lambda: {**self.at(), "newName": rng.choice(
                ["y", "for", "T", "1x", "", "é", "x" * 300, "A", "_", "i"])},
            "textDocument/documentSymbol": lambda: {"textDocument": self.text_document()},
            "textDocument/foldingRange": lambda: {"textDocument": self.text_document()},
            "textDocument/semanticTokens/full": lambda: {"textDocument": self.text_document()},
            "textDocument/semanticTokens/full/delta": lambda: {
                "textDocument": self.text_document(), "previousResultId": odd_string(rng)},
            "textDocument/semanticTokens/range": lambda: {
                "textDocument": self.text_document(), "range": self.range()},
            "textDocument/inlayHint": lambda: {
                "textDocument": self.text_document(), "range": self.range()},
            "textDocument/diagnostic": lambda: {"textDocument": self.text_document()},
            "textDocument/selectionRange": lambda: {
                "textDocument": self.text_document(),
                "positions": [self.position() for _ in range(rng.randint(0, 4))]},
            "textDocument/formatting": lambda: {
                "textDocument": self.text_document(),
                "options": {"tabSize": self.number(8), "insertSpaces": rng.random() < 0.9}},
            "textDocument/rangeFormatting": lambda: {
                "textDocument": self.text_document(), "range": self.range(),
                "options": {"tabSize": 4, "insertSpaces": True}},
            "textDocument/codeAction": lambda: {
                "textDocument": self.text_document(), "range": self.range(),
                "context": {"diagnostics": [], "only": rng.choice(
                    [None, ["quickfix"], ["source.format.tvmscript"], ["refactor"], [3]])}},
            "workspace/executeCommand": lambda: {
                "command": rng.choice(["tvmscript.showCanonicalIR", "tvmscript.checkRoundTrip",
                                       "rm -rf", ""]),
                "arguments": rng.choice([[], [{"uri": self.uri(), "position": self.position()}],
                                         [self.uri()], None, [1, 2, 3]])},
            "workspace/symbol": lambda: {"query": odd_string(rng)},
            "completionItem/resolve": lambda: {"label": odd_string(rng),
                                               "data": rng.choice(WRONG_VALUES)},
            "textDocument/frobnicate": lambda: {},
        }
        return table[method]()

    def bend(self, params: Any) -> Any:
        """Usually the params as they are; else one value, key or the whole bent."""
        rng = self.rng
        r = rng.random()
        if r < 0.55:
            return params
        if r < 0.6:
            return rng.choice(WRONG_VALUES)
        flat = list(walk(params))
        if not flat:
            return params
        path, _ = rng.choice(flat)
        action = rng.random()
        if action < 0.5:
            return replace(params, path, rng.choice(WRONG_VALUES))
        if action < 0.8:
            return replace(params, path, REMOVE)
        return replace(params, path[:-1] + ("unknownField",), odd_string(rng)) if path else params


REMOVE = object()


def walk(value: Any, path: Tuple[Any, ...] = ()):
    """Every (path, value) below ``value``, itself excluded."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield path + (key,), item
            yield from walk(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield path + (index,), item
            yield from walk(item, path + (index,))


def replace(value: Any, path: Tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        copy = dict(value)
        if rest:
            copy[head] = replace(copy.get(head), rest, new)
        elif new is REMOVE:
            copy.pop(head, None)
        else:
            copy[head] = new
        return copy
    if isinstance(value, list) and isinstance(head, int) and head < len(value):
        copy = list(value)
        if rest:
            copy[head] = replace(copy[head], rest, new)
        elif new is REMOVE:
            del copy[head]
        else:
            copy[head] = new
        return copy
    return value


REQUESTS = ["textDocument/hover", "textDocument/definition", "textDocument/declaration",
            "textDocument/documentHighlight", "textDocument/prepareRename",
            "textDocument/completion", "textDocument/signatureHelp", "textDocument/references",
            "textDocument/rename", "textDocument/documentSymbol", "textDocument/foldingRange",
            "textDocument/semanticTokens/full", "textDocument/semanticTokens/full/delta",
            "textDocument/semanticTokens/range", "textDocument/inlayHint",
            "textDocument/diagnostic", "textDocument/selectionRange", "textDocument/formatting",
            "textDocument/rangeFormatting", "textDocument/codeAction",
            "workspace/executeCommand", "workspace/symbol", "completionItem/resolve",
            "textDocument/frobnicate"]


# -- Results --------------------------------------------------------------------------------

@dataclasses.dataclass
class Report:
    messages: int = 0
    requests: int = 0
    hostile: int = 0  # of the messages, those of the hostile classes
    # Errors with id null, by code (owed to hostile messages whose id cannot be read).
    null_replies: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    sequences: int = 0
    # Sequences whose last version had diagnostics (the comparison then had something to see).
    with_diagnostics: int = 0
    codes: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    failures: List[str] = dataclasses.field(default_factory=list)
    seconds: float = 0.0

    def fail(self, what: str) -> None:
        if len(self.failures) < 200:
            self.failures.append(what)


# -- Hostile messages -------------------------------------------------------------------------

MAX_VALUES = 1000000  # the server's limits (lsp/server/json_survey.h)
MAX_DEPTH = 512
OVERFLOWS = ["1e400", "-1e400", "1E+400", "-123456789e9999", "1" + "0" * 400 + ".5"]


@dataclasses.dataclass
class Hostile:
    """One raw message and what must answer it: `code` with `request_id`, an error with id null
    (`null_reply`), or nothing (a notification)."""
    text: str
    request_id: Any = None
    code: Optional[int] = None
    null_reply: bool = False


def request_text(request_id: str, method: str, params: str) -> str:
    return ('{"jsonrpc": "2.0", "id": %s, "method": %s, "params": %s}'
            % (request_id, json.dumps(method), params))


def nested(rng: random.Random, inner: str, depth: int) -> str:
    """`inner` inside `depth` arrays or objects."""
    text = inner
    for _ in range(depth):
        text = "[%s]" % text if rng.random() < 0.5 else '{"k": %s}' % text
    return text


def hostile_message(rng: random.Random, request_id: int) -> Hostile:
    """A message of one of the hostile classes, with its one right answer."""
    r = rng.random()
    number = rng.choice(OVERFLOWS)
    method = rng.choice(REQUESTS)
    if r < 0.25:  # an overflowing number somewhere in params: -32602 with the id
        params = nested(rng, number, rng.randint(0, 40))
        if rng.random() < 0.5:  # the id after the number: found by the scan
            text = ('{"jsonrpc": "2.0", "method": %s, "params": %s, "id": %d}'
                    % (json.dumps(method), params, request_id))
        else:
            text = request_text(str(request_id), method, params)
        return Hostile(text, request_id, -32602)
    if r < 0.35:  # elsewhere than params: -32600
        return Hostile('{"jsonrpc": "2.0", "id": %d, "method": "x", "other": %s}'
                       % (request_id, nested(rng, number, rng.randint(0, 5))), request_id, -32600)
    if r < 0.45:  # as the id: it cannot be read
        return Hostile(request_text(number, method, "{}"), null_reply=True)
    if r < 0.6:  # in a notification: nothing answers
        notification = rng.choice(["textDocument/didChange", "textDocument/didOpen", "exit",
                                   "$/cancelRequest", "initialized", "workspace/x"])
        return Hostile('{"jsonrpc": "2.0", "method": %s, "params": %s}'
                       % (json.dumps(notification), nested(rng, number, rng.randint(0, 30))))
    if r < 0.7:  # an underflow is a zero: served (the method's own answer, not checked here)
        return Hostile(request_text(str(request_id), "textDocument/frobnicate",
                                    nested(rng, "1e-400", rng.randint(0, 10))),
                       request_id, -32601)
    if r < 0.85:  # depth at and one past the limit (the message object is level 1)
        depth = rng.choice([MAX_DEPTH - 2, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 200])
        refused = depth + 1 > MAX_DEPTH
        return Hostile(request_text(str(request_id), "x", nested(rng, "0", depth)),
                       request_id, -32602 if refused else -32601)
    if r < 0.852:  # values at and one past the limit (2 MB each: rare): the message's own 9, then the zeros
        zeros = MAX_VALUES - 9 + rng.choice([0, 1])
        refused = zeros + 9 > MAX_VALUES
        return Hostile(request_text(str(request_id), "x", "[" + ",".join(["0"] * zeros) + "]"),
                       request_id, -32602 if refused else -32601)
    # Ids of every JSON type: integers and strings are answered with them, others with null.
    kind = rng.choice(["string", "negative", "large", "null", "true", "float", "array", "object"])
    if kind in ("string", "negative", "large"):
        value = {"string": "s%d" % request_id, "negative": -request_id,
                 "large": 2 ** 63 + request_id}[kind]
        return Hostile(request_text(json.dumps(value), "x", "{}"), value, -32601)
    value = {"null": "null", "true": "true", "float": "%d.5" % request_id, "array": "[1]",
             "object": '{"id": 1}'}[kind]
    return Hostile(request_text(value, "x", "{}"), null_reply=True)


def read_until(server: server_pipe.Server, done: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not done():
        if server._read_one(deadline) is None:
            return False
    return True


class Run:
    def __init__(self, binary: pathlib.Path, seed: int, report: Report) -> None:
        self.server = server_pipe.Server(binary, debounce_ms=0)
        self.rng = random.Random(seed)
        self.report = report
        self.pending: Dict[Any, str] = {}
        self.expected: Dict[Any, int] = {}  # the one error code a hostile request must get
        self.null_replies = 0  # errors with id null still owed (hostile messages)
        self.answered: collections.Counter = collections.Counter()
        self.seen = 0
        reply = self.server.initialize(CAPABILITIES, os.getpid())
        if "result" not in reply:
            report.fail(f"initialize failed: {reply}")
        self.seen = len(self.server.received)

    def alive(self) -> bool:
        if self.server.process.poll() is not None:
            self.report.fail(f"the server ended with {self.server.process.returncode}")
            return False
        return True

    def take_replies(self) -> None:
        """Checks the messages received since the last call."""
        fresh = self.server.received[self.seen:]
        self.seen = len(self.server.received)
        for message in fresh:
            if "method" in message:
                continue
            request_id = message.get("id")
            if request_id is None and "error" in message and self.null_replies > 0:
                self.null_replies -= 1
                self.report.null_replies[message["error"].get("code")] += 1
                continue
            self.answered[request_id] += 1
            if self.answered[request_id] > 1:
                self.report.fail(f"request {request_id} answered twice: {message}")
            if request_id not in self.pending:
                self.report.fail(f"a reply to nothing sent: {message}")
                continue
            method = self.pending.pop(request_id)
            expected = self.expected.pop(request_id, None)
            if expected is not None and message.get("error", {}).get("code") != expected:
                self.report.fail(f"{method}: expected error {expected}, got {message}")
            if "error" in message:
                code = message["error"].get("code")
                self.report.codes[code] += 1
                if code not in ALLOWED_ERRORS:
                    self.report.fail(f"{method} got {message['error']}")
            elif "result" in message:
                self.report.codes["result"] += 1
            else:
                self.report.fail(f"{method}: a reply without result or error: {message}")

    def settle(self, timeout: float) -> bool:
        """Waits until every pending request is answered."""
        ok = read_until(self.server, lambda: (self.take_replies(),
                                              not self.pending and not self.null_replies)[1],
                        timeout)
        if not ok:
            self.report.fail(f"no reply in {timeout} s to {sorted(map(str, self.pending))[:5]}"
                             f" ({self.null_replies} replies with id null owed)")
            self.pending.clear()
            self.null_replies = 0
        return ok

    def stop(self) -> None:
        if self.server.process.poll() is None:
            request_id = self.server.request("shutdown")
            self.pending[request_id] = "shutdown"
            try:
                reply = self.server.reply(request_id, timeout=60)
            except AssertionError:
                self.report.fail("no reply to shutdown in 60 s")
                self.server.process.kill()
                self.server.close()
                return
            self.take_replies()
            if reply.get("result", "missing") is not None:
                self.report.fail(f"shutdown: {reply}")
            self.server.notify("exit")
            code = self.server.wait(30)
            if code != 0:
                self.report.fail(f"shutdown then exit gave {code}")
        self.server.close()


def corpus_texts(limit: Optional[int] = None) -> List[Tuple[str, str]]:
    files = sorted(CORPUS.glob("*.py"))
    if limit is not None:
        files = files[:limit]
    return [(path.stem, path.read_text(encoding="utf-8", errors="surrogateescape"))
            for path in files]


def fuzz_messages(binary: pathlib.Path, count: int, seed: int, report: Report,
                  batch: int = 50, batch_timeout: float = 60.0,
                  deadline: Optional[float] = None, hostile: float = 0.1) -> None:
    run = Run(binary, seed, report)
    rng = run.rng
    texts = corpus_texts()
    documents = [Document(f"file:///fuzz/doc_{i}.py", text)
                 for i, (_, text) in enumerate(rng.sample(texts, 4))]
    for document in documents:
        run.server.open(document.uri, document.text)
    generator = Generator(rng, documents)
    sent = 0
    try:
        while sent < count and run.alive():
            if deadline is not None and time.monotonic() > deadline:
                break
            data = b""
            for _ in range(min(batch, count - sent)):
                data += one_message(run, generator, hostile)
                sent += 1
            run.server.write(data)
            if not run.settle(batch_timeout):
                break
    finally:
        report.messages += sent
        if run.alive():
            run.stop()
        else:
            run.server.close()


def one_message(run: Run, generator: Generator, hostile: float = 0.1) -> bytes:
    rng = run.rng
    if rng.random() < hostile:
        request_id = run.server.next_id
        run.server.next_id += 1
        message = hostile_message(rng, request_id)
        run.report.hostile += 1
        if message.null_reply:
            run.null_replies += 1
        elif message.code is not None:
            run.pending[message.request_id] = "hostile"
            run.expected[message.request_id] = message.code
            run.report.requests += 1
        return server_pipe.frame(message.text.encode())
    r = rng.random()
    if r < 0.7:
        method = rng.choice(REQUESTS)
        request_id: Any = run.server.next_id
        run.server.next_id += 1
        run.pending[request_id] = method
        run.report.requests += 1
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        params = generator.bend(generator.params(method))
        if params is not REMOVE:
            message["params"] = params
        return server_pipe.encode(message)
    # Notifications: edits of the open documents (the server must survive any), cancels,
    # trace and configuration changes. Trust is only ever switched off or sent malformed.
    document = rng.choice(generator.documents)
    choice = rng.random()
    if choice < 0.45:
        document.version += 1
        change: Any = rng.choice([
            {"range": generator.range(), "text": odd_string(rng)},
            {"text": document.text},
            {"range": generator.range()},
        ])
        params: Any = {"textDocument": {"uri": generator.uri(), "version": document.version},
                       "contentChanges": [change]}
        if rng.random() < 0.3:
            params = generator.bend(params)
        method = "textDocument/didChange"
    elif choice < 0.55:
        method, params = "$/cancelRequest", {"id": rng.choice(
            [run.server.next_id - 1, run.server.next_id - 2, "x", None, 2 ** 63])}
    elif choice < 0.62:
        method, params = "textDocument/didOpen", generator.bend({"textDocument": {
            "uri": generator.uri(), "languageId": "python", "version": 1,
            "text": rng.choice([document.text, odd_string(rng)])}})
    elif choice < 0.66:
        method, params = "textDocument/didClose", {"textDocument": {"uri": "file:///fuzz/x.py"}}
    elif choice < 0.74:
        method, params = "textDocument/didSave", generator.bend(
            {"textDocument": {"uri": generator.uri()}})
    elif choice < 0.8:
        method, params = "$/setTrace", {"value": rng.choice(["off", "messages", "bogus", 3])}
    elif choice < 0.9:
        method, params = "workspace/didChangeConfiguration", generator.bend(
            {"settings": {"tvmscript": {"diagnostics": {"on": rng.choice(["type", "x", 1])},
                                        "debounceMs": rng.choice([0, -5, None, "1", 2 ** 40])}}})
    else:
        method, params = "tvmscript/setTrust", rng.choice(
            [{"trusted": False}, {"trusted": "yes"}, {"trusted": 1}, None, [], {}])
    return server_pipe.encode({"jsonrpc": "2.0", "method": method, "params": params})


# -- Edit sequences ------------------------------------------------------------------------

INSERTS = ["x", "T.", "(", ")", "[", "]", ":", ",", "\n", "    ", " + 1", "é", "😀", "for",
           "i", "A[i]", "T.int32(", "\"", "#", "\\", "1.5e", "\n    pass"]


def utf16_position(text: str, index: int) -> Dict[str, int]:
    line_start = text.rfind("\n", 0, index) + 1
    line = text.count("\n", 0, index)
    column = sum(2 if ord(c) > 0xFFFF else 1 for c in text[line_start:index])
    return {"line": line, "character": column}


def utf16_line_lengths(text: str) -> List[int]:
    return [sum(2 if ord(c) > 0xFFFF else 1 for c in line) for line in text.split("\n")]


def protected_prefix(text: str) -> int:
    """Where edits may start: after the last import line, so that the text stays TVMScript (a
    file that stops importing a namespace gets no diagnostics at all, which is right, but then
    there is nothing to compare)."""
    end = 0
    for match in re.finditer(r"^(from|import) [^\n]*\n", text, re.M):
        end = match.end()
    return end


def random_edit(rng: random.Random, text: str) -> Tuple[str, Dict[str, Any]]:
    start = rng.randint(protected_prefix(text), len(text))
    end = min(len(text), start + rng.choice([0, 0, 1, 2, 5, 20, 80]))
    if rng.random() < 0.3:
        insert = ""
    elif rng.random() < 0.8:
        insert = rng.choice(INSERTS)
    else:
        a = rng.randint(0, len(text))
        insert = text[a:a + rng.randint(1, 60)]
    change = {"range": {"start": utf16_position(text, start), "end": utf16_position(text, end)},
              "text": insert}
    return text[:start] + insert + text[end:], change


def normalised(diagnostics: Sequence[Dict[str, Any]], uri: str) -> str:
    return json.dumps(diagnostics, sort_keys=True).replace(json.dumps(uri)[1:-1], "URI")


def check_ranges(diagnostics: Sequence[Dict[str, Any]], text: str) -> Optional[str]:
    lengths = utf16_line_lengths(text)
    for diagnostic in diagnostics:
        for end in ("start", "end"):
            position = diagnostic["range"][end]
            line, character = position["line"], position["character"]
            if not 0 <= line < len(lengths) or not 0 <= character <= lengths[line]:
                return f"diagnostic {diagnostic['code']} has {end} {position} outside the text"
    return None


def fuzz_edits(binary: pathlib.Path, count: int, seed: int, report: Report,
               deadline: Optional[float] = None, timeout: float = 60.0) -> None:
    run = Run(binary, seed, report)
    rng = run.rng
    texts = corpus_texts()
    try:
        for number in range(count):
            if deadline is not None and time.monotonic() > deadline:
                break
            if not run.alive():
                break
            name, text = rng.choice(texts)
            uri = f"file:///fuzz/edit_{number}.py"
            fresh_uri = f"file:///fuzz/fresh_{number}.py"
            run.server.open(uri, text)
            version = 1
            for _ in range(rng.randint(1, 8)):
                text, change = random_edit(rng, text)
                version += 1
                run.server.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            about = f"sequence {number} (seed {seed}, from {name})"
            try:
                edited = wait_version(run.server, uri, version, timeout)
                run.server.open(fresh_uri, text)
                fresh = wait_version(run.server, fresh_uri, 1, timeout)
            except AssertionError as error:
                report.fail(f"{about}: {str(error)[:300]}")
                break
            if normalised(edited, uri) != normalised(fresh, fresh_uri):
                report.fail(f"{about}: incremental diagnostics differ from a fresh open:\n"
                            f"  edited {normalised(edited, uri)[:400]}\n"
                            f"  fresh  {normalised(fresh, fresh_uri)[:400]}")
            report.with_diagnostics += bool(edited)
            bad = check_ranges(edited, text)
            if bad:
                report.fail(f"{about}: {bad}")
            for closing in (uri, fresh_uri):
                run.server.notify("textDocument/didClose", {"textDocument": {"uri": closing}})
            run.server.received.clear()
            run.seen = 0
            report.sequences += 1
    finally:
        if run.alive():
            run.stop()
        else:
            run.server.close()


def wait_version(server: server_pipe.Server, uri: str, version: int,
                 timeout: float) -> List[Dict[str, Any]]:
    return server.next_message(
        lambda m: m.get("method") == "textDocument/publishDiagnostics"
        and m["params"]["uri"] == uri and m["params"].get("version") == version,
        timeout)["params"]["diagnostics"]


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=100000)
    parser.add_argument("--sequences", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=3600.0,
                        help="seconds for the whole run; each part gets its share")
    parser.add_argument("--restart-every", type=int, default=20000,
                        help="messages per server process (a fresh one after that many)")
    parser.add_argument("--binary", type=pathlib.Path,
                        default=pathlib.Path(os.environ.get("TVM_LSP_BUILD_DIR",
                                                            str(ROOT / "build")))
                        / "lsp" / "tvm-lsp")
    args = parser.parse_args(argv)
    report = Report()
    start = time.monotonic()
    halfway = start + args.time_limit / 2
    seed = args.seed
    while report.messages < args.messages and time.monotonic() < halfway:
        fuzz_messages(args.binary, min(args.restart_every, args.messages - report.messages),
                      seed, report, deadline=halfway)
        seed += 1
        print(f"messages: {report.messages} in {time.monotonic() - start:.0f} s, "
              f"{len(report.failures)} failures", flush=True)
    middle = time.monotonic()
    messages_seconds = middle - start
    end = start + args.time_limit
    while report.sequences < args.sequences and time.monotonic() < end:
        fuzz_edits(args.binary, min(1000, args.sequences - report.sequences), seed, report,
                   deadline=end)
        seed += 1
        print(f"edit sequences: {report.sequences} in {time.monotonic() - middle:.0f} s, "
              f"{len(report.failures)} failures", flush=True)
    report.seconds = time.monotonic() - start
    print(f"\n{report.messages} messages ({report.requests} requests, {report.hostile} hostile)"
          f" in {messages_seconds:.0f}"
          f" s; {report.sequences} edit sequences ({report.with_diagnostics} ending with "
          f"diagnostics) in {report.seconds - messages_seconds:.0f} s")
    print("replies: " + ", ".join(f"{code}: {n}" for code, n in sorted(
        report.codes.items(), key=lambda item: str(item[0]))))
    print("replies with id null: " + ", ".join(f"{code}: {n}" for code, n in sorted(
        report.null_replies.items())))
    for failure in report.failures:
        print("FAIL " + failure)
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
