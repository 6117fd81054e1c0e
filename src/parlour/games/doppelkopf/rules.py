"""Doppelkopf by the DDV's Turnierspielregeln: the rules (`Doppelkopf`) and a game (`DokoState`).

A game is a round of `deals` counted games (24 by the DDV, a Pflichtsolo not counting). Each
deal: the Vorbehalt calls from forehand (`gesund`, `hochzeit`, `armut`, a solo), the Armut's
exchange where that house rule is on, then 12 tricks (10 without nines) in which the seat to
play may first make announcements, then the settlement (`scoring.settle`). See
docs/rules/doppelkopf.md for every rule, parameter and difference from the TSR.

The card play is the general trick layer's (`ContractTrickState`): each trump table is a
contract (`play_tables.layer_contract`, the Dullen rule as its `later_wins`), the parties are
the layer's hidden teams, and a card shows a party (a Kreuz-Dame) or the Schweinchen only in
Python (`in_card_play`), so the random playouts of search and the `Match` step of the card
play run compiled (`cards/_layer.pyx`, `cards/_layer_step.pyx`) with no Cython of Doppelkopf's
own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar, cast

from parlour.cards.card import Card
from parlour.cards.contract import held_copy
from parlour.cards.contract_state import ContractTrickState
from parlour.cards.deck import deal_by_keys
from parlour.cards.seating import Seating, Teams
from parlour.core import Action, Game, GameOver, Observation, Param, ParameterError
from parlour.core.errors import NotationError
from parlour.core.seeding import make_rng
from parlour.games.doppelkopf.actions import (
    ABSAGE,
    ACCEPT,
    ARMUT,
    CALL,
    CALLS,
    DECLINE,
    GESUND,
    GIVE,
    GIVE_BACK,
    HOCHZEIT,
    KONTRA_CALL,
    NUM_ACTIONS,
    PLAY_BASE,
    RE_CALL,
    SOLO_TABLES,
    SOLOS,
    Announce,
    Answer,
    Call,
    Give,
    GiveBack,
    Play,
    action_from_id,
    parse_action,
    play_of,
    plays_of,
)
from parlour.games.doppelkopf.cards import (
    CARD,
    CARDS_40,
    CARDS_48,
    DECK_40,
    DECK_48,
    FACES,
    DokoHand,
    canonical,
    face_of,
    format_card,
    format_hand,
    parse_hand,
    twin,
)
from parlour.games.doppelkopf.events import (
    Announced,
    ArmutAnswered,
    ArmutCardsGiven,
    ArmutDone,
    Called,
    CardPlayed,
    ContractChosen,
    DokoDealScored,
    DokoDealStarted,
    HandDealt,
    HochzeitSettled,
    PartyShown,
    SchweinchenShown,
    TrickWon,
)
from parlour.games.doppelkopf.observation import DoppelkopfObservation
from parlour.games.doppelkopf.play_tables import dullen_applies, layer_contract
from parlour.games.doppelkopf.scoring import KONTRA, PARTY_NAMES, RE, settle
from parlour.games.doppelkopf.tables import (
    CARD_POINTS,
    KARO_ASS,
    KREUZ_BUBE,
    KREUZ_DAME,
    NORMAL,
    SCHWEINE,
    SUIT,
    TABLE_NAMES,
    TRUMP,
    TRUMPS,
)

VORBEHALT, ARMUT_GIVE, ARMUT_ANSWER, ARMUT_RETURN, PLAYING, OVER = range(6)
PHASE_NAMES = ("vorbehalt", "armut", "armut", "armut", "play", "over")
NORMAL_GAME, STILLE = "normal", "stille hochzeit"
NORMAL_TRUMP_GAMES = frozenset((NORMAL_GAME, STILLE, HOCHZEIT, ARMUT))
"""The games played with the normal game's trumps and parties of two (Schweinchen may apply)."""
DEADLINES = {1: 11, 2: 10, 3: 9, 4: 8, 5: 7}
"""Cards a player must still hold to make each announcement level (12-card hands)."""
KREUZ_DAMEN = 1 << KREUZ_DAME | 1 << twin(KREUZ_DAME)
KARO_ASSE = 1 << KARO_ASS | 1 << twin(KARO_ASS)
def _card_face(card: int) -> int:
    """The first copy of `card`'s face (`_first`, for the tables built at import)."""
    return FACES[face_of(card)]


SEATING = Seating(4)
UNDECIDED = Teams.hidden((KONTRA,) * 4)
"""The layer's teams before the card play (the Vorbehalt decides them)."""
EVERY_SEAT = 0b1111
CARD_PLAYED: tuple[dict[int, CardPlayed], ...] = tuple(
    {card: CardPlayed(seat=seat, card=CARD[_card_face(card)]) for card in CARDS_48}
    for seat in range(4))
"""``CARD_PLAYED[seat][card]``: the event of `seat` playing either copy of a face."""


