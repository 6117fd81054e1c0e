"""The shared view of trick-taking games: hands, the trick, the last trick, card moves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import SUIT_MASKS, iter_cards
from parlour.cards.notation import DISPLAY_ORDER
from parlour.core import Observation
from parlour.web.views.base import Context, TableView, card_action, card_text

Trick = tuple[int, Sequence[int], int | None]
"""A trick as ``(leader, cards in play order, winner or None)``."""


class TrickView(TableView):
    """A card game played in tricks: subclasses say how to read their observation.

    They give `hand_size`, `finished_tricks` (with winners), and `decorate` (headline, seat
    stats, scores, extra cards); the hand, the trick and the card moves come from here.
    """

    layout = "cards"
    verb = "play"
    entry_hint = "Q♠, qs, 10h"
    hand_size = 13
    spectators = False
    silent = frozenset({"CardPlayed", "TrickStarted", "PassChosen"})
    hints: tuple[str, ...] = ("Click a card, or type it: Q♠, qs or Qs; ten as T, 0 or 10.",)

    # --- reading the observation -------------------------------------------------------------
    def sort_cards(self, mask: int) -> list[int]:
        """A hand in display order: suits alternating in colour, high cards first."""
        cards: list[int] = []
        for suit in DISPLAY_ORDER:
            cards += reversed(list(iter_cards(mask & SUIT_MASKS[suit])))
        return cards

    def cards(self, mask: int) -> list[str]:
        return [card_text(c) for c in self.sort_cards(mask)]

    def hand_of(self, obs: Observation) -> int:
        return int(getattr(obs, "hand", 0))

    def finished_tricks(self, obs: Observation) -> list[Trick]:
        """This deal's completed tricks."""
        return [(t[0], t[1], t[2] if len(t) > 2 else None) for t in getattr(obs, "tricks", ())]

    def trick_seats(self, obs: Observation, leader: int, count: int) -> list[int]:
        """The seats that played the first `count` cards of a trick led by `leader`."""
        return [(leader + i) % self.players for i in range(count)]

    def held(self, obs: Observation, seat: int) -> int | None:
        """How many cards `seat` holds now, as everyone can tell (None: unknown)."""
        played = 0
        for leader, cards, _ in self.finished_tricks(obs):
            played += self.trick_seats(obs, leader, len(cards)).count(seat)
        trick = tuple(getattr(obs, "trick", ()))
        played += self.trick_seats(obs, int(getattr(obs, "leader", 0)), len(trick)).count(seat)
        return max(0, self.hand_size - played)

    # --- the view -------------------------------------------------------------------------------
    def build(self, ctx: Context) -> dict[str, Any]:
        view = self.base(ctx)
        obs, you = ctx.obs, ctx.you
        for seat, entry in enumerate(view["seats"]):
            if ctx.replay:
                entry["hand"] = self.cards(self.hand_of(ctx.observations[seat]))
            elif seat != you:
                entry["count"] = self.held(obs, seat)
        trick = tuple(getattr(obs, "trick", ()))
        leader = int(getattr(obs, "leader", 0))
        view["trick"] = {"leader": leader, "cards": self.played(obs, leader, trick)}
        tricks = self.finished_tricks(obs)
        if tricks:
            last_leader, cards, winner = tricks[-1]
            view["last_trick"] = {"leader": last_leader, "winner": winner,
                                  "cards": self.played(obs, last_leader, cards),
                                  "number": len(tricks)}
        if you is not None:
            view["hand"] = self.hand_entries(ctx)
        self.add_buttons(view, ctx, skip_cards=True)
        self.decorate(view, ctx)
        return view

    def played(self, obs: Observation, leader: int, cards: Sequence[int]) -> list[list[Any]]:
        seats = self.trick_seats(obs, leader, len(cards))
        return [[seat, card_text(card)] for seat, card in zip(seats, cards, strict=True)]

    def hand_entries(self, ctx: Context) -> list[dict[str, Any]]:
        """Your hand, each card with the move a click makes (None if it may not be played)."""
        moves: dict[int, str] = {}
        if ctx.obs.current_player == ctx.you:
            for action in ctx.obs.legal_actions:
                card = card_action(action)
                if card is not None:
                    moves[card] = str(action)
        return [{"card": card_text(c), "action": moves.get(c)}
                for c in self.sort_cards(self.hand_of(ctx.obs))]

    def decorate(self, view: dict[str, Any], ctx: Context) -> None:
        """Game-specific parts: headline, seat stats, scores, extra cards (subclasses)."""

    def tricks_won(self, obs: Observation) -> list[int]:
        """Tricks won by each seat this deal."""
        won = [0] * self.players
        for _, _, winner in self.finished_tricks(obs):
            if winner is not None:
                won[winner] += 1
        return won
