"""TVMScript for TIRx: ``parse``, ``from_source`` and the script namespaces.

Source picks its own aliases: ``from tvm_tirx.script import tirx as T`` (or ``ir as I``); the
parser provides no implicit ``T`` or ``I``.
"""

from . import ir, tirx
from .builder import IRBuilder
from .decorators import DEFINITION_KIND, DefinitionKind
from .parser.diagnostics import ParseReport, parse_diagnostics
from .parser.entry import error_location, from_source, parse

__all__ = [
    "DEFINITION_KIND", "DefinitionKind", "IRBuilder", "ParseReport", "error_location",
    "from_source", "ir", "parse", "parse_diagnostics", "tirx",
]
