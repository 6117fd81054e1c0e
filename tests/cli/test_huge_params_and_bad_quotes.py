"""Parameters that would overflow C and command lines that cannot be read (issue 23, part 5).

Before the fix `territory:rounds=99999999999999999999` reached the compiled kernel and was an
`OverflowError` traceback in `play` and `replay`, and `exec:"abc` was shlex's `ValueError`
traceback in `play` and `tournament`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.core import AgentError, Param, ParameterError, list_games
from parlour.core.params import INT_BOUND

runner = CliRunner()
HUGE = "99999999999999999999"


def run(*args: str) -> tuple[int, str]:
    """Exit code and output, wrapped lines joined; a traceback fails the test."""
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, " ".join(result.output.split())


def test_a_huge_territory_rounds_is_a_one_line_error_in_play() -> None:
    code, out = run("play", f"territory:rounds={HUGE}", "--seats", "zombie", "--quiet")
    assert code == 2, out
    assert "parameter 'rounds' of game 'territory' must be at most 10000" in out
    assert "Traceback" not in out and "OverflowError" not in out


def test_a_record_with_a_huge_parameter_is_a_one_line_error_in_replay(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    code, out = run("play", "territory:size=5,rounds=2,players=1", "--seed", "1", "--quiet",
                    "--record", str(path))
    assert code == 0, out
    data = json.loads(path.read_text())
    data["params"]["rounds"] = int(HUGE)
    path.write_text(json.dumps(data))
    code, out = run("replay", str(path))
    assert code == 2, out
    assert "must be at most 10000" in out and "Traceback" not in out


def every_int_param() -> list[Any]:
    return [pytest.param(info.id, param, id=f"{info.id}.{param.name}")
            for info in list_games() for param in info.game_class.parameters
            if param.type is int]


@pytest.mark.parametrize(("game", "param"), every_int_param())
def test_every_int_parameter_of_every_game_is_bounded(game: str, param: Param) -> None:
    low, high = param.bounds()
    assert low is not None and high is not None and -INT_BOUND <= low <= high <= INT_BOUND
    for value in (int(HUGE), -int(HUGE), 2**63, -(2**63)):
        with pytest.raises(ParameterError, match=param.name):
            parlour.load_game(game, **{param.name: value})


def test_an_int_parameter_without_a_declared_bound_still_has_one() -> None:
    plain = Param("n", int, 1, "a count")
    assert plain.bounds() == (-INT_BOUND, INT_BOUND)
    with pytest.raises(ParameterError, match="at most 1000000000"):
        plain.check(HUGE, "g")
    with pytest.raises(ParameterError, match="finite"):
        Param("x", float, 1.0, "a ratio").check("inf", "g")


def test_an_unbalanced_quote_in_an_exec_spec_is_a_one_line_error_in_play() -> None:
    code, out = run("play", "hearts", "--seats", 'exec:"abc,random,random,random', "--quiet")
    assert code == 2, out
    assert "agent spec 'exec:\"abc': cannot read its command line (no closing quotation)" \
        in out
    assert "Traceback" not in out


def test_an_unbalanced_quote_in_a_tournament_is_a_one_line_error(tmp_path: Path) -> None:
    code, out = run("tournament", "hearts", "--agents", "random,heartless:'abc", "-n", "2",
                    "--out", str(tmp_path / "t"), "--no-progress")
    assert code == 2, out
    assert "heartless:'abc" in out and "no closing quotation" in out
    assert not (tmp_path / "t").exists()


def test_make_agent_names_the_spec_whose_quote_is_open() -> None:
    from random import Random

    from parlour.agents.specs import make_agent
    with pytest.raises(AgentError, match=re.escape("exec:./bot \"x")):
        make_agent('exec:./bot "x', parlour.load_game("hearts"), 0, Random(1))
