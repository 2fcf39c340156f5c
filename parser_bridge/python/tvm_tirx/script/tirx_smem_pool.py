"""apache-tvm 0.27's ``T.SMEMPool`` (docs/frontend.md, "Layouts"): a bump allocator over one
dynamic shared-memory buffer, which builds only IR ours has:

- ``pool = T.SMEMPool()``: the buffer ``pool_buf = T.alloc_buffer((0,), "uint8",
  scope="shared.dyn")`` (named after the pool, as 0.27 names it); ``T.SMEMPool(ptr)`` allocates
  from a pointer the kernel owns and allocates nothing;
- ``A = pool.alloc(shape, dtype, strides=None, scope="shared.dyn", align=0, layout="default")``:
  ``T.decl_buffer(shape, dtype, data=pool_buf.data, elem_offset=...)`` at the pool's offset
  (rounded up to ``align`` bytes first), which then moves past it; ``pool.move_base_to(bytes)``;
- ``pool.commit(size=None)``: the attribute ``tirx.dyn_smem_bytes`` (an int64, the high-water mark
  unless ``size`` is given) over an empty body, once every allocation is made.
"""

from __future__ import annotations

import math
from typing import Any, Optional

from tvm_ffi import get_global_func

from .. import ir as _ir
from ..stmt import AttrStmt, SeqStmt
from .builder import Loc, NamedByBinding
from .recorded import NotAnalysedYet
from .tirx_builder import PendingTensor, dtype_of, emit_
from .tirx_builder import bind_ as _bind
from .tirx_layout import dtype_bits
from .tirx_legacy import alloc_buffer, decl_buffer

_make_const = get_global_func("tirx.make_const")


class SMEMPoolAllocator:
    """A pool made by ``pool = T.SMEMPool()``; untrusted text may read only the members below."""

    __tvm_script_members__ = frozenset(("alloc", "alloc_tcgen05_mma_AB", "buf", "commit",
                                        "max_offset", "move_base_to", "offset", "ptr"))

    def __init__(self, buf: Any, ptr: Any) -> None:
        self.buf = buf
        self.ptr = ptr
        self.offset = 0
        self.max_offset = 0

    def alloc(self, shape: Any, dtype: Any = "float32", strides: Any = None,
              scope: str = "shared.dyn", align: int = 0, layout: Any = "default") -> PendingTensor:
        """The next ``shape`` of ``dtype`` in the pool, ``align`` bytes aligned."""
        if not isinstance(align, int) or isinstance(align, bool) or align < 0:
            raise TypeError(f"`pool.alloc`: `align` is a byte count, got {align!r}")
        extents = list(shape) if isinstance(shape, (tuple, list)) else [shape]
        if not all(isinstance(e, int) and not isinstance(e, bool) for e in extents):
            raise NotAnalysedYet("`pool.alloc` of a shape that is not constant is not analysed "
                                 "yet (the pool's offsets would be expressions)")
        if align > 0:
            self.offset = (self.offset + align - 1) // align * align
        bits = dtype_bits(str(dtype_of(dtype)))
        end = self.offset + (math.prod(extents) * bits + 7) // 8
        if end >= 1 << 62:  # no pool is that large; bounds the ints untrusted text makes here
            raise ValueError(f"`pool.alloc`: the pool would end at byte {end}, past 2**62")
        pending = decl_buffer(extents, dtype, self.ptr, strides, self.offset * 8 // bits,
                              scope=scope, align=align, layout=layout)
        self.offset = end
        self.max_offset = max(self.max_offset, self.offset) if self.buf is not None else 0
        return pending

    def alloc_tcgen05_mma_AB(self, shape: Any, dtype: Any = "float16",  # noqa: N802 - 0.27's
                             swizzle_mode: Any = "auto", align: int = 1024) -> Any:
        raise NotAnalysedYet("`pool.alloc_tcgen05_mma_AB` (a swizzled tensor-core operand "
                             "layout) is not analysed yet")

    def move_base_to(self, offset: int) -> None:
        """Allocations go on from byte ``offset``."""
        if not isinstance(offset, int) or isinstance(offset, bool) or not 0 <= offset < 1 << 62:
            raise TypeError(f"`pool.move_base_to` takes a byte offset, got {offset!r}")
        self.offset = offset
        if self.buf is not None:
            self.max_offset = max(self.max_offset, offset)

    def commit(self, size: Optional[int] = None) -> None:
        """The pool's size as the kernel's dynamic shared memory, after its allocations; a pool
        over a given pointer has nothing to say."""
        if self.buf is None:
            return
        resolved = self.max_offset if size is None else size
        if not isinstance(resolved, int) or isinstance(resolved, bool):
            raise TypeError(f"`pool.commit` takes a size in bytes, got {resolved!r}")
        if resolved < self.max_offset:
            raise ValueError(f"Specified smem size ({resolved}) is smaller than the pool "
                             f"high-water mark ({self.max_offset})")
        # 0.27's body is `T.evaluate(0)`, which ours (and the reference) reads as no statement.
        emit_(AttrStmt(_make_const(_ir.PrimType("int32"), 0), "tirx.dyn_smem_bytes",
                       _make_const(_ir.PrimType("int64"), resolved), SeqStmt([])))


class _PendingPool(NamedByBinding):
    """``T.SMEMPool(...)`` before its assignment names the pool (and so its buffer)."""

    def __init__(self, ptr: Any) -> None:
        self.ptr = ptr

    def bind(self, name: str, *, loc: Optional[Loc] = None, name_loc: Optional[Loc] = None,
             ty: Any = None) -> SMEMPoolAllocator:
        if ty is not None:
            raise TypeError(f"`{name}` is a shared-memory pool: it takes no annotation")
        if self.ptr is not None:
            return SMEMPoolAllocator(None, self.ptr)
        buf = _bind(alloc_buffer([0], "uint8", scope="shared.dyn"), f"{name}_buf", loc=loc)
        return SMEMPoolAllocator(buf, buf.data)

    def unassigned_error(self) -> Exception:
        return ValueError("`T.SMEMPool()` must be assigned to a name: its allocations are "
                          "made through it")

    def __repr__(self) -> str:
        return "T.SMEMPool(...)"


def SMEMPool(ptr: Any = None) -> _PendingPool:  # noqa: N802 - apache-tvm 0.27's name
    """``pool = T.SMEMPool()`` (apache-tvm 0.27): a bump allocator over one dynamic
    shared-memory buffer; ``pool.alloc(shape, dtype)``, ``pool.move_base_to(bytes)``,
    ``pool.commit()``."""
    return _PendingPool(ptr)
