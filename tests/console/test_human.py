"""The human agent with a scripted person: the view, the commands, forgiving input, quitting.

The pseudo-terminal test (test_human_pty.py) drives the real program; these drive the agent
directly with an injected input function, for Hearts in detail and for every game.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from rich.console import Console

import parlour
from parlour.agents import AgentQuit
from parlour.cards import format_cards, parse_cards
from parlour.console.human import HumanAgent
from parlour.console.views import VIEWS, SeatView, register_view, view_for
from parlour.console.views.cards import dim, hand_text
from parlour.console.views.hearts import HeartsView
from parlour.core import Action, Observation
from parlour.games.hearts import Hearts
from parlour.match import Match
from tests.games.hearts.helpers import VOID, start

HEARTS = parlour.load_game("hearts", end_score=30)
CARDS = re.compile(r"([2-9TJQKA]+)([♣♦♥♠])")


def console() -> Console:
    return Console(file=io.StringIO(), width=120, force_terminal=False, color_system=None,
                   highlight=False)


def screen(agent: HumanAgent) -> str:
    return agent.console.file.getvalue()  # type: ignore[attr-defined]


class Person:
    """Types the given lines in order, then `then` (a function of the observation) forever."""

    def __init__(self, lines: Iterable[str] = (),
                 then: Callable[[Observation], str] | None = None) -> None:
        self.lines = list(lines)
        self.then = then
        self.prompts: list[str] = []
        self.observation: Observation | None = None

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.lines:
            return self.lines.pop(0)
        if self.then is None or self.observation is None:
            return "exit"
        if prompt.startswith("Enter passes"):  # three cards chosen: confirm them
            return ""
        if prompt.startswith("pass card 1"):  # choose the first three at once
            legal = self.observation.legal_actions
            return " ".join(str(action).removeprefix("pass ") for action in legal[:3])
        return self.then(self.observation)


class WatchedHuman(HumanAgent):
    """A human agent that lets its scripted person see the observation (to type a move)."""

    person: Person

    def act(self, observation: Observation) -> Action:
        self.person.observation = observation
        return super().act(observation)


def human(person: Person, game: Any = HEARTS, seat: int = 0) -> WatchedHuman:
    agent = WatchedHuman(game, seat, console=console(), input=person)
    agent.person = person
    return agent


def first_legal(observation: Observation) -> str:
    return str(observation.legal_actions[0])


def play_until_quit(agent: HumanAgent, seat: int = 0, game: Any = HEARTS,
                    seed: int = 1) -> Match:
    seats: list[Any] = ["random"] * game.num_players
    seats[seat] = agent
    match = Match(game, seats, seed=seed)
    with pytest.raises(AgentQuit):
        match.run()
    return match


def moves_of(match: Match, seat: int) -> int:
    return sum(1 for m in match.state.moves() if m.player == seat)


# --- the view -----------------------------------------------------------------------------------
def test_the_table_shows_scores_the_last_trick_the_trick_and_the_hand() -> None:
    state = start(VOID, passing="none")
    for card in ("2♣", "3♣", "J♣", "2♦", "4♦", "K♦", "2♥"):
        state.apply(state.game.parse_action(card, state))
    view = view_for(state.game, 1, console())
    view.show(state.observe(1))
    shown = view.console.file.getvalue()  # type: ignore[attr-defined]
    assert "Deal 1 · trick 2 of 13 · hearts broken" in shown
    assert "last trick  right 2♣  you 3♣  left J♣*  across 2♦  → seat 2 (left)" in shown
    assert "trick       left 4♦  across K♦  right 2♥" in shown
    assert "your hand   AT6♣  J73♦  K65♠  765♥" in shown
    for line in ("you ", "seat 2 (left)", "seat 3 (across)", "seat 0 (right)"):
        assert line in shown


def test_the_table_hides_what_the_seat_may_not_see() -> None:
    state = HEARTS.new_state(seed=3)
    view = view_for(HEARTS, 2, console())
    view.show(state.observe(2))
    shown = view.console.file.getvalue()  # type: ignore[attr-defined]
    assert format_cards(state.hands[2]).replace(" ", "  ") in shown
    cards = [parse_cards(ranks + suit) for ranks, suit in CARDS.findall(shown)]
    assert cards and all(c & ~state.hands[2] == 0 for c in cards), "only its own cards"


def test_the_legal_moves_are_listed_on_request() -> None:
    person = Person(["?", "l", "legal", "exit"])
    agent = human(person)
    play_until_quit(agent)
    shown = screen(agent)
    assert shown.count("you may pass: ") == 3
    assert person.prompts[0] == "pass card 1 of 3> "


def test_help_explains_the_commands_and_the_notation() -> None:
    agent = human(Person(["h", "help", "exit"]))
    play_until_quit(agent)
    shown = screen(agent)
    assert shown.count("leave the game") == 2 and "A bare rank will do" in shown


def test_an_empty_line_shows_the_table_again() -> None:
    agent = human(Person(["", "exit"]))
    play_until_quit(agent)
    assert screen(agent).count("your hand") == 2


# --- forgiving input ----------------------------------------------------------------------------
def test_unreadable_illegal_and_ambiguous_entries_get_a_reason_and_a_retry() -> None:
    # seat 0 holds KQ9852♣ 432♥ Q432♠ and no diamonds; no passing, seat 0 leads the 2♣
    game = parlour.load_game("hearts", passing="none", end_score=30)
    person = Person(["zz", "5d", "q", "2s", "2", "exit"])  # the only legal 2 is the 2♣
    agent = human(person, game)
    match = Match(game, [agent, "random", "random", "random"], seed=1,
                  setup={"hands": VOID})
    with pytest.raises(AgentQuit):
        match.run()
    shown = screen(agent)
    assert "✗ cannot read 'zz'" in shown
    assert "✗ 5♦ is not legal now: you do not hold 5♦" in shown
    assert "✗ 'q' is ambiguous: you hold Q♣ and Q♠; add the suit" in shown
    assert "✗ 2♠ is not legal now: the 2♣ must lead the first trick" in shown
    assert moves_of(match, 0) == 1, "the bare 2 is the only 2 that may be played"
    assert match.state.moves()[0].action == game.parse_action("2♣", match.state.observe(0))


def test_three_cards_may_be_passed_at_once() -> None:
    state = HEARTS.new_state(seed=1)
    three = sorted(state.observe(0).hand)[:3]
    typed = " ".join(format_cards(1 << c, ascii=True) for c in three)
    agent = human(Person([typed, "", "exit"]))
    match = play_until_quit(agent)
    passed = [m.action for m in match.state.moves() if m.player == 0]
    assert [a.card for a in passed] == three  # type: ignore[attr-defined]
    assert "you pass" in screen(agent)


def test_passing_too_many_cards_is_refused() -> None:
    state = HEARTS.new_state(seed=1)
    four = " ".join(format_cards(1 << c, ascii=True) for c in sorted(state.observe(0).hand)[:4])
    agent = human(Person([four, "exit"]))
    match = play_until_quit(agent)
    assert "names 4 cards, but only 3 more may be passed" in screen(agent)
    assert moves_of(match, 0) == 0


def test_moves_may_be_picked_by_number() -> None:
    agent = human(Person(["#99", "#0", "#1", "#2", "#3", "", "exit"]))
    match = play_until_quit(agent)
    assert "there is no move #99; the legal moves are #1 to #13" in screen(agent)
    assert moves_of(match, 0) == 3


def test_a_parser_that_fails_badly_is_a_message_not_a_crash() -> None:
    class Fragile(SeatView):
        def read(self, text: str, observation: Observation) -> list[Action]:
            raise ZeroDivisionError("oops")

    agent = human(Person(["qs", "exit"]))
    agent.on_game_start(HEARTS, 0)
    agent.view = Fragile(HEARTS, 0, agent.console)
    with pytest.raises(AgentQuit):
        agent.act(HEARTS.new_state(seed=1).observe(0))
    assert "cannot read 'qs': ZeroDivisionError: oops" in screen(agent)


# --- leaving ------------------------------------------------------------------------------------
@pytest.mark.parametrize("word", ["exit", "quit", "EXIT"])
def test_exit_and_quit_end_the_game_cleanly(word: str) -> None:
    agent = human(Person(["#1", "#2", "#3", "", word]))
    match = play_until_quit(agent)
    assert match.aborted and moves_of(match, 0) == 3
    assert not match.record().result.complete


def test_end_of_input_ends_the_game_cleanly() -> None:
    def gone(prompt: str) -> str:
        raise EOFError

    agent = HumanAgent(HEARTS, 0, console=console(), input=gone)
    with pytest.raises(AgentQuit, match="closed the input"):
        Match(HEARTS, [agent, "random", "random", "random"], seed=1).run()


def test_an_interrupt_is_not_taken_for_closed_input() -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    agent = HumanAgent(HEARTS, 0, console=console(), input=interrupted)
    with pytest.raises(KeyboardInterrupt):  # the command says so and exits 130
        Match(HEARTS, [agent, "random", "random", "random"], seed=1).run()


# --- events -------------------------------------------------------------------------------------
def test_the_events_of_the_seat_are_shown_compactly_and_nothing_else() -> None:
    agent = human(Person(then=first_legal))
    match = Match(HEARTS, [agent, "heuristic", "heuristic", "heuristic"], seed=5)
    record = match.run()
    shown = screen(agent)
    assert record.result.complete and not record.faults
    deals = shown.count("scored:")
    assert deals >= 1 and shown.count("you are dealt") == deals
    assert shown.count("trick 13  ") == deals and "→" in shown
    assert "you pass" in shown and "you receive" in shown
    assert "is dealt" not in shown and "seat 1 passes" not in shown, "no other seat's cards"
    assert "Game over" in shown and "you finish" in shown


# --- every game ---------------------------------------------------------------------------------
MARKS = {"hearts": "your hand", "spades": "your hand", "skat": "your hand",
         "skull": "your discs", "territory": "you hold", "doppelkopf": "your hand"}
"""Something each game's own view shows at a decision."""


