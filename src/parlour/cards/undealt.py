"""Deals dealt on first read: the next hand of a quiet trick-taking state (`TrickState`).

A search playout that stops at the end of a deal never looks at the next deal's cards, so a
quiet state starts the next deal with a *deal to come* in its history (a `Deal` whose `hands`
are computed from the seed on first read) and leaves its own card fields unset. The state
takes a twin class meanwhile whose `__getattr__` deals them when one is first read; whatever
reads them (observe, the snapshot behind clone and undo, the next move) sees exactly the cards
an eager deal gives. The `__getattr__` lives only on the twin: on the state class itself it
would slow every field read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

_LAZY_DEALS: dict[type, type] = {}
_UNDEALT: dict[type, type] = {}
DEALT: dict[type, type] = {}
"""The state class of each undealt twin class."""


class DealsHands(Protocol):
    """A game whose deals are a function of the seed and the deal number."""

    def deal_hands(self, seed: int, deal: int) -> list[int]: ...


def deal_to_come_class(deal_class: type) -> type:
    """The subclass of `deal_class` (a chance action with a `hands` slot) whose hands are dealt
    on first read by ``game.deal_hands(seed, number)``; made with
    ``make(game, seed, number)``. Equal to the deal it becomes, and pickled as one."""
    lazy = _LAZY_DEALS.get(deal_class)
    if lazy is not None:
        return lazy

    def __getattr__(self: Any, name: str) -> Any:  # noqa: N807
        if name != "hands":
            raise AttributeError(f"{deal_class.__name__!r} object has no attribute {name!r}")
        hands = tuple(self._game.deal_hands(self._seed, self._number))
        object.__setattr__(self, "hands", hands)
        return hands

    def __reduce__(self: Any) -> tuple[Any, ...]:  # noqa: N807
        return (deal_class, (self.hands,))

    namespace: dict[str, Any] = {
        "__slots__": ("_game", "_number", "_seed"), "__reduce__": __reduce__,
        "__module__": deal_class.__module__, "__qualname__": deal_class.__qualname__,
    }
    if not TYPE_CHECKING:
        namespace["__getattr__"] = __getattr__
    lazy = _LAZY_DEALS[deal_class] = type(deal_class.__name__, (deal_class,), namespace)
    return lazy


def deal_to_come(deal_class: type, game: DealsHands, seed: int, number: int) -> Any:
    """A deal to come of `deal_class` (see `deal_to_come_class`): deal `number` of `seed`."""
    coming: Any = object.__new__(deal_to_come_class(deal_class))
    object.__setattr__(coming, "_game", game)
    object.__setattr__(coming, "_seed", seed)
    object.__setattr__(coming, "_number", number)
    return coming


def _deal_on_read(state: Any, name: str) -> Any:
    """`__getattr__` of undealt states: reached only for unset fields."""
    if name in state.dealt_lazily:
        state.take_cards()
        return getattr(state, name)
    raise AttributeError(f"{type(state).__name__!r} object has no attribute {name!r}")


def undealt_class(kind: type) -> type:
    """The twin of state class `kind` that a quiet state takes while the cards of its deal to
    come are unread: the same class but for a `__getattr__` that deals them."""
    twin = _UNDEALT.get(kind)
    if twin is None:
        namespace: dict[str, Any] = {
            "__slots__": (), "undealt": True,
            "__module__": kind.__module__, "__qualname__": kind.__qualname__,
        }
        if not TYPE_CHECKING:
            namespace["__getattr__"] = _deal_on_read
        twin = _UNDEALT[kind] = type(kind.__name__, (kind,), namespace)
        DEALT[twin] = kind
    return twin
