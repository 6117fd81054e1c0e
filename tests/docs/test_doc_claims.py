"""What the documentation claims holds for a user with only the repository (issue 14: 27, 28)."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)
RULE_DOCS = sorted((ROOT / "docs" / "rules").glob("*.md"))
PUBLIC_SOURCES = {
    "hearts.md": "https://www.pagat.com/reverse/hearts.html",
    "spades.md": "https://www.pagat.com/auctionwhist/spades.html",
    "skat.md": "https://weddslist.com/skat/ordnung/skatordnung0.html",
    "skull.md": "https://boardgamegeek.com/boardgame/92415/skull",
    "territory.md": "https://github.com/BenKaehler/game17",
}


def user_documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_no_document_cites_files_users_do_not_have() -> None:
    cited = [str(path.relative_to(ROOT)) for path in user_documents()
             if "shared/rules" in path.read_text(encoding="utf-8")]
    assert not cited, f"these cite shared/rules/*.md, which users do not have: {cited}"


@pytest.mark.parametrize("name", sorted(PUBLIC_SOURCES))
def test_each_rule_document_cites_its_public_source(name: str) -> None:
    assert name in {path.name for path in RULE_DOCS}
    head = (ROOT / "docs" / "rules" / name).read_text(encoding="utf-8")[:1200]
    assert PUBLIC_SOURCES[name] in head, "the source is named at the top"


def test_the_readme_illegal_move_example_is_illegal_and_prints_why(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    module = types.ModuleType("readme_tour")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    example = next(block for block in blocks if "except parlour.ParlourError" in block)
    for block in blocks[:blocks.index(example) + 1]:
        exec(compile(block, "README.md", "exec"), module.__dict__)
    printed = capsys.readouterr().out.splitlines()
    assert printed, "the example printed nothing: the move was legal"
    error = printed[-1]
    assert "illegal action" in error and "does not hold" in error
    assert error in example, "the comment in the README shows the message printed"
