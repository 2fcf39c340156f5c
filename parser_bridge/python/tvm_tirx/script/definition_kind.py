"""How the parser treats each decorated definition: ``DefinitionKind`` and the ``DEFINITION_KIND``
table, which ``tvm_tirx.script.parser.protocol_registry`` exposes. A leaf module, so that the
decorators record their kinds without importing the parser package (which imports them).
"""

from __future__ import annotations

import enum
from typing import Dict


class DefinitionKind(enum.Enum):
    """How the parser treats a decorated definition."""

    FUNCTION = "function"
    """Builds IR now (standalone) or at module construction (module member); JIT too."""
    MACRO = "macro"
    """Builds IR in the caller's context when called from script code (macro, inline)."""
    PYTHON = "python"
    """Kept as an ordinary Python callable (``I.pyfunc``)."""


DEFINITION_KIND: Dict[str, DefinitionKind] = {}
"""The kind of every decorator by its namespace path (``"tirx.macro"``: MACRO), filled in as the
decorator factories create decorators."""


__all__ = ["DEFINITION_KIND", "DefinitionKind"]
