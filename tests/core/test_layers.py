"""docs/architecture.md's layer tables against the real imports of every module of parlour.

Each row names packages and what they may import; a module importing (at the top or inside a
function, not under ``TYPE_CHECKING``) a package its row does not name fails here, with the
file and line, so the table and the code cannot drift apart.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "parlour"
HEADER = "| layer | package | job | may import |"


def unit_of(module: str) -> str:
    """The table's name for the package `module` belongs to: ``core``, ``games``, ``parlour``."""
    parts = module.split(".")
    if len(parts) == 1:
        return "parlour"
    return parts[1]


def table_rows() -> list[tuple[list[str], str]]:
    """(units, may-import cell) for every row of the layer tables."""
    rows, inside = [], False
    for line in (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8").splitlines():
        if line.strip() == HEADER:
            inside = True
            continue
        if not inside or line.startswith("|---"):
            continue
        if not line.startswith("|"):
            inside = False
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        units = [unit_of(name) for name in re.findall(r"`(parlour(?:\.\w+)?)`", cells[1])]
        rows.append((units, cells[3]))
    return rows


def allowed() -> dict[str, set[str] | None]:
    """Each unit's allowed imports (None: any): the backticked package names of its cell, and
    for `everything above` every unit of the rows before it."""
    rows = table_rows()
    known = {unit for units, _ in rows for unit in units}
    rules: dict[str, set[str] | None] = {}
    above: set[str] = set()
    for units, cell in rows:
        names: set[str] | None = None
        if cell != "everything":
            names = set(re.findall(r"`(\w+)`", cell)) & known
            if "everything above" in cell:
                names |= above | set(units)
        for unit in units:
            rules[unit] = names
        above |= set(units)
    return rules


def imports(path: Path) -> list[tuple[str, int]]:
    """The parlour modules `path` imports, with line numbers, outside ``TYPE_CHECKING``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(inner) for inner in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "parlour":
                found += [(f"parlour.{alias.name}", node.lineno) for alias in node.names]
            else:
                found.append((node.module, node.lineno))
        elif isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
    return [(name, line) for name, line in found if name.split(".")[0] == "parlour"]


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(SOURCE.parent).with_suffix("").parts).removesuffix(
        ".__init__")


def deprecated_alias(path: Path) -> bool:
    """A renamed module's old name, kept importable (docs/deprecated.md): no row of its own."""
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return docstring.startswith("Deprecated:")


def test_every_package_has_a_row() -> None:
    rules = allowed()
    units = {unit_of(module_name(path)) for path in SOURCE.rglob("*.py")
             if not deprecated_alias(path)}
    assert units - set(rules) == set(), "packages missing from docs/architecture.md's tables"


def test_the_table_reads_as_expected() -> None:
    rules = allowed()
    assert rules["core"] == {"games"}  # the standard library, and the encodings lazily
    assert rules["records"] == {"core"}
    assert rules["crosscheck"] is None
    assert {"core", "arena", "console"} <= (rules["cli"] or set())


@pytest.mark.parametrize("path", sorted(SOURCE.rglob("*.py")),
                         ids=lambda path: str(path.relative_to(SOURCE)))
def test_imports_follow_the_layer_table(path: Path) -> None:
    rules = allowed()
    unit = unit_of(module_name(path))
    may = rules.get(unit)
    if may is None or deprecated_alias(path):
        return
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {name}"
             for name, line in imports(path)
             if unit_of(name) != unit and unit_of(name) not in may
             and name != "parlour" and unit_of(name) != "__version__"]
    assert not wrong, (f"not in docs/architecture.md's row for {unit} (may import "
                       f"{sorted(may)}): " + "; ".join(wrong))


def test_a_forbidden_import_is_caught(tmp_path: Path) -> None:
    """The check itself can fail: a rules module importing a face is reported."""
    module = tmp_path / "rules.py"
    module.write_text("from parlour.console.views import SeatView\n"
                      "from typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n    from parlour.web import server\n")
    found = [name for name, _ in imports(module)]
    assert found == ["parlour.console.views"]
    assert "console" not in (allowed()["games"] or set())
