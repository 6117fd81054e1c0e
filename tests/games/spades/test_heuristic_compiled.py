"""The compiled Spades heuristic (`parlour.games.spades._heuristic`) against the Python agent:
the same move and rule at every decision of 1,000 positions, `SpadesState.play_compiled` leaving
the same state and history as the agents, the fallbacks where the kernel does not fit, and
PIMC and ISMCTS with the default rollout taking the compiled path with the same decisions."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any, ClassVar

import pytest

import parlour
from parlour import compiled_switch
from parlour.agents.search.playout import Playout
from parlour.games.spades.bots import SpadesHeuristic
from parlour.games.spades.rules import Spades, SpadesState
from parlour.games.spades.scoring import TeamScore

NAME = "parlour.games.spades._heuristic"
compiled_heuristic: Any = compiled_switch.load(NAME)
compiled_path = pytest.mark.skipif(compiled_heuristic is None,
                                   reason="the compiled modules are off or not built")


@compiled_path
def test_the_compiled_heuristic_makes_the_agents_moves_at_every_decision() -> None:
    from parlour.crosscheck.spades_heuristic import RULE_SETS, crosscheck

    done = crosscheck(range(1000))
    assert done.positions == 1000 and done.hands >= 1000
    assert done.cards > 100_000 and done.bids > 5_000 and done.blind_choices > 200
    assert done.nil_bids > 500 and done.blind_nils > 100
    assert done.games_over > 100 and 0 < done.settled_in_c < done.hands
    # every rule of the heuristic decided somewhere (`highest` is a fallback no position needs)
    assert set(done.rules) == set(compiled_heuristic.RULES) - {"highest"}, done.rules
    assert len(RULE_SETS) == 5


@compiled_path
def test_the_cross_check_fails_on_a_different_move(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.crosscheck import Divergence
    from parlour.crosscheck import spades_heuristic as spades_policy

    class Contrary(SpadesHeuristic):
        def act(self, observation: Any) -> Any:
            action = super().act(observation)
            legal = observation.legal_actions
            return legal[0] if observation.phase == "play" and action != legal[0] else action

    monkeypatch.setattr(spades_policy, "SpadesHeuristic", Contrary)
    with pytest.raises(Divergence, match=r"^spades seed 0, move 8 \(after T♣\): seat 0's choice: "
                       r"A♠ in src/parlour/games/spades/_heuristic.pyx, 6♦ in the Python rules$"):
        spades_policy.crosscheck(range(5))


def _python_playout(state: Any, stop: int | None) -> None:
    playout = Playout(state.game, "heuristic", None, "score", Random(0), "test")
    while not state.is_terminal and (stop is None or state.deal_number < stop):
        playout.play_compiled(state)  # the agents, move by move


def _start(game: Any, seed: int = 5, moves: int = 9) -> SpadesState:
    state = game.new_state(seed=seed, scores=[-150, 120])
    state.quiet = True
    rng = Random(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@compiled_path
@pytest.mark.parametrize("stop", [1, 2, None])
def test_play_policy_plays_what_the_agents_play(stop: int | None) -> None:
    game = parlour.load_game("spades", blind_nil=True, target=250)
    start = _start(game)
    compiled, python = start.clone(quiet=True), start.clone(quiet=True)
    assert compiled.play_compiled("heuristic", stop) is True
    _python_playout(python, stop)
    assert compiled.history == python.history
    assert compiled._snapshot() == python._snapshot()
    assert compiled.deal == python.deal == (stop if stop is not None else compiled.deal)
    assert stop is not None or compiled.is_terminal


@compiled_path
def test_play_policy_keeps_undo_working() -> None:
    state = parlour.load_game("spades").new_state(seed=8)
    state.quiet = True
    while not state.in_card_play():
        state.apply(state.legal_actions()[2])
    before = state._snapshot(), len(state.history)
    state.apply(state.legal_actions()[0])  # a card: a short undo record, completed first
    assert state.play_compiled("heuristic", 1)
    state.undo()  # takes back that card and the playout after it
    assert (state._snapshot(), len(state.history)) == before


class _OwnScoring(Spades):
    """A variant scoring in Python: the kernel plays and the state's `_score_deal` settles."""

    def score_partnership(self, bids: tuple[int, int], blind: tuple[bool, bool],
                          tricks: tuple[int, int], bags: int) -> TeamScore:
        score = super().score_partnership(bids, blind, tricks, bags)
        return replace(score, points=score.points + 1)


