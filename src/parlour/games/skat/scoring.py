"""Settling a Skat game by the ISkO: matadors, game value, announcements, overbidding, scores.

Pure functions of the facts at the end of a deal, so they are easy to test and to reuse.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import CardSet, format_cards
from parlour.games.skat.actions import Contract
from parlour.games.skat.tables import matadors

SEEGER_FABIAN_BONUS = 50
DEFENDER_BONUS = {3: 40, 4: 30}
"""Seeger-Fabian: what each defender gets when the declarer loses, by table size."""


@dataclass(frozen=True, slots=True)
class Settlement:
    """The outcome of a played game: won or lost, its value, and how that value came about."""

    won: bool
    value: int
    matadors: int = 0
    multiplier: int = 0
    schneider: bool = False
    schwarz: bool = False
    overbid: bool = False


def settle(contract: Contract, bid: int, declarer_cards: int, declarer_points: int,
           declarer_tricks: int, defender_tricks: int) -> Settlement:
    """Settle a suit game, Grand or Null by ISkO 5.1-5.4.

    `declarer_cards` are the declarer's twelve cards (his hand as dealt plus the skat), which
    count for the matadors in Hand games too; `declarer_points` include the skat.
    """
    if contract.is_null:
        value = contract.base_value
        won = declarer_tricks == 0
        if value < bid:
            return Settlement(False, _reach(bid, value), overbid=True)
        return Settlement(won, value)
    base = contract.base_value
    tops = matadors(declarer_cards, contract.order)
    schneider = declarer_points >= 90 or declarer_points <= 30
    schwarz = declarer_tricks == 0 or defender_tricks == 0
    multiplier = (
        abs(tops) + 1 + contract.hand
        + (schneider or contract.schneider) + contract.schneider
        + (schwarz or contract.schwarz) + contract.schwarz
        + contract.ouvert
    )
    value = multiplier * base
    won = (
        declarer_points >= 61
        and (declarer_points >= 90 or not contract.schneider)
        and (defender_tricks == 0 or not contract.schwarz)
    )
    if value < bid:
        return Settlement(False, _reach(bid, base), tops, multiplier, schneider, schwarz, True)
    return Settlement(won, value, tops, multiplier, schneider, schwarz)


def _reach(bid: int, base: int) -> int:
    """The smallest multiple of `base` that reaches `bid` (the value of an overbid game)."""
    return -(-bid // base) * base


def deal_points(num_players: int, declarer: int, won: bool, value: int,
                scoring: str) -> tuple[int, ...]:
    """Each seat's score for one game: list scoring or Seeger-Fabian."""
    points = [0] * num_players
    if scoring == "seeger-fabian":
        if won:
            points[declarer] = value + SEEGER_FABIAN_BONUS
        else:
            points[declarer] = -2 * value - SEEGER_FABIAN_BONUS
            for seat in range(num_players):
                if seat != declarer:
                    points[seat] = DEFENDER_BONUS[num_players]
    else:
        points[declarer] = value if won else -2 * value
    return tuple(points)


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal's outcome, kept for the whole series (public once the deal is over).

    `points` is each seat's score for the deal. For a played game: the declarer, the contract,
    the bid, won or lost, the value, the matadors (+N with, -N without), the declarer's card
    points (skat included), whether Schneider or Schwarz was reached, overbidding, and the skat.
    `note` describes deals that are no ISkO game (``thrown in``, a Ramsch summary).
    """

    deal: int
    points: tuple[int, ...]
    declarer: int | None = None
    contract: Contract | None = None
    bid: int = 0
    won: bool = False
    value: int = 0
    matadors: int = 0
    card_points: int = 0
    schneider: bool = False
    schwarz: bool = False
    overbid: bool = False
    skat: int = 0
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "skat", CardSet(self.skat))

    def describe(self) -> str:
        head = f"deal {self.deal + 1}: "
        if self.declarer is None or self.contract is None:
            return head + (self.note or "no game")
        c = self.contract
        tops = ""
        if not c.is_null:
            tops = f" {'with' if self.matadors > 0 else 'without'} {abs(self.matadors)}"
        extras = [w for w, on in (("Schneider", self.schneider), ("Schwarz", self.schwarz),
                                  ("overbid", self.overbid)) if on]
        how = f" ({', '.join(extras)})" if extras else ""
        verdict = "wins" if self.won else "loses"
        return (f"{head}seat {self.declarer} {verdict} {c.describe()}{tops}, "
                f"{self.card_points} card points{how}; value {self.value}, scores "
                f"{self.points[self.declarer]:+d}; skat {format_cards(self.skat)}")
