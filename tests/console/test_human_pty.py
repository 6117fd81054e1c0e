"""A person at the console, driven through a pseudo-terminal: the real `parlour play` program.

The test reads the screen as a person would (colours stripped), asks for help and the legal
moves, makes mistakes, plays the first legal card it is offered several times, and leaves.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from parlour.cards import format_card, parse_card_list, parse_cards
from parlour.records import load

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[2]
PROMPT = r"(pass card \d of 3|play|Enter passes [^>]*)> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


class Screen:
    """The program on a pseudo-terminal, read prompt by prompt."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "COLUMNS": "120", "LINES": "50", "PYTHONUNBUFFERED": "1"}
        self.child = pexpect.spawn(sys.executable, ["-m", "parlour", *args], cwd=str(ROOT),
                                   env=env, encoding="utf-8", timeout=60,
                                   dimensions=(50, 120))
        self.seen = ""

    def wait(self, pattern: str = PROMPT) -> str:
        """Everything shown until `pattern` (colours stripped); the prompt is in `self.prompt`."""
        self.child.expect(pattern)
        text = clean(self.child.before)
        self.prompt = clean(self.child.after)
        self.seen += text
        return text

    def answer(self, line: str) -> str:
        """Type `line` and return what is shown until the next prompt."""
        self.child.sendline(line)
        return self.wait()

    def legal_cards(self) -> list[int]:
        """Ask for the legal moves; the cards listed, in order."""
        shown = self.answer("?")
        listing = re.search(r"you may (?:pass|play): (.+)", shown)
        assert listing, shown
        numbers = re.findall(r"#(\d+) ", listing.group(1))
        assert numbers == [str(n) for n in range(1, len(numbers) + 1)], "numbered in order"
        return parse_card_list(re.sub(r"#\d+ ", "", listing.group(1)))

    def finish(self) -> str:
        self.child.expect(pexpect.EOF)
        self.child.close()
        rest = clean(self.child.before)
        self.seen += rest
        return rest


def clean(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def test_a_person_plays_hearts_through_a_terminal_and_leaves(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    screen = Screen("play", "hearts:end_score=50", "--seats", "human,heuristic,heuristic,heuristic",
                    "--seed", "11", "--record", str(record), "--pace", "0")
    start = screen.wait()
    assert "you are dealt" in start and "your hand" in start
    assert screen.prompt.startswith("pass card 1 of 3")
    hand = parse_cards(re.search(r"your hand +(.+)", start).group(1))  # type: ignore[union-attr]

    assert "Type a card" in screen.answer("h")
    assert "exit" in screen.seen and "legal" in screen.seen

    listed = screen.legal_cards()
    assert sum(1 << c for c in listed) == hand, "all thirteen cards may be passed"

    assert "cannot read 'zz'" in screen.answer("zz")
    assert screen.prompt.startswith("pass card 1 of 3"), "asked again"
    missing = next(c for c in range(64) if c & 15 in range(2, 15) and c >> 4 < 4
                   and not hand >> c & 1)
    shown = screen.answer(format_card(missing, ascii=True).lower())
    assert f"{format_card(missing)} is not legal now: you do not hold" in shown
    assert screen.prompt.startswith("pass card 1 of 3"), "asked again"

    listed = screen.legal_cards()
    shown = screen.answer("#3")  # the third card listed, whatever the order of legal_actions
    assert f"passing     {format_card(listed[2])}" in shown
    screen.answer(format_card(listed[0], ascii=True))
    shown = screen.answer(format_card(listed[2], ascii=True))  # taken back
    assert f"taken back: {format_card(listed[2])}" in shown
    assert screen.prompt.startswith("pass card 2 of 3")
    screen.answer(format_card(listed[4], ascii=True))
    screen.answer(format_card(listed[5], ascii=True))
    assert screen.prompt.startswith("Enter passes"), "the pass waits to be confirmed"
    shown = screen.answer("")
    passed = parse_card_list(re.search(r"you pass (.+) to", shown).group(1))  # type: ignore[union-attr]
    assert sorted(passed) == sorted([listed[0], listed[4], listed[5]])

    plays = 0
    while plays < 6:
        first = screen.legal_cards()[0]
        screen.answer(format_card(first, ascii=True))
        plays += 1
    assert "you pass" in screen.seen and "you receive" in screen.seen
    assert "trick  1" in screen.seen and "→" in screen.seen
    assert screen.prompt == "play> "

    screen.child.sendline("exit")
    rest = screen.finish()
    assert "Game abandoned" in rest and "typed 'exit'" in rest
    assert "Traceback" not in screen.seen
    assert screen.child.exitstatus == 0
    saved = load(record)
    assert not saved.result.complete
    assert sum(1 for m in saved.moves if m.player == 0) == 3 + plays


def test_end_of_input_leaves_the_game_cleanly() -> None:
    screen = Screen("play", "hearts", "--seats", "human,random,random,random", "--seed", "2")
    screen.wait()
    screen.child.sendeof()
    rest = screen.finish()
    assert "Game abandoned after 0 moves" in rest and "closed the input" in rest
    assert screen.child.exitstatus == 0


def test_hidden_cards_never_reach_the_screen() -> None:
    screen = Screen("play", "hearts", "--seats", "heuristic,human,heuristic,heuristic",
                    "--seed", "4")
    shown = screen.wait()
    assert shown.count("is dealt") == 0 and shown.count("you are dealt") == 1
    assert "seat 0 is dealt" not in shown and "passes" not in shown
    screen.child.sendline("quit")
    assert "Game abandoned" in screen.finish()
    assert screen.child.exitstatus == 0


def test_ctrl_c_at_the_prompt_says_so_keeps_the_record_and_exits_130(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    screen = Screen("play", "hearts", "--seats", "human,random,random,random", "--seed", "2",
                    "--record", str(record))
    screen.wait()
    screen.child.sendintr()
    rest = screen.finish()
    assert "Interrupted: the game stopped after 0 moves" in rest
    assert "closed the input" not in rest and "Traceback" not in rest
    assert "record saved to" in rest and not load(record).result.complete
    assert screen.child.exitstatus == 130


def test_ctrl_c_during_many_games_prints_the_summary_of_those_finished() -> None:
    screen = Screen("play", "hearts:end_score=50", "--seats", "heuristic,random,random,random",
                    "--count", "100000", "--seed", "3")
    screen.child.expect(r" [1-9]\d*/100000")  # a few games are done
    screen.child.sendintr()
    rest = screen.finish()
    finished = re.search(r"Interrupted: (\d+) of 100000 games were finished", rest)
    assert finished and int(finished.group(1)) > 0, rest
    assert f"{finished.group(1)} games of hearts:end_score=50, seed 3" in rest
    assert "heuristic" in rest and "win %" in rest and "Traceback" not in rest
    assert screen.child.exitstatus == 130
