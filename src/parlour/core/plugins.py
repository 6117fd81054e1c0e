"""Classes named by import path (``"module:Class"``), from entry points and `Game` attributes.

One mechanism for every plug-in point: the game registry reads the ``parlour.games``
entry-point group with it, and the faces find a game's own views with `find_game_class`:

1. the game class's attribute (``console_view = "mypkg.views:MyView"``), so rules name a face
   without importing it;
2. an entry point in the face's group (``parlour.console_views``, ``parlour.web_views``,
   ``parlour.console_renderers``) named by the game id, then by its family (``skat`` for
   ``skat.ramsch``);
3. the face's own registry (a dict of built-in views, filled by ``register_...`` calls), by id,
   then by family.

A target that cannot be imported, or is not the right kind of class, raises `PluginError`: one
line naming the game, what was looked for, the target and the reason.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from collections.abc import Mapping
from typing import Any, TypeVar

from parlour.core.errors import ParlourError

T = TypeVar("T")


class PluginError(ParlourError):
    """A ``"module:Class"`` target that cannot be imported or is not what it should be."""


def entry_point_targets(group: str) -> dict[str, str]:
    """Every installed entry point of `group`: name -> ``"module:attribute"`` (extras in
    brackets dropped). Read afresh each time, so a package installed meanwhile counts."""
    return {ep.name: f"{ep.module}:{ep.attr}" if ep.attr else ep.value
            for ep in importlib.metadata.entry_points(group=group)}


def import_target(target: str, what: str) -> Any:
    """The object `target` (``"module:attribute"``, the attribute may be dotted) names.

    `what` names it in errors (``"the console view of game 'ohhell'"``); any failure, an error
    raised while importing the module included, becomes a one-line `PluginError`.
    """
    module_name, colon, attribute = target.partition(":")
    if not colon or not module_name.strip() or not attribute.strip():
        raise PluginError(f"{what}: {target!r} is not of the form 'module:Class'")
    try:
        found: Any = importlib.import_module(module_name.strip())
        for part in attribute.strip().split("."):
            found = getattr(found, part)
    except Exception as error:  # a plug-in's import may fail in any way: say which and why
        reason = str(error).splitlines()[0] if str(error) else ""
        if not isinstance(error, (ImportError, AttributeError)) or not reason:
            reason = f"{type(error).__name__}: {reason}".rstrip(": ")
        raise PluginError(f"{what}: cannot load {target!r}: {reason}") from error
    return found


def family(game_id: str) -> str:
    """The game family an id belongs to: ``skat`` for ``skat.ramsch``."""
    return game_id.split(".")[0]


def find_game_class(game: Any, base: type[T], *, attribute: str, group: str,
                    registry: Mapping[str, str | type[T]], kind: str) -> type[T] | None:
    """The `base` subclass `game` names for one face, or None if it names none.

    Looks in the order of this module's docstring; `kind` names the face's class in errors
    (``"console view"``). Raises `PluginError` if the target found is broken.
    """
    names = dict.fromkeys((game.id, family(game.id)))
    target: str | type[T] | None = getattr(type(game), attribute, "") or None
    source = f"{type(game).__name__}.{attribute}"
    if target is None:
        entry_points = entry_point_targets(group)
        found = next((name for name in names if name in entry_points), None)
        if found is not None:
            target, source = entry_points[found], f"entry point {found!r} of {group}"
    if target is None:
        found = next((name for name in names if name in registry), None)
        if found is None:
            return None
        target, source = registry[found], "registered"
    what = f"the {kind} of game {game.id!r} ({source})"
    cls = import_target(target, what) if isinstance(target, str) else target
    if not (isinstance(cls, type) and issubclass(cls, base)):
        shown = target if isinstance(target, str) else getattr(target, "__qualname__", target)
        raise PluginError(f"{what}: {str(shown)!r} is not a subclass of {base.__name__}")
    return cls
