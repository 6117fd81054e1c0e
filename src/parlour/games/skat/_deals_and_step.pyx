# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Skat in C: the deal kernel (a whole deal held in 64-bit masks and C arrays), the shuffle,
and the Match path's step (below, with `Layout`, on the Python state's own slots).

The Python rules (`parlour.games.skat.rules`) stay the reference: this module reads its tables
from `actions`, `tables` and `scoring`, loads a `SkatState` in any phase of a deal (bidding,
skat, burying, declaring, card play), makes moves in C and writes the result back into the
state. Moves are chosen by their index in the Python rules' own order of legal actions, so a
random playout here draws exactly what the Python loop draws. At the end of the card play the
deal is settled in C (ISkO `scoring.settle` and `deal_points`) when the game keeps
`Skat.score_deal`, and the next deal started undealt in C when it keeps `deal_tiebreak` and
`deal_cards`; otherwise the game's own hooks are called (Ramsch). All three passing always
goes back to Python (`on_all_passed`). `tests/games/skat/test_deals.py` and
`benchmarks/skat_crosscheck.py` check it move for move against the Python engine.
"""

from libc.stdint cimport uint64_t
from cpython.object cimport PyObject_GenericSetAttr

from parlour.cards._trick_play cimport nth_card
from parlour.cards._twister cimport Twister, mt_next, mt_seed, mt_shuffle

import dataclasses

from parlour.cards import CardSet
from parlour.core.game import CHANCE, Move
from parlour.games.skat.actions import (
    AFTER_PICKUP,
    BID,
    BURY,
    BY_ID,
    CONTRACTS,
    DECLARE,
    HOLD,
    PASS,
    PICKUP,
    PLAY,
    SKAT_DECISIONS,
)
from parlour.games.skat.scoring import DEFENDER_BONUS, SEEGER_FABIAN_BONUS, DealResult
from parlour.games.skat.tables import (
    BID_VALUES,
    CARD_POINTS,
    FOLLOW,
    MATADOR_RUNS,
    NULL as NULL_ORDER,
    POWER,
    TRUMPS,
)

PHASE_NAMES = ("bidding", "skat", "bury", "declare", "play", "over")
"""The phases as this module numbers them (`rules` checks they are its own)."""
SETTLE = 1
"""Mode bit: settle the deal in C (the game keeps `Skat.score_deal`)."""
FINISH = 2
"""Mode bit: enter the result and start the next deal undealt in C (the game keeps
`deal_tiebreak` and `deal_cards`, the state class `finish_deal` and `start_deal`)."""
DEALS = 4
"""Mode bit of the step: the game keeps `Skat.deal_cards` (a deal to come is dealt in C)."""

assert len(BID_VALUES) == NBIDS and len(CONTRACTS) == NCONTRACTS

# --- tables from the Python rules (the heuristic's shared ones: `_deals_and_step.pxd`) ---------
cdef int BID_ID[NBIDS]
cdef int HOLD_ID = HOLD.id, PASS_ID = PASS.id, PICKUP_ID = PICKUP.id
cdef int BURY_ID[64][64]
cdef int DECLARE_ID[NCONTRACTS]
cdef int C_ORDER[NCONTRACTS]
cdef int C_NULL[NCONTRACTS]
cdef int C_HAND[NCONTRACTS]
cdef int C_SCHNEIDER[NCONTRACTS]
cdef int C_SCHWARZ[NCONTRACTS]
cdef int C_OUVERT[NCONTRACTS]
cdef int C_BASE[NCONTRACTS]
cdef int SKAT_CHOICES = len(SKAT_DECISIONS)
cdef int SKAT_CONTRACT[32]
cdef int AFTER_CHOICES = len(AFTER_PICKUP)
cdef int AFTER_CONTRACT[32]

cdef object CONTRACT_INDEX = {contract: i for i, contract in enumerate(CONTRACTS)}
cdef object CONTRACT_BY_ID = {id(contract): i for i, contract in enumerate(CONTRACTS)}
"""The interned contracts' indexes by identity (cheaper than hashing a `Contract`)."""
BID_INDEX = {value: i for i, value in enumerate(BID_VALUES)}
BID_INDEX[0] = -1
cdef list MOVES = [[Move(seat, action) for action in BY_ID] for seat in range(4)]
"""Every history entry, by seat and action id, built once (history entries are values)."""
cdef list CALLS = [[(seat, action) for action in BY_ID] for seat in range(4)]
"""Every entry of `SkatState.bidding`, by seat and action id."""

cdef bint IS_CALL[1024]
"""By action id: a bid, hold or pass (an entry of `SkatState.bidding`)."""
cdef int _i, _j, _order, _card
assert len(BY_ID) <= 1024
for _i, _action in enumerate(BY_ID):
    IS_CALL[_i] = _action is HOLD or _action is PASS or _action in BID.values()
for _order in range(6):
    TRUMPS_C[_order] = TRUMPS[_order]
    RUN_LENGTH[_order] = len(MATADOR_RUNS[_order])
    for _i in range(RUN_LENGTH[_order]):
        RUNS_C[_order][_i] = MATADOR_RUNS[_order][_i]
    for _card in range(64):
        FOLLOW_C[_order][_card] = FOLLOW[_order][_card]
        POWER_C[_order][_card] = POWER[_order][_card]
for _card in range(64):
    POINTS_C[_card] = CARD_POINTS[_card]
    PLAY_ID[_card] = PLAY[_card].id if _card in PLAY else -1
    for _j in range(64):
        BURY_ID[_card][_j] = -1
for _mask, _action in BURY.items():
    _i = (_mask & -_mask).bit_length() - 1
    _j = _mask.bit_length() - 1
    BURY_ID[_i][_j] = _action.id
for _i, _value in enumerate(BID_VALUES):
    BID_VALUE[_i] = _value
    BID_ID[_i] = BID[_value].id
for _i, _contract in enumerate(CONTRACTS):
    DECLARE_ID[_i] = DECLARE[_contract].id
    C_ORDER[_i] = _contract.order
    C_NULL[_i] = _contract.is_null
    C_HAND[_i] = _contract.hand
    C_SCHNEIDER[_i] = _contract.schneider
    C_SCHWARZ[_i] = _contract.schwarz
    C_OUVERT[_i] = _contract.ouvert
    C_BASE[_i] = _contract.base_value
assert SKAT_DECISIONS[0] is PICKUP and SKAT_CHOICES <= 33 and AFTER_CHOICES <= 32
for _i, _action in enumerate(SKAT_DECISIONS[1:]):
    SKAT_CONTRACT[_i] = CONTRACT_INDEX[_action.contract]
for _i, _action in enumerate(AFTER_PICKUP):
    AFTER_CONTRACT[_i] = CONTRACT_INDEX[_action.contract]

RESULT_FIELDS = ("deal", "points", "declarer", "contract", "bid", "won", "value", "matadors",
                 "card_points", "schneider", "schwarz", "overbid", "skat", "note")
cdef bint FAST_RESULT = tuple(f.name for f in dataclasses.fields(DealResult)) == RESULT_FIELDS
"""Results are built slot by slot (no keyword parsing) while `DealResult` has these fields."""

# Python objects of `rules`, which imports this module: given by `bind`
cdef object DealToCome = None
cdef double TIEBREAK = 0.0
cdef dict UNDEALT = {}
cdef object undealt_class = None


def bind(deal_to_come, double tiebreak, dict undealt, make_undealt):
    """Called once by `rules`: its `_DealToCome`, `TIEBREAK`, and the undealt state classes
    (`_UNDEALT` and `_undealt_class`)."""
    global DealToCome, TIEBREAK, UNDEALT, undealt_class
    DealToCome = deal_to_come
    TIEBREAK = tiebreak
    UNDEALT = undealt
    undealt_class = make_undealt


cdef object deal_to_come(int dealer, game, seed, int number):
    """`rules._DealToCome(dealer, game, seed, number)`, without its keyword-free `__init__`."""
    coming = DealToCome.__new__(DealToCome)
    PyObject_GenericSetAttr(coming, "dealer", dealer)
    PyObject_GenericSetAttr(coming, "_game", game)
    PyObject_GenericSetAttr(coming, "_seed", seed)
    PyObject_GenericSetAttr(coming, "_number", number)
    return coming


