"""Lone Hand: a small Euchre-like game written on the general trick layer, for the tests.

3 to 6 seats, the 24 cards from nine to ace, 5 cards each (4 at five seats, 3 at six). Each deal a
card is turned up: its suit is trump, with Euchre's bowers (the trump jack, then the jack of the
same colour, then A K Q 10 9). The seat after the dealer makes trump and leads; on odd deals it
goes alone and the seat two after it sits the hand out. Sides are fixed (even and odd seats);
each trick scores a point for the winner's side. The game writes no card-play code: the
contract, seating and teams are data on `ContractTrickState`, and naming its `layer_class`
gets it compiled playouts (`cards/_layer.pyx`) and the compiled `Match` step
(`cards/_layer_step.pyx`) without any Cython of its own. `CalledAce` adds a restricted card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar

from parlour.cards import CARD, Card, CardSet, format_card, format_cards, parse_card
from parlour.cards.actions import CardActionTable
from parlour.cards.contract import Contract
from parlour.cards.contract_state import ContractTrickState
from parlour.cards.deck import deal_by_keys
from parlour.cards.sampling import deal_hidden
from parlour.cards.seating import Seating, Teams
from parlour.cards.tricks import trick_mask
from parlour.core import (
    Action,
    Event,
    Game,
    GameOver,
    IdAction,
    NotationError,
    Observation,
    Param,
    ParameterError,
    make_rng,
)

DECK = sum(0x7E00 << 16 * suit for suit in range(4))
"""Nine to ace of each suit."""
CARDS = tuple(c for c in range(64) if DECK >> c & 1)
HAND_SIZES = {3: 5, 4: 5, 5: 4, 6: 3}
"""Cards each seat holds, by seats: some are always left for the turned-up card."""
INDEX = {card: i for i, card in enumerate(CARDS)}


def euchre_contract(trump: int) -> Contract:
    """`trump`'s suit with the bowers: the right (its jack) and the left (same colour's jack)."""
    bowers = [trump << 4 | 11, (3 - trump) << 4 | 11]
    rest = [trump << 4 | rank for rank in (14, 13, 12, 10, 9)]
    return Contract.ranked(DECK, bowers + rest, (14, 13, 12, 11, 10, 9), f"trump {trump}")


CONTRACTS = tuple(euchre_contract(trump) for trump in range(4))


class Play(IdAction):
    __slots__ = ("card",)
    card: Card

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", CARD[card])
        object.__setattr__(self, "_id", INDEX[card])

    def __str__(self) -> str:
        return format_card(self.card)


class Deal(Action):
    """The chance move: every seat's hand and the turned-up card (masks)."""

    __slots__ = ("hands", "turned")
    hands: tuple[int, ...]
    turned: int

    def __init__(self, hands: Sequence[int], turned: int) -> None:
        object.__setattr__(self, "hands", tuple(hands))
        object.__setattr__(self, "turned", turned)

    def __str__(self) -> str:
        return " | ".join(map(format_cards, self.hands)) + f"; up {format_cards(self.turned)}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and (other.hands, other.turned) == (self.hands,
                                                                           self.turned)

    def __hash__(self) -> int:
        return hash(self.hands)


PLAY = {card: Play(card) for card in CARDS}
PLAYS = CardActionTable(PLAY)


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickTaken(Event):
    leader: int
    cards: tuple[Card, ...]
    winner: int

    def describe(self) -> str:
        return f"seat {self.winner} takes {' '.join(map(format_card, self.cards))}"


@dataclass(frozen=True, slots=True, kw_only=True)
class LoneHandObservation(Observation):
    deal: int
    dealer: int
    turned: Card
    hand: CardSet
    sitting_out: int
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    points: tuple[int, ...]


