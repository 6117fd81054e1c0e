"""`why_illegal` says in words why a Schafkopf move is refused, in every phase."""

from __future__ import annotations

import pytest

from tests.games.schafkopf.helpers import HANDS_A, RUFSPIEL_EICHEL, deal, say


def reason(state: object, text: str) -> str | None:
    action = state.game.parse_action(text, state)  # type: ignore[attr-defined]
    return state.why_illegal(action)  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize(("words", "move", "why"), [
    ((), "EO", "no card is played now: say weiter or spiel"),
    ((), "mit", "only the holder answers a raise with mit"),
    ((), "raise wenz", "no raise now"),
    (("spiel", "spiel", "weiter", "weiter"), "raise sie",
     "Sie needs all four Ober and all four Unter"),
    (("spiel", "spiel", "weiter", "weiter", "raise solo", "mit"), "raise wenz",
     "a raise must be above the holder's solo"),
    (("spiel", "spiel", "weiter", "weiter", "raise solo", "weiter"), "sauspiel gras",
     "you claimed solo: Sauspiel auf die Gras-Sau is lower"),
    (("spiel", "weiter", "weiter", "weiter", "sauspiel eichel"), "kontra",
     "the partner of the Rufspiel may not give Kontra"),
    (("spiel", "weiter", "weiter", "weiter", "sauspiel eichel", "weiter", "kontra", "weiter",
      "weiter"), "re", "only the declaring side answers Kontra with Re"),
    (RUFSPIEL_EICHEL, "spiel", "the cards are being played: play a card"),
    ((*RUFSPIEL_EICHEL, "E7"), "E9", "the called Sau EA must fall when its suit is led"),
    ((*RUFSPIEL_EICHEL, "S7"), "EA", "the called Sau EA may not be thrown before its suit "
                                     "was led"),
    ((*RUFSPIEL_EICHEL, "H10"), "EA", "must follow trump: HO SO HA HK can be played"),
    (RUFSPIEL_EICHEL, "HO", "you do not hold HO"),
])
def test_each_refusal_says_why(words: tuple[str, ...], move: str, why: str) -> None:
    state = deal(HANDS_A, *words)
    assert reason(state, move) == why or (reason(state, move) or "").startswith(why)


def test_a_legal_move_has_no_reason_and_a_finished_game_says_so() -> None:
    state = deal(HANDS_A)
    assert reason(state, "spiel") is None
    say(state, "weiter", "weiter", "weiter", "weiter")
    assert state.is_terminal and reason(state, "spiel") == "the game is over"