class Deal(Action):
    """The chance move that deals a hand: the dealer and each seat's cards (masks)."""

    __slots__ = ("dealer", "hands")
    dealer: int
    hands: tuple[int, ...]

    def __init__(self, dealer: int, hands: Sequence[int]) -> None:
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "hands", tuple(hands))

    def __str__(self) -> str:
        return f"deal by seat {self.dealer}: " + " | ".join(format_hand(h) for h in self.hands)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and (other.dealer, other.hands) == (self.dealer, self.hands)

    def __hash__(self) -> int:
        return hash((self.dealer, self.hands))


_FIELDS = (
    "deal", "game_no", "dealer", "phase", "current", "hands", "calls", "forced",
    "kind", "declarer", "pflicht", "table", "re", "klaerung", "shown", "levels",
    "announcements", "leader", "trick", "tricks", "schwein", "schwein_shown", "taker",
    "answers", "pile", "given", "returned", "armut_trumps", "solo_played", "totals",
    "contract", "teams",
)
_LAYER_FIELDS = frozenset(("current", "hands", "leader", "trick", "tricks", "contract", "teams"))
"""The fields of `_FIELDS` that the trick layer (`ContractTrickState`) holds."""


class DokoState(ContractTrickState["Doppelkopf"]):
    """A Doppelkopf game in progress: every deal of the round, hidden cards included.

    `tricks` holds this deal's finished tricks as ``(leader, cards, winner)`` (`_trick_won`
    adds the winner to the layer's ``(leader, cards)``); `contract` the layer's tables of
    `table` for the trick in progress."""

    __slots__ = tuple(name for name in _FIELDS if name not in _LAYER_FIELDS)

    deal: int
    game_no: int
    dealer: int
    phase: int
    current: int | None
    hands: list[int]
    calls: tuple[str | None, ...]
    forced: int | None
    kind: str
    declarer: int | None
    pflicht: bool
    table: int
    re: tuple[int, ...]
    klaerung: int
    shown: tuple[str | None, ...]
    levels: tuple[int, int]
    announcements: tuple[tuple[int, str, str], ...]
    leader: int
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]  # type: ignore[assignment]
    schwein: int | None
    schwein_shown: bool
    taker: int | None
    answers: tuple[bool, ...]
    pile: int
    given: int
    returned: int
    armut_trumps: int | None
    solo_played: tuple[bool, ...]
    totals: tuple[int, ...]

    def __init__(self, game: Doppelkopf, seed: int) -> None:
        super().__init__(game, seed)
        self.init_layer(SEATING, layer_contract(NORMAL, game.deck, False), UNDECIDED)

    def _snapshot(self) -> Any:
        return tuple(list(v) if n == "hands" else v
                     for n, v in zip(_FIELDS, (getattr(self, n) for n in _FIELDS), strict=True))

    def _restore(self, snapshot: Any) -> None:
        for name, value in zip(_FIELDS, snapshot, strict=True):
            object.__setattr__(self, name, list(value) if name == "hands" else value)
        self._legal = -1

    # --- reading ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % 4

    @property
    def hand_size(self) -> int:
        return 12 if self.game.with_nines else 10

    def party_of(self, seat: int) -> int:
        """RE or KONTRA (the true party, hidden or not)."""
        return RE if seat in self.re else KONTRA

    @property
    def is_solo(self) -> bool:
        """Scored as a solo: a declared solo, a stille Hochzeit, a Hochzeit without partner."""
        return self.kind in SOLO_TABLES or self.kind == STILLE or (
            self.kind == HOCHZEIT and self.klaerung > 0 and len(self.re) == 1)

    def legal_mask(self) -> int:
        """The cards (copies) the current player may play, 0 outside the play; cached per
        position: the layer's following by the contract's tables (`compute_legal_mask`)."""
        if self.phase != PLAYING:
            return 0
        legal = self._legal
        if legal < 0:
            legal = self._legal = self.compute_legal_mask()
        return legal

    def in_card_play(self) -> bool:
        """True while the legal moves are exactly the cards until the trick's end (no seat
        still to play to it could announce, `announcements_closed_this_trick`) and the seat to
        move holds no card that does more than be played: a Kreuz-Dame that would show its
        party, or the Schweinchen's Karo-Ass before they are shown (those tell the table at
        once, in Python). The compiled playouts ask once a trick, so such a card of a later
        seat may be played there: `_trick_won` shows it at the trick's end, which is all a
        quiet playout sees."""
        if not self.announcements_closed_this_trick():
            return False
        seat: int = self.current  # type: ignore[assignment]
        hand = self.hands[seat]
        return not ((hand & KREUZ_DAMEN and self.kind in (NORMAL_GAME, STILLE)
                     and self.shown[seat] is None)
                    or (hand & KARO_ASSE and seat == self.schwein and not self.schwein_shown))


    def announcement_levels(self, seat: int) -> list[int]:
        """The announcement levels (1-5) `seat`, on turn, may make now."""
        if self.phase != PLAYING or self.current != seat:
            return []
        return self._open_levels(seat)

    def announcements_closed_this_trick(self) -> bool:
        """True while playing when no seat still to play to the current trick could announce
        at its turn (so until the trick ends the legal moves are exactly the cards): the
        condition under which the layer's card play may take over."""
        if self.phase != PLAYING or self.current is None:
            return False
        seat = self.current
        for _ in range(4 - len(self.trick)):
            if self._may_announce(seat):
                return False
            seat = (seat + 1) % 4
        return True

    def _may_announce(self, seat: int) -> bool:
        """True if `_open_levels(seat)` is not empty, without listing them: of the levels
        above its party's, the highest needs the fewest cards (`DEADLINES` falls), and only
        the reply to the other party's announcement may need fewer."""
        if self.kind == HOCHZEIT and not self.klaerung:
            return False
        party = RE if seat in self.re else KONTRA
        own = self.levels[party]
        if own == 5:
            return False
        cards = self.hands[seat].bit_count()
        lower = (0 if self.game.with_nines else 2) + (self.klaerung if self.kind == HOCHZEIT
                                                     else 0)
        if cards >= DEADLINES[5] - lower:
            return True
        theirs = self.levels[1 - party]
        return own == 0 and theirs > 0 and cards >= DEADLINES[theirs] - lower - 1

    def _open_levels(self, seat: int) -> list[int]:
        """The announcement levels `seat` could make at its turn, by its cards and the
        levels announced so far."""
        if self.kind == HOCHZEIT and not self.klaerung:
            return []
        party = self.party_of(seat)
        own, theirs = self.levels[party], self.levels[1 - party]
        cards = self.hands[seat].bit_count()
        lower = (0 if self.game.with_nines else 2) + (self.klaerung if self.kind == HOCHZEIT
                                                     else 0)
        levels = []
        for level in range(own + 1, 6):
            need = DEADLINES[level] - lower
            if level == 1 and theirs:  # the reply to the other party's announcement
                need = min(need, DEADLINES[theirs] - lower - 1)
            if cards >= need:
                levels.append(level)
        return levels

    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase == PLAYING:
            plays: tuple[Action, ...] = plays_of(self.legal_mask())
            levels = self.announcement_levels(self.current)  # type: ignore[arg-type]
            if not levels:
                return plays
            party = self.party_of(self.current)  # type: ignore[arg-type]
            return plays + tuple(_announcement(level, party) for level in levels)
        if phase == VORBEHALT:
            return tuple(CALL[name] for name in self.legal_calls())
        if phase == ARMUT_GIVE:
            hand = self.hands[self.current]  # type: ignore[index]
            trumps = hand & TRUMPS[NORMAL]
            return tuple(GIVE[f] for f in _faces(trumps or hand))
        if phase == ARMUT_ANSWER:
            return (ACCEPT, DECLINE)
        if phase == ARMUT_RETURN:
            return tuple(GIVE_BACK[f] for f in _faces(self.hands[self.current]))  # type: ignore[index]
        return ()

    def legal_calls(self) -> list[str]:
        """The Vorbehalt calls open to the current player."""
        seat: int = self.current  # type: ignore[assignment]
        hand = self.hands[seat]
        solos = [name for name in SOLOS if name in self.game.solo_types]
        if self.forced == seat:
            return solos
        calls = [GESUND]
        if hand & KREUZ_DAMEN == KREUZ_DAMEN:
            calls.append(HOCHZEIT)
        if self.game.armut and (hand & TRUMPS[NORMAL]).bit_count() <= 3:
            calls.append(ARMUT)
        return calls + solos

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def why_illegal(self, action: Action) -> str | None:
        from parlour.games.doppelkopf.reasons import why_illegal

        return None if self.is_legal(action) else why_illegal(self, action)

    def scores(self) -> tuple[int, ...]:
        return self.totals

    def returns(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.totals)

    def winners(self) -> tuple[int, ...]:
        if self.phase != OVER:
            return ()
        best = max(self.totals)
        return tuple(p for p, t in enumerate(self.totals) if t == best)

    # --- what a seat knows --------------------------------------------------------------------
    def known_parties(self, seat: int) -> tuple[str | None, ...]:
        """Each seat's party as far as `seat` knows it."""
        kind = self.kind
        if self.phase not in (PLAYING, OVER):
            return (None,) * 4
        if self.phase == OVER or kind in SOLO_TABLES or kind == ARMUT or (
                kind == HOCHZEIT and self.klaerung) or (kind == STILLE and seat in self.re):
            return tuple(PARTY_NAMES[self.party_of(p)] for p in range(4))
        parties = list(self.shown)
        if kind == HOCHZEIT:
            parties[self.declarer] = "re"  # type: ignore[index]
        parties[seat] = PARTY_NAMES[self.party_of(seat)]
        re_seats = [p for p in range(4) if parties[p] == "re"]
        if len(re_seats) == 2 and kind != HOCHZEIT:
            parties = ["re" if p in re_seats else "kontra" for p in range(4)]
        return tuple(parties)

    def public_contract(self, seat: int) -> str:
        return NORMAL_GAME if self.kind == STILLE and seat not in self.re else self.kind

    def observe(self, seat: int) -> DoppelkopfObservation:
        current = self.current
        pile_visible = (self.phase == ARMUT_GIVE and seat == self.declarer) or (
            self.phase == ARMUT_RETURN and seat == self.taker)
        exchanged = self.kind == ARMUT and seat in (self.declarer, self.taker)
        declarer = None if self.kind in (NORMAL_GAME, STILLE) else self.declarer
        left = tuple(self.hands[p].bit_count() for p in range(4))
        return DoppelkopfObservation(
            seat=seat, current_player=current,
            legal_actions=tuple(self.legal_actions()) if seat == current else (),
            deal=self.deal, game=self.game_no, games=self.game.deals, dealer=self.dealer,
            phase=PHASE_NAMES[self.phase], hand=DokoHand(canonical(self.hands[seat])),
            calls=self.calls, forced=self.forced, contract=self.public_contract(seat),
            declarer=declarer, pflicht=self.pflicht,
            table=TABLE_NAMES[SCHWEINE if self.schwein_shown else
                              NORMAL if self.table == SCHWEINE else self.table],
            parties=self.known_parties(seat), announcements=self.announcements,
            levels=self.levels, leader=self.leader,
            trick=tuple(CARD[_first(c)] for c in self.trick),
            tricks=tuple((leader, tuple(CARD[_first(c)] for c in cards), winner)
                         for leader, cards, winner in self.tricks),
            klaerung=self.klaerung, schweinchen=self.schwein if self.schwein_shown else None,
            armut_taker=self.taker, armut_answers=self.answers,
            pile=DokoHand(canonical(self.pile) if pile_visible else 0),
            pile_size=self.pile.bit_count(),
            armut_given=DokoHand(canonical(self.given) if exchanged else 0),
            armut_returned=DokoHand(canonical(self.returned) if exchanged else 0),
            armut_trumps=self.armut_trumps, solo_played=self.solo_played, cards_left=left,
            scores=self.totals)

    # --- playing ------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self._legal = -1
        if isinstance(action, Play):
            self._play(action.card)
        elif isinstance(action, Announce):
            self._announce(action)
        elif isinstance(action, Call):
            self._call(action.name)
        elif isinstance(action, Give):
            self._give(action.card)
        elif isinstance(action, Answer):
            self._answer(action.accept)
        elif isinstance(action, GiveBack):
            self._give_back(action.card)
        else:
            raise TypeError(f"not a Doppelkopf action: {action!r}")

    def _take(self, seat: int, card: int) -> int:
        """Take a copy of `card`'s face out of `seat`'s hand; the card int taken."""
        hand = self.hands[seat]
        real = card if hand >> card & 1 else twin(card)
        self.hands[seat] = hand & ~(1 << real)
        return real

    def _call(self, name: str) -> None:
        seat: int = self.current  # type: ignore[assignment]
        calls = list(self.calls)
        calls[seat] = name
        self.calls = tuple(calls)
        self.emit(Called(seat=seat, call=name))
        if self.forced is None:
            nxt = (seat + 1) % 4
            if calls[nxt] is None:
                self.current = nxt
                return
        self._choose_game()

    def _choose_game(self) -> None:
        """Serve the winning Vorbehalt: Pflichtsolo, Lustsolo, Armut, Hochzeit; else normal."""
        order = [(self.forehand + i) % 4 for i in range(4)]
        calls = self.calls
        tournament = self.game.tournament
        solos = [p for p in order if calls[p] in SOLO_TABLES]
        pflicht = [p for p in solos if tournament and not self.solo_played[p]]
        if pflicht or solos:
            seat = (pflicht or solos)[0]
            self.pflicht = bool(pflicht)
            self._begin(calls[seat], seat, (seat,))  # type: ignore[arg-type]
            return
        poor = [p for p in order if calls[p] == ARMUT]
        if poor:
            self.declarer = poor[0]
            self.kind = ARMUT
            self.phase, self.current = ARMUT_GIVE, poor[0]
            return
        wedding = [p for p in order if calls[p] == HOCHZEIT]
        if wedding:
            self._begin(HOCHZEIT, wedding[0], (wedding[0],))
            return
        holders = tuple(p for p in range(4) if self.hands[p] & KREUZ_DAMEN)
        self._begin(STILLE if len(holders) == 1 else NORMAL_GAME, None, holders)

    def _begin(self, kind: str, declarer: int | None, re: tuple[int, ...]) -> None:
        """Start the card play of `kind`."""
        self.kind, self.declarer, self.re = kind, declarer, tuple(sorted(re))
        table = SOLO_TABLES.get(kind, NORMAL)
        if self.game.schweinchen and kind in NORMAL_TRUMP_GAMES:
            pigs = [p for p in range(4) if self.hands[p] & KARO_ASSE == KARO_ASSE]
            if pigs:
                self.schwein, table = pigs[0], SCHWEINE
        self.table = table
        self.sync_layer()
        if kind in SOLO_TABLES and self.game.tournament and self.pflicht:
            played = list(self.solo_played)
            played[declarer] = True  # type: ignore[index]
            self.solo_played = tuple(played)
        soloist_leads = kind in SOLO_TABLES and (self.pflicht or self.game.lustsolo_soloist_leads)
        self.leader = self.current = declarer if soloist_leads else self.forehand  # type: ignore[assignment]
        self.phase = PLAYING
        self.emit(ContractChosen(contract=NORMAL_GAME if kind == STILLE else kind,
                                 declarer=None if kind in (NORMAL_GAME, STILLE) else declarer,
                                 pflicht=self.pflicht, leader=self.leader))

    def _give(self, card: int) -> None:
        seat: int = self.current  # type: ignore[assignment]
        self.pile |= 1 << self._take(seat, card)
        if self.pile.bit_count() == 3:
            self.emit(ArmutCardsGiven(seat=seat, cards=DokoHand(canonical(self.pile)),
                                      visible_to=frozenset((seat,))))
            self.given = self.pile
            self.phase, self.current = ARMUT_ANSWER, (seat + 1) % 4

    def _answer(self, accept: bool) -> None:
        seat: int = self.current  # type: ignore[assignment]
        self.answers = (*self.answers, accept)
        self.emit(ArmutAnswered(seat=seat, accept=accept))
        if accept:
            self.taker = seat
            self.hands[seat] |= self.pile
            self.pile = 0
            self.phase = ARMUT_RETURN
            self.emit(HandDealt(seat=seat, cards=DokoHand(canonical(self.hands[seat])),
                                visible_to=frozenset((seat,))))
        elif len(self.answers) == 3:  # nobody takes it: deal again, the same dealer
            self._next_deal(counted=False)
        else:
            self.current = (seat + 1) % 4

    def _give_back(self, card: int) -> None:
        seat: int = self.current  # type: ignore[assignment]
        self.pile |= 1 << self._take(seat, card)
        if self.pile.bit_count() < 3:
            return
        poor: int = self.declarer  # type: ignore[assignment]
        self.returned = self.pile
        self.armut_trumps = (self.pile & TRUMPS[NORMAL]).bit_count()
        self.hands[poor] |= self.pile
        self.pile = 0
        self.emit(ArmutDone(poor=poor, taker=seat, trumps=self.armut_trumps))
        self.emit(HandDealt(seat=poor, cards=DokoHand(canonical(self.hands[poor])),
                            visible_to=frozenset((poor,))))
        self._begin(ARMUT, poor, (poor, seat))

    def _announce(self, action: Announce) -> None:
        seat: int = self.current  # type: ignore[assignment]
        party = self.party_of(seat)
        levels = list(self.levels)
        levels[party] = action.level
        self.levels = (levels[0], levels[1])
        name = str(_announcement(action.level, party))
        self.announcements = (*self.announcements, (seat, PARTY_NAMES[party], name))
        self._show(seat, party)
        self.emit(Announced(seat=seat, party=PARTY_NAMES[party], name=name))

    def _show(self, seat: int, party: int) -> None:
        if self.shown[seat] is None:
            shown = list(self.shown)
            shown[seat] = PARTY_NAMES[party]
            self.shown = tuple(shown)
            self.reveal_side(seat)

    def sync_layer(self) -> None:
        """Set the layer's contract for the trick in progress (`table`, the Dullen rule of
        this trick) and its teams (`re`, shown as far as the table knows them) from the
        game's own fields: at the start of the card play, and for a sampled state."""
        last = len(self.tricks) + 1 == self.hand_size
        self.set_contract(layer_contract(self.table, self.game.deck,
                                         dullen_applies(self.game.second_dulle, last)))
        side = tuple(self.party_of(p) for p in range(4))
        if self.kind in (NORMAL_GAME, STILLE):
            shown = sum(1 << p for p in range(4) if self.shown[p] is not None)
            self.set_teams(Teams.hidden(side, shown))
        elif self.kind == HOCHZEIT and not self.klaerung:
            self.set_teams(Teams.in_play(side, 1 << self.declarer))  # type: ignore[operator]
        else:
            self.set_teams(Teams.in_play(side, EVERY_SEAT))

    def _play(self, card: int) -> None:
        """The layer plays the copy held of face `card` (`play_card`); a card that does not
        end the trick may show a party or the Schweinchen now. What a full trick does (and
        its last card shows) is in `_trick_won`."""
        seat: int = self.current  # type: ignore[assignment]
        self.play_card(cast(Card, held_copy(self.hands[seat], card)))
        if self.trick:
            self._shows(seat, card)

    def _shows(self, seat: int, card: int) -> None:
        """`seat` played `card` (either copy): a Kreuz-Dame shows Re in a normal game, the
        Schweinchen's first Karo-Ass shows the Schweinchen."""
        face = _first(card)
        if face == KREUZ_DAME and self.kind in (NORMAL_GAME, STILLE) and self.shown[seat] is None:
            self._show(seat, RE)
            self.emit(PartyShown(seat=seat, party="re"))
        if face == KARO_ASS and seat == self.schwein and not self.schwein_shown:
            self.schwein_shown = True
            self.emit(SchweinchenShown(seat=seat))

    def _trick_won(self, leader: int, cards: tuple[int, ...], winner: int) -> None:
        """What the trick's cards showed (its last card's, or every card's in the compiled
        playouts), the `TrickWon`, the Hochzeit's Klärung, the last trick's contract (the
        Dullen rule may change on it), and the settlement after the last trick."""
        self.tricks = (*self.tricks[:-1], (leader, cards, winner))
        for index, card in enumerate(cards):
            self._shows((leader + index) % 4, card)
        if not self.quiet:
            self.emit(TrickWon(trick=len(self.tricks) - 1, leader=leader,
                               cards=tuple(CARD[_first(c)] for c in cards), winner=winner,
                               points=sum(CARD_POINTS[c] for c in cards)))
        if self.kind == HOCHZEIT and not self.klaerung:
            self._settle_hochzeit(cards, winner)
        done = len(self.tricks)
        if done == self.hand_size:
            self._score()
        elif done + 1 == self.hand_size and self.game.second_dulle == "except_last_trick":
            self.set_contract(layer_contract(self.table, self.game.deck, False))

    def _settle_hochzeit(self, trick: tuple[int, ...], winner: int) -> None:
        """Tricks 1-3 of a Hochzeit: the Klärungsstich gives the holder a partner, or none."""
        holder: int = self.declarer  # type: ignore[assignment]
        number = len(self.tricks)
        rule = self.game.hochzeit_partner
        trump_led = SUIT[self.table][trick[0]] == TRUMP
        counts = rule == "first_foreign" or (rule == "first_trump") == trump_led
        if counts and winner != holder:
            partner: int | None = winner
        elif (counts and rule != "first_foreign") or number == 3:
            partner = None
        else:
            return
        self.klaerung = number
        self.re = tuple(sorted((holder, partner))) if partner is not None else (holder,)
        self.sync_layer()
        self.emit(HochzeitSettled(holder=holder, partner=partner, trick=number))

    def special_points(self) -> tuple[tuple[int, str], ...]:
        """Doppelkopf, Fuchs gefangen and Karlchen, as ``(party, name)``; none in a solo."""
        if self.is_solo:
            return ()
        items: list[tuple[int, str]] = []
        fox = not self.schwein_shown and self.table != SCHWEINE
        tricks = self.tricks
        for number, (leader, cards, winner) in enumerate(tricks):
            party = self.party_of(winner)
            if sum(CARD_POINTS[c] for c in cards) >= 40:
                items.append((party, "Doppelkopf"))
            if fox:
                for i, card in enumerate(cards):
                    if card in (KARO_ASS, twin(KARO_ASS)) and \
                            self.party_of((leader + i) % 4) != party:
                        items.append((party, "Fuchs gefangen"))
            if number == len(tricks) - 1 and self.game.karlchen:
                index = (winner - leader) % 4
                if cards[index] in (KREUZ_BUBE, twin(KREUZ_BUBE)):
                    items.append((party, "Karlchen"))
        return tuple(items)

    def _score(self) -> None:
        re_points = re_tricks = 0
        for _, cards, winner in self.tricks:
            if winner in self.re:
                re_points += sum(CARD_POINTS[c] for c in cards)
                re_tricks += 1
        solo = self.is_solo
        result = settle(re_points, re_tricks, len(self.tricks) - re_tricks, self.levels,
                        self.special_points(), solo, self.game.gegen_die_alten)
        share = 3 if len(self.re) == 1 else 1
        points = tuple(result.net * share if p in self.re else -result.net for p in range(4))
        self.totals = tuple(t + p for t, p in zip(self.totals, points, strict=True))
        contract = {STILLE: "stille Hochzeit", NORMAL_GAME: "normal game"}.get(self.kind,
                                                                              self.kind)
        if self.kind == HOCHZEIT and len(self.re) == 1:
            contract = "Hochzeit without partner"
        self.emit(DokoDealScored(
            deal=self.deal, points=points, totals=self.totals, contract=contract, re=self.re,
            re_points=re_points,
            winner=None if result.winner is None else PARTY_NAMES[result.winner],
            value=result.value, items=result.items))
        counted = not (self.pflicht and self.forced is None)
        self._next_deal(counted)

    def _next_deal(self, counted: bool) -> None:
        """After a deal: the round is over, or the next deal (a counted one passes the deal
        on; a Pflichtsolo or a thrown-in Armut leaves the dealer where he is)."""
        if counted:
            self.game_no += 1
        if self.game_no >= self.game.deals:
            self.phase, self.current = OVER, None
            self.emit(GameOver(scores=self.totals, returns=self.returns(),
                               winners=self.winners()))
            return
        self.deal += 1
        if counted:
            self.dealer = (self.dealer + 1) % 4
        self.start_deal()

    def start_deal(self, hands: Sequence[int] | None = None) -> None:
        """Deal the next deal (or `hands`) and open the Vorbehalt calls."""
        game = self.game
        if hands is None:
            hands = game.deal_hands(self.seed, self.deal)
        self.record_chance(Deal(self.dealer, hands))
        self.hands = list(hands)
        self.calls = (None,) * 4
        self.kind, self.declarer, self.pflicht, self.table = NORMAL_GAME, None, False, NORMAL
        self.re, self.klaerung, self.shown = (), 0, (None,) * 4
        self.levels, self.announcements = (0, 0), ()
        self.leader, self.trick, self.tricks = self.forehand, (), ()
        self.set_contract(layer_contract(NORMAL, game.deck, False))
        self.set_teams(UNDECIDED)
        self.schwein, self.schwein_shown = None, False
        self.taker, self.answers, self.pile, self.given, self.returned = None, (), 0, 0, 0
        self.armut_trumps = None
        self.phase = VORBEHALT
        self.forced = self._vorfuehrung()
        self.current = self.forehand if self.forced is None else self.forced
        self.emit(DokoDealStarted(deal=self.deal, dealer=self.dealer, game=self.game_no))
        for seat, hand in enumerate(hands):
            self.emit(HandDealt(seat=seat, cards=DokoHand(canonical(hand)),
                                visible_to=frozenset((seat,))))

    def _vorfuehrung(self) -> int | None:
        """The seat that must play its Pflichtsolo now (the games left equal the solos owed),
        or None."""
        if not self.game.tournament:
            return None
        owing = [(self.forehand + i) % 4 for i in range(4)
                 if not self.solo_played[(self.forehand + i) % 4]]
        if owing and len(owing) >= self.game.deals - self.game_no:
            return owing[0]
        return None

    # --- checking -----------------------------------------------------------------------------
    def check_invariants(self) -> None:
        if self.phase == OVER:
            return
        deck = DECK_48 if self.game.with_nines else DECK_40
        seen = self.pile | sum(1 << c for c in self.trick)
        for _, cards, _ in self.tricks:
            for card in cards:
                assert not seen >> card & 1, "a card is played twice"
                seen |= 1 << card
        for hand in self.hands:
            assert not seen & hand, "a card is in two places"
            seen |= hand
        assert seen == deck, "cards are missing"
        assert self.totals.__len__() == 4 and sum(self.totals) == 0, "scores are not zero-sum"
        if self.phase == PLAYING:
            in_trick = [(p - self.leader) % 4 < len(self.trick) for p in range(4)]
            left = self.hand_size - len(self.tricks)
            assert [h.bit_count() for h in self.hands] == [left - t for t in in_trick]
            assert self.current == (self.leader + len(self.trick)) % 4


