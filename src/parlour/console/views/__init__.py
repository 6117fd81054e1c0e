"""Seat views: what one seat sees at the console, for the `human` agent.

`SeatView` works for every game from the contract alone: it shows the observation's fields
(from `Observation.to_json`), each event's `describe()`, and reads moves with
`game.parse_action`. Card games get more from it for free: a hand (`hand` field) is shown
sorted and coloured with the cards that may not be played dimmed, and a trick in progress
(`trick` and `leader` fields) with who played what.

A game names a better view without registering anything (docs/views.md): its class attribute
``console_view = "module:Class"``, else an entry point of the ``parlour.console_views`` group
named by its id, else `VIEWS` (the built-in games, and `register_view`). A variant without its
own view uses its family's (``skat`` for ``skat.ramsch``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from random import Random
from typing import Any

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from parlour.console.render import styled
from parlour.console.views.cards import dim, hand_text, legal_cards, played_text
from parlour.core import Action, Event, Game, GameOver, Observation
from parlour.core.plugins import PluginError, find_game_class
from parlour.core.seats import position

VIEWS: dict[str, str | type[SeatView]] = {
    "hearts": "parlour.console.views.hearts:HeartsView",
    "spades": "parlour.console.views.spades:SpadesView",
    "skat": "parlour.console.views.skat:SkatView",
    "skull": "parlour.console.views.skull:SkullView",
    "territory": "parlour.console.views.territory:TerritoryView",
}
"""Game id (or the family before a dot: ``skat`` for ``skat.ramsch``) -> a `SeatView` class or
``"module:Class"``."""

_HIDDEN_FIELDS = {"seat", "current_player", "legal_actions"}
_LONGEST_VALUE = 240


def register_view(game_id: str, target: str | type[SeatView]) -> None:
    """Use `target` (a `SeatView` subclass or ``"module:Class"``) for `game_id`."""
    VIEWS[game_id] = target


def view_class(game: Game[Any]) -> type[SeatView]:
    """The view class `game` names (attribute, entry point, `VIEWS`), else `SeatView`.

    Raises `PluginError` (one line naming the game and the target) if the one named is broken.
    """
    found = find_game_class(game, SeatView, attribute="console_view",
                            group="parlour.console_views", registry=VIEWS, kind="console view")
    return found or SeatView


def view_for(game: Game[Any], seat: int, console: Console) -> SeatView:
    """The best view of `game` for `seat`: the game's own, else the generic one.

    A broken view target does not stop the game: the generic view plays every game, so the
    person gets it, after a one-line warning naming the game and the target.
    """
    try:
        cls = view_class(game)
    except PluginError as error:
        console.print(Text(f"warning: {error}; using the generic view", style="yellow"))
        cls = SeatView
    return cls(game, seat, console)


class SeatView:
    """One seat's view of a game: its table at a decision, its events, its prompt and help."""

    verb = "move"
    """What the player does at a decision, for the prompt (``play``, ``bid``, ...)."""
    hints: Sequence[str] = ()
    """Help on this game's notation, shown by ``h``: one paragraph per entry, wrapped to the
    console's width when shown (so never wrapped twice)."""
    by_position = False
    """Name the other seats by where they sit, as the web page does: ``seat 2 (far left)``
    (`parlour.core.seats`), in the table and in event lines."""

    def __init__(self, game: Game[Any], seat: int, console: Console) -> None:
        self.game = game
        self.seat = seat
        self.console = console
        self.seen: Observation | None = None
        """The last observation this seat was shown (what event lines may read)."""
        self._rng = Random(seat)

    # --- names --------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        """A seat as the player reads it: ``you``, ``seat 2`` or ``seat 2 (far left)``."""
        if seat == self.seat:
            return "you"
        if self.by_position:
            return f"seat {seat} ({position(seat - self.seat, self.game.num_players)})"
        return f"seat {seat}"

    def names(self) -> list[str]:
        """Short names by seat, for lines of cards played."""
        return [self.name(s) for s in range(self.game.num_players)]

    def trick_seats(self, observation: Observation | None, leader: int, count: int) -> list[int]:
        """The seats that played the first `count` cards of a trick led by `leader`: by
        default each seat clockwise from it. A game where a seat may sit a hand out overrides
        this, as it does the web view's `trick_seats`. `observation` is the one shown, or, for
        a trick in an event line, the last one this seat was shown (`seen`; None before any).
        """
        return [(leader + i) % self.game.num_players for i in range(count)]

    def personal(self, text: str) -> str:
        """`text` with this seat's number marked: ``seat 0`` becomes ``seat 0 (you)`` (and,
        `by_position`, ``seat 2`` becomes ``seat 2 (far left)``)."""
        if not self.by_position:
            return re.sub(rf"\bseat {self.seat}\b(?! \(you\))", f"seat {self.seat} (you)", text)

        def named(match: re.Match[str]) -> str:
            seat = int(match.group(1))
            if seat >= self.game.num_players:
                return match.group(0)
            return f"seat {seat} (you)" if seat == self.seat else self.name(seat)

        return re.sub(r"\bseat (\d+)\b(?! \()", named, text)

    # --- the table ----------------------------------------------------------------------------
    def show(self, observation: Observation) -> None:
        """Print everything this seat may see, before it decides: `title` as a rule, the
        `summary` lines, then `show_cards`."""
        self.seen = observation
        self.console.print(Rule(self.title(observation), style="dim"))
        for line in self.summary(observation):
            self.console.print(line)
        if _is_card_game(observation):
            self.show_cards(observation)

    def title(self, observation: Observation) -> str:
        """The rule above the table: ``Oh Hell · seat 2 (you) to play``."""
        return f"{self.game.name or self.game.id} · seat {self.seat} (you) to {self.verb}"

    def summary(self, observation: Observation) -> Sequence[RenderableType]:
        """The lines above the cards: by default every field of the observation (those
        `show_cards` draws left out), one line each, long values cut short."""
        shown_with_cards = {"hand", "trick", "leader", "tricks"}
        card_game = _is_card_game(observation)
        return [dim(f"  {key.replace('_', ' ')}: ") + styled(_short(value))
                for key, value in observation.to_json().items()
                if key not in _HIDDEN_FIELDS and not (card_game and key in shown_with_cards)]

    def show_cards(self, observation: Observation) -> None:
        """The last trick, the trick in progress and the hand, for observations with those
        fields (`tricks` as ``(leader, cards, ...)``, `trick` and `leader`, `hand`)."""
        print_ = self.console.print
        players = self.game.num_players
        names = self.names()
        tricks = getattr(observation, "tricks", None)
        if tricks and _is_trick(tricks[-1]):
            leader, cards = tricks[-1][0], tricks[-1][1]
            winner = tricks[-1][2] if len(tricks[-1]) > 2 else None
            print_(dim("  last trick: ")
                   + played_text(cards, leader, players, names,
                                 winner if isinstance(winner, int) else None, self.seat,
                                 self.trick_seats(observation, leader, len(cards))))
        trick = getattr(observation, "trick", None)
        leader = getattr(observation, "leader", None)
        if trick and isinstance(leader, int):
            print_(dim("  trick: ")
                   + played_text(trick, leader, players, names, you=self.seat,
                                 seats=self.trick_seats(observation, leader, len(trick))))
        hand = getattr(observation, "hand", None)
        if isinstance(hand, int):
            mine = observation.current_player == self.seat
            legal = legal_cards(observation.legal_actions) if mine else None
            print_(dim("  your hand: ") + self.hand_text(hand, legal))

    def hand_text(self, hand: int, playable: int | None = None) -> Text:
        """A hand sorted and coloured; cards outside `playable` dimmed."""
        return hand_text(hand, playable)

    def prompt(self, observation: Observation) -> str:
        """The input prompt at a decision."""
        return f"[seat {self.seat}] {self.verb}> "

    def numbered(self, observation: Observation) -> Sequence[Action]:
        """The legal moves in the order `legal` lists them: ``#N`` plays the Nth."""
        return observation.legal_actions

    def legal(self, observation: Observation) -> Text:
        """The legal moves, numbered for ``#N`` (in the order of `numbered`)."""
        text = dim("  legal: ")
        for number, action in enumerate(self.numbered(observation), start=1):
            text += dim(f"#{number} ") + styled(str(action)) + Text("  ")
        return text

    # --- input --------------------------------------------------------------------------------
    def read(self, text: str, observation: Observation) -> list[Action]:
        """The action(s) `text` names; raises `ParlourError` (a one-line reason) if none.

        Usually one action; a view may accept several at once (three cards to pass in Hearts),
        which the agent then plays at the following decisions.
        """
        return [self.game.parse_action(text, observation)]

    def choose(self, actions: list[Action], observation: Observation) -> list[Action]:
        """The actions to play now, of those the person named and that are legal.

        By default all of them. A view that lets a choice be changed before it is final
        (Hearts' pass) keeps them as a selection instead and returns nothing until `confirm`.
        """
        return actions

    def confirm(self, observation: Observation) -> list[Action]:
        """The actions a selection (`choose`) makes, on an empty line; none if there is no
        complete selection, and the table is shown again."""
        return []

    def refusal(self, action: Action, observation: Observation) -> str | None:
        """None if this seat may play `action` now, else why not (one line).

        By default an action is playable when it is among the observation's legal actions;
        games whose legal actions are a menu rather than every move (Territory) override this.
        """
        if action in observation.legal_actions:
            return None
        return self.why_illegal(action, observation)

    def why_illegal(self, action: Action, observation: Observation) -> str:
        """Why `action` may not be played now, as far as this seat can tell."""
        reason = None
        try:
            state = self.game.sample_state(observation, self._rng)
            reason = state.why_illegal(action)
        except Exception:  # a game without sampling, or an odd action: say it plainly
            reason = None
        if not reason:
            return "it is not among the legal moves (type ? to list them)"
        return re.sub(rf"\bseat {self.seat} (does|is) not\b",
                      lambda m: "you do not" if m.group(1) == "does" else "you are not",
                      reason)

    # --- events -------------------------------------------------------------------------------
    def event(self, event: Event) -> None:
        """Print an event this seat sees, compactly."""
        if isinstance(event, GameOver):
            self.game_over(event)
            return
        self.console.print(Text("  ") + styled(self.personal(event.describe())))

    def game_over(self, event: GameOver) -> None:
        winners = ", ".join(self.name(w) for w in event.winners)
        line = f"Game over · {'winner' if len(event.winners) == 1 else 'winners'}: {winners}"
        self.console.print(Rule(line, style="bold"))
        scores = "  ".join(f"{self.name(s)} {score}" for s, score in enumerate(event.scores))
        self.console.print(Text(f"  final scores: {scores}"))


def _is_trick(entry: Any) -> bool:
    return (isinstance(entry, tuple) and len(entry) >= 2 and isinstance(entry[0], int)
            and isinstance(entry[1], tuple) and all(isinstance(c, int) for c in entry[1]))


def _is_card_game(observation: Observation) -> bool:
    return isinstance(getattr(observation, "hand", None), int)


def _short(value: Any) -> str:
    """A JSON value on one line, cut short when long (a board, a long history)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    if len(text) > _LONGEST_VALUE:
        size = f" ({len(value)} items)" if isinstance(value, (list, dict)) else ""
        text = text[:_LONGEST_VALUE - 1] + "…" + size
    return text
