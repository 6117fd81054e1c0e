"""The page's views of every game: a seat sees its own cards only; a replay sees them all."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("pydantic")

import parlour
from parlour.cards import format_card, iter_cards
from parlour.core import AgentError
from parlour.match import Match
from parlour.web.catalog import check_spec, is_local
from parlour.web.messages import Act, Pace, read_client_message
from parlour.web.views import TableView, view_for

GAMES = [
    ("hearts", {"end_score": 30}),
    ("spades", {"target": 150}),
    ("skat", {}),
    ("skat.ramsch", {}),
    ("skull", {"players": 5}),
    ("territory", {"players": 3, "size": 6, "rounds": 4}),
]


def _play(game_id: str, params: dict[str, Any], seed: int = 3) -> Any:
    game = parlour.load_game(game_id, **params)
    match = Match(game, ["heuristic"] * game.num_players, seed=seed)
    return game, match


@pytest.mark.parametrize(("game_id", "params"), GAMES)
def test_a_seat_view_shows_no_other_hand(game_id: str, params: dict[str, Any]) -> None:
    game, match = _play(game_id, params)
    view = view_for(game, match.specs)
    state = match.state
    while True:
        for seat in range(game.num_players):
            picture = view.seat_view(state.observe(seat), seat)
            json.dumps(picture)
            assert picture["you"] == seat
            for entry in picture["seats"]:
                if entry["seat"] == seat or entry["hand"] is None:
                    continue
                # only an ouvert declarer's hand is ever shown, and it is public
                assert game_id.startswith("skat")
                assert entry["seat"] == state.observe(seat).declarer  # type: ignore[attr-defined]
            hand = getattr(state, "hands", None)
            if picture["hand"] is not None and hand is not None:
                shown = {e["card"] for e in picture["hand"]}
                own = {format_card(c) for c in iter_cards(hand[seat])}
                assert shown <= own
        if state.is_terminal:
            break
        match.step()


@pytest.mark.parametrize(("game_id", "params"), GAMES)
def test_a_full_view_shows_every_hand_and_logs_every_event(game_id: str,
                                                            params: dict[str, Any]) -> None:
    game, match = _play(game_id, params, seed=8)
    record = match.run()
    view = view_for(game, record.seats)
    for state, _ in record.replay():
        picture = view.full_view(state)
        assert picture["you"] is None
        if picture["layout"] == "cards" and not state.is_terminal:
            hands = getattr(state, "hands", ())
            for entry in picture["seats"]:
                held = {format_card(c) for c in iter_cards(hands[entry["seat"]])}
                assert set(entry["hand"]) <= held
    lines = [view.log_line(event, None) for event in record.events()]
    assert any(line is not None and line["kind"] == "over" for line in lines)


def test_seats_are_named_from_where_you_sit() -> None:
    view = view_for(parlour.load_game("hearts"), ["human", "a", "b", "c"])
    assert [view.label(s, 0) for s in range(4)] == [
        "You", "Seat 1 (left)", "Seat 2 (across)", "Seat 3 (right)"]
    assert view.personal("seat 2 plays Q♠; seat 0 leads", 1) == \
        "seat 2 (left) plays Q♠; seat 0 (right) leads"
    assert view.personal("seat 3 passes", None) == "seat 3 (c) passes"
    spades = view_for(parlour.load_game("spades"), ["x"] * 4)
    assert spades.label(2, 0) == "Seat 2 (partner)"


def test_a_move_out_of_turn_is_refused_in_plain_words() -> None:
    from parlour.web.tables import not_your_turn

    view = view_for(parlour.load_game("hearts"), ["human", "a", "b", "c"])
    assert not_your_turn(view, 2, 0) == "It is not your turn: Seat 2 (across) is to move."
    assert not_your_turn(view, 0, 0) == \
        "Your turn is coming: wait until the table asks for your move."
    assert not_your_turn(view, None, 0) == "It is not your turn: nobody is to move yet."


def test_games_without_their_own_view_get_the_generic_one() -> None:
    game = parlour.load_game("hearts")
    generic = TableView(game, ["a"] * 4)
    picture = generic.seat_view(game.new_state(seed=1).observe(0), 0)
    assert picture["layout"] == "generic"
    assert any(key == "hand" for key, _ in picture["fields"])
    assert picture["buttons"] and picture["buttons"][0]["action"].startswith("pass ")


@pytest.mark.parametrize(("spec", "allowed"), [
    ("heuristic", True), ("random", True), ("hearts.heuristic", True),
    ("ismcts:iterations=50", True), ("human", True), ("exec:./bot", False),
    ("file:bot.py", False), (" exec :./bot", False), ("skat.heuristic", False),
    ("genius", False),
])
def test_which_specs_may_sit(spec: str, allowed: bool) -> None:
    game = parlour.load_game("hearts")
    if allowed:
        assert check_spec(spec, game, allow_local=False) == spec.strip()
    else:
        with pytest.raises(AgentError):
            check_spec(spec, game, allow_local=False)
    assert is_local("exec:./bot") and not is_local("ismcts:iterations=5")
    assert check_spec("exec:./bot", game, allow_local=True) == "exec:./bot"


def test_messages_from_the_page_are_read_strictly() -> None:
    assert read_client_message('{"type": "act", "action": "Q♠"}') == Act(type="act",
                                                                          action="Q♠")
    assert read_client_message('{"type": "pace", "seconds": 1.5}') == Pace(type="pace",
                                                                           seconds=1.5)
    for bad in ('{"type": "act", "action": ""}', '{"type": "act", "action": 5}',
                '{"type": "pace", "seconds": "fast"}', '{"type": "sync", "x": 1}', "[]", "",
                '{"type": "act", "action": "' + "x" * 5000 + '"}'):
        with pytest.raises(ValueError, match=r"."):
            read_client_message(bad)


def test_a_hearts_pass_is_a_selection_sent_once_confirmed() -> None:
    game = parlour.load_game("hearts")
    view = view_for(game, ["human", "random", "random", "random"])
    state = game.new_state(seed=1)
    picture = view.seat_view(state.observe(0), 0)
    assert picture["select"] == {"count": 3, "prefix": "pass ", "label": "Pass these three"}
    assert all(entry["select"] for entry in picture["hand"])
    state.apply(game.parse_action(str(state.legal_actions()[0]), state))  # one typed already
    picture = view.seat_view(state.observe(0), 0)
    assert picture["select"]["count"] == 2 and picture["select"]["label"] == "Pass these two"
    assert view.seat_view(state.observe(1), 1)["select"] is None, "not seat 1's turn"


def test_web_md_names_every_key_of_a_view_and_the_ones_the_page_draws() -> None:
    """docs/web.md's table of a view's keys is the keys `TableView` sends, and the keys it
    marks drawn are exactly those the page's scripts read (``view.KEY``)."""
    import re
    from pathlib import Path

    from parlour.web.views.base import Context

    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "web.md").read_text(encoding="utf-8")
    section = doc.split("#### The view the page draws", 1)[1].split("\n\n| key", 1)[1]
    rows = re.findall(r"^\| `(\w+)` \| .* \| (.+) \|$", section.split("\n\n", 1)[0],
                      re.MULTILINE)
    documented = {key for key, _ in rows}
    drawn = {key for key, where in rows if not where.startswith("no")}
    game = parlour.load_game("skull")
    state = game.new_state(seed=1)
    view = TableView(game, ["a"] * game.num_players).build(Context(obs=state.observe(0), you=0))
    assert documented == set(view)
    scripts = (root / "src" / "parlour" / "web" / "static" / "js").glob("*.js")
    read = {key for path in scripts
            for key in re.findall(r"\bview\.(\w+)", path.read_text(encoding="utf-8"))}
    assert drawn == read & set(view)
