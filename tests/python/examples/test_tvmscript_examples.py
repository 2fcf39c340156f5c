"""The main job's frontend stage: `python -m tvm_tirx.script.check` over examples/tvmscript/.
Its whole output is golden; the checker's exit codes are checked too."""

import os
import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[3]
BUILD = pathlib.Path(os.environ.get("TVM_LSP_BUILD_DIR", REPO / "build"))
EXAMPLES = sorted((REPO / "examples" / "tvmscript").glob("*.py"))
EXPECTED = REPO / "examples" / "tvmscript" / "expected_output.txt"


def run_check(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(BUILD / "parser_bridge" / "python"))
    return subprocess.run([sys.executable, "-m", "tvm_tirx.script.check", *args], cwd=REPO,
                          env=env, capture_output=True, text=True, timeout=120)


def test_output_matches_golden_text_exactly():
    files = [str(p.relative_to(REPO)) for p in EXAMPLES]
    result = run_check("--exit-zero", *files)
    assert result.returncode == 0, result.stderr
    assert result.stdout == EXPECTED.read_text()


def test_exit_status_tells_errors_and_unreadable_files():
    assert run_check("examples/tvmscript/vector_add.py").returncode == 0
    assert run_check("examples/tvmscript/work_in_progress.py").returncode == 1
    missing = run_check("examples/tvmscript/no_such_file.py")
    assert missing.returncode == 2
    assert "no_such_file.py: cannot read" in missing.stderr
