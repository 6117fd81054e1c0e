"""Hearts: the rules (`Hearts`) and a game in progress (`HeartsState`).

Four players, 52 cards, passing in a cycle (left, right, across, none), the 2♣ lead, first-trick
restrictions, hearts broken, moon shooting, and a whole game to `end_score` across deals. Every
variation of the reference rules is a parameter. See docs/rules/hearts.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from types import MappingProxyType
from typing import Any, ClassVar

from parlour import compiled_switch
from parlour.bindings import Binding
from parlour.cards import (
    CARD,
    CARDS_52,
    DECK_52,
    DIAMONDS,
    HEARTS,
    JACK,
    QUEEN,
    SPADES,
    SUIT_MASKS,
    Card,
    CardSet,
    format_cards,
    make_card,
    parse_card,
    read_hands,
)
from parlour.cards.actions import CardActionTable
from parlour.cards.contract import Contract
from parlour.cards.contract_state import ContractTrickState
from parlour.cards.deck import seeded_deal
from parlour.cards.sampling import HiddenDeal, deals_hidden
from parlour.cards.seating import Seating, Teams
from parlour.cards.seeded_deals import SeededDealState
from parlour.cards.tricks import voids_shown, winner_no_trump
from parlour.cards.trickstate import CARD_PLAY, TrickState, step_binding
from parlour.core import (
    Action,
    DealStarted,
    Game,
    GameOver,
    Move,
    NotationError,
    Observation,
    Param,
    ParameterError,
    ParlourError,
    State,
    derive_seed,
)
from parlour.core.game import _new_move, parse_error, slot_builder
from parlour.core.undo import FullUndo, ShortUndo, new_record
from parlour.games.hearts.actions import BY_ID, PASS, PLAY, Pass, Play
from parlour.games.hearts.events import (
    DIRECTION_NAMES,
    CardsPassed,
    HandDealt,
    HeartsDealScored,
    PassChosen,
    TrickWon,
)
from parlour.games.hearts.heuristic_playouts import compiled_agent, play_heuristic
from parlour.games.hearts.observation import HeartsObservation

NUM_PLAYERS = 4
HAND_SIZE = 13
PASS_SIZE = 3
TWO_OF_CLUBS = make_card(2, 0)
QUEEN_OF_SPADES = make_card(QUEEN, SPADES)
JACK_OF_DIAMONDS = make_card(JACK, DIAMONDS)
TWO_CLUBS_BIT = 1 << TWO_OF_CLUBS
QS_BIT = 1 << QUEEN_OF_SPADES
JD_BIT = 1 << JACK_OF_DIAMONDS
HEARTS_MASK = SUIT_MASKS[HEARTS]
POINT_CARDS = HEARTS_MASK | QS_BIT
MOON_POINTS = 26
SEATING = Seating(NUM_PLAYERS)
"""Four seats, each playing every hand."""
CONTRACT = Contract.suits(DECK_52, name="hearts")
"""The printed suits, no trump: the only contract of Hearts."""
ALONE = Teams.alone(NUM_PLAYERS)
"""Every seat on its own side."""

SEAT_ONLY = tuple(frozenset((seat,)) for seat in range(NUM_PLAYERS))
"""`visible_to` for events only one seat may see."""

_PASS_CHOSEN = tuple({card: PassChosen(seat=seat, card=CARD[card], visible_to=SEAT_ONLY[seat])
                      for card in CARDS_52} for seat in range(NUM_PLAYERS))
"""Interned per-card events: events are immutable values, so one object serves every game."""

PASSING, PLAYING, OVER = 0, 1, 2
PHASE_NAMES = ("pass", "play", "over")
DIRECTIONS = {"left": 1, "right": 3, "across": 2, "none": 0}


_plays_for_trick = CardActionTable(PLAY).for_trick
_trick_won = slot_builder(TrickWon)
_cards_passed = slot_builder(CardsPassed)
_deal_scored = slot_builder(HeartsDealScored)
_deal_started = slot_builder(DealStarted)
_hand_dealt = slot_builder(HandDealt)
_passes = CardActionTable(PASS).__call__


class Deal(Action):
    """The chance move that deals four hands; kept in the history for undo and replay."""

    __slots__ = ("hands",)

    def __init__(self, hands: Sequence[int]) -> None:
        object.__setattr__(self, "hands", tuple(hands))

    hands: tuple[int, ...]

    def __str__(self) -> str:
        return "deal " + " | ".join(format_cards(h) for h in self.hands)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and other.hands == self.hands

    def __hash__(self) -> int:
        return hash(self.hands)


class HeartsState(SeededDealState["Hearts"]):
    """A whole game of Hearts in progress, across deals until one total reaches `end_score`.

    The play (hands, trick, tricks, leader, broken hearts) is the general trick layer's
    `ContractTrickState`: four seats (`SEATING`), each on its own side (`ALONE`), the printed
    suits without trump (`CONTRACT`). Hearts adds the passing phase, the first-trick rules, the
    points taken and the totals.
    """

    __slots__ = ("direction", "passes", "phase", "received", "results", "taken", "totals")

    def __init__(self, game: Hearts, seed: int) -> None:
        super().__init__(game, seed)
        breaks = HEARTS_MASK | (QS_BIT if game.queen_breaks_hearts else 0)
        self.init_layer(SEATING, CONTRACT, ALONE, held_back=HEARTS_MASK, breaks=breaks)
        self.deal = 0
        self.phase = PASSING
        self.passes = [0] * NUM_PLAYERS
        self.received = [0] * NUM_PLAYERS
        self.taken = [0] * NUM_PLAYERS
        self.totals: tuple[int, ...] = (0,) * NUM_PLAYERS
        self.results: tuple[tuple[int, ...], ...] = ()
        self.direction = 0

    # --- snapshots ------------------------------------------------------------------------
    def _snapshot(self) -> Any:
        return (
            self.deal, self.phase, tuple(self.hands), tuple(self.passes), tuple(self.received),
            self.leader, self.trick, self.tricks, tuple(self.taken), self.broken, self.totals,
            self.results, self.current, self.direction,
        )

    def _restore(self, s: Any) -> None:
        (self.deal, self.phase, hands, passes, received, self.leader, self.trick, self.tricks,
         taken, self.broken, self.totals, self.results, self.current, self.direction) = s
        self.hands = list(hands)
        self.passes = list(passes)
        self.received = list(received)
        self.taken = list(taken)
        self._legal = -1
        if self.undealt:  # the state's cards are all restored: it is dealt
            self._now_dealt()
        self._coming = None

    # --- reading the state -----------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def compute_legal_mask(self) -> int:
        """The cards the current player may pass or play, as a mask (0 once the game is over):
        the shared follow-suit and unbroken-hearts rules, plus the first trick's (the 2♣ leads;
        no point card while another card can be played)."""
        if self.phase == PLAYING:
            if self.tricks:
                return ContractTrickState.compute_legal_mask(self)
            trick = self.trick
            if not trick:
                return TWO_CLUBS_BIT
            hand = self.hands[self.current]  # type: ignore[index]
            return hand & SUIT_MASKS[trick[0] >> 4] or hand & ~POINT_CARDS or hand
        if self.phase == PASSING:
            p = self.current
            return self.hands[p] & ~self.passes[p]  # type: ignore[index]
        return 0

    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase == OVER:
            return ()
        legal = self._legal
        if legal < 0:
            legal = self.legal_mask()
        if phase == PLAYING:
            return _plays_for_trick(legal, self.trick)
        return _passes(legal)

    def is_legal(self, action: Action) -> bool:
        kind = type(action)
        if kind is Play:
            return self.phase == PLAYING and bool(self.legal_mask() >> action.card & 1)  # type: ignore[attr-defined]
        if kind is Pass:
            return self.phase == PASSING and bool(self.legal_mask() >> action.card & 1)  # type: ignore[attr-defined]
        return False

    def why_illegal(self, action: Action) -> str | None:
        if self.phase == OVER:
            return "the game is over"
        if not isinstance(action, (Play, Pass)):
            return f"{type(action).__name__} is not a Hearts action"
        if self.is_legal(action):
            return None
        p = self.current
        assert p is not None
        card = action.card
        hand = self.hands[p]
        name = format_cards(1 << card)
        if self.phase == PASSING:
            if isinstance(action, Play):
                return f"players are passing cards now; write 'pass {name}'"
            if self.passes[p] >> card & 1:
                return f"{name} is already chosen to pass"
            return f"seat {p} does not hold {name}"
        if isinstance(action, Pass):
            return "the passing is over; play a card instead"
        if not hand >> card & 1:
            return f"seat {p} does not hold {name}"
        if self.trick:
            lead = self.trick[0] >> 4
            if hand & SUIT_MASKS[lead]:
                return f"must follow suit: {format_cards(hand & SUIT_MASKS[lead])} can be played"
            return "no heart or Q♠ may be played to the first trick while other cards can be"
        if not self.tricks:
            return "the 2♣ must lead the first trick"
        return "hearts are not broken yet and other suits can be led"

    def scores(self) -> tuple[int, ...]:
        """Total penalty points per seat (lower is better)."""
        return self.totals

    def returns(self) -> tuple[float, ...]:
        """Minus each seat's total points: higher is better, as for every parlour game."""
        return tuple(float(-t) for t in self.totals)

    def winners(self) -> tuple[int, ...]:
        low = min(self.totals)
        return tuple(i for i, t in enumerate(self.totals) if t == low)

    def points_taken(self) -> tuple[int, ...]:
        """Penalty points each seat has taken in tricks so far this deal."""
        return tuple(self.game.card_points(m) for m in self.taken)

    @property
    def pass_direction(self) -> str:
        return DIRECTION_NAMES[self.direction]

    def observe(self, seat: int) -> HeartsObservation:
        return HeartsObservation(
            seat=seat,
            current_player=self.current,
            legal_actions=tuple(self.legal_actions()) if seat == self.current else (),
            deal=self.deal,
            phase=PHASE_NAMES[self.phase],
            pass_direction=DIRECTION_NAMES[self.direction],
            hand=CardSet(self.hands[seat]),
            passed=CardSet(self.passes[seat]),
            received=CardSet(self.received[seat]),
            leader=self.leader,
            trick=self.trick,
            tricks=self.tricks,
            hearts_broken=self.broken,
            points_taken=self.points_taken(),
            scores=self.totals,
            deal_results=self.results,
        )

    # --- changing the state ----------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """`State.apply`, the short way for a play or a pass (`short_apply`): one bit test
        against the cached legal mask, the undo record and history entry, the move."""
        kind = type(action)
        phase = self.phase
        if ((kind is Play and phase == PLAYING) or (kind is Pass and phase == PASSING)) \
                and self.short_apply:
            legal = self._legal
            if legal < 0:
                legal = self.legal_mask()
            card = action.card  # type: ignore[attr-defined]
            if legal >> card & 1:
                history = self.history
                p: int = self.current  # type: ignore[assignment]
                trick = self.trick
                moves, events = len(history), len(self.events)
                record: FullUndo | ShortUndo
                if phase == PASSING:
                    chosen = self.passes[p] | 1 << card
                    if p == NUM_PLAYERS - 1 and chosen.bit_count() >= PASS_SIZE:
                        record = new_record(FullUndo, (self._snapshot(), moves, events))
                    else:  # the short undo record of `undo_pass`
                        record = new_record(ShortUndo, ((p, self.passes[p]), moves, events,
                                                        _undo_pass))
                elif len(trick) == 3 and len(self.tricks) == HAND_SIZE - 1:
                    record = new_record(FullUndo, (self._snapshot(), moves, events))
                elif len(trick) < 3:  # the short undo record of `TrickState.undo_play`
                    record = new_record(ShortUndo, ((p, self.hands[p], trick, self.broken),
                                                    moves, events, _undo_play))
                else:
                    record = new_record(ShortUndo, ((p, self.hands[p], trick, self.broken,
                                                     self.leader, self.tricks,
                                                     tuple(self.taken)),
                                                    moves, events, _undo_play))
                self._undo_stack.append(record)
                history.append(_new_move(Move, (p, action)))
                self._legal = -1
                if phase == PLAYING:
                    self.play_card(card)
                else:
                    self._choose_pass(card)
                return
        State.apply(self, action)

    def _restore_taken(self, taken: Any) -> None:
        self.taken = list(taken)

    def undo_pass(self, record: tuple[int, int]) -> None:
        """Take back a pass (not the deal's last) from its short undo record: ``(seat, the
        seat's chosen cards before it)``."""
        p, chosen = record
        self.passes[p] = chosen
        self.current = p
        self._legal = -1

    def _apply(self, action: Action) -> None:
        self._legal = -1
        if self.phase == PLAYING:
            self.play_card(action.card)  # type: ignore[attr-defined]  # an interned Card
        else:
            self._choose_pass(action.card)  # type: ignore[attr-defined]

    def _choose_pass(self, card: Card) -> None:
        p = self.current
        assert p is not None
        self.passes[p] |= 1 << card
        if not self.quiet:
            self.events.append(_PASS_CHOSEN[p][card])
        if self.passes[p].bit_count() < PASS_SIZE:
            return
        if p < NUM_PLAYERS - 1:
            self.current = p + 1
            return
        direction = self.direction
        hands = self.hands
        for giver in range(NUM_PLAYERS):
            receiver = (giver + direction) % NUM_PLAYERS
            cards = self.passes[giver]
            hands[giver] &= ~cards
            self.received[receiver] = cards
            if not self.quiet:
                self.events.append(_cards_passed(
                    giver=giver, receiver=receiver, cards=CardSet(cards),
                    direction=DIRECTION_NAMES[direction], visible_to=frozenset((giver, receiver)),
                ))
        for receiver in range(NUM_PLAYERS):
            hands[receiver] |= self.received[receiver]
        self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAYING
        self.leader = self.current = next(
            p for p in range(NUM_PLAYERS) if self.hands[p] & TWO_CLUBS_BIT
        )

    def in_card_play(self) -> bool:
        return self.phase == PLAYING

    play_card = TrickState.play_card
    """The layer's `play_card` for four seats that all play and the printed suits, without
    its seating and contract look-ups (6-7% fewer instructions a move on the Python path); the
    very same moves (`tests/cards/test_layer_games.py`)."""

    def kernel_rules(self) -> tuple[int, int, int, Mapping[int, Any]]:
        return HAND_SIZE, TWO_CLUBS_BIT, POINT_CARDS, PLAY

    @classmethod
    def kernel_mode(cls, game_class: type) -> int:
        """The deal kernel's `SETTLE` (it settles the deal and starts the next one itself) while
        the game keeps every hook of both; else it calls `_score_deal` (a variant's scoring)."""
        kernel = cls.deal_kernel
        if kernel is None or not HEARTS_SETTLING.kept_by(cls, game_class):
            return 0
        return int(kernel.SETTLE)

    def _kernel_stored(self, taken: tuple[int, ...], won: tuple[int, ...], done: bool) -> None:
        for seat in range(NUM_PLAYERS):
            self.taken[seat] |= taken[seat]
        if done:
            self._score_deal()

    def settled_returns(self, taken: tuple[int, ...], won: tuple[int, ...]) -> tuple[float, ...]:
        points, _ = self.game.score_deal([a | b for a, b in zip(self.taken, taken, strict=True)])
        return tuple(float(-(t + p)) for t, p in zip(self.totals, points, strict=True))

    def settle_key(self) -> tuple[tuple[int, ...], bool] | None:
        """The deal's points come from the hearts, the Q♠ and (if it counts) the J♦ each seat
        took, unless a subclass of the game scores otherwise."""
        kind = type(self.game)
        if kind.score_deal is not Hearts.score_deal or kind.card_points is not Hearts.card_points:
            return None
        return ((HEARTS_MASK, QS_BIT, JD_BIT) if self.game.jack_of_diamonds
                else (HEARTS_MASK, QS_BIT)), False

    def _trick_won(self, leader: int, cards: tuple[Card, ...], winner: int) -> None:
        a, b, c, d = cards
        mask = 1 << a | 1 << b | 1 << c | 1 << d
        self.taken[winner] |= mask
        tricks = len(self.tricks)
        if not self.quiet:
            self.events.append(_trick_won(
                tricks - 1, leader, cards, winner, self.game.card_points(mask)))
        if tricks == HAND_SIZE:
            self._score_deal()

    def _score_deal(self) -> None:
        points, shooter = self.game.score_deal(self.taken)
        self.totals = tuple(t + p for t, p in zip(self.totals, points, strict=True))
        self.results += (points,)
        if not self.quiet:
            self.events.append(_deal_scored(
                deal=self.deal, points=points, totals=self.totals, moon_shooter=shooter))
        if self.game.is_game_over(self.totals):
            self.phase = OVER
            self.current = None
            if not self.quiet:
                self.emit(GameOver(scores=self.totals, returns=self.returns(),
                                   winners=self.winners()))
        else:
            self._next_deal()

    def _deal_begun(self, deal: Any, undealt: bool) -> None:
        """A deal starts (`SeededDealState._begin`): nothing passed or taken yet, this
        deal's pass direction, its events, then the passing or the 2♣'s lead."""
        self.passes = [0] * NUM_PLAYERS
        self.received = [0] * NUM_PLAYERS
        self.taken = [0] * NUM_PLAYERS
        self.direction = self.game.pass_offset(self.deal)
        if not self.quiet:
            self.events.append(_deal_started(deal=self.deal))
            for seat, hand in enumerate(deal.hands):
                self.events.append(_hand_dealt(seat=seat, cards=CardSet(hand),
                                               visible_to=SEAT_ONLY[seat]))
        if self.direction != 0:
            self.phase = PASSING
            self.current = 0
        elif undealt:  # the 2♣ leads: found when the cards are dealt (`_cards_dealt`)
            self.phase = PLAYING
            del self.leader, self.current
        else:
            self._start_play()

    def _cards_dealt(self) -> None:
        if self.phase == PLAYING:  # a deal without passing: its cards were unread till now
            self._start_play()

    def check_invariants(self) -> None:
        """Assert the conservation laws; the conformance suite calls this after every move."""
        if self.phase == OVER:
            assert self.current is None
            return
        played = self.check_trick_invariants(DECK_52, HAND_SIZE)
        taken = 0
        for mask in self.taken:
            taken |= mask
        assert taken == played
        if self.phase == PLAYING:
            assert self.current == (self.leader + len(self.trick)) % NUM_PLAYERS

    def play_compiled(self, agent: str, stop: int | None) -> bool:
        """`State.play_compiled`: the game's own heuristic in compiled code where it may play
        (`parlour.games.hearts.heuristic_playouts`): the agents' very moves, whole deals in C."""
        return agent == "heuristic" and self.quiet and play_heuristic(self, stop)

    compiled_agent = staticmethod(compiled_agent)
    """The compiled heuristic for the compiled ISMCTS loop (`heuristic_playouts.compiled_agent`)."""


HeartsState.kernel_class = HeartsState
HeartsState.deal_class = Deal
HEARTS_DEALS = Binding(
    "parlour.games.hearts._deals", HeartsState,
    stands_in=("_choose_pass", "_start_play", "_score_deal", "_next_deal", "start_deal",
               "_begin", "_deal_begun", "_cards_dealt", "in_card_play", "is_terminal",
               "leave_undealt"),
    requires=(CARD_PLAY,))
"""Whole deals of Hearts in C (`_deals.pyx`): the passing, the card play, settling."""
HeartsState.deal_binding = HEARTS_DEALS
HeartsState.deal_kernel = compiled_switch.load("parlour.games.hearts._deals")
_undo_play = TrickState.undo_play
_undo_pass = HeartsState.undo_pass
HeartsState.short_apply_hooks = (*HeartsState.short_apply_hooks, "undo_pass")
HeartsState.short_apply = True


class Hearts(Game[HeartsState]):
    """Hearts for four players: avoid hearts and the Q♠, or take them all."""

    id = "hearts"
    name = "Hearts"
    description = "Four players avoid hearts and the Q♠ across deals to 100; shoot the moon."
    aliases = ("hearts.standard",)
    agents: ClassVar[Mapping[str, str]] = {
        "heuristic": "parlour.games.hearts.bots:HeartsHeuristic",
        "heuristic-v1": "parlour.games.hearts.bots_v1:HeartsHeuristic",
    }
    num_distinct_actions = 104
    encoding_class = "parlour.games.hearts.encoding:HeartsEncoding"
    search_opponents = "rollout"  # ISMCTS beats the heuristic only so (docs/search.md)
    move_feature_count = 45
    parameters = (
        Param("end_score", int, 100,
              "The game ends after the deal in which a total reaches this.", min=1,
              max=100_000),
        Param("passing", str, "left,right,across,none",
              "The pass directions, cycled by deal: a comma list of left, right, across, none."),
        Param("queen_breaks_hearts", bool, False, "Playing the Q♠ also breaks hearts."),
        Param("jack_of_diamonds", bool, False, "Taking the J♦ scores -10 points."),
        Param("moon", str, "add", "Shooting the moon: 'add' gives every opponent +26, "
              "'subtract' takes 26 off the shooter.", choices=("add", "subtract")),
    )

    end_score: int
    passing: str
    queen_breaks_hearts: bool
    jack_of_diamonds: bool
    moon: str

    def _check_params(self) -> None:
        cycle = [d.strip().lower() for d in self.passing.split(",")]
        for name in cycle:
            if name not in DIRECTIONS:
                raise ParameterError(
                    f"parameter 'passing' of game 'hearts' has unknown direction {name!r} in "
                    f"{self.passing!r}; expected a comma list of left, right, across, none"
                )
        # one spelling per cycle, so equal cycles make equal games and `spec` loads back
        passing = ",".join(cycle)
        object.__setattr__(self, "passing", passing)
        object.__setattr__(self, "params", MappingProxyType({**self.params, "passing": passing}))
        object.__setattr__(self, "_cycle", tuple(DIRECTIONS[d] for d in cycle))

    _cycle: tuple[int, ...]

    @property
    def num_players(self) -> int:
        return NUM_PLAYERS

    recall_moves = 64
    """A deal's moves: twelve passed cards and 52 played."""

    def action_is_public(self, action: Action) -> bool:
        """Cards played are seen by all; passed cards only by the passer (and receiver)."""
        return type(action) is Play

    # --- public hooks a variant may override ----------------------------------------------
    def pass_offset(self, deal: int) -> int:
        """Seats to the left that cards go to in deal `deal` (0: no passing)."""
        return self._cycle[deal % len(self._cycle)]

    def card_points(self, taken: int) -> int:
        """Penalty points of a set of taken cards."""
        points = (taken & HEARTS_MASK).bit_count() + (13 if taken & QS_BIT else 0)
        if self.jack_of_diamonds and taken & JD_BIT:
            points -= 10
        return points

    def score_deal(self, taken: Sequence[int]) -> tuple[tuple[int, ...], int | None]:
        """Points for each seat from the cards each took, and the moon shooter if any."""
        points = [self.card_points(m) for m in taken]
        shooter = next((p for p, m in enumerate(taken) if m & POINT_CARDS == POINT_CARDS), None)
        if shooter is not None:
            for p in range(NUM_PLAYERS):
                points[p] -= MOON_POINTS if p == shooter else 0
                if self.moon == "add" and p != shooter:
                    points[p] += MOON_POINTS
                elif self.moon == "subtract" and p == shooter:
                    points[p] -= MOON_POINTS
        return tuple(points), shooter

    def is_game_over(self, totals: Sequence[int]) -> bool:
        """True when the game ends after a deal with these totals."""
        return max(totals) >= self.end_score

    def deal_hands(self, seed: int, deal: int) -> list[int]:
        """The four hands of deal number `deal`, from the seed's deal stream only."""
        return seeded_deal(CARDS_52, derive_seed(seed, "deal", deal), (HAND_SIZE,) * NUM_PLAYERS)

    # --- the contract ---------------------------------------------------------------------
    def new_state(
        self, seed: int | None = None, hands: Sequence[str | int] | None = None, **setup: Any
    ) -> HeartsState:
        """A new game. `hands` fixes the first deal: four hands in card notation or as masks."""
        if setup:
            raise ParameterError(f"unknown setup argument(s) for hearts: {', '.join(setup)}")
        state = HeartsState(self, self._seed(seed))
        first = self.deal_hands(state.seed, 0) if hands is None else self._read_hands(hands)
        state.start_deal(first)
        return state

    def _read_hands(self, hands: Sequence[str | int]) -> list[int]:
        if len(hands) != NUM_PLAYERS:
            raise ParameterError(f"hearts needs {NUM_PLAYERS} hands, got {len(hands)}")
        return read_hands(hands, HAND_SIZE, DECK_52, "hearts")

    def setup_for_record(self, state: HeartsState) -> dict[str, Any]:
        first = next(m.action for m in state.history if isinstance(m.action, Deal))
        if list(first.hands) == self.deal_hands(state.seed, 0):
            return {}
        return {"hands": [format_cards(h) for h in first.hands]}

    def parse_action(self, text: str, state: HeartsState | Observation | None = None) -> Action:
        """Read ``Q♠`` (play), ``pass Q♠``; a bare rank where the hand allows only one card."""
        raw = text.strip()
        lowered = raw.lower()
        is_pass = lowered.startswith("pass")
        card_text = raw[4:] if is_pass else raw
        hand, follow, phase = _context(state)
        if is_pass and not card_text.strip():
            raise parse_error(text, "a card to pass, like 'pass Q♠'")
        try:
            card = parse_card(card_text, hand, follow)
        except NotationError as error:
            raise NotationError(f"{error} (reading Hearts action {text!r})") from None
        if card not in PLAY:
            raise parse_error(text, "a card of the 52-card deck")
        if is_pass or phase == PASSING:
            return PASS[card]
        return PLAY[card]

    def action_from_id(self, action_id: int) -> Action:
        return BY_ID[action_id]

    def move_features(self, observation: Observation, moves: Sequence[Action],
                      advice: Action) -> Any:
        """Features of each card play of `moves` (`parlour.games.hearts.features`)."""
        from parlour.games.hearts.features import move_features

        if not isinstance(observation, HeartsObservation) or observation.phase != "play":
            phase = getattr(observation, "phase", "?")
            raise ParlourError("hearts move features describe card plays: this observation "
                               f"is in phase {phase!r}")
        return move_features(observation, moves, advice)

    def hidden_deal(self, observation: Observation) -> HiddenDeal:
        """What `observation` fixes about the hands its seat cannot see (`sample_state` deals
        them): their sizes, the cards passed to a known seat, and the voids shown in play."""
        if not isinstance(observation, HeartsObservation):
            raise TypeError("hearts.hidden_deal needs a HeartsObservation")
        return _hidden_deal(self, observation)

    @deals_hidden
    def sample_state(self, observation: Observation, rng: Random) -> HeartsState:
        """A full state consistent with everything `observation`'s seat knows.

        Other hands are dealt from the unseen cards respecting hand sizes, the cards this seat
        passed (the receiver holds them until played), and every void shown in play: not
        following suit, leading a heart before hearts were broken, or playing a point card to
        the first trick. Later deals come from a fresh seed drawn from `rng`.
        """
        if not isinstance(observation, HeartsObservation):
            raise TypeError("hearts.sample_state needs a HeartsObservation")
        return _sample(self, observation, rng)


HeartsState.dealt_by = Hearts
if HeartsState.deal_kernel is not None:
    HeartsState.deal_kernel.bind(Deal, HEARTS_MASK, QS_BIT, JD_BIT, TWO_CLUBS_BIT, MOON_POINTS)
HEARTS_SETTLING = Binding(
    "parlour.games.hearts._deals", HeartsState, game_owner=Hearts,
    game_reads=("score_deal", "card_points", "is_game_over", "deal_hands", "pass_offset"),
    requires=(HEARTS_DEALS,))
"""The deal kernel settling a deal and dealing the next in C (`SETTLE`): a game overriding
one of these hooks has its deals settled by `_score_deal` in Python."""
HEARTS_STEP = step_binding("parlour.games.hearts._step", HeartsState, HEARTS_DEALS)
"""The compiled step of the `Match` path (`_step.pyx`)."""
HEARTS_HEURISTIC = Binding(
    "parlour.games.hearts._heuristic", HeartsState,
    reads=("observe", "points_taken", "play_compiled"), game_owner=Hearts,
    game_reads=("card_points",), requires=(HEARTS_DEALS,))
"""The compiled heuristic (`_heuristic.pyx`, `heuristic_playouts`): the agent's observation
goes through these."""
_STEP = compiled_switch.load("parlour.games.hearts._step")
"""The compiled step (`legal_actions`, `apply`, `apply_unchecked_no_undo` in C), or None."""
if _STEP is not None:
    _STEP.install(HeartsState, PLAY, PASS, TrickWon, _undo_play, _undo_pass, Hearts.card_points,
                  HEARTS_STEP.kept_by, _PASS_CHOSEN, HEARTS_MASK, QS_BIT, JD_BIT,
                  TWO_CLUBS_BIT)


def _context(state: HeartsState | Observation | None) -> tuple[int | None, int | None, int]:
    if isinstance(state, HeartsState):
        if state.current is None:
            return None, None, OVER
        lead = state.trick[0] >> 4 if state.trick else None
        return state.hands[state.current], lead, state.phase
    if isinstance(state, HeartsObservation):
        return int(state.hand), state.lead_suit, PHASE_NAMES.index(state.phase)
    return None, None, PLAYING


def _hidden_deal(game: Hearts, obs: HeartsObservation) -> HiddenDeal:
    seat = obs.seat
    breaks = HEARTS_MASK | (QS_BIT if game.queen_breaks_hearts else 0)
    everything = (*obs.tricks, (obs.leader, obs.trick))
    played_by, allowed = voids_shown(everything, NUM_PLAYERS, DECK_52, HEARTS_MASK, breaks)
    leader, first = everything[0]
    for i, card in enumerate(first[1:], start=1):
        if card >> 4 != first[0] >> 4 and (1 << card) & POINT_CARDS:
            allowed[(leader + i) % NUM_PLAYERS] &= POINT_CARDS  # a point card to trick 1
    played = 0
    for mask in played_by:
        played |= mask
    fixed = [0] * NUM_PLAYERS
    if obs.phase != "pass" and obs.pass_direction != "none":
        receiver = (seat + DIRECTIONS[obs.pass_direction]) % NUM_PLAYERS
        fixed[receiver] = int(obs.passed) & ~played
    known: list[int | None] = [None] * NUM_PLAYERS
    known[seat] = int(obs.hand)
    sizes = [HAND_SIZE - len(obs.tricks)
             - (1 if (p - obs.leader) % NUM_PLAYERS < len(obs.trick) else 0)
             for p in range(NUM_PLAYERS)]
    return HiddenDeal(tuple(known), tuple(sizes), DECK_52, played, tuple(allowed), tuple(fixed))


def _sample(game: Hearts, obs: HeartsObservation, rng: Random) -> HeartsState:
    seat = obs.seat
    taken = [0] * NUM_PLAYERS
    for leader, cards in obs.tricks:
        winner = (leader + winner_no_trump(cards)) % NUM_PLAYERS
        for c in cards:
            taken[winner] |= 1 << c
    exchanged = obs.phase != "pass" and obs.pass_direction != "none"
    hands = _hidden_deal(game, obs).deal(rng)

    state = HeartsState(game, rng.getrandbits(63))
    state.deal = obs.deal
    state.phase = PHASE_NAMES.index(obs.phase)
    state.hands = hands
    state.received = [0] * NUM_PLAYERS
    state.received[seat] = int(obs.received)
    state.passes = [0] * NUM_PLAYERS
    state.passes[seat] = int(obs.passed)
    state.direction = DIRECTIONS[obs.pass_direction]
    if obs.phase == "pass" and obs.current_player is not None:
        # seats before the current one have chosen three cards each; pick them at random
        for p in range(obs.current_player):
            if p != seat:
                pool = rng.sample(sorted(CardSet(hands[p])), PASS_SIZE)
                state.passes[p] = sum(1 << c for c in pool)
    if exchanged:
        # the two exchanges this seat took part in are known; the other two stay empty
        giver = (seat - state.direction) % NUM_PLAYERS
        state.passes[giver] = int(obs.received)
        state.received[(seat + state.direction) % NUM_PLAYERS] = int(obs.passed)
    state.leader = obs.leader
    state.trick = obs.trick
    state.tricks = obs.tricks
    state.taken = taken
    state.broken = obs.hearts_broken
    state.totals = obs.scores
    state.results = obs.deal_results
    state.current = obs.current_player
    return state
