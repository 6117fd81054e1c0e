"""The general trick layer in one import: what a trick game declares and builds on.

- `Contract`: each card's effective suit and power as tables (`Contract.suits` for printed
  suits and a trump, `Contract.ranked` for trumps that cross suits: Skat's Jacks, Schafkopf's
  Obers and Unters, Euchre's bowers, Doppelkopf's order with `twins` for two copies a card);
- `Seating`: 3 to 6 seats, some sitting a hand out; `Teams`: sides fixed, made in play or
  hidden;
- `ContractTrickState`: the state that plays cards from them; naming its `layer_class` (and
  `card_actions`, `in_card_play`) gets compiled random playouts (`LAYER_PLAY`) and the
  compiled `Match` step of its card plays (`LAYER_STEP`) with no Cython of the game's own.

See docs/writing-a-game.md (the compiled path) and docs/cards.md.
"""

from __future__ import annotations

from parlour.cards.contract import Contract, ContractError, twin, with_twins
from parlour.cards.contract_state import LAYER_PLAY, LAYER_STEP, ContractTrickState
from parlour.cards.seating import Seating, SeatingError, Teams

__all__ = ["LAYER_PLAY", "LAYER_STEP", "Contract", "ContractError", "ContractTrickState", "Seating",
           "SeatingError", "Teams", "twin", "with_twins"]