cdef object make_result(tuple values):
    """A `DealResult` of `values` (in `RESULT_FIELDS` order), as its constructor makes it."""
    cdef int i
    if not FAST_RESULT:
        return DealResult(*values)
    result = DealResult.__new__(DealResult)
    for i in range(14):
        PyObject_GenericSetAttr(result, RESULT_FIELDS[i], values[i])
    return result


cdef object settle_result(game, int deal, int c, contract_object, int p, int bid, int n,
                          int won_tricks, int lost_tricks, int points, uint64_t cards,
                          uint64_t skat):
    """`Skat.score_deal` of a deal settled under contract index `c` by declarer `p`:
    `scoring.settle` and `deal_points`. `cards` are the declarer's ten and the skat."""
    cdef int value, base, tops = 0, multiplier, seat
    cdef bint won, schneider = False, schwarz = False, overbid = False
    if C_NULL[c]:
        value = C_BASE[c]
        won = won_tricks == 0
        if value < bid:
            won, overbid = False, True
            value = (bid + value - 1) // value * value
    else:
        base = C_BASE[c]
        tops = matadors(cards, C_ORDER[c])
        schneider = points >= 90 or points <= 30
        schwarz = won_tricks == 0 or lost_tricks == 0
        multiplier = (abs(tops) + 1 + C_HAND[c] + (schneider or C_SCHNEIDER[c])
                      + C_SCHNEIDER[c] + (schwarz or C_SCHWARZ[c]) + C_SCHWARZ[c]
                      + C_OUVERT[c])
        value = multiplier * base
        won = (points >= 61 and (points >= 90 or not C_SCHNEIDER[c])
               and (lost_tricks == 0 or not C_SCHWARZ[c]))
        if value < bid:
            won, overbid = False, True
            value = (bid + base - 1) // base * base
    scores = [0] * n
    if game.scoring == "seeger-fabian":
        if won:
            scores[p] = value + SEEGER_FABIAN_BONUS
        else:
            scores[p] = -2 * value - SEEGER_FABIAN_BONUS
            for seat in range(n):
                if seat != p:
                    scores[seat] = DEFENDER_BONUS[n]
    else:
        scores[p] = value if won else -2 * value
    return make_result((deal, tuple(scores), p, contract_object, bid, won, value, tops, points,
                        schneider, schwarz, overbid, CardSet(skat), ""))


cdef enter_result(state, result, int n, bint null, int declarer, int *seats):
    """`SkatState.finish_deal` with `Skat.deal_tiebreak`: enter the result."""
    cdef int p
    cdef double margin = 0.0
    points = result.points
    totals = state.totals
    state.totals = tuple([totals[p] + points[p] for p in range(n)])
    tiebreaks = state.tiebreaks
    if not null:
        margin = TIEBREAK * (result.card_points - 60) / 60
        state.tiebreaks = tuple([
            tiebreaks[p] + (margin if p == declarer else -margin
                            if p == seats[0] or p == seats[1] or p == seats[2] else 0.0)
            for p in range(n)])
    else:
        state.tiebreaks = tuple([tiebreaks[p] + 0.0 for p in range(n)])
    state.results = state.results + (result,)


cdef start_next(state, game, int n):
    """`SkatState.finish_deal`: start the next deal, undealt (`rules._DealToCome`)."""
    cdef int dealer, fh, mh, rh, deal = state.deal + 1
    state.deal = deal
    dealer = (state.dealer + 1) % n
    coming = deal_to_come(dealer, game, state.seed, deal)
    state.history.append(tuple.__new__(Move, (CHANCE, coming)))
    fh, mh, rh = (dealer + 1) % n, (dealer + 2) % n, (dealer + 3) % n
    state.dealer = dealer
    state.seats = (fh, mh, rh)
    following = list(range(n))
    following[fh], following[mh], following[rh] = mh, rh, fh
    if n == 4:
        following[dealer] = fh
    state.next_seat = tuple(following)
    if state._coming is None:  # else undealt already
        del state.hands, state.skat, state.dealt_skat, state._info
        kind = type(state)
        twin = UNDEALT.get(kind)
        state.__class__ = undealt_class(kind) if twin is None else twin
    state._coming = coming
    state._legal = -1
    state.phase = BIDDING
    state.bid = 0
    state.asker = state.current = mh
    state.listener = fh
    state.stage = 0
    state.bidding = ()
    state.declarer = -1
    state.contract = None
    state.order = NULL_ORDER
    state.leader = fh
    state.trick = ()
    state.tricks = ()
    state.taken = (0,) * n
    state._auction = (0, mh, fh, 0, (), -1, None, NULL_ORDER)


