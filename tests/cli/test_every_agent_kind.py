"""Every agent kind plays every registered game from the command line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.records import load

ROOT = Path(__file__).parents[2]
runner = CliRunner()

SMALL = {
    "hearts": "hearts:end_score=5",
    "skat": "skat:deals=1",
    "skat.ramsch": "skat.ramsch:deals=1",
    "territory": "territory:size=4,rounds=2,players=2",
    "spades": "spades:target=100,mercy=true",
    "skull": "skull:players=3",
    "doppelkopf": "doppelkopf:deals=1,tournament=false",
}

FILE_BOT = '''
def act(observation):
    return observation.legal_actions[-1]
'''


def kinds(tmp: Path) -> dict[str, str]:
    bot = tmp / "last_bot.py"
    bot.write_text(FILE_BOT)
    return {
        "random": "random",
        "heuristic": "heuristic",
        "exec": f"exec:{sys.executable} {ROOT / 'examples/bots/random_bot.py'}",
        "file": f"file:{bot}",
    }


@pytest.mark.parametrize("kind", ["random", "heuristic", "exec", "file"])
@pytest.mark.parametrize("game_id", [info.id for info in parlour.list_games()])
def test_every_agent_kind_plays_every_game(game_id: str, kind: str, tmp_path: Path) -> None:
    game = parlour.load_game(SMALL.get(game_id, game_id))
    spec = kinds(tmp_path)[kind]
    if kind == "heuristic" and "heuristic" not in game.agents:
        pytest.skip(f"{game_id} has no heuristic agent")
    seats = [spec] + ["random"] * (game.num_players - 1)
    record = tmp_path / "game.json"
    args = ["play", game.spec, "--seed", "3", "--quiet", "--record", str(record)]
    for seat in seats:
        args += ["--seat", seat]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    saved = load(record)
    assert saved.result.complete
    assert not [f for f in saved.faults if f.seat == 0], saved.faults
    saved.verify()
