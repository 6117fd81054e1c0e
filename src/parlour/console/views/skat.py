"""The Skat seat view: who deals and bids, the contract, the skat as far as it is known."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from parlour.cards import JACK, SUIT_SYMBOLS, format_cards, iter_cards
from parlour.cards.card import CLUBS, DIAMONDS, HEARTS, RANK_CHARS, SPADES
from parlour.console.render import styled
from parlour.console.views.cards import SUIT_STYLES, dim
from parlour.console.views.tricks import TrickTakingView
from parlour.core import Observation
from parlour.games.skat.tables import SUIT_RANKING, skat_sorted

PLACES = ("forehand", "middlehand", "rearhand")
TRUMP_SUITS = {"clubs": CLUBS, "spades": SPADES, "hearts": HEARTS, "diamonds": DIAMONDS}
"""Suit games' kinds -> their trump suit."""


def null_sorted(mask: int) -> list[int]:
    """The cards of `mask` in Null order: suits ♣ ♠ ♥ ♦, each A K Q J 10 9 8 7."""
    return sorted(iter_cards(mask), key=lambda card: (SUIT_RANKING.index(card >> 4),
                                                      -(card & 15)))


class SkatView(TrickTakingView):
    """Skat (and Ramsch) from one seat."""

    hints = (
        "Bidding: a value (18 or bid 18), hold (or yes), pass.",
        "Declarer: pickup, or declare at once (declare grand hand); then bury two cards "
        "(bury J♣ 7♦) and declare (declare hearts, declare null ouvert).",
        "Play a card: J♣, jc or Jc; a bare rank will do when only one card fits.",
    )

    def title(self, observation: Observation) -> str:
        obs = observation
        phase = str(getattr(obs, "phase", ""))
        tricks = getattr(obs, "tricks", ())
        trick = f" · trick {len(tricks) + 1} of 10" if phase in ("play", "playing") else ""
        return f"Deal {getattr(obs, 'deal', 0) + 1} · {phase}{trick}"

    def summary(self, observation: Observation) -> Sequence[RenderableType]:
        obs: object = observation
        lines: list[RenderableType] = []
        seats = getattr(obs, "seats", ())
        dealer = getattr(obs, "dealer", None)
        places = " · ".join(f"{place} {self.label(s)}" for place, s in zip(PLACES, seats,
                                                                          strict=False))
        deals = ""
        if isinstance(dealer, int):
            deals = "you deal · " if dealer == self.seat else f"{self.label(dealer)} deals · "
        phase = str(getattr(obs, "phase", ""))
        playing = phase in ("play", "playing") and bool(getattr(obs, "tricks", ()))
        if not playing:  # once the first trick is done, the contract line says it all
            lines.append(Text(f"  {deals}{places}"))
        bidding = getattr(obs, "bidding", ())
        if bidding and not playing:
            calls = " · ".join(f"{self.names()[s]} {a}" for s, a in bidding)
            lines.append(dim("  bidding  ") + Text(calls))
        declarer = getattr(obs, "declarer", None)
        contract = getattr(obs, "contract", None)
        if isinstance(declarer, int):
            game = getattr(contract, "describe", lambda: "not declared yet")()
            bid = getattr(obs, "bid", 0)
            lines.append(dim("  declarer ")
                         + Text(f"{self.label(declarer)} at {bid} · {game}", style="bold"))
        skat = getattr(obs, "skat", 0)
        if skat:
            lines.append(dim("  skat     ") + styled(format_cards(skat)))
        open_hand = getattr(obs, "declarer_hand", None)
        if isinstance(open_hand, int) and isinstance(declarer, int) and declarer != self.seat:
            lines.append(dim("  declarer's open hand  ") + self.hand_text(open_hand))
        scores = getattr(obs, "scores", ())
        if scores:
            lines.append(dim("  scores   ") + Text(
                " · ".join(f"{self.names()[s]} {v}" for s, v in enumerate(scores))))
        return lines

    null = False
    """Whether the deal shown is a Null game (set by `show`): the Jacks sort in their suits."""

    trump: int | None = None
    """The trump suit of the suit game shown (set by `show`): sorted right after the Jacks."""

    def show(self, observation: Observation) -> None:
        contract = getattr(observation, "contract", None)
        self.null = bool(getattr(contract, "is_null", False))
        self.trump = TRUMP_SUITS.get(str(getattr(contract, "kind", "")))
        super().show(observation)

    def hand_text(self, hand: int, playable: int | None = None) -> Text:
        """A hand as Skat players sort it: the Jacks (♣ ♠ ♥ ♦), then ♣ ♠ ♥ ♦ from the Ace (in
        a suit game the trump suit first, after the Jacks); in Null, ♣ ♠ ♥ ♦ from the Ace with
        the Jacks between Queen and Ten."""
        text = Text()
        previous: int | None = None  # the suit of the group being written; -1 for Jacks
        cards = null_sorted(hand) if self.null else skat_sorted(hand)
        if self.trump is not None and not self.null:  # the trumps together: Jacks, then suit
            jacks = [c for c in cards if c & 15 == JACK]
            trumps = [c for c in cards if c >> 4 == self.trump and c & 15 != JACK]
            cards = jacks + trumps + [c for c in cards if c not in jacks and c not in trumps]
        for card in cards:
            group = -1 if card & 15 == JACK and not self.null else card >> 4
            if previous is not None and (group != previous or group == -1):
                if previous != -1:
                    text.append(SUIT_SYMBOLS[previous], style=SUIT_STYLES[previous])
                text.append(" ")
            allowed = playable is None or bool(playable >> card & 1)
            style = SUIT_STYLES[card >> 4] if allowed else "dim"
            text.append(RANK_CHARS[card & 15], style=style)
            if group == -1:
                text.append(SUIT_SYMBOLS[card >> 4], style=SUIT_STYLES[card >> 4])
            previous = group
        if previous is not None and previous != -1:
            text.append(SUIT_SYMBOLS[previous], style=SUIT_STYLES[previous])
        return text if text else dim("-")

    def prompt(self, observation: Observation) -> str:
        phase = str(getattr(observation, "phase", ""))
        return "bid> " if phase.startswith("bid") else f"{phase or 'move'}> "
