"""Skat decisions through the engine API, OpenSpiel's (C++ from Python) beside parlour's, one run.

The `Match`-path measure of `match_path.py` for Skat alone: CPU µs per decision through
`legal_actions` and a checked `apply`, with events and quiet, in interleaved rounds.
Run: ``PYTHONPATH=src .venv/bin/python benchmarks/peers/openspiel_skat.py``
(needs `open_spiel`: ``pip install 'parlour[peers]'``).
"""

from __future__ import annotations

from match_path import main

if __name__ == "__main__":
    main(("skat",))
