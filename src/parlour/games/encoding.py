"""The shared base of the games' tensor encodings (`Game.encoding`), and card-set helpers.

An encoding reads only an `Observation`, so it cannot leak what the seat may not know. Its
`Layout` names every block of the flat array, which the rules docs list and the tests check.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import numpy as np

from parlour.core import Action, Game, Observation, ParlourError, State
from parlour.core.deprecated import warn_renamed
from parlour.core.game import InformationState


class Layout:
    """Named blocks of a flat float32 vector: ``Layout(("hand", 52), ("played", 4, 52))``."""

    def __init__(self, *blocks: tuple[Any, ...]) -> None:
        self.blocks: dict[str, tuple[int, tuple[int, ...]]] = {}
        offset = 0
        for name, *dims in blocks:
            self.blocks[name] = (offset, tuple(dims))
            offset += int(np.prod(dims))
        self.size = offset

    def __getitem__(self, name: str) -> int:
        """The offset of block `name` in the flat vector."""
        return self.blocks[name][0]

    def block(self, out: np.ndarray, name: str) -> np.ndarray:
        """The block `name` of `out` (a flat array), writable, in the block's own shape."""
        offset, dims = self.blocks[name]
        return out[offset:offset + int(np.prod(dims))].reshape(dims)

    def view(self, out: np.ndarray, name: str) -> np.ndarray:
        """Deprecated name of `block`."""
        warn_renamed("Layout.view", "Layout.block")
        return self.block(out, name)

    def rows(self) -> list[tuple[str, int, tuple[int, ...]]]:
        """``(name, offset, dims)`` per block, in order (for docs and tests)."""
        return [(name, offset, dims) for name, (offset, dims) in self.blocks.items()]


class Encoding:
    """A game's fixed-size float32 observations, action ids and legal masks.

    Subclasses set `shape` (usually ``(layout.size,)``) and implement `fill`. Games whose
    actions carry a global integer id (every card game) need nothing more for the ids.
    """

    shape: tuple[int, ...] = ()
    num_actions: int = 0
    layout: Layout | None = None
    bounded: ClassVar[bool] = False
    """True once the encoding declares its bounds: every value in [0, 1] but in the blocks
    `block_bounds` names. Left False (a plug-in that says nothing), every value is declared
    unbounded rather than wrongly bounded."""
    block_bounds: ClassVar[dict[str, tuple[float, float]]] = {}
    """The blocks of `layout` whose values are not all within [0, 1], with their own
    ``(low, high)`` (``-inf``/``inf`` where the rules set no bound)."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.num_actions = game.num_distinct_actions

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The lowest and highest value each entry of the tensor can take (float32 arrays of
        `shape`): 0 and 1 except in the blocks `block_bounds` names, or unbounded unless
        `bounded`. The observation spaces declare them, and tests/rl check them over random
        playouts of every game."""
        if not self.bounded:
            return (np.full(self.shape, -np.inf, dtype=np.float32),
                    np.full(self.shape, np.inf, dtype=np.float32))
        low = np.zeros(self.shape, dtype=np.float32)
        high = np.ones(self.shape, dtype=np.float32)
        if self.block_bounds:
            if self.layout is None:
                raise ParlourError(f"{type(self).__name__} names block bounds but has no layout")
            for name, (lo, hi) in self.block_bounds.items():
                self.layout.block(low.reshape(-1), name)[...] = lo
                self.layout.block(high.reshape(-1), name)[...] = hi
        return low, high

    def reward_scale(self, per_deal: bool) -> float:
        """What ``scale_rewards=True`` divides the environments' rewards by, so that they lie
        in [-1, 1]: the largest magnitude a seat's return (or, `per_deal`, its gain over one
        deal) can have under these rules. Each game documents its value in
        docs/learning.md; 1.0 where the returns already lie in [-1, 1]."""
        return 1.0

    def fill(self, observation: Observation, out: np.ndarray) -> None:
        """Write `observation` into the zeroed array `out` of `shape`."""
        raise NotImplementedError

    def encode(self, observation: Observation) -> np.ndarray:
        out = np.zeros(self.shape, dtype=np.float32)
        self.fill(observation, out)
        return out

    def action_id(self, action: Action, observation: Observation) -> int:
        return action.id

    def action(self, action_id: int, observation: Observation) -> Action:
        if not 0 <= action_id < self.num_actions:
            raise ParlourError(f"action id {action_id} is out of range for {self.game.id} "
                               f"(0..{self.num_actions - 1})")
        return self.game.action_from_id(action_id)

    def deal_progress(self, observation: Observation) -> float:
        """What the seat has gained in the deal in progress so far, relative to the others
        (its own minus the mean of theirs), in the units of the game's returns; 0.0 where
        the game does not say. Trainers subtract it to learn from the reward still to come."""
        return 0.0

    def legal_ids(self, observation: Observation) -> list[int]:
        """The ids of the observation's legal actions (empty when it is not the seat's turn)."""
        return [self.action_id(a, observation) for a in observation.legal_actions]

    def action_mask(self, observation: Observation) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.bool_)
        mask[self.legal_ids(observation)] = True
        return mask

    def fill_rows(self, states: Sequence[State[Any]], seats: np.ndarray, rows: np.ndarray,
                  masks: np.ndarray, which: np.ndarray | None = None) -> None:
        """Write seat ``seats[i]``'s tensor of ``states[i]`` into ``rows[i]`` and its legal ids
        into the bool ``masks[i]`` (zeroed first), for every game i of a batch, or only where
        ``which[i]``. The reference is `observe`, `fill` and `legal_ids`; a game may override
        it with compiled code that gives identical arrays (Hearts does)."""
        for i, state in enumerate(states):
            if which is not None and not which[i]:
                continue
            observation = state.observe(int(seats[i]))
            row, mask = rows[i], masks[i]
            row.fill(0.0)
            self.fill(observation, row)
            mask.fill(False)
            mask[self.legal_ids(observation)] = True


