"""A plug-in game as another package would ship it: rules that name their views by import path.

`Pile` never imports a face: its console and web views are strings, found by the faces on
first use. `PileByEntryPoint` names none, so its views come from entry points the tests install
(`installed`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import EntryPoint
from typing import Any

from parlour.core import Action, Game, NotationError, Observation, Param, State


class Take(Action):
    """Take one or two counters."""

    __slots__ = ("n",)
    n: int

    def __init__(self, n: int) -> None:
        object.__setattr__(self, "n", n)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Take) and other.n == self.n

    def __hash__(self) -> int:
        return hash(self.n)

    def __str__(self) -> str:
        return f"take {self.n}"


@dataclass(frozen=True, slots=True, kw_only=True)
class PileObservation(Observation):
    left: int


class PileState(State["Pile"]):
    """Players take 1 or 2 counters in turn; whoever takes the last one wins."""

    __slots__ = ("left", "turn")

    def __init__(self, game: Pile, seed: int) -> None:
        super().__init__(game, seed)
        self.left = game.start
        self.turn = 0

    @property
    def current_player(self) -> int | None:
        return None if self.left == 0 else self.turn

    def legal_actions(self) -> Sequence[Action]:
        return tuple(Take(n) for n in (1, 2) if n <= self.left)

    def _snapshot(self) -> Any:
        return self.left, self.turn

    def _restore(self, snapshot: Any) -> None:
        self.left, self.turn = snapshot

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Take)
        self.left -= action.n
        if self.left:
            self.turn = (self.turn + 1) % self.game.players

    def scores(self) -> tuple[int, ...]:
        return tuple(int(not self.left and p == self.turn) for p in range(self.game.players))

    def returns(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.scores())

    def winners(self) -> tuple[int, ...]:
        return (self.turn,)

    def observe(self, seat: int) -> PileObservation:
        legal = tuple(self.legal_actions()) if seat == self.current_player else ()
        return PileObservation(seat=seat, current_player=self.current_player,
                               legal_actions=legal, left=self.left)


class Pile(Game[PileState]):
    """Take 1 or 2 from a pile; the last taker wins."""

    id = "pile"
    description = "Take 1 or 2 counters; whoever takes the last one wins."
    parameters = (
        Param("start", int, 7, "Counters in the pile at the start.", min=1, max=100),
        Param("players", int, 2, "Players at the table.", min=2, max=6),
    )
    console_view = "tests.views.plugin_views:PileSeatView"
    web_view = "tests.views.plugin_views:PileTableView"

    start: int
    players: int

    @property
    def num_players(self) -> int:
        return self.players

    def new_state(self, seed: int | None = None, **setup: Any) -> PileState:
        return PileState(self, self._seed(seed))

    def parse_action(self, text: str, state: Any) -> Action:
        word, _, number = text.strip().partition(" ")
        if word != "take" or number not in ("1", "2"):
            raise NotationError(f"cannot read {text!r}: expected 'take 1' or 'take 2'")
        return Take(int(number))


class PileByEntryPoint(Pile):
    """The same game, its views named only by entry points (``pile.plain`` is in the family
    ``pile``)."""

    id = "pile.plain"
    console_view = ""
    web_view = ""


def installed(groups: dict[str, dict[str, str]]) -> Callable[..., list[EntryPoint]]:
    """A stand-in for `importlib.metadata.entry_points`: group -> {name: target}."""
    points = [EntryPoint(name, target, group)
              for group, targets in groups.items() for name, target in targets.items()]

    def entry_points(*, group: str) -> list[EntryPoint]:
        return [ep for ep in points if ep.group == group]

    return entry_points