class LoneHandState(ContractTrickState["LoneHand"]):
    __slots__ = ("deal", "dealer", "over", "points", "turned")

    def __init__(self, game: LoneHand, seed: int) -> None:
        super().__init__(game, seed)
        self.init_layer(Seating(game.players), CONTRACTS[0],
                        Teams.fixed(tuple(s % 2 for s in range(game.players))))
        self.deal = self.dealer = self.turned = 0
        self.over = False
        self.points: tuple[int, int] = (0, 0)
        """The tricks each side (even seats, odd seats) took this game."""

    def _snapshot(self) -> Any:
        return (tuple(self.hands), self.leader, self.trick, self.tricks, self.current,
                self.contract, self.seating, self.deal, self.dealer, self.turned, self.over,
                self.points)

    def _restore(self, s: Any) -> None:
        (hands, self.leader, self.trick, self.tricks, self.current, self.contract, self.seating,
         self.deal, self.dealer, self.turned, self.over, self.points) = s
        self.hands = list(hands)
        self._legal = -1

    @property
    def is_terminal(self) -> bool:
        return self.over

    def in_card_play(self) -> bool:
        return not self.over

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.players]

    def legal_actions(self) -> Sequence[Action]:
        return () if self.over else PLAYS(self.legal_mask())

    def is_legal(self, action: Action) -> bool:
        return (not self.over and isinstance(action, Play)
                and bool(self.legal_mask() >> action.card & 1))

    def why_illegal(self, action: Action) -> str | None:
        if self.is_legal(action):
            return None
        if self.over:
            return "the game is over"
        if not isinstance(action, Play):
            return "play a card"
        if not self.hands[self.current] >> action.card & 1:  # type: ignore[index]
            return f"seat {self.current} does not hold {action}"
        return f"must follow suit: {format_cards(self.legal_mask())} can be played"

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points[self.teams.side[s]] for s in range(self.players))

    def returns(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.scores())

    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        best = max(self.points)
        return tuple(s for s in range(self.players) if self.points[self.teams.side[s]] == best)

    def observe(self, seat: int) -> LoneHandObservation:
        return LoneHandObservation(
            seat=seat, current_player=self.current,
            legal_actions=tuple(self.legal_actions()) if seat == self.current else (),
            deal=self.deal, dealer=self.dealer, turned=CARD[self.turned],
            hand=CardSet(self.hands[seat]), sitting_out=self.seating.sitting_out,
            leader=self.leader, trick=self.trick, tricks=self.tricks, points=self.points)

    def _apply(self, action: Action) -> None:
        self._legal = -1
        self.play_card(action.card)  # type: ignore[attr-defined]

    def _trick_won(self, leader: int, cards: tuple[Card, ...], winner: int) -> None:
        side = self.teams.side[winner]
        self.points = (self.points[0] + (side == 0), self.points[1] + (side == 1))
        self.emit(TrickTaken(leader=leader, cards=cards, winner=winner))
        if len(self.tricks) < self.hand_size:
            return
        if self.deal + 1 == self.game.deals:
            self.over, self.current = True, None
            self.emit(GameOver(scores=self.scores(), returns=self.returns(),
                               winners=self.winners()))
        else:
            self.deal += 1
            self.start_deal()

    def start_deal(self) -> None:
        """Deal, turn up trump, seat the hand (the maker alone on odd deals) and lead."""
        n = self.players
        stock = len(CARDS) - n * self.hand_size
        *hands, rest = deal_by_keys(CARDS, make_rng(self.seed, "deal", self.deal),
                                    (self.hand_size,) * n + (stock,))
        turned = rest & -rest
        self.record_chance(Deal(hands, turned))
        self.hands, self.turned = list(hands), turned.bit_length() - 1
        self.dealer = self.deal % n
        maker = (self.dealer + 1) % n
        alone = 1 << (maker + 2) % n if self.deal % 2 else 0
        self.set_seating(Seating(n, alone))
        self.set_contract(CONTRACTS[self.turned >> 4])
        self.start_tricks(maker)

    def check_invariants(self) -> None:
        if self.over:
            return
        deal = next((m.action for m in reversed(self.history) if isinstance(m.action, Deal)),
                    None)
        dealt = sum(deal.hands) if deal else sum(self.hands) | trick_cards(self)
        self.check_trick_invariants(dealt, self.hand_size)
        assert sum(self.points) == len(self.tricks) + self._earlier_tricks()
        assert self.current is None or self.seating.plays(self.current)

    def _earlier_tricks(self) -> int:
        return self.deal * self.hand_size


def trick_cards(state: LoneHandState) -> int:
    """Every card played this deal, as a mask."""
    return trick_mask(state.trick) | sum(trick_mask(cards) for _, cards in state.tricks)


LoneHandState.layer_class = LoneHandState  # compiled playouts from the layer's tables
LoneHandState.card_actions = PLAY


