"""The Agent protocol declares its optional members, and the match reads them through it."""

from __future__ import annotations

from random import Random
from typing import Any

import parlour
from parlour.agents import Agent
from parlour.agents.base import (
    ActsWithin,
    BaseAgent,
    Closes,
    act_within_of,
    close_of,
    is_untimed,
)
from parlour.core import Action
from parlour.match import FaultRules, Match


class Minimal:
    """Only `act`: still an agent."""

    def __init__(self, seed: int) -> None:
        self.rng = Random(seed)

    def act(self, observation: Any) -> Action:
        return self.rng.choice(list(observation.legal_actions))


class Timed(Minimal):
    """Told its time, and closed at the end."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.given: list[float] = []
        self.closed = 0

    def act_within(self, observation: Any, seconds: float) -> Action:
        self.given.append(seconds)
        return self.act(observation)

    def close(self) -> None:
        self.closed += 1


class OwnClock(Timed):
    self_timed = True


def test_optional_members_are_found_by_the_protocols() -> None:
    minimal, timed = Minimal(1), Timed(1)
    assert isinstance(minimal, Agent) and isinstance(timed, Agent)
    assert not isinstance(minimal, ActsWithin) and isinstance(timed, ActsWithin)
    assert not isinstance(minimal, Closes) and isinstance(timed, Closes)
    assert act_within_of(minimal) is None and act_within_of(timed) is not None
    assert close_of(minimal) is None and close_of(timed) is not None


def test_base_agent_has_every_optional_member_at_its_default() -> None:
    agent = BaseAgent()
    assert agent.interactive is False and agent.self_timed is False
    assert isinstance(agent, Closes) and not is_untimed(agent)
    agent.close()


def test_a_timed_match_calls_act_within_and_close() -> None:
    timed = Timed(2)
    seats: list[Any] = [timed, Minimal(3), OwnClock(4), Minimal(5)]
    match = Match(parlour.load_game("hearts:end_score=20"), seats, seed=6,
                  fault_rules=FaultRules(move_time=5.0, time_bank=1.0))
    record = match.run()
    assert timed.given and all(seconds >= 5.0 for seconds in timed.given)
    assert timed.closed >= 1
    assert seats[2].given == [], "a self-timed agent is asked through act"
    assert record.limits is not None and record.limits.untimed == (2,)
    assert is_untimed(seats[2]) and not is_untimed(timed)
