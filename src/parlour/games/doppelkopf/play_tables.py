"""Each Doppelkopf trump table as a contract of the general trick layer (`parlour.cards.layer`).

`layer_contract(table, deck, dullen)` is the layer's `Contract` of one trump table of
`parlour.games.doppelkopf.tables` (the normal game, each solo, Schweinchen) for the 48- or
40-card deck, with the Dullen house rule as the layer's `later_wins`: when the second Herz-Zehn
beats the first, both copies are in `later_wins` (only where the Herz-Zehn is a trump: in a
Damen-, Buben- or Fleischlos-Solo it is a plain Herz card, and the first of two wins).
Under ``except_last_trick`` the rule switches off on the last trick, so a game on the layer
takes `layer_contract(table, deck, False)` there (`dullen_applies`).

>>> from parlour.games.doppelkopf.cards import DECK_48, card_of, HEARTS, TEN, twin
>>> from parlour.games.doppelkopf.tables import NORMAL
>>> dulle = card_of(HEARTS, TEN)
>>> trick = [dulle, card_of(0, 14), twin(dulle), card_of(0, 9)]
>>> [layer_contract(NORMAL, DECK_48, dullen).winner(trick) for dullen in (False, True)]
[0, 2]
"""

from __future__ import annotations

from functools import cache

from parlour.cards.contract import Contract
from parlour.games.doppelkopf.cards import face_mask
from parlour.games.doppelkopf.tables import DULLE, TABLE_NAMES, contract_tables


@cache
def layer_contract(table: int, deck: int, dullen: bool) -> Contract:
    """The layer's contract of trump `table` over `deck`; with `dullen` the second Herz-Zehn
    beats the first."""
    follow, power, trumps = contract_tables(table)
    name = TABLE_NAMES[table] + (" (second Dulle wins)" if dullen else "")
    return Contract(name, deck,
                    tuple(suit & deck if deck >> card & 1 else 0
                          for card, suit in enumerate(follow)),
                    tuple(p if deck >> card & 1 else 0 for card, p in enumerate(power)),
                    trumps & deck, face_mask(DULLE) & trumps & deck if dullen else 0)


def dullen_applies(rule: str, last_trick: bool) -> bool:
    """Whether the second Herz-Zehn beats the first under `rule` (the game's ``second_dulle``
    parameter: ``never``, ``always`` or ``except_last_trick``) in this trick."""
    return rule == "always" or (rule == "except_last_trick" and not last_trick)


__all__ = ["dullen_applies", "layer_contract"]