def loadable_games() -> list[str]:
    ids = []
    for info in parlour.list_games():
        try:
            parlour.load_game(info.id).new_state(seed=1)
        except Exception:  # a game still being written by someone else
            continue
        ids.append(info.id)
    return ids


@pytest.mark.parametrize("game_id", loadable_games())
def test_a_person_can_play_every_game_by_typing_moves(game_id: str) -> None:
    game = parlour.load_game(game_id)
    decisions = iter(range(12))

    def typed(observation: Observation) -> str:
        return first_legal(observation) if next(decisions, None) is not None else "exit"

    person = Person(["h", "?"], then=typed)
    agent = human(person, game)
    match = Match(game, [agent] + ["random"] * (game.num_players - 1), seed=2)
    with contextlib.suppress(AgentQuit):
        match.run()
    shown = screen(agent)
    assert "leave the game" in shown and ("legal:" in shown or "you may" in shown)
    family = game_id.split(".")[0]
    assert MARKS.get(family, "") in shown, "the game's own view is used"
    assert moves_of(match, 0) >= 1
    assert "✗" not in shown, "every legal move typed in its notation is understood"


@pytest.mark.parametrize(("game_id", "typed", "expected"),
                         [("spades", "3", "bid 3"), ("spades", "nil", "nil"),
                          ("skat", "18", "bid 18"), ("skat", "pass", "pass"),
                          ("skull", "rose", "place rose")])
