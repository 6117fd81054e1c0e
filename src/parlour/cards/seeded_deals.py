"""`SeededDealState`: a trick game on the layer whose deals come one by one from the seed.

Hearts and Spades start every deal the same way: the game's `deal_hands(seed, number)` gives
the hands, a chance action holding them (the game's `Deal`) goes into the history, and a quiet
state leaves a deal to come undealt until its cards are read (`parlour.cards.undealt`). That
start lives here once: `start_deal` and `_next_deal`, and `_begin`, which records the deal,
takes the cards and clears the trick before the game's own `_deal_begun` (its passing or
bidding, its events). The compiled deal kernels of Hearts and Spades do the same in C
(their deal bindings name these methods).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, TypeVar

from parlour.cards.contract_state import ContractTrickState
from parlour.cards.undealt import DealsHands, deal_to_come
from parlour.core import Action, Game

G = TypeVar("G", bound="Game[Any]")


class SeededDealState(ContractTrickState[G]):
    """A `ContractTrickState` whose deal number `deal` counts from 0 and whose deals are
    `Game.deal_hands` of the seed: set `deal_class` and `dealt_by`, implement `_deal_begun`."""

    __slots__ = ("deal",)

    deal: int

    deal_class: ClassVar[type[Action]]
    """The game's chance action of a deal: made from the hands, which it keeps as `hands`."""
    dealt_by: ClassVar[type[DealsHands]]
    """The game class whose `deal_hands` a deal to come reproduces: a game class overriding
    it deals every deal eagerly."""

    def _next_deal(self) -> None:
        """Start the next deal; a quiet state leaves its cards undealt until they are read
        (`parlour.cards.undealt`) while the game deals with the `dealt_by` class's
        `deal_hands`."""
        self.deal += 1
        game: Any = self.game
        if self.quiet and type(game).deal_hands is self.dealt_by.deal_hands:
            self._begin(deal_to_come(self.deal_class, game, self.seed, self.deal))
        else:
            self.start_deal(game.deal_hands(self.seed, self.deal))

    def start_deal(self, hands: Sequence[int]) -> None:
        """Begin deal number `deal` with `hands`, recording the deal as a chance move."""
        self._begin(self.deal_class(hands))  # type: ignore[call-arg]

    def _begin(self, deal: Any) -> None:
        """Begin deal number `deal` as `deal` (a deal to come: undealt): record it, take its
        cards, clear the trick, then the game's `_deal_begun`."""
        self.record_chance(deal)
        undealt = type(deal) is not self.deal_class
        if undealt:
            self.leave_undealt(deal)
        else:
            self.hands = list(deal.hands)
        self.trick = ()
        self.tricks = ()
        self.broken = False
        self._deal_begun(deal, undealt)

    def _deal_begun(self, deal: Any, undealt: bool) -> None:
        """The game's part of a deal's start (its fields, events and first player to act);
        `undealt`: `hands` stays unset until read (`TrickState.leave_undealt`)."""
        raise NotImplementedError
