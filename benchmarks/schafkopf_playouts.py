"""Schafkopf's random playouts, compiled (the general trick layer's `cards/_layer.pyx`) against
the Python loop, side by side in one run; and a long cross-check of the two.

Playouts per CPU second to the end of the deal, from a quiet clone as search plays out: from
the first decision (the auction in Python, the cards in C) and from the first card (a state
whose auction is over). The two paths alternate for several rounds on the same states and
generators; the medians are printed. ``--callgrind`` instead runs each path once under
valgrind's callgrind in its own process and compares the instructions of the playouts (less a
run that only sets them up): steady on a loaded machine. ``--crosscheck N`` runs
`parlour.crosscheck.layer_play` on N seeds of each rule set.

    PYTHONPATH=. .venv/bin/python benchmarks/schafkopf_playouts.py --rounds 5 --playouts 2000
    PYTHONPATH=. .venv/bin/python benchmarks/schafkopf_playouts.py --callgrind --playouts 300
    PYTHONPATH=. .venv/bin/python benchmarks/schafkopf_playouts.py --crosscheck 20000
"""

from __future__ import annotations

from typing import Any

from benchmarks.layer_playouts import LayerBench, main

RULE_SETS: tuple[dict[str, Any], ...] = (
    {}, {"all_pass": "ramsch"}, {"kontra_round": "after-lead"}, {"kontra": False, "deals": 2})


def at_cards(state: Any) -> bool:
    """True once the auction is over (seeds whose deal was thrown in never get there)."""
    return bool(state.in_card_play())


BENCH = LayerBench("schafkopf", {}, RULE_SETS, at_cards, __file__)
"""The timed game: the default series of deals."""

if __name__ == "__main__":
    main(BENCH, __doc__.splitlines()[0])
