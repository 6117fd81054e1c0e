"""A plug-in game's views are found without registering: by attribute, entry point, registry.

The plug-in (tests/views/plugin.py) is written as another package would write it; the entry
points it would install are simulated by replacing `importlib.metadata.entry_points`.
"""

from __future__ import annotations

import importlib.metadata
import io
import logging
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.console.human import HumanAgent
from parlour.console.render import RENDERERS, EventRenderer, renderer_for
from parlour.console.views import VIEWS, SeatView
from parlour.console.views import view_class as console_view_class
from parlour.console.views import view_for as console_view_for
from parlour.console.views.hearts import HeartsView
from parlour.console.views.skat import SkatView
from parlour.core import registry as registry_module
from parlour.core.plugins import PluginError
from parlour.match import Match
from parlour.web.views import WEB_VIEWS, TableView
from parlour.web.views import view_class as web_view_class
from parlour.web.views import view_for as web_view_for
from parlour.web.views.skat import SkatView as SkatTableView
from tests.views.plugin import Pile, PileByEntryPoint, installed
from tests.views.plugin_views import PileRenderer, PileSeatView, PileTableView

VIEWS_MODULE = "tests.views.plugin_views"
PLUGIN_GROUPS = {
    "parlour.games": {"pile.plain": "tests.views.plugin:PileByEntryPoint"},
    "parlour.console_views": {"pile": f"{VIEWS_MODULE}:PileSeatView"},
    "parlour.web_views": {"pile": f"{VIEWS_MODULE}:PileTableView [web]"},  # an extra named
    "parlour.console_renderers": {"pile": f"{VIEWS_MODULE}:PileRenderer"},
}


def console() -> Console:
    return Console(file=io.StringIO(), width=100, color_system=None, highlight=False)


