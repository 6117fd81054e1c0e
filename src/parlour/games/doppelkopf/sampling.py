"""`sample_state` for Doppelkopf: a full deal consistent with one seat's observation.

The hidden cards are dealt face by face (which copy a seat holds is no information), under
what the seat knows: voids shown in play (by effective suit), Kreuz-Damen (a seat known Kontra
holds none; one known Re that has not played one holds one; a Hochzeit's holder holds the rest),
the Armut's exchanged cards where the seat took part, and the Schweinchen (shown: its holder
keeps the other Karo-Ass; a Karo-Ass played without showing it means its player has not the
other). Then real copies are given out so that no card int is used twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING, cast

from parlour.cards.card import Card
from parlour.cards.sampling import deal_constrained
from parlour.core.errors import ParlourError
from parlour.games.doppelkopf.actions import ARMUT, HOCHZEIT, SOLO_TABLES
from parlour.games.doppelkopf.cards import (
    CARDS_48,
    DECK_40,
    DECK_48,
    FACES,
    face_counts,
    face_of,
    twin,
)
from parlour.games.doppelkopf.observation import DoppelkopfObservation
from parlour.games.doppelkopf.rules import (
    ARMUT_ANSWER,
    ARMUT_GIVE,
    ARMUT_RETURN,
    KARO_ASSE,
    KREUZ_DAMEN,
    NORMAL_GAME,
    NORMAL_TRUMP_GAMES,
    OVER,
    PLAYING,
    STILLE,
    VORBEHALT,
    DokoState,
)
from parlour.games.doppelkopf.tables import (
    KARO_ASS,
    KREUZ_DAME,
    NORMAL,
    SCHWEINE,
    SUIT,
    SUIT_CARDS,
    TABLE_NAMES,
    TRUMP,
    TRUMPS,
)

if TYPE_CHECKING:
    from parlour.games.doppelkopf.rules import Doppelkopf

PILE = 4
"""The location index of the Armut's cards in transit."""
_KD, _KA = face_of(KREUZ_DAME), face_of(KARO_ASS)
_TRIES = 200


def _virtual(counts: list[int]) -> int:
    """A mask standing for face counts: count 1 the first copy, count 2 both."""
    mask = 0
    for face, n in enumerate(counts):
        if n:
            mask |= 1 << FACES[face]
            if n == 2:
                mask |= 1 << twin(FACES[face])
    return mask


def _phase(obs: DoppelkopfObservation) -> int:
    if obs.phase == "armut":
        if obs.armut_taker is not None:
            return ARMUT_RETURN
        return ARMUT_ANSWER if obs.pile_size == 3 else ARMUT_GIVE
    return {"vorbehalt": VORBEHALT, "play": PLAYING, "over": OVER}[obs.phase]


def sample_state(game: Doppelkopf, obs: DoppelkopfObservation, rng: Random) -> DokoState:
    """A state whose every hidden card is dealt consistently with `obs`."""
    for _ in range(_TRIES):
        state = _attempt(game, obs, rng)
        if state is not None:
            return state
    raise ParlourError("no deal of the unseen Doppelkopf cards fits the observation")


def _attempt(game: Doppelkopf, obs: DoppelkopfObservation, rng: Random) -> DokoState | None:
    seat, phase = obs.seat, _phase(obs)
    table = TABLE_NAMES.index(obs.table)
    deck = DECK_48 if game.with_nines else DECK_40
    pool = face_counts(deck)
    own = face_counts(obs.hand)
    played_by: list[list[int]] = [[0] * 24 for _ in range(4)]
    allowed = [deck] * 5
    rounds = [*((leader, cards) for leader, cards, _ in obs.tricks), (obs.leader, obs.trick)]
    for leader, cards in rounds:
        if not cards:
            continue
        led = SUIT[table][cards[0]]
        for i, card in enumerate(cards):
            player = (leader + i) % 4
            played_by[player][face_of(card)] += 1
            if SUIT[table][card] != led:
                allowed[player] &= ~SUIT_CARDS[table][led]
    known_pile = face_counts(obs.pile) if obs.pile else [0] * 24
    for face in range(24):
        pool[face] -= own[face] + known_pile[face] + sum(p[face] for p in played_by)
    fixed: list[list[int]] = [[0] * 24 for _ in range(5)]

    def fix(location: int, face: int, n: int = 1) -> None:
        n = min(n, pool[face])
        fixed[location][face] += n
        pool[face] -= n

    contract = obs.contract
    kd_played = [played_by[p][_KD] for p in range(4)]
    if contract in (NORMAL_GAME, STILLE) and phase == PLAYING:
        for p in range(4):
            if p == seat:
                continue
            if obs.parties[p] == "kontra":
                allowed[p] &= ~KREUZ_DAMEN
            elif obs.parties[p] == "re" and not kd_played[p]:
                fix(p, _KD)
    if HOCHZEIT in obs.calls and contract != ARMUT:  # a Hochzeit caller holds both
        holder = obs.calls.index(HOCHZEIT)
        if holder != seat:
            fix(holder, _KD, 2)
    if contract == ARMUT and phase == PLAYING and obs.armut_taker is not None \
            and obs.declarer is not None:
        poor, taker = obs.declarer, obs.armut_taker
        given, returned = face_counts(obs.armut_given), face_counts(obs.armut_returned)
        if seat == poor:
            for face in range(24):
                fix(taker, face, given[face] - returned[face] - played_by[taker][face])
        elif seat == taker:
            for face in range(24):
                fix(poor, face, returned[face] - played_by[poor][face])
    pigs = game.schweinchen and contract in NORMAL_TRUMP_GAMES and phase == PLAYING
    if pigs and obs.schweinchen is not None and obs.schweinchen != seat:
        fix(obs.schweinchen, _KA)
    elif pigs:
        for p in range(4):
            if played_by[p][_KA] and p != seat:
                allowed[p] &= ~KARO_ASSE
    hidden = [p for p in range(4) if p != seat]
    if obs.pile_size and not obs.pile:
        hidden.append(PILE)
    sizes = [(obs.cards_left[p] if p < 4 else obs.pile_size) - sum(fixed[p]) for p in hidden]
    if min(sizes) < 0 or min(pool) < 0:
        return None
    try:
        dealt = deal_constrained(_virtual(pool), sizes, [allowed[p] for p in hidden], rng)
    except ParlourError:
        return None
    counts: list[list[int]] = [list(c) for c in fixed]
    counts[seat] = own
    if obs.pile:
        counts[PILE] = known_pile
    for p, mask in zip(hidden, dealt, strict=True):
        extra = face_counts(mask)
        counts[p] = [a + b for a, b in zip(counts[p], extra, strict=True)]
    return _build(game, obs, phase, table, counts, rounds, played_by)


