"""docs/writing-a-game.md shows the Oh Hell package as it is: every excerpt is in its file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "examples" / "plugins" / "ohhell"
EXCERPT = re.compile(r"<!-- from: (\S+) -->\n```\w*\n(.*?)```", re.DOTALL)


def test_every_excerpt_of_the_tutorial_is_in_the_package() -> None:
    doc = (ROOT / "docs" / "writing-a-game.md").read_text(encoding="utf-8")
    excerpts = EXCERPT.findall(doc)
    assert len(excerpts) >= 10
    for path, block in excerpts:
        text = (PACKAGE / path).read_text(encoding="utf-8")
        assert block in text, f"the tutorial's excerpt of {path} differs from the file"


def test_the_tutorial_covers_every_module_of_the_package() -> None:
    doc = (ROOT / "docs" / "writing-a-game.md").read_text(encoding="utf-8")
    shown = {path for path, _ in EXCERPT.findall(doc)}
    modules = {f"src/parlour_ohhell/{name}.py"
               for name in ("parts", "rules", "bots", "views", "encoding")}
    assert modules <= shown


def test_the_game_stays_under_300_lines() -> None:
    rules = (PACKAGE / "src" / "parlour_ohhell" / "rules.py").read_text(encoding="utf-8")
    assert len(rules.splitlines()) < 300


def test_the_tutorials_layout_table_is_the_encodings_layout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every block of Oh Hell's encoding is a row of the tutorial's table, at its offset, and
    the table names no other block (the row the conformance suite's layout check reads)."""
    monkeypatch.syspath_prepend(str(PACKAGE / "src"))  # the installed package, else its source
    from parlour_ohhell.encoding import OhHellEncoding
    from parlour_ohhell.rules import OhHell

    doc = (ROOT / "docs" / "writing-a-game.md").read_text(encoding="utf-8")
    section = doc.split("## 9. A tensor encoding", 1)[1]
    layout = OhHellEncoding(OhHell()).layout  # not `game.encoding`: no cached copy left behind
    rows = [(name, offset) for name, offset, _ in layout.rows()]
    assert re.findall(r"^\| `(\w+)` \| (\d+) \|", section, re.MULTILINE) == \
        [(name, str(offset)) for name, offset in rows]
