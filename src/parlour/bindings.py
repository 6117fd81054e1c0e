"""Declared bindings: what each compiled module does for a class, and one rule for when it may.

A compiled module stands in for some of a class's Python methods (a compiled step for
`legal_actions` and `apply`) and takes others as given (it does what `_score_deal` does, so a
class that overrides `_score_deal` must not get it). Each compiled piece declares that once, as
a `Binding` beside the class it serves::

    HEARTS_STEP = Binding(
        "parlour.games.hearts._step", owner=HeartsState,
        stands_in=("legal_actions", "apply", "apply_unchecked_no_undo", "is_terminal",
                   "deal_number"),
        reads=("is_legal", "take_cards", ...), requires=(CARD_PLAY, HEARTS_DEALS))

and `Binding.applies(kind, game_class)` is the one test of whether it may run for states of
`kind` in games of `game_class`: the module is built (and not switched off by
``PARLOUR_PURE``), `kind` keeps every method named (none overridden since `owner`), the game
class keeps every game hook named (`game_reads`, since `game_owner`), and every binding it
`requires` applies too. A subclass that overrides any of them runs the Python methods:
correct, only slower. `tests/core/test_bindings.py` reads the Python twin of every binding
and checks that each method it calls on the state is named, so none can be forgotten.

`owner` None means the class the state names as its reference (`kernel_class`: the card play
serves every trick game that names one; `layer_class` for the general trick layer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from parlour import compiled_switch
from parlour.core.deprecated import warn_renamed


@dataclass(frozen=True, eq=False)
class Binding:
    """One compiled module's part in one class (see the module)."""

    module: str
    """The compiled module (a name in `parlour.compiled_modules`)."""
    owner: type | None = None
    """The class whose Python methods are the reference; None: the class the state names in
    its attribute `reference_attr`."""
    stands_in: tuple[str, ...] = ()
    """The methods (and properties) the compiled code runs instead of the Python ones."""
    reads: tuple[str, ...] = ()
    """The methods whose behaviour the compiled code reproduces or relies on without calling."""
    calls: tuple[str, ...] = ()
    """Methods the compiled code calls in Python (an override of them is honoured): where the
    Python twin's calls end."""
    game_owner: type | None = None
    """The game class whose hooks (`game_reads`) the compiled code reproduces."""
    game_reads: tuple[str, ...] = ()
    requires: tuple[Binding, ...] = ()
    """Bindings this one builds on: it applies only where they do."""
    reference_attr: str = "kernel_class"
    """Where a state class names its reference class when `owner` is None."""
    _cache: dict[tuple[type, type | None], bool] = field(default_factory=dict, repr=False)

    @property
    def hooks(self) -> tuple[str, ...]:
        """Every state method named: `stands_in` and `reads`."""
        return self.stands_in + self.reads

    def reference(self, kind: type) -> type | None:
        """The class `kind`'s methods are compared with: `owner`, or the one `kind` names."""
        return self.owner if self.owner is not None else getattr(kind, self.reference_attr, None)

    def kept_by(self, kind: type, game_class: type | None = None) -> bool:
        """True if `kind` (and `game_class`, if given) override none of the methods named,
        here or in the bindings required (whether or not the modules are built)."""
        base = self.reference(kind)
        if base is None or not issubclass(kind, base):
            return False
        if any(getattr(kind, name, None) is not getattr(base, name, None)
               for name in self.hooks):  # a hook neither class has is kept
            return False
        if game_class is not None and self.game_owner is not None and (
                not issubclass(game_class, self.game_owner)
                or any(getattr(game_class, name) is not getattr(self.game_owner, name)
                       for name in self.game_reads)):
            return False
        return all(binding.kept_by(kind, game_class) for binding in self.requires)

    def built(self) -> bool:
        """True if this module and those required are built and in use in this process."""
        return compiled_switch.load(self.module) is not None and all(
            binding.built() for binding in self.requires)

    def applies(self, kind: type, game_class: type | None = None) -> bool:
        """True if the compiled module may run for states of `kind` (in games of `game_class`):
        built, and every method named kept (decided once per pair of classes)."""
        key = kind, game_class
        known = self._cache.get(key)
        if known is None:
            known = self._cache[key] = self.built() and self.kept_by(kind, game_class)
        return known

    def load(self) -> Any:
        """The compiled module, or None (not built, or ``PARLOUR_PURE``)."""
        return compiled_switch.load(self.module)

    def kernel(self) -> Any:
        """Deprecated name of `load`."""
        warn_renamed("Binding.kernel()", "Binding.load()")
        return self.load()
