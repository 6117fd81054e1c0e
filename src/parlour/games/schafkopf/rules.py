"""Schafkopf by the Schafkopfschule e.V. rules: `Schafkopf` (the rules) and `SchafkopfState`.

A deal: each seat from forehand says ``weiter`` or ``spiel``; of several players the highest
game wins (a later player must raise strictly above the holder, who may answer ``mit`` to keep
it), and the winner declares: a Rufspiel calling a Sau, Wenz, Farbsolo, their Touts, or Sie.
Then a round of Kontra (and Re after it) and eight tricks; settled by the tariff. All four
passing throws the deal in or plays a Ramsch (`all_pass`). A series is `deals` deals, the deal
passing left. See docs/rules/schafkopf.md.

The card play is the general trick layer's (`ContractTrickState`): each game type's follow and
power tables (`play_tables.TABLES`), four seats, the sides (hidden in a Rufspiel until the
called Sau shows, fixed in a solo, each alone in a Ramsch) and the called Sau as the layer's
`restricted` card while its suit is unsearched, its duties in `restricted_legal_mask`. So the
random playouts of search run compiled (`cards/_layer.pyx`) with no Cython of Schafkopf's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from random import Random
from typing import Any, ClassVar

from parlour.cards import CARDS_32, Card, CardSet, parse_cards, read_hands
from parlour.cards.contract_state import ContractTrickState
from parlour.cards.seating import Seating, Teams
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
from parlour.games.schafkopf.actions import (
    BY_ID,
    CALLABLE,
    CONTRACT,
    KONTRA,
    MIT,
    NUM_ACTIONS,
    PLAY,
    RAISE,
    RAMSCH,
    RE,
    RUFSPIEL,
    SIE,
    SPIEL,
    WEITER,
    Contract,
    Play,
    SchafkopfAction,
    card_name,
)
from parlour.games.schafkopf.events import (
    AllPassed,
    GameDeclared,
    HandDealt,
    PartnerRevealed,
    SchafkopfDealScored,
    SchafkopfDealStarted,
    Spoke,
    TrickWon,
)
from parlour.games.schafkopf.notation import parse_schafkopf_action
from parlour.games.schafkopf.observation import SchafkopfObservation
from parlour.games.schafkopf.play_tables import TABLES, UNDECLARED, GameTables
from parlour.games.schafkopf.scoring import (
    DealResult,
    Outcome,
    Tariff,
    game_value,
    outcome,
    paid_laufende,
    settle,
    settle_ramsch,
)
from parlour.games.schafkopf.tables import (
    DECK,
    HAND_SIZE,
    MEMBERS,
    OBERS,
    SAU,
    UNTERS,
    card_points,
    laufende,
)

AUCTION, RAISING, ANSWER, DECLARE, KONTRA_PHASE, RE_PHASE, PLAY_PHASE, OVER = range(8)
PHASE_NAMES = ("auction", "raise", "answer", "declare", "kontra", "re", "play", "over")
PLAYERS = 4
SEATING = Seating(PLAYERS)
ALONE = Teams.alone(PLAYERS)
"""The sides before a game is declared, and in a Ramsch: each seat alone."""
NO_SEAT = -1
TIEBREAK = 2.0
"""The most a deal's card points add to a playout's value for search (below any tariff)."""


class Deal(Action):
    """The chance move that deals a hand: the dealer and each seat's eight cards."""

    __slots__ = ("dealer", "hands")
    dealer: int
    hands: tuple[int, ...]

    def __init__(self, dealer: int, hands: Sequence[int]) -> None:
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "hands", tuple(hands))

    def __str__(self) -> str:
        hands = " | ".join(" ".join(card_name(c) for c in CARDS_32 if h >> c & 1)
                           for h in self.hands)
        return f"deal by seat {self.dealer}: {hands}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and (other.dealer, other.hands) == (self.dealer, self.hands)

    def __hash__(self) -> int:
        return hash((self.dealer, self.hands))


class _DealToCome(Deal):
    """A `Deal` whose hands are dealt on first read (`Schafkopf.deal_cards`): the next deal
    of a quiet state, which a playout stopping at the deal's end never looks at. Equal to the
    deal it becomes, and pickled as one (`parlour.cards.undealt`)."""

    __slots__ = ("_game", "_number", "_seed")

    def __init__(self, dealer: int, game: Schafkopf, seed: int, number: int) -> None:
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "_seed", seed)
        object.__setattr__(self, "_number", number)

    def __getattr__(self, name: str) -> Any:
        if name != "hands":
            raise AttributeError(f"'Deal' object has no attribute {name!r}")
        hands = tuple(self._game.deal_cards(self._seed, self._number, self.dealer))
        object.__setattr__(self, "hands", hands)
        return hands

    def __reduce__(self) -> tuple[Any, ...]:
        return (Deal, (self.dealer, self.hands))


