"""Spades: the rules (`Spades`) and a game in progress (`SpadesState`).

Four players in two partnerships (seats 0 and 2 against 1 and 3), spades always trump, bids of
0-13 tricks with Nil (and Blind Nil as an option), spades broken, bags and their penalty, and a
whole game across hands until a partnership reaches the target. See docs/rules/spades.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from parlour import compiled_switch
from parlour.bindings import Binding
from parlour.cards import (
    CARDS_52,
    CLUBS,
    DECK_52,
    SPADES,
    SUIT_MASKS,
    Card,
    CardSet,
    format_card,
    format_cards,
    make_card,
    parse_card,
    read_hands,
)
from parlour.cards.contract import Contract
from parlour.cards.deck import seeded_deal
from parlour.cards.sampling import HiddenDeal, deals_hidden
from parlour.cards.seating import Seating, Teams
from parlour.cards.seeded_deals import SeededDealState
from parlour.cards.tricks import winner_with_trump
from parlour.cards.trickstate import CARD_PLAY, TrickState, deal_kernel_mode, step_binding
from parlour.core import (
    Action,
    Game,
    GameOver,
    Move,
    NotationError,
    Observation,
    Param,
    ParameterError,
    State,
    derive_seed,
)
from parlour.core.game import _new_move, parse_error, slot_builder
from parlour.core.undo import FullUndo, ShortUndo, new_record
from parlour.games.spades.actions import (
    BID,
    BLIND_CHOICES,
    BLIND_NIL,
    LOOK,
    MAX_BID,
    PLAY,
    Bid,
    BlindNil,
    Look,
    Play,
    action_from_id,
    plays_for,
    suit_plays_cache,
)
from parlour.games.spades.events import (
    BidMade,
    CardsSeen,
    HandDealt,
    HandLimitReached,
    SpadesBroken,
    SpadesDealScored,
    SpadesDealStarted,
    TrickWon,
    trick_started,
)
from parlour.games.spades.observation import SpadesObservation
from parlour.games.spades.scoring import TeamScore, score_partnership

NUM_PLAYERS = 4
HAND_SIZE = 13
SPADES_MASK = SUIT_MASKS[SPADES]
TWO_OF_CLUBS = make_card(2, CLUBS)
TWO_CLUBS_BIT = 1 << TWO_OF_CLUBS
NO_BID = -1
FIRST_DEALER = 3
SEATING = Seating(NUM_PLAYERS)
"""Four seats, each playing every hand."""
CONTRACT = Contract.suits(DECK_52, SPADES, name="spades")
"""The printed suits, spades trump: the only contract of Spades."""
PARTNERS = Teams.fixed((0, 1, 0, 1))
"""North-South (seats 0 and 2) against East-West (1 and 3), known from the start."""
SEAT_ONLY = tuple(frozenset((seat,)) for seat in range(NUM_PLAYERS))
"""`visible_to` for events only one seat may see."""
"""Seat 3 deals the first hand, so seat 0 bids and (by default) leads first."""

_trick_won = slot_builder(TrickWon)
_bid_made = slot_builder(BidMade)
_deal_started = slot_builder(SpadesDealStarted)
_deal_scored = slot_builder(SpadesDealScored)
_hand_dealt = slot_builder(HandDealt)

BLIND, BIDDING, PLAYING, OVER = 0, 1, 2, 3
PHASE_NAMES = ("blind", "bid", "play", "over")
OPENING_LEADS = ("left_of_dealer", "two_of_clubs")


def team_of(seat: int) -> int:
    """The partnership of `seat`: 0 (North-South, seats 0 and 2) or 1 (East-West, 1 and 3)."""
    return seat & 1


def trick_winner(trick: Sequence[int]) -> int:
    """Index into `trick` (play order) of the winner: the highest spade, else the highest card
    of the suit led."""
    return winner_with_trump(trick, SPADES)


class Deal(Action):
    """The chance move that deals four hands; kept in the history for undo and replay."""

    __slots__ = ("hands",)
    hands: tuple[int, ...]

    def __init__(self, hands: Sequence[int]) -> None:
        object.__setattr__(self, "hands", tuple(hands))

    def __str__(self) -> str:
        return "deal " + " | ".join(format_cards(h) for h in self.hands)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and other.hands == self.hands

    def __hash__(self) -> int:
        return hash(self.hands)


class SpadesState(SeededDealState["Spades"]):
    """A whole game of Spades in progress, hand after hand until the game is decided.

    `scores()` gives each seat its partnership's total; `returns()` is +1 for the winning
    partnership's seats and -1 for the others once the game is over (0 before). The per
    partnership views are `team_scores()`, `team_returns()` and `bags`. The play (hands,
    trick, tricks, leader, broken spades) is the general trick layer's `ContractTrickState`:
    four seats (`SEATING`) in fixed partnerships (`PARTNERS`), spades trump (`CONTRACT`).
    """

    __slots__ = (
        "bags", "bids", "blind", "dealer", "origin", "phase", "results", "seen", "totals", "won",
    )

    def __init__(self, game: Spades, seed: int) -> None:
        super().__init__(game, seed)
        first = TWO_CLUBS_BIT if game.opening_lead == "two_of_clubs" else 0
        self.init_layer(SEATING, CONTRACT, PARTNERS, held_back=SPADES_MASK,
                        breaks=SPADES_MASK, first_lead=first)
        self.trump = SPADES  # the contract's trump, as the compiled modules read it
        self.deal = 0
        self.dealer = FIRST_DEALER
        self.phase = BIDDING
        self.bids: tuple[int, ...] = (NO_BID,) * NUM_PLAYERS
        self.blind: tuple[bool, ...] = (False,) * NUM_PLAYERS
        self.seen: tuple[bool, ...] = (True,) * NUM_PLAYERS
        self.won: tuple[int, ...] = (0,) * NUM_PLAYERS
        self.totals: tuple[int, int] = (0, 0)
        self.bags: tuple[int, int] = (0, 0)
        self.results: tuple[tuple[int, int], ...] = ()
        self.origin: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))
        """The scores and bags the game started from (non-zero only with a setup)."""

    # --- snapshots ------------------------------------------------------------------------
    def _snapshot(self) -> Any:
        return (
            self.deal, self.dealer, self.phase, tuple(self.hands), self.bids, self.blind,
            self.seen, self.leader, self.trick, self.tricks, self.won, self.broken, self.totals,
            self.bags, self.results, self.current, self.origin,
        )

    def _restore(self, s: Any) -> None:
        (self.deal, self.dealer, self.phase, hands, self.bids, self.blind, self.seen,
         self.leader, self.trick, self.tricks, self.won, self.broken, self.totals, self.bags,
         self.results, self.current, self.origin) = s
        self.hands = list(hands)
        self._legal = -1
        if self.undealt:  # the state's cards are all restored: it is dealt
            self._now_dealt()
        self._coming = None

    # --- reading the state -----------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase == PLAYING:
            mask = self._legal
            if mask < 0:
                mask = self._legal = self.compute_legal_mask()
            trick = self.trick
            if trick:
                suit = trick[0] >> 4
                bits = mask >> (suit << 4) & 0x7FFC
                if bits << (suit << 4) == mask:  # following suit: one cached tuple
                    return suit_plays_cache[suit][bits]
            return plays_for(mask)
        if phase == BIDDING:
            return self.game.bid_actions
        if phase == BLIND:
            return BLIND_CHOICES
        return ()

    def is_legal(self, action: Action) -> bool:
        kind = type(action)
        phase = self.phase
        if kind is Play:
            if phase != PLAYING:
                return False
            mask = self._legal  # computed by `legal_actions` already, as a rule
            if mask < 0:
                mask = self.legal_mask()
            return bool(mask >> action.card & 1)  # type: ignore[attr-defined]
        if kind is Bid:
            return phase == BIDDING and (action.tricks > 0 or self.game.nil)  # type: ignore[attr-defined]
        if kind is BlindNil or kind is Look:
            return phase == BLIND
        return False

    def why_illegal(self, action: Action) -> str | None:
        if self.phase == OVER:
            return "the game is over"
        if not isinstance(action, (Play, Bid, BlindNil, Look)):
            return f"{type(action).__name__} is not a Spades action"
        if self.is_legal(action):
            return None
        p = self.current
        assert p is not None
        phase = PHASE_NAMES[self.phase]
        if isinstance(action, (BlindNil, Look)):
            return (f"'{action}' is only for a seat offered Blind Nil before it looks "
                    f"({phase} phase now)")
        if isinstance(action, Bid):
            if self.phase == BIDDING:
                return "Nil is not allowed in this game (nil=false)"
            if self.phase == BLIND:
                return f"seat {p} must first choose 'blind nil' or 'look'"
            return "the bidding is over; play a card"
        if self.phase == BLIND:
            return f"seat {p} must first choose 'blind nil' or 'look'"
        if self.phase == BIDDING:
            return f"seat {p} must bid first (e.g. 'bid 3' or 'nil')"
        card = action.card
        hand = self.hands[p]
        name = format_card(card)
        if not hand >> card & 1:
            return f"seat {p} does not hold {name}"
        if self.trick:
            lead = self.trick[0] >> 4
            return f"must follow suit: {format_cards(hand & SUIT_MASKS[lead])} can be played"
        if not self.tricks and self.game.opening_lead == "two_of_clubs":
            return "the 2♣ must lead the first trick"
        return "spades are not broken yet and seat holds other suits to lead"

    def team_scores(self) -> tuple[int, int]:
        """Total points per partnership: (North-South, East-West)."""
        return self.totals

    def scores(self) -> tuple[int, ...]:
        """Each seat's partnership total (seats 0 and 2 share one, 1 and 3 the other)."""
        ns, ew = self.totals
        return (ns, ew, ns, ew)

    def team_returns(self) -> tuple[float, float]:
        """+1 for the winning partnership and -1 for the other once over; (0, 0) before, and
        for a draw (equal scores when `max_hands` stopped the game)."""
        if self.phase != OVER or self.totals[0] == self.totals[1]:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.totals[0] > self.totals[1] else (-1.0, 1.0)

    def returns(self) -> tuple[float, ...]:
        """Each seat's partnership result: +1 win, -1 loss once over; 0 before."""
        ns, ew = self.team_returns()
        return (ns, ew, ns, ew)

    def running_returns(self) -> tuple[float, ...]:
        """Each seat's partnership lead in points (its total minus the other's): the standing
        search scores a playout with when it stops at the end of a hand."""
        margin = float(self.totals[0] - self.totals[1])
        return (margin, -margin, margin, -margin)

    def winners(self) -> tuple[int, ...]:
        """The winning partnership's seats once over; all four after a draw."""
        if self.phase != OVER:
            return ()
        if self.totals[0] == self.totals[1]:
            return (0, 1, 2, 3)
        team = 0 if self.totals[0] > self.totals[1] else 1
        return (team, team + 2)

    def observe(self, seat: int) -> SpadesObservation:
        seen = self.seen[seat]
        return SpadesObservation(
            seat=seat,
            current_player=self.current,
            legal_actions=tuple(self.legal_actions()) if seat == self.current else (),
            deal=self.deal,
            dealer=self.dealer,
            phase=PHASE_NAMES[self.phase],
            hand=CardSet(self.hands[seat] if seen else 0),
            hand_seen=seen,
            looked=self.seen,
            bids=tuple(None if b == NO_BID else b for b in self.bids),
            blind=self.blind,
            leader=self.leader,
            trick=self.trick,
            tricks=self.tricks,
            tricks_won=self.won,
            spades_broken=self.broken,
            scores=self.totals,
            bags=self.bags,
            deal_results=self.results,
        )

    def bidding_order(self) -> tuple[int, ...]:
        """The seats in bidding order this hand: from the dealer's left round to the dealer."""
        d = self.dealer
        return ((d + 1) & 3, (d + 2) & 3, (d + 3) & 3, d)

    # --- changing the state ----------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """`State.apply`, the short way for a card play (`short_apply`): one bit test against
        the cached legal mask, the undo record and history entry, the card."""
        if type(action) is Play and self.phase == PLAYING and self.short_apply:
            legal = self._legal
            if legal < 0:
                legal = self.legal_mask()
            card = action.card
            if legal >> card & 1:
                history = self.history
                p: int = self.current  # type: ignore[assignment]
                trick = self.trick
                moves, events = len(history), len(self.events)
                record: FullUndo | ShortUndo
                if len(trick) < 3:  # the short undo record of `TrickState.undo_play`
                    record = new_record(ShortUndo, ((p, self.hands[p], trick, self.broken),
                                                    moves, events, _undo_play))
                elif len(self.tricks) < HAND_SIZE - 1:
                    record = new_record(ShortUndo, ((p, self.hands[p], trick, self.broken,
                                                     self.leader, self.tricks, self.won),
                                                    moves, events, _undo_play))
                else:  # the deal's last card
                    record = new_record(FullUndo, (self._snapshot(), moves, events))
                self._undo_stack.append(record)
                history.append(_new_move(Move, (p, action)))
                self._legal = -1
                self.play_card(card)
                return
        State.apply(self, action)

    def _restore_taken(self, taken: Any) -> None:
        self.won = taken

    def _apply(self, action: Action) -> None:
        self._legal = -1
        if self.phase == PLAYING:
            self.play_card(action.card)  # type: ignore[attr-defined]
        elif type(action) is Bid:
            self._bid(action.tricks)
        else:
            self._blind_choice(action is BLIND_NIL)

    def _blind_choice(self, blind_nil: bool) -> None:
        p: int = self.current  # type: ignore[assignment]
        seen = list(self.seen)
        seen[p] = True
        self.seen = tuple(seen)
        if blind_nil:
            bids = list(self.bids)
            bids[p] = 0
            self.bids = tuple(bids)
            blind = list(self.blind)
            blind[p] = True
            self.blind = tuple(blind)
        if not self.quiet:
            self.emit(BidMade(seat=p, tricks=0, blind=True) if blind_nil else CardsSeen(seat=p))
            self.emit(HandDealt(seat=p, cards=CardSet(self.hands[p]), visible_to=frozenset((p,))))
        self._next_bidder()

    def _bid(self, tricks: int) -> None:
        p: int = self.current  # type: ignore[assignment]
        bids = list(self.bids)
        bids[p] = tricks
        self.bids = tuple(bids)
        if not self.quiet:
            self.events.append(_bid_made(seat=p, tricks=tricks, blind=False))
        self._next_bidder()

    def _next_bidder(self) -> None:
        """Move to the next seat that must decide Blind Nil, or bid, or start the play."""
        order = self.bidding_order()
        for seat in order:
            if not self.seen[seat]:
                self.phase = BLIND
                self.current = seat
                return
        for seat in order:
            if self.bids[seat] == NO_BID:
                self.phase = BIDDING
                self.current = seat
                return
        self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAYING
        if self.game.opening_lead == "two_of_clubs":
            leader = next(p for p in range(NUM_PLAYERS) if self.hands[p] & TWO_CLUBS_BIT)
        else:
            leader = (self.dealer + 1) & 3
        self.leader = self.current = leader
        if not self.quiet:
            self.emit(trick_started(0, leader))

    def _on_broken(self, seat: int) -> None:
        self.events.append(SpadesBroken(seat=seat, trick=len(self.tricks)))

    def in_card_play(self) -> bool:
        return self.phase == PLAYING

    play_card = TrickState.play_card
    """The layer's `play_card` for four seats that all play and the printed suits, without
    its seating and contract look-ups (6-7% fewer instructions a move on the Python path); the
    very same moves (`tests/cards/test_layer_games.py`)."""

    def kernel_rules(self) -> tuple[int, int, int, Mapping[int, Any]]:
        return HAND_SIZE, self.first_lead, 0, PLAY

    @classmethod
    def kernel_mode(cls, game_class: type) -> int:
        """The deal kernel's `SETTLE` (it settles the hand and starts the next one itself) while
        the game keeps every hook of both; else it calls `_score_deal` (a variant's scoring)."""
        kernel = cls.deal_kernel
        if kernel is None or not SPADES_SETTLING.kept_by(cls, game_class):
            return 0
        return int(kernel.SETTLE)

    def _kernel_stored(self, taken: tuple[int, ...], won: tuple[int, ...], done: bool) -> None:
        self.won = tuple(a + b for a, b in zip(self.won, won, strict=True))
        if done:
            self._score_deal()

    def _trick_won(self, leader: int, cards: tuple[Card, ...], winner: int) -> None:
        won = list(self.won)
        won[winner] += 1
        self.won = tuple(won)
        number = len(self.tricks)
        if self.quiet:
            if number == HAND_SIZE:
                self._score_deal()
            return
        self.events.append(_trick_won(number - 1, leader, cards, winner, self.won))
        if number == HAND_SIZE:
            self._score_deal()
        else:
            self.events.append(trick_started(number, winner))

    def settled_returns(self, taken: tuple[int, ...], won: tuple[int, ...]) -> tuple[float, ...]:
        results = self._team_results(tuple(a + b for a, b in zip(self.won, won, strict=True)))
        margin = float(self.totals[0] + results[0].points - (self.totals[1] + results[1].points))
        return (margin, -margin, margin, -margin)

    def settle_key(self) -> tuple[tuple[int, ...], bool] | None:
        """A hand's score comes from the tricks each seat won (unless a subclass of the game
        scores otherwise)."""
        if type(self.game).score_partnership is not Spades.score_partnership:
            return None
        return (), True

    def _team_results(self, won: tuple[int, ...]) -> list[TeamScore]:
        """Each partnership's score for this hand with `won` tricks per seat."""
        game = self.game
        bids, blind = self.bids, self.blind
        return [
            game.score_partnership(
                (bids[t], bids[t + 2]), (blind[t], blind[t + 2]), (won[t], won[t + 2]),
                self.bags[t],
            )
            for t in (0, 1)
        ]

    def _score_deal(self) -> None:
        game = self.game
        bids, blind, won = self.bids, self.blind, self.won
        results = self._team_results(won)
        points = (results[0].points, results[1].points)
        self.totals = (self.totals[0] + points[0], self.totals[1] + points[1])
        self.bags = (results[0].bags, results[1].bags)
        self.results += (points,)
        if not self.quiet:
            ns, ew = self.totals
            self.events.append(_deal_scored(
                deal=self.deal, points=(points[0], points[1], points[0], points[1]),
                totals=(ns, ew, ns, ew), bids=bids, blind=blind, tricks=won,
                contracts=(results[0].contract, results[1].contract),
                team_tricks=(results[0].tricks, results[1].tricks), team_points=points,
                team_totals=self.totals, bags=self.bags,
                bag_penalties=(results[0].bag_penalty, results[1].bag_penalty),
            ))
        if game.winning_team(self.totals) is not None or self.deal + 1 >= game.max_hands:
            self.phase = OVER
            self.current = None
            if not self.quiet:
                if game.winning_team(self.totals) is None:
                    self.emit(HandLimitReached(hands=game.max_hands, scores=self.totals))
                self.emit(GameOver(scores=self.scores(), returns=self.returns(),
                                   winners=self.winners()))
        else:
            self._next_deal()

    def _deal_begun(self, deal: Any, undealt: bool) -> None:
        """A hand starts (`SeededDealState._begin`): its dealer, no bids or tricks won yet,
        who may still bid Blind Nil, its events, then the first to decide or bid."""
        game = self.game
        self.dealer = game.dealer_of(self.deal)
        self.bids = (NO_BID,) * NUM_PLAYERS
        self.blind = (False,) * NUM_PLAYERS
        totals = self.totals
        self.seen = tuple([not game.blind_nil_allowed(seat, totals)
                           for seat in range(NUM_PLAYERS)])
        self.won = (0,) * NUM_PLAYERS
        self.leader = (self.dealer + 1) & 3
        if not self.quiet:
            self.events.append(_deal_started(deal=self.deal, dealer=self.dealer,
                                             scores=self.totals))
            for seat, hand in enumerate(deal.hands):
                if self.seen[seat]:
                    self.events.append(_hand_dealt(seat=seat, cards=CardSet(hand),
                                                   visible_to=SEAT_ONLY[seat]))
        self._next_bidder()

    def check_invariants(self) -> None:
        """Assert the conservation laws; the conformance suite calls this after every move."""
        if self.phase == OVER:
            assert self.current is None
            assert (self.game.winning_team(self.totals) is not None
                    or self.deal + 1 >= self.game.max_hands)
            return
        self.check_trick_invariants(DECK_52, HAND_SIZE)
        assert sum(self.won) == len(self.tricks)
        assert all(0 <= b <= self.game.bags_cap for b in self.bags)
        if self.phase == PLAYING:
            assert NO_BID not in self.bids and all(self.seen)
            assert self.current == (self.leader + len(self.trick)) & 3
        else:
            assert not self.tricks and not self.trick
            assert self.current is not None
            if self.phase == BIDDING:
                assert all(self.seen) and self.bids[self.current] == NO_BID
            else:
                assert not self.seen[self.current]
        for seat in range(NUM_PLAYERS):
            if self.blind[seat]:
                assert self.bids[seat] == 0

    def play_compiled(self, agent: str, stop: int | None) -> bool:
        """`State.play_compiled`: ``"heuristic"`` (`bots.SpadesHeuristic`, every seat) in C until
        hand `stop`, its Blind Nil choices, bids and cards made from each seat's view only
        (`parlour.games.spades._heuristic`), for a quiet state whose class keeps the hooks the
        kernels stand in for and whose game keeps the heuristic; else False."""
        compiled_heuristic = compiled_switch.load("parlour.games.spades._heuristic")
        return (compiled_heuristic is not None
                and bool(compiled_heuristic.play_compiled(self, agent, stop)))

    def compiled_agent(self, agent: str) -> tuple[Any, bytes] | None:
        """The compiled heuristic for the compiled ISMCTS loop (a `cards/_card_agent.pxd` capsule
        and the knowledge of this position), where `play_compiled` would play it; else None."""
        compiled_heuristic = compiled_switch.load("parlour.games.spades._heuristic")
        if compiled_heuristic is None:
            return None
        found: tuple[Any, bytes] | None = compiled_heuristic.compiled_agent(self, agent)
        return found


SpadesState.kernel_class = SpadesState
SpadesState.deal_class = Deal
SPADES_DEALS = Binding(
    "parlour.games.spades._deals", SpadesState,
    stands_in=("_bid", "_blind_choice", "_next_bidder", "_start_play", "bidding_order",
               "_score_deal", "_team_results", "_next_deal", "start_deal", "_begin",
               "_deal_begun", "_cards_dealt", "in_card_play", "is_terminal", "leave_undealt"),
    requires=(CARD_PLAY,))
"""Whole hands of Spades in C (`_deals.pyx`): the bidding, the card play, settling."""
SpadesState.deal_binding = SPADES_DEALS
SpadesState.kernel_hooks = SPADES_DEALS.hooks  # as the compiled heuristic reads them
SpadesState.deal_kernel = compiled_switch.load("parlour.games.spades._deals")
_undo_play = TrickState.undo_play
SpadesState.short_apply = True


class Spades(Game[SpadesState]):
    """Partnership Spades for four players: bid your tricks, make your contract, beware bags."""

    id = "spades"
    name = "Spades"
    description = "Two partnerships bid and take tricks with spades as trump, to 500 points."
    aliases = ("spades.standard",)
    agents: ClassVar[Mapping[str, str]] = {
        "heuristic": "parlour.games.spades.bots:SpadesHeuristic",
        "heuristic-v1": "parlour.games.spades.bots_v1:SpadesHeuristic",
    }
    num_distinct_actions = 68
    encoding_class = "parlour.games.spades.encoding:SpadesEncoding"
    parameters = (
        Param("target", int, 500, "The game ends after a hand in which a partnership reaches "
              "this score; the higher score wins, a tie plays another hand.", min=1,
              max=100_000),
        Param("nil", bool, True, "Players may bid Nil (0 tricks)."),
        Param("nil_bonus", int, 100, "Points won for a made Nil, lost for a failed one.", min=0,
              max=10_000),
        Param("blind_nil", bool, False, "A player whose partnership trails by blind_nil_deficit "
              "or more may bid Blind Nil before looking at the cards."),
        Param("blind_nil_bonus", int, 200, "Points won or lost for a Blind Nil.", min=0,
              max=10_000),
        Param("blind_nil_deficit", int, 100, "How far a partnership must trail to bid Blind Nil.",
              min=0, max=100_000),
        Param("opening_lead", str, "left_of_dealer", "Who leads the first trick: the player left "
              "of the dealer (any card), or the holder of the 2♣, who leads it.",
              choices=OPENING_LEADS),
        Param("bag_limit", int, 10, "Accumulated bags that cost bag_penalty points.", min=1,
              max=1000),
        Param("bag_penalty", int, 100, "Points lost for every bag_limit bags.", min=0,
              max=10_000),
        Param("mercy", bool, False, "A partnership at mercy_score or below after a hand loses."),
        Param("mercy_score", int, -200, "The score at or below which mercy ends the game.",
              min=-100_000, max=100_000),
        Param("max_hands", int, 100, "The game stops after this many hands if it has not ended "
              "(random bids may never reach the target): the higher score wins, equal scores "
              "draw.", min=1, max=1_000_000_000),
    )

    target: int
    nil: bool
    nil_bonus: int
    blind_nil: bool
    blind_nil_bonus: int
    blind_nil_deficit: int
    opening_lead: str
    bag_limit: int
    bag_penalty: int
    mercy: bool
    mercy_score: int
    max_hands: int

    bid_actions: tuple[Bid, ...]
    bags_cap: int

    def _check_params(self) -> None:
        if self.blind_nil and not self.nil:
            raise ParameterError("parameter 'blind_nil' of game 'spades' needs nil=true")
        if self.mercy and self.mercy_score >= self.target:
            raise ParameterError(
                f"parameter 'mercy_score' of game 'spades' ({self.mercy_score}) must be below "
                f"the target ({self.target})"
            )
        object.__setattr__(self, "bid_actions", BID if self.nil else BID[1:])
        object.__setattr__(self, "bags_cap", self.bag_limit - 1)

    @property
    def num_players(self) -> int:
        return NUM_PLAYERS

    recall_moves = 64
    """A hand's moves: at most eight bids and looks, and 52 cards played."""

    def action_is_public(self, action: Action) -> bool:
        """Every bid, blind nil, look and card played is made in front of everyone."""
        return True

    def return_bounds(self, one_deal: bool = False) -> tuple[float, float] | None:
        """+1 or -1 per partnership; a hand's running margin is not bounded here."""
        return None if one_deal else (-1.0, 1.0)

    def return_sum(self, one_deal: bool = False) -> float:
        """Zero-sum: the partnerships' results (and margins) cancel."""
        return 0.0

    # --- public hooks a variant may override ----------------------------------------------
    def dealer_of(self, deal: int) -> int:
        """The dealer of hand `deal`: seat 3 first, then rotating to the left."""
        return (FIRST_DEALER + deal) % NUM_PLAYERS

    def blind_nil_allowed(self, seat: int, totals: tuple[int, int]) -> bool:
        """True if `seat` may bid Blind Nil at the start of a hand with these totals."""
        if not self.blind_nil:
            return False
        team = team_of(seat)
        return totals[1 - team] - totals[team] >= self.blind_nil_deficit

    def score_partnership(
        self, bids: tuple[int, int], blind: tuple[bool, bool], tricks: tuple[int, int],
        bags: int,
    ) -> TeamScore:
        """One partnership's score for a hand (see `scoring.score_partnership`)."""
        return score_partnership(
            bids, blind, tricks, bags, nil_bonus=self.nil_bonus,
            blind_nil_bonus=self.blind_nil_bonus, bag_limit=self.bag_limit,
            bag_penalty=self.bag_penalty,
        )

    def winning_team(self, totals: tuple[int, int]) -> int | None:
        """The partnership that has won with these totals after a hand, or None to play on.

        The game ends once a partnership reaches the target (or, with the mercy rule, falls to
        the mercy score); the higher total wins, and a tie plays another hand.
        """
        ns, ew = totals
        ended = max(ns, ew) >= self.target or (self.mercy and min(ns, ew) <= self.mercy_score)
        if not ended or ns == ew:
            return None
        return 0 if ns > ew else 1

    def deal_hands(self, seed: int, deal: int) -> list[int]:
        """The four hands of hand number `deal`, from the seed's deal stream only.

        `deal_by_keys`: a uniform 64-bit key per card from the stream, sorted (in C, faster than
        `random.shuffle`), cut into four hands of 13.
        """
        return seeded_deal(CARDS_52, derive_seed(seed, "deal", deal), (HAND_SIZE,) * NUM_PLAYERS,
                           keyed=True)

    # --- the contract ---------------------------------------------------------------------
    def new_state(
        self,
        seed: int | None = None,
        hands: Sequence[str | int] | None = None,
        scores: Sequence[int] | None = None,
        bags: Sequence[int] | None = None,
        **setup: Any,
    ) -> SpadesState:
        """A new game. `hands` fixes the first hand's cards (four hands in card notation or as
        masks, seat 0 first); `scores` and `bags` start the partnerships (North-South,
        East-West) from a given standing, e.g. to play out the end of a game."""
        if setup:
            raise ParameterError(f"unknown setup argument(s) for spades: {', '.join(setup)}")
        state = SpadesState(self, self._seed(seed))
        if scores is not None:
            state.totals = _pair(scores, "scores")
        if bags is not None:
            state.bags = _pair(bags, "bags")
            if not all(0 <= b < self.bag_limit for b in state.bags):
                raise ParameterError(f"bags {list(bags)} must each be 0..{self.bag_limit - 1}")
        state.origin = (state.totals, state.bags)
        first = self.deal_hands(state.seed, 0) if hands is None else self._read_hands(hands)
        state.start_deal(first)
        return state

    def _read_hands(self, hands: Sequence[str | int]) -> list[int]:
        if len(hands) != NUM_PLAYERS:
            raise ParameterError(f"spades needs {NUM_PLAYERS} hands, got {len(hands)}")
        return read_hands(hands, HAND_SIZE, DECK_52, "spades")

    def setup_for_record(self, state: SpadesState) -> dict[str, Any]:
        first = next(m.action for m in state.history if isinstance(m.action, Deal))
        setup: dict[str, Any] = {}
        if list(first.hands) != self.deal_hands(state.seed, 0):
            setup["hands"] = [format_cards(h) for h in first.hands]
        scores, bags = state.origin
        if scores != (0, 0):
            setup["scores"] = list(scores)
        if bags != (0, 0):
            setup["bags"] = list(bags)
        return setup

    def parse_action(self, text: str, state: SpadesState | Observation | None = None) -> Action:
        """Read ``bid 4`` (or ``4`` while bidding), ``nil``, ``blind nil``, ``look``, or a card
        (``Q♠``; a bare rank where the hand allows only one card)."""
        raw = text.strip()
        words = raw.lower().split()
        hand, follow, phase = _context(state)
        if words == ["nil"]:
            return BID[0]
        if words in (["blind", "nil"], ["blind"], ["blindnil"]):
            return BLIND_NIL
        if words == ["look"]:
            return LOOK
        number = words[1] if len(words) == 2 and words[0] == "bid" else None
        if number is None and len(words) == 1 and phase == BIDDING and _DIGITS.fullmatch(words[0]):
            number = words[0]
        if number is not None or (words and words[0] == "bid"):
            if number is None or not _DIGITS.fullmatch(number) or int(number) > MAX_BID:
                raise parse_error(text, f"a bid from 0 to {MAX_BID}, like 'bid 4' or 'nil'",
                                  "reading a Spades bid")
            return BID[int(number)]
        try:
            card = parse_card(raw, hand, follow)
        except NotationError as error:
            raise NotationError(
                f"{error} (reading Spades action {text!r}: expected a card, 'bid N', 'nil', "
                f"'blind nil' or 'look')"
            ) from None
        if card not in PLAY:
            raise parse_error(text, "a card of the 52-card deck")
        return PLAY[card]

    def action_from_id(self, action_id: int) -> Action:
        return action_from_id(action_id)

    def hidden_deal(self, observation: Observation) -> HiddenDeal:
        """What `observation` fixes about the hands its seat cannot see (`sample_state` deals
        them): their sizes, the voids shown in play and the 2♣ lead."""
        from parlour.games.spades.sampling import hidden_deal

        if not isinstance(observation, SpadesObservation):
            raise TypeError("spades.hidden_deal needs a SpadesObservation")
        return hidden_deal(self, observation)

    @deals_hidden
    def sample_state(self, observation: Observation, rng: Random) -> SpadesState:
        """A full state consistent with everything `observation`'s seat knows.

        Unseen cards are dealt respecting hand sizes, every void shown in play, a spade led
        before spades were broken (that player held only spades), and the 2♣ lead. Later hands
        come from a fresh seed drawn from `rng`.
        """
        from parlour.games.spades.sampling import sample_state

        if not isinstance(observation, SpadesObservation):
            raise TypeError("spades.sample_state needs a SpadesObservation")
        return sample_state(self, observation, rng)


_DIGITS = re.compile("[0-9]{1,3}")

SpadesState.dealt_by = Spades
SPADES_SETTLING = Binding(
    "parlour.games.spades._deals", SpadesState, game_owner=Spades,
    game_reads=("score_partnership", "winning_team", "deal_hands", "dealer_of",
                "blind_nil_allowed"),
    requires=(SPADES_DEALS,))
"""The deal kernel settling a hand and dealing the next in C (`SETTLE`): a game overriding
one of these hooks has its hands settled by `_score_deal` in Python."""
if SpadesState.deal_kernel is not None:
    SpadesState.deal_kernel.bind(Deal, TWO_CLUBS_BIT, NO_BID, BLIND_CHOICES)


def _quiet_settler(kind: type, game_class: type) -> Callable[[SpadesState], None] | None:
    """What settles the hand of a quiet state of `kind` in a game of `game_class` in C (the
    deal kernel's `settle_played`, where it settles that game: `SETTLE`), or None: the
    state's own `_score_deal`. The compiled step asks once per pair of classes."""
    kernel = SpadesState.deal_kernel
    mode = deal_kernel_mode(kind, game_class)
    if kernel is None or not mode or not mode & kernel.SETTLE:
        return None
    settle: Callable[[SpadesState], None] = kernel.settle_played
    return settle


SPADES_STEP = step_binding("parlour.games.spades._step", SpadesState, SPADES_DEALS)
"""The compiled step of the `Match` path (`_step.pyx`)."""
_STEP = compiled_switch.load("parlour.games.spades._step")
"""The compiled step (`legal_actions`, `apply`, `apply_unchecked_no_undo` of plays in C), or
None."""
if _STEP is not None:
    _STEP.install(SpadesState, PLAY, TrickWon, trick_started, _undo_play, SPADES_STEP.kept_by,
                  BID, BidMade, NO_BID, _quiet_settler)


def _pair(values: Sequence[int], name: str) -> tuple[int, int]:
    if len(values) != 2:
        raise ParameterError(f"{name} must be two numbers (North-South, East-West), got {values!r}")
    return int(values[0]), int(values[1])


def _context(state: SpadesState | Observation | None) -> tuple[int | None, int | None, int]:
    if isinstance(state, SpadesState):
        if state.current is None:
            return None, None, OVER
        lead = state.trick[0] >> 4 if state.trick else None
        return state.hands[state.current], lead, state.phase
    if isinstance(state, SpadesObservation):
        return int(state.hand), state.lead_suit, PHASE_NAMES.index(state.phase)
    return None, None, PLAYING
