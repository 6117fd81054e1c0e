"""Tournament settings: TOML files, flags over them, and clear errors for bad settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parlour.arena.config import DEFAULT_GAMES, TournamentConfig, load_config
from parlour.core import ParlourError

TOML = """
game = "hearts"
agents = ["random", "heuristic"]
format = "head-to-head"
deals = 3
seed = 7
move_time = 2
workers = 2

[params]
end_score = 50
"""


def test_a_toml_file_describes_a_tournament(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text(TOML, encoding="utf-8")
    config = TournamentConfig.from_mapping(load_config(path), str(path)).checked()
    assert config.game == "hearts" and config.params == {"end_score": 50}
    assert config.agents == ("random", "heuristic") and config.format == "head-to-head"
    assert (config.deals, config.games, config.seed, config.workers) == (3, None, 7, 2)
    assert config.move_time == 2.0 and isinstance(config.move_time, float)
    assert config.out == "tournament-hearts-7" and config.stage == "head-to-head"
    assert config.game_object().spec == "hearts:end_score=50"


def test_flags_override_the_file_and_game_specs_carry_parameters() -> None:
    base = TournamentConfig.from_mapping({"game": "hearts:end_score=40", "agents": "a,b"})
    config = TournamentConfig.from_mapping({"seed": 3, "params": {"moon": "subtract"}},
                                           base=base)
    assert base.agents == ("a", "b")
    checked = config.checked()
    assert checked.params == {"end_score": 40, "moon": "subtract"}
    assert checked.games == DEFAULT_GAMES and checked.seed == 3


def test_identity_leaves_out_how_the_games_run() -> None:
    one = TournamentConfig(game="hearts", agents=("random",), workers=1, out="a").checked()
    two = TournamentConfig(game="hearts", agents=("random",), workers=4, backend="ray",
                           out="b").checked()
    assert one.identity() == two.identity()
    assert "workers" not in one.identity() and "seed" in one.identity()


@pytest.mark.parametrize(("settings", "message"), [
    ({"game": "hearts", "agents": ["random"], "formt": "duplicate"},
     "unknown tournament setting 'formt'.*did you mean 'format'"),
    ({"game": "hearts", "agents": ["random"], "deals": "ten"}, "'deals'.*whole number"),
    ({"game": "hearts", "agents": "random", "games": True}, "'games'.*whole number"),
    ({"game": "hearts", "agents": [1, 2]}, "list of agent specs"),
    ({"game": "hearts", "agents": ["random"], "params": 5}, "table of game parameters"),
    ({"agents": ["random"]}, "names no game"),
])
def test_bad_settings_are_named(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(ParlourError, match=message):
        TournamentConfig.from_mapping(settings, "t.toml")


@pytest.mark.parametrize(("settings", "message"), [
    ({"agents": ()}, "needs agents"),
    ({"format": "swiss"}, "unknown format 'swiss'"),
    ({"backend": "slurm"}, "unknown backend 'slurm'"),
    ({"seating": "random"}, "unknown seating"),
    ({"agents": ("random", "human")}, "a person cannot sit"),
    ({"baselines": ("random",)}, "baselines are for the vs-baseline format"),
    ({"games": 10, "deals": 2}, "not both"),
    ({"deals": 0}, "at least 1"),
    ({"move_time": 0.0}, "move time must be positive"),
    ({"time_bank": -1.0}, "cannot be negative"),
    ({"strike_limit": 0}, "strike limit"),
    ({"workers": 0}, "workers must be at least 1"),
    ({"params": {"end_scor": 5}}, "did you mean 'end_score'"),
    ({"game": "hertz"}, "did you mean 'hearts'"),
])
def test_bad_tournaments_are_refused_before_anything_runs(settings: dict[str, Any],
                                                          message: str) -> None:
    base = {"game": "hearts", "agents": ("random", "heuristic"), **settings}
    with pytest.raises(ParlourError, match=message):
        TournamentConfig(**base).checked()


def test_unreadable_and_invalid_files_are_reported(tmp_path: Path) -> None:
    with pytest.raises(ParlourError, match="cannot read config file"):
        load_config(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("game = hearts\n", encoding="utf-8")
    with pytest.raises(ParlourError, match="is not valid TOML"):
        load_config(bad)


def test_the_sandbox_settings_come_from_a_toml_file_and_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text(TOML + '\n', encoding="utf-8")
    settings = {**load_config(path), "sandbox": "on", "bot_network": True,
                "bot_state": "state", "bot_env": ["LICENSE_KEY"]}
    config = TournamentConfig.from_mapping(settings, str(path)).checked()
    assert (config.sandbox, config.bot_network, config.bot_state, config.bot_env) == \
        ("on", True, "state", ("LICENSE_KEY",))
    assert "sandbox" not in config.identity(), "resuming may change the sandbox settings"
    with pytest.raises(ParlourError, match=r"'bot_network' .* must be true or false"):
        TournamentConfig.from_mapping({**settings, "bot_network": "yes"}, str(path))
    with pytest.raises(ParlourError, match="sandbox policy must be auto, on or off"):
        TournamentConfig.from_mapping({**settings, "sandbox": "always"}, str(path)).checked()
