"""`parlour tournament` and `parlour report`: flags, TOML files, output and usage errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from tests.arena.helpers import numbers, results

runner = CliRunner()
QUICK = ["-p", "end_score=30", "--agents", "random,heuristic", "--seed", "3",
         "--backend", "inprocess", "--no-progress"]


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_a_tournament_prints_its_ranking_and_writes_its_directory(tmp_path: Path) -> None:
    out = tmp_path / "t"
    code, text = run("tournament", "hearts", *QUICK, "--deals", "3", "--out", str(out))
    assert code == 0, text
    flat = " ".join(text.split())
    assert "hearts:end_score=30 duplicate: 2 agent(s), 6 games" in flat
    assert "hearts:end_score=30, duplicate, seed 3: 6 games" in flat
    assert "heuristic" in text and "random" in text and "rating" in text
    assert "Pairwise comparisons" in text and "heuristic vs random" in flat
    assert "return (minus each seat's total points): mean per game" in flat
    assert "rating: OpenSkill mu ± 95% interval" in flat
    assert not (out / "errors.log").exists() and not (out / ".lock").exists()
    assert "errors.log" not in text, "an error log is named only when there is one"
    for name in ("summary.json", "ratings.png", "scores.png", "winrates.png",
                 "tournament.sqlite", "records/0006.json.gz"):
        assert (out / name).exists(), name
    assert (out / "ratings.png").read_bytes()[:4] == b"\x89PNG"
    code, shown = run("replay", str(out / "records" / "0006.json.gz"), "--no-step")
    assert code == 0 and "verified" in shown


def test_report_prints_the_ranking_again_as_table_json_or_plots(tmp_path: Path) -> None:
    out = tmp_path / "t"
    assert run("tournament", "hearts", *QUICK, "--deals", "2", "--out", str(out),
               "--no-plots")[0] == 0
    assert not (out / "ratings.png").exists()
    code, text = run("report", str(out))
    assert code == 0 and "hearts:end_score=30, duplicate, seed 3: 4 games" in text
    code, text = run("report", str(out), "--json")
    assert code == 0
    summary = json.loads(text)
    assert summary["games"] == {"scheduled": 4, "played": 4}
    assert summary == json.loads((out / "summary.json").read_text())
    code, text = run("report", str(out), "--plots")
    assert code == 0 and (out / "winrates.png").is_file()


def test_a_toml_config_with_flags_on_top(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text('game = "hearts"\nagents = ["random", "heuristic"]\n'
                    'format = "head-to-head"\ndeals = 5\nseed = 9\nbackend = "inprocess"\n'
                    '[params]\nend_score = 30\n', encoding="utf-8")
    out = tmp_path / "t"
    code, text = run("tournament", "--config", str(path), "--deals", "1", "--out", str(out),
                     "--no-progress", "--no-plots")
    assert code == 0, text
    summary = json.loads((out / "summary.json").read_text())
    settings = summary["settings"]
    assert (settings["format"], settings["deals"], settings["seed"]) == ("head-to-head", 1, 9)
    assert settings["params"] == {"end_score": 30} and summary["games"]["played"] == 6


def test_resume_needs_only_the_directory_and_may_change_the_workers(tmp_path: Path) -> None:
    out = tmp_path / "t"
    assert run("tournament", "hearts", *QUICK, "--deals", "2", "--out", str(out),
               "--no-plots")[0] == 0
    before = (results(out), numbers(out))
    code, text = run("tournament", "--resume", "--out", str(out), "--backend", "local",
                     "--workers", "2", "--no-progress", "--no-plots")
    assert code == 0, text
    assert (results(out), numbers(out)) == before
    code, text = run("tournament", "--resume", "--out", str(out), "--seed", "4")
    flat = " ".join(text.split())
    assert code == 2 and "seed = 4" in flat and "started with 3" in flat


@pytest.mark.parametrize(("args", "message"), [
    (["tournament", "--agents", "random"], "name the game"),
    (["tournament", "hertz", "--agents", "random"], "did you mean 'hearts'"),
    (["tournament", "hearts"], "needs agents"),
    (["tournament", "hearts", "-a", "random,heuristik"], "did you mean 'heuristic'"),
    (["tournament", "hearts", "-a", "random,heuristic", "-f", "swiss"], "unknown format"),
    (["tournament", "hearts", "-a", "random,heuristic,random", "-f", "head-to-head"],
     "head-to-head is for two agents"),
    (["tournament", "hearts", "-a", "random", "--games", "5", "--deals", "2"], "not both"),
    (["tournament", "hearts", "-a", "random", "-p", "end_scor=5"], "did you mean"),
    (["tournament", "hearts", "-a", "human,random"], "a person cannot sit"),
    (["tournament", "--resume"], "--resume needs --out"),
    (["tournament", "--config", "/nonexistent/t.toml"], "cannot read config file"),
    (["report", "/nonexistent/dir"], "holds no tournament"),
])
def test_usage_errors_exit_2_with_one_line(tmp_path: Path, args: list[str],
                                           message: str) -> None:
    code, text = run(*args, *(["--out", str(tmp_path / "x")] if args[0] == "tournament"
                              and "--out" not in args and "--resume" not in args else []))
    assert code == 2
    assert message in " ".join(text.split())
    assert "Traceback" not in text and f"parlour {args[0]} --help" in text


def test_a_bad_toml_key_is_named_with_its_file(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text('game = "hearts"\nagents = ["random"]\nseeds = 3\n', encoding="utf-8")
    code, text = run("tournament", "--config", str(path), "--out", str(tmp_path / "x"))
    flat = " ".join(text.split())
    assert code == 2 and "unknown tournament setting 'seeds'" in flat and "t.toml" in flat
    assert "did you mean 'seed'" in flat
