"""`TrickState`: the base of a trick-taking game's State, holding the hot state as plain ints.

The fields every trick-taking game shares live here, in one place: `hands` (one card mask per
seat), `trick` (the cards of the trick in progress, in play order), `leader`, `tricks` (the
finished tricks of this deal as ``(leader, cards)``), `current`, `broken`, and the rule knobs
`players`, `trump`, `held_back` and `breaks`. `play_card` is the whole card-play step: it
follows the pure functions of `parlour.cards.tricks` and calls the game's `_trick_won` hook once
per trick. A game subclass adds its own phases (passing, bidding), scoring and events.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from parlour import compiled_switch
from parlour.bindings import Binding
from parlour.cards.card import SUIT_MASKS, Card
from parlour.cards.events import CARD_PLAYED
from parlour.cards.tricks import (
    NO_TRUMP,
    check_cards_conserved,
    winner_no_trump,
    winner_with_trump,
)
from parlour.cards.undealt import DEALT, undealt_class
from parlour.core import Game, State

G = TypeVar("G", bound="Game[Any]")

_TRICK_PLAY = compiled_switch.load("parlour.cards._trick_play")
"""The compiled card play (`_trick_play.pyx`), or None on the pure-Python path."""
CARD_PLAY = Binding(
    "parlour.cards._trick_play",
    stands_in=("play_card", "_trick_won", "compute_legal_mask", "legal_mask"),
    reads=("legal_actions", "_apply", "apply_unchecked_no_undo", "_kernel_stored", "kernel_rules",
           "_on_broken", "restricted_legal_mask"),
    calls=("_score_deal",))
"""The compiled card play (`TrickPlay`) behind `play_random`, for a state class that names a
`kernel_class` and keeps these methods of it: it plays the cards (bypassing the dispatch of
`legal_actions`, `_apply` and `apply_unchecked_no_undo` for them) and calls `_score_deal` (through
`_kernel_stored`) at the deal's end."""
_KERNEL_HOOKS = CARD_PLAY.hooks
"""`CARD_PLAY`'s methods, by the name the compiled Spades heuristic reads them."""
_KERNEL_MODES: dict[tuple[type, type], int | None] = {}

STEP_STANDS_IN = ("legal_actions", "apply", "apply_unchecked_no_undo", "is_terminal", "deal_number")
"""What a trick game's compiled step (`games/hearts/_step.pyx`) runs in C."""
STEP_READS = ("is_legal", "take_cards", "_cards_dealt", "complete_undo_record", "short_apply")
"""What a compiled step relies on beside its game's `short_apply_hooks` (the short undo records
it writes) and the deal binding's methods."""


def step_binding(module: str, owner: type, deals: Binding) -> Binding:
    """The binding of a trick game's compiled step (`module`) to `owner`, on its deal binding."""
    return Binding(module, owner, STEP_STANDS_IN,
                   (*STEP_READS, *getattr(owner, "short_apply_hooks", ())), requires=(deals,))


def deal_kernel_mode(kind: type, game_class: type) -> int | None:
    """How much of a deal the compiled code plays for states of `kind` in games of
    `game_class`: None where it plays none (no kernel, or `kind` overrides a method the card
    play or its `deal_binding` names), else the deal kernel's mode bits
    (`TrickState.kernel_mode`; 0 also where the card play alone is compiled)."""
    kinds = kind, game_class
    if kinds not in _KERNEL_MODES:
        deals: Binding | None = getattr(kind, "deal_binding", None)
        fits = CARD_PLAY.applies(kind) and (deals is None or deals.kept_by(kind))
        _KERNEL_MODES[kinds] = (
            None if not fits else kind.kernel_mode(game_class)  # type: ignore[attr-defined]
            if kind.deal_kernel is not None else 0)  # type: ignore[attr-defined]
    return _KERNEL_MODES[kinds]