def test_bids_and_short_forms_are_understood(game_id: str, typed: str, expected: str) -> None:
    if game_id not in loadable_games():
        pytest.skip(f"{game_id} is not available")
    game = parlour.load_game(game_id)
    state = game.new_state(seed=1)
    seat = state.current_player
    assert seat is not None
    agent = human(Person([typed, "exit"]), game, seat)
    match = play_until_quit(agent, seat, game)
    mine = [m.action for m in match.state.moves() if m.player == seat]
    assert [str(a) for a in mine[:1]] == [expected], screen(agent)


def test_views_are_registered_by_game_id_or_else_by_family() -> None:
    class Mine(SeatView):
        verb = "ponder"

    class MyHearts(Hearts):
        id = "hearts.mine"

    class OtherHearts(Hearts):
        id = "hearts.other"

    register_view("hearts.mine", Mine)
    try:
        assert type(view_for(MyHearts(), 0, console())) is Mine
        assert isinstance(view_for(OtherHearts(), 0, console()), HeartsView)
    finally:
        VIEWS.pop("hearts.mine")


def test_a_hand_is_coloured_by_suit_with_unplayable_cards_dimmed() -> None:
    line = dim("  your hand ") + hand_text(parse_cards("AK♠ 2♥"), parse_cards("2♥"))
    assert line.plain == "  your hand AK♠  2♥"
    assert line.style == "", "the label's dimming does not spread to the cards"
    styles = {line.plain[s.start:s.end]: str(s.style) for s in line.spans}
    assert styles["A"] == styles["K"] == "dim"
    assert styles["2"] == styles["♥"] == "bold red" and styles["♠"] == "bold"


def test_a_skat_hand_is_sorted_as_skat_players_sort_it() -> None:
    if "skat" not in loadable_games():
        pytest.skip("skat is not available")
    view = view_for(parlour.load_game("skat"), 0, console())
    hand = parse_cards("J♦ T8♦ KQ9♥ A♣ AT7♠ J♣")
    text = view.hand_text(hand)
    assert text.plain == "J♣ J♦ A♣ AT7♠ KQ9♥ T8♦"
    assert parse_cards(text.plain) == hand, "what is shown can be typed back"


# --- a hint, and the bots' pace (issue 28, point 10) ----------------------------------------------
def test_hint_says_what_the_heuristic_would_play_and_the_person_still_chooses() -> None:
    from parlour.agents import make_agent

    agent = human(Person(["hint", "exit"]))
    match = play_until_quit(agent)
    state = HEARTS.new_state(seed=1)
    advisor = make_agent("heuristic", HEARTS, 0, __import__("random").Random(0))
    expected = advisor.act(state.observe(0))
    assert f"hint: the heuristic bot would play {expected}" in screen(agent)
    assert moves_of(match, 0) == 0, "a hint plays nothing"


def test_a_game_without_a_heuristic_gives_no_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(HEARTS), "agents", {})
    agent = human(Person(["hint", "exit"]))
    play_until_quit(agent)
    assert "no hint: hearts has no heuristic bot" in screen(agent)


def test_bots_wait_the_pace_before_each_move_and_people_never(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.cli import play

    waits: list[float] = []
    monkeypatch.setattr(play.time, "sleep", waits.append)
    match = Match(HEARTS, ["random"] * 4, seed=2)
    events = list(play.paced(match, {0}, 0.25))
    assert match.state.is_terminal and events == list(match.state.events)
    bot_moves = sum(1 for m in match.state.moves() if m.player != 0)
    assert waits == [0.25] * bot_moves
