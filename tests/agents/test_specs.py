"""Agent specs: unknown options and agents a game cannot play are refused in one line."""

from __future__ import annotations

from random import Random

import pytest

import parlour
from parlour.agents.specs import agent_names, generic_agents, make_agent
from parlour.cli.app import agents_text, games_json
from parlour.core import AgentError
from parlour.web.catalog import agent_choices


@pytest.mark.parametrize(("spec", "message"), [
    ("random:depth=3", "agent 'random' has no option 'depth'; it takes no options"),
    ("heuristic:bogus=1",
     "agent 'heuristic' has no option 'bogus'; it takes skull_rate, place_rate, risk, jump"),
])
def test_an_unknown_option_names_the_option_the_agent_and_what_it_takes(
        spec: str, message: str) -> None:
    with pytest.raises(AgentError) as caught:
        make_agent(spec, parlour.load_game("skull"), 0, Random(1))
    assert str(caught.value) == message
    assert "__init__" not in str(caught.value)


def test_learned_is_offered_only_for_games_that_ship_weights() -> None:
    skat, hearts = parlour.load_game("skat"), parlour.load_game("hearts")
    assert "learned" in generic_agents(hearts)
    assert "learned" not in generic_agents(skat)
    assert "learned" not in agent_names(skat)
    assert "learned:" in agent_names(skat)  # a policy file of one's own still plays
    assert "learned" not in games_json(skat)["agents"]
    assert "learned," not in agents_text(skat)
    assert "learned" not in [choice["spec"] for choice in agent_choices(skat)]
    with pytest.raises(AgentError, match="no learned weights ship with skat"):
        make_agent("learned", skat, 0, Random(1))
