"""Search agents for every game: PIMC and ISMCTS, built on `game.sample_state`.

Both need only the game contract: `sample_state(observation, rng)` for worlds consistent with
what the seat knows, `clone(quiet=True)` and `apply_unchecked_no_undo` for playouts, and
`returns()` / `running_returns()` (and the optional `tiebreak()`) with `deal_number` to score
them. A rollout agent may propose the moves to search (`candidates`). See docs/search.md.
"""

from parlour.agents.search.ismcts import ISMCTSAgent, SearchReport
from parlour.agents.search.pimc import PIMCAgent

__all__ = ["ISMCTSAgent", "PIMCAgent", "SearchReport"]
