"""The `parlour` command line (typer): games, play, replay, bench."""

from parlour.cli.app import app, main

__all__ = ["app", "main"]
