"""``T.nvshmem``: NVSHMEM's device calls (issue 23, item 2), the reference's members.

Each is the intrinsic ``tirx.nvshmem.<name>`` (core/tirx/src/cuda_library_intrinsics.cc), made
here with the reference's parameter names, so Apache TVM's keyword calls read
(``T.nvshmem.signal_op(sig_addr=..., signal=1, sig_op="add", pe=0)``), and ``wait_until``'s
default ``type="uint64_t"``. The transfers have a per-warp and a per-CTA form, spelled
both ways, as the reference has them: ``T.nvshmem.getmem_nbi_warp(...)`` (how both oracles' ops
are named, and how ours prints) and ``T.nvshmem.getmem_nbi.warp(...)``
(``transfer_namespaces``).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Mapping

from .tirx_intrinsics import intrinsic_call, refines_intrinsic_as

TRANSFERS = ("getmem_nbi", "putmem_nbi", "putmem_signal_nbi")
"""The transfers that have ``_warp`` and ``_block`` forms."""

SCOPES = ("warp", "block")


def _refines(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return refines_intrinsic_as(f"nvshmem.{name}")


def _transfer(name: str) -> None:
    @_refines(name)
    def member(dst: Any, src: Any, nelems: Any, pe: Any, *, ty: Any = None) -> Any:
        return intrinsic_call(f"nvshmem.{name}", [dst, src, nelems, pe], ty)

    member.__doc__ = (f"``T.nvshmem.{name}(dst, src, nelems, pe)``: copies ``nelems`` bytes "
                      f"{'from' if name.startswith('get') else 'to'} the PE ``pe`` without "
                      "blocking (a statement).")


def _signalled_transfer(name: str) -> None:
    @_refines(name)
    def member(dst: Any, src: Any, nelems: Any, sig_addr: Any, signal: Any, sig_op: Any,
               pe: Any, *, ty: Any = None) -> Any:
        return intrinsic_call(f"nvshmem.{name}", [dst, src, nelems, sig_addr, signal, sig_op,
                                                  pe], ty)

    member.__doc__ = (f"``T.nvshmem.{name}(dst, src, nelems, sig_addr, signal, sig_op, pe)``: "
                      "copies ``nelems`` bytes to the PE ``pe``, then updates its signal word "
                      "(a statement).")


for _scope in ("", *(f"_{s}" for s in SCOPES)):
    _transfer(f"getmem_nbi{_scope}")
    _transfer(f"putmem_nbi{_scope}")
    _signalled_transfer(f"putmem_signal_nbi{_scope}")


@_refines("signal_op")
def _signal_op(sig_addr: Any, signal: Any, sig_op: Any, pe: Any, *, ty: Any = None) -> Any:
    """``T.nvshmem.signal_op(sig_addr, signal, sig_op, pe)``: sets (``"set"``) or adds to
    (``"add"``) the signal word at ``sig_addr`` on the PE ``pe`` (a statement)."""
    return intrinsic_call("nvshmem.signal_op", [sig_addr, signal, sig_op, pe], ty)


@_refines("wait_until")
def _wait_until(ivar: Any, cmp: Any, cmp_value: Any, type: Any = "uint64_t", *,  # noqa: A002
                ty: Any = None) -> Any:
    """``T.nvshmem.wait_until(ivar, cmp, cmp_value, type="uint64_t")``: waits until the word
    at ``ivar`` compares true (``"eq"``, ``"ne"``, ``"gt"``, ``"ge"``, ``"lt"``, ``"le"``) with
    ``cmp_value``; ``type`` is the word's C type (a statement)."""
    return intrinsic_call("nvshmem.wait_until", [ivar, cmp, cmp_value, type], ty)


class ScopedTransfer:
    """``T.nvshmem.getmem_nbi``: the per-thread call, and its ``.warp`` and ``.block`` forms."""

    __tvm_script_members__ = frozenset(SCOPES)
    __slots__ = ("_call", "warp", "block")

    def __init__(self, call: Callable[..., Any], warp: Callable[..., Any],
                 block: Callable[..., Any]) -> None:
        self._call = call
        self.warp = warp
        self.block = block

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._call(*args, **kwargs)

    def __repr__(self) -> str:
        return f"T.{self._call.__name__}"


def transfer_namespaces(members: Mapping[str, Callable[..., Any]]) -> Dict[str, Any]:
    """``T.nvshmem``'s members (the intrinsics under ``nvshmem.``, by leaf name) with each
    transfer made a ``ScopedTransfer`` of its scoped forms."""
    found: Dict[str, Any] = dict(members)
    for name in TRANSFERS:
        found[name] = ScopedTransfer(members[name], members[f"{name}_warp"],
                                     members[f"{name}_block"])
    return found


__all__ = ["SCOPES", "ScopedTransfer", "TRANSFERS", "transfer_namespaces"]