cdef class TrickPlay:
    """One Skat deal in C: the bidding, the skat, burying, declaring and the card play.

    `load` copies a `SkatState` in any phase of a deal; `legal_ids`, `apply_index`, `play`
    and `random_deal` advance it; `store` writes it back and settles a finished deal.
    The moves follow `rules.SkatState` exactly, legal actions in the same order.
    """

    cdef public int current, leader, order, declarer, null, players, ntrick, ntricks, done
    cdef public int last_winner, phase, bid, asker, listener, stage
    cdef int bid_index, contract, start_phase, start_tricks, declarer_tricks, nmoves
    cdef int seats[3]
    cdef object contract_object
    cdef uint64_t hands[4]
    cdef uint64_t taken[4]
    cdef uint64_t skat, declarer_cards
    cdef int next_seat[4]
    cdef int trick[3]
    cdef int leaders[TRICKS]
    cdef int winners[TRICKS]
    cdef int cards[TRICKS][3]
    cdef int movers[MAX_MOVES]
    cdef int moves[MAX_MOVES]

    def load(self, state):
        """Copy the deal in progress in `state` (a `SkatState` that is not over)."""
        cdef int i, p, seat
        hands = state.hands
        taken = state.taken
        next_seat = state.next_seat
        self.players = len(hands)
        for i in range(self.players):
            self.hands[i] = hands[i]
            self.taken[i] = taken[i]
            self.next_seat[i] = next_seat[i]
        seats = state.seats
        for i in range(3):
            self.seats[i] = seats[i]
        self.skat = state.skat
        self.phase = self.start_phase = state.phase
        self.current = state.current
        self.bid = state.bid
        self.bid_index = BID_INDEX[self.bid]
        self.asker = state.asker
        self.listener = state.listener
        self.stage = state.stage
        self.declarer = state.declarer
        contract = self.contract_object = state.contract
        if contract is None:
            self.contract, self.null = -1, False
        else:
            self.contract = CONTRACT_BY_ID.get(id(contract), -1)
            if self.contract < 0:  # an equal copy (hashed), or an extension's (Ramsch)
                self.contract = CONTRACT_INDEX.get(contract, -1)
            self.null = C_NULL[self.contract] if self.contract >= 0 else contract.is_null
        self.order = state.order
        self.leader = state.leader
        trick = state.trick
        self.ntrick = len(trick)
        for i in range(self.ntrick):
            self.trick[i] = trick[i]
        tricks = state.tricks
        self.ntricks = self.start_tricks = len(tricks)
        self.declarer_tricks = 0
        seat = self.declarer
        if seat >= 0 and self.phase == PLAY_PHASE:
            self.declarer_cards = self.hands[seat]
            for leader, cards, winner in tricks:
                self.declarer_tricks += winner == seat
                p = leader
                for card in cards:
                    if p == seat:
                        self.declarer_cards |= (<uint64_t>1) << <int>card
                    p = self.next_seat[p]
            p = self.leader
            for i in range(self.ntrick):
                if p == seat:
                    self.declarer_cards |= (<uint64_t>1) << self.trick[i]
                p = self.next_seat[p]
        self.nmoves = 0
        self.done = 0
        self.last_winner = -1

    # --- legal actions, in the order of `SkatState.legal_actions` -----------------------------
    cpdef uint64_t legal_mask(self):
        """The cards the current player may play: those following the led card, else any."""
        return playable_cards(self.hands[self.current], self.order,
                              self.trick[0] if self.ntrick else -1)

    cdef int legal_count(self):
        cdef int h
        if self.phase == PLAY_PHASE:
            return __builtin_popcountll(self.legal_mask())
        if self.phase == BIDDING:
            if self.stage == 2 or self.current != self.asker:
                return 2  # bid 18 or pass; hold or pass
            return NBIDS - self.bid_index  # every higher bid, then pass
        if self.phase == SKAT_PHASE:
            return SKAT_CHOICES
        if self.phase == BURY_PHASE:
            h = __builtin_popcountll(self.hands[self.declarer])
            return h * (h - 1) // 2
        return AFTER_CHOICES

    def legal_ids(self):
        """The ids of the legal actions, in the rules' order (for cross-checks)."""
        cdef int i, n = self.legal_count()
        return [self.action_id(i) for i in range(n)]

    cdef int action_id(self, int i):
        cdef uint64_t hand
        cdef int a, b, h
        if self.phase == PLAY_PHASE:
            return PLAY_ID[nth_card(self.legal_mask(), i)]
        if self.phase == BIDDING:
            if self.stage == 2:
                return BID_ID[0] if i == 0 else PASS_ID
            if self.current != self.asker:
                return HOLD_ID if i == 0 else PASS_ID
            return BID_ID[self.bid_index + 1 + i] if i < NBIDS - 1 - self.bid_index else PASS_ID
        if self.phase == SKAT_PHASE:
            return PICKUP_ID if i == 0 else DECLARE_ID[SKAT_CONTRACT[i - 1]]
        if self.phase == BURY_PHASE:
            hand = self.hands[self.declarer]
            h = __builtin_popcountll(hand)
            a = 0
            while i >= h - 1 - a:  # pairs (a, b), a < b, in the order of itertools.combinations
                i -= h - 1 - a
                a += 1
            b = a + 1 + i
            return BURY_ID[nth_card(hand, a)][nth_card(hand, b)]
        return DECLARE_ID[AFTER_CONTRACT[i]]

    # --- moves ------------------------------------------------------------------------------
    cdef inline void record(self, int player, int action):
        self.movers[self.nmoves] = player
        self.moves[self.nmoves] = action
        self.nmoves += 1

    cdef void begin_play(self, int contract):
        """`SkatState.begin_play` for the declarer: the contract, forehand leads."""
        self.contract = contract
        self.contract_object = CONTRACTS[contract]
        self.order = C_ORDER[contract]
        self.null = C_NULL[contract]
        self.phase = PLAY_PHASE
        self.leader = self.current = self.seats[0]
        self.declarer_cards = self.hands[self.declarer]

    cpdef int apply_index(self, int i) except -2:
        """Make the `i`-th legal action. PLAY_OVER (1) when that ends the card play; ALL_PASSED
        (2), and nothing done, when it is the third pass: the game's hook decides then."""
        cdef int p = self.current, survivor, card
        cdef uint64_t cards
        if self.phase == PLAY_PHASE:
            self.play(nth_card(self.legal_mask(), i))
            return PLAY_OVER if self.done else GOES_ON
        if self.phase == BIDDING:
            if self.stage == 2:  # forehand alone: play at 18, or all passed
                if i != 0:
                    return ALL_PASSED
                self.record(p, BID_ID[0])
                self.bid_index = 0
                self.bid = BID_VALUE[0]
                self.declarer = p
                self.phase = SKAT_PHASE
                return GOES_ON
            if self.current == self.asker and i < NBIDS - 1 - self.bid_index:
                self.bid_index += 1 + i
                self.bid = BID_VALUE[self.bid_index]
                self.record(p, BID_ID[self.bid_index])
                self.current = self.listener
                return GOES_ON
            if self.current != self.asker and i == 0:
                self.record(p, HOLD_ID)
                self.current = self.asker
                return GOES_ON
            self.record(p, PASS_ID)
            survivor = self.listener if p == self.asker else self.asker
            if self.stage == 0:
                self.stage = 1
                self.listener = survivor
                self.asker = self.current = self.seats[2]
            elif self.bid:
                self.declarer = self.current = survivor
                self.phase = SKAT_PHASE
            else:
                self.stage = 2
                self.current = self.seats[0]
            return GOES_ON
        p = self.declarer
        if self.phase == SKAT_PHASE:
            if i == 0:
                self.record(p, PICKUP_ID)
                self.hands[p] |= self.skat
                self.skat = 0
                self.phase = BURY_PHASE
            else:
                self.record(p, DECLARE_ID[SKAT_CONTRACT[i - 1]])
                self.begin_play(SKAT_CONTRACT[i - 1])
            return GOES_ON
        if self.phase == BURY_PHASE:
            card = self.action_id(i)
            self.record(p, card)
            cards = BY_ID[card].key
            self.hands[p] &= ~cards
            self.skat = cards
            self.phase = DECLARE_PHASE
            return GOES_ON
        self.record(p, DECLARE_ID[AFTER_CONTRACT[i]])
        self.begin_play(AFTER_CONTRACT[i])
        return GOES_ON

    def hand(self, int seat):
        return self.hands[seat]

    def taken_by(self, int seat):
        return self.taken[seat]

    cpdef int play(self, int card) except -2:
        """Play `card` (legal, unchecked) for the current player; the trick's winner when it
        completes a trick, else -1. Sets `done` when the deal's card play is over."""
        cdef int p = self.current, a, b, c, winner, position, n
        self.hands[p] ^= (<uint64_t>1) << card
        self.record(p, PLAY_ID[card])
        self.trick[self.ntrick] = card
        self.ntrick += 1
        if self.ntrick < 3:
            self.current = self.next_seat[p]
            return -1
        a, b, c = self.trick[0], self.trick[1], self.trick[2]
        position = trick_winner(self.order, self.trick, 3)
        winner = (self.leader if position == 0 else self.next_seat[self.leader]
                  if position == 1 else p)
        self.taken[winner] |= (<uint64_t>1) << a | (<uint64_t>1) << b | (<uint64_t>1) << c
        n = self.ntricks
        self.leaders[n] = self.leader
        self.winners[n] = winner
        self.cards[n][0], self.cards[n][1], self.cards[n][2] = a, b, c
        self.ntricks = n + 1
        self.declarer_tricks += winner == self.declarer
        self.ntrick = 0
        self.leader = self.current = winner
        self.last_winner = winner
        if self.ntricks == TRICKS or (winner == self.declarer and self.null):
            self.done = 1
        return winner

    cpdef int random_deal(self, random) except -2:
        """Play to the end of the deal's card play, each move ``legal[int(random() * n)]`` of
        the n legal actions in the rules' order: the choice `State.play_random` makes.
        PLAY_OVER at the end; ALL_PASSED, the third pass not made, when all three pass."""
        cdef uint64_t legal
        cdef double r
        cdef int status
        while self.phase != PLAY_PHASE:
            r = random()
            status = self.apply_index(<int>(r * self.legal_count()))
            if status == ALL_PASSED:
                return status
        while not self.done:
            legal = self.legal_mask()
            r = random()
            self.play(nth_card(legal, <int>(r * __builtin_popcountll(legal))))
        return PLAY_OVER

    def store(self, state, int mode=0):
        """Write the deal back into `state` (moves appended to its history); if its card play
        is over, settle it: in C as `mode` allows (`SETTLE`, `FINISH`), else by the hooks."""
        cdef int i, n = self.players
        history = state.history
        if (self.done and mode & SETTLE and mode & FINISH and self.contract >= 0
                and self.declarer >= 0):
            game = state.game
            if state.deal + 1 < game.num_deals:  # the next deal replaces every field written
                for i in range(self.nmoves):
                    history.append(MOVES[self.movers[i]][self.moves[i]])
                self.enter(state, self.result(state, game))
                self.start_next(state, game)
                return
        state._legal = -1
        state.hands = [self.hands[i] for i in range(n)]
        state.skat = self.skat
        state.phase = self.phase
        state.current = self.current
        if self.start_phase != PLAY_PHASE:
            bidding = state.bidding
            calls = [CALLS[self.movers[i]][self.moves[i]] for i in range(self.nmoves)
                     if IS_CALL[self.moves[i]]]
            if calls:
                bidding = bidding + tuple(calls)
                state.bidding = bidding
            state.bid = self.bid
            state.asker = self.asker
            state.listener = self.listener
            state.stage = self.stage
            state.declarer = self.declarer
            state.contract = self.contract_object
            state.order = self.order
            state._auction = (self.bid, self.asker, self.listener, self.stage, bidding,
                              self.declarer, self.contract_object, self.order)
        if self.phase == PLAY_PHASE:
            state.taken = tuple([self.taken[i] for i in range(n)])
            if self.ntricks > self.start_tricks:
                state.tricks = state.tricks + tuple([
                    (self.leaders[i], (self.cards[i][0], self.cards[i][1], self.cards[i][2]),
                     self.winners[i]) for i in range(self.start_tricks, self.ntricks)])
            state.trick = tuple([self.trick[i] for i in range(self.ntrick)])
            state.leader = self.leader
        for i in range(self.nmoves):
            history.append(MOVES[self.movers[i]][self.moves[i]])
        if self.done:
            self.settle(state, mode)

    cdef settle(self, state, int mode):
        game = state.game
        if not (mode & SETTLE and self.contract >= 0 and self.declarer >= 0):
            state.finish_deal(game.score_deal(state))
            return
        result = self.result(state, game)
        if not mode & FINISH:
            state.finish_deal(result)
            return
        self.enter(state, result)
        if state.deal + 1 >= game.num_deals:
            state.phase = OVER
            state.current = None
        else:
            self.start_next(state, game)

    cdef result(self, state, game):
        """`Skat.score_deal`: `scoring.settle` and `deal_points` of the deal just played."""
        cdef int p = self.declarer
        return settle_result(game, state.deal, self.contract, self.contract_object, p,
                             self.bid, self.players, self.declarer_tricks,
                             self.ntricks - self.declarer_tricks,
                             card_points(self.taken[p] | self.skat),
                             self.declarer_cards | self.skat, self.skat)

    cdef enter(self, state, result):
        enter_result(state, result, self.players, self.null, self.declarer, self.seats)

    cdef start_next(self, state, game):
        start_next(state, game, self.players)


