"""The match: seating, stepping, event visibility, seeding and the fault rules."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.agents import BaseAgent, RandomAgent
from parlour.core import Action, Event, Game, Observation, ParlourError, UnknownNameError
from parlour.match import FaultRules, Match

GAME = parlour.load_game("hearts", end_score=30)


class Spy(RandomAgent):
    """A random agent that keeps every observation and event it is given."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat=seat)
        self.seat = seat
        self.events: list[Event] = []
        self.observations: list[Observation] = []
        self.started: tuple[Game[Any], int] | None = None
        self.result: Any = None

    def on_game_start(self, game: Game[Any], seat: int) -> None:
        self.started = (game, seat)

    def on_event(self, event: Event) -> None:
        self.events.append(event)

    def on_game_end(self, result: Any) -> None:
        self.result = result

    def act(self, observation: Observation) -> Action:
        self.observations.append(observation)
        return super().act(observation)


def test_run_plays_to_the_end_and_returns_a_verified_record() -> None:
    record = Match(GAME, ["heuristic", "random", "random", "random"], seed=3).run()
    assert record.result.complete
    assert record.seats == ["heuristic", "random", "random", "random"]
    assert record.verify().scores() == record.result.scores


def test_agents_receive_only_the_events_their_seat_may_see() -> None:
    spies = [Spy(seat) for seat in range(4)]
    match = Match(GAME, spies, seed=5)
    match.run()
    for spy in spies:
        assert spy.events, "every seat sees public events"
        assert all(event.visible(spy.seat) for event in spy.events)
        hidden = [e for e in match.state.events if not e.visible(spy.seat)]
        assert hidden, "some events are private to other seats"
        assert not set(map(id, hidden)) & set(map(id, spy.events))


def test_hooks_are_called_once_with_game_seat_and_result() -> None:
    spies = [Spy(seat) for seat in range(4)]
    Match(GAME, spies, seed=6).run()
    for spy in spies:
        assert spy.started == (GAME, spy.seat)
        assert spy.result is not None and spy.result.complete


def test_agents_only_get_their_own_observations() -> None:
    spies = [Spy(seat) for seat in range(4)]
    Match(GAME, spies, seed=7).run()
    for spy in spies:
        assert spy.observations
        assert all(o.seat == spy.seat and o.legal_actions for o in spy.observations)


def test_step_plays_one_decision_and_iteration_yields_every_event() -> None:
    match = Match(GAME, ["random"] * 4, seed=8)
    events = match.step()
    assert len(match.state.moves()) == 1
    assert events, "a decision causes at least one event"
    everything = list(Match(GAME, ["random"] * 4, seed=8))
    assert everything[-1].describe().startswith("game over")


def test_the_same_seed_gives_the_same_record() -> None:
    specs = ["heuristic", "random", "heuristic", "random"]
    first = Match(GAME, specs, seed=11).run()
    second = Match(GAME, specs, seed=11).run()
    assert [m.action for m in first.moves] == [m.action for m in second.moves]
    assert first.result == second.result


def test_wrong_number_of_seats_is_a_clear_error() -> None:
    with pytest.raises(ParlourError, match="seats 4 players, but 2 agents"):
        Match(GAME, ["random", "random"], seed=1)


def test_unknown_agent_spec_suggests_the_closest_name() -> None:
    with pytest.raises(UnknownNameError, match="did you mean 'heuristic'"):
        Match(GAME, ["heuristik", "random", "random", "random"], seed=1)


class Crasher(BaseAgent):
    def act(self, observation: Observation) -> Action:
        raise RuntimeError("boom")


class Cheater(BaseAgent):
    def act(self, observation: Observation) -> Action:
        return parlour.load_game("hearts").parse_action("pass 2♣")  # never legal in play


class Typist(BaseAgent):
    """Answers with text in the card notation, which the match parses."""

    def act(self, observation: Observation) -> Action:
        return str(observation.legal_actions[-1])  # type: ignore[return-value]


class BadHook(RandomAgent):
    def on_event(self, event: Event) -> None:
        raise ValueError("hook bug")


def test_an_exception_is_a_fault_with_a_fallback_move_and_the_match_finishes() -> None:
    match = Match(GAME, [Crasher(), "random", "random", "random"], seed=2,
                  fault_rules=FaultRules(strike_limit=3))
    record = match.run()
    assert record.result.complete
    assert [f.kind for f in record.faults] == ["exception"] * 3
    assert "boom" in record.faults[0].message
    assert record.forfeited == [0]
    record.verify()


def test_an_illegal_action_is_a_fault_and_others_are_unharmed() -> None:
    record = Match(GAME, ["random", Cheater(), "random", "random"], seed=4).run()
    assert {f.seat for f in record.faults} == {1}
    assert record.faults[0].kind == "illegal"
    assert record.result.complete


def test_text_answers_are_parsed_in_the_game_notation() -> None:
    record = Match(GAME, [Typist(), "random", "random", "random"], seed=9).run()
    assert not record.faults


def test_a_failing_hook_is_logged_as_a_fault_not_a_crash(caplog: pytest.LogCaptureFixture) -> None:
    record = Match(GAME, [BadHook(), "random", "random", "random"], seed=10).run()
    assert record.result.complete
    assert record.faults and record.faults[0].kind == "hook"
    assert "hook bug" in caplog.text


class SlowPerson(RandomAgent):
    interactive = True

    def act(self, observation: Observation) -> Action:
        import time

        time.sleep(0.02)
        return super().act(observation)


class SlowBot(SlowPerson):
    interactive = False


def test_interactive_agents_are_never_timed_and_others_are() -> None:
    rules = FaultRules(move_time=0.001, time_bank=0.0)
    game = parlour.load_game("hearts", end_score=1)
    person = Match(game, [SlowPerson(), "random", "random", "random"], seed=1, fault_rules=rules)
    assert not person.run().faults
    bot = Match(game, [SlowBot(), "random", "random", "random"], seed=1, fault_rules=rules)
    record = bot.run()
    assert record.faults[0].kind == "timeout"
    assert "time bank is spent" in record.faults[0].message
