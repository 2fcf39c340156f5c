"""The record of one program: what the reference says of its source, of its own print, and of
our print (runs in the oracle venv only; our print comes in as text)."""

from __future__ import annotations

import hashlib
import pathlib
from typing import Any, Dict, Optional

from reference_reader import Reading, first_mismatch, read_file, script_of


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Workspace:
    """A temporary folder for prints, which the reference can only read from files, and the
    replacements that keep its messages free of machine-specific paths."""

    def __init__(self, folder: pathlib.Path, root: pathlib.Path) -> None:
        self.folder = folder
        self.replacements = {str(folder): "<tmp>", str(root) + "/": ""}

    def read(self, path: pathlib.Path, *, provide_namespaces: bool) -> Reading:
        return read_file(path, provide_namespaces=provide_namespaces,
                         replacements=self.replacements)

    def read_text(self, text: str, file_name: str) -> Reading:
        """The reference's reading of a print (its namespace import is only a comment)."""
        path = self.folder / file_name
        path.write_text(text, encoding="utf-8")
        return self.read(path, provide_namespaces=True)


def _compare(original: Reading, reading: Reading) -> Dict[str, Any]:
    """``accepted``/``error`` of a reading, and whether it is the IR of ``original``."""
    result: Dict[str, Any] = {"accepted": reading.accepted, "error": reading.error}
    if reading.accepted and original.accepted:
        try:
            mismatch = first_mismatch(original.definition, reading.definition)
        except Exception as exc:  # noqa: BLE001
            mismatch = f"<structural_equal raised {type(exc).__name__}>"
        result["equal"] = mismatch is None
        result["mismatch"] = mismatch
    return result


def _reference_part(source: Reading, workspace: Workspace, stem: str) -> Dict[str, Any]:
    part: Dict[str, Any] = {"accepted": source.accepted, "error": source.error}
    if not source.accepted:
        return part
    printed, part["print_error"] = script_of(source.definition, workspace.replacements)
    part["print"] = printed
    if printed is not None:
        again = workspace.read_text(printed, f"{stem}__reference.py")
        part["round_trip"] = _compare(source, again)
    return part


def program_record(source_path: pathlib.Path, relative: str, our_print: Optional[str],
                   workspace: Workspace) -> Dict[str, Any]:
    """The record of the program at ``source_path`` (``relative`` to the repository root).

    ``our_print`` is our canonical print of it (the golden for a corpus program), or None when
    ours rejects it; then there is nothing for the reference to read back."""
    text = source_path.read_text(encoding="utf-8")
    source = workspace.read(source_path, provide_namespaces=False)
    stem = source_path.stem
    record: Dict[str, Any] = {
        "program": relative,
        "source_sha256": sha256(text),
        "reference": _reference_part(source, workspace, stem),
        "read_back": None,
    }
    if our_print is not None:
        reading = workspace.read_text(our_print, f"{stem}__ours.py")
        record["read_back"] = {"print_sha256": sha256(our_print), **_compare(source, reading)}
    return record


__all__ = ["Workspace", "program_record", "sha256"]
