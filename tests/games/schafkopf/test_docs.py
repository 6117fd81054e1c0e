"""docs/rules/schafkopf.md: its examples run, its public sources are named at the top, and
its tables match the code (parameters, action ids)."""

from __future__ import annotations

import re
from pathlib import Path

import parlour
from parlour.games.schafkopf.actions import BY_ID, NUM_ACTIONS

PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "schafkopf.md"
TEXT = PAGE.read_text(encoding="utf-8")


def test_the_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", TEXT, re.DOTALL)
    assert blocks
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), {})


def test_the_rules_followed_are_named_with_public_sources_at_the_top() -> None:
    head = TEXT[:1200]
    assert "Schafkopfschule" in head and "https://erlebe.bayern/service/schafkopf" in head
    assert "https://www.pagat.com/schafk/schafk.html" in head


def test_every_parameter_is_documented_with_its_default() -> None:
    for param in parlour.load_game("schafkopf").parameters:
        default = str(param.default).lower() if isinstance(param.default, bool) else \
            str(param.default)
        assert f"| `{param.name}` | `{default}` |" in TEXT, param.name


def test_the_action_ids_are_as_documented() -> None:
    assert NUM_ACTIONS == 56 and f"Action ids ({NUM_ACTIONS})" in TEXT
    assert [str(a) for a in BY_ID[32:34]] == ["weiter", "spiel"]
    assert str(BY_ID[39]) == "mit" and [str(a) for a in BY_ID[54:]] == ["kontra", "re"]