cdef TrickPlay _scratch = TrickPlay()


def play_deals(state, stop, random, int mode):
    """`SkatState.play_random`: deal after deal until deal `stop` (None: the end)."""
    cdef bint to_the_end = stop is None or stop > 2**62  # no series has that many deals
    cdef long long last = 0 if to_the_end else max(stop, -1)
    while state.phase != OVER and (to_the_end or state.deal < last):
        play_deal(state, random, mode)


def play_deal(state, random, int mode):
    """Play the rest of `state`'s deal at random (see `TrickPlay.random_deal`), write it back
    and settle it; at a third pass, make it through the rules (the game's `on_all_passed`)."""
    _scratch.load(state)
    status = _scratch.random_deal(random)
    _scratch.store(state, mode)
    if status == ALL_PASSED:
        state.apply_unchecked_no_undo(PASS)


# --- the deal: Python's `random.Random(seed).shuffle`, reproduced in C -----------------------
# The Mersenne Twister and `shuffle` of `parlour.cards._twister` (CPython's, seeded from an
# int), so a deal is the very deal the Python rules make; `rules` checks that on a probe at
# import and deals in Python if it ever differs.

cdef Twister _twister


cdef void shuffle_values(unsigned long long *values, int n, unsigned long long seed) noexcept:
    """`values[:n]` shuffled in place as ``random.Random(seed).shuffle`` would."""
    mt_seed(&_twister, seed)
    mt_shuffle(&_twister, <uint64_t *>values, n)


def shuffled(seed, items):
    """`items` (a list, at most 64 ints) shuffled as ``random.Random(seed).shuffle`` would,
    for a seed in [0, 2**64)."""
    cdef unsigned long long values[64]
    cdef int n = len(items), i
    if n > 64:
        raise ValueError(f"shuffled takes at most 64 items, got {n}")
    for i in range(n):
        values[i] = items[i]
    shuffle_values(values, n, seed)
    return [values[i] for i in range(n)]


def words(seed, int n):
    """The first `n` outputs of ``random.Random(seed).getrandbits(32)`` (for tests)."""
    cdef Twister twister
    mt_seed(&twister, seed)
    return [mt_next(&twister) for _ in range(n)]


def deal_cards(seed, int dealer, int players, cards):
    """`Skat.deal_cards` of a deal seed (``derive_seed(seed, "deal", deal)``): the 32 `cards`
    (`CARDS_32`) as single-bit masks shuffled as `shuffled` does, ten to each of the three
    seats after `dealer`, the last two the skat: (hands by seat, skat)."""
    cdef unsigned long long values[32]
    cdef unsigned long long hand
    cdef int i, position
    if len(cards) != 32:
        raise ValueError(f"deal_cards takes the 32 cards, got {len(cards)}")
    for i in range(32):
        values[i] = (<unsigned long long>1) << <int>cards[i]
    shuffle_values(values, 32, seed)
    hands = [0] * players
    for position in range(3):
        hand = 0
        for i in range(10 * position, 10 * position + 10):
            hand |= values[i]
        hands[(dealer + 1 + position) % players] = hand
    return hands, values[30] | values[31]


# --- the Match path: `legal_actions`, `apply` and `apply_unchecked_no_undo` of `SkatState` --------
# The same moves as the Python methods, on the Python state itself: its `__slots__` are read
# and written through their member offsets (found once from the class's member descriptors),
# so the state stays the rules' `SkatState`, with the same fields, history entries, undo
# records and events. Whatever is not an ordinary legal move of a state whose class fits
# (an illegal action, which the rules refuse with their reason; the third pass, which the
# game's `on_all_passed` decides; an undealt state's quiet moves; a class overriding a method
# this stands in for) goes to the Python method, `rules` binds them (`bind_step`).

from cpython.object cimport PyObject, Py_TYPE
from cpython.ref cimport Py_INCREF, Py_XDECREF
from cpython.long cimport PyLong_FromLongLong
from cpython.list cimport PyList_GET_ITEM, PyList_SET_ITEM, PyList_GET_SIZE, PyList_Append
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM, PyTuple_GET_ITEM, PyTuple_GET_SIZE

from parlour.cards._slots cimport (
    actions_of, full_undo, new_object, set_slot, short_undo, slot, slot_offset, type_of,
)

from parlour.core.undo import FullUndo, ShortUndo

cdef object FULL_UNDO = FullUndo, SHORT_UNDO = ShortUndo


cdef inline object get(obj, Py_ssize_t offset):
    return <object>slot(obj, offset)


cdef inline long long as_int(obj) except? -1:
    """An int (a mask of up to 63 bits, a seat, a phase) in C: Cython's conversion, which
    reads up to two 30-bit digits directly (`PyLong_AsLongLong` goes through a byte array)."""
    return <long long>obj


cdef inline long long get_int(obj, Py_ssize_t offset) except? -1:
    return as_int(<object>slot(obj, offset))


cdef inline void put_int(obj, Py_ssize_t offset, long long value):
    set_slot(obj, offset, PyLong_FromLongLong(value))


cdef class Layout:
    """The slots of a frozen event class in its fields' order (`visible_to` last), to build
    one as `core.game.slot_builder` does, from C."""

    cdef type cls
    cdef Py_ssize_t offsets[8]
    cdef int n

    def __init__(self, cls):
        names = [f.name for f in dataclasses.fields(cls) if f.name != "visible_to"]
        names.append("visible_to")
        if hasattr(cls, "__post_init__") or len(names) > 8:
            raise TypeError(f"{cls.__name__} cannot be built slot by slot")
        self.cls = cls
        self.n = len(names)
        for i, name in enumerate(names):
            self.offsets[i] = slot_offset(cls, name)

    cdef object make(self, tuple values):
        """The event of `values` (every field but `visible_to`, then it)."""
        cdef int i
        event = new_object(self.cls)
        for i in range(self.n):
            set_slot(event, self.offsets[i], <object>PyTuple_GET_ITEM(values, i))
        return event


