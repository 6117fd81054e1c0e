"""The Schafkopf heuristic: sensible contracts, the right Sau, Kontra, and play by role."""

from __future__ import annotations

from random import Random

import pytest

import parlour
from parlour.games.schafkopf.bots import SchafkopfHeuristic, best_contract
from parlour.games.schafkopf.notation import parse_schafkopf_card
from tests.games.schafkopf.helpers import HANDS_A, HANDS_SIE, RUFSPIEL_EICHEL, deal, say


def hand(text: str) -> int:
    return sum(1 << parse_schafkopf_card(word) for word in text.split())


def act(state: object) -> str:
    seat = state.current  # type: ignore[attr-defined]
    return str(SchafkopfHeuristic().act(state.observe(seat)))  # type: ignore[attr-defined]


def test_it_shows_a_sie() -> None:
    state = deal(HANDS_SIE)
    assert act(state) == "spiel"
    say(state, "spiel", "weiter", "weiter", "weiter")
    assert act(state) == "sie"


@pytest.mark.parametrize(("cards", "game"), [
    ("EO GO HO EU GU HA H10 HK", "solo herz"),
    ("EO GO SO HU GA G10 GK G9", "solo gras"),
    ("EO HO GU H9 H8 E7 GA SA", "sauspiel eichel"),
    ("EU GU HU EA E10 EK GA G10", "wenz"),
    ("E7 E8 G7 G9 S7 S8 HK SO", "none"),
])
def test_it_chooses_the_game_its_hand_supports(cards: str, game: str) -> None:
    chosen = best_contract(hand(cards))
    assert (str(chosen) if chosen else "none") == game


def test_it_calls_the_sau_of_its_shortest_callable_suit() -> None:
    chosen = best_contract(hand("EO GO HU HA H8 G7 G8 S7"))
    assert str(chosen) == "sauspiel schellen"  # one Schellen card against two Gras


def test_it_raises_and_keeps_the_game_with_mit() -> None:
    state = deal(HANDS_A, "spiel", "spiel", "weiter", "weiter")
    assert act(state) == "weiter"  # seat 1 has no solo
    strong = deal(["EO GO HO EU GU HA H10 HK", "SO SU HU H9 H8 H7 EA E10",
                   "EK E9 E8 E7 GA G10 GK G9", "G8 G7 SA S10 SK S9 S8 S7"], "spiel", "spiel",
                  "weiter", "weiter", "raise solo")
    assert act(strong) == "mit"


def test_it_gives_kontra_with_a_strong_defence() -> None:
    state = deal(["E7 E8 G9 S7 SA SK S10 EU", "EO GO HO SO HA H10 HK GU",
                  "HU SU H9 H8 H7 GA G10 E10", "EK EA E9 G7 G8 GK S9 S8"], "weiter", "weiter",
                 "spiel", "weiter", "sauspiel eichel")
    assert state.current == 0 and act(state) == "weiter"
    say(state, "weiter")
    assert state.current == 1 and act(state) == "kontra"


def test_a_defender_searches_the_called_suit() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    say(state, "S7", "G7", "G10", "SA")  # seat 3 leads: it holds the Eichel-König
    assert act(state) == "EK"


def test_the_partner_smears_points_on_the_declarers_sure_trick() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    say(state, "E7", "EA", "GA", "EK")  # the Sau falls: seat 1 is the known partner
    say(state, "HA", "GU", "SA", "EO")  # seat 1 leads, seat 0 takes it with the Eichel-Ober
    say(state, "EU")
    assert act(state) == "HO" or act(state) in {"HK", "SO"}


def test_it_plays_every_phase_legally() -> None:
    for spec in ("schafkopf", "schafkopf:all_pass=ramsch", "schafkopf:kontra=false"):
        game = parlour.load_game(spec, deals=8)
        record = parlour.Match(game, ["heuristic"] * 4, seed=3).run()
        assert record.result.complete and not record.faults


def test_it_beats_random_play_on_duplicate_deals() -> None:
    """Duplicate deals, the heuristic in each seat in turn against three random players:
    its mean gain a deal is above 0 at one-sided p < 0.01."""
    from benchmarks.schafkopf_strength import duplicate_gains

    from parlour.arena.stats import paired_test

    gains, _ = duplicate_gains("heuristic", "random", range(40))
    interval, p = paired_test(gains)
    assert interval.mean > 0 and p is not None and p / 2 < 0.01
    assert Random  # deals come from the seeds, agents from the match seed


def test_search_weighs_each_set_of_equivalent_cards_once() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    say(state, "S7")  # seat 1 may play anything but the Eichel-Sau
    moves = SchafkopfHeuristic().candidates(state.observe(1))
    assert sorted(map(str, moves)) == sorted(["HO", "HA", "HK", "E10", "E9", "G7"])  # SO = HO
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    say(state, "E7")
    assert [str(m) for m in SchafkopfHeuristic().candidates(state.observe(1))] == ["EA"]