@cache
def declaring_side(declarer: int, partner: int = NO_SEAT) -> Teams:
    """The sides once a game is declared (side 1 the declaring one): a solo's fixed, a
    Rufspiel's hidden but for the declarer until the partner shows."""
    side = tuple(int(seat in (declarer, partner)) for seat in range(PLAYERS))
    if partner < 0:
        return Teams.fixed(side)
    return Teams.hidden(side, revealed=1 << declarer)


def has_sie(hand: int) -> bool:
    """True for a hand of all four Ober and all four Unter."""
    return hand & (OBERS | UNTERS) == OBERS | UNTERS


def may_call(hand: int, suit: int) -> bool:
    """A Rufspiel may call the Sau of `suit` (Eichel, Gras, Schellen): the caller lacks it and
    holds a card of its suit that is no trump (its Ober and Unter do not count)."""
    sau = suit << 4 | SAU
    return suit in CALLABLE and not hand >> sau & 1 and bool(hand & MEMBERS[2][suit])


class SchafkopfState(ContractTrickState["Schafkopf"]):
    """A whole Schafkopf series in progress, deal after deal, with every deal's result kept.

    `contract` holds the layer's tables of the game being played (`GameTables`, with the
    game `declared`); `tricks` this deal's finished tricks as ``(leader, cards)``."""

    __slots__ = (
        "auction", "challengers", "claim", "deal", "dealer", "dealt", "declarer",
        "first_dealer", "holder", "kontra", "partner", "pending", "phase", "queue", "re",
        "results", "taken", "totals", "won",
    )

    contract: GameTables
    dealt_lazily: ClassVar[frozenset[str]] = frozenset(("hands", "dealt"))
    """The fields a deal to come leaves unset until one is read (`leave_undealt`)."""

    def __init__(self, game: Schafkopf, seed: int, first_dealer: int = PLAYERS - 1) -> None:
        super().__init__(game, seed)
        self.init_layer(SEATING, UNDECLARED, ALONE)
        self.first_dealer = first_dealer
        self.deal = 0
        self.dealer = first_dealer
        self.phase = AUCTION
        self.current = None
        self.dealt: tuple[int, ...] = (0,) * PLAYERS
        self.auction: tuple[tuple[int, SchafkopfAction], ...] = ()
        self.holder = NO_SEAT
        self.claim = RUFSPIEL
        self.pending = 0
        self.challengers: tuple[int, ...] = ()
        self.queue: tuple[int, ...] = ()
        self.declarer = NO_SEAT
        self.partner = NO_SEAT
        self.kontra = NO_SEAT
        self.re = NO_SEAT
        self.taken: tuple[int, ...] = (0,) * PLAYERS
        self.won: tuple[int, ...] = (0,) * PLAYERS
        self.totals: tuple[int, ...] = (0,) * PLAYERS
        self.results: tuple[DealResult, ...] = ()

    # --- snapshots ------------------------------------------------------------------------
    def _snapshot(self) -> Any:
        return (self.deal, self.dealer, self.phase, self.current, tuple(self.hands), self.dealt,
                self.auction, self.holder, self.claim, self.pending, self.challengers,
                self.queue, self.declarer, self.contract, self.partner, self.teams,
                self.seating, self.restricted, self.kontra, self.re, self.leader, self.trick,
                self.tricks, self.taken, self.won, self.totals, self.results)

    def _restore(self, s: Any) -> None:
        (self.deal, self.dealer, self.phase, self.current, hands, self.dealt, self.auction,
         self.holder, self.claim, self.pending, self.challengers, self.queue, self.declarer,
         self.contract, self.partner, self.teams, self.seating, self.restricted, self.kontra,
         self.re, self.leader, self.trick, self.tricks, self.taken, self.won, self.totals,
         self.results) = s
        self.hands = list(hands)
        self._legal = -1
        if self.undealt:  # every field restored: it is dealt
            self._now_dealt()

    def _copy_into(self, other: Any) -> None:
        other.first_dealer = self.first_dealer
        super()._copy_into(other)

    # --- reading ----------------------------------------------------------------------------
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
        """The seat left of the dealer: it speaks first and leads the first trick."""
        return (self.dealer + 1) % PLAYERS

    @property
    def declared(self) -> Contract | None:
        """The game being played (None before one is declared)."""
        return self.contract.declared

    @property
    def revealed(self) -> bool:
        """True once the Rufspiel's partner is known to the table."""
        return self.partner >= 0 and bool(self.teams.revealed >> self.partner & 1)

    @property
    def order(self) -> int:
        """The trump order of the contract being played (Herz's before one is declared)."""
        declared = self.declared
        return 2 if declared is None else declared.order

    @property
    def called_card(self) -> int | None:
        """The called Sau of a Rufspiel, or None."""
        contract = self.declared
        if contract is None or contract.kind != RUFSPIEL:
            return None
        return contract.suit << 4 | SAU

    def party(self) -> tuple[int, ...]:
        """The declaring side: the soloist, or the declarer and his partner (none in Ramsch)."""
        if self.declarer < 0:
            return ()
        if self.partner >= 0:
            return (self.declarer, self.partner)
        return (self.declarer,)

    def searched(self) -> bool:
        """True once the called Sau's suit was led in a finished trick (its duties are over);
        until then the Sau is the layer's `restricted` card."""
        return not self.restricted

    def scores(self) -> tuple[int, ...]:
        return self.totals

    def returns(self) -> tuple[float, ...]:
        """Each seat's winnings over the series, in the tariff's unit."""
        return tuple(float(t) for t in self.totals)

    def winners(self) -> tuple[int, ...]:
        if self.phase != OVER:
            return ()
        best = max(self.totals)
        return tuple(p for p in range(PLAYERS) if self.totals[p] == best)

    def tiebreak(self) -> tuple[float, ...] | None:
        """The last deal's card points beyond 60 for the declaring side, against the others
        (at most `TIEBREAK`): of two won games, search prefers the one with more points."""
        if not self.results or self.results[-1].declarer is None:
            return None
        result = self.results[-1]
        margin = TIEBREAK * (result.card_points - 60) / 60
        side = (result.declarer, result.partner)
        return tuple(margin if p in side else -margin for p in range(PLAYERS))

    # --- legality -------------------------------------------------------------------------
    def legal_mask(self) -> int:
        """The cards the current player may play (0 outside the play); cached per position:
        the layer's following by the game's tables (`compute_legal_mask`)."""
        if self.phase != PLAY_PHASE:
            return 0
        legal = self._legal
        if legal < 0:
            legal = self._legal = self.compute_legal_mask()
        return legal

    def restricted_legal_mask(self) -> int:
        """The holder of the unsearched called Sau (the `restricted` card): he must lead it to
        lead its suit unless he may run away (4 or more cards of the suit); it must fall when
        another leads the suit; it may not be thrown on another suit."""
        hand: int = self.hands[self.current]  # type: ignore[index]
        sau = self.restricted
        follow = self.contract.follow
        suit_cards = hand & follow[sau.bit_length() - 1]
        trick = self.trick
        if not trick:
            if suit_cards.bit_count() >= 4:
                return hand
            return hand & ~(suit_cards & ~sau)
        led = follow[trick[0]]
        if led & sau:
            return sau
        return hand & led or hand & ~sau or hand

    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase == PLAY_PHASE:
            mask = self.legal_mask()
            return tuple(PLAY[c] for c in CARDS_32 if mask >> c & 1)
        if phase == AUCTION:
            return (WEITER, SPIEL)
        if phase == RAISING:
            hand = self.hands[self.current]  # type: ignore[index]
            return (WEITER, *(RAISE[k] for k in RAISE if k > self.claim
                              and (k != SIE or has_sie(hand))))
        if phase == ANSWER:
            hand = self.hands[self.holder]
            return (MIT, WEITER) if self.pending != SIE or has_sie(hand) else (WEITER,)
        if phase == DECLARE:
            hand = self.hands[self.holder]
            return tuple(c for c in CONTRACT.values() if self._may_declare(c, hand))
        if phase == KONTRA_PHASE:
            return (WEITER, KONTRA) if self.current != self.partner else (WEITER,)
        if phase == RE_PHASE:
            return (WEITER, RE) if self.current in self.party() else (WEITER,)
        return ()

    def _may_declare(self, contract: Contract, hand: int) -> bool:
        if contract.kind < self.claim:
            return False
        if contract.kind == RUFSPIEL:
            return may_call(hand, contract.suit)
        if contract.kind == SIE:
            return has_sie(hand)
        return True

    def is_legal(self, action: Action) -> bool:
        if type(action) is Play:
            return bool(self.legal_mask() >> action.card & 1)
        return action in self.legal_actions()

    def why_illegal(self, action: Action) -> str | None:
        if self.is_terminal:
            return "the game is over"
        if self.is_legal(action):
            return None
        from parlour.games.schafkopf.reasons import reason

        return reason(self, action)

    # --- moves ----------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self._legal = -1
        phase = self.phase
        if phase == PLAY_PHASE:
            self._play(action.card)  # type: ignore[attr-defined]
            return
        seat: int = self.current  # type: ignore[assignment]
        if not self.quiet:
            if isinstance(action, Contract):
                self.emit(GameDeclared(seat=seat, contract=action.title))
            else:
                self.emit(Spoke(seat=seat, word=str(action)))
        self.auction = (*self.auction, (seat, action))  # type: ignore[arg-type]
        if phase == AUCTION:
            self._first_round(seat)
        elif phase == RAISING:
            if action is WEITER:
                self._next_challenger()
            else:
                self.pending = action.kind  # type: ignore[attr-defined]
                self.phase, self.current = ANSWER, self.holder
        elif phase == ANSWER:
            challenger = self.challengers[0]
            if action is MIT:
                self.claim = self.pending
                self.phase, self.current = RAISING, challenger
            else:
                self.holder, self.claim = challenger, self.pending
                self._next_challenger()
        elif phase == DECLARE:
            self._declare(seat, action)  # type: ignore[arg-type]
        elif phase == KONTRA_PHASE:
            if action is KONTRA:
                self.kontra = seat
                self.queue = tuple(p for p in self._from_forehand()
                                   if p != seat and (p in self.party() or self.partner >= 0))
                self._ask(RE_PHASE)
            else:
                self._ask(KONTRA_PHASE)
        elif phase == RE_PHASE:
            if action is RE:
                self.re = seat
                if seat == self.partner:
                    self._reveal()
                self.queue = ()
                self._ask(RE_PHASE)
            else:
                self._ask(RE_PHASE)

    def _from_forehand(self) -> tuple[int, ...]:
        return tuple((self.forehand + i) % PLAYERS for i in range(PLAYERS))

    def _first_round(self, seat: int) -> None:
        if seat != self.dealer:
            self.current = (seat + 1) % PLAYERS
            return
        players = tuple(p for p, word in self.auction if word is SPIEL)
        if not players:
            self.game.on_all_passed(self)
            return
        self.holder, self.claim, self.challengers = players[0], RUFSPIEL, players
        self._next_challenger()

    def _next_challenger(self) -> None:
        """The next later player challenges the holder, or the holder declares."""
        rest = tuple(p for p in self.challengers[1:] if p != self.holder)
        if rest:
            self.challengers = rest
            self.phase, self.current = RAISING, rest[0]
            return
        self.challengers = ()
        self.phase, self.current = DECLARE, self.holder

    def _declare(self, seat: int, contract: Contract) -> None:
        self.declarer = seat
        self.set_contract(TABLES[contract.kind, contract.suit])
        called = self.called_card
        if called is not None:
            self.partner = next(p for p in range(PLAYERS) if self.hands[p] >> called & 1)
            self.set_teams(declaring_side(seat, self.partner))
            self.set_restricted(1 << called)  # its duties hold until its suit is searched
        else:
            self.set_teams(declaring_side(seat))
        if contract.kind == SIE:
            self._score()
            return
        if self.game.kontra and self.game.kontra_round == "before-lead":
            self._ask_kontra()
        else:
            self._start_play()

    def _ask_kontra(self) -> None:
        """The doubling round: each other seat from forehand, until one says Kontra."""
        self.queue = tuple(p for p in self._from_forehand() if p != self.declarer)
        self._ask(KONTRA_PHASE)

    def _ask(self, phase: int) -> None:
        """Ask the next seat of `queue` for Kontra or Re, or (none left) go on with the play."""
        if not self.queue:
            if self.trick:  # asked after the lead: the second card is next
                self.queue = ()
                self.phase, self.current = PLAY_PHASE, (self.leader + 1) % PLAYERS
            else:
                self._start_play()
            return
        self.phase, self.current = phase, self.queue[0]
        self.queue = self.queue[1:]

    def _start_play(self) -> None:
        self.queue = ()
        self.phase = PLAY_PHASE
        self.start_tricks(self.forehand)

    def in_card_play(self) -> bool:
        """True while the cards are played and the next card is only a card (the layer's
        promise), so not for the first lead where Kontra is asked once it is made
        (`kontra_round` ``after-lead``), nor for a card of the partner while unknown (it may
        show the partner): those are played in Python. The compiled playouts ask this once a
        trick, so a hidden partner's card that does not lead may be played there; `_trick_won`
        shows the partner at the trick's end, which is all a quiet playout sees."""
        return self.phase == PLAY_PHASE and bool(
            self.tricks or self.trick or not self._doubling_after_lead()) and not (
            self.current == self.partner and not self.revealed)

    def play_ramsch(self) -> None:
        """Play this deal as a Ramsch: Rufspiel's trumps, each seat for itself."""
        self.emit(AllPassed(ramsch=True))
        self.set_contract(TABLES[RAMSCH, -1])
        self._start_play()

    def throw_in(self) -> None:
        """Nobody plays: no score, the next dealer deals."""
        self.emit(AllPassed(ramsch=False))
        self._finish(DealResult(self.deal, "", None, None, None, 0, False, False, 0, 0, 0,
                                (0,) * PLAYERS))

    def _doubling_after_lead(self) -> bool:
        """True where Kontra is asked once the first card is led (`kontra_round`)."""
        game = self.game
        return game.kontra and game.kontra_round == "after-lead" and self.declarer >= 0

    def _reveal(self) -> None:
        if not self.revealed:
            self.reveal_side(self.partner)
            self.emit(PartnerRevealed(seat=self.partner))

    def _reveals(self, seat: int, card: int, lead: bool) -> bool:
        """True if `seat` playing `card` (`lead`: to an empty trick) shows the partner: the
        called Sau falls, or its holder runs away with another card of its suit."""
        called = self.called_card
        return called is not None and seat == self.partner and not self.revealed and (
            card == called or (lead and bool(self.contract.follow[card] >> called & 1)))

    def _play(self, card: Card) -> None:
        """The layer plays the card (`play_card`); a card that does not end the trick may show
        the partner now, and the first lead may open the Kontra round (`in_card_play` keeps
        that lead out of the compiled playouts). What a full trick does is in `_trick_won`."""
        seat: int = self.current  # type: ignore[assignment]
        lead = not self.trick
        self.play_card(card)
        if not self.trick:
            return
        if self._reveals(seat, card, lead):
            self._reveal()
        if lead and not self.tricks and self._doubling_after_lead():
            self._ask_kontra()

    def _trick_won(self, leader: int, cards: tuple[Card, ...], winner: int) -> None:
        """Show the partner if this trick did (its last card, or any in the compiled
        playouts), count the trick, end the called Sau's duties once its suit was led, and
        score the deal after the last trick (or a Tout's first lost one)."""
        partner = self.partner
        if partner >= 0 and not self.revealed:  # only the partner holds the Sau
            sau = self.called_card
            assert sau is not None
            if sau in cards or (leader == partner and self.contract.follow[cards[0]] >> sau & 1):
                self._reveal()
        mask = 0
        for c in cards:
            mask |= 1 << c
        taken = list(self.taken)
        taken[winner] |= mask
        won = list(self.won)
        won[winner] += 1
        self.taken, self.won = tuple(taken), tuple(won)
        if self.restricted and self.contract.follow[cards[0]] & self.restricted:
            self.set_restricted(0)  # the called suit was searched
        if not self.quiet:
            self.emit(TrickWon(trick=len(self.tricks) - 1, leader=leader, cards=cards,
                               winner=winner, points=card_points(mask)))
        contract = self.declared
        assert contract is not None
        if len(self.tricks) == HAND_SIZE or (contract.is_tout and winner != self.declarer):
            self._score()

    # --- settling ---------------------------------------------------------------------------
    def _score(self) -> None:
        contract = self.declared
        assert contract is not None
        game = self.game
        tariff = game.tariff
        if contract.kind == RAMSCH:
            ramsch = settle_ramsch(tuple(card_points(t) for t in self.taken), self.won, tariff,
                                   game.ramsch_tie, game.ramsch_jungfrau)
            self._finish(DealResult(self.deal, "Ramsch", None, None, None, 0, False, False,
                                    0, 0, tariff.ramsch, ramsch.points))
            return
        party = self.party()
        mask = 0
        dealt = 0
        tricks = 0
        for p in party:
            mask |= self.taken[p]
            dealt |= self.dealt[p]
            tricks += self.won[p]
        run = paid_laufende(contract.kind, laufende(dealt, contract.order), game.laufende_min,
                            game.laufende_min_wenz)
        if contract.kind == SIE:
            result = Outcome(True, False, False)
            points = 120
        elif contract.is_tout:
            points = card_points(mask)
            result = Outcome(tricks == HAND_SIZE, False, False)
        else:
            points = card_points(mask)
            result = outcome(points, tricks)
        doublings = (self.kontra >= 0) + (self.re >= 0)
        value = game_value(contract.kind, tariff, result, run, doublings)
        gains = settle(contract.kind, party, result.won, value)
        self._finish(DealResult(
            self.deal, contract.title, self.declarer, self.partner if self.partner >= 0 else None,
            result.won, points, result.schneider, result.schwarz, run, doublings, value, gains))

    def _finish(self, result: DealResult) -> None:
        self.results = (*self.results, result)
        self.totals = tuple(t + g for t, g in zip(self.totals, result.points, strict=True))
        if not self.quiet:
            self.emit(SchafkopfDealScored(deal=self.deal, points=result.points,
                                          totals=self.totals, result=result))
        if self.deal + 1 >= self.game.deals:
            self.phase, self.current = OVER, None
            if not self.quiet:
                self.emit(GameOver(scores=self.totals, returns=self.returns(),
                                   winners=self.winners()))
            return
        deal, dealer, game = self.deal + 1, (self.dealer + 1) % PLAYERS, self.game
        if self.quiet and type(game).deal_cards is Schafkopf.deal_cards:
            self._begin(deal, _DealToCome(dealer, game, self.seed, deal))
        else:
            self.start_deal(deal, dealer, game.deal_cards(self.seed, deal, dealer))

    def start_deal(self, deal: int, dealer: int, hands: Sequence[int]) -> None:
        """Begin deal number `deal` by `dealer` with `hands` (by seat)."""
        self._begin(deal, Deal(dealer, hands))

    def _begin(self, deal: int, dealt: Deal) -> None:
        """Begin deal number `deal` as `dealt`; a deal to come (quiet states) leaves `hands`
        and `dealt` unset until one is read (`parlour.cards.undealt`)."""
        self.record_chance(dealt)
        self.deal, dealer = deal, dealt.dealer
        self.dealer = dealer
        if type(dealt) is _DealToCome:
            if self.undealt:  # the last deal's cards were never read (all passed)
                self._coming = dealt
            else:
                del self.dealt
                self.leave_undealt(dealt)
        else:
            hands = dealt.hands
            self.hands, self.dealt = list(hands), tuple(hands)
            if self.undealt:
                self._now_dealt()
        self.phase, self.current = AUCTION, self.forehand
        self.auction, self.holder, self.claim, self.pending = (), NO_SEAT, RUFSPIEL, 0
        self.challengers = self.queue = ()
        self.declarer, self.partner = NO_SEAT, NO_SEAT
        self.set_contract(UNDECLARED)
        self.set_teams(ALONE)
        self.set_restricted(0)
        self.kontra = self.re = NO_SEAT
        self.leader, self.trick, self.tricks = self.forehand, (), ()
        self.taken = self.won = (0,) * PLAYERS
        if not self.quiet:
            self.emit(SchafkopfDealStarted(deal=deal, dealer=dealer, forehand=self.forehand))
            for seat, hand in enumerate(dealt.hands):
                self.emit(HandDealt(seat=seat, cards=CardSet(hand),
                                    visible_to=frozenset((seat,))))

    def _cards_dealt(self) -> None:
        self.dealt = tuple(self.hands)

    # --- observing ---------------------------------------------------------------------------
    def tricks_won_by(self) -> tuple[tuple[int, tuple[Card, ...], int], ...]:
        """This deal's finished tricks as ``(leader, cards, winner)``: each winner led the
        next trick, the last one leads now."""
        tricks = self.tricks
        winners = [leader for leader, _ in tricks[1:]] + [self.leader]
        return tuple((leader, cards, winner)
                     for (leader, cards), winner in zip(tricks, winners, strict=False))

    def known_partner(self, seat: int) -> int | None:
        """The Rufspiel partner as `seat` knows him (see `SchafkopfObservation.partner`)."""
        if self.partner < 0:
            return None
        if self.revealed or seat == self.partner or self.phase == OVER:
            return self.partner
        return None

    def observe(self, seat: int) -> SchafkopfObservation:
        phase = self.phase
        return SchafkopfObservation(
            seat=seat, current_player=self.current,
            legal_actions=tuple(self.legal_actions()) if seat == self.current else (),
            deal=self.deal, dealer=self.dealer, phase=PHASE_NAMES[phase],
            hand=CardSet(self.hands[seat]),
            auction=tuple((p, str(a)) for p, a in self.auction),
            holder=self.holder if phase in (RAISING, ANSWER, DECLARE) else None,
            claim=self.claim, declarer=None if self.declarer < 0 else self.declarer,
            contract=self.declared, partner=self.known_partner(seat),
            kontra=None if self.kontra < 0 else self.kontra,
            re=None if self.re < 0 else self.re,
            leader=self.leader, trick=self.trick, tricks=self.tricks_won_by(),
            scores=self.totals,
            deal_results=self.results,
        )

    # --- checking ----------------------------------------------------------------------------
    def check_invariants(self) -> None:
        """The conservation laws: every card once in hands, tricks and the trick; equal hands;
        the partner holds (or held) the called Sau."""
        if self.phase == OVER:
            return
        held = 0
        for hand in self.hands:
            assert not held & hand, "a card is in two hands"
            held |= hand
        played = 0
        for _, cards in self.tricks:
            for c in cards:
                played |= 1 << c
        assert played == sum(self.taken), "the taken cards are not the tricks"
        for c in self.trick:
            played |= 1 << c
        assert not held & played and held | played == DECK, "cards were lost or created"
        assert sum(self.won) == len(self.tricks)
        for seat in range(PLAYERS):
            in_trick = 1 if (seat - self.leader) % PLAYERS < len(self.trick) else 0
            assert self.hands[seat].bit_count() == HAND_SIZE - len(self.tricks) - in_trick
        called = self.called_card
        if called is not None:
            assert self.partner != self.declarer and self.dealt[self.partner] >> called & 1


