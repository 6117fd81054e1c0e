"""What one Skull seat may know, and the summary of a finished round."""

from __future__ import annotations

from dataclasses import dataclass, replace

from parlour.core import Observation


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundResult:
    """One finished round: its bids, the challenge and what it cost.

    `bids` are ``(seat, count)`` in order, count None for a pass; `revealed` the turned discs as
    ``(seat, disc)`` in order. After a failure, `skull_owner` is whose skull stopped the
    challenger and `lost` the disc the challenger lost (None in a seat's view when that seat
    may not know it: only the challenger and the skull's owner do).
    """

    round: int
    starter: int
    challenger: int
    bid: int
    bids: tuple[tuple[int, int | None], ...]
    revealed: tuple[tuple[int, int], ...]
    success: bool
    skull_owner: int | None = None
    lost: int | None = None
    eliminated: bool = False

    def seen_by(self, seat: int) -> RoundResult:
        """This result as `seat` may know it (the lost disc hidden from the uninformed)."""
        if self.lost is None or seat == self.challenger or seat == self.skull_owner:
            return self
        return replace(self, lost=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class SkullObservation(Observation):
    """One seat's view of a Skull game.

    `phase` is one of ``"place_first"`` (every player puts down a first disc, unseen by the
    others), ``"turn"`` (place another disc or open the bidding), ``"bid"`` (raise or pass),
    ``"reveal"`` (the challenger picks stacks to turn), ``"discard"`` (the challenger, stopped
    by their own skull, gives up a disc), ``"choose_starter"`` (an eliminated challenger picks
    the next first player) and ``"over"``.

    Public, per seat: `discs` each still owns (0 = out of the game), `stack_sizes`, `turned`
    (how many of each stack's top discs are face up), `flowers` (challenges won), `passed`.
    Private: `my_roses` and `my_skulls` owned, and `my_stack` bottom to top (ROSE 0, SKULL 1).
    This round: `bids` as ``(seat, count or None for a pass)``, `high_bid` and `challenger`
    (the high bidder so far), `revealed` as ``(seat, disc)`` in order. Past `rounds` are
    `RoundResult`s as this seat may know them.
    """

    round: int
    phase: str
    starter: int
    discs: tuple[int, ...]
    stack_sizes: tuple[int, ...]
    turned: tuple[int, ...]
    flowers: tuple[int, ...]
    passed: tuple[bool, ...]
    my_roses: int
    my_skulls: int
    my_stack: tuple[int, ...]
    bids: tuple[tuple[int, int | None], ...]
    high_bid: int
    challenger: int | None
    revealed: tuple[tuple[int, int], ...]
    rounds: tuple[RoundResult, ...]
    winner: int | None

    @property
    def num_players(self) -> int:
        return len(self.discs)

    @property
    def in_game(self) -> tuple[int, ...]:
        """The seats still in the game."""
        return tuple(p for p, n in enumerate(self.discs) if n)

    @property
    def total_on_mats(self) -> int:
        """Discs on all mats: the highest possible bid."""
        return sum(self.stack_sizes)

    @property
    def roses_turned(self) -> int:
        """Roses turned so far in this round's challenge."""
        return sum(1 for _, disc in self.revealed if disc == 0)
