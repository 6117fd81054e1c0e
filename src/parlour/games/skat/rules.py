"""Skat by the International Skat Order: the rules (`Skat`) and a series in progress (`SkatState`).

A deal: bidding (middlehand asks forehand, the survivor hears rearhand; forehand may play at 18
when both others pass), then the declarer picks up the skat, buries two cards and declares, or
declares a Hand game at once; ten tricks (a Null ends at the declarer's first trick); settling
by ISkO 5. A series is `deals` deals with the deal passing left. At a 4-player table the dealer
sits out. See docs/rules/skat.md.

Extensions subclass `Skat` and override its public hooks: `on_all_passed` (ISkO throws the deal
in), `score_deal`, `deal_cards`; states offer `begin_play`, `finish_deal` and `throw_in` to them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import TYPE_CHECKING, Any, ClassVar

from parlour import compiled_switch
from parlour.bindings import Binding
from parlour.cards import CARD, CARDS_32, CardSet, format_cards, parse_cards
from parlour.core import (
    Action,
    Game,
    GameOver,
    Move,
    Observation,
    Param,
    ParameterError,
    State,
    derive_seed,
    make_rng,
)
from parlour.core.game import SHORT_APPLY_HOOKS, _new_move, slot_builder
from parlour.core.undo import FullUndo, new_record
from parlour.games.skat.actions import (
    AFTER_PICKUP,
    ANSWERS,
    BID,
    BIDS_ABOVE,
    BY_ID,
    DECLARE,
    FOREHAND_ALONE,
    HOLD,
    NUM_ACTIONS,
    PASS,
    PLAY,
    SKAT_DECISIONS,
    Bid,
    Bury,
    Contract,
    Declare,
    Hold,
    Pass,
    Pickup,
    Play,
    SkatAction,
    bury_choices,
)
from parlour.games.skat.events import (
    AllPassed,
    BiddingWon,
    Buried,
    Called,
    CardPlayed,
    Declared,
    HandDealt,
    HandShown,
    PlayStarted,
    SkatDealScored,
    SkatDealStarted,
    SkatPickedUp,
    SkatSeen,
    TrickWon,
)
from parlour.games.skat.notation import parse_skat_action
from parlour.games.skat.observation import SkatObservation
from parlour.games.skat.scoring import DealResult, deal_points, settle
from parlour.games.skat.tables import (
    CARD_POINTS,
    DECK,
    FOLLOW,
    NULL,
    POWER,
    TRUMPS,
    card_points,
)

BIDDING, SKAT, BURY, DECLARE_PHASE, PLAY_PHASE, OVER = range(6)
PHASE_NAMES = ("bidding", "skat", "bury", "declare", "play", "over")
HAND_SIZE = 10
TRICKS = 10


def _suit_plays(suit: int) -> tuple[tuple[Play, ...], ...]:
    return tuple(
        tuple(PLAY[suit << 4 | r] for r in range(7, 15) if bits << 7 >> r & 1)
        for bits in range(256)
    )


_SUIT_PLAYS = tuple(_suit_plays(suit) for suit in range(4))


def _plays(mask: int) -> tuple[Play, ...]:
    """The interned `Play` actions of the cards in `mask` (four table look-ups)."""
    c, d, h, s = _SUIT_PLAYS
    return c[mask >> 7 & 255] + d[mask >> 23 & 255] + h[mask >> 39 & 255] + s[mask >> 55 & 255]



_DEALS_AND_STEP = compiled_switch.load("parlour.games.skat._deals_and_step")
"""The compiled deal (`_deals_and_step.pyx`), or None on the pure-Python path."""
if _DEALS_AND_STEP is not None and _DEALS_AND_STEP.PHASE_NAMES != PHASE_NAMES:
    _DEALS_AND_STEP = None  # built from other sources: stay on the Python rules
_KERNEL_MODES: dict[tuple[type, type], int] = {}
_HEURISTIC = (None if _DEALS_AND_STEP is None
              else compiled_switch.load("parlour.games.skat._heuristic"))
"""The compiled heuristic (`_heuristic.pyx`) on that module's deal kernel, or None."""
HEURISTIC_AGENT = "parlour.games.skat.bots:SkatHeuristic"
"""The heuristic `_HEURISTIC` plays: `Skat.agents["heuristic"]` unless a game registers
another."""



def _compiled_shuffle() -> Callable[[int, list[int]], list[int]] | None:
    """The kernel's `shuffled` if it deals exactly as `random.Random(seed).shuffle` (probed)."""
    if _DEALS_AND_STEP is None:
        return None
    probe = list(range(32))
    Random(2**62 + 12345).shuffle(probe)
    shuffled: Callable[[int, list[int]], list[int]] = _DEALS_AND_STEP.shuffled
    return shuffled if shuffled(2**62 + 12345, list(range(32))) == probe else None


_SHUFFLED = _compiled_shuffle()
_CARD_BITS = tuple(1 << card for card in CARDS_32)
_CARD_PLAYED = tuple({card: CardPlayed(seat=seat, card=CARD[card]) for card in CARDS_32}
                     for seat in range(4))
"""Interned `CardPlayed` events (events are immutable values)."""
_trick_won = slot_builder(TrickWon)
_deal_scored = slot_builder(SkatDealScored)
_deal_started = slot_builder(SkatDealStarted)
_hand_dealt = slot_builder(HandDealt)
_CALLED: dict[tuple[int, SkatAction, int], Called] = {}
_CALL_NAMES: dict[type, str] = {Bid: "bid", Hold: "hold", Pass: "pass"}


