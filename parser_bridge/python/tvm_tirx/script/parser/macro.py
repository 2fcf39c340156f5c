"""Macros (``@T.macro``, ``@T.inline``), JIT construction (``@T.jit``) and ``I.pyfunc`` members.

A macro is transpiled once, like a function, but its program is one body helper with the
macro's own Python parameters. Calling the macro from a builder program runs that helper in
the caller's open frames, so the statements it builds land where the call is; ``return value``
hands the value back (docs/frontend.md, "Macros, JIT and Python functions").

Name resolution (the spec's "hygienic" option):

- hygienic (default): the body's free names are the definition's, snapshotted when the macro is
  defined (the wrapper's capture defaults are evaluated once);
- ``late_binding`` (``@T.inline``): the definition's names, read again at every call (names
  bound only after the definition, such as the helper's own name, included);
- non-hygienic: the caller's names at the call site (the calling frame's locals, then the
  calling definition's environment).

The last two recompose the wrapper at each call with the names bound then (compiled once per
set of names and cached), so a name still missing raises NameError only when the body reads
it.

A JIT definition is transpiled and compiled once; each ``specialize(**const_args)`` runs the
same program with another mapping.
"""

from __future__ import annotations

import collections
import inspect
import sys
import types
from collections.abc import Mapping
from typing import Any, Dict, List, Optional, Sequence, Tuple

from tvm_ffi import get_global_func

from ..builder import source_scope
from ..decorators import DefinitionKind, MacroDecorator, ScriptDecorator
from .program import check_standalone
from ..findings import let_stops_through
from .untrusted import UntrustedNotEvaluated
from .generated import GeneratedBuilder
from .transpile import BINDINGS_KEY
from .evaluated import MacroBody
from .evaluator import EvaluatedCallable, Environment

_in_builder = get_global_func("ir.builder.BuilderIsInScope")


class ScriptMacro(EvaluatedCallable):
    """What ``@T.macro`` makes of a function: call it from TVMScript code to build its body in
    the caller's frames. ``generated`` is the GeneratedBuilder record of its program."""

    def __init__(self, definition: Any, decorator: MacroDecorator) -> None:
        self._definition = definition
        self.decorator = decorator
        self.name = definition.node.name
        self.hygienic = decorator.hygienic
        self.late_binding = decorator.late_binding
        self._variants: Dict[Tuple[str, ...], types.CodeType] = {}
        self._snapshot: Optional[Any] = None
        self._signature: Optional[inspect.Signature] = None
        self.broken: Optional[BaseException] = None
        """Why its definition did not build (reported at the definition), if it did not."""

    @property
    def generated(self) -> GeneratedBuilder:
        return self._definition.generated

    @property
    def source_name(self) -> str:
        return self._definition.source_name

    def __repr__(self) -> str:
        return f"<{self.decorator.namespace_path}.{self.decorator.name} {self.name}>"

    def snapshot(self) -> None:
        """Reads the definition's values now (a hygienic macro's definition time); the other
        macros read names at each call."""
        if self.hygienic and not self.late_binding:
            self._snapshot = self._body(self._definition.bindings)

    def _body(self, bindings: Mapping[str, Any],
              code: Optional[types.CodeType] = None) -> Any:
        (body,) = self._definition.instantiate(bindings, code)
        if self._signature is None:  # the same parameters in every recomposition
            self._signature = inspect.signature(body)
        return body

    def _recomposed_body(self, env: Mapping[str, Any]) -> Any:
        """The body recomposed with the names ``env`` binds now: the caller's (non-hygienic),
        or the definition's (late binding, where a name unbound at the definition, such as
        the helper's own, may be bound by the time of the call)."""
        if not self._definition.trusted:  # the evaluator reads the names at the call
            return MacroBody(self._definition, self._definition.transpiled, Environment(env))
        transpiled = self._definition.transpiled
        names = tuple(sorted(n for n in transpiled.load_names
                             if not n.startswith("__tvm_") and n in env))
        code = self._variants.get(names)
        if code is None:
            code = compile(transpiled.wrapped(names), self.source_name, "exec")
            self._definition.add_codes(code)
            self._variants[names] = code
        return self._body(env, code)

    def _check_callable(self) -> None:
        if self.broken is not None:
            raise RuntimeError(f"Macro `{self.name}` builds nothing: its definition has an "
                               "error (reported at the macro); fix the macro first")
        if not _in_builder():
            raise RuntimeError(f"Macro `{self.name}` builds IR in its caller's frames: call it "
                               "from the body of a TVMScript function (no IR builder is "
                               "active)")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self._check_callable()
        if not self._definition.trusted:
            # Called from frontend code (a hook given the macro), not from the evaluator: no
            # frame is read. A non-hygienic macro's names would come from that code.
            if not self.hygienic:
                raise UntrustedNotEvaluated(f"Non-hygienic macro `{self.name}` is called from "
                                            "outside TVMScript code: not evaluated in "
                                            "untrusted TVMScript")
            return self.call_evaluated(args, kwargs, None, None, "frontend code")
        caller = sys._getframe(1)
        try:
            if not self.hygienic:
                body = self._recomposed_body(_caller_environment(caller))
            elif self.late_binding:
                body = self._recomposed_body(self._definition.bindings)
            else:
                body = self._snapshot
            try:
                self._signature.bind(*args, **kwargs)  # type: ignore[union-attr]
            except TypeError as exc:
                raise TypeError(f"Macro `{self.name}`: {exc}") from None
            where = (caller.f_code.co_filename, caller.f_lineno)
        finally:
            del caller  # no reference cycle through a traceback
        try:
            with source_scope(self.source_name):
                return body(*args, **kwargs)
        except SyntaxError:
            raise
        except Exception as exc:  # noqa: BLE001 - keeps its type, gains the body's location
            if self._definition.locate(exc):
                exc.add_note(f"  in a call of macro `{self.name}` at {where[0]}, line {where[1]}")
            raise


    def call_evaluated(self, args: Sequence[Any], kwargs: Dict[str, Any], scope: Any,
                       budget: Any, where: str) -> Any:
        """A call from the untrusted evaluator (evaluator.py), ``where`` in its source, whose
        names at the call are ``scope``: no Python frame is read. The body runs in the
        caller's open frames, within the caller's budget."""
        self._check_callable()
        definition = self._definition
        try:
            if not definition.trusted:
                if not self.hygienic:
                    body = MacroBody(definition, definition.transpiled, scope, budget)
                elif self.late_binding:
                    body = MacroBody(definition, definition.transpiled,
                                     Environment(definition.bindings), budget)
                else:
                    body = self._snapshot
            elif not self.hygienic:
                body = self._recomposed_body(ScopeNames(scope))
            elif self.late_binding:
                body = self._recomposed_body(definition.bindings)
            else:
                body = self._snapshot
            try:
                inspect.signature(body).bind(*args, **kwargs)
            except TypeError as exc:
                raise TypeError(f"Macro `{self.name}`: {exc}") from None
            with source_scope(self.source_name):
                if isinstance(body, MacroBody):
                    return body.run(args, kwargs, budget)
                return body(*args, **kwargs)
        except SyntaxError:
            raise
        except Exception as exc:  # noqa: BLE001 - keeps its type, gains the body's location
            if definition.locate(exc):
                exc.add_note(f"  in a call of macro `{self.name}` at {where}")
            raise


