"""Fixtures the server's tests share."""

from __future__ import annotations

import pathlib

import pytest


@pytest.fixture
def user_home(tmp_path, monkeypatch) -> pathlib.Path:
    """A home of the test's own, with no configuration, so the real user's never counts (its
    trusted folders would change what the server analyses)."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    return home
