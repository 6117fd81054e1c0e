"""Cross-checks of every compiled module against the Python code it stands in for (internal).

Each module here drives one *mirror* (`MIRRORS`) through the harness (`harness.Probe`,
`harness.drive`; the step mirrors move their games with `harness.drive_moves`): the same seeded
games through the compiled module and through the Python rules, the first difference raised as
`harness.Divergence` by seed, move, field and the compiled file. The CI tests run each on about
1,000 deals or positions, the scripts in ``benchmarks/`` on 100,000. Plug-in authors test their
games with `parlour.testing` instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.core.deprecated import warn_renamed
from parlour.crosscheck.harness import Divergence, Probe, drive


@dataclass(frozen=True)
class Mirror:
    """One cross-check: the module that drives it, the compiled modules it checks, the Python
    code those stand in for, and the benchmark that runs it at scale ("" for none)."""

    name: str
    driver: str
    modules: tuple[str, ...]
    python: str
    benchmark: str

    @property
    def kernels(self) -> tuple[str, ...]:
        """Deprecated name of `modules`."""
        warn_renamed("Mirror.kernels", "Mirror.modules")
        return self.modules


MIRRORS = (
    Mirror("card play", "parlour.crosscheck.card_play", ("parlour.cards._trick_play",),
           "TrickState.play_card and compute_legal_mask", "benchmarks/trick_crosscheck.py"),
    Mirror("trick layer playouts", "parlour.crosscheck.layer_play", ("parlour.cards._layer",),
           "State.play_random on a ContractTrickState game",
           "benchmarks/schafkopf_playouts.py"),
    Mirror("trick layer step", "parlour.crosscheck.layer_steps", ("parlour.cards._layer_step",),
           "a ContractTrickState game's Python legal_actions, apply and apply_unchecked_no_undo",
           "benchmarks/layer_step.py"),
    Mirror("trick deals", "parlour.crosscheck.trick_deals",
           ("parlour.games.hearts._deals", "parlour.games.spades._deals"),
           "HeartsState and SpadesState moved by apply", "benchmarks/trick_crosscheck.py"),
    Mirror("trick steps", "parlour.crosscheck.trick_steps",
           ("parlour.games.hearts._step", "parlour.games.spades._step"),
           "the states' Python legal_actions, apply and apply_unchecked_no_undo",
           "benchmarks/step_crosscheck.py"),
    Mirror("Hearts heuristic", "parlour.crosscheck.hearts_heuristic",
           ("parlour.games.hearts._heuristic",), "HeartsHeuristic.act",
           "benchmarks/hearts_heuristic_crosscheck.py"),
    Mirror("Spades heuristic", "parlour.crosscheck.spades_heuristic",
           ("parlour.games.spades._heuristic",), "SpadesHeuristic.act",
           "benchmarks/spades_heuristic_crosscheck.py"),
    Mirror("ISMCTS loop", "parlour.crosscheck.ismcts_loops", ("parlour.agents.search._ismcts",),
           "ISMCTSAgent's Python loop", "benchmarks/ismcts_crosscheck.py"),
    Mirror("Skat deals", "parlour.crosscheck.skat_deals", ("parlour.games.skat._deals_and_step",),
           "SkatState moved by apply", "benchmarks/skat_crosscheck.py"),
    Mirror("Skat step", "parlour.crosscheck.skat_steps", ("parlour.games.skat._deals_and_step",),
           "rules.PYTHON_STEP", "benchmarks/skat_step_crosscheck.py"),
    Mirror("Skat heuristic", "parlour.crosscheck.skat_heuristic",
           ("parlour.games.skat._heuristic",), "SkatHeuristic.act",
           "benchmarks/skat_heuristic_crosscheck.py"),
    Mirror("learner rows", "parlour.crosscheck.learner_rows",
           ("parlour.games.hearts._rows", "parlour.games.spades._rows"),
           "Encoding.fill_rows", ""),
    Mirror("batch step", "parlour.crosscheck.learner_rows", ("parlour.rl._lockstep",),
           "parlour.rl.lockstep.advance", ""),
    Mirror("Territory zombies", "parlour.crosscheck.territory",
           ("parlour.games.territory._zombies",), "TerritoryState._zombie_turn", ""),
)
"""Every cross-check; `tests/core/test_crosscheck.py` checks that each compiled module has one."""

__all__ = ["MIRRORS", "Divergence", "Mirror", "Probe", "drive"]
