"""game17 player files run unchanged as parlour agents; a looping one is cut off."""

from __future__ import annotations

import logging
import sys
import types
from pathlib import Path
from random import Random
from typing import Any

import numpy as np
import pytest

import parlour
from parlour.core import AgentError, make_rng
from parlour.games.territory import Forfeit, Territory, TerritoryObservation, Turn
from parlour.games.territory.compat import moves_to_action
from parlour.games.territory.players import (
    PlayerAgent,
    TimedPlayerAgent,
    player_file_agent,
)

PLAYERS = Path(__file__).parent / "players"


def file_agent(name: str, game: Territory, seat: int, **kwargs: Any) -> Any:
    return player_file_agent(PLAYERS / f"{name}.py", game, seat, make_rng(1, "agent", seat),
                             **kwargs)


def test_a_make_moves_player_file_runs_unchanged() -> None:
    game = Territory(size=6, rounds=5, players=1)
    agent = file_agent("basic_player", game, 0)
    record = parlour.Match(game, [agent], seed=3).run()
    record.verify()
    calls = agent.program.module.CALLS
    assert [c[1] for c in calls] == [4, 3, 2, 1, 0][:len(calls)], "rounds_left as game17's"
    assert all(c[0] == 0 and c[2] == (6, 6) and c[3] == 144 for c in calls)
    assert any(m.action != "stay" for m in record.moves)


def test_a_player_gets_copies_so_scribbling_on_them_changes_nothing() -> None:
    game = Territory(size=6, rounds=4, players=1)
    agent = file_agent("basic_player", game, 0)
    match = parlour.Match(game, [agent], seed=5)
    match.run()
    match.state.check_invariants()  # the file overwrote its arrays with -1 and 99 each call
    assert match.state.owners.min() >= 0


def test_a_stateful_get_mover_player_file_runs_unchanged() -> None:
    game = Territory(size=6, rounds=6, players=2)
    agent = file_agent("stateful_player", game, 1)
    match = parlour.Match(game, ["heuristic", agent], seed=2)
    record = match.run()
    record.verify()
    movers = agent.program.module.MOVERS
    assert len(movers) == 1, "get_mover is called once per game"
    mover = movers[0]
    assert mover.owner == 1
    assert mover.seen == [5, 4, 3, 2, 1, 0][:len(mover.seen)]
    start = match.state.start
    assert np.array_equal(mover.start_owners, start[0])
    assert np.array_equal(mover.start_numbers, start[1])
    assert mover.turn_order == list(match.state.order)
    played = [m.action for m in record.moves if m.player == 1]
    assert played[0] == "stay", "odd rounds_left: it holds"


def test_a_player_file_written_against_game17s_helpers_runs_unchanged() -> None:
    game = Territory(size=5, rounds=4, players=1)
    first = parlour.Match(game, [file_agent("demo_stub", game, 0)], seed=8).run()
    second = parlour.Match(game, [file_agent("demo_stub", game, 0)], seed=8).run()
    assert [m.action for m in first.moves] == [m.action for m in second.moves], (
        "numpy's global dice are seeded per call")
    assert all(not m.action.startswith("forfeit") for m in first.moves)


def test_each_agent_gets_its_own_fresh_module() -> None:
    game = Territory(size=5, rounds=3, players=2)
    a, b = file_agent("basic_player", game, 0), file_agent("basic_player", game, 1)
    assert a.program.module is not b.program.module
    parlour.Match(game, [a, b], seed=2).run()
    assert {c[0] for c in a.program.module.CALLS} == {0}
    assert {c[0] for c in b.program.module.CALLS} == {1}
    assert len(a.program.module.CALLS) == len(b.program.module.CALLS) == 3


def test_the_game_adapts_a_module_or_returns_none() -> None:
    game = Territory(size=4, rounds=2, players=1)
    module = types.SimpleNamespace(make_moves=lambda owner, left, owners, numbers: [])
    agent = game.adapt_module(module, 0, Random(1))
    assert isinstance(agent, PlayerAgent)
    assert game.adapt_module(types.SimpleNamespace(), 0, Random(1)) is None


def _observe(game: Territory) -> TerritoryObservation:
    state = game.new_state(seed=4)
    assert state.current_player is not None
    return state.observe(state.current_player)


