"""Every command's --help, as the `parlour` script prints it (issue 28, point 9)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from parlour.cli.app import command

BRACKETS = re.compile(r"\[[^\]\s][^\]]*\]")


def every_command() -> list[tuple[list[str], Any]]:
    """(words after `parlour`, command) for the program and each (sub)command."""
    found: list[tuple[list[str], Any]] = []

    def walk(words: list[str], built: Any) -> None:
        found.append((words, built))
        for name, sub in sorted(getattr(built, "commands", {}).items()):
            walk([*words, name], sub)

    walk([], command())
    return found


COMMANDS = every_command()


def help_text(words: list[str], capsys: pytest.CaptureFixture[str],
              monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit) as leaving:
        command().main([*words, "--help"], prog_name="parlour")
    assert leaving.value.code == 0
    return capsys.readouterr().out


def joined(text: str) -> str:
    """`text` with box borders dropped and wrapped lines joined."""
    return " ".join(text.replace("│", " ").split())


def help_strings(built: Any) -> list[str]:
    strings = [built.help or ""]
    strings += [getattr(param, "help", None) or "" for param in built.params]
    return strings


def test_the_walk_finds_every_command() -> None:
    names = {" ".join(words) for words, _ in COMMANDS}
    assert {"play", "render", "tournament", "territory", "territory one", "games"} <= names


def test_some_help_has_brackets_so_the_test_below_tests_something() -> None:
    assert any(BRACKETS.search(text) for _, built in COMMANDS for text in help_strings(built))


@pytest.mark.parametrize("words", [words for words, _ in COMMANDS],
                         ids=lambda words: " ".join(words) or "parlour")
def test_help_keeps_every_bracket_and_fits_80_columns(
        words: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    built = {" ".join(w): c for w, c in COMMANDS}[" ".join(words)]
    text = help_text(words, capsys, monkeypatch)
    shown = joined(text)
    for string in help_strings(built):
        for bracketed in BRACKETS.findall(" ".join(string.split())):
            assert bracketed in shown, f"{bracketed!r} was eaten from the help"
    assert "<bool>" not in text, "a flag takes no value"
    assert max(len(line) for line in text.splitlines()) <= 80


def test_render_help_names_its_extra(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    assert "parlour[render]" in joined(help_text([], capsys, monkeypatch))


def test_flags_show_no_type(capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    line = next(line for line in help_text([], capsys, monkeypatch).splitlines()
                if "--version" in line)
    assert re.search(r"--version\s+Print parlour's version", line), line
