"""The command modules share `parlour.cli.shared` and never import `parlour.cli.app`."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import parlour.cli

CLI = Path(parlour.cli.__file__).parent


def test_no_command_module_imports_the_app_module() -> None:
    for path in CLI.glob("*.py"):
        if path.name in ("app.py", "__init__.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert "parlour.cli.app" not in modules, f"{path.name} imports parlour.cli.app"


def test_each_command_module_imports_first_on_its_own() -> None:
    for name in ("tournament", "train", "territory", "ladder", "shared", "play"):
        done = subprocess.run([sys.executable, "-c", f"import parlour.cli.{name}"],
                              capture_output=True, text=True, check=False, timeout=120)
        assert done.returncode == 0, f"parlour.cli.{name}: {done.stderr.strip()[-300:]}"


def test_the_commands_are_listed_in_their_order() -> None:
    from parlour.cli.shared import app

    names = [command.name or command.callback.__name__ for command in app.registered_commands
             if command.callback is not None]
    assert names.index("render") < names.index("tournament") < names.index("serve")
    groups = [group.name for group in app.registered_groups]
    assert groups == ["territory", "ladder"]
