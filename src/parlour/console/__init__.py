"""The console face: rich rendering of games as they are played or replayed."""

from parlour.console.render import EventRenderer, renderer_for, styled

__all__ = ["EventRenderer", "renderer_for", "styled"]
