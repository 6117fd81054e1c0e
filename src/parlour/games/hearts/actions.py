"""Hearts actions: `Pass` (choose one card to pass) and `Play` (play a card), both interned."""

from __future__ import annotations

from typing import Any

from parlour.cards import CARD, CARDS_52, INDEX_52, Card, format_card, format_cards
from parlour.core import Action


class _CardAction(Action):
    __slots__ = ("card",)
    card: Card
    _prefix = ""
    _offset = 0

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", CARD[card])

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.card == self.card

    def __hash__(self) -> int:
        return hash((self._offset, self.card))

    def __str__(self) -> str:
        return self._prefix + format_card(self.card)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({format_card(self.card)!r})"

    @property
    def id(self) -> int:
        return self._offset + INDEX_52[self.card]


class Play(_CardAction):
    """Play `card` to the trick. Notation: the card, ``Q♠``."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (play, (self.card,))


class Pass(_CardAction):
    """Choose `card` as one of the three cards to pass. Notation: ``pass Q♠``."""

    __slots__ = ()
    _prefix = "pass "
    _offset = 52

    def __reduce__(self) -> tuple[Any, ...]:
        return (pass_card, (self.card,))


PLAY: dict[int, Play] = {card: Play(card) for card in CARDS_52}
PASS: dict[int, Pass] = {card: Pass(card) for card in CARDS_52}
BY_ID: tuple[Action, ...] = tuple(PLAY[c] for c in CARDS_52) + tuple(PASS[c] for c in CARDS_52)


def play(card: int) -> Play:
    """The interned `Play` of `card`."""
    return PLAY[card]


def pass_card(card: int) -> Pass:
    """The interned `Pass` of `card`."""
    return PASS[card]


def describe_cards(mask: int) -> str:
    return format_cards(mask)