# the state's slots
cdef Py_ssize_t O_AUCTION, O_INFO, O_LEGAL, O_ASKER, O_BID, O_BIDDING, O_CONTRACT, O_CURRENT
cdef Py_ssize_t O_DEAL, O_DEALT_SKAT, O_DECLARER, O_HANDS, O_LEADER, O_LISTENER, O_NEXT_SEAT
cdef Py_ssize_t O_ORDER, O_PHASE, O_RESULTS, O_SEATS, O_SKAT, O_STAGE, O_TAKEN, O_TIEBREAKS
cdef Py_ssize_t O_TOTALS, O_TRICK, O_TRICKS, O_UNDO, O_EVENTS, O_GAME, O_HISTORY, O_QUIET
cdef Py_ssize_t O_KEY, O_ID, O_COMING, O_DEAL_HANDS
cdef dict DEALT = None
"""`rules._DEALT`: the class an undealt state's twin class stands for."""
cdef object derive_seed = None
cdef object CARDS = None

cdef bint STEP_BOUND = False
cdef object PY_LEGAL_ACTIONS = None, PY_APPLY = None, PY_APPLY_WITHOUT_UNDO = None
cdef object STEP_MODE = None
"""`rules._step_mode(state_class, game_class)`: -1 (the Python methods), else `SETTLE` and
`FINISH` as in `rules.kernel_mode`."""
cdef dict STATE_MODES = {}
cdef dict GAME_MODES = {}
cdef PyObject *LAST_STATE_TYPE = NULL
cdef PyObject *LAST_GAME_TYPE = NULL
cdef int LAST_GAME_MODE = -1

cdef object PLAY_TYPE, BID_TYPE, HOLD_TYPE, PASS_TYPE, PICKUP_TYPE, BURY_TYPE, DECLARE_TYPE
cdef list PLAY_ACTIONS = [PLAY.get(card) for card in range(64)]
"""The interned `Play` action of each card (None for no card), for `actions_of`."""
cdef PyObject *CARD_OBJ[64]
cdef PyObject *CARD_PLAYED_C[4][64]
cdef list KEEP = []
"""What the borrowed references of the arrays above point to."""
cdef object SKAT_ACTION_TYPE = None
cdef Py_ssize_t NUM_IDS = len(BY_ID)
cdef dict CALLED_CACHE = None
cdef object CALLED_TYPE = None, CALL_NAMES = None
cdef PyObject *BIDS_ABOVE_T[NBIDS + 1]
cdef tuple ANSWERS_T = None, FOREHAND_ALONE_T = None, SKAT_DECISIONS_T = None
cdef tuple AFTER_PICKUP_T = None
cdef object BID18 = None
cdef Layout TRICK_WON = None
cdef object BIDDING_WON = None, SKAT_PICKED_UP = None, SKAT_SEEN = None, BURIED = None
cdef object DECLARED = None, HAND_SHOWN = None
cdef object ZERO = 0, MINUS_ONE = -1


def bind_step(state_class, py_legal_actions, py_apply, py_apply_without_undo, step_mode,
              card_played, called, call_names, dealt):
    """Called once by `rules`: `SkatState`, its Python `legal_actions`, `apply` and
    `apply_unchecked_no_undo`, `_step_mode`, the interned events it keeps, and `_DEALT`."""
    global O_AUCTION, O_INFO, O_LEGAL, O_ASKER, O_BID, O_BIDDING, O_CONTRACT, O_CURRENT
    global O_DEAL, O_DEALT_SKAT, O_DECLARER, O_HANDS, O_LEADER, O_LISTENER, O_NEXT_SEAT
    global O_ORDER, O_PHASE, O_RESULTS, O_SEATS, O_SKAT, O_STAGE, O_TAKEN, O_TIEBREAKS
    global O_TOTALS, O_TRICK, O_TRICKS, O_UNDO, O_EVENTS, O_GAME, O_HISTORY, O_QUIET
    global O_KEY, O_ID, STEP_BOUND, PY_LEGAL_ACTIONS, PY_APPLY, PY_APPLY_WITHOUT_UNDO
    global STEP_MODE, SKAT_ACTION_TYPE, CALLED_CACHE, CALLED_TYPE, CALL_NAMES, LAST_STATE_TYPE
    global LAST_GAME_TYPE, LAST_GAME_MODE, O_COMING, O_DEAL_HANDS, DEALT, derive_seed, CARDS
    global PLAY_TYPE, BID_TYPE, HOLD_TYPE, PASS_TYPE, PICKUP_TYPE, BURY_TYPE, DECLARE_TYPE
    global ANSWERS_T, FOREHAND_ALONE_T, SKAT_DECISIONS_T, AFTER_PICKUP_T, BID18, TRICK_WON
    global BIDDING_WON, SKAT_PICKED_UP, SKAT_SEEN, BURIED, DECLARED, HAND_SHOWN
    from parlour.cards import CARD, CARDS_32
    from parlour.core import derive_seed as derive
    from parlour.core.game import slot_builder
    from parlour.games.skat import actions, events
    cdef type cls = state_class
    O_AUCTION, O_INFO = slot_offset(cls, "_auction"), slot_offset(cls, "_info")
    O_LEGAL, O_ASKER = slot_offset(cls, "_legal"), slot_offset(cls, "asker")
    O_BID, O_BIDDING = slot_offset(cls, "bid"), slot_offset(cls, "bidding")
    O_CONTRACT, O_CURRENT = slot_offset(cls, "contract"), slot_offset(cls, "current")
    O_DEAL, O_DEALT_SKAT = slot_offset(cls, "deal"), slot_offset(cls, "dealt_skat")
    O_DECLARER, O_HANDS = slot_offset(cls, "declarer"), slot_offset(cls, "hands")
    O_LEADER, O_LISTENER = slot_offset(cls, "leader"), slot_offset(cls, "listener")
    O_NEXT_SEAT, O_ORDER = slot_offset(cls, "next_seat"), slot_offset(cls, "order")
    O_PHASE, O_RESULTS = slot_offset(cls, "phase"), slot_offset(cls, "results")
    O_SEATS, O_SKAT = slot_offset(cls, "seats"), slot_offset(cls, "skat")
    O_STAGE, O_TAKEN = slot_offset(cls, "stage"), slot_offset(cls, "taken")
    O_TIEBREAKS, O_TOTALS = slot_offset(cls, "tiebreaks"), slot_offset(cls, "totals")
    O_TRICK, O_TRICKS = slot_offset(cls, "trick"), slot_offset(cls, "tricks")
    O_UNDO, O_EVENTS = slot_offset(cls, "_undo_stack"), slot_offset(cls, "events")
    O_GAME, O_HISTORY = slot_offset(cls, "game"), slot_offset(cls, "history")
    O_QUIET, O_COMING = slot_offset(cls, "quiet"), slot_offset(cls, "_coming")
    O_DEAL_HANDS = slot_offset(DealToCome, "hands")
    DEALT, derive_seed, CARDS = dealt, derive, CARDS_32
    O_KEY, O_ID = slot_offset(actions.SkatAction, "key"), slot_offset(actions.SkatAction, "_id")
    PY_LEGAL_ACTIONS, PY_APPLY = py_legal_actions, py_apply
    PY_APPLY_WITHOUT_UNDO, STEP_MODE = py_apply_without_undo, step_mode
    STATE_MODES.clear()
    GAME_MODES.clear()
    LAST_STATE_TYPE = LAST_GAME_TYPE = NULL
    LAST_GAME_MODE = -1
    PLAY_TYPE, BID_TYPE, HOLD_TYPE = actions.Play, actions.Bid, actions.Hold
    PASS_TYPE, PICKUP_TYPE, BURY_TYPE = actions.Pass, actions.Pickup, actions.Bury
    DECLARE_TYPE = actions.Declare
    KEEP.clear()
    for card in range(64):
        card_object = CARD[card] if card in PLAY else None
        KEEP.append(card_object)
        CARD_OBJ[card] = <PyObject *>card_object
    for seat in range(4):
        for card, event in card_played[seat].items():
            KEEP.append(event)
            CARD_PLAYED_C[seat][card] = <PyObject *>event
    SKAT_ACTION_TYPE = actions.SkatAction
    CALLED_CACHE, CALLED_TYPE, CALL_NAMES = called, events.Called, call_names
    KEEP.append(actions.BIDS_ABOVE)
    BIDS_ABOVE_T[0] = <PyObject *>actions.BIDS_ABOVE[0]
    for i in range(NBIDS):
        BIDS_ABOVE_T[i + 1] = <PyObject *>actions.BIDS_ABOVE[BID_VALUES[i]]
    ANSWERS_T, FOREHAND_ALONE_T = actions.ANSWERS, actions.FOREHAND_ALONE
    SKAT_DECISIONS_T, AFTER_PICKUP_T = SKAT_DECISIONS, AFTER_PICKUP
    BID18 = BID[BID_VALUES[0]]
    TRICK_WON = Layout(events.TrickWon)
    BIDDING_WON, SKAT_PICKED_UP = slot_builder(events.BiddingWon), slot_builder(events.SkatPickedUp)
    SKAT_SEEN, BURIED = slot_builder(events.SkatSeen), slot_builder(events.Buried)
    DECLARED, HAND_SHOWN = slot_builder(events.Declared), slot_builder(events.HandShown)
    STEP_BOUND = True


