"""Heartless-style scripts (`heartless:`): the arguments, the output, whole games, and faults."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

import parlour
from parlour.agents import make_agent
from parlour.agents.heartless import HeartlessAgent, cards_text, heartless_args, read_cards
from parlour.agents.reaper import HAS_PROC
from parlour.cards import parse_card, parse_cards
from parlour.core import AgentError, Game, NotationError
from parlour.match import FaultRules, Match
from tests.agents.processes import pids_in, running, wait_until
from tests.games.hearts.helpers import VOID, start

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
BOT = f"heartless:{HERE / 'heartless_bot.py'}"
GAME = parlour.load_game("hearts", end_score=30)
FAULT_RULES = FaultRules(move_time=600.0, time_bank=0.0, strike_limit=3)
"""A move time no load can reach: only a script that hangs meets it."""
ONE_DEAL = parlour.load_game("hearts", end_score=1)


def args_of(state: Any, seat: int) -> dict[str, str]:
    argv = heartless_args(state.observe(seat), state.game)
    assert all(a.startswith("--") for a in argv)
    return dict(a[2:].split("=", 1) for a in argv)


def play(state: Any, *cards: str) -> None:
    for card in cards:
        state.apply(state.game.parse_action(card, state))


# --- the arguments ------------------------------------------------------------------------------
def test_cards_are_written_card_by_card_low_to_high_clubs_diamonds_spades_hearts() -> None:
    assert cards_text(parse_cards("AQ♠ T♥ 2♣ J♦")) == "2cJdQsAs0h"
    assert cards_text(0) == ""


def test_arguments_mid_trick_are_seen_from_the_scripts_own_seat() -> None:
    # trick 1: 2♣ 3♣ J♣ 2♦ (seat 3 shows no clubs; seat 2 wins); trick 2: seat 2 leads 4♦,
    # seat 3 plays K♦, seat 0 (no diamonds) plays 2♥; now seat 1 decides.
    state = start(VOID, passing="none")
    play(state, "2♣", "3♣", "J♣", "2♦", "4♦", "K♦", "2♥")
    assert state.current_player == 1
    assert args_of(state, 1) == {
        "who": "0",
        "hand": "6c0cAc3d7dJd5s6sKs5h6h7h",
        "discarded": "2c3cJc2d4dKd2h",
        "suit_to_follow": "diamond",
        "round": "2",
        "under_the_gun": "1",  # seat 2 led: the script's left
        "round_winner": "2",  # seat 3's K♦ is high: the script's opposite
        "high_card": "Kd",
        "my_discarding": "", "my_hand_score": "0", "my_game_score": "0",
        "my_suit_chars": "hsdc",
        "left_discarding": "4d", "left_hand_score": "0", "left_game_score": "0",
        "left_suit_chars": "hsdc",
        "opposite_discarding": "Kd", "opposite_hand_score": "0", "opposite_game_score": "0",
        "opposite_suit_chars": "hsd",  # seat 3 did not follow clubs
        "right_discarding": "2h", "right_hand_score": "0", "right_game_score": "0",
        "right_suit_chars": "hsc",  # seat 0 did not follow diamonds
    }


def test_hand_scores_count_finished_tricks_and_positions_turn_with_the_seat() -> None:
    state = start(VOID, passing="none")
    play(state, "2♣", "3♣", "J♣", "2♦", "4♦", "K♦", "2♥", "J♦")  # seat 3 takes the 2♥
    args = args_of(state, 0)
    assert args["round"] == "3" and args["under_the_gun"] == "3"  # seat 3 = seat 0's right
    assert args["right_hand_score"] == "1" and args["my_hand_score"] == "0"
    assert args["round_winner"] == "4" and args["high_card"] == ""
    assert args["suit_to_follow"] == "" and args["right_discarding"] == ""
    assert args_of(state, 3)["my_hand_score"] == "1"


def test_the_first_trick_is_to_be_followed_in_clubs_even_before_the_lead() -> None:
    state = start(VOID, passing="none")
    args = args_of(state, 0)
    assert args["round"] == "1" and args["under_the_gun"] == "0"
    assert args["suit_to_follow"] == "club" and args["discarded"] == ""


def test_pass_phase_arguments() -> None:
    state = GAME.new_state(seed=4)
    args = args_of(state, 0)
    hand = state.observe(0).hand
    assert args["round"] == "0" and args["under_the_gun"] == "4" and args["round_winner"] == "4"
    assert args["suit_to_follow"] == "" and args["high_card"] == "" and args["discarded"] == ""
    assert args["hand"] == cards_text(hand)
    first = state.legal_actions()[0]
    state.apply(first)
    assert args_of(state, 0)["hand"] == cards_text(hand & ~(1 << first.card))  # type: ignore[attr-defined]


def test_game_scores_are_the_totals_before_this_deal() -> None:
    record = Match(GAME, ["heuristic"] * 4, seed=2).run()
    state = record.verify()
    assert state.deal >= 1
    obs_totals = state.observe(2).scores
    args = args_of(state, 2)
    assert [int(args[f"{n}_game_score"]) for n in ("my", "left", "opposite", "right")] == [
        obs_totals[2], obs_totals[3], obs_totals[0], obs_totals[1]]


# --- reading the output ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [("Qs", "Q♠"), ("0h", "T♥"), ("10h", "T♥"), (" qs\n", "Q♠"), ("QsKsAs", "Q♠ K♠ A♠"),
     ("QKAs", "Q♠ K♠ A♠"), ("Q", "Q♠"), ("2c 5", "2♣ 5♦")],
)
def test_output_is_read_as_heartless_reads_it(text: str, expected: str) -> None:
    hand = parse_cards("2♣ 5♦ AKQ♠ T♥")
    assert read_cards(text, hand, None) == [parse_card(c) for c in expected.split()]


def test_a_bare_rank_takes_the_suit_to_follow() -> None:
    hand = parse_cards("K♣ K♦")
    assert read_cards("K", hand, 1) == [parse_card("K♦")]
    with pytest.raises(NotationError, match="ambiguous"):
        read_cards("K", hand, None)
    with pytest.raises(NotationError, match="twice"):
        read_cards("KdKd", hand, None)


# --- whole games --------------------------------------------------------------------------------
def test_the_script_plays_whole_games_unchanged() -> None:
    match = Match(GAME, [BOT, "heuristic", BOT, "random"], seed=3, fault_rules=FAULT_RULES)
    record = match.run()
    assert record.result.complete and not record.faults
    record.verify()
    agent = match.agents[0]
    assert isinstance(agent, HeartlessAgent)
    moves = [m for m in record.moves if m.player == 0]
    passes = sum(1 for m in moves if str(m.action).startswith("pass"))
    assert passes % 3 == 0 and passes > 0
    assert agent.calls == len(moves) - passes + passes // 3, "one call per play, one per pass"


def test_the_script_plays_from_the_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "parlour", "play", "hearts:end_score=20", "--seed", "5",
         "--quiet", "--seats", f"{BOT},heuristic,random,heuristic"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert "Standings" in result.stdout and "fault" not in result.stdout


# --- faults -------------------------------------------------------------------------------------
def bad(mode: str) -> str:
    return f"heartless:{sys.executable} {HERE / 'heartless_bad.py'} {mode}"


@pytest.mark.parametrize(
    ("mode", "kind", "cause"),
    [
        ("garbage", "garbage", "is not cards"),
        ("silent", "garbage", "printed nothing"),
        ("crash", "crash", "exited with status 3; last stderr: the script has a bug"),
        ("sleep", "timeout", "the script was killed"),
        ("flood", "garbage", "printed more than"),
        ("memory", "crash", "MemoryError"),
        ("illegal", "illegal", "does not hold"),
        ("two", "garbage", "printed 2 card(s)"),
    ],
)
def test_a_misbehaving_script_is_contained(mode: str, kind: str, cause: str) -> None:
    """Only the hanging script meets its (short) move time; every other fault is seen from what
    the script did (a crash by its exit), whatever the load."""
    move_time = 0.5 if kind == "timeout" else 600.0
    rules = FaultRules(move_time=move_time, strike_limit=3, memory_mb=256)
    record = Match(GAME, ["heuristic", bad(mode), "random", "heuristic"], seed=5,
                   fault_rules=rules).run()
    assert record.result.complete
    assert {f.seat for f in record.faults} == {1}, "only the bad seat is faulted"
    assert record.faults[0].kind == kind
    assert cause in record.faults[0].message
    assert record.forfeited == [1]
    record.verify()


def test_children_a_script_leaves_behind_do_not_hold_up_the_match() -> None:
    record = Match(ONE_DEAL, ["heuristic", bad("orphan"), "random", "heuristic"], seed=6,
                   fault_rules=FAULT_RULES).run()
    assert record.result.complete and not record.faults


def test_a_crashed_script_forfeits_at_once_with_one_crash_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    record = Match(GAME, ["heuristic", bad("crash"), "random", "heuristic"], seed=5,
                   fault_rules=FAULT_RULES).run()
    assert [f.kind for f in record.faults] == ["crash"]
    assert record.forfeited == [1]
    assert caplog.text.count("fault at move") == 1


@pytest.mark.skipif(not HAS_PROC, reason="needs Linux /proc")
def test_no_process_a_script_starts_outlives_the_match(tmp_path: Path) -> None:
    """Without the sandbox (the reaper's path): a child in the script's process group and a
    grandchild that called setsid. tests/agents/test_sandbox.py proves it in the sandbox."""
    pidfile = tmp_path / "pids"
    bot = f"heartless:{sys.executable} {HERE / 'heartless_bad.py'} escape {pidfile}"
    with pids_in(pidfile) as pids:
        record = Match(ONE_DEAL, [bot, "random", "random", "random"], seed=3,
                       fault_rules=replace(FAULT_RULES, sandbox="off")).run()
        assert not record.faults
        assert len(pids()) == 2
        assert all(wait_until(lambda pid=pid: not running(pid)) for pid in pids())


def test_a_bare_script_name_is_a_file_in_the_working_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    replica = tmp_path / "replica.py"
    script = (HERE / "heartless_bot.py").read_text().partition("\n")[2]
    replica.write_text(f"#!{sys.executable}\n{script}")
    replica.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    record = Match(ONE_DEAL, ["heartless:replica.py", "random", "random", "random"], seed=2,
                   fault_rules=FAULT_RULES).run()
    assert not record.faults


def test_a_script_that_is_not_executable_is_a_clear_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bot.sh").write_text("echo 2c\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(AgentError, match=r"'bot\.sh' is not executable"):
        Match(GAME, ["heartless:bot.sh", "random", "random", "random"], seed=1)


def test_a_heartless_script_plays_hearts_only() -> None:
    class Other(Game[Any]):
        id = "other"
        agents: ClassVar[dict[str, str]] = {}

        @property
        def num_players(self) -> int:
            return 4

    with pytest.raises(AgentError, match="plays Hearts only, not 'other'"):
        make_agent(BOT, Other(), 0, __import__("random").Random(0))


def test_a_missing_script_is_a_clear_error() -> None:
    with pytest.raises(AgentError, match=r"'/nonexistent/bot\.py' does not exist"):
        Match(GAME, ["heartless:/nonexistent/bot.py", "random", "random", "random"], seed=1)