class Deal(Action):
    """The chance move that deals a hand: the dealer, each seat's cards, and the skat."""

    __slots__ = ("dealer", "hands", "skat")
    dealer: int
    hands: tuple[int, ...]
    skat: int

    def __init__(self, dealer: int, hands: Sequence[int], skat: int) -> None:
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "hands", tuple(hands))
        object.__setattr__(self, "skat", skat)

    def __str__(self) -> str:
        hands = " | ".join(format_cards(h) for h in self.hands)
        return f"deal by seat {self.dealer}: {hands}; skat {format_cards(self.skat)}"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Deal) and other.dealer == self.dealer
                and other.hands == self.hands and other.skat == self.skat)

    def __hash__(self) -> int:
        return hash((self.dealer, self.hands, self.skat))


class _DealToCome(Deal):
    """A `Deal` whose cards are dealt on first read (`Skat.deal_cards` of the seed's deal).

    A quiet state starts each next deal with one, so a search playout that stops at the end
    of a deal never pays for dealing the next one. Equal to the `Deal` it becomes.
    """

    __slots__ = ("_game", "_number", "_seed")
    _game: Skat
    _number: int
    _seed: int

    def __init__(self, dealer: int, game: Skat, seed: int, number: int) -> None:
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "_seed", seed)
        object.__setattr__(self, "_number", number)

    if not TYPE_CHECKING:  # for unset `hands` and `skat` only; mypy keeps checking names
        def __getattr__(self, name: str) -> Any:
            if name not in ("hands", "skat"):
                raise AttributeError(f"'Deal' object has no attribute {name!r}")
            hands, skat = self._game.deal_cards(self._seed, self._number, self.dealer)
            object.__setattr__(self, "hands", tuple(hands))
            object.__setattr__(self, "skat", skat)
            return getattr(self, name)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Deal, (self.dealer, self.hands, self.skat))


_DEALT_LAZILY = frozenset(("hands", "skat", "dealt_skat", "_info"))
"""The `SkatState` fields a deal to come leaves unset until one of them is read."""
_UNDEALT: dict[type, type] = {}
_DEALT: dict[type, type] = {}


def _deal_on_read(state: SkatState, name: str) -> Any:
    """`__getattr__` of undealt states: reached only for unset fields."""
    if name in _DEALT_LAZILY:
        state._take_cards()
        return getattr(state, name)
    raise AttributeError(f"{type(state).__name__!r} object has no attribute {name!r}")


def _undealt_class(kind: type[SkatState]) -> type[SkatState]:
    """The twin of state class `kind` that a quiet state takes while its next deal's cards
    are unread (`_DealToCome`): the same class but for a `__getattr__` that deals them.

    Only the twin has the `__getattr__`, which would slow every field read of a state.
    """
    twin = _UNDEALT.get(kind)
    if twin is None:
        twin = type(kind.__name__, (kind,), {
            "__slots__": (), "__getattr__": _deal_on_read, "_undealt": True,
            "__module__": kind.__module__, "__qualname__": kind.__qualname__,
        })
        _UNDEALT[kind] = twin
        _DEALT[twin] = kind
    return twin


