"""Views of each game for the page: the generic one, and better ones by game id.

`view_for(game, agents)` picks the game's own view: `Game.views["web"]` (how a plug-in names
it), else `WEB_VIEWS` (``skat.ramsch`` falls back to ``skat``), else the generic `TableView`.
`register_web_view` adds one at run time.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from parlour.core import Game
from parlour.web.views.base import Context, TableView

WEB_VIEWS: dict[str, str | type[TableView]] = {
    "hearts": "parlour.web.views.hearts:HeartsView",
    "spades": "parlour.web.views.spades:SpadesView",
    "skat": "parlour.web.views.skat:SkatView",
    "skull": "parlour.web.views.skull:SkullView",
    "territory": "parlour.web.views.territory:TerritoryView",
}


def register_web_view(game_id: str, target: str | type[TableView]) -> None:
    """Use `target` (a `TableView` subclass or ``"module:Class"``) for `game_id`."""
    WEB_VIEWS[game_id] = target


def view_for(game: Game[Any], agents: Sequence[str]) -> TableView:
    """The best view of `game`; `agents` names what sits at each seat."""
    target = (game.views.get("web") or WEB_VIEWS.get(game.id)
              or WEB_VIEWS.get(game.id.split(".")[0]))
    if target is None:
        return TableView(game, agents)
    if isinstance(target, str):
        module_name, _, attribute = target.partition(":")
        target = getattr(importlib.import_module(module_name), attribute)
        assert isinstance(target, type) and issubclass(target, TableView), target
    return target(game, agents)


__all__ = ["WEB_VIEWS", "Context", "TableView", "register_web_view", "view_for"]