def _announcement(level: int, party: int) -> Announce:
    if level == 1:
        return RE_CALL if party == RE else KONTRA_CALL
    return ABSAGE[level]


def _faces(mask: int) -> list[int]:
    """The face ids present in `mask`, each once, in face order."""
    return [play.id - PLAY_BASE for play in plays_of(mask)]


def _first(card: int) -> int:
    """The first copy of `card`'s face."""
    return FACES[face_of(card)]


DokoState.layer_class = DokoState  # compiled playouts and step from the layer's tables
DokoState.card_actions = {card: play_of(card) for card in CARDS_48}
DokoState.twin_copies = True
DokoState.card_played_events = CARD_PLAYED


class Doppelkopf(Game[DokoState]):
    """Doppelkopf by the DDV's Turnierspielregeln, house rules as parameters."""

    id = "doppelkopf"
    name = "Doppelkopf"
    aliases = ("doko",)
    description = ("Four players, 48 cards in two copies; hidden Re and Kontra parties, "
                   "Hochzeit, solos and announcements (DDV tournament rules)")
    agents: ClassVar[Mapping[str, str]] = {
        "heuristic": "parlour.games.doppelkopf.bots:DoppelkopfHeuristic"}
    encoding_class = "parlour.games.doppelkopf.encoding:DoppelkopfEncoding"
    console_view = "parlour.console.views.doppelkopf:DoppelkopfSeatView"
    web_view = "parlour.web.views.doppelkopf:DoppelkopfTableView"
    search_opponents = "rollout"
    num_distinct_actions = NUM_ACTIONS
    parameters = (
        Param("deals", int, 24, "Counted games in the round (a Pflichtsolo does not count).",
              min=1, max=1000),
        Param("tournament", bool, True,
              "Pflichtsolo: every player plays one solo in the round, Vorführung forces it."),
        Param("with_nines", bool, True, "48 cards; false: 40 cards, 10 tricks, deadlines -2."),
        Param("second_dulle", str, "never", "Whether the second Herz-Zehn beats the first.",
              choices=("never", "always", "except_last_trick")),
        Param("hochzeit_partner", str, "first_foreign",
              "Which of tricks 1-3 finds the Hochzeit's partner.",
              choices=("first_foreign", "first_plain", "first_trump")),
        Param("lustsolo_soloist_leads", bool, False, "The soloist leads a Lustsolo too."),
        Param("gegen_die_alten", bool, True, "+1 when Kontra wins a normal game."),
        Param("karlchen", bool, True, "+1 for the last trick won by a Kreuz-Bube."),
        Param("armut", bool, False, "House rule: a player with at most 3 trumps may pass them."),
        Param("schweinchen", bool, False,
              "House rule: both Karo-Asse in one hand are the top trumps."),
        Param("solo_types", str, ",".join(SOLOS),
              "The solos that may be called, comma-separated."),
    )
    deals: int
    tournament: bool
    with_nines: bool
    second_dulle: str
    hochzeit_partner: str
    lustsolo_soloist_leads: bool
    gegen_die_alten: bool
    karlchen: bool
    armut: bool
    schweinchen: bool
    solo_types: str

    def _check_params(self) -> None:
        unknown = [s for s in self.solo_types.split(",") if s not in SOLOS]
        if unknown:
            raise ParameterError(f"parameter 'solo_types' of game 'doppelkopf': unknown solo "
                                 f"{unknown[0]!r}; the solos are {', '.join(SOLOS)}")
        if self.tournament and self.deals < 4:
            raise ParameterError("parameter 'deals' of game 'doppelkopf' must be at least 4 "
                                 "with tournament=true (each player owes a Pflichtsolo); "
                                 "try tournament=false")
        if self.tournament and not self.solo_types:
            raise ParameterError("tournament=true needs at least one solo in 'solo_types'")

    @property
    def num_players(self) -> int:
        return 4

    @property
    def deck(self) -> int:
        return DECK_48 if self.with_nines else DECK_40

    def new_state(self, seed: int | None = None, **setup: Any) -> DokoState:
        """A new round from `seed`; ``hands=[...]`` (four hands in card notation or as masks)
        fixes the first deal, ``dealer=`` its dealer."""
        hands = setup.pop("hands", None)
        dealer = setup.pop("dealer", 0)
        if setup:
            raise ParameterError(f"unknown setup argument(s) for doppelkopf: {', '.join(setup)}")
        if dealer not in range(4):
            raise ParameterError(f"dealer must be a seat 0-3, got {dealer!r}")
        state = DokoState(self, self._seed(seed))
        state.deal = state.game_no = 0
        state.dealer = dealer
        state.solo_played = (False,) * 4
        state.totals = (0,) * 4
        state.start_deal(None if hands is None else self.read_hands(hands))
        return state

    def read_hands(self, hands: Sequence[str | int]) -> list[int]:
        """Four hands from text (``"Q♣ Q♣ 10♥ ..."``) or masks; the copies are placed so that
        no card is dealt twice. `ParameterError` names a bad hand."""
        if not isinstance(hands, (list, tuple)) or len(hands) != 4:
            raise ParameterError(f"doppelkopf needs a list of 4 hands, got {hands!r:.60}")
        size = 12 if self.with_nines else 10
        masks: list[int] = []
        taken = 0
        for seat, hand in enumerate(hands):
            if not isinstance(hand, (int, str)):
                raise ParameterError(f"hand of seat {seat} must be text like 'Q♣ 10♥ ...' "
                                     f"or a card mask, not {type(hand).__name__}")
            try:
                mask = hand if isinstance(hand, int) else parse_hand(hand, self.deck)
            except NotationError as error:
                raise ParameterError(f"hand of seat {seat}: {error}") from None
            if mask.bit_count() != size or mask & ~self.deck:
                raise ParameterError(f"hand of seat {seat} ({format_hand(mask)}) has "
                                     f"{mask.bit_count()} cards, expected {size}")
            placed = mask if isinstance(hand, int) and not mask & taken else \
                self._place_copies(mask, taken, seat)
            taken |= placed
            masks.append(placed)
        return masks

    @staticmethod
    def _place_copies(mask: int, taken: int, seat: int) -> int:
        """`mask`'s faces as cards not in `taken` (the copies other hands left free)."""
        placed = 0
        for card in (c for c in CARDS_48 if mask >> c & 1):
            if not (taken | placed) >> card & 1:
                placed |= 1 << card
            elif not (taken | placed) >> twin(card) & 1:
                placed |= 1 << twin(card)
            else:
                raise ParameterError(f"hand of seat {seat} holds a third {format_card(card)}")
        return placed

    def deal_hands(self, seed: int, number: int) -> list[int]:
        """The hands of deal `number` of the game of `seed` (a uniform shuffle)."""
        size = 12 if self.with_nines else 10
        return deal_by_keys(CARDS_48 if self.with_nines else CARDS_40,
                            make_rng(seed, "deal", number), (size,) * 4)

    def setup_for_record(self, state: DokoState) -> dict[str, Any]:
        first = next(m.action for m in state.history if isinstance(m.action, Deal))
        setup: dict[str, Any] = {}
        if list(first.hands) != self.deal_hands(state.seed, 0):
            setup["hands"] = list(first.hands)
        if first.dealer:
            setup["dealer"] = first.dealer
        return setup

    def parse_action(self, text: str, state: DokoState | Observation | None = None) -> Action:
        return parse_action(text)

    def action_from_id(self, action_id: int) -> Action:
        if not isinstance(action_id, int) or not 0 <= action_id < NUM_ACTIONS:
            raise ParameterError(f"doppelkopf action ids are 0-{NUM_ACTIONS - 1}, "
                                 f"got {action_id!r}")
        return action_from_id(action_id)

    def sample_state(self, observation: Observation, rng: Random) -> DokoState:
        from parlour.games.doppelkopf.sampling import sample_state

        assert isinstance(observation, DoppelkopfObservation)
        return sample_state(self, observation, rng)


__all__ = ["CALLS", "PHASE_NAMES", "Deal", "DokoState", "Doppelkopf"]