class SkatState(State["Skat"]):
    """A whole Skat series in progress, deal after deal, with every deal's result kept."""

    __slots__ = (
        "_auction",
        "_coming",
        "_info",
        "_legal",
        "asker",
        "bid",
        "bidding",
        "contract",
        "current",
        "deal",
        "dealer",
        "dealt_skat",
        "declarer",
        "first_dealer",
        "hands",
        "leader",
        "listener",
        "next_seat",
        "order",
        "phase",
        "results",
        "seats",
        "skat",
        "stage",
        "taken",
        "tiebreaks",
        "totals",
        "trick",
        "tricks",
    )

    _undealt: ClassVar[bool] = False
    """True on the twin class of an undealt state (`_undealt_class`)."""

    def __init__(self, game: Skat, seed: int, first_dealer: int = 0) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self.deal = 0
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.seats: tuple[int, int, int] = (0, 1, 2)
        self.next_seat: tuple[int, ...] = tuple((p + 1) % n for p in range(n))
        self.phase = BIDDING
        self.current: int | None = None
        self.hands = [0] * n
        self.skat = 0
        self.dealt_skat = 0
        self.bid = 0
        self.asker = 0
        self.listener = 0
        self.stage = 0
        self.bidding: tuple[tuple[int, SkatAction], ...] = ()
        self.declarer = -1
        self.contract: Contract | None = None
        self.order = NULL
        self.leader = 0
        self.trick: tuple[int, ...] = ()
        self.tricks: tuple[tuple[int, tuple[int, ...], int], ...] = ()
        self.taken: tuple[int, ...] = (0,) * n
        self.totals: tuple[int, ...] = (0,) * n
        self.results: tuple[DealResult, ...] = ()
        self.tiebreaks: tuple[float, ...] = (0.0,) * n
        self._info: tuple[Any, ...] = ()
        self._auction: tuple[Any, ...] = ()
        self._legal = -1  # the playable cards of this position, or -1 when not yet computed
        self._coming: _DealToCome | None = None  # the deal to come of an undealt state
        self._save_info()
        self._save_auction()

    def _take_cards(self) -> None:
        """Deal the deal to come: an undealt state (`_undealt_class`) read one of its cards."""
        coming = self._coming
        assert coming is not None
        self.__class__ = _DEALT[type(self)]
        self._coming = None
        self.hands = list(coming.hands)
        self.skat = self.dealt_skat = coming.skat
        self._save_info()

    # --- snapshots ------------------------------------------------------------------------
    # Fields that change once a deal (`_info`) or only while bidding and declaring
    # (`_auction`) are snapshot as one tuple each, kept up to date where they change.
    def _save_info(self) -> None:
        self._info = (self.deal, self.dealer, self.seats, self.next_seat, self.dealt_skat)

    def _save_auction(self) -> None:
        self._auction = (self.bid, self.asker, self.listener, self.stage, self.bidding,
                         self.declarer, self.contract, self.order)

    def _snapshot(self) -> Any:
        return (
            self._info, self._auction, self.phase, self.current, tuple(self.hands), self.skat,
            self.leader, self.trick, self.tricks, self.taken, self.totals, self.results,
            self.tiebreaks,
        )

    def _restore(self, s: Any) -> None:
        (self._info, self._auction, self.phase, self.current, hands, self.skat, self.leader,
         self.trick, self.tricks, self.taken, self.totals, self.results, self.tiebreaks) = s
        self.hands = list(hands)
        self._legal = -1
        if self._undealt:  # a clone of an undealt state, its cards now dealt
            self.__class__ = _DEALT[type(self)]
        self._coming = None
        self.deal, self.dealer, self.seats, self.next_seat, self.dealt_skat = self._info
        (self.bid, self.asker, self.listener, self.stage, self.bidding, self.declarer,
         self.contract, self.order) = self._auction

    def _copy_into(self, other: Any) -> None:
        other.first_dealer = self.first_dealer
        other._restore(self._snapshot())

    # --- reading the state -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def forehand(self) -> int:
        return self.seats[0]

    @property
    def declarer_seat(self) -> int | None:
        """The declarer of this deal, or None (still bidding, or a deal without one)."""
        return None if self.declarer < 0 else self.declarer

    @property
    def defenders(self) -> tuple[int, ...]:
        """The active seats other than the declarer."""
        return tuple(s for s in self.seats if s != self.declarer)

    @property
    def last_trick_winner(self) -> int | None:
        return self.tricks[-1][2] if self.tricks else None

    def tricks_won(self, seat: int) -> int:
        """How many tricks `seat` has taken this deal."""
        return sum(1 for trick in self.tricks if trick[2] == seat)

    def played_by(self, seat: int) -> int:
        """The cards `seat` has played this deal, as a mask."""
        mask = 0
        nxt = self.next_seat
        for leader, cards, _ in (*self.tricks, (self.leader, self.trick, -1)):
            p = leader
            for card in cards:
                if p == seat:
                    mask |= 1 << card
                p = nxt[p]
        return mask

    def legal_mask(self) -> int:
        """The cards the current player may play (0 outside the play); cached per position."""
        if self.phase != PLAY_PHASE:
            return 0
        legal = self._legal
        if legal < 0:
            legal = self._legal = self._playable()
        return legal

    def _playable(self) -> int:
        hand = self.hands[self.current]  # type: ignore[index]
        trick = self.trick
        if trick:
            follow = hand & FOLLOW[self.order][trick[0]]
            if follow:
                return follow
        return hand

    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase == PLAY_PHASE:
            legal = self._legal
            if legal < 0:
                legal = self._legal = self._playable()
            return _plays(legal)
        if phase == BIDDING:
            if self.stage == 2:
                return FOREHAND_ALONE
            return BIDS_ABOVE[self.bid] if self.current == self.asker else ANSWERS
        if phase == SKAT:
            return SKAT_DECISIONS
        if phase == BURY:
            return bury_choices(self.hands[self.declarer])
        if phase == DECLARE_PHASE:
            return AFTER_PICKUP
        return ()

    def is_legal(self, action: Action) -> bool:
        kind = type(action)
        phase = self.phase
        if kind is Play:
            if phase != PLAY_PHASE:
                return False
            legal = self._legal
            if legal < 0:
                legal = self._legal = self._playable()
            return bool(legal >> action.key & 1)  # type: ignore[attr-defined]
        if phase == BIDDING:
            if kind is Pass:
                return True
            if self.stage == 2:
                return action == BID[18]
            if self.current == self.asker:
                return kind is Bid and action.key > self.bid  # type: ignore[attr-defined]
            return kind is Hold
        if phase == SKAT:
            return kind is Pickup or (kind is Declare and action.key.hand  # type: ignore[attr-defined]
                                      and action.key in DECLARE)  # type: ignore[attr-defined]
        if phase == BURY:
            return kind is Bury and action.key & self.hands[self.declarer] == action.key  # type: ignore[attr-defined]
        if phase == DECLARE_PHASE:
            return kind is Declare and not action.key.hand and action.key in DECLARE  # type: ignore[attr-defined]
        return False

    def why_illegal(self, action: Action) -> str | None:
        if self.phase == OVER:
            return "the series is over"
        if not isinstance(action, SkatAction):
            return f"{type(action).__name__} is not a Skat action"
        if self.is_legal(action):
            return None
        return _reason(self, action)

    def scores(self) -> tuple[int, ...]:
        """Each seat's total over the deals played so far."""
        return self.totals

    def returns(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.totals)

    def tiebreak(self) -> tuple[float, ...]:
        """For search: the card points of the deals so far, as `Skat.deal_tiebreak` rates them."""
        return self.tiebreaks

    def winners(self) -> tuple[int, ...]:
        best = max(self.totals)
        return tuple(i for i, t in enumerate(self.totals) if t == best)

    def knows_skat(self, seat: int) -> bool:
        """True if `seat` may see the skat now (the declarer who picked it up; all at the end)."""
        if self.phase == OVER:
            return True
        if seat != self.declarer:
            return False
        return self.phase in (BURY, DECLARE_PHASE) or (
            self.phase == PLAY_PHASE and self.contract is not None and not self.contract.hand
        )

    def observe(self, seat: int) -> SkatObservation:
        phase = self.phase
        if phase == OVER:
            skat = self.results[-1].skat if self.results else 0
        elif self.knows_skat(seat):
            skat = self.dealt_skat if phase == BURY else self.skat
        else:
            skat = 0
        contract = self.contract
        open_hand = None
        if phase == PLAY_PHASE and contract is not None and contract.ouvert:
            open_hand = CardSet(self.hands[self.declarer])
        return SkatObservation(
            seat=seat,
            current_player=self.current,
            legal_actions=tuple(self.legal_actions()) if seat == self.current else (),
            deal=self.deal,
            dealer=self.dealer,
            seats=self.seats,
            phase=PHASE_NAMES[phase],
            hand=CardSet(self.hands[seat]),
            bid=self.bid,
            bidding=self.bidding,
            declarer=self.declarer_seat,
            contract=contract,
            skat=CardSet(skat),
            declarer_hand=open_hand,
            leader=self.leader,
            trick=tuple(CARD[c] for c in self.trick),
            tricks=tuple((leader, tuple(CARD[c] for c in cards), winner)
                         for leader, cards, winner in self.tricks),
            scores=self.totals,
            deal_results=self.results,
        )

    # --- changing the state ----------------------------------------------------------------
    def play_random(self, stop: int | None, random: Callable[[], float]) -> None:
        """Random moves until deal `stop` or the end (`State.play_random`), the card play of
        each deal in compiled code where its compiled module is built: the very same moves."""
        kinds = type(self), type(self.game)
        mode = _KERNEL_MODES.get(kinds)
        if mode is None:
            mode = _KERNEL_MODES[kinds] = kernel_mode(*kinds, _DEALS_AND_STEP)
        if mode < 0 or not self.quiet:
            super().play_random(stop, random)
            return
        self.complete_undo_record()  # the kernel's moves keep no undo record
        _DEALS_AND_STEP.play_deals(self, stop, random, mode)  # type: ignore[union-attr]

    def play_compiled(self, agent: str, stop: int | None) -> bool:
        """The game's heuristic at every seat until deal `stop` (`State.play_compiled`), whole
        deals in compiled code (`_heuristic.pyx`): the moves `SkatHeuristic` makes from each
        seat's observation. False, nothing played, for another agent, a state with events, a
        class the deal kernel does not fit, or a game whose ``heuristic`` is another agent."""
        if agent != "heuristic" or _HEURISTIC is None or not self.quiet:
            return False
        kinds = type(self), type(self.game)
        mode = _KERNEL_MODES.get(kinds)
        if mode is None:
            mode = _KERNEL_MODES[kinds] = kernel_mode(*kinds, _DEALS_AND_STEP)
        if mode < 0 or self.game.agents.get(agent) != HEURISTIC_AGENT:
            return False
        _HEURISTIC.play_deals(self, stop, mode)
        return True

    def apply(self, action: Action) -> None:
        """`State.apply`, the short way for a card play (`short_apply`): one bit test against
        the cached legal mask, the undo record and history entry, the card."""
        if type(action) is Play and self.phase == PLAY_PHASE and self.short_apply:
            legal = self._legal
            if legal < 0:
                legal = self._legal = self._playable()
            if legal >> action.key & 1:
                history = self.history
                self._undo_stack.append(new_record(FullUndo, (self._snapshot(), len(history),
                                                              len(self.events))))
                history.append(_new_move(Move, (self.current, action)))
                self._apply(action)
                return
        State.apply(self, action)

    def _apply(self, action: Action) -> None:
        self._legal = -1
        kind = type(action)
        if kind is Play:  # the hot path, inline: play the card; complete a trick
            card: int = action.key  # type: ignore[attr-defined]
            p: int = self.current  # type: ignore[assignment]
            self.hands[p] ^= 1 << card
            trick = (*self.trick, card)
            if not self.quiet:
                self.events.append(_CARD_PLAYED[p][card])
            if len(trick) < 3:
                self.trick = trick
                self.current = self.next_seat[p]
            else:
                self._trick_done(trick, p)
        elif kind is Bid or kind is Hold or kind is Pass:
            self._call(action)  # type: ignore[arg-type]
        elif kind is Pickup:
            self._pick_up()
        elif kind is Bury:
            self._bury(action.key)  # type: ignore[attr-defined]
        else:
            self._declare(action.key)  # type: ignore[attr-defined]

    def _call(self, action: SkatAction) -> None:
        p: int = self.current  # type: ignore[assignment]
        self.bidding += ((p, action),)
        kind = type(action)
        if kind is Bid:
            self.bid = action.key
        if not self.quiet:
            key = (p, action, self.bid)
            event = _CALLED.get(key)
            if event is None:
                event = _CALLED[key] = Called(seat=p, call=_CALL_NAMES[kind], bid=self.bid)
            self.events.append(event)
        if self.stage == 2:  # forehand alone: play at 18, or all passed
            self._save_auction()
            if kind is Bid:
                self._bidding_won(p)
            else:
                if not self.quiet:
                    self.events.append(AllPassed(deal=self.deal))
                self.game.on_all_passed(self)
            return
        if kind is Bid:
            self.current = self.listener
        elif kind is Hold:
            self.current = self.asker
        else:
            survivor = self.listener if p == self.asker else self.asker
            if self.stage == 0:
                self.stage = 1
                self.listener = survivor
                self.asker = self.current = self.seats[2]
            elif self.bid:
                self._bidding_won(survivor)
            else:
                self.stage = 2
                self.current = self.seats[0]
        self._save_auction()

    def _bidding_won(self, seat: int) -> None:
        self.declarer = self.current = seat
        self.phase = SKAT
        self._save_auction()
        if not self.quiet:
            self.events.append(BiddingWon(seat=seat, bid=self.bid))

    def _pick_up(self) -> None:
        p = self.declarer
        self.hands[p] |= self.skat
        self.skat = 0
        self.phase = BURY
        if not self.quiet:
            self.events.append(SkatPickedUp(seat=p))
            self.events.append(SkatSeen(seat=p, cards=CardSet(self.dealt_skat),
                                        visible_to=frozenset((p,))))

    def _bury(self, cards: int) -> None:
        p = self.declarer
        self.hands[p] &= ~cards
        self.skat = cards
        self.phase = DECLARE_PHASE
        if not self.quiet:
            self.events.append(Buried(seat=p, cards=CardSet(cards), visible_to=frozenset((p,))))

    def _declare(self, contract: Contract) -> None:
        p = self.declarer
        if not self.quiet:
            self.events.append(Declared(seat=p, contract=contract, bid=self.bid))
            if contract.ouvert:
                self.events.append(HandShown(seat=p, cards=CardSet(self.hands[p])))
        self.begin_play(contract, p)

    def begin_play(self, contract: Contract, declarer: int | None = None) -> None:
        """Start the tricks under `contract`; forehand leads. For hooks such as Ramsch's."""
        self.contract = contract
        self.order = contract.order
        self.declarer = -1 if declarer is None else declarer
        self.phase = PLAY_PHASE
        self.leader = self.current = self.seats[0]
        self._save_auction()
        if declarer is None and not self.quiet:
            self.events.append(PlayStarted(contract=contract, leader=self.leader))

    def _trick_done(self, trick: tuple[int, ...], last: int) -> None:
        order = self.order
        a, b, c = trick
        eligible = FOLLOW[order][a] | TRUMPS[order]
        power = POWER[order]
        leader = self.leader
        winner, best = leader, power[a]
        if eligible >> b & 1 and power[b] > best:
            winner, best = self.next_seat[leader], power[b]
        if eligible >> c & 1 and power[c] > best:
            winner = last
        taken = list(self.taken)
        taken[winner] |= 1 << a | 1 << b | 1 << c
        self.taken = tuple(taken)
        tricks = self.tricks = (*self.tricks, (leader, trick, winner))
        self.trick = ()
        self.leader = self.current = winner
        if not self.quiet:
            self.events.append(_trick_won(
                len(tricks) - 1, leader, (CARD[a], CARD[b], CARD[c]), winner,
                CARD_POINTS[a] + CARD_POINTS[b] + CARD_POINTS[c]))
        if len(tricks) == TRICKS or (
            winner == self.declarer and self.contract.is_null  # type: ignore[union-attr]
        ):
            self.finish_deal(self.game.score_deal(self))

    def throw_in(self) -> None:
        """End the deal without a game (ISkO when all pass): no score, the deal passes on."""
        self.finish_deal(DealResult(self.deal, (0,) * self.game.num_players,
                                    note="thrown in (all passed)"))

    def finish_deal(self, result: DealResult) -> None:
        """Enter `result`, then deal the next hand or end the series."""
        self.totals = tuple(t + p for t, p in zip(self.totals, result.points, strict=True))
        self.tiebreaks = tuple(t + b for t, b in zip(
            self.tiebreaks, self.game.deal_tiebreak(self, result), strict=True))
        self.results = (*self.results, result)
        if not self.quiet:
            self.events.append(_deal_scored(
                deal=self.deal, points=result.points, totals=self.totals, result=result,
            ))
        if self.deal + 1 >= self.game.num_deals:
            self.phase = OVER
            self.current = None
            if not self.quiet:
                self.events.append(GameOver(
                    scores=self.totals, returns=self.returns(), winners=self.winners()
                ))
            return
        self.deal += 1
        dealer = (self.dealer + 1) % self.game.num_players
        game = self.game
        if type(game).deal_cards is Skat.deal_cards:  # a function of the seed: deal when read
            self._start(dealer, _DealToCome(dealer, game, self.seed, self.deal))
        else:
            self.start_deal(dealer, *game.deal_cards(self.seed, self.deal, dealer))

    def start_deal(self, dealer: int, hands: Sequence[int], skat: int) -> None:
        """Begin deal `self.deal`: `hands` by seat (the sitting-out dealer's empty), the skat."""
        self._start(dealer, Deal(dealer, hands, skat))

    def _start(self, dealer: int, deal: Deal) -> None:
        """Begin deal `self.deal` as `deal`; a quiet state leaves a deal to come undealt."""
        n = self.game.num_players
        fh, mh, rh = (dealer + 1) % n, (dealer + 2) % n, (dealer + 3) % n
        self.record_chance(deal)
        self.dealer = dealer
        self.seats = (fh, mh, rh)
        nxt = list(range(n))
        nxt[fh], nxt[mh], nxt[rh] = mh, rh, fh
        if n == 4:
            nxt[dealer] = fh
        self.next_seat = tuple(nxt)
        lazy = self.quiet and type(deal) is _DealToCome
        if lazy:
            if self._coming is None:  # else undealt already
                del self.hands, self.skat, self.dealt_skat, self._info
                self.__class__ = _undealt_class(type(self))
            self._coming = deal  # type: ignore[assignment]
        else:
            if self._coming is not None:
                self.__class__ = _DEALT[type(self)]
            self.hands = list(deal.hands)
            self.skat = self.dealt_skat = deal.skat
            self._coming = None
        self.phase = BIDDING
        self.bid = 0
        self.asker = self.current = mh
        self.listener = fh
        self.stage = 0
        self.bidding = ()
        self.declarer = -1
        self.contract = None
        self.order = NULL
        self.leader = fh
        self.trick = ()
        self.tricks = ()
        self.taken = (0,) * n
        if not lazy:
            self._save_info()
        self._save_auction()
        if not self.quiet:
            self.events.append(_deal_started(
                deal=self.deal, dealer=dealer, seats=self.seats, sits_out=n == 4
            ))
            for seat in self.seats:
                self.events.append(_hand_dealt(seat=seat, cards=CardSet(self.hands[seat]),
                                             visible_to=frozenset((seat,))))

    def check_invariants(self) -> None:
        """Assert the conservation laws; the conformance suite calls this after every move."""
        n = self.game.num_players
        assert len(self.hands) == n and len(self.totals) == n
        if self.phase == OVER:
            assert self.current is None
            assert len(self.results) == self.game.num_deals
            return
        assert len(self.results) == self.deal
        fh, mh, rh = self.seats
        assert len({fh, mh, rh}) == 3 and self.dealer not in self.seats[:2]
        if n == 4:
            assert self.hands[self.dealer] == 0, "the dealer sits out"
        held = self.skat
        for hand in self.hands:
            assert not held & hand, "a card is in two places"
            held |= hand
        played = 0
        for _, cards, winner in self.tricks:
            assert winner in self.seats
            for card in cards:
                played |= 1 << card
        taken = 0
        for mask in self.taken:
            taken |= mask
        assert taken == played, "the taken cards are not the played tricks"
        for card in self.trick:
            played |= 1 << card
        assert not held & played and held | played == DECK, "cards were lost or created"
        assert self.skat.bit_count() == (0 if self.phase == BURY else 2)
        if self.phase == BIDDING:
            assert self.bid == 0 or self.bid in BID
            assert self.current in self.seats
        elif self.phase in (SKAT, BURY, DECLARE_PHASE):
            assert self.current == self.declarer and (self.bid >= 18)
            size = 12 if self.phase == BURY else HAND_SIZE
            assert self.hands[self.declarer].bit_count() == size
        elif self.phase == PLAY_PHASE:
            assert self.contract is not None
            position = self.seats.index(self.leader)
            expected = self.seats[(position + len(self.trick)) % 3]
            assert self.current == expected, "the wrong seat is to play"
            for p in self.seats:
                played_here = sum(1 for i in range(len(self.trick))
                                  if self.seats[(position + i) % 3] == p)
                assert self.hands[p].bit_count() == HAND_SIZE - len(self.tricks) - played_here