def printed(where: Console) -> str:
    file = where.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A registry that reads entry points again and forgets what the test loads."""
    for name in ("_BUILTIN", "_LOADED", "_ALIASES"):
        monkeypatch.setattr(registry_module, name, dict(getattr(registry_module, name)))
    monkeypatch.setattr(registry_module, "_entry_points_read", False)


def install(monkeypatch: pytest.MonkeyPatch, groups: dict[str, dict[str, str]]) -> None:
    monkeypatch.setattr(importlib.metadata, "entry_points", installed(groups))


def broken(target: str) -> Pile:
    """A `Pile` whose every face names `target`."""
    cls = type("BrokenPile", (Pile,), {"console_view": target, "web_view": target,
                                       "console_renderer": target})
    return cls()  # type: ignore[no-any-return]


def test_a_game_names_its_views_by_attribute_and_registers_nothing() -> None:
    game = Pile()
    assert "pile" not in VIEWS and "pile" not in WEB_VIEWS
    seat_view = console_view_for(game, 0, console())
    assert type(seat_view) is PileSeatView
    observation = game.new_state(seed=1).observe(0)
    assert seat_view.prompt(observation) == "[7 left] take> "
    table_view = web_view_for(game, ["human", "random"])
    assert type(table_view) is PileTableView
    assert table_view.seat_view(observation, 0)["headline"] == "7 counters left"
    assert "pile" not in VIEWS and "pile" not in WEB_VIEWS


def test_a_person_plays_a_plugin_game_through_its_view() -> None:
    prompts: list[str] = []

    def person(prompt: str) -> str:
        prompts.append(prompt)
        return "take 1"

    game = Pile(start=4)
    human = HumanAgent(game, 0, console=console(), input=person)
    record = Match(game, [human, "random"], seed=3).run()
    assert record.result.complete
    human_moves = [move for move in record.moves if move.player == 0]
    assert len(prompts) == len(human_moves) >= 1
    assert prompts[0] == "[4 left] take> "


def test_installed_entry_points_give_a_game_and_its_views(
        monkeypatch: pytest.MonkeyPatch, fresh_registry: None) -> None:
    install(monkeypatch, PLUGIN_GROUPS)
    game = parlour.load_game("pile.plain")
    assert type(game) is PileByEntryPoint
    # no view of its own id: the family's ("pile") entry points
    assert console_view_class(game) is PileSeatView
    assert web_view_class(game) is PileTableView
    assert type(renderer_for(console(), game, ["random", "random"])) is PileRenderer


def test_the_attribute_wins_over_entry_points_which_win_over_the_registry(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(VIEWS, "pile", HeartsView)
    monkeypatch.setitem(WEB_VIEWS, "pile", TableView)
    assert console_view_class(PileByEntryPoint()) is HeartsView
    assert web_view_class(PileByEntryPoint()) is TableView
    install(monkeypatch, {"parlour.console_views": {"pile": "parlour.console.views:SeatView"},
                          "parlour.web_views": {"pile": "parlour.web.views:TableView"}})
    assert console_view_class(PileByEntryPoint()) is SeatView
    assert console_view_class(Pile()) is PileSeatView
    assert web_view_class(Pile()) is PileTableView


def test_the_built_in_games_keep_their_views_and_variants_use_their_familys() -> None:
    ramsch = parlour.load_game("skat.ramsch")
    assert console_view_class(ramsch) is SkatView
    assert web_view_class(ramsch) is SkatTableView
    assert console_view_class(parlour.load_game("hearts")) is HeartsView
    assert type(renderer_for(console(), ramsch, ["random"] * 3)).__name__ == "SkatRenderer"
    assert "skat" in RENDERERS


BROKEN = [
    (f"{VIEWS_MODULE}_gone:PileSeatView", "No module named 'tests.views.plugin_views_gone'"),
    (f"{VIEWS_MODULE}:Missing", "has no attribute 'Missing'"),
    (f"{VIEWS_MODULE}:NotAView", "is not a subclass of"),
    (VIEWS_MODULE, "is not of the form 'module:Class'"),
    ("broken_plugin_views:View", "RuntimeError: the views of this plug-in are broken"),
]


@pytest.fixture
def failing_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A module `broken_plugin_views` that fails while it is imported."""
    (tmp_path / "broken_plugin_views.py").write_text(
        'raise RuntimeError("the views of this plug-in are broken")\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))


@pytest.mark.parametrize(("target", "reason"), BROKEN)
@pytest.mark.usefixtures("failing_module")
def test_a_broken_view_target_is_one_line_naming_the_game_and_target(target: str,
                                                                      reason: str) -> None:
    game = broken(target)
    for find, kind in ((console_view_class, "console view"), (web_view_class, "web view")):
        with pytest.raises(PluginError) as caught:
            find(game)
        message = str(caught.value)
        assert "\n" not in message
        assert f"the {kind} of game 'pile' (BrokenPile." in message
        assert repr(target) in message and reason in message


@pytest.mark.parametrize(("target", "reason"), BROKEN[:2])
def test_a_broken_view_falls_back_to_the_generic_one_with_a_warning(
        target: str, reason: str, caplog: pytest.LogCaptureFixture) -> None:
    game = broken(target)
    screen = console()
    seat_view = console_view_for(game, 0, screen)
    assert type(seat_view) is SeatView
    warning = " ".join(printed(screen).split())  # rich wraps long lines
    assert warning.startswith("warning: the console view of game 'pile'")
    assert reason in warning and warning.endswith("using the generic view")
    with caplog.at_level(logging.WARNING, logger="parlour.web"):
        table_view = web_view_for(game, ["human", "random"])
    assert type(table_view) is TableView
    assert any("generic view" in hint for hint in table_view.hints)
    assert "generic view" not in " ".join(TableView.hints)
    assert any(target in r.getMessage() and reason in r.getMessage() for r in caplog.records)
    assert type(renderer_for(screen, game, ["random", "random"])) is EventRenderer


def test_a_broken_entry_point_names_the_group_and_the_game(monkeypatch: pytest.MonkeyPatch,
                                                           fresh_registry: None) -> None:
    install(monkeypatch, {"parlour.console_views": {"pile": "nowhere.at.all:View"}})
    with pytest.raises(PluginError, match=r"^the console view of game 'pile.plain' \(entry "
                       r"point 'pile' of parlour.console_views\): cannot load 'nowhere.at."
                       r"all:View': No module named 'nowhere'$"):
        console_view_class(PileByEntryPoint())


def test_a_broken_game_entry_point_is_one_line_and_the_others_still_load(
        monkeypatch: pytest.MonkeyPatch, fresh_registry: None,
        caplog: pytest.LogCaptureFixture) -> None:
    install(monkeypatch, {"parlour.games": {"nogame": "nowhere:Game",
                                            "notagame": f"{VIEWS_MODULE}:NotAView"}})
    with pytest.raises(PluginError, match=r"^game 'nogame': cannot load 'nowhere:Game': No "):
        parlour.load_game("nogame")
    with pytest.raises(PluginError, match=r"^game 'notagame': .* is not a subclass of Game$"):
        parlour.load_game("notagame")
    with caplog.at_level(logging.WARNING, logger="parlour.registry"):
        ids = {info.id for info in parlour.list_games()}
    assert "hearts" in ids and "nogame" not in ids
    assert any("game 'nogame'" in r.getMessage() for r in caplog.records)


def test_parlour_play_shows_a_plugin_game_with_a_broken_renderer_generically(
        monkeypatch: pytest.MonkeyPatch, fresh_registry: None) -> None:
    groups = {**PLUGIN_GROUPS, "parlour.console_renderers": {"pile": "nowhere:Renderer"}}
    install(monkeypatch, groups)
    result = CliRunner().invoke(app, ["play", "pile.plain", "--seats", "random,random",
                                      "--seed", "2"])
    output = " ".join(result.output.split())  # rich may wrap the warning
    assert result.exit_code == 0, result.output
    assert "Traceback" not in output
    assert ("warning: the console renderer of game 'pile.plain' (entry point 'pile' of "
            "parlour.console_renderers): cannot load 'nowhere:Renderer'") in output
    assert "using the generic renderer" in output


def test_naming_views_by_path_keeps_the_rules_free_of_faces() -> None:
    code = ("import sys; from tests.views.plugin import Pile; Pile().new_state(seed=1); "
            "print(sorted(m for m in sys.modules if m.startswith(('parlour.console', "
            "'parlour.web', 'rich', 'tests.views.plugin_views'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).parents[2])
    assert done.stdout.strip() == "[]"


def test_the_views_page_example_prints_what_the_page_says(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    page = (Path(__file__).parents[2] / "docs" / "views.md").read_text(encoding="utf-8")
    code = re.findall(r"```python\n(.*?)```", page, re.DOTALL)
    claimed = re.findall(r"and then\n\n```text\n(.*?)\n```", page, re.DOTALL)
    assert len(code) == 1 and len(claimed) == 1
    module = types.ModuleType("views_page_example")
    monkeypatch.setitem(sys.modules, module.__name__, module)  # the attributes name it
    exec(compile(code[0], "docs/views.md", "exec"), module.__dict__)
    out = capsys.readouterr().out
    assert "Deal 1 · trick 1 · you to play" in out and "points taken: you 0, left 0" in out
    assert out.rstrip().splitlines()[-1] == claimed[0]
    assert "hearts.points" not in VIEWS and "hearts.points" not in WEB_VIEWS


@pytest.mark.parametrize("game_id", ["hearts", "spades", "skat", "skat.ramsch", "skull",
                                     "territory"])
def test_every_built_in_game_has_its_own_views(game_id: str) -> None:
    game = parlour.load_game(game_id)
    assert console_view_class(game) is not SeatView
    assert web_view_class(game) is not TableView
