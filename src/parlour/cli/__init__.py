"""The `parlour` command line (typer): games, play, replay, bench."""

from parlour.cli.app import main
from parlour.cli.shared import app

__all__ = ["app", "main"]