SkatState.short_apply = True

TIEBREAK = 5.0
"""The most game points a deal's card points add to a playout's value for search."""


class Skat(Game[SkatState]):
    """Skat by the International Skat Order, as a series of deals for 3 or 4 players."""

    id = "skat"
    name = "Skat"
    description = ("Skat by the International Skat Order: bidding, Hand games, Grand, Null, "
                   "ouvert; a series of deals.")
    aliases = ("skat.isko",)
    agents: ClassVar[Mapping[str, str]] = {"heuristic": HEURISTIC_AGENT}
    num_distinct_actions = NUM_ACTIONS
    encoding_class = "parlour.games.skat.encoding:SkatEncoding"
    parameters: ClassVar[tuple[Param, ...]] = (
        Param("players", int, 3, "Seats at the table; with 4 the dealer sits out each deal.",
              choices=(3, 4)),
        Param("deals", int, 0, "Deals in the series (thrown-in deals count); 0 means one "
              "round, a deal per seat.", min=0, max=1000),
        Param("scoring", str, "list", "'list': won +value, lost -2 x value; 'seeger-fabian': "
              "also +50 per game won, -50 per game lost and 40 (30 at four) to each defender "
              "when the declarer loses.", choices=("list", "seeger-fabian")),
    )
    state_class: type[SkatState] = SkatState

    players: int
    deals: int
    scoring: str

    @property
    def num_players(self) -> int:
        return self.players

    recall_moves = 128
    """A deal's moves: the bidding (at most about 90 bids, holds and passes), the pickup,
    burying, declaration and 30 cards played."""

    def action_is_public(self, action: Action) -> bool:
        """Everything but the two cards the declarer buries is seen by all."""
        return not isinstance(action, Bury)

    @property
    def num_deals(self) -> int:
        """Deals in the series: `deals`, or one per seat."""
        return self.deals or self.players

    # --- public hooks an extension may override -------------------------------------------
    def on_all_passed(self, state: SkatState) -> None:
        """All three passed: ISkO throws the deal in (no score; the next dealer deals)."""
        state.throw_in()

    def deal_tiebreak(self, state: SkatState, result: DealResult) -> tuple[float, ...]:
        """What search adds per seat for the deal that just ended in `result` (`State.tiebreak`).

        The declarer's card points over 60, scaled to at most `TIEBREAK` game points, for the
        declarer and against the defenders: of two won games, the one with more card points is
        better. Nothing for Null (card points do not count) and for deals thrown in. The least
        game value is 18, so this never outweighs a different result.
        """
        n = self.num_players
        contract = result.contract
        if result.declarer is None or contract is None or contract.is_null:
            return (0.0,) * n
        margin = TIEBREAK * (result.card_points - 60) / 60
        return tuple(margin if p == result.declarer else 0.0 if p not in state.seats else -margin
                     for p in range(n))

    def score_deal(self, state: SkatState) -> DealResult:
        """Settle the deal that just ended (ISkO 5): the declarer's game against the defenders."""
        declarer = state.declarer
        contract = state.contract
        assert contract is not None and declarer >= 0
        cards = state.hands[declarer] | state.played_by(declarer) | state.skat
        won_tricks = state.tricks_won(declarer)
        points = card_points(state.taken[declarer] | state.skat)
        s = settle(contract, state.bid, cards, points, won_tricks, len(state.tricks) - won_tricks)
        return DealResult(
            deal=state.deal,
            points=deal_points(self.num_players, declarer, s.won, s.value, self.scoring),
            declarer=declarer, contract=contract, bid=state.bid, won=s.won, value=s.value,
            matadors=s.matadors, card_points=points, schneider=s.schneider, schwarz=s.schwarz,
            overbid=s.overbid, skat=state.skat,
        )

    def deal_cards(self, seed: int, deal: int, dealer: int) -> tuple[list[int], int]:
        """The hands by seat and the skat of deal number `deal`, from the seed's deal stream.

        The same deal as ``deal_masks(CARDS_32, rng, (10, 10, 10, 2))`` (one shuffle of the 32
        cards), only faster: the shuffled cards are single-bit masks, summed per hand.
        """
        if _SHUFFLED is not None:  # the same shuffle and cut in compiled code
            dealt: tuple[list[int], int] = _DEALS_AND_STEP.deal_cards(  # type: ignore[union-attr]
                derive_seed(seed, "deal", deal), dealer, self.num_players, CARDS_32)
            return dealt
        bits = list(_CARD_BITS)
        make_rng(seed, "deal", deal).shuffle(bits)
        hands = (sum(bits[0:10]), sum(bits[10:20]), sum(bits[20:30]))
        return self._by_seat(dealer, hands), bits[30] | bits[31]

    def _by_seat(self, dealer: int, positions: Sequence[int]) -> list[int]:
        hands = [0] * self.num_players
        for i, mask in enumerate(positions):
            hands[(dealer + 1 + i) % self.num_players] = mask
        return hands

    # --- the contract ---------------------------------------------------------------------
    def new_state(self, seed: int | None = None, hands: Sequence[str | int] | None = None,
                  skat: str | int | None = None, dealer: int | None = None,
                  **setup: Any) -> SkatState:
        """A new series. `hands` (with `skat`) fixes the first deal; `dealer` who deals it.

        `hands` are given by seat, in card notation or as masks; at a 4-player table either
        four with the dealer's empty, or three for forehand, middlehand and rearhand. `skat`
        defaults to the two cards no hand holds. The default dealer is the last seat, so seat
        0 is forehand in the first deal.
        """
        if setup:
            raise ParameterError(f"unknown setup argument(s) for {self.id}: {', '.join(setup)}")
        n = self.num_players
        first = n - 1 if dealer is None else dealer
        if not 0 <= first < n:
            raise ParameterError(f"dealer must be a seat from 0 to {n - 1}, got {dealer!r}")
        state = self.state_class(self, self._seed(seed), first)
        if hands is None:
            if skat is not None:
                raise ParameterError("a fixed skat needs the hands too")
            state.start_deal(first, *self.deal_cards(state.seed, 0, first))
        else:
            state.start_deal(first, *self._read_deal(first, hands, skat))
        return state

    def _read_deal(self, dealer: int, hands: Sequence[str | int],
                   skat: str | int | None) -> tuple[list[int], int]:
        masks = [h if isinstance(h, int) else parse_cards(h) for h in hands]
        n = self.num_players
        if len(masks) == 3 and n == 4:
            masks = self._by_seat(dealer, masks)
        if len(masks) != n:
            raise ParameterError(f"{self.id} needs {n} hands (by seat), got {len(masks)}")
        seen = 0
        for seat, mask in enumerate(masks):
            size = 0 if n == 4 and seat == dealer else HAND_SIZE
            if mask.bit_count() != size or mask & ~DECK:
                raise ParameterError(
                    f"hand of seat {seat} ({format_cards(mask)}) must hold {size} cards of the "
                    f"32-card deck"
                )
            if mask & seen:
                raise ParameterError(f"hand of seat {seat} repeats a card of an earlier hand")
            seen |= mask
        rest = DECK & ~seen
        skat_mask = rest if skat is None else skat if isinstance(skat, int) else parse_cards(skat)
        if skat_mask != rest:
            raise ParameterError(
                f"the skat ({format_cards(skat_mask)}) must be the two cards no hand holds "
                f"({format_cards(rest)})"
            )
        return masks, skat_mask

    def setup_for_record(self, state: SkatState) -> dict[str, Any]:
        first = next(m.action for m in state.history if isinstance(m.action, Deal))
        setup: dict[str, Any] = {}
        if state.first_dealer != self.num_players - 1:
            setup["dealer"] = state.first_dealer
        hands, skat = self.deal_cards(state.seed, 0, state.first_dealer)
        if list(first.hands) != hands or first.skat != skat:
            setup["hands"] = [format_cards(h) for h in first.hands]
            setup["skat"] = format_cards(first.skat)
        return setup

    def parse_action(self, text: str, state: SkatState | Observation | None = None) -> Action:
        """Read an action in Skat notation (see `parlour.games.skat.notation`)."""
        hand = legal = None
        if isinstance(state, SkatState) and state.current is not None:
            hand = state.hands[state.current]
            legal = state.legal_mask()
        elif isinstance(state, SkatObservation):
            hand = int(state.hand)
            legal = 0
            for action in state.legal_actions:
                if type(action) is Play:
                    legal |= 1 << action.card
        return parse_skat_action(text, hand, legal)

    def action_from_id(self, action_id: int) -> Action:
        return BY_ID[action_id]

    def sample_state(self, observation: Observation, rng: Random) -> SkatState:
        """A full state consistent with everything `observation`'s seat knows.

        Unseen cards are dealt respecting hand sizes, the skat this seat knows, the declarer's
        open hand in ouvert games, and every void shown in play (Jacks count as trumps in suit
        games and Grand). The deal is then replayed from its public moves, so the sampled
        state is exactly what those moves would make of it. Later deals use a seed from `rng`.
        """
        from parlour.games.skat.sampling import sample

        if not isinstance(observation, SkatObservation):
            raise TypeError(f"{self.id}.sample_state needs a SkatObservation")
        return sample(self, observation, rng)


