"""The compiled Skat heuristic against `SkatHeuristic`: decision for decision, playout for
playout, and search taking the compiled path by default.

Skipped when the compiled module is not built, except under CI (``CI`` set), where the compiled path
must be there: `make test` builds it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from random import Random
from types import ModuleType, SimpleNamespace
from typing import Any, ClassVar

import pytest

import parlour
from parlour import compiled_switch
from parlour.agents.search.ismcts import ISMCTSAgent
from parlour.agents.search.pimc import PIMCAgent
from parlour.crosscheck import Divergence
from parlour.crosscheck.skat_heuristic import heuristic_crosscheck, python_playout
from parlour.games.skat import Skat, SkatState, rules
from parlour.games.skat.bots import SkatHeuristic

MODULE_NAME = "parlour.games.skat._heuristic"


@pytest.fixture(scope="module")
def compiled_heuristic() -> ModuleType:
    if MODULE_NAME not in compiled_switch.built():
        if os.environ.get("CI"):
            pytest.fail("the compiled Skat heuristic module is not built: CI must test the "
                        "compiled path")
        pytest.skip("the compiled Skat heuristic module is not built (pip install -e . with a "
                    "C compiler)")
    import parlour.games.skat._heuristic as module

    return module


@pytest.fixture
def compiled() -> Any:
    if rules._HEURISTIC is None:
        pytest.skip("the pure-Python path: search plays the agents")
    return rules._HEURISTIC


@pytest.mark.parametrize(("spec", "seeds"), [("skat", range(500)),
                                             ("skat.ramsch", range(500, 750)),
                                             ("skat:players=4", range(750, 1000))])
def test_the_compiled_heuristic_decides_and_plays_out_like_the_agent(
        compiled_heuristic: ModuleType, spec: str, seeds: range) -> None:
    # every decision of 1,000 deals (bids, the skat, burying, declaring, every card), and
    # from one position per deal playouts to the deal's end and to the series' end
    done = heuristic_crosscheck(parlour.load_game(spec), seeds, compiled_heuristic)  # type: ignore[arg-type]
    assert done.deals == len(seeds) and done.decisions > 25 * len(seeds)
    assert done.playouts >= 2 * len(seeds) and done.playout_moves > 20 * len(seeds)
    fired = done.rules
    played = done.contracts
    if spec == "skat.ramsch":
        assert played["ramsch"] > 25 and fired["Ramsch plays under"] > 100
        assert fired["Ramsch last in the trick: highest"] > 10
    else:
        assert sum(n for name, n in played.items() if name.startswith("grand")) >= 5
        assert sum(n for name, n in played.items() if name.startswith("null")) >= 2
    if spec == "skat":  # the rare branches of the card play and the declaring came up
        for rule in ("declarer ruffs a rich trick", "Null defender leads a suit the declarer holds",
                     "Null declarer plays under", "Null defender stays under the declarer",
                     "declare a Hand game", "declare Grand after picking up", "bury two cards",
                     "declare Null after picking up"):
            assert fired[rule] > 0, rule


def test_the_cross_check_catches_a_kernel_that_decides_otherwise(
        compiled_heuristic: ModuleType) -> None:
    class Lowest:  # the first legal action: the heuristic's choice only now and then
        deal_kernel = compiled_heuristic.deal_kernel
        play_deals = staticmethod(compiled_heuristic.play_deals)
        reset_counts = staticmethod(compiled_heuristic.reset_counts)
        rule_counts = staticmethod(compiled_heuristic.rule_counts)

        @staticmethod
        def decide(state: SkatState) -> int:
            return state.legal_actions()[0].id

    with pytest.raises(Divergence, match=r"^skat seed 0, move \d+.*: seat \d's choice "
                       r"\(\w+\): .* in src/parlour/games/skat/_heuristic.pyx, .* in the "
                       r"Python rules$"):
        heuristic_crosscheck(parlour.load_game("skat"), range(5), Lowest)  # type: ignore[arg-type]


def test_the_cross_check_catches_a_playout_that_plays_otherwise(
        compiled_heuristic: ModuleType) -> None:
    fake = SimpleNamespace(
        deal_kernel=compiled_heuristic.deal_kernel, decide=compiled_heuristic.decide,
        reset_counts=compiled_heuristic.reset_counts,
        rule_counts=compiled_heuristic.rule_counts,
        play_deals=lambda state, stop, mode: state.play_random(stop, Random(1).random))
    with pytest.raises(Divergence, match=r"then a playout to deal end\): (history|state)"):
        heuristic_crosscheck(parlour.load_game("skat"), range(5), fake)  # type: ignore[arg-type]


def _world(spec: str = "skat", seed: int = 3, moves: int = 12) -> SkatState:
    """A quiet state `moves` heuristic moves into a deal (in the card play)."""
    state: SkatState = parlour.load_game(spec).new_state(seed=seed)
    state.quiet = True
    python_playout_moves(state, moves)
    return state


def python_playout_moves(state: SkatState, moves: int) -> None:
    bot = SkatHeuristic(state.game)
    for _ in range(moves):
        state.apply(bot.act(state.observe(state.current)))  # type: ignore[arg-type]


def test_play_policy_plays_the_heuristic_to_the_deal_or_game_end(compiled: Any) -> None:
    for stop in (1, None):
        state, reference = _world(), _world()
        assert state.play_compiled("heuristic", stop) is True
        python_playout(reference, stop)
        assert state.history == reference.history and state.totals == reference.totals
        assert state._snapshot() == reference._snapshot()
    assert state.is_terminal


def test_play_policy_declines_what_it_does_not_play(compiled: Any) -> None:
    state = _world()
    history = list(state.history)
    assert state.play_compiled("random", None) is False  # another agent
    loud = state.clone(quiet=False)
    assert loud.play_compiled("heuristic", None) is False  # events wanted: move by move

    class Mine(SkatState):  # overrides a move the deal kernel stands in for
        __slots__ = ()

        def _bury(self, cards: int) -> None:
            super()._bury(cards)

    subclassed = state.clone()
    subclassed.__class__ = Mine
    assert subclassed.play_compiled("heuristic", None) is False

    class OwnBot(Skat):  # registers another heuristic
        agents: ClassVar[Mapping[str, str]] = {"heuristic": "parlour.agents.random:RandomAgent"}

    other = state.clone()
    other.game = OwnBot()
    assert other.play_compiled("heuristic", None) is False
    assert state.history == history


def _count_compiled(monkeypatch: pytest.MonkeyPatch, compiled: Any) -> list[int | None]:
    calls: list[int | None] = []

    def counting(state: SkatState, stop: int | None, mode: int) -> None:
        calls.append(stop)
        compiled.play_deals(state, stop, mode)

    monkeypatch.setattr(rules, "_HEURISTIC", SimpleNamespace(play_deals=counting))
    return calls


@pytest.mark.parametrize("agent", [PIMCAgent, ISMCTSAgent])
def test_search_with_the_default_rollout_takes_the_compiled_path_and_decides_the_same(
        monkeypatch: pytest.MonkeyPatch, compiled: Any, agent: type[Any]) -> None:
    game = parlour.load_game("skat")
    state = _world()
    observation = state.observe(state.current)  # type: ignore[arg-type]
    options = {"worlds": 4} if agent is PIMCAgent else {"iterations": 60}

    def decide() -> tuple[Any, Any]:
        bot = agent(game=game, seat=observation.seat, rng=Random(5), **options)
        return bot.act(observation), bot.rng.getstate()

    calls = _count_compiled(monkeypatch, compiled)
    on_c = decide()
    assert len(calls) >= 4 and set(calls) == {1}  # every playout, to the deal's end
    monkeypatch.setattr(rules, "_HEURISTIC", None)  # the agents, move by move
    assert decide() == on_c
