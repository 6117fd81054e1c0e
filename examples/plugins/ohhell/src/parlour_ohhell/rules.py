"""Oh Hell: 3-5 players, hands of `cards` down to 1 card, a trump turned up, exact bids.

Each deal the player left of the dealer bids first; the dealer bids last and may not bid the
number that makes the bids add up to the tricks (the hook rule). A made bid scores 10 + bid, a
missed one 0. After the 1-card deal the highest total wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from parlour.cards import CARD, CARDS_52, DECK_52, Card, CardSet, format_cards, parse_card
from parlour.cards.deck import deal_by_keys
from parlour.cards.layer import Contract, ContractTrickState, Seating
from parlour.cards.sampling import deal_hidden
from parlour.cards.tricks import trick_mask, voids_shown
from parlour.core import (
    Action,
    Game,
    GameOver,
    NotationError,
    Observation,
    Param,
    ParameterError,
    make_rng,
)
from parlour_ohhell.parts import (
    BID,
    MAX_CARDS,
    PLAY,
    PLAYS,
    Bid,
    BidMade,
    Deal,
    HandDealt,
    OhHellDealScored,
    OhHellDealStarted,
    OhHellObservation,
    Play,
    TrickWon,
)

BIDDING, PLAYING, OVER = 0, 1, 2
PHASES, NO_BID = ("bid", "play", "over"), -1
TRUMPS = tuple(Contract.suits(DECK_52, suit) for suit in range(4))
"""The contract of each trump suit: follow suit, the highest trump else the highest card led."""


# --- the game in progress ---------------------------------------------------------------------
class OhHellState(ContractTrickState["OhHell"]):
    __slots__ = ("bids", "deal", "dealer", "phase", "totals", "turned", "won")

    def __init__(self, game: OhHell, seed: int) -> None:
        super().__init__(game, seed)
        self.init_layer(Seating(game.players), TRUMPS[0])
        self.deal = self.dealer = self.turned = 0
        self.phase = BIDDING
        self.bids: tuple[int, ...] = ()
        self.won: tuple[int, ...] = ()
        self.totals: tuple[int, ...] = (0,) * game.players

    def _snapshot(self) -> Any:
        return (tuple(self.hands), self.leader, self.trick, self.tricks, self.current,
                self.trump, self.deal, self.dealer, self.turned, self.phase, self.bids, self.won,
                self.totals)

    def _restore(self, s: Any) -> None:
        (hands, self.leader, self.trick, self.tricks, self.current, self.trump, self.deal,
         self.dealer, self.turned, self.phase, self.bids, self.won, self.totals) = s
        self.hands, self.contract = list(hands), TRUMPS[self.trump]
        self._legal = -1

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def hand_size(self) -> int:
        return self.game.cards - self.deal

    def hooked_bid(self) -> int | None:
        """The bid the dealer may not make (the bids would add up to the tricks), if any."""
        if self.current != self.dealer:
            return None
        hook = self.hand_size - sum(b for b in self.bids if b != NO_BID)
        return hook if hook >= 0 else None

    def in_card_play(self) -> bool:
        return self.phase == PLAYING

    def compute_legal_mask(self) -> int:
        return ContractTrickState.compute_legal_mask(self) if self.phase == PLAYING else 0

    def legal_actions(self) -> Sequence[Action]:
        if self.phase == PLAYING:
            return PLAYS(self.legal_mask())
        if self.phase == BIDDING:
            hook = self.hooked_bid()
            return tuple(b for b in BID[:self.hand_size + 1] if b.tricks != hook)
        return ()

    def is_legal(self, action: Action) -> bool:
        if isinstance(action, Play):
            return self.phase == PLAYING and bool(self.legal_mask() >> action.card & 1)
        return action in self.legal_actions()

    def why_illegal(self, action: Action) -> str | None:
        if self.is_legal(action):
            return None
        if self.phase == OVER:
            return "the game is over"
        if isinstance(action, Bid) and self.phase == BIDDING:
            if action.tricks == self.hooked_bid():
                return f"the dealer may not bid {action.tricks}: bids would equal the tricks"
            return f"bid 0 to {self.hand_size}"
        if not isinstance(action, Play):
            return "bid first" if self.phase == BIDDING else "play a card"
        if self.phase == BIDDING:
            return "bid first"
        hand = self.hands[self.current]  # type: ignore[index]
        if not hand >> action.card & 1:
            return f"seat {self.current} does not hold {action}"
        return f"must follow suit: {format_cards(self.legal_mask())} can be played"

    def scores(self) -> tuple[int, ...]:
        return self.totals

    def returns(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.totals)

    def winners(self) -> tuple[int, ...]:
        if self.phase != OVER:
            return ()
        return tuple(p for p, t in enumerate(self.totals) if t == max(self.totals))

    def observe(self, seat: int) -> OhHellObservation:
        return OhHellObservation(
            seat=seat, current_player=self.current,
            legal_actions=tuple(self.legal_actions()) if seat == self.current else (),
            deal=self.deal, dealer=self.dealer, phase=PHASES[self.phase], cards=self.hand_size,
            trump_card=CARD[self.turned], hand=CardSet(self.hands[seat]),
            bids=tuple(None if b == NO_BID else b for b in self.bids), leader=self.leader,
            trick=self.trick, tricks=self.tricks, tricks_won=self.won, scores=self.totals)

    def _apply(self, action: Action) -> None:
        self._legal = -1
        if self.phase == PLAYING:
            self.play_card(action.card)  # type: ignore[attr-defined]
            return
        bids = list(self.bids)
        bids[self.current] = action.tricks  # type: ignore[attr-defined, index]
        self.bids = tuple(bids)
        self.emit(BidMade(seat=self.current, tricks=action.tricks))  # type: ignore[arg-type, attr-defined]
        if NO_BID in bids:
            self.current = (self.current + 1) % self.players  # type: ignore[operator]
        else:
            self.phase = PLAYING
            self.start_tricks((self.dealer + 1) % self.players)

    def _trick_won(self, leader: int, cards: tuple[Card, ...], winner: int) -> None:
        self.won = tuple(w + (p == winner) for p, w in enumerate(self.won))
        self.emit(TrickWon(trick=len(self.tricks) - 1, leader=leader, cards=cards, winner=winner))
        if len(self.tricks) == self.hand_size:
            self._score_deal()

    def _score_deal(self) -> None:
        points = tuple(10 + b if b == w else 0 for b, w in zip(self.bids, self.won, strict=True))
        self.totals = tuple(t + p for t, p in zip(self.totals, points, strict=True))
        self.emit(OhHellDealScored(deal=self.deal, points=points, totals=self.totals,
                                   bids=self.bids, tricks=self.won))
        if self.deal + 1 == self.game.cards:
            self.phase, self.current = OVER, None
            self.emit(GameOver(scores=self.totals, returns=self.returns(), winners=self.winners()))
        else:
            self.deal += 1
            self.start_deal()

    def start_deal(self) -> None:
        """Deal `hand_size` cards each and turn up the next card: its suit is trump."""
        n, size = self.players, self.hand_size
        *hands, turned = deal_by_keys(CARDS_52, make_rng(self.seed, "deal", self.deal),
                                      (size,) * n + (1,))
        self.record_chance(Deal(tuple(hands), turned))
        self.hands, self.turned = list(hands), turned.bit_length() - 1
        self.trump = self.turned >> 4
        self.set_contract(TRUMPS[self.trump])
        self.dealer = self.deal % n
        self.bids, self.won = (NO_BID,) * n, (0,) * n
        self.phase, self.current = BIDDING, (self.dealer + 1) % n
        self.trick, self.tricks = (), ()
        self.emit(OhHellDealStarted(deal=self.deal, dealer=self.dealer, cards=size,
                                    trump_card=CARD[self.turned]))
        for seat, hand in enumerate(hands):
            self.emit(HandDealt(seat=seat, cards=CardSet(hand), visible_to=frozenset((seat,))))

    def check_invariants(self) -> None:
        if self.phase == OVER:
            return
        deal = next((m.action for m in reversed(self.history) if isinstance(m.action, Deal)), None)
        dealt = sum(deal.hands) if deal else sum(self.hands) | trick_cards(self)  # sampled world
        played = self.check_trick_invariants(dealt, self.hand_size)
        assert sum(self.won) == len(self.tricks) and not (played | dealt) >> self.turned & 1
        assert (NO_BID in self.bids) == (self.phase == BIDDING)


OhHellState.layer_class = OhHellState  # compiled playouts from the contract's tables
OhHellState.card_actions = PLAY


# --- the rules --------------------------------------------------------------------------------
class OhHell(Game[OhHellState]):
    """Oh Hell: bid exactly the tricks you will take."""

    id = "ohhell"
    name = "Oh Hell"
    description = "3-5 players bid their tricks exactly, hands shrinking to 1 card; trump up."
    agents: ClassVar[Mapping[str, str]] = {"heuristic": "parlour_ohhell.bots:OhHellHeuristic"}
    console_view = "parlour_ohhell.views:OhHellConsoleView"
    web_view = "parlour_ohhell.views:OhHellWebView"
    encoding_class = "parlour_ohhell.encoding:OhHellEncoding"
    num_distinct_actions = 52 + MAX_CARDS + 1
    parameters = (
        Param("players", int, 4, "Players at the table.", min=3, max=5),
        Param("cards", int, 7, "Cards in the first deal; each deal has one fewer, down to 1.",
              min=1, max=MAX_CARDS),
    )
    players: int
    cards: int

    @property
    def num_players(self) -> int:
        return self.players

    def action_is_public(self, action: Action) -> bool:
        """Bids and cards played are made in front of everyone."""
        return True

    def new_state(self, seed: int | None = None, **setup: Any) -> OhHellState:
        if setup:
            raise ParameterError(f"unknown setup argument(s) for ohhell: {', '.join(setup)}")
        state = OhHellState(self, self._seed(seed))
        state.start_deal()
        return state

    def parse_action(self, text: str, state: OhHellState | Observation | None = None) -> Action:
        """Read ``bid 2`` (or ``2`` while bidding) or a card (``Q♠``; a bare rank if only one
        card fits)."""
        words = text.lower().split()
        bidding = getattr(state, "phase", None) in (BIDDING, "bid")
        if words[:1] == ["bid"] or (bidding and len(words) == 1 and words[0].isascii()
                                    and words[0].isdigit()):
            number = words[-1]
            if not (number.isascii() and number.isdigit()) or int(number) > MAX_CARDS:
                raise NotationError(f"cannot read {text!r}: expected a bid like 'bid 2'")
            return BID[int(number)]
        hand = lead = None
        if isinstance(state, OhHellState) and state.current is not None:
            hand, lead = state.hands[state.current], state.lead_suit
        elif isinstance(state, OhHellObservation):
            hand, lead = int(state.hand), state.lead_suit
        try:
            return PLAY[parse_card(text, hand, lead)]
        except (NotationError, KeyError):
            raise NotationError(f"cannot read {text!r} as an Oh Hell action: expected a card "
                                f"like Q♠ or a bid like 'bid 2'") from None

    def action_from_id(self, action_id: int) -> Action:
        return PLAY[CARDS_52[action_id]] if action_id < 52 else BID[action_id - 52]

    def sample_state(self, observation: Observation, rng: Random) -> OhHellState:
        """Deal the unseen cards (other hands and the stock) respecting voids shown in play."""
        obs = observation
        assert isinstance(obs, OhHellObservation)
        n = self.players
        played_by, allowed = voids_shown((*obs.tricks, (obs.leader, obs.trick)), n, DECK_52)
        played = (1 << obs.trump_card) | sum(played_by)  # each card played by one seat
        state = OhHellState(self, rng.getrandbits(63))
        stock = 52 - n * obs.cards - 1
        known: list[int | None] = [int(obs.hand) if p == obs.seat else None for p in range(n + 1)]
        seats, trick = Seating(n), len(obs.trick)
        sizes = [obs.cards - len(obs.tricks) - seats.has_played(p, obs.leader, trick)
                 for p in range(n)]
        hands = deal_hidden(known, [*sizes, stock], DECK_52, played, [*allowed, DECK_52], rng)
        state.hands = hands[:n]
        state.deal, state.dealer, state.turned = obs.deal, obs.dealer, obs.trump_card
        state.trump, state.phase = obs.trump_card >> 4, PHASES.index(obs.phase)
        state.contract = TRUMPS[state.trump]
        state.bids = tuple(NO_BID if b is None else b for b in obs.bids)
        state.leader, state.trick, state.tricks = obs.leader, obs.trick, obs.tricks
        state.won, state.totals, state.current = obs.tricks_won, obs.scores, obs.current_player
        return state


def trick_cards(state: OhHellState) -> int:
    """Every card played this deal, as a mask."""
    return trick_mask(state.trick) | sum(trick_mask(cards) for _, cards in state.tricks)