cdef inline bint fits(state) except -1:
    """True if the step makes `state`'s moves (its class overrides nothing it stands in for)."""
    global LAST_STATE_TYPE
    cdef PyObject *kind = <PyObject *>Py_TYPE(state)
    if kind == LAST_STATE_TYPE:
        return True
    if not STEP_BOUND:
        return False
    mode = STATE_MODES.get(<object>kind)
    if mode is None:
        mode = STATE_MODES[<object>kind] = STEP_MODE(<object>kind, None) >= 0
    if mode:
        LAST_STATE_TYPE = kind
    return mode


cdef int game_mode(game) except -2:
    """`SETTLE` and `FINISH` as the game's class allows (see `rules.kernel_mode`)."""
    global LAST_GAME_TYPE, LAST_GAME_MODE
    cdef PyObject *kind = <PyObject *>Py_TYPE(game)
    if kind == LAST_GAME_TYPE:
        return LAST_GAME_MODE
    mode = GAME_MODES.get(<object>kind)
    if mode is None:
        mode = GAME_MODES[<object>kind] = STEP_MODE(None, <object>kind)
    LAST_GAME_TYPE, LAST_GAME_MODE = kind, mode
    return mode


cdef inline uint64_t playable(state, int p):
    """`SkatState._playable` of seat `p` (dealt)."""
    cdef uint64_t hand = <uint64_t>as_int(
        <object>PyList_GET_ITEM(get(state, O_HANDS), p))
    trick = get(state, O_TRICK)
    if not PyTuple_GET_SIZE(trick):
        return hand
    return playable_cards(hand, get_int(state, O_ORDER),
                          as_int(<object>PyTuple_GET_ITEM(trick, 0)))


cdef inline uint64_t cached_legal(state) except? 0:
    """The cached legal mask (`_legal`), computed and cached if not yet."""
    cdef long long legal = get_int(state, O_LEGAL)
    if legal < 0:
        legal = <long long>playable(state, get_int(state, O_CURRENT))
        put_int(state, O_LEGAL, legal)
    return <uint64_t>legal