class ScopeNames(Mapping):
    """An evaluator scope as the mapping a trusted non-hygienic macro reads its names from."""

    def __init__(self, scope: Any) -> None:
        self._scope = scope

    def __getitem__(self, name: str) -> Any:
        value = self._scope.get(name, _ABSENT)
        if value is _ABSENT:
            raise KeyError(name)
        return value

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._scope.get(name, _ABSENT) is not _ABSENT

    def __iter__(self) -> Any:
        return iter(())

    def __len__(self) -> int:
        return 0


_ABSENT = object()


def _caller_environment(frame: types.FrameType) -> Mapping[str, Any]:
    """The names visible where a non-hygienic macro is called: the calling frame's locals (its
    parameters, bound names and captured names), then its definition's environment when the
    caller is a builder program, else its module globals and builtins."""
    bindings = frame.f_globals.get(BINDINGS_KEY)
    if bindings is not None:
        return collections.ChainMap(dict(frame.f_locals), bindings)
    builtins = frame.f_builtins
    return collections.ChainMap(dict(frame.f_locals), frame.f_globals, builtins)


class JITFunction:
    """What ``@T.jit`` makes of a function: ``specialize(**const_args)`` builds the Function
    with those parameters fixed. The program is transpiled once; ``generated`` records it."""

    def __init__(self, definition: Any, decorator: ScriptDecorator) -> None:
        self._definition = definition
        self.decorator = decorator
        self.name = definition.node.name

    @property
    def generated(self) -> GeneratedBuilder:
        return self._definition.generated

    def __repr__(self) -> str:
        return f"<{self.decorator.namespace_path}.{self.decorator.name} {self.name}>"

    def specialize(self, **const_args: Any) -> Any:
        """The Function with every parameter named in ``const_args`` bound to its value (None:
        an absent optional parameter, its annotation not evaluated)."""
        definition = self._definition
        definition.const_args = const_args
        result = definition.build_prepared()
        return check_standalone(result, self.decorator, definition)


def from_python(definition: Any, decorator: ScriptDecorator) -> Any:
    """A decorated Python function as a macro, a JITFunction, or (``const_args`` given) the
    Function built at once."""
    if decorator.kind is DefinitionKind.MACRO:
        return _macro(definition, decorator)  # type: ignore[arg-type]
    definition.compile_program()
    jit = JITFunction(definition, decorator)
    const_args = decorator.const_args
    return jit if const_args is None else jit.specialize(**const_args)


def _macro(definition: Any, decorator: MacroDecorator) -> ScriptMacro:
    definition.compile_program()
    macro = ScriptMacro(definition, decorator)
    macro.snapshot()
    return macro


def define_text_macros(definitions: Sequence[Any],
                       env: Dict[str, Any]) -> List[Tuple[int, BaseException]]:
    """The macros of source text, bound in ``env`` under their names. Every one is bound before
    any is snapshotted: text runs no module code, so its definition environment is the whole
    text's, and macros may use each other in any order. Returns (index, error) of each macro
    whose program failed; a call of such a macro raises an error naming it."""
    macros = [ScriptMacro(definition, definition.decorator) for definition in definitions]
    for macro in macros:
        env[macro.name] = macro
    failures: List[Tuple[int, BaseException]] = []
    for index, definition in enumerate(definitions):  # captures depend on what env binds
        try:
            definition.compile_program()
        except Exception as exc:  # noqa: BLE001 - the caller reports it at that macro
            let_stops_through(exc)
            macros[index].broken = exc
            failures.append((index, exc))
    for index, macro in enumerate(macros):
        if macro.broken is None:
            try:
                macro.snapshot()
            except Exception as exc:  # noqa: BLE001 - likewise
                let_stops_through(exc)
                macro.broken = exc
                failures.append((index, exc))
    return failures


__all__ = ["JITFunction", "ScriptMacro", "define_text_macros", "from_python"]