SchafkopfState.layer_class = SchafkopfState  # compiled playouts from the layer's tables
SchafkopfState.card_actions = PLAY


class Schafkopf(Game[SchafkopfState]):
    """Bavarian Schafkopf for four: Rufspiel, Wenz, Farbsolo, Tout and Sie; a series of deals."""

    id = "schafkopf"
    name = "Schafkopf"
    description = ("Bavarian Schafkopf (Schafkopfschule rules): Sauspiel with a called Sau, "
                   "Wenz, Farbsolo, Tout, Sie; Kontra and Re; a series of deals.")
    aliases = ("schafkopf.schafkopfschule",)
    agents: ClassVar[dict[str, str]] = {"heuristic": "parlour.games.schafkopf.bots:"
                                                     "SchafkopfHeuristic"}
    num_distinct_actions = NUM_ACTIONS
    encoding_class = "parlour.games.schafkopf.encoding:SchafkopfEncoding"
    console_view = "parlour.console.views.schafkopf:SchafkopfView"
    web_view = "parlour.web.views.schafkopf:SchafkopfWebView"
    console_renderer = "parlour.console.views.schafkopf:SchafkopfRenderer"
    parameters: ClassVar[tuple[Param, ...]] = (
        Param("deals", int, 4, "Deals in the series (thrown-in deals count); 4 is one round.",
              min=1),
        Param("all_pass", str, "redeal", "When all four pass: 'redeal' throws the deal in, "
              "'ramsch' plays it as a Ramsch.", choices=("redeal", "ramsch")),
        Param("kontra", bool, True, "Kontra (and Re after it) may double a game."),
        Param("kontra_round", str, "before-lead", "When the seats are asked for Kontra and "
              "Re: 'before-lead' (before the first card) or 'after-lead' (once the first card "
              "is led, the latest the rules allow).", choices=("before-lead", "after-lead")),
        Param("tariff_rufspiel", int, 10, "A Rufspiel's base value per opponent.", min=1),
        Param("tariff_solo", int, 50, "A solo's base value (Wenz, Farbsolo) per opponent.",
              min=1),
        Param("tariff_laufende", int, 10, "Each paid Laufender.", min=0),
        Param("tariff_schneider", int, 10, "Schneider (and Schwarz once more).", min=0),
        Param("tariff_ramsch", int, 20, "What a Ramsch loser pays each other seat.", min=1),
        Param("laufende_min", int, 3, "The least run of top trumps that pays (Rufspiel, "
              "Farbsolo).", min=1, max=14),
        Param("laufende_min_wenz", int, 2, "The least run of Unter that pays in a Wenz.",
              min=1, max=4),
        Param("ramsch_tie", str, "all", "Ramsch, tied for most points: 'all' lose, or the one "
              "with more 'tricks' loses.", choices=("all", "tricks")),
        Param("ramsch_jungfrau", bool, True, "Ramsch: each seat without a trick doubles the "
              "loser's payment."),
    )
    state_class: type[SchafkopfState] = SchafkopfState

    deals: int
    all_pass: str
    kontra: bool
    kontra_round: str
    tariff_rufspiel: int
    tariff_solo: int
    tariff_laufende: int
    tariff_schneider: int
    tariff_ramsch: int
    laufende_min: int
    laufende_min_wenz: int
    ramsch_tie: str
    ramsch_jungfrau: bool

    @property
    def num_players(self) -> int:
        return PLAYERS

    @property
    def tariff(self) -> Tariff:
        """The tariff parameters as one value."""
        return Tariff(self.tariff_rufspiel, self.tariff_solo, self.tariff_laufende,
                      self.tariff_schneider, self.tariff_ramsch)

    # --- public hooks an extension may override -------------------------------------------
    def on_all_passed(self, state: SchafkopfState) -> None:
        """All four passed: throw the deal in, or play a Ramsch (`all_pass`)."""
        if self.all_pass == "ramsch":
            state.play_ramsch()
        else:
            state.throw_in()

    def deal_cards(self, seed: int, deal: int, dealer: int) -> list[int]:
        """The hands by seat of deal number `deal`: the shuffled pack dealt four cards at a
        time from forehand, twice round."""
        pack = list(CARDS_32)
        make_rng(seed, "deal", deal).shuffle(pack)
        hands = [0] * PLAYERS
        for packet in range(8):
            seat = (dealer + 1 + packet) % PLAYERS
            for card in pack[4 * packet:4 * packet + 4]:
                hands[seat] |= 1 << card
        return hands

    # --- the contract -----------------------------------------------------------------------
    def new_state(self, seed: int | None = None, hands: Sequence[str | int] | None = None,
                  dealer: int | None = None, **setup: Any) -> SchafkopfState:
        """A new series. `hands` (four, by seat, in card notation or as masks) fixes the first
        deal; `dealer` deals it (default seat 3, so seat 0 is forehand)."""
        if setup:
            raise ParameterError(f"unknown setup argument(s) for {self.id}: {', '.join(setup)}")
        first = PLAYERS - 1 if dealer is None else dealer
        if not 0 <= first < PLAYERS:
            raise ParameterError(f"dealer must be a seat from 0 to 3, got {dealer!r}")
        state = self.state_class(self, self._seed(seed), first)
        if hands is None:
            dealt = self.deal_cards(state.seed, 0, first)
        else:
            if len(hands) != PLAYERS:
                raise ParameterError(f"schafkopf needs 4 hands (by seat), got {len(hands)}")
            dealt = read_hands([h if isinstance(h, int) else _read_hand(h) for h in hands],
                               HAND_SIZE, DECK, "schafkopf")
        state.start_deal(0, first, dealt)
        return state

    def setup_for_record(self, state: SchafkopfState) -> dict[str, Any]:
        first = next(m.action for m in state.history if isinstance(m.action, Deal))
        setup: dict[str, Any] = {}
        if state.first_dealer != PLAYERS - 1:
            setup["dealer"] = state.first_dealer
        if list(first.hands) != self.deal_cards(state.seed, 0, state.first_dealer):
            setup["hands"] = [" ".join(card_name(c) for c in CARDS_32 if h >> c & 1)
                              for h in first.hands]
        return setup

    def parse_action(self, text: str, state: SchafkopfState | Observation | None = None,
                     ) -> Action:
        """Read an action in Schafkopf notation (see `parlour.games.schafkopf.notation`)."""
        hand = legal = None
        raising = False
        if isinstance(state, SchafkopfState) and state.current is not None:
            hand, legal = state.hands[state.current], state.legal_mask()
            raising = state.phase == RAISING
        elif isinstance(state, SchafkopfObservation):
            hand, legal = int(state.hand), 0
            for action in state.legal_actions:
                if type(action) is Play:
                    legal |= 1 << action.card
            raising = state.phase == "raise"
        return parse_schafkopf_action(text, hand, legal, raising)

    def action_from_id(self, action_id: int) -> Action:
        return BY_ID[action_id]

    def sample_state(self, observation: Observation, rng: Random) -> SchafkopfState:
        """A full state consistent with everything `observation`'s seat knows: hand sizes,
        voids shown (by the contract's suits, Ober and Unter as trumps), the called Sau
        (not with the declarer, nor with a seat that gave Kontra or let its suit pass), and
        the declarer's card of the called suit."""
        from parlour.games.schafkopf.sampling import sample

        if not isinstance(observation, SchafkopfObservation):
            raise TypeError(f"{self.id}.sample_state needs a SchafkopfObservation")
        return sample(self, observation, rng)


def _read_hand(text: str) -> int:
    """A hand in Schafkopf notation (``EO GU HA S10 ...``, or the English notation)."""
    from parlour.games.schafkopf.notation import parse_schafkopf_card

    mask = 0
    words = text.replace(",", " ").split()
    try:
        for word in words:
            mask |= 1 << parse_schafkopf_card(word)
    except NotationError:
        return parse_cards(text)  # the English notation, suits shared: "AKQ♠ T♥"
    if mask.bit_count() != len(words):
        raise ParameterError(f"hand {text!r} repeats a card")
    return mask


__all__ = ["Deal", "Schafkopf", "SchafkopfState", "has_sie", "may_call"]
