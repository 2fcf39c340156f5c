"""The main job's scripted editor session (examples/editor_session/session.py): its whole
output, what a user of the server sees on the example files."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[3]
SESSION = REPO / "examples" / "editor_session"


def test_the_session_prints_what_the_user_sees() -> None:
    result = subprocess.run([sys.executable, str(SESSION / "session.py"),
                             os.environ["TVM_LSP_BUILD_DIR"]],
                            cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (SESSION / "expected_output.txt").read_text()
