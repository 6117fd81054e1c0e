"""Doppelkopf's random playouts, compiled (the general trick layer's `cards/_layer.pyx`, no
Cython of Doppelkopf's own) against the Python loop, side by side in one run; and a long
cross-check of the two.

Playouts per CPU second to the end of the deal, from a quiet clone as search plays out: from
the first decision (the Vorbehalt in Python, the cards in C where `in_card_play` lets them) and
from the first card (a state whose Vorbehalt is over). Announcements stay moves in Python: a
trick goes to C only once no seat still to play to it could announce. The two paths
alternate for several rounds on the same states and generators; the medians are printed.
``--callgrind`` instead runs each path once under valgrind's callgrind in its own process and
compares the instructions of the playouts (less a run that only sets them up): steady on a
loaded machine. ``--crosscheck N`` runs
`parlour.crosscheck.layer_play` on N seeds of each rule set.

    PYTHONPATH=. .venv/bin/python benchmarks/doppelkopf_playouts.py --rounds 5 --playouts 2000
    PYTHONPATH=. .venv/bin/python benchmarks/doppelkopf_playouts.py --callgrind --playouts 300
    PYTHONPATH=. .venv/bin/python benchmarks/doppelkopf_playouts.py --crosscheck 20000
"""

from __future__ import annotations

from typing import Any

from benchmarks.layer_playouts import LayerBench, main

RULE_SETS: tuple[dict[str, Any], ...] = (
    {"deals": 1, "tournament": False}, {"deals": 4},
    {"deals": 2, "tournament": False, "with_nines": False, "armut": True, "schweinchen": True,
     "second_dulle": "except_last_trick"},
    {"deals": 2, "tournament": False, "second_dulle": "always"})


def at_cards(state: Any) -> bool:
    """True once the Vorbehalt is over (seeds whose Armut was thrown in never get there)."""
    from parlour.games.doppelkopf.rules import PLAYING

    return bool(state.phase == PLAYING)


BENCH = LayerBench("doppelkopf", {"deals": 4}, RULE_SETS, at_cards, __file__)
"""The timed game: a tournament round of four deals (a Pflichtsolo each)."""

if __name__ == "__main__":
    main(BENCH, __doc__.splitlines()[0])
