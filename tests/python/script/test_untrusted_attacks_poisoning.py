"""State poisoning (issue 22, item 2: "A store alone poisons later analyses"): documents that
try to change what later documents report, by rebinding the members, hooks and defaults the
probe documents use, and one document that attempts every store, forwarding and registration
attack of the other classes at once. After each, the probes (untrusted_state.PROBES) must report
byte-identically to a fresh process: in the same interpreter, in one ``check`` run over both
files and in the same sandboxed worker (attack_harness.py).
"""

from __future__ import annotations

import re
from typing import List

import attack_harness as H
import test_untrusted_attacks_forwarding as forwarding
import test_untrusted_attacks_registration as registration
import test_untrusted_attacks_stores as stores
from attack_harness import attack_worker  # noqa: F401 - the fixture
from untrusted_attacks import ALL_IMPORTS, Attack, in_body

# (what it rebinds, the store): each changes a probe's report when it gets through.
REBINDS = {
    "int32-as-float16": "[0 for T.int32 in [T.float16]]",
    "float16-as-int32": "{0 for T.float16 in [T.int32]}",
    "serial-as-unroll": "[0 for T.serial in [T.unroll]]",
    "tensor-as-buffer": "[0 for T.Tensor in [T.Buffer]]",
    "ts-forwards-to-ir": "[0 for Ts._tirx in [I]]",
    "ts-grid-as-serial": "[0 for Ts.grid in [T.serial]]",
    "ir-module-as-function": "[0 for I.ir_module in [T.function]]",
    "cast-as-max": "[0 for T.Cast in [T.max]]",
    "serial-defaults": "[0 for T.serial.__defaults__ in [(1, 2)]]",
    "max-kwdefaults": '[0 for T.max.__kwdefaults__ in [{"span": 1}]]',
    "float32-call": "[0 for T.float32.__call__ in [T.int64]]",
    "axis-remap": "[0 for T.axis.remap in [T.serial]]",
}


def _rebind(ident: str, store: str) -> Attack:
    return Attack(f"rebind-{ident}", "poisoning", "body", in_body(f"done = {store}"), store)


def _rebind_with(ident: str, store: str) -> Attack:
    target = re.match(r"[\[{]0 for (\S+) in \[(.+)\][\]}]", store)
    return Attack(f"with-{ident}", "poisoning", "body", in_body(
        f'with T.attr(A, "k", {target.group(2)}) as {target.group(1)}:', "    A[1] = 1"),
        f"as {target.group(1)}", alt_markers=(f'T.attr(A, "k", {target.group(2)})',),
        note="the store by a with target; the value is the frame (refusing it stops the "
             "store too)")


def _renamed(attack: Attack, index: int) -> str:
    """The attack's definitions, renamed apart, without its imports."""
    body = attack.source.split(ALL_IMPORTS, 1)[-1]
    for name in ("f", "store", "unused", "poke", "Module"):
        body = re.sub(rf"\b{name}\b(?=[(:\[.])", f"{name}_{index}", body)
    return body


def every_attempt() -> Attack:
    """One document holding every store, forwarding and registration attack (plain Python
    ones left out: their module code would rebind the namespace aliases for the rest)."""
    attacks = [a for a in stores.ATTACKS + forwarding.ATTACKS + registration.ATTACKS
               if a.entry not in ("module-level",)] + REBIND_ATTACKS
    text = ALL_IMPORTS + "".join(_renamed(a, i) for i, a in enumerate(attacks))
    return Attack("every-store-and-registration", "poisoning", "body", text,
                  "T.{MARKER}", note=f"{len(attacks)} attacks in one document")


REBIND_ATTACKS = [_rebind(k, v) for k, v in REBINDS.items()] + \
    [_rebind_with(k, v) for k, v in REBINDS.items() if "__" not in v]

ATTACKS: List[Attack] = REBIND_ATTACKS + [every_attempt()]

test_in_process, test_command_line, test_in_worker = H.place_tests(ATTACKS)
