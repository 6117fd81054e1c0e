"""The game registry: ids and aliases to game classes, loaded on first use.

Built-in games are listed by import path so that `import parlour` stays fast; user games are
added with `register_game` (or the ``parlour.games`` entry-point group of an installed package).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from parlour.core.errors import UnknownGameError
from parlour.core.game import Game
from parlour.core.params import parse_spec
from parlour.core.plugins import PluginError, entry_point_targets, import_target

log = logging.getLogger("parlour.registry")

_BUILTIN: dict[str, str] = {
    "hearts": "parlour.games.hearts:Hearts",
    "territory": "parlour.games.territory:Territory",
    "spades": "parlour.games.spades:Spades",
    "skull": "parlour.games.skull:Skull",
    "skat": "parlour.games.skat:Skat",
    "skat.ramsch": "parlour.games.skat.ramsch:Ramsch",
    "schafkopf": "parlour.games.schafkopf:Schafkopf",
    "doppelkopf": "parlour.games.doppelkopf:Doppelkopf",
}
_ALIASES: dict[str, str] = {}
_LOADED: dict[str, type[Game[Any]]] = {}
_entry_points_read = False


@dataclass(frozen=True)
class GameInfo:
    """One registered game: id, aliases and a one-line description."""

    id: str
    aliases: tuple[str, ...]
    description: str
    game_class: type[Game[Any]]


def register_game(cls: type[Game[Any]]) -> type[Game[Any]]:
    """Register a game class under its `id` and `aliases`; usable as a class decorator."""
    if not cls.id:
        raise ValueError(f"{cls.__name__} has no id")
    _LOADED[cls.id] = cls
    for alias in cls.aliases:
        _ALIASES[alias] = cls.id
    return cls


def _read_entry_points() -> None:
    global _entry_points_read
    if _entry_points_read:
        return
    _entry_points_read = True
    for name, target in entry_point_targets("parlour.games").items():
        _BUILTIN.setdefault(name, target)


def _import(game_id: str, target: str) -> type[Game[Any]]:
    what = f"game {game_id!r}"
    cls = import_target(target, what)
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise PluginError(f"{what}: {target!r} is not a subclass of Game")
    return register_game(cls)


def game_class(name: str) -> type[Game[Any]]:
    """The game class registered under id or alias `name`."""
    _read_entry_points()
    game_id = _ALIASES.get(name, name)
    if game_id in _LOADED:
        return _LOADED[game_id]
    if game_id in _BUILTIN:
        return _import(game_id, _BUILTIN[game_id])
    # an alias of a game not yet imported: import everything once, then look again
    _load_all()
    game_id = _ALIASES.get(name, name)
    if game_id in _LOADED:
        return _LOADED[game_id]
    raise UnknownGameError(name, [*_LOADED, *_ALIASES])


def _load_all() -> None:
    _read_entry_points()
    for game_id, target in _BUILTIN.items():
        if game_id not in _LOADED:
            try:
                _import(game_id, target)
            except PluginError as error:  # a broken plug-in must not hide the other games
                log.warning("%s", error)


def load_game(spec: str, **params: Any) -> Game[Any]:
    """Make a game from an id or alias and parameters.

    `spec` may carry parameters too (``"hearts:end_score=50"``); keyword parameters win. Unknown
    ids and parameters raise errors that suggest the closest valid name.
    """
    name, options = parse_spec(spec)
    cls = game_class(name)
    return cls(**{**options, **params})


def list_games() -> list[GameInfo]:
    """Every registered game, sorted by id."""
    _load_all()
    return [
        GameInfo(cls.id, tuple(sorted(a for a, g in _ALIASES.items() if g == cls.id)),
                 cls.description, cls)
        for cls in sorted(_LOADED.values(), key=lambda c: c.id)
    ]
