"""docs/openspiel.md's Python examples run, in order, as written."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "openspiel.md"
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def test_openspiel_doc_examples_run(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = BLOCK.findall(DOC.read_text(encoding="utf-8"))
    assert len(blocks) == 4
    module = types.ModuleType("docs_example_openspiel")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    for index, block in enumerate(blocks, start=1):
        try:
            exec(compile(block, f"openspiel.md block {index}", "exec"), module.__dict__)
        except Exception as error:  # pragma: no cover - the message is the point
            pytest.fail(f"openspiel.md example {index} fails: {type(error).__name__}: {error}")
    out = capsys.readouterr().out
    assert "10 0.113" in out  # the NashConv the text quotes
