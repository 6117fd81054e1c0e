"""The page's picture of a game: one seat's view for play, every hand for a replay.

A view is plain JSON. A *seat view* is built only from that seat's `Observation`, so it cannot
show what the seat may not see. A *full view* (replays) is built from every seat's observation
together, so every hand shows. The generic `TableView` works for any game from the contract
alone (the observation's fields, each event's `describe()`); games register better ones.

The JSON (every key is always present; the page ignores what a layout does not use)::

    game, name, layout ("cards", "skull", "territory" or "generic"), players, you (None in a
    replay), current, your_turn, over, headline, status, entry_hint,
    seats: [{seat, label, agent, current, stats: [str], badges: [str], hand: [card] | None,
             count: int | None, aside: {label, cards} | None}],
    hand: [{card, action | None}] | None   (yours, with the action a click plays)
    select: {count, prefix, label} | None  (choose several cards, then one action)
    trick: {leader, cards: [[seat, card]]} | None, last_trick: {..., winner} | None,
    extra: [{label, cards}], buttons: [{label, action, group}], info: [[key, value]],
    scores: {head: [str], rows: [[str]]} | None, hints: [str], fields: [[key, value]],
    board, skull: game-specific pictures or None, result: {...} | None

Cards are their notation (``"Q♠"``, ``"T♥"``); the page draws them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlour.cards import format_card
from parlour.core import Action, Event, Game, GameOver, Observation, State
from parlour.core.game import jsonable
from parlour.core.seats import position

_HIDDEN_FIELDS = {"seat", "current_player", "legal_actions"}


@dataclass(frozen=True)
class Context:
    """What a view is built from.

    `obs` is the observation of seat `you` (play), or of any seat (a replay, `you` None) for
    the public fields; `observations` holds every seat's (replays only); `state` is the full
    state (replays only: never used for a seat view). A *spectator* context (`you` None, not a
    replay) has `public`: the observation's fields that every seat sees alike.
    """

    obs: Observation
    you: int | None
    observations: Sequence[Observation] = ()
    state: State[Any] | None = None
    public: dict[str, Any] | None = None

    @property
    def replay(self) -> bool:
        return self.you is None and self.public is None

    @property
    def spectator(self) -> bool:
        return self.public is not None


def card_text(card: int) -> str:
    """A card as the page receives it."""
    return format_card(card)


def card_action(action: Action) -> int | None:
    """The card an action plays or passes, if it is a card action."""
    card = getattr(action, "card", None)
    return card if isinstance(card, int) else None


class TableView:
    """Builds the views of one game; subclasses draw a game better.

    `agents` names what sits at each seat (agent specs), shown under the seat names.
    """

    layout = "generic"
    silent: frozenset[str] = frozenset()
    """Event class names left out of the log."""
    hints: tuple[str, ...] = ("Click a move, or type it in the game's notation.",)
    verb = "move"
    entry_hint = "in the game's notation"
    """Examples of typed moves, for the page's entry box."""
    spectators = True
    """Whether `spectator_view` is safe: a view that reads an observation's private parts
    (a hand, passed cards) sets False unless it leaves them out for a spectator."""

    def __init__(self, game: Game[Any], agents: Sequence[str]) -> None:
        self.game = game
        self.players = game.num_players
        self.agents = list(agents)

    # --- names ---------------------------------------------------------------------------------
    def position(self, seat: int, you: int) -> str:
        """Where `seat` sits seen from `you`: ``left``, ``across``, ``far right``, ...

        The names for each table size are in `parlour.core.seats`.
        """
        return position(seat - you, self.players)

    def label(self, seat: int, you: int | None) -> str:
        """A seat as the page names it: ``You``, ``Seat 1 (left)`` or ``Seat 1``."""
        if you is None:
            return f"Seat {seat}"
        if seat == you:
            return "You"
        return f"Seat {seat} ({self.position(seat, you)})"

    def personal(self, text: str, you: int | None) -> str:
        """`text` with seat numbers named for the reader: ``seat 1`` -> ``seat 1 (left)``."""
        players = self.players

        def name(match: re.Match[str]) -> str:
            seat = int(match.group(1))
            if seat >= players:
                return match.group(0)
            if you is None:
                agent = self.agents[seat] if seat < len(self.agents) else ""
                return f"seat {seat} ({agent})" if agent else match.group(0)
            if seat == you:
                return f"seat {seat} (you)"
            return f"seat {seat} ({self.position(seat, you)})"

        return re.sub(r"\bseat (\d+)\b", name, text)

    # --- views ---------------------------------------------------------------------------------
    def seat_view(self, observation: Observation, you: int) -> dict[str, Any]:
        """What seat `you` sees now, from its observation alone."""
        return self.build(Context(observation, you))

    def full_view(self, state: State[Any]) -> dict[str, Any]:
        """Everything, every hand included (replays): from every seat's observation."""
        observations = [state.observe(seat) for seat in range(self.players)]
        return self.build(Context(observations[0], None, observations, state))

    def spectator_view(self, state: State[Any]) -> dict[str, Any]:
        """What a seat-less onlooker sees of a game in play: only what every seat sees alike
        (no hand, nothing passed in secret). Only for views whose `spectators` is True."""
        if not self.spectators:
            raise ValueError(f"{type(self).__name__} has no spectator view")
        observations = [state.observe(seat).to_json() for seat in range(self.players)]
        public = {key: value for key, value in observations[0].items()
                  if key not in _HIDDEN_FIELDS
                  and all(seen.get(key) == value for seen in observations[1:])}
        return self.build(Context(state.observe(0), None, public=public))

    def build(self, ctx: Context) -> dict[str, Any]:
        """The view: the generic one lists the observation's fields and the legal moves."""
        view = self.base(ctx)
        data = ctx.public if ctx.public is not None else ctx.obs.to_json()
        view["fields"] = [[key.replace("_", " "), _short(value)] for key, value in data.items()
                          if key not in _HIDDEN_FIELDS]
        if ctx.replay:
            for seat, obs in enumerate(ctx.observations):
                private = {k: v for k, v in obs.to_json().items()
                           if k not in _HIDDEN_FIELDS and data.get(k) != v}
                if private:
                    view["seats"][seat]["stats"] = [f"{k.replace('_', ' ')}: {_short(v)}"
                                                    for k, v in private.items()]
        self.add_buttons(view, ctx)
        return view

    def base(self, ctx: Context) -> dict[str, Any]:
        """The parts every view has: seats, whose turn, the status line."""
        obs, you = ctx.obs, ctx.you
        current = obs.current_player
        seats = []
        for seat in range(self.players):
            seats.append({
                "seat": seat, "label": self.label(seat, you),
                "agent": self.agents[seat] if seat < len(self.agents) else "",
                "current": seat == current, "stats": [], "badges": [], "hand": None,
                "count": None, "aside": None,
            })
        your_turn = you is not None and current == you
        return {
            "game": self.game.id, "name": self.game.name or self.game.id,
            "layout": self.layout, "players": self.players, "you": you, "current": current,
            "your_turn": your_turn, "over": current is None, "headline": "",
            "status": self.status(ctx), "seats": seats, "hand": None, "select": None,
            "trick": None, "last_trick": None, "extra": [], "buttons": [], "info": [],
            "scores": None, "hints": list(self.hints), "fields": [], "board": None,
            "skull": None, "result": None, "entry_hint": self.entry_hint,
        }

    def status(self, ctx: Context) -> str:
        """One line: whose turn it is and what they are to do."""
        current = ctx.obs.current_player
        if current is None:
            return "The game is over."
        if ctx.you is not None and current == ctx.you:
            return self.prompt(ctx)
        return f"{self.label(current, ctx.you)} to {self.verb}…"

    def prompt(self, ctx: Context) -> str:
        """What the person at `ctx.you` is asked to do at their turn."""
        return f"Your turn: choose a {self.verb}."

    def add_buttons(self, view: dict[str, Any], ctx: Context,
                    skip_cards: bool = False) -> None:
        """Legal moves as buttons (all of them, or those that do not play a card)."""
        if not view["your_turn"]:
            return
        for action in ctx.obs.legal_actions:
            if skip_cards and card_action(action) is not None:
                continue
            view["buttons"].append(self.button(action))

    def button(self, action: Action) -> dict[str, str]:
        """A legal move as a button: its label, the notation it sends, its group."""
        text = str(action)
        return {"label": text, "action": text, "group": ""}

    def refuse(self, action: Action, observation: Observation) -> str | None:
        """Why a person's legal `action` should still be sent back (None: play it).

        For moves the rules accept but punish, like a Territory turn that would be forfeited.
        """
        return None

    # --- the log -------------------------------------------------------------------------------
    def log_line(self, event: Event, you: int | None) -> dict[str, str] | None:
        """An event as a line of the deal's log (None: not worth a line)."""
        kind = type(event).__name__
        if kind in self.silent:
            return None
        return {"text": self.personal(self.describe(event, you), you), "kind": self.kind(event)}

    def describe(self, event: Event, you: int | None) -> str:
        """The event's text before seats are named (games may reword it)."""
        return event.describe()

    def kind(self, event: Event) -> str:
        """A style for the line: ``deal``, ``trick``, ``score``, ``over`` or ``""``."""
        name = type(event).__name__
        if isinstance(event, GameOver):
            return "over"
        if "Scored" in name or "Result" in name:
            return "score"
        if "Started" in name or "SetUp" in name:
            return "deal"
        if "Trick" in name:
            return "trick"
        return ""

    # --- the end -------------------------------------------------------------------------------
    def result(self, scores: Sequence[int], winners: Sequence[int], you: int | None,
               complete: bool = True) -> dict[str, Any]:
        """The final standing, for the banner at the end of a game."""
        names = [self.label(w, you) for w in winners]
        if not complete:
            headline = "Game abandoned"
        elif you is not None and you in winners:
            headline = "You win!" if len(winners) == 1 else "You share the win!"
        elif names:
            headline = f"{' and '.join(names)} {'wins' if len(names) == 1 else 'win'}"
        else:
            headline = "No seat wins"
        return {
            "headline": headline, "complete": complete, "winners": list(winners),
            "scores": [[self.label(s, you), str(v)] for s, v in enumerate(scores)],
        }


def _short(value: Any, longest: int = 400) -> str:
    """A JSON value as one line of text, cut short when long."""
    if isinstance(value, str):
        text = value
    else:
        text = json.dumps(jsonable(value), ensure_ascii=False)
    return text if len(text) <= longest else text[:longest - 1] + "…"