SKAT_DEALS = Binding(
    "parlour.games.skat._deals_and_step", SkatState,
    stands_in=("_apply", "_trick_done", "_playable", "legal_actions", "apply_unchecked_no_undo",
               "_call", "_bidding_won", "_pick_up", "_bury", "_declare", "begin_play",
               "finish_deal", "start_deal", "_start", "_take_cards", "_save_info",
               "_save_auction", "deal_number"))
"""Whole deals of Skat in C (`_deals_and_step.pyx`): the bidding, the skat, declaring, the cards."""
SKAT_SETTLING = Binding("parlour.games.skat._deals_and_step", SkatState, game_owner=Skat,
                        game_reads=("score_deal",), requires=(SKAT_DEALS,))
"""The deal settled in C (`SETTLE`): a game scoring its own way settles in Python."""
SKAT_FINISHING = Binding("parlour.games.skat._deals_and_step", SkatState, game_owner=Skat,
                         game_reads=("deal_tiebreak", "deal_cards"), requires=(SKAT_SETTLING,))
"""The result entered and the next deal started in C (`FINISH`)."""
SKAT_DEALING = Binding("parlour.games.skat._deals_and_step", SkatState, game_owner=Skat,
                       game_reads=("deal_cards",))
"""The compiled step dealing the next deal in C (`DEALS`)."""
SKAT_STEP = Binding(
    "parlour.games.skat._deals_and_step", SkatState,
    stands_in=("legal_actions", "apply", "apply_unchecked_no_undo", "is_terminal"),
    reads=(*SHORT_APPLY_HOOKS, "why_illegal", "played_by", "tricks_won", "record_chance",
           "_copy_into"),
    requires=(SKAT_DEALS,))
