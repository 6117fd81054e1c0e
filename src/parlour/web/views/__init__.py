"""Views of each game for the page: the generic one, and better ones by game id.

`view_for(game, agents)` picks the game's own view, else the generic `TableView`. A game names
its view without registering anything (docs/views.md): its class attribute
``web_view = "module:Class"``, else an entry point of the ``parlour.web_views`` group named by
its id, else `WEB_VIEWS` (the built-in games, and `register_web_view`). A variant without its
own view uses its family's (``skat`` for ``skat.ramsch``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from parlour.core import Game
from parlour.core.plugins import PluginError, find_game_class
from parlour.web.views.base import Context, TableView

log = logging.getLogger("parlour.web")

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


def view_class(game: Game[Any]) -> type[TableView]:
    """The view class `game` names (attribute, entry point, `WEB_VIEWS`), else `TableView`.

    Raises `PluginError` (one line naming the game and the target) if the one named is broken.
    """
    found = find_game_class(game, TableView, attribute="web_view", group="parlour.web_views",
                            registry=WEB_VIEWS, kind="web view")
    return found or TableView


def view_for(game: Game[Any], agents: Sequence[str]) -> TableView:
    """The best view of `game`; `agents` names what sits at each seat.

    A broken view target does not stop the table: the generic view plays every game, so the
    page gets it, with the reason in the server's log and a line in the page's hints.
    """
    try:
        return view_class(game)(game, agents)
    except PluginError as error:
        log.warning("%s; using the generic view", error)
        view = TableView(game, agents)
        view.hints = (*view.hints, "This game's own view could not be loaded (see the server's "
                      "log), so this is the generic view.")
        return view


__all__ = ["WEB_VIEWS", "Context", "TableView", "register_web_view", "view_class", "view_for"]
