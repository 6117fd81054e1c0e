"""Actions: the base of every game's moves, and `IdAction` for actions that are their id."""

from __future__ import annotations

from typing import Any


class Action:
    """Base class of actions: small, frozen, hashable, with a text notation.

    `str(action)` is the notation, and `game.parse_action(str(action), state)` gives back an
    equal action. Games intern their actions, so comparing them is cheap.
    """

    __slots__ = ()

    @property
    def id(self) -> int:
        """An integer id in ``range(game.num_distinct_actions)``, for games that have one."""
        raise NotImplementedError(f"{type(self).__name__} has no integer id")


class IdAction(Action):
    """An action that is its integer id: immutable, equal within its type by id, hashed by it.

    Subclasses set ``_id`` with ``object.__setattr__`` and, to pickle as the interned action,
    define ``__reduce__`` through their game's ``action_from_id``.
    """

    __slots__ = ("_id",)
    _id: int

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._id == self._id

    def __hash__(self) -> int:
        return self._id

    @property
    def id(self) -> int:
        return self._id