class LoneHand(Game[LoneHandState]):
    """Lone Hand: Euchre's bowers, a maker who goes alone on odd deals."""

    id = "test.lonehand"
    name = "Lone Hand"
    description = "A test game on the general trick layer: bowers, a seat sitting out."
    agents: ClassVar[Mapping[str, str]] = {}
    num_distinct_actions = len(CARDS)
    parameters = (
        Param("players", int, 4, "Seats at the table.", min=3, max=6),
        Param("deals", int, 2, "Deals in a game.", min=1, max=10),
    )
    players: int
    deals: int

    @property
    def num_players(self) -> int:
        return self.players

    def new_state(self, seed: int | None = None, **setup: Any) -> LoneHandState:
        if setup:
            raise ParameterError(f"unknown setup argument(s) for {self.id}: {', '.join(setup)}")
        state = LoneHandState(self, self._seed(seed))
        state.start_deal()
        return state

    def parse_action(self, text: str,
                     state: LoneHandState | Observation | None = None) -> Action:
        try:
            return PLAY[parse_card(text)]
        except (NotationError, KeyError):
            raise NotationError(f"cannot read {text!r} as a Lone Hand card: expected a card "
                                "from nine to ace like Q♠") from None

    def action_from_id(self, action_id: int) -> Action:
        return PLAY[CARDS[action_id]]

    def sample_state(self, observation: Observation, rng: Random) -> LoneHandState:
        """Deal the unseen cards respecting the effective suits each seat failed to follow."""
        obs = observation
        assert isinstance(obs, LoneHandObservation)
        n = self.players
        seating = Seating(n, obs.sitting_out)
        contract = CONTRACTS[obs.turned >> 4]
        state = LoneHandState(self, rng.getrandbits(63))
        allowed = contract.voids_shown((*obs.tricks, (obs.leader, obs.trick)), seating, DECK)
        played = 1 << obs.turned | trick_mask(obs.trick)
        for _, cards in obs.tricks:
            played |= trick_mask(cards)
        size = state.hand_size
        sizes = [size if not seating.plays(s) else
                 size - len(obs.tricks) - seating.has_played(s, obs.leader, len(obs.trick))
                 for s in range(n)]
        known: list[int | None] = [None] * (n + 1)
        known[obs.seat] = int(obs.hand)
        stock = len(CARDS) - n * size - 1
        hands = deal_hidden(known, [*sizes, stock], DECK, played, [*allowed, DECK], rng)
        state.hands = hands[:n]
        state.deal, state.dealer, state.turned = obs.deal, obs.dealer, obs.turned
        state.seating, state.contract = seating, contract
        state.leader, state.trick, state.tricks = obs.leader, obs.trick, obs.tricks
        state.points = (obs.points[0], obs.points[1])
        state.current = obs.current_player
        state.over = obs.current_player is None
        return state


CALLED_ACE = 1 << parse_card("A♣")
"""The restricted card of `CalledAce`."""


class CalledAceState(LoneHandState):
    """Lone Hand with a restricted card, as Schafkopf's called ace: until it is played, its
    holder must play it when its effective suit is led and may not throw it on another."""

    __slots__ = ()

    def _snapshot(self) -> Any:
        return super()._snapshot(), self.restricted

    def _restore(self, s: Any) -> None:
        super()._restore(s[0])
        self.restricted = s[1]

    def start_deal(self) -> None:
        super().start_deal()
        self.set_restricted(CALLED_ACE)

    def restricted_legal_mask(self) -> int:
        hand: int = self.hands[self.current]  # type: ignore[index]
        ace = hand & self.restricted
        if not self.trick:
            return hand
        suit = self.contract.follow[self.trick[0]]
        if suit & ace:
            return ace
        return (hand & suit or hand) & ~ace or hand

    def _trick_won(self, leader: int, cards: tuple[Card, ...], winner: int) -> None:
        if trick_mask(cards) & self.restricted:
            self.set_restricted(0)
        super()._trick_won(leader, cards, winner)


class CalledAce(LoneHand):
    """Lone Hand whose ace of clubs is a restricted card (`CalledAceState`)."""

    id = "test.calledace"
    name = "Called Ace"

    def new_state(self, seed: int | None = None, **setup: Any) -> CalledAceState:
        if setup:
            raise ParameterError(f"unknown setup argument(s) for {self.id}: {', '.join(setup)}")
        state = CalledAceState(self, self._seed(seed))
        state.start_deal()
        return state
