"""What a script namespace member that ours lacks means: a name the oracles' namespaces have
(``recorded_members.json``, derived from tests/oracle_records by
scripts/oracle/recorded_members.py) is *not analysed yet*, an information and never an error;
any other name is an error, with the closest names when one is near (issue 23, item 3).

The record is data, read once, never code: it only chooses which of two exceptions a missing
member raises."""

from __future__ import annotations

import difflib
import functools
import json
import pathlib
from dataclasses import dataclass
from typing import Dict, FrozenSet, Iterable, Set, Tuple

INFORMATION = 3  # LSP's severity number (parser/report.py spells the four)


class NotAnalysedYet(NotImplementedError, AttributeError):
    """A member an oracle's namespace has and ours does not build yet. Reported as an
    information of code ``not-implemented-error`` at its span; an AttributeError too, so
    ``hasattr`` and ``getattr(..., default)`` treat it as absent."""

    severity = INFORMATION


class NoEquivalentYet(NotAnalysedYet, ValueError):
    """An option of Apache TVM's buffers (``offset_factor``, ``layout``, ``allocated_addr``,
    ...) that TIRx tensors have no counterpart for yet: valid Apache code, so an information
    like any member not analysed yet (and a ValueError for Python callers, as before)."""


@dataclass(frozen=True)
class _Record:
    """``recorded_members.json``, read once."""

    paths: Dict[str, Dict[str, FrozenSet[str]]]
    """alias -> oracle -> the dotted paths its namespace has."""
    children: Dict[str, Dict[str, FrozenSet[str]]]
    """alias -> a path's head ("" for the top) -> the names under it, in any oracle."""
    versions: Dict[str, str]
    """``{"reference": "apache-tvm-tirx 0.1.0a4", "apache": "apache-tvm 0.27.0.post1"}``."""


@functools.lru_cache(maxsize=None)
def _record() -> _Record:
    data = json.loads(pathlib.Path(__file__).with_name("recorded_members.json").read_text())
    paths = {alias: {oracle: frozenset(found) for oracle, found in data[alias].items()}
             for alias in ("T", "I")}
    children: Dict[str, Dict[str, Set[str]]] = {}
    for alias, oracles in paths.items():
        under = children.setdefault(alias, {})
        for found in oracles.values():
            for path in found:
                head, _, leaf = path.rpartition(".")
                under.setdefault(head, set()).add(leaf)
    return _Record(paths, {alias: {head: frozenset(leaves) for head, leaves in under.items()}
                           for alias, under in children.items()},
                   dict(zip(("reference", "apache"), data["oracles"])))


def recorded_in(alias: str, path: str) -> Tuple[str, ...]:
    """The oracles (``reference``, ``apache``) whose namespace ``alias`` has ``path``
    (``device_entry``, ``ptx.bar_sync``)."""
    return tuple(oracle for oracle, paths in _record().paths.get(alias, {}).items()
                 if path in paths)


def missing_member(alias: str, path: str, ours: Iterable[str]) -> AttributeError:
    """The error for ``alias.path`` that our namespace lacks: NotAnalysedYet when an oracle
    records it, else an AttributeError naming the closest of ``ours`` and the recorded
    names."""
    if path.startswith("_") or "._" in path:  # protocol probes (`__wrapped__`): no search
        return AttributeError(f"`{alias}` has no attribute `{path}`")
    where = recorded_in(alias, path)
    if where:
        whose = " and ".join(_record().versions[oracle] for oracle in where)
        return NotAnalysedYet(f"`{alias}.{path}` is not analysed yet: it is a member of "
                              f"`{alias}` in {whose}, which this frontend does not build yet")
    head, _, leaf = path.rpartition(".")
    known = set(_record().children.get(alias, {}).get(head, ()))
    if not head:
        known.update(ours)
    close = difflib.get_close_matches(leaf, sorted(n for n in known if not n.startswith("_")),
                                      n=3, cutoff=0.75)
    owner = f"{alias}.{head}" if head else alias
    spelled = [f"`{owner}.{name}`" for name in close]
    hint = "" if not close else "; did you mean " + (
        spelled[0] if len(spelled) == 1 else ", ".join(spelled[:-1]) + " or " + spelled[-1]) + "?"
    return AttributeError(f"`{alias}.{path}` is not a member of `{owner}`{hint}")


__all__ = ["INFORMATION", "NoEquivalentYet", "NotAnalysedYet", "missing_member", "recorded_in"]
