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

    A subclass declares its own `__slots__` and sets them with its id in one call:
    ``super().__init__(52 + tricks, tricks=tricks)``. To pickle as the interned action it may
    define ``__reduce__`` through its game's ``action_from_id``. (A chance action with no id,
    such as a deal, is simplest as a ``@dataclass(frozen=True, slots=True)`` subclass of
    `Action`: equality, hash and immutability come from its fields.)
    """

    __slots__ = ("_id",)
    _id: int

    def __init__(self, action_id: int, **fields: Any) -> None:
        """Set the id and the subclass's own slots, once (the action is immutable after)."""
        object.__setattr__(self, "_id", action_id)
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._id == self._id

    def __hash__(self) -> int:
        return self._id

    @property
    def id(self) -> int:
        return self._id