@pytest.mark.parametrize(("returned", "reason"), [
    (None, "malformed return value: expected a list"),
    ("n", "malformed return value"),
    (5, "malformed return value: int is not a list"),
    ([(np.array([0, 0]), "x", 1)], "direction 'x' is not"),
    ([((0, 0), "n", 1.5)], "count 1.5 is not an integer"),
    ([((0, 0), "n", np.float64(2))], "is not an integer"),
    ([((0, 0), "n", True)], "count True is not an integer"),
    ([((0,), "n", 1)], "move 1 is not (square, direction, count)"),
    ([((0.5, 0), "n", 1)], "square (0.5, 0) is not two integers"),
    ([(0, 0)], "move 1 is not"),
])
def test_a_malformed_return_value_forfeits_the_turn(returned: Any, reason: str,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    game = Territory(size=4, rounds=2, players=1)
    module = types.SimpleNamespace(make_moves=lambda owner, left, owners, numbers: returned)
    agent = game.adapt_module(module, 0, Random(1))
    with caplog.at_level(logging.WARNING, logger="parlour.territory.players"):
        action = agent.act(_observe(game))
    assert isinstance(action, Forfeit) and reason in action.reason
    assert reason in caplog.text


def test_a_player_that_raises_forfeits_the_turn() -> None:
    game = Territory(size=4, rounds=2, players=1)

    def make_moves(owner: int, left: int, owners: Any, numbers: Any) -> Any:
        raise ZeroDivisionError("oops")

    agent = game.adapt_module(types.SimpleNamespace(make_moves=make_moves), 0, Random(1))
    action = agent.act(_observe(game))
    assert action == Forfeit("the player raised ZeroDivisionError: oops")


def test_numpy_style_negative_squares_count_from_the_end_as_in_game17() -> None:
    assert moves_to_action([((-1, 0), "n", 2)], 6) == Turn([(5, 0, "n", 2)])
    assert moves_to_action([((np.int64(2), np.int32(3)), np.str_("e"), np.int64(1))], 6) == (
        Turn([(2, 3, "e", 1)]))
    assert moves_to_action([((-7, 0), "n", 2)], 6) == Turn([(-7, 0, "n", 2)])  # off the board


def test_a_missing_or_empty_player_file_is_an_agent_error(tmp_path: Path) -> None:
    game = Territory(size=4, players=1)
    with pytest.raises(AgentError, match="does not exist"):
        player_file_agent(tmp_path / "nope.py", game, 0, Random(1))
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n")
    with pytest.raises(AgentError, match="defines neither"):
        player_file_agent(empty, game, 0, Random(1))
    broken = tmp_path / "broken.py"
    broken.write_text("import no_such_module_here\n")
    with pytest.raises(AgentError, match="fails on import"):
        player_file_agent(broken, game, 0, Random(1))


def test_a_looping_player_is_cut_off_by_the_time_limit(caplog: pytest.LogCaptureFixture) -> None:
    game = Territory(size=4, rounds=3, players=1)
    agent = file_agent("looping_player", game, 0, time_limit=0.05)
    assert isinstance(agent, TimedPlayerAgent)
    with caplog.at_level(logging.WARNING, logger="parlour.territory.players"):
        record = parlour.Match(game, [agent], seed=2).run()
    actions = [m.action for m in record.moves]
    cut_off = "forfeit: no answer within the time limit of 0.05 s"
    assert cut_off in actions, "the loop (every worker's second call) is cut off"
    assert set(actions) <= {"stay", cut_off}, "a first call, if not late, holds"
    assert agent.timeouts >= 1
    assert "time limit" in caplog.text
    record.verify()
    agent.close()


def test_a_timed_player_file_plays_the_same_as_in_process() -> None:
    game = Territory(size=5, rounds=4, players=2)
    timed = file_agent("stateful_player", game, 1, time_limit=30.0)
    plain = file_agent("stateful_player", game, 1)
    first = parlour.Match(game, ["heuristic", timed], seed=6).run()
    second = parlour.Match(game, ["heuristic", plain], seed=6).run()
    assert [m.action for m in first.moves] == [m.action for m in second.moves]
    timed.close()


def test_a_timed_player_that_fails_to_load_is_an_agent_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("raise RuntimeError('no')\n")
    with pytest.raises(AgentError, match="fails on import"):
        player_file_agent(broken, Territory(size=4, players=1), 0, Random(1), time_limit=1.0)


def test_an_agent_reused_for_a_second_game_makes_a_new_mover() -> None:
    game = Territory(size=5, rounds=3, players=1)
    agent = file_agent("stateful_player", game, 0)
    parlour.Match(game, [agent], seed=1).run()
    parlour.Match(game, [agent], seed=2).run()
    movers = agent.program.module.MOVERS
    assert len(movers) == 2 and movers[1].seen[0] == 2


def test_a_looping_player_file_forfeits_its_turn_under_a_match_time_limit() -> None:
    """`--move-time` on a match: the worker cuts the loop off and the turn is forfeited,
    a game17 forfeit rather than a match fault, and the game goes on."""
    import parlour
    from parlour.match import FaultRules, Match

    game = parlour.load_game("territory", size=4, rounds=3, players=1)
    looping = str(Path(__file__).parent / "players" / "looping_player.py")
    match = Match(game, [f"file:{looping}"], seed=2, fault_rules=FaultRules(move_time=0.2))
    record = match.run()
    assert record.result.complete
    assert not record.faults and not record.forfeited
    forfeits = [e for e in match.state.events if type(e).__name__ == "TurnForfeited"]
    assert forfeits and all("time limit" in e.reason for e in forfeits)  # type: ignore[attr-defined]


# --- game17's own files: imports ---------------------------------------------------------------
CHECKOUT = PLAYERS / "game17_checkout"
SMART = f"file:{CHECKOUT / 'game17' / 'smart_zombie.py'}"
STUB = f"file:{CHECKOUT / 'demo' / 'stub.py'}"
ADVANCED = f"file:{CHECKOUT / 'demo' / 'stub_advanced.py'}"


@pytest.fixture
def fresh_imports(monkeypatch: pytest.MonkeyPatch) -> None:
    """No game17 module and no player folder on the path, as in a new process."""
    for name in [n for n in sys.modules if n == "game17" or n.startswith("game17.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if not p.startswith(str(PLAYERS))])


def forfeits(match: parlour.Match) -> list[Any]:
    return [e for e in match.state.events if type(e).__name__ == "TurnForfeited"]


@pytest.mark.parametrize("move_time", [None, 30.0], ids=["untimed", "timed"])
@pytest.mark.usefixtures("fresh_imports")
def test_game17s_own_files_load_in_either_order(move_time: float | None) -> None:
    """A file beside game17's modules (as T800.py) and one importing game17.zombie (as the
    demo stubs) both play, whichever loads first, with or without a move time."""
    from parlour.match import FaultRules

    game = Territory(size=5, rounds=3, players=2)
    orders = [[SMART, ADVANCED], [ADVANCED, SMART]]
    for seats in orders if move_time is None else orders[:1]:  # a worker each: order is moot
        match = parlour.Match(game, seats, seed=4, fault_rules=FaultRules(move_time=move_time))
        record = match.run()
        assert not record.faults and not forfeits(match), [e.reason for e in forfeits(match)]
        assert all(m.action != "stay" for m in record.moves[:2])
    assert "game17" not in sys.modules, "the stand-ins are there only while a file runs"


def test_game17s_first_make_moves_signature_is_accepted() -> None:
    """demo/stub.py's make_moves(owner, owners, numbers) plays; no TypeError each turn."""
    game = Territory(size=4, rounds=2, players=1)
    match = parlour.Match(game, [STUB], seed=3)
    match.run()
    assert not forfeits(match), [e.reason for e in forfeits(match)]


@pytest.mark.usefixtures("fresh_imports")
def test_each_file_imports_its_own_helpers() -> None:
    game = Territory(size=4, rounds=2, players=2)
    a = file_agent("helpers_a/player", game, 0)
    b = file_agent("helpers_b/player", game, 1)
    parlour.Match(game, [a, b], seed=1).run()
    assert set(a.program.module.SEEN) == {"a"}
    assert set(b.program.module.SEEN) == {"b"}, "imported at call time, from its own folder"
    assert "tactics" not in sys.modules


@pytest.mark.usefixtures("fresh_imports")
def test_a_game17_folder_in_the_working_directory_does_not_shadow_the_standins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    impostor = tmp_path / "game17"
    impostor.mkdir()
    (impostor / "__init__.py").write_text("raise ImportError('the game17 folder of the cwd')\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))  # as `python -m parlour` puts the cwd first
    game = Territory(size=4, rounds=2, players=1)
    match = parlour.Match(game, [ADVANCED], seed=2)
    match.run()
    assert not forfeits(match), [e.reason for e in forfeits(match)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_process_a_timed_player_file_starts_ends_with_its_worker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.agents.processes import pids_in, running, wait_until

    pidfile = tmp_path / "pids"
    monkeypatch.setenv("PARLOUR_TEST_PIDFILE", str(pidfile))
    game = Territory(size=4, rounds=2, players=1)
    with pids_in(pidfile) as pids:
        agent = file_agent("spawning_player", game, 0, time_limit=30.0)
        parlour.Match(game, [agent], seed=1).run()
        assert pids(), "the file started its process"
        assert all(wait_until(lambda pid=pid: not running(pid)) for pid in pids())
