"""Declared bindings: each covers every method its Python twin calls, and decides alone.

The Python twin of a binding is the Python code of the methods it stands in for. Reading their
source (not the classes at run time, where compiled functions have replaced some), this test
follows every ``self.<method>`` they call, through the state class and its bases, and every
``self.game.<hook>``; each method reached must be named by the binding or a binding it
requires, so that a subclass overriding it is never bypassed by compiled code.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Iterator

import pytest

from parlour.bindings import Binding
from parlour.cards.contract_state import LAYER_PLAY, LAYER_STEP
from parlour.cards.trickstate import CARD_PLAY, TrickState
from parlour.core.game import Game, State
from parlour.games.hearts import rules as hearts
from parlour.games.skat import rules as skat
from parlour.games.spades import rules as spades
from parlour.games.territory import rules as territory
from tests.cards.lone_hand import CalledAce, CalledAceState, LoneHand, LoneHandState

BINDINGS: dict[str, tuple[Binding, type, type]] = {
    "card play (Hearts)": (CARD_PLAY, hearts.HeartsState, hearts.Hearts),
    "card play (Spades)": (CARD_PLAY, spades.SpadesState, spades.Spades),
    "Hearts deals": (hearts.HEARTS_DEALS, hearts.HeartsState, hearts.Hearts),
    "Hearts settling": (hearts.HEARTS_SETTLING, hearts.HeartsState, hearts.Hearts),
    "Hearts step": (hearts.HEARTS_STEP, hearts.HeartsState, hearts.Hearts),
    "Spades deals": (spades.SPADES_DEALS, spades.SpadesState, spades.Spades),
    "Spades settling": (spades.SPADES_SETTLING, spades.SpadesState, spades.Spades),
    "Spades step": (spades.SPADES_STEP, spades.SpadesState, spades.Spades),
    "Skat deals": (skat.SKAT_DEALS, skat.SkatState, skat.Skat),
    "Skat step": (skat.SKAT_STEP, skat.SkatState, skat.Skat),
    "Territory zombies": (territory.ZOMBIE_TURNS, territory.TerritoryState,
                          territory.Territory),
    "trick layer playouts (a test game)": (LAYER_PLAY, LoneHandState, LoneHand),
    "trick layer step (a test game)": (LAYER_STEP, LoneHandState, LoneHand),
    "trick layer step (restricted cards)": (LAYER_STEP, CalledAceState, CalledAce),
}
"""Every binding that stands in for state methods or game hooks, with the classes it serves.
(The heuristics' and the ISMCTS loop's bindings stand in for agents, whose view of a state
goes through the methods they name, `observe` first.)"""


def _methods(kind: type) -> dict[str, ast.FunctionDef]:
    """The source of every method and property `kind` has below `State`, by name (the one
    the class uses: the first in its MRO), read from the files, not the patched classes."""
    found: dict[str, ast.FunctionDef] = {}
    for klass in kind.__mro__:
        if klass in (State, Game, object) or klass.__module__.startswith(("typing", "builtins")):
            continue
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError):
            continue
        for node in tree.body[0].body:  # type: ignore[attr-defined]
            if isinstance(node, ast.FunctionDef) and node.name not in found:
                found[node.name] = node
    return found


def _calls(function: ast.FunctionDef, owner: str) -> Iterator[str]:
    """The names ``owner.<name>`` reads in `function` (``self`` or ``self.game``), outside
    the events built (the arguments of ``self.emit(...)`` and ``self.events.append(...)``):
    what the end of a game reports is computed by these Python methods wherever it is built,
    and the compiled code builds no such event."""
    skipped: set[int] = set()
    for node in ast.walk(function):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("emit", "append")):
            skipped |= {id(inner) for arg in node.args for inner in ast.walk(arg)}
    for node in ast.walk(function):
        if not isinstance(node, ast.Attribute) or id(node) in skipped:
            continue
        if _is_self(node.value) if owner == "self" else (
                isinstance(node.value, ast.Attribute) and node.value.attr == "game"
                and _is_self(node.value.value)):
            yield node.attr


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _chain(binding: Binding) -> list[Binding]:
    """`binding` and every binding it requires, directly or not."""
    return [binding, *(b for required in binding.requires for b in _chain(required))]


def _named(binding: Binding) -> tuple[set[str], set[str]]:
    """The state methods and game hooks `binding` and those it requires name."""
    methods, hooks = set(binding.hooks), set(binding.game_reads)
    for required in binding.requires:
        more, more_hooks = _named(required)
        methods |= more
        hooks |= more_hooks
    return methods, hooks


def twin_calls(binding: Binding, kind: type, game: type) -> tuple[set[str], set[str]]:
    """The state methods and game hooks reached from the Python twin of `binding` in `kind`:
    the methods it stands in for (a binding of game hooks only: those of the bindings it
    requires), up to the methods the compiled code calls back (`Binding.calls`)."""
    methods = _methods(kind)
    game_methods = _methods(game)
    chain = _chain(binding)
    stop = {name for required in chain for name in required.calls}
    roots = binding.stands_in or tuple(name for b in chain for name in b.stands_in)
    if not binding.stands_in:
        stop = set()  # settling in C: everything the deal's end calls
    reached: set[str] = set()
    hooks: set[str] = set()
    pending = [name for name in roots if name in methods]
    while pending:
        name = pending.pop()
        if name in reached:
            continue
        reached.add(name)
        hooks |= {hook for hook in _calls(methods[name], "game") if hook in game_methods}
        pending += [call for call in _calls(methods[name], "self")
                    if call in methods and call not in reached and call not in stop]
    return reached, hooks


@pytest.mark.parametrize("name", list(BINDINGS))
def test_each_binding_names_every_method_its_python_twin_calls(name: str) -> None:
    binding, kind, game = BINDINGS[name]
    reached, hooks = twin_calls(binding, kind, game)
    methods, game_hooks = _named(binding)
    assert reached, f"{name}: no Python twin found"
    if binding.stands_in:
        missing = sorted(reached - methods)
        assert not missing, f"{name} stands in for code that calls {missing}: name them"
    if binding.game_owner is not None:
        missing = sorted(hooks - game_hooks)
        assert not missing, f"{name} stands in for game hooks {missing}: name them"


def test_a_binding_applies_only_while_every_method_it_names_is_kept() -> None:
    class Plain(hearts.HeartsState):
        __slots__ = ()

    class Scoring(hearts.HeartsState):
        __slots__ = ()

        def _score_deal(self) -> None:
            super()._score_deal()

    class Counting(hearts.Hearts):
        def card_points(self, taken: int) -> int:
            return super().card_points(taken)

    assert hearts.HEARTS_DEALS.kept_by(Plain) and not hearts.HEARTS_DEALS.kept_by(Scoring)
    assert not hearts.HEARTS_STEP.kept_by(Scoring)  # through the deal binding it requires
    assert hearts.HEARTS_SETTLING.kept_by(Plain, hearts.Hearts)
    assert not hearts.HEARTS_SETTLING.kept_by(Plain, Counting)
    assert hearts.HEARTS_DEALS.kept_by(Plain, Counting)  # the deal kernel plays, Python settles
    assert not CARD_PLAY.kept_by(TrickState)  # no kernel_class: no compiled card play
    assert not hearts.HEARTS_DEALS.kept_by(spades.SpadesState)


def test_applies_also_needs_the_module_built() -> None:
    unbuilt = Binding("parlour.games.nowhere._deals", hearts.HeartsState)
    assert unbuilt.kept_by(hearts.HeartsState) and not unbuilt.applies(hearts.HeartsState)


def test_the_twin_reader_finds_calls_through_the_bases() -> None:
    reached, _ = twin_calls(CARD_PLAY, hearts.HeartsState, hearts.Hearts)
    assert {"play_card", "_trick_won", "compute_legal_mask"} <= reached


def test_a_binding_that_forgets_a_method_its_twin_calls_is_caught() -> None:
    forgetful = Binding("parlour.cards._trick_play", hearts.HeartsState, stands_in=("play_card",))
    reached, _ = twin_calls(forgetful, hearts.HeartsState, hearts.Hearts)
    assert "_trick_won" in reached - _named(forgetful)[0]
