"""Each Schafkopf game type as a contract of the general trick layer (`parlour.cards.layer`).

`TABLES[kind, suit]` is the `GameTables` of a declared game (and of the Ramsch): the layer's
`Contract` built with `Contract.ranked` (the trumps high to low, then the plain ranks), with
the declared game beside it. Rufspiel, Ramsch and Sie play Herz's order: the four Ober, the
four Unter (each Eichel, Gras, Herz, Schellen), then Herz A 10 K 9 8 7; a Farbsolo the same
with its own suit; Wenz and Wenz-Tout the four Unter alone, the Ober back in their suits
between König and Neun. `UNDECLARED` stands before a game is declared (no card is played
then).

>>> from parlour.cards import format_cards
>>> from parlour.games.schafkopf.actions import WENZ_GAME
>>> TABLES[WENZ_GAME, -1].title, format_cards(TABLES[WENZ_GAME, -1].trumps)
('Wenz', 'J♣ J♦ J♠ J♥')
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards.contract import Contract
from parlour.games.schafkopf.actions import CONTRACT, RAMSCH_CONTRACT
from parlour.games.schafkopf.actions import Contract as Declared
from parlour.games.schafkopf.tables import (
    DECK,
    EICHEL,
    GRAS,
    HERZ,
    KOENIG,
    OBER,
    SAU,
    SCHELLEN,
    UNTER,
    WENZ,
    ZEHN,
)

HIGH_FIRST = (EICHEL, GRAS, HERZ, SCHELLEN)
"""The order of the Ober (and the Unter) among themselves."""


@dataclass(frozen=True)
class GameTables(Contract):
    """The layer's follow and power tables of one Schafkopf game, and the game `declared`
    (None before the auction ends)."""

    declared: Declared | None = None

    @property
    def title(self) -> str:
        """The declared game for people (``Sauspiel auf die Gras-Sau``, ``Ramsch``)."""
        return self.declared.title if self.declared is not None else "no game yet"


def order_tables(order: int, declared: Declared | None, name: str) -> GameTables:
    """The tables of trump `order` (a suit 0..3 under Ober and Unter, or `WENZ`)."""
    unters = [suit << 4 | UNTER for suit in HIGH_FIRST]
    if order == WENZ:
        ranked = Contract.ranked(DECK, unters, (SAU, ZEHN, KOENIG, OBER, 9, 8, 7), name)
    else:
        obers = [suit << 4 | OBER for suit in HIGH_FIRST]
        suit = [order << 4 | rank for rank in (SAU, ZEHN, KOENIG, 9, 8, 7)]
        ranked = Contract.ranked(DECK, obers + unters + suit, (SAU, ZEHN, KOENIG, 9, 8, 7),
                                 name)
    return GameTables(name, DECK, ranked.follow, ranked.power, ranked.trumps,
                      declared=declared)


TABLES: dict[tuple[int, int], GameTables] = {
    (c.kind, c.suit): order_tables(c.order, c, c.title)
    for c in (*CONTRACT.values(), RAMSCH_CONTRACT)}
"""``TABLES[kind, suit]``: the tables of each declared game and of the Ramsch."""
UNDECLARED = order_tables(HERZ, None, "auction")
"""The tables before a game is declared (Herz's order; no card is played under them)."""

__all__ = ["TABLES", "UNDECLARED", "GameTables", "order_tables"]