def _build(game: Doppelkopf, obs: DoppelkopfObservation, phase: int, table: int,
           counts: list[list[int]], rounds: Sequence[tuple[int, Sequence[int]]],
           played_by: list[list[int]]) -> DokoState | None:
    """The state of the sampled counts: copies given out, the hidden facts derived."""
    used = 0

    def take(face: int) -> int:
        nonlocal used
        card = FACES[face]
        if used >> card & 1:
            card = twin(card)
        used |= 1 << card
        return card

    real_rounds = [tuple(take(face_of(c)) for c in cards) for _, cards in rounds]
    hands = []
    for location in range(5):
        mask = 0
        for face, n in enumerate(counts[location]):
            for _ in range(n):
                mask |= 1 << take(face)
        hands.append(mask)
    start = [counts[p][f] + played_by[p][f] for p in range(4) for f in (_KD, _KA)]
    kd_start, ka_start = start[0::2], start[1::2]
    state = DokoState(game, 0)
    state.deal, state.game_no, state.dealer = obs.deal, obs.game, obs.dealer
    state.phase, state.current, state.hands = phase, obs.current_player, hands[:4]
    state.calls, state.forced = obs.calls, obs.forced
    state.declarer, state.pflicht = obs.declarer, obs.pflicht
    state.klaerung, state.levels, state.announcements = obs.klaerung, obs.levels, \
        obs.announcements
    state.leader, state.trick = obs.leader, cast(tuple[Card, ...], real_rounds[-1])
    state.tricks = tuple((leader, cards, winner) for (leader, _, winner), cards
                         in zip(obs.tricks, real_rounds, strict=False))
    state.taker, state.answers, state.armut_trumps = obs.armut_taker, obs.armut_answers, \
        obs.armut_trumps
    state.pile = hands[PILE]
    state.given, state.returned = int(obs.armut_given), int(obs.armut_returned)
    if phase == ARMUT_ANSWER:
        state.given = state.pile
    state.solo_played, state.totals = obs.solo_played, obs.scores
    shown: list[str | None] = [None] * 4
    for who, party, _ in obs.announcements:
        shown[who] = party
    kind = NORMAL_GAME if phase == VORBEHALT else obs.contract
    if phase == OVER:  # every party is known at the end
        re: tuple[int, ...] = tuple(p for p in range(4) if obs.parties[p] == "re")
    elif kind in (NORMAL_GAME, STILLE) and phase == PLAYING:
        for leader, cards, _ in (*obs.tricks, (obs.leader, obs.trick, 0)):
            for i, card in enumerate(cards):
                if card == KREUZ_DAME:
                    shown[(leader + i) % 4] = "re"
        holders = tuple(p for p in range(4) if kd_start[p])
        kind = STILLE if len(holders) == 1 else NORMAL_GAME
        re = holders
    elif kind in SOLO_TABLES:
        re = (obs.declarer,)  # type: ignore[assignment]
    elif kind == ARMUT:
        re = tuple(sorted(p for p in (obs.declarer, obs.armut_taker) if p is not None))
    elif kind == HOCHZEIT:
        re = tuple(p for p in range(4) if obs.parties[p] == "re") if obs.klaerung \
            else (obs.declarer,)  # type: ignore[assignment]
    else:
        re = ()
    state.kind, state.re, state.shown = kind, re, tuple(shown)
    state.table = SOLO_TABLES.get(kind, NORMAL) if phase in (PLAYING, OVER) else NORMAL
    del table
    state.schwein, state.schwein_shown = None, obs.schweinchen is not None
    if phase == PLAYING and game.schweinchen and kind in NORMAL_TRUMP_GAMES:
        pigs = [p for p in range(4) if ka_start[p] == 2]
        if pigs:
            state.schwein, state.table = pigs[0], SCHWEINE
            if not state.schwein_shown and played_by[pigs[0]][_KA]:
                return None
    if phase == VORBEHALT and ARMUT in obs.calls:
        poor = obs.calls.index(ARMUT)
        if (hands[poor] & TRUMPS[NORMAL]).bit_count() > 3:
            return None
    if phase == VORBEHALT:
        for p, call in enumerate(obs.calls):
            if call == HOCHZEIT and hands[p] & KREUZ_DAMEN != KREUZ_DAMEN:
                return None
    assert SUIT[state.table][CARDS_48[0]] >= 0 and TRUMP == 4
    state.sync_layer()
    return state