class TrickState(State[G]):
    """A trick-taking game in progress: hands, the trick, who leads, and the tricks taken.

    Subclasses call `init_tricks` in `__init__`, include the fields in their snapshot, call
    `play_card` from `_apply` for a card play, and implement `_trick_won` (count or score the
    trick, emit the game's `TrickWon`, start the next trick or end the deal). Override
    `_on_broken` to announce the break (Spades does) and `legal_mask` for extra restrictions
    (Hearts' first trick).
    """

    __slots__ = (
        "_coming", "_legal", "breaks", "broken", "current", "first_lead", "hands", "held_back",
        "leader", "players", "trick", "tricks", "trump",
    )

    hands: list[int]
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    current: int | None

    short_apply_hooks: ClassVar[tuple[str, ...]] = (
        *State.short_apply_hooks, "play_card", "_trick_won", "_on_broken", "undo_play",
        "_restore_taken")
    """A card play's short undo record holds what these change: overriding one of them turns
    `short_apply` off."""

    def init_tricks(self, players: int, trump: int = NO_TRUMP, held_back: int = 0,
                    breaks: int = 0, first_lead: int = 0) -> None:
        """Set the table up: `players` seats, `trump` (a suit or `NO_TRUMP`), `held_back` cards
        that may not lead until a card of `breaks` was played (Hearts: hearts, broken by any
        heart; Spades: spades), and `first_lead`, the card (as a mask) that must lead a deal's
        first trick (0: any). Empty hands, no trick, seat 0 to act."""
        self.players = players
        self.first_lead = first_lead
        self.trump = trump
        self.held_back = held_back
        self.breaks = breaks
        self.hands = [0] * players
        self.leader = 0
        self.trick = ()
        self.tricks = ()
        self.broken = False
        self.current = 0
        self._legal = -1
        self._coming: Any = None  # the deal to come of an undealt state

    def start_tricks(self, leader: int) -> None:
        """Start the first trick of a deal, led by `leader`."""
        self.trick = ()
        self.tricks = ()
        self.broken = False
        self.leader = self.current = leader

    def _copy_into(self, other: Any) -> None:
        other.players = self.players
        other.trump = self.trump
        other.held_back = self.held_back
        other.breaks = self.breaks
        other.first_lead = self.first_lead
        other.broken = self.broken
        other._legal = -1
        other._restore(self._snapshot())

    # --- the next deal, dealt on first read (`parlour.cards.undealt`) -------------------------
    undealt: ClassVar[bool] = False
    """True on the twin class of an undealt state (`undealt.undealt_class`)."""
    dealt_lazily: ClassVar[frozenset[str]] = frozenset(("hands", "leader", "current"))
    """The fields a deal to come may leave unset until one of them is read."""

    def leave_undealt(self, coming: Any) -> None:
        """Start a deal whose cards are `coming` (a deal to come, already in the history)
        without dealing them: `hands` stays unset until read. A game whose start also needs
        the cards (a first lead by the holder of a card) unsets `leader` and `current` too and
        sets them in `_cards_dealt`."""
        self._coming = coming
        del self.hands
        self.__class__ = undealt_class(type(self))

    def take_cards(self) -> None:
        """Deal the deal to come: an undealt state read one of its unset fields."""
        coming = self._coming
        self.__class__ = DEALT[type(self)]
        self._coming = None
        self.hands = list(coming.hands)
        self._cards_dealt()

    def _cards_dealt(self) -> None:
        """The cards of a deal to come are now in `hands`: set what depends on them."""

    def _now_dealt(self) -> None:
        """For `_restore` of an undealt state (every field restored): it is dealt now."""
        self.__class__ = DEALT[type(self)]
        self._coming = None

    # --- reading ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def lead_suit(self) -> int | None:
        """The suit of the trick in progress, or None when leading."""
        return self.trick[0] >> 4 if self.trick else None

    def legal_mask(self) -> int:
        """The cards the current player may play, as a mask; computed once per position
        (`_legal` caches it; `_apply` resets it to -1)."""
        legal = self._legal
        if legal < 0:
            legal = self._legal = self.compute_legal_mask()
        return legal

    def compute_legal_mask(self) -> int:
        """Follow suit if you can (`follow_mask`); lead the `first_lead` card to a deal's first
        trick if there is one; else lead anything but the held-back cards until they are broken,
        unless nothing else is held (`lead_mask`). Called in the play only."""
        hand = self.hands[self.current]  # type: ignore[index]
        trick = self.trick
        if trick:
            return hand & SUIT_MASKS[trick[0] >> 4] or hand
        if self.first_lead and not self.tricks:
            return self.first_lead
        if self.broken:
            return hand
        return hand & ~self.held_back or hand

    def in_trick(self, seat: int) -> int:
        """1 if `seat` has played to the trick in progress, else 0."""
        return 1 if (seat - self.leader) % self.players < len(self.trick) else 0

    def cards_left(self, hand_size: int) -> list[int]:
        """How many cards each seat holds in a deal of `hand_size` cards each."""
        done = len(self.tricks)
        return [hand_size - done - self.in_trick(seat) for seat in range(self.players)]

    # --- playing ------------------------------------------------------------------------------
    def play_card(self, card: Card) -> None:
        """The current player plays `card` (legal): out of the hand, into the trick, the break,
        the `CardPlayed` event; when the trick is full, its winner leads and `_trick_won`."""
        p: int = self.current  # type: ignore[assignment]
        self.hands[p] ^= 1 << card
        trick = self.trick + (card,)  # noqa: RUF005 (concatenation is faster)
        if self.quiet:
            if not self.broken and self.breaks >> card & 1:
                self.broken = True
        else:
            self.events.append(CARD_PLAYED[p][card])
            if not self.broken and self.breaks >> card & 1:
                self.broken = True
                self._on_broken(p)
        players = self.players
        if len(trick) < players:
            self.trick = trick
            self.current = p + 1 if p + 1 < players else 0
            return
        leader = self.leader
        trump = self.trump
        if trump < 0:
            index = winner_no_trump(trick)
        else:  # the highest trump, else the highest card of the suit led
            top = max(trick)
            if top >> 4 == trump:
                index = trick.index(top)
            elif trump > top >> 4:  # trumps rank above every card played: none was played
                index = winner_no_trump(trick)
            else:
                index = winner_with_trump(trick, trump)
        winner = leader + index
        if winner >= players:
            winner -= players
        self.tricks = self.tricks + ((leader, trick),)  # noqa: RUF005
        self.trick = ()
        self.leader = self.current = winner
        self._trick_won(leader, trick, winner)

    # --- undo ---------------------------------------------------------------------------------
    def undo_play(self, record: tuple[Any, ...]) -> None:
        """Take back a card play from its short undo record (`State.complete_undo_record`):
        ``(seat, hand, trick, broken)`` as they were before it, and for a card that completed
        a trick also ``leader, tricks`` and the game's count of the tricks taken (for
        `_restore_taken`). The card that ends a deal takes a full snapshot instead."""
        p = record[0]
        self.hands[p] = record[1]
        self.trick = record[2]
        self.broken = record[3]
        self.current = p
        self._legal = -1
        if len(record) > 4:
            self.leader = record[4]
            self.tricks = record[5]
            self._restore_taken(record[6])

    def _restore_taken(self, taken: Any) -> None:
        """Put back the game's count of the tricks taken, as its short undo record holds it."""
        raise NotImplementedError

    # --- the compiled card play ---------------------------------------------------------------
    kernel_class: ClassVar[type | None] = None
    """The class whose rules the compiled kernel implements (Hearts: `HeartsState`); None: the
    game plays out in Python. A subclass that overrides a hook plays out in Python too."""

    def in_card_play(self) -> bool:
        """True while cards are being played (not passing, bidding or over)."""
        return False

    deal_binding: ClassVar[Binding | None] = None
    """The binding of the game's deal kernel (its passing, bidding, settling), on `CARD_PLAY`;
    None: the card play alone is compiled."""
    kernel_hooks: ClassVar[tuple[str, ...]] = ()
    """`deal_binding`'s methods, where a compiled module reads them by this name (Spades')."""

    deal_kernel: ClassVar[Any] = None
    """The compiled module that plays whole deals of `kernel_class` (its passing or bidding,
    the card play, settling, the next deal's start: ``play_deals(state, stop, random,
    mode)``), or None: the card play alone is compiled."""

    @classmethod
    def kernel_mode(cls, game_class: type) -> int:
        """How much the deal kernel does for this state class and `game_class`, as the
        kernel's mode bits (0: the game settles and deals in Python)."""
        return 0

    def kernel_rules(self) -> tuple[int, int, int, Mapping[int, Any]]:
        """What the kernel needs beyond the shared fields: (hand size, the card mask that must
        lead the first trick, the cards banned from the first trick while others are held,
        the game's play action of each card)."""
        raise NotImplementedError

    def _kernel_stored(self, taken: tuple[int, ...], won: tuple[int, ...], done: bool) -> None:
        """The kernel played tricks: `taken` the cards and `won` the number of tricks each seat
        took in them; `done` if the deal's card play is over (settle it here)."""
        raise NotImplementedError

    def settled_returns(self, taken: tuple[int, ...], won: tuple[int, ...]) -> tuple[float, ...]:
        """The `running_returns` once the rest of this deal's card play gives each seat the
        cards `taken` and the tricks `won` and the deal is scored, worked out without playing
        or settling it: how a compiled search (`parlour.agents.search.ismcts_gate`) values a
        playout that stops at the end of the deal."""
        raise NotImplementedError

    def settle_key(self) -> tuple[tuple[int, ...], bool] | None:
        """``(card groups, whether tricks won count)`` such that `settled_returns` depends on
        its arguments only through each seat's count of the cards of each group it took (and,
        if true, of the tricks it won): the compiled search then asks for each outcome once.
        None (the default): no such promise, every playout asks."""
        return None

    def play_random(self, stop: int | None, random: Callable[[], float]) -> None:
        """Random moves until deal `stop` or the end (`State.play_random`), the card play in
        compiled code where its compiled module is built and fits: the very same moves."""
        self.complete_undo_record()
        kind = type(self)
        mode = deal_kernel_mode(kind, type(self.game))
        if mode is None or not self.quiet or self.players != 4:
            super().play_random(stop, random)
            return
        deal_kernel = kind.deal_kernel
        if deal_kernel is not None:
            deal_kernel.play_deals(self, stop, random, mode)
            return
        play_out = _TRICK_PLAY.play_out  # type: ignore[union-attr]
        while not self.is_terminal and (stop is None or self.deal_number < stop):
            if self.in_card_play():
                play_out(self, random, *self.kernel_rules())
            else:
                legal = self.legal_actions()
                self.apply_unchecked_no_undo(legal[int(random() * len(legal))])

    def _on_broken(self, seat: int) -> None:
        """`seat` broke the held-back suit (events on); emit an event here if the game has one."""

    def _trick_won(self, leader: int, cards: tuple[Card, ...], winner: int) -> None:
        """A trick led by `leader` went to `winner`, who now leads (already in `tricks`)."""
        raise NotImplementedError

    # --- checking -----------------------------------------------------------------------------
    def check_trick_invariants(self, deck: int, hand_size: int) -> int:
        """Assert the conservation laws of the play (for `check_invariants`): every card of
        `deck` exactly once in hands, tricks and the trick, equal hands, the right seat to play.
        Returns the mask of the finished tricks' cards."""
        played = check_cards_conserved(self.hands, self.tricks, self.trick, deck)
        left = self.cards_left(hand_size)
        assert [h.bit_count() for h in self.hands] == left, "hands are of unequal size"
        return played
