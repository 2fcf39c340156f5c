"""The main job's scripted editor session: ``tvm-lsp --stdio`` driven as an editor drives it,
over the example files, printing what a user would see: each file's diagnostics, one hover,
and the formatting edits (docs/lsp.md).

    python examples/editor_session/session.py BUILD_DIR

Runs from the repository root; exits non-zero when the server does not answer as expected.
"""

from __future__ import annotations

import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lsp" / "protocol"))

from server_pipe import Server  # noqa: E402

FILES = ["vector_add.py", "work_in_progress.py"]


def where(range_: dict) -> str:
    start, end = range_["start"], range_["end"]
    return f"{start['line'] + 1}:{start['character'] + 1}-{end['line'] + 1}:{end['character'] + 1}"


def main(build_dir: pathlib.Path) -> int:
    server = Server(build_dir / "lsp" / "tvm-lsp")
    try:
        reply = server.initialize()
        print("initialize: positionEncoding",
              reply["result"]["capabilities"]["positionEncoding"])
        for name in FILES:
            uri = (REPO / "examples" / "tvmscript" / name).as_uri()
            server.open(uri, (REPO / "examples" / "tvmscript" / name).read_text())
            published = server.diagnostics(uri)
            print(f"diagnostics of {name} (version {published['version']}):",
                  len(published["diagnostics"]))
            for diagnostic in published["diagnostics"]:
                print(f"  {where(diagnostic['range'])} {diagnostic['code']}: "
                      f"{diagnostic['message']}")
        uri = (REPO / "examples" / "tvmscript" / "vector_add.py").as_uri()
        hover = server.call("textDocument/hover", {"textDocument": {"uri": uri},
                                                    "position": {"line": 9, "character": 20}})
        print("hover at vector_add.py 10:21, over", where(hover["result"]["range"]))
        for line in hover["result"]["contents"]["value"].splitlines():
            print(("  | " + line).rstrip())
        uri = (REPO / "examples" / "tvmscript" / "work_in_progress.py").as_uri()
        edits = server.call("textDocument/formatting", {"textDocument": {"uri": uri},
                                                         "options": {"tabSize": 4,
                                                                     "insertSpaces": True}})
        print("formatting work_in_progress.py:", len(edits["result"]), "edits")
        for message in server.received:
            if message.get("method") == "window/logMessage" and "formatting" in \
                    message["params"]["message"]:
                print(" ", message["params"]["message"])
        code = server.stop()
        print("shutdown, exit: exit code", code)
        return code
    finally:
        server.close()


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1])))