@compiled_path
def test_a_variant_scoring_in_python_plays_in_c_and_settles_by_its_hook() -> None:
    game = _OwnScoring()
    start = _start(game)
    compiled, python = start.clone(quiet=True), start.clone(quiet=True)
    assert compiled.play_compiled("heuristic", 2) is True
    _python_playout(python, 2)
    assert compiled._snapshot() == python._snapshot()
    assert compiled.history == python.history
    plain = _start(parlour.load_game("spades"))
    assert plain.play_compiled("heuristic", 2)
    assert [a + 1 for a in plain.results[0]] == list(compiled.results[0])


class _PeekingState(SpadesState):
    __slots__ = ()

    def observe(self, seat: int) -> Any:  # what the agent reads: the kernel cannot follow
        return super().observe(seat)


class _OtherHeuristic(Spades):
    agents: ClassVar[dict[str, str]] = {**Spades.agents,
                                        "heuristic": "parlour.games.spades.bots_v1:SpadesHeuristic"}


class _OverriddenBid(SpadesState):
    __slots__ = ()

    def _bid(self, tricks: int) -> None:
        super()._bid(tricks)


def _refused(why: str) -> tuple[SpadesState, str]:
    state = _start(parlour.load_game("spades"))
    if why == "another agent":
        return state, "heuristic-v1"
    if why == "events on":
        state.quiet = False
    elif why == "another heuristic":
        state = _start(_OtherHeuristic())
    elif why in ("observe overridden", "a bidding hook overridden"):
        state.__class__ = _PeekingState if why == "observe overridden" else _OverriddenBid
    return state, "heuristic"


@pytest.mark.parametrize("why", ["another agent", "events on", "another heuristic",
                                 "observe overridden", "a bidding hook overridden"])
def test_play_policy_refuses_where_the_kernel_does_not_fit(why: str) -> None:
    state, agent = _refused(why)
    before = (list(state.history), state._snapshot())
    assert state.play_compiled(agent, None) is False
    assert (list(state.history), state._snapshot()) == before


class _OwnPlayouts(SpadesState):
    __slots__ = ()

    def play_compiled(self, agent: str, stop: int | None) -> bool:
        return False


@compiled_path
@pytest.mark.parametrize("why", ["another agent", "events on", "another heuristic",
                                 "observe overridden", "a bidding hook overridden",
                                 "play_compiled overridden"])
def test_search_gets_the_compiled_policy_where_play_policy_would_play(why: str) -> None:
    if why == "play_compiled overridden":
        state, agent = _start(parlour.load_game("spades")), "heuristic"
        state.__class__ = _OwnPlayouts
    else:
        state, agent = _refused(why)
    found = state.compiled_agent(agent)
    if why == "events on":  # search only reads the state: its events do not matter
        assert found is not None
        capsule, knowledge = found
        assert capsule is compiled_heuristic.CARD_AGENT
        assert knowledge == compiled_heuristic.knowledge(state)
    else:
        assert found is None


def test_the_pure_path_plays_no_compiled_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(compiled_switch._loaded, NAME, None)
    state = _start(parlour.load_game("spades"))
    assert state.play_compiled("heuristic", None) is False
    assert state.compiled_agent("heuristic") is None


@compiled_path
@pytest.mark.parametrize("spec", ["pimc:worlds=2", "ismcts:iterations=30"])
def test_search_with_the_default_rollout_takes_the_compiled_path(
        spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = parlour.load_game("spades", max_hands=1)
    calls: list[bool] = []
    compiled = compiled_heuristic.play_compiled

    def counting(state: Any, agent: str, stop: int | None) -> bool:
        played = bool(compiled(state, agent, stop))
        calls.append(played)
        return played

    def decisions(seed: int) -> tuple[list[str], Any]:
        """Seat 0's first decisions (the others play their first legal action)."""
        rng = Random(seed)
        agent = parlour.agents.make_agent(spec, game, 0, rng)
        state = game.new_state(seed=seed)
        made: list[str] = []
        while len(made) < 6 and not state.is_terminal:
            if state.current == 0:
                action = agent.act(state.observe(0))
                made.append(str(action))
            else:
                action = state.legal_actions()[0]
            state.apply(action)
        return made, rng.getstate()

    monkeypatch.setattr(compiled_heuristic, "play_compiled", counting)
    with_compiled = decisions(4)
    assert calls and all(calls)
    monkeypatch.setattr(SpadesState, "play_compiled", lambda self, agent, stop: False)
    calls.clear()
    assert decisions(4) == with_compiled  # the agents move by move: the very same decisions
    assert not calls