cdef tuple bury_choices(uint64_t hand):
    """`actions.bury_choices`: every pair of `hand`'s cards, in `itertools.combinations` order."""
    cdef int h = __builtin_popcountll(hand), a, b, i = 0
    cdef tuple out = PyTuple_New(h * (h - 1) // 2)
    cdef int cards[12]
    for a in range(h):
        cards[a] = __builtin_ctzll(hand)
        hand &= hand - 1
    for a in range(h):
        for b in range(a + 1, h):
            action = BY_ID[BURY_ID[cards[a]][cards[b]]]
            Py_INCREF(action)
            PyTuple_SET_ITEM(out, i, action)
            i += 1
    return out


def legal_actions(state):
    """`SkatState.legal_actions`."""
    if not fits(state):
        return PY_LEGAL_ACTIONS(state)
    cdef long long phase = get_int(state, O_PHASE)
    if phase == PLAY_PHASE:
        if slot(state, O_HANDS) == NULL:
            return PY_LEGAL_ACTIONS(state)
        return actions_of(PLAY_ACTIONS, cached_legal(state))
    if phase == BIDDING:
        if get_int(state, O_STAGE) == 2:
            return FOREHAND_ALONE_T
        if get_int(state, O_CURRENT) == get_int(state, O_ASKER):
            return <object>BIDS_ABOVE_T[<int>BID_INDEX[get(state, O_BID)] + 1]
        return ANSWERS_T
    if phase == SKAT_PHASE:
        return SKAT_DECISIONS_T
    if phase == BURY_PHASE:
        if slot(state, O_HANDS) == NULL:
            return PY_LEGAL_ACTIONS(state)
        return bury_choices(<uint64_t>as_int(
            <object>PyList_GET_ITEM(get(state, O_HANDS), get_int(state, O_DECLARER))))
    if phase == DECLARE_PHASE:
        return AFTER_PICKUP_T
    return ()


cdef inline object snapshot(state):
    """`SkatState._snapshot`."""
    return (get(state, O_INFO), get(state, O_AUCTION), get(state, O_PHASE),
            get(state, O_CURRENT), tuple(<list>get(state, O_HANDS)), get(state, O_SKAT),
            get(state, O_LEADER), get(state, O_TRICK), get(state, O_TRICKS), get(state, O_TAKEN),
            get(state, O_TOTALS), get(state, O_RESULTS), get(state, O_TIEBREAKS))


cdef inline int contract_index(contract) except -2:
    """The index of an interned contract in `CONTRACTS`, or -1 (an equal copy, Ramsch's)."""
    found = CONTRACT_BY_ID.get(id(contract))
    return -1 if found is None else found


cdef int legal_other(state, action, kind, long long phase) except -1:
    """1 if `action` (no `Play`) is a legal move the step makes, as `SkatState.is_legal`
    has it; 0 for the Python method (illegal, the third pass, an unusual action)."""
    cdef long long key
    cdef int c
    if phase == BIDDING:
        if get_int(state, O_STAGE) == 2:
            return kind is BID_TYPE and get_int(action, O_KEY) == BID_VALUE[0]  # else the
            # third pass, which the game's `on_all_passed` decides
        if kind is PASS_TYPE:
            return 1
        if get_int(state, O_CURRENT) == get_int(state, O_ASKER):
            return kind is BID_TYPE and get_int(action, O_KEY) > get_int(state, O_BID)
        return kind is HOLD_TYPE
    if phase == SKAT_PHASE:
        if kind is PICKUP_TYPE:
            return 1
        if kind is not DECLARE_TYPE:
            return 0
        c = contract_index(get(action, O_KEY))
        return c >= 0 and C_HAND[c]
    if phase == BURY_PHASE:
        if kind is not BURY_TYPE:
            return 0
        key = get_int(action, O_KEY)
        return key & as_int(<object>PyList_GET_ITEM(
            get(state, O_HANDS), get_int(state, O_DECLARER))) == key
    if phase == DECLARE_PHASE and kind is DECLARE_TYPE:
        c = contract_index(get(action, O_KEY))
        return c >= 0 and not C_HAND[c]
    return 0


cdef inline bint interned(action):
    """True for one of the rules' interned actions (others go to the Python methods)."""
    cdef PyObject *key
    if not isinstance(action, SKAT_ACTION_TYPE):
        return False
    key = slot(action, O_ID)
    if key == NULL or type(<object>key) is not int:
        return False
    cdef long long i = as_int(<object>key)
    return 0 <= i < NUM_IDS and <PyObject *>BY_ID[i] == <PyObject *>action


def apply(state, action):
    """`SkatState.apply`: check `action`, keep an undo record and a history entry, make it."""
    if not fits(state) or not interned(action):
        return PY_APPLY(state, action)
    cdef long long phase = get_int(state, O_PHASE), p
    cdef bint undealt = slot(state, O_HANDS) == NULL
    if undealt and (phase == PLAY_PHASE or phase == BURY_PHASE):  # the check reads a hand
        take_cards(state)
        undealt = False
    kind = type(action)
    if kind is PLAY_TYPE:
        if phase != PLAY_PHASE or not cached_legal(state) >> get_int(action, O_KEY) & 1:
            return PY_APPLY(state, action)
    elif phase == OVER or not legal_other(state, action, kind, phase):
        return PY_APPLY(state, action)
    if undealt:  # the undo record's snapshot deals it
        take_cards(state)
    history = get(state, O_HISTORY)
    PyList_Append(get(state, O_UNDO), undo_record(state, kind, PyList_GET_SIZE(history),
                                                  PyList_GET_SIZE(get(state, O_EVENTS))))
    p = get_int(state, O_CURRENT)
    PyList_Append(history, (<list>MOVES[p])[get_int(action, O_ID)])
    make(state, action, kind, p)


def apply_unchecked_no_undo(state, action):
    """`SkatState.apply_unchecked_no_undo`: make a known-legal `action`, no undo record."""
    if not fits(state) or slot(state, O_HANDS) == NULL or not interned(action):
        return PY_APPLY_WITHOUT_UNDO(state, action)
    stack = get(state, O_UNDO)
    if stack and type_of(stack[len(stack) - 1]) == <PyObject *>SHORT_UNDO:
        return PY_APPLY_WITHOUT_UNDO(state, action)
    kind = type(action)
    cdef long long phase = get_int(state, O_PHASE)
    if kind is not PLAY_TYPE and phase == BIDDING and get_int(state, O_STAGE) == 2 and (
            kind is not BID_TYPE):  # the third pass: the game's `on_all_passed`
        return PY_APPLY_WITHOUT_UNDO(state, action)
    cdef long long p = get_int(state, O_CURRENT)
    PyList_Append(get(state, O_HISTORY), (<list>MOVES[p])[get_int(action, O_ID)])
    make(state, action, kind, p)


cdef object undo_record(state, kind, Py_ssize_t moves, Py_ssize_t events):
    """The undo record of the move about to be made: for a card that does not end the deal,
    a `ShortUndo` of only the fields it changes (`undo_play` restores them); else a `FullUndo`
    of `SkatState._snapshot`."""
    cdef Py_ssize_t played
    cdef int c
    if kind is PLAY_TYPE:
        trick = get(state, O_TRICK)
        current = get(state, O_CURRENT)
        hand = <object>PyList_GET_ITEM(get(state, O_HANDS), as_int(current))
        if PyTuple_GET_SIZE(trick) < 2:
            return short_undo(SHORT_UNDO, (current, hand, trick), moves, events, undo_play)
        tricks = get(state, O_TRICKS)
        c = contract_index(get(state, O_CONTRACT))
        if PyTuple_GET_SIZE(tricks) < TRICKS - 1 and c >= 0 and not C_NULL[c]:
            return short_undo(SHORT_UNDO, (current, hand, trick, get(state, O_LEADER),
                                           get(state, O_TAKEN), tricks),
                              moves, events, undo_play)
    return full_undo(FULL_UNDO, snapshot(state), moves, events)


def undo_play(state, tuple fields):
    """Take back a card that did not end the deal (`undo_record`): the player's hand, the
    trick, the player to move, and at a trick's end the leader, cards taken and tricks."""
    current = <object>PyTuple_GET_ITEM(fields, 0)
    hands = list(get(state, O_HANDS))
    hands[as_int(current)] = <object>PyTuple_GET_ITEM(fields, 1)
    set_slot(state, O_HANDS, hands)
    set_slot(state, O_TRICK, <object>PyTuple_GET_ITEM(fields, 2))
    set_slot(state, O_CURRENT, current)
    if PyTuple_GET_SIZE(fields) > 3:
        set_slot(state, O_LEADER, <object>PyTuple_GET_ITEM(fields, 3))
        set_slot(state, O_TAKEN, <object>PyTuple_GET_ITEM(fields, 4))
        set_slot(state, O_TRICKS, <object>PyTuple_GET_ITEM(fields, 5))
    set_slot(state, O_LEGAL, MINUS_ONE)


cdef take_cards(state):
    """`SkatState._take_cards`: deal the deal to come (`_DealToCome`, dealt as it deals
    itself on first read: `Skat.deal_cards` here in C, or the game's own)."""
    coming = get(state, O_COMING)
    if slot(coming, O_DEAL_HANDS) == NULL:
        game = coming._game
        if game_mode(game) & DEALS:
            hands, skat = deal_cards(derive_seed(coming._seed, "deal", coming._number),
                                     coming.dealer, len(get(state, O_TOTALS)), CARDS)
        else:
            hands, skat = game.deal_cards(coming._seed, coming._number, coming.dealer)
        PyObject_GenericSetAttr(coming, "hands", tuple(hands))
        PyObject_GenericSetAttr(coming, "skat", skat)
    skat = coming.skat
    state.__class__ = DEALT[type(state)]
    set_slot(state, O_COMING, None)
    set_slot(state, O_HANDS, list(coming.hands))
    set_slot(state, O_SKAT, skat)
    set_slot(state, O_DEALT_SKAT, skat)
    set_slot(state, O_INFO, (get(state, O_DEAL), state.dealer, get(state, O_SEATS),
                        get(state, O_NEXT_SEAT), skat))


cdef make(state, action, kind, long long p):
    """`SkatState._apply` of a move checked or trusted."""
    cdef bint quiet = get(state, O_QUIET)
    set_slot(state, O_LEGAL, MINUS_ONE)
    if kind is PLAY_TYPE:
        play_card(state, p, get_int(action, O_KEY), quiet)
    elif kind is PICKUP_TYPE:
        pick_up(state, quiet)
    elif kind is BURY_TYPE:
        bury(state, get_int(action, O_KEY), quiet)
    elif kind is DECLARE_TYPE:
        declare(state, contract_index(get(action, O_KEY)), quiet)
    else:
        call(state, p, action, kind, quiet)


cdef inline void set_hand(state, long long p, long long hand):
    hands = get(state, O_HANDS)
    cdef PyObject *old = PyList_GET_ITEM(hands, p)
    value = PyLong_FromLongLong(hand)
    Py_INCREF(value)
    PyList_SET_ITEM(hands, p, value)
    Py_XDECREF(old)


cdef inline long long hand_of(state, long long p):
    return as_int(<object>PyList_GET_ITEM(get(state, O_HANDS), p))


cdef play_card(state, long long p, long long card, bint quiet):
    """`SkatState._apply` of a card, and `_trick_done` at a trick's third."""
    set_hand(state, p, hand_of(state, p) ^ (1LL << card))
    trick = get(state, O_TRICK)
    cdef Py_ssize_t n = PyTuple_GET_SIZE(trick)
    if not quiet:
        PyList_Append(get(state, O_EVENTS), <object>CARD_PLAYED_C[p][card])
    if n < 2:
        set_slot(state, O_TRICK, trick + (card,))
        set_slot(state, O_CURRENT, <object>PyTuple_GET_ITEM(get(state, O_NEXT_SEAT), p))
        return
    trick_done(state, as_int(<object>PyTuple_GET_ITEM(trick, 0)),
               as_int(<object>PyTuple_GET_ITEM(trick, 1)), card, p, quiet)


cdef trick_done(state, int a, int b, int c, long long last, bint quiet):
    """`SkatState._trick_done`: the trick's winner takes it; settle after the last."""
    cdef int cards[3]
    cards[0], cards[1], cards[2] = a, b, c
    cdef int position = trick_winner(get_int(state, O_ORDER), cards, 3)
    cdef long long leader = get_int(state, O_LEADER), winner = leader
    if position == 1:
        winner = as_int(<object>PyTuple_GET_ITEM(get(state, O_NEXT_SEAT), leader))
    elif position == 2:
        winner = last
    taken = list(get(state, O_TAKEN))
    taken[winner] = taken[winner] | ((1LL << a) | (1LL << b) | (1LL << c))
    set_slot(state, O_TAKEN, tuple(taken))
    trick = (a, b, c)
    winner_object = winner
    tricks = get(state, O_TRICKS) + ((leader, trick, winner_object),)
    set_slot(state, O_TRICKS, tricks)
    set_slot(state, O_TRICK, ())
    set_slot(state, O_LEADER, winner_object)
    set_slot(state, O_CURRENT, winner_object)
    if not quiet:
        PyList_Append(get(state, O_EVENTS), TRICK_WON.make((
            len(tricks) - 1, leader, (<object>CARD_OBJ[a], <object>CARD_OBJ[b],
                                      <object>CARD_OBJ[c]), winner_object,
            POINTS_C[a] + POINTS_C[b] + POINTS_C[c], None)))
    if len(tricks) == TRICKS or (winner == get_int(state, O_DECLARER)
                                 and get(state, O_CONTRACT).is_null):
        finish(state, quiet)


cdef finish(state, bint quiet):
    """`self.finish_deal(self.game.score_deal(self))`, in C as far as the game allows."""
    game = get(state, O_GAME)
    cdef int mode = game_mode(game)
    cdef int c = contract_index(get(state, O_CONTRACT))
    cdef long long d = get_int(state, O_DECLARER)
    if not (mode & SETTLE and c >= 0 and d >= 0):
        state.finish_deal(game.score_deal(state))
        return
    # `Skat.score_deal`: the declarer's cards, tricks and card points
    cdef int n = PyList_GET_SIZE(get(state, O_HANDS)), won_tricks = 0, p, i
    cdef uint64_t cards = <uint64_t>hand_of(state, d)
    cdef uint64_t skat = <uint64_t>get_int(state, O_SKAT)
    cdef int seat3[3]
    next_seat = get(state, O_NEXT_SEAT)
    tricks = get(state, O_TRICKS)
    for entry in tricks:
        if <int>entry[2] == d:
            won_tricks += 1
        p = entry[0]
        trick = entry[1]
        for i in range(3):
            if p == d:
                cards |= (<uint64_t>1) << <int>trick[i]
            p = next_seat[p]
    result = settle_result(game, get_int(state, O_DEAL), c, get(state, O_CONTRACT), d,
                           get_int(state, O_BID), n, won_tricks, len(tricks) - won_tricks,
                           card_points(<uint64_t>as_int(get(state, O_TAKEN)[d])
                                       | skat), cards | skat, skat)
    if quiet and mode & FINISH:
        seats = get(state, O_SEATS)
        seat3[0], seat3[1], seat3[2] = seats[0], seats[1], seats[2]
        enter_result(state, result, n, C_NULL[c], d, seat3)
        if get_int(state, O_DEAL) + 1 >= game.num_deals:
            put_int(state, O_PHASE, OVER)
            set_slot(state, O_CURRENT, None)
        else:
            start_next(state, game, n)
        return
    state.finish_deal(result)


cdef save_auction(state):
    """`SkatState._save_auction`."""
    set_slot(state, O_AUCTION, (get(state, O_BID), get(state, O_ASKER), get(state, O_LISTENER),
                           get(state, O_STAGE), get(state, O_BIDDING), get(state, O_DECLARER),
                           get(state, O_CONTRACT), get(state, O_ORDER)))


cdef call(state, long long p, action, kind, bint quiet):
    """`SkatState._call` (never the third pass, which the Python method makes)."""
    cdef long long i = get_int(action, O_ID), survivor
    set_slot(state, O_BIDDING, get(state, O_BIDDING) + ((<list>CALLS[p])[i],))
    if kind is BID_TYPE:
        set_slot(state, O_BID, get(action, O_KEY))
    if not quiet:
        key = (p, action, get(state, O_BID))
        event = CALLED_CACHE.get(key)
        if event is None:
            event = CALLED_CACHE[key] = CALLED_TYPE(seat=p, call=CALL_NAMES[kind],
                                                    bid=get(state, O_BID))
        PyList_Append(get(state, O_EVENTS), event)
    if get_int(state, O_STAGE) == 2:  # forehand alone, plays at 18
        save_auction(state)
        bidding_won(state, p, quiet)
        return
    if kind is BID_TYPE:
        set_slot(state, O_CURRENT, get(state, O_LISTENER))
    elif kind is HOLD_TYPE:
        set_slot(state, O_CURRENT, get(state, O_ASKER))
    else:
        survivor = get_int(state, O_LISTENER if p == get_int(state, O_ASKER) else O_ASKER)
        if get_int(state, O_STAGE) == 0:
            put_int(state, O_STAGE, 1)
            put_int(state, O_LISTENER, survivor)
            seat = get(state, O_SEATS)[2]
            set_slot(state, O_ASKER, seat)
            set_slot(state, O_CURRENT, seat)
        elif get_int(state, O_BID):
            bidding_won(state, survivor, quiet)
        else:
            put_int(state, O_STAGE, 2)
            set_slot(state, O_CURRENT, get(state, O_SEATS)[0])
    save_auction(state)


cdef bidding_won(state, long long seat, bint quiet):
    put_int(state, O_DECLARER, seat)
    put_int(state, O_CURRENT, seat)
    put_int(state, O_PHASE, SKAT_PHASE)
    save_auction(state)
    if not quiet:
        PyList_Append(get(state, O_EVENTS), BIDDING_WON(seat, get(state, O_BID)))


cdef pick_up(state, bint quiet):
    cdef long long p = get_int(state, O_DECLARER)
    set_hand(state, p, hand_of(state, p) | get_int(state, O_SKAT))
    set_slot(state, O_SKAT, ZERO)
    put_int(state, O_PHASE, BURY_PHASE)
    if not quiet:
        events = get(state, O_EVENTS)
        PyList_Append(events, SKAT_PICKED_UP(p))
        PyList_Append(events, SKAT_SEEN(p, CardSet(get(state, O_DEALT_SKAT)), frozenset((p,))))


cdef bury(state, long long cards, bint quiet):
    cdef long long p = get_int(state, O_DECLARER)
    set_hand(state, p, hand_of(state, p) & ~cards)
    put_int(state, O_SKAT, cards)
    put_int(state, O_PHASE, DECLARE_PHASE)
    if not quiet:
        PyList_Append(get(state, O_EVENTS), BURIED(p, CardSet(cards), frozenset((p,))))


cdef declare(state, int c, bint quiet):
    """`SkatState._declare` and `begin_play` of the declarer's contract `CONTRACTS[c]`."""
    cdef long long p = get_int(state, O_DECLARER)
    contract = CONTRACTS[c]
    if not quiet:
        events = get(state, O_EVENTS)
        PyList_Append(events, DECLARED(p, contract, get(state, O_BID)))
        if C_OUVERT[c]:
            PyList_Append(events, HAND_SHOWN(p, CardSet(hand_of(state, p))))
    set_slot(state, O_CONTRACT, contract)
    put_int(state, O_ORDER, C_ORDER[c])
    put_int(state, O_DECLARER, p)
    put_int(state, O_PHASE, PLAY_PHASE)
    seat = get(state, O_SEATS)[0]
    set_slot(state, O_LEADER, seat)
    set_slot(state, O_CURRENT, seat)
    save_auction(state)


cdef class IsOver:
    """`SkatState.is_terminal` as a C descriptor (``state.phase == OVER``), one Python frame
    fewer a decision; the property it stands for answers anything else."""

    cdef object python
    cdef public object __doc__

    def __init__(self, python):
        self.python = python
        self.__doc__ = python.__doc__

    def __get__(self, state, kind):
        if state is None:
            return self
        cdef PyObject *phase = slot(state, O_PHASE)
        if not STEP_BOUND or phase == NULL or type(<object>phase) is not int:
            return self.python.__get__(state, kind)
        return as_int(<object>phase) == OVER
