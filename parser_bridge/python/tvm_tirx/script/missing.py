"""``T.MISSING`` / ``I.MISSING``: the builder protocol's "no value given", distinct from None
(which may be a value). One object, compared with ``is``."""

from __future__ import annotations


class _Missing:
    """The builder protocol's "no value given", distinct from None; compare with ``is``."""

    def __repr__(self) -> str:
        return "<MISSING>"

    def __reduce__(self) -> str:
        return "MISSING"  # pickles as the module attribute: still the one object


MISSING = _Missing()
