"""The main job of the foundation stage: a C++ executable embedding Python hands objects to
Python and back. Its whole output is checked, including that every object returned is the
very object C++ made (same_as), which only holds with one core library in the process."""

import os
import pathlib
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[3]
BUILD = pathlib.Path(os.environ.get("TVM_LSP_BUILD_DIR", REPO / "build"))
EXAMPLE = BUILD / "examples" / "ffi_roundtrip" / "ffi_roundtrip"
EXPECTED = REPO / "examples" / "ffi_roundtrip" / "expected_output.txt"


def run_example() -> subprocess.CompletedProcess:
    assert EXAMPLE.exists(), f"{EXAMPLE} is not built: run scripts/setup.sh"
    return subprocess.run([str(EXAMPLE)], cwd=REPO, capture_output=True, text=True, timeout=120)


def test_output_matches_golden_text_exactly():
    result = run_example()
    assert result.returncode == 0, result.stderr
    assert result.stdout == EXPECTED.read_text()


def test_every_object_returned_is_the_original():
    lines = run_example().stdout.splitlines()
    same = [line for line in lines if "same_as original:" in line]
    assert len(same) == 6
    for line in same:
        if line.strip().startswith("#5 str"):
            assert "same_as original: false, equal: true" in line  # strings are values
        else:
            assert "same_as original: true, equal: true" in line
    assert "[C++] every object came back as the same object: true" in lines


def test_object_made_in_python_is_recognised_in_cpp():
    lines = run_example().stdout.splitlines()
    assert "  #6 testing.TestIntPair a=3 b=4 (made in Python; IsInstance<TestIntPairObj>: true)" in lines
    assert "[Python] C++ and Python agree on the type index of testing.TestIntPair: True" in lines


def test_missing_example_script_fails_with_a_clear_error():
    env = dict(os.environ, TVM_LSP_EXAMPLE_DIR="/nonexistent/example/dir")
    result = subprocess.run(
        [str(EXAMPLE)], cwd=REPO, capture_output=True, text=True, timeout=120, env=env
    )
    assert result.returncode != 0
    assert "No module named 'roundtrip'" in result.stderr
