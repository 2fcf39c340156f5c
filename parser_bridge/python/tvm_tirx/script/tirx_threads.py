"""Thread launches: ``T.launch_thread`` (the reference's) and ``T.env_thread`` (Apache TVM's).

``with T.launch_thread("threadIdx.x", 32) as tx:`` runs its body on 32 threads of the axis,
``tx`` the thread's index, typed as the extent (``tirx.LaunchThread``; the reference builds a
region of op ``tirx.launch_thread``). Apache TVM's spellings build the same statement:

- ``tx = T.launch_thread("threadIdx.x", 32)`` without ``with``: a bare frame, open until the
  end of the enclosing block (``builder.enter_bare``), ``tx`` its variable;
- ``tx = T.env_thread("threadIdx.x")`` then ``T.launch_thread(tx, 32)`` (bare or with
  ``with``): the launch defines ``tx``, a literal extent taking its type (int32 unless
  ``dtype=`` says otherwise).
"""

from __future__ import annotations

from typing import Any, Optional

from tvm_ffi import get_global_func, register_object

from .builder import Frame, Loc, NamedByBinding, span_of
from .recorded import NotAnalysedYet

_launch = get_global_func("tirx.builder.LaunchThread")
_env_thread = get_global_func("tirx.builder.EnvThread")


@register_object("tirx.builder.LaunchThreadFrame")
class LaunchThreadFrame(Frame):
    """A thread launch: ``with`` gives its variable."""

    def __enter__(self) -> Any:  # type: ignore[override]
        Frame.__enter__(self)
        return self.var


class LaunchThreadSpec:
    """``T.launch_thread(thread, extent)`` before the statement that opens it names it: a
    ``with`` (its ``as`` name), an assignment (its target) or a bare statement."""

    def __init__(self, thread: Any, extent: Any) -> None:
        self.thread = thread
        self.extent = extent

    def frame(self, name: Optional[str], loc: Optional[Loc] = None,
              name_loc: Optional[Loc] = None) -> LaunchThreadFrame:
        return _launch(self.thread, self.extent, name or "v", span_of(loc),
                       span_of(name_loc if name_loc is not None else loc))

    def __repr__(self) -> str:
        return f"T.launch_thread({self.thread!r}, {self.extent!r})"


def launch_thread(thread_tag: Any, extent: Any, *, attrs: Any = None,
                  body_params: Any = None) -> LaunchThreadSpec:
    """Launch a hardware or virtual thread with a fresh lexical variable.

    ``with T.launch_thread("threadIdx.x", 32) as tx:`` runs the body on 32 threads of the
    axis ``threadIdx.x``, ``tx`` the thread's index; the extent determines its integer type.
    Tags starting with ``vthread`` denote virtual threads. Apache TVM's spellings are read
    too: ``tx = T.launch_thread("threadIdx.x", 32)`` (open until the end of the block) and
    ``T.launch_thread(tx, 32)`` of a ``tx = T.env_thread("threadIdx.x")``. ``attrs`` and
    ``body_params`` are the reference's region options and must be left out."""
    if attrs or body_params:
        raise NotAnalysedYet("`T.launch_thread(..., attrs=, body_params=)` is not "
                             "supported: name the thread with `as tx`")
    if not isinstance(thread_tag, str) and not hasattr(thread_tag, "ty"):
        raise TypeError(f"`T.launch_thread` takes a thread tag (\"threadIdx.x\") or a "
                        f"`T.env_thread` variable, got `{type(thread_tag).__name__}`")
    return LaunchThreadSpec(thread_tag, extent)


class EnvThread(NamedByBinding):
    """``tx = T.env_thread("threadIdx.x")`` (Apache TVM): the index variable of a thread axis,
    defined by the ``T.launch_thread(tx, extent)`` that launches it."""

    def __init__(self, thread_tag: str, dtype: Any) -> None:
        self.thread_tag = thread_tag
        self.dtype = dtype

    def bind(self, name: str, *, loc: Optional[Loc] = None, name_loc: Optional[Loc] = None,
             ty: Any = None) -> Any:
        if ty is not None:
            raise TypeError(f"`{name}: ...` annotates a thread variable: give its type with "
                            "`T.env_thread(..., dtype=...)`")
        dtype = self.dtype.dtype if hasattr(self.dtype, "dtype") else self.dtype
        return _env_thread(name, self.thread_tag, dtype,
                           span_of(name_loc if name_loc is not None else loc))

    def __repr__(self) -> str:
        return f"T.env_thread({self.thread_tag!r})"


def env_thread(thread_tag: str, dtype: Any = "int32") -> EnvThread:
    """``tx = T.env_thread("threadIdx.x")`` (Apache TVM's spelling): the index variable of a
    thread axis, which ``T.launch_thread(tx, extent)`` launches; ``dtype`` its type."""
    if not isinstance(thread_tag, str):
        raise TypeError(f"`T.env_thread` takes a thread tag such as \"threadIdx.x\", got "
                        f"`{type(thread_tag).__name__}`")
    return EnvThread(thread_tag, dtype)


__all__ = ["EnvThread", "LaunchThreadFrame", "LaunchThreadSpec", "env_thread", "launch_thread"]
