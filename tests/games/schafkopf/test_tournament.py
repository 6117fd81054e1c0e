"""Schafkopf in a duplicate tournament: every deal in every seating, records that verify."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from parlour.cli import app
from parlour.records import load


def test_a_duplicate_tournament_of_schafkopf(tmp_path: Path) -> None:
    out = tmp_path / "duplicate"
    result = CliRunner().invoke(app, [
        "tournament", "schafkopf:deals=1", "-f", "duplicate", "-a", "heuristic,random",
        "-n", "4", "--seed", "3", "--out", str(out), "--no-progress", "--backend",
        "inprocess"])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary and "heuristic" in json.dumps(summary)
    records = sorted((out / "records").glob("*.json.gz"))
    assert len(records) == 4
    for path in records:
        load(path).verify()
