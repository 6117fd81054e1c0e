"""Card pieces of seat views: a hand sorted and coloured, cards played, legal cards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text

from parlour.cards import SUIT_MASKS, SUIT_SYMBOLS, format_card, iter_cards
from parlour.cards.card import RANK_CHARS
from parlour.cards.notation import DISPLAY_ORDER
from parlour.core import Action

SUIT_STYLES = ("bold", "bold red", "bold red", "bold")
"""Styles by suit index (clubs, diamonds, hearts, spades): the red suits red."""


def dim(text: str) -> Text:
    """`text` dimmed, as a span: what is appended to it keeps its own style.

    (``Text(text, style=...)`` would style everything appended to it as well.)
    """
    return Text.assemble((text, "dim"))


def card_text(card: int, style: str | None = None) -> Text:
    """One card, coloured by its suit."""
    return Text(format_card(card), style=style or SUIT_STYLES[card >> 4])


def hand_text(hand: int, playable: int | None = None,
              suit_order: Sequence[int] = DISPLAY_ORDER) -> Text:
    """A hand grouped by suit, high to low, coloured; cards outside `playable` dimmed.

    Each suit reads like the notation (``AKQ♠``), so what is shown can be typed back.
    """
    text = Text()
    for suit in suit_order:
        cards = list(iter_cards(hand & SUIT_MASKS[suit]))
        if not cards:
            continue
        if text:
            text.append("  ")
        style = SUIT_STYLES[suit]
        for card in reversed(cards):
            allowed = playable is None or bool(playable >> card & 1)
            text.append(RANK_CHARS[card & 15], style=style if allowed else "dim")
        text.append(SUIT_SYMBOLS[suit], style=style)
    return text if text else dim("-")


def legal_cards(actions: Iterable[Action]) -> int | None:
    """The cards that the legal actions play, as a mask; None if they are not card plays."""
    mask = 0
    for action in actions:
        card = getattr(action, "card", None)
        if not isinstance(card, int):
            return None
        mask |= 1 << card
    return mask or None


def played_text(cards: Sequence[int], leader: int, players: int, names: Sequence[str],
                winner: int | None = None, you: int | None = None,
                seats: Sequence[int] | None = None) -> Text:
    """Cards played in order from `leader`: ``left 7♦  across 9♦*``; the winner starred.

    `seats` names who played each card when it is not every seat clockwise from `leader` (a
    seat sitting the hand out: `SeatView.trick_seats`).
    """
    if seats is None:
        seats = [(leader + i) % players for i in range(len(cards))]
    text = Text()
    for i, (seat, card) in enumerate(zip(seats, cards, strict=True)):
        if i:
            text.append("  ")
        text.append(f"{names[seat]} ", style="bold" if seat == you else "")
        text += card_text(card)
        if seat == winner:
            text.append("*", style="bold yellow")
    return text
