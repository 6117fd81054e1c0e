"""Console layout a person reads at 80 columns (issue 28, point 7): help wrapped once, Skat's
auction shown while it matters, a suit game's trumps together."""

from __future__ import annotations

import io
from random import Random

import pytest
from rich.console import Console

import parlour
from parlour.cards import parse_cards
from parlour.cards.card import DIAMONDS
from parlour.console.human import HumanAgent
from parlour.console.views import view_for
from parlour.console.views.skat import SkatView


def plain() -> Console:
    return Console(file=io.StringIO(), width=80, color_system=None, highlight=False)


@pytest.mark.parametrize("game_id", ["hearts", "skat", "spades", "skull", "territory"])
def test_help_is_wrapped_once_at_80_columns(game_id: str) -> None:
    game = parlour.load_game(game_id)
    agent = HumanAgent(game, 0, console=plain())
    assert agent.view is not None
    agent._help(agent.view)
    lines = agent.console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert all(len(line) <= 80 for line in lines)
    for hint in agent.view.hints:
        assert hint.rstrip().endswith((".", ")")), f"a hint is a whole paragraph: {hint!r}"
        start = next(i for i, line in enumerate(lines) if line.startswith(hint[:20]))
        words, index = hint.split(), start
        shown: list[str] = []
        while len(shown) < len(words):
            shown += lines[index].split()
            index += 1
        assert shown == words, hint
        for line in lines[start:index - 1]:  # every line but the paragraph's last is full
            assert len(line) > 60, f"wrapped twice: {line!r}"


def skat_in_play(tricks: int) -> tuple[object, object]:
    game = parlour.load_game("skat")
    rng = Random(3)
    for seed in range(50):
        state = game.new_state(seed=seed)
        while not state.is_terminal:
            observation = state.observe(state.current_player)
            phase = str(getattr(observation, "phase", ""))
            if phase in ("play", "playing") and len(getattr(observation, "tricks", ())) >= tricks:
                return game, observation
            state.apply(rng.choice(list(state.legal_actions())))
    raise AssertionError("no deal reached the play")


def summary_text(view: SkatView, observation: object) -> str:
    for line in view.summary(observation):  # type: ignore[arg-type]
        view.console.print(line)
    return view.console.file.getvalue()  # type: ignore[attr-defined,no-any-return]


def test_skat_shows_the_auction_until_the_first_trick_is_done() -> None:
    game, first = skat_in_play(0)
    view = view_for(game, 0, plain())  # type: ignore[arg-type]
    assert isinstance(view, SkatView)
    before = summary_text(view, first)
    assert "forehand" in before and "declarer" in before
    game, later = skat_in_play(1)
    view = view_for(game, 0, plain())  # type: ignore[arg-type]
    after = summary_text(view, later)  # type: ignore[arg-type]
    assert "forehand" not in after and "bidding" not in after and "declarer" in after


def test_a_diamonds_game_sorts_the_trump_diamonds_with_the_jacks() -> None:
    view = SkatView(parlour.load_game("skat"), 0, plain())
    hand = parse_cards("J♣ J♦ A♣ 7♣ A♦ T♦ 8♦ K♠")
    view.trump = DIAMONDS
    assert view.hand_text(hand).plain == "J♣ J♦ AT8♦ A7♣ K♠"
    view.trump = None
    assert view.hand_text(hand).plain == "J♣ J♦ A7♣ K♠ AT8♦"