def card_index(cards: tuple[int, ...]) -> dict[int, int]:
    """Each card of a deck (cards as ints, in index order) mapped to its index."""
    return {card: i for i, card in enumerate(cards)}


def add_cards(ones: list[int], mask: int, base: int, index: dict[int, int]) -> None:
    """Append ``base + index[card]`` to `ones` for each card in the bitmask `mask`."""
    while mask:
        low = mask & -mask
        ones.append(base + index[low.bit_length() - 1])
        mask ^= low


def add_trick_history(ones: list[int], tricks: Iterable[tuple[int, tuple[int, ...]]],
                      leader: int, trick: tuple[int, ...], me: int, players: int,
                      index: dict[int, int], blocks: tuple[int, int, int]) -> None:
    """Append the indices of what a trick-taking seat remembers of the deal, seats counted
    from `me`: every card each seat has played (tricks done and the trick in progress), the
    voids they showed by not following the lead, and the trick in progress by position.
    `tricks` holds (leader, cards) pairs; `blocks` are the offsets of the played, void and
    trick blocks (``len(index)`` cards per seat, 4 suits per seat)."""
    played, void, current = blocks
    cards_per_seat = len(index)
    for led_by, cards in (*tricks, (leader, trick)):
        lead = cards[0] >> 4 if cards else 0
        for i, card in enumerate(cards):
            seat = (led_by + i - me) % players
            ones.append(played + cards_per_seat * seat + index[card])
            if card >> 4 != lead:
                ones.append(void + 4 * seat + lead)
    for i, card in enumerate(trick):
        ones.append(current + cards_per_seat * ((leader + i - me) % players) + index[card])


def one_hot(row: np.ndarray, index: int | None) -> None:
    """Set ``row[index] = 1`` (nothing when `index` is None)."""
    if index is not None:
        row[index] = 1.0


def relative(seat: int, me: int, players: int) -> int:
    """`seat` counted from `me`: 0 is me, 1 the next seat to my left, and so on."""
    return (seat - me) % players


def scaled(values: Iterable[float], scale: float) -> list[float]:
    """Each value divided by `scale`."""
    return [v / scale for v in values]


def information_state_layout(game: Game[Any]) -> Layout:
    """The blocks of `game`'s information-state tensor: ``observation`` (the game's own
    encoding), then ``moves``: `Game.recall_moves` rows of who moved (one-hot, seats counted
    from the encoded seat), the move's id (one-hot; games without ids leave it empty) and a
    last column set where the move was hidden from the seat. Rows fill from the first move of
    the deal; a deal longer than the rows keeps its last moves."""
    size = int(np.prod(game.observation_shape))
    row = game.num_players + game.num_distinct_actions + 1
    return Layout(("observation", size), ("moves", game.recall_moves, row))


def encode_information_state(game: Game[Any], info: InformationState) -> np.ndarray:
    """`info` as a new float32 array of `information_state_layout(game)` (see there)."""
    layout = information_state_layout(game)
    out = np.zeros(layout.size, dtype=np.float32)
    layout.block(out, "observation")[:] = game.encode(info.observation).ravel()
    rows = layout.block(out, "moves")
    players, ids = game.num_players, game.num_distinct_actions
    me = info.observation.seat
    for row, (seat, action) in zip(rows, info.moves[-game.recall_moves:], strict=False):
        row[relative(seat, me, players)] = 1.0
        if action is None:
            row[-1] = 1.0
        elif ids:
            row[players + action.id] = 1.0
    return out
