"""Move-for-move cross-checks of the compiled deal and step against the Python rules.

`crosscheck(game, seeds, module)` plays one random deal per seed with the Python engine and,
beside it, with the kernel's `TrickPlay`, comparing at every move the player to move and the
legal actions (by id, in the rules' order: bids, answers, the skat, every pair to bury, the
declarations, the cards), at every card the legal cards, each trick's winner and the cards
taken, and at the end of the deal the settled state: the result (in C where the game keeps
`Skat.score_deal`), totals, tiebreaks, the history, and the next deal started undealt.
The CI test runs it on 1,000 deals per variant and `benchmarks/skat_crosscheck.py` on 100,000;
a difference raises `Divergence` naming the seed, the move, the field and `_deals_and_step.pyx`.
`parlour.crosscheck.skat_steps` checks the compiled step of the `Match` path.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, ClassVar

from parlour.core import Action
from parlour.crosscheck.harness import Probe
from parlour.games.skat.actions import PASS, Play
from parlour.games.skat.rules import (
    BIDDING,
    OVER,
    PLAY_PHASE,
    Skat,
    SkatState,
    bind_deals,
    kernel_mode,
)
from parlour.games.skat.scoring import DealResult

MODULE = "parlour.games.skat._deals_and_step"
ALL_PASSED = 2
"""What `TrickPlay.apply_index` returns for the third pass, which the rules' hook makes."""


@dataclass
class CrossCheck:
    """What a cross-check covered."""

    deals: int = 0
    moves: int = 0
    cards: int = 0
    tricks: int = 0
    games: int = 0
    """Deals played as an ISkO game (not thrown in, no Ramsch)."""
    settled_in_c: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    """Settled games by outcome (``won``, ``lost``, ``overbid``, ``Schneider``, ...)."""


_RECORDING: dict[type, type] = {}


def _recording(kind: type[SkatState]) -> type[SkatState]:
    """A subclass of `kind` that keeps each deal's tricks and cards taken (`finished`), which
    the next deal clears: the reference engine of a cross-check plays with it."""
    recording = _RECORDING.get(kind)
    if recording is None:
        class Recording(kind):  # type: ignore[valid-type,misc]
            __slots__ = ()
            finished: ClassVar[list[tuple[Any, Any]]] = []

            def finish_deal(self, result: Any) -> None:
                self.finished.append((self.tricks, self.taken))
                super().finish_deal(result)

        recording = _RECORDING[kind] = Recording
    return recording


def crosscheck(game: Skat, seeds: range, module: Any) -> CrossCheck:
    """Cross-check `kernel` (the compiled module) on one deal per seed; raise `Divergence`.

    Each seed plays the first deal of a two-deal series of `game`'s rules from its first
    decision, so that the next deal is started too. Moves are uniformly random, except that
    the bidding of three seeds in four is modest (`_modest_call`) and every fourth seed all
    pass, which starts a Ramsch where the rules have one.
    """
    series = type(game)(**{**game.params, "deals": 2})
    done = CrossCheck()
    probe = Probe(MODULE)
    bind_deals(module)  # the pure path checks the compiled module too, where it is built
    for seed in seeds:
        rng = Random(seed)
        state = series.new_state(seed=seed)
        state.quiet = True
        mirror = state.clone(quiet=True)  # the kernel plays on this copy
        mode = kernel_mode(type(state), type(series), module)
        state.__class__ = _recording(type(state))
        play = module.TrickPlay()
        play.load(mirror)
        probe.start(game.spec, seed)
        pending = True  # the kernel holds moves not yet stored into `mirror`
        while state.deal == 0 and state.phase != OVER:
            _same_choices(play, state, probe)
            legal = state.legal_actions()
            if state.phase == BIDDING and seed % 4 != 1:
                index = _modest_call(legal, rng, all_pass=seed % 4 == 0)
            else:
                index = int(rng.random() * len(legal))
            action = legal[index]
            tricks = len(state.tricks)
            state.apply(action)
            probe.moved(action)
            done.moves += 1
            if type(action) is not Play:
                if play.apply_index(index) == ALL_PASSED:  # the game's hook decides
                    play.store(mirror, mode)
                    mirror.apply_unchecked_no_undo(PASS)
                    pending = mirror.phase == PLAY_PHASE and mirror.deal == 0
                    if pending:  # a Ramsch: the kernel plays its cards
                        play.load(mirror)
                continue
            winner = play.play(action.card)
            done.cards += 1
            _same_trick(play, state, tricks, winner, probe, done)
        if pending:
            play.store(mirror, mode)
        probe.after = "settling the deal"
        probe.same("the next deal undealt", mirror._undealt, state._undealt)
        result = state.results[0]
        if result.declarer is not None:
            done.games += 1
            done.settled_in_c += bool(mode & module.SETTLE)
            done.outcomes.update(_outcomes(result))
        probe.same_state(mirror, state, kind=False)  # the rules' copy is `_recording`
        probe.check(type(mirror) is series.state_class,
                    f"the kernel's state is a {type(mirror).__name__} once dealt")
        done.deals += 1
    return done


def _modest_call(legal: Sequence[Action], rng: Random, all_pass: bool) -> int:
    """A pass (always, if `all_pass`) or the lowest bid or a hold, even odds: uniformly
    random bidding overbids nine games in ten, which would leave settling barely checked."""
    if all_pass or rng.random() < 0.5:
        return legal.index(PASS)
    return 0


def _outcomes(result: DealResult) -> list[str]:
    assert result.contract is not None
    flags = ("Schneider", result.schneider), ("Schwarz", result.schwarz), \
        ("Null", result.contract.is_null), ("Hand", result.contract.hand)
    verdict = "overbid" if result.overbid else "won" if result.won else "lost"
    return [verdict, *(name for name, on in flags if on)]


def _same_choices(play: Any, state: SkatState, probe: Probe) -> None:
    if state.phase == PLAY_PHASE:
        probe.same("legal cards", play.legal_mask(), state.legal_mask())
    probe.same("player to move", play.current, state.current)
    probe.same("phase", play.phase, state.phase)
    probe.same("legal actions (ids)", list(play.legal_ids()),
               [action.id for action in state.legal_actions()])


def _same_trick(play: Any, state: SkatState, before: int, winner: int, probe: Probe,
                done: CrossCheck) -> None:
    over = state.deal != 0 or state.phase == OVER
    probe.same("the card play over", bool(play.done), over)
    tricks, taken = state.finished[-1] if over else (state.tricks, state.taken)  # type: ignore[attr-defined]
    if len(tricks) > before:
        done.tricks += 1
        probe.same(f"trick {before + 1}'s winner", winner, tricks[-1][2])
    else:
        probe.same("a trick ended", winner != -1, False)
    probe.same("cards taken", [play.taken_by(seat) for seat in range(state.game.num_players)],
               list(taken))