"""The compiled step of the `Match` path, on the deal kernel's moves."""


def kernel_mode(state_class: type[SkatState], game_class: type[Skat], module: Any) -> int:
    """How much of a deal the deal kernel of `module` (the compiled module, or None) plays
    for these classes.

    -1: none (no module, or the state class changes a move: `SKAT_DEALS`); else the card play
    and the bidding and declaring, plus `SETTLE` (settled in C) while the game keeps
    `score_deal`, plus `FINISH` (the result entered, the next deal started, in C) while it
    also keeps `deal_tiebreak` and `deal_cards`. Other hooks are always called.
    """
    if module is None or not SKAT_DEALS.kept_by(state_class):
        return -1
    mode = 0
    if SKAT_SETTLING.kept_by(state_class, game_class):
        mode |= module.SETTLE
        if SKAT_FINISHING.kept_by(state_class, game_class):
            mode |= module.FINISH
    return mode


def bind_deals(module: Any) -> None:
    """Give the deals of compiled `module` the rules' objects they build (the rules do at
    import when it is active)."""
    module.bind(_DealToCome, TIEBREAK, _UNDEALT, _undealt_class)


def bind_step(module: Any) -> None:
    """Give compiled `module`'s step the rules' methods and objects it calls and builds
    (the rules do at import when it is active)."""
    global _STEP_MODULE
    _STEP_MODULE = module
    module.bind_step(SkatState, *PYTHON_STEP.values(), _step_mode, _CARD_PLAYED, _CALLED,
                     _CALL_NAMES, _DEALT)


