"""Games followed as they are played: a worker's live file re-simulated into spectator steps.

A worker writes each move of a game to a live file (`parlour.arena.live`); a watched game is
followed here by reading only the bytes added since the last look and applying those moves to
a state kept in memory, so a page asking every second costs one ``stat`` and a few moves, and
a thousand pages watching the same game share one follower. Each step is what a seat-less
spectator may see (`TableView.spectator_view`): the public events of the log, and a move's
action only where the game says everyone sees it. Nobody watching costs nothing: a game is
followed only once a page asks for it, and at most `MAX_FOLLOWED` games are followed at once
(the least recently asked dropped first), each of at most the server's replay size.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from parlour.arena.live import read_live
from parlour.core import Game, ParlourError, State, load_game
from parlour.web.views import view_for
from parlour.web.views.base import TableView

MAX_FOLLOWED = 16
"""Games followed at once."""


@dataclass
class Followed:
    """One game being followed: its state after the moves read so far, and its steps."""

    game: Game[Any]
    state: State[Any]
    view: TableView
    seats: list[str]
    offset: int
    steps: list[dict[str, Any]] = field(default_factory=list)
    sent: int = 0
    """Events already turned into log lines."""


class LiveGames:
    """The games this server follows; `read` is safe from several threads at once."""

    def __init__(self, max_bytes: int, max_moves: int) -> None:
        self.max_bytes = max_bytes
        self.max_moves = max_moves
        self._followed: OrderedDict[str, Followed] = OrderedDict()
        self._lock = threading.Lock()

    def read(self, path: str, names: list[str], since: int = 0
             ) -> tuple[list[dict[str, Any]], int]:
        """The spectator steps of the live game in file `path` from step `since` on, and how
        many steps there are now (step 0 is the deal, before the first move); `names` are
        the seats' names as the page shows them (when the game is first followed). A
        `ParlourError` says the game is not (or no longer) being played, or cannot be shown."""
        with self._lock:
            try:
                followed = self._followed.get(path)
                if followed is None:
                    followed = self._start(path, names)
                    self._followed[path] = followed
                    while len(self._followed) > MAX_FOLLOWED:
                        self._followed.popitem(last=False)
                self._followed.move_to_end(path)
                self._advance(path, followed)
            except ParlourError:
                self._followed.pop(path, None)
                raise
            return followed.steps[max(0, since):], len(followed.steps)

    def forget(self, path: str) -> None:
        """Stop following `path` (its game has ended)."""
        with self._lock:
            self._followed.pop(path, None)

    def _start(self, path: str, names: list[str]) -> Followed:
        part = read_live(path, 0, self.max_bytes)
        if part.head is None:
            raise ParlourError("this game has not started yet")
        try:
            game = load_game(str(part.head["game"]))
            seats = list(names) or [str(s) for s in part.head["seats"]]
            state = game.new_state(seed=int(part.head["seed"]), **dict(part.head["setup"]))
        except (KeyError, TypeError, ValueError, ParlourError) as error:
            raise ParlourError(f"this game cannot be shown: {error}") from None
        view = view_for(game, seats)
        if not view.spectators:
            raise ParlourError(f"{game.name or game.id} has no spectator view yet: open the "
                               "game's replay when it has ended")
        followed = Followed(game, state, view, seats, 0)
        followed.steps.append(self._step(followed, None))
        self._apply(followed, part.moves)
        followed.offset = part.offset
        return followed

    def _advance(self, path: str, followed: Followed) -> None:
        part = read_live(path, followed.offset, self.max_bytes)
        self._apply(followed, part.moves)
        followed.offset = part.offset

    def _apply(self, followed: Followed, moves: list[tuple[int, str, float]]) -> None:
        state, game = followed.state, followed.game
        for seat, text, seconds in moves:
            if len(followed.steps) > self.max_moves:
                raise ParlourError(f"this game is over {self.max_moves:,} moves, the most "
                                   "this server shows")
            if state.current_player != seat:
                raise ParlourError(f"the live file's move {len(followed.steps)} is by seat "
                                   f"{seat}, but seat {state.current_player} is to act")
            action = game.parse_action(text, state)
            state.apply(action)
            shown = text if game.action_is_public(action) else None
            followed.steps.append(self._step(followed, {"seat": seat, "action": shown,
                                                        "time": seconds}))

    def _step(self, followed: Followed, move: dict[str, Any] | None) -> dict[str, Any]:
        state, view = followed.state, followed.view
        events = state.events[followed.sent:]
        followed.sent = len(state.events)
        lines = [line for event in events if event.visible_to is None
                 and (line := view.log_line(event, None)) is not None]
        return {"view": view.spectator_view(state), "log": lines, "move": move,
                "deal_start": any(line["kind"] == "deal" for line in lines)}
