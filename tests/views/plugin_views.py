"""The plug-in's faces: a console view and a web view of `Pile`, each overriding a little."""

from __future__ import annotations

from typing import Any

from parlour.console.render import EventRenderer
from parlour.console.views import SeatView
from parlour.core import Event, Observation, State
from parlour.web.views import Context, TableView


class PileSeatView(SeatView):
    verb = "take"

    def prompt(self, observation: Observation) -> str:
        return f"[{getattr(observation, 'left', '?')} left] take> "


class PileTableView(TableView):
    verb = "take"

    def build(self, ctx: Context) -> dict[str, Any]:
        view = super().build(ctx)
        view["headline"] = f"{getattr(ctx.obs, 'left', 0)} counters left"
        return view


class NotAView:
    """A class that is no view at all, for the error tests."""


class PileRenderer(EventRenderer):
    """Shows each move as ``seat 0 takes 2``."""

    def event(self, event: Event, state: State[Any]) -> None:
        self.console.print(f"pile: {event.describe()}")
