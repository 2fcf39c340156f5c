"""The memory-access intrinsics of ``T`` beyond loads and stores (issue 10, item 3):
``T.prefetch`` (a cache hint); ``T.masked_load`` and ``T.masked_store`` are tirx_masked.py's.

Signatures are the reference's (tests/oracle_records/namespaces.json); each builds a call of the
registered op ``tirx.<name>``, whose type rule (core/tirx/src/memory_intrinsics.cc) checks the
operands and gives the result type. It refines the registry's member (``op_api`` marks it
``@refines_intrinsic``).
"""

from __future__ import annotations

from .tirx_runtime import op_api as _op_api

prefetch = _op_api(
    "prefetch", ("ptr", "rw", "locality", "cache_type"),
    "``T.prefetch(A.data, rw, locality, cache_type)``: a hint to fetch what the pointer "
    "addresses into the cache (a statement); ``rw`` 0 for a read, 1 for a write, ``locality`` "
    "0 to 3, ``cache_type`` 1 for data.")