PYTHON_STEP: dict[str, Callable[..., Any]] = {
    name: getattr(SkatState, name) for name in ("legal_actions", "apply", "apply_unchecked_no_undo")
}
"""The Python `legal_actions`, `apply` and `apply_unchecked_no_undo` of `SkatState`: the reference
that the compiled step (`_deals_and_step.apply` and the others, `SkatState`'s own where the
module is built) stands in for, and calls for what it leaves to them."""
_STEP_MODULE: Any = None
"""The compiled module whose step was bound last (`bind_step`)."""


def _step_mode(state_class: type[SkatState] | None, game_class: type[Skat] | None) -> int:
    """For the compiled step: -1 if `state_class` overrides a method it stands in for
    (`SKAT_STEP`: its moves go to the Python methods), else 0; for `game_class`, what the step
    settles in C (`SETTLE` and `FINISH` as `kernel_mode`; `DEALS` while it keeps
    `deal_cards`)."""
    if state_class is not None:
        return 0 if SKAT_STEP.kept_by(state_class) else -1
    assert game_class is not None
    deals = _STEP_MODULE.DEALS if SKAT_DEALING.kept_by(SkatState, game_class) else 0
    return kernel_mode(SkatState, game_class, _STEP_MODULE) | deals


def _reason(state: SkatState, action: SkatAction) -> str:
    """Why `action` is illegal in `state` (which is not over), for people."""
    from parlour.games.skat.reasons import reason

    return reason(state, action)


if _DEALS_AND_STEP is not None:
    bind_deals(_DEALS_AND_STEP)
    bind_step(_DEALS_AND_STEP)
    SkatState.legal_actions = _DEALS_AND_STEP.legal_actions  # type: ignore[method-assign]
    SkatState.apply = _DEALS_AND_STEP.apply  # type: ignore[method-assign]
    SkatState.apply_unchecked_no_undo = (  # type: ignore[method-assign]
        _DEALS_AND_STEP.apply_unchecked_no_undo)
    SkatState.is_terminal = (  # type: ignore[method-assign]
        _DEALS_AND_STEP.IsOver(SkatState.__dict__["is_terminal"]))

__all__ = ["HOLD", "PASS", "Deal", "Skat", "SkatState"]
