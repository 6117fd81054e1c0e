"""The documentation's Python examples run, in order, as written."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)
DOCUMENTS = ["README.md", "docs/architecture.md", "docs/learning.md", "docs/views.md"]


def python_blocks(path: Path) -> list[str]:
    return BLOCK.findall(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", DOCUMENTS)
def test_documentation_examples_run(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    blocks = python_blocks(ROOT / name)
    assert blocks, f"{name} has no python examples"
    module = types.ModuleType(f"docs_example_{Path(name).stem}")
    monkeypatch.setitem(sys.modules, module.__name__, module)  # dataclasses look modules up
    for index, block in enumerate(blocks, start=1):
        try:
            exec(compile(block, f"{name} block {index}", "exec"), module.__dict__)
        except Exception as error:  # pragma: no cover - the message is the point
            pytest.fail(f"{name} example {index} fails: {type(error).__name__}: {error}")
    assert capsys.readouterr().out, "the examples print what they describe"
