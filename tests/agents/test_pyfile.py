"""Python-file bots (`file:path.py`): functions, classes, and clear errors for broken files."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import parlour
from parlour.core import AgentError
from parlour.match import Match

ROOT = Path(__file__).resolve().parents[2]
GAME = parlour.load_game("hearts", end_score=20)

FUNCTION_BOT = """\
    calls = 0

    def act(observation):
        global calls
        calls += 1
        return observation.legal_actions[-1]
"""

CLASS_BOT = """\
    import random


    class Agent:
        built = []

        def __init__(self, game, seat, rng):
            assert isinstance(rng, random.Random)
            self.seat = seat
            self.rng = rng
            self.events = 0
            Agent.built.append((game.id, seat))

        def on_event(self, event):
            self.events += 1

        def act(self, observation):
            assert observation.seat == self.seat
            return self.rng.choice(observation.legal_actions)
"""

STRING_BOT = """\
    def act(observation):
        return str(observation.legal_actions[0])
"""

SYNTAX_ERROR = """\
    def helper():
        return 1

    def act(observation:
        return observation.legal_actions[0]
"""

RAISES_AT_IMPORT = """\
    import os

    SETTINGS = {"depth": 3}
    raise RuntimeError("no config file")
"""

NO_ACT = """\
    DEPTH = 3

    def choose(observation):
        return observation.legal_actions[0]
"""

BAD_CONSTRUCTOR = """\
    class Agent:
        def __init__(self, game):
            raise ValueError("needs a model file")

        def act(self, observation):
            return observation.legal_actions[0]
"""

RAISES_IN_ACT = """\
    def act(observation):
        raise KeyError("oops")
"""


def write(tmp_path: Path, name: str, source: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    return path


def play(*seats: str, seed: int = 1) -> Match:
    match = Match(GAME, list(seats), seed=seed)
    match.run()
    return match


# --- bots that work -----------------------------------------------------------------------------
def test_a_module_with_an_act_function_plays_a_whole_game(tmp_path: Path) -> None:
    bot = write(tmp_path, "last_card.py", FUNCTION_BOT)
    match = play(f"file:{bot}", "random", "heuristic", "random")
    record = match.record()
    assert record.result.complete and not record.faults
    assert record.seats[0] == f"file:{bot}"
    agent = match.agents[0]
    seat0 = [m for m in record.moves if m.player == 0]
    assert agent.module.calls == len(seat0)  # type: ignore[attr-defined]
    record.verify()


def test_each_seat_gets_its_own_copy_of_the_module(tmp_path: Path) -> None:
    bot = write(tmp_path, "last_card.py", FUNCTION_BOT)
    match = play(f"file:{bot}", f"file:{bot}", "random", "random")
    first, second = (match.agents[i].module for i in (0, 1))  # type: ignore[attr-defined]
    assert first is not second
    record = match.record()
    assert first.calls == sum(1 for m in record.moves if m.player == 0)
    assert second.calls == sum(1 for m in record.moves if m.player == 1)


def test_an_agent_class_is_built_with_game_seat_and_a_seeded_rng(tmp_path: Path) -> None:
    bot = write(tmp_path, "class_bot.py", CLASS_BOT)
    one = play("random", f"file:{bot}", "random", "random", seed=7)
    two = play("random", f"file:{bot}", "random", "random", seed=7)
    agent = one.agents[1]
    assert type(agent).built == [("hearts", 1)]  # type: ignore[attr-defined]
    assert agent.events > 0, "its on_event hook is called"  # type: ignore[attr-defined]
    assert not one.record().faults
    assert [m.action for m in one.record().moves] == [m.action for m in two.record().moves], \
        "the match seed fixes its generator"


def test_an_answer_in_notation_is_read_by_the_game(tmp_path: Path) -> None:
    bot = write(tmp_path, "string_bot.py", STRING_BOT)
    record = play(f"file:{bot}", "random", "random", "random").record()
    assert record.result.complete and not record.faults


def test_a_bot_that_raises_in_act_is_a_fault_not_a_crash(tmp_path: Path) -> None:
    bot = write(tmp_path, "raises.py", RAISES_IN_ACT)
    record = play("random", "random", f"file:{bot}", "random").record()
    assert record.result.complete
    assert record.faults and {f.seat for f in record.faults} == {2}
    assert record.faults[0].kind == "exception" and "KeyError" in record.faults[0].message
    assert record.forfeited == [2]


# --- files that do not load ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("source", "message"),
    [
        (SYNTAX_ERROR, r"SyntaxError: .*line 4"),
        (RAISES_AT_IMPORT, r"\(line 4\): RuntimeError: no config file"),
        (NO_ACT, r"has neither an act\(observation\) function nor an agent class"),
        (BAD_CONSTRUCTOR, r"cannot build Agent from file bot .*ValueError: needs a model file"),
    ],
    ids=["syntax-error", "raises-at-import", "no-act", "bad-constructor"],
)
def test_a_broken_file_is_a_clear_agent_error(tmp_path: Path, source: str, message: str) -> None:
    bot = write(tmp_path, "broken.py", source)
    with pytest.raises(AgentError, match=message) as caught:
        Match(GAME, ["random", f"file:{bot}", "random", "random"], seed=1)
    assert str(bot) in str(caught.value), "the error names the file"
    assert "\n" not in str(caught.value), "one line"


def test_a_missing_file_is_a_clear_agent_error(tmp_path: Path) -> None:
    with pytest.raises(AgentError, match="does not exist"):
        Match(GAME, [f"file:{tmp_path / 'nope.py'}", "random", "random", "random"], seed=1)


# --- from the command line ----------------------------------------------------------------------
def cli(seats: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "parlour", "play", "hearts:end_score=20", "--seed", "3",
         "--quiet", "--seats", seats],
        capture_output=True, text=True, timeout=120, cwd=cwd,
        env={**os.environ, "COLUMNS": "400"},  # no wrapping: the message is one line
    )


def test_a_file_bot_plays_from_the_command_line(tmp_path: Path) -> None:
    write(tmp_path, "bot.py", FUNCTION_BOT)
    write(tmp_path, "class_bot.py", CLASS_BOT)
    result = cli("file:bot.py,random,file:class_bot.py,heuristic", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Standings" in result.stdout and "file:bot.py" in result.stdout


@pytest.mark.parametrize(
    ("source", "expected"),
    [(SYNTAX_ERROR, "line 4"), (RAISES_AT_IMPORT, "(line 4): RuntimeError: no config file"),
     (NO_ACT, "has neither an act(observation) function"), (None, "does not exist")],
    ids=["syntax-error", "raises-at-import", "no-act", "missing"],
)
def test_a_broken_file_bot_exits_2_with_a_one_line_error(
    tmp_path: Path, source: str | None, expected: str
) -> None:
    if source is not None:
        write(tmp_path, "bot.py", source)
    result = cli("file:bot.py,random,random,random", tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, result.stderr
    assert "'bot.py'" in errors[0] and expected in errors[0]
