"""The store's row types live in `parlour.arena.rows`, which needs neither worker nor store."""

from __future__ import annotations

import ast
from pathlib import Path

import parlour.arena
from parlour.arena import rows, store, worker

ARENA = Path(parlour.arena.__file__).parent


def imported_modules(name: str) -> set[str]:
    tree = ast.parse((ARENA / name).read_text(encoding="utf-8"))
    return {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}


def test_the_store_reads_its_rows_without_the_worker() -> None:
    assert "parlour.arena.worker" not in imported_modules("store.py")
    assert "parlour.arena.rows" in imported_modules("store.py")
    assert imported_modules("rows.py") <= {"__future__", "dataclasses", "typing"}


def test_the_worker_still_names_the_same_classes() -> None:
    assert worker.GameOutcome is rows.GameOutcome
    assert worker.ErrorItem is rows.ErrorItem
    outcome = rows.GameOutcome(index=0, scores=(1.0, 0.0), returns=(1.0, -1.0), winners=(0,),
                               complete=True, moves=(3, 3), time_total=(0.1, 0.2),
                               time_max=(0.05, 0.1),
                               errors=(rows.ErrorItem(1, "timeout", "move 2", "late"),),
                               seconds=0.3)
    assert outcome.errors[0].kind == "timeout" and outcome.extra == {}
    assert store.Store is not None
