# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Skat's compiled kernel: a whole deal held in C (64-bit masks, C arrays), and the shuffle.

The Python rules (`parlour.games.skat.rules`) stay the reference: this kernel reads its tables
from `actions`, `tables` and `scoring`, loads a `SkatState` in any phase of a deal (bidding,
skat, burying, declaring, card play), makes moves in C and writes the result back into the
state. Moves are chosen by their index in the Python rules' own order of legal actions, so a
random playout here draws exactly what the Python loop draws. At the end of the card play the
deal is settled in C (ISkO `scoring.settle` and `deal_points`) when the game keeps
`Skat.score_deal`, and the next deal started undealt in C when it keeps `deal_tiebreak` and
`deal_cards`; otherwise the game's own hooks are called (Ramsch). All three passing always
goes back to Python (`on_all_passed`). `tests/games/skat/test_kernel.py` and
`benchmarks/skat_crosscheck.py` check it move for move against the Python engine.
"""

from libc.stdint cimport uint64_t
from cpython.object cimport PyObject_GenericSetAttr

from parlour.cards._twister cimport Twister, mt_seed, mt_shuffle

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
"""The phases as the kernel numbers them (`rules` checks they are its own)."""
SETTLE = 1
"""Mode bit: settle the deal in C (the game keeps `Skat.score_deal`)."""
FINISH = 2
"""Mode bit: enter the result and start the next deal undealt in C (the game keeps
`deal_tiebreak` and `deal_cards`, the state class `finish_deal` and `start_deal`)."""

cdef enum:
    BIDDING = 0
    SKAT_PHASE = 1
    BURY_PHASE = 2
    DECLARE_PHASE = 3
    PLAY_PHASE = 4
    OVER = 5
    TRICKS = 10
    MAX_MOVES = 256   # a deal has at most 63 bids, 63 holds, 3 passes, 3 declaring moves, 30 cards
    NBIDS = 63
    NCONTRACTS = 29
    # what a move did, for `apply_index`
    GOES_ON = 0
    PLAY_OVER = 1
    ALL_PASSED = 2

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

assert len(BID_VALUES) == NBIDS and len(CONTRACTS) == NCONTRACTS

# --- tables from the Python rules -------------------------------------------------------------
cdef uint64_t FOLLOW_C[6][64]
cdef int POWER_C[6][64]
cdef uint64_t TRUMPS_C[6]
cdef int POINTS_C[64]
cdef uint64_t RUNS_C[6][11]
cdef int RUN_LENGTH[6]
cdef int PLAY_ID[64]
cdef int BID_ID[NBIDS]
cdef int BID_VALUE[NBIDS]
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
cdef object BID_INDEX = {value: i for i, value in enumerate(BID_VALUES)}
BID_INDEX[0] = -1
cdef object MOVES = [[Move(seat, action) for action in BY_ID] for seat in range(4)]
"""Every history entry, by seat and action id, built once (history entries are values)."""
cdef object CALLS = [[(seat, action) for action in BY_ID] for seat in range(4)]
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


cdef inline int nth_card(uint64_t mask, int n) nogil:
    """The `n`-th lowest card (counting from 0) of `mask`."""
    while n:
        mask &= mask - 1
        n -= 1
    return __builtin_ctzll(mask)


cdef inline int card_points(uint64_t mask) nogil:
    cdef int points = 0
    while mask:
        points += POINTS_C[__builtin_ctzll(mask)]
        mask &= mask - 1
    return points


cdef int matadors(uint64_t cards, int order) nogil:
    """`tables.matadors`: +N "with N", -N "without N" (0 in Null)."""
    cdef int n = 0, length = RUN_LENGTH[order], i
    if not length:
        return 0
    cdef bint top = (cards & RUNS_C[order][0]) != 0
    for i in range(length):
        if ((cards & RUNS_C[order][i]) != 0) != top:
            break
        n += 1
    return n if top else -n


cdef object make_result(tuple values):
    """A `DealResult` of `values` (in `RESULT_FIELDS` order), as its constructor makes it."""
    cdef int i
    if not FAST_RESULT:
        return DealResult(*values)
    result = DealResult.__new__(DealResult)
    for i in range(14):
        PyObject_GenericSetAttr(result, RESULT_FIELDS[i], values[i])
    return result


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
        cdef uint64_t hand = self.hands[self.current], follow
        if self.ntrick:
            follow = hand & FOLLOW_C[self.order][self.trick[0]]
            if follow:
                return follow
        return hand

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
        cdef int p = self.current, a, b, c, winner, best, n
        cdef uint64_t eligible
        cdef int *power
        self.hands[p] ^= (<uint64_t>1) << card
        self.record(p, PLAY_ID[card])
        self.trick[self.ntrick] = card
        self.ntrick += 1
        if self.ntrick < 3:
            self.current = self.next_seat[p]
            return -1
        a, b, c = self.trick[0], self.trick[1], self.trick[2]
        eligible = FOLLOW_C[self.order][a] | TRUMPS_C[self.order]
        power = POWER_C[self.order]
        winner, best = self.leader, power[a]
        if eligible >> b & 1 and power[b] > best:
            winner, best = self.next_seat[self.leader], power[b]
        if eligible >> c & 1 and power[c] > best:
            winner = p
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
        cdef int c = self.contract, p = self.declarer, bid = self.bid, n = self.players
        cdef int value, base, tops = 0, multiplier, seat
        cdef int won_tricks = self.declarer_tricks, lost_tricks = self.ntricks - won_tricks
        cdef int points = card_points(self.taken[p] | self.skat)
        cdef bint won, schneider = False, schwarz = False, overbid = False
        if C_NULL[c]:
            value = C_BASE[c]
            won = won_tricks == 0
            if value < bid:
                won, overbid = False, True
                value = (bid + value - 1) // value * value
        else:
            base = C_BASE[c]
            tops = matadors(self.declarer_cards | self.skat, self.order)
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
        return make_result((state.deal, tuple(scores), p, self.contract_object, bid, won, value,
                            tops, points, schneider, schwarz, overbid, CardSet(self.skat), ""))

    cdef enter(self, state, result):
        """`SkatState.finish_deal` with `Skat.deal_tiebreak`: enter the result."""
        cdef int n = self.players, p
        cdef double margin = 0.0
        points = result.points
        totals = state.totals
        state.totals = tuple([totals[p] + points[p] for p in range(n)])
        tiebreaks = state.tiebreaks
        if not self.null:
            margin = TIEBREAK * (result.card_points - 60) / 60
            state.tiebreaks = tuple([
                tiebreaks[p] + (margin if p == self.declarer else -margin
                                if p == self.seats[0] or p == self.seats[1]
                                or p == self.seats[2] else 0.0) for p in range(n)])
        else:
            state.tiebreaks = tuple([tiebreaks[p] + 0.0 for p in range(n)])
        state.results = state.results + (result,)

    cdef start_next(self, state, game):
        """`SkatState.finish_deal`: start the next deal, undealt (`rules._DealToCome`)."""
        cdef int n = self.players, dealer, fh, mh, rh, deal = state.deal + 1
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
        state.apply_without_undo(PASS)


# --- the deal: Python's `random.Random(seed).shuffle`, reproduced in C -----------------------
# The Mersenne Twister and `shuffle` of `parlour.cards._twister` (CPython's, seeded from an
# int), so a deal is the very deal the Python rules make; `rules` checks that on a probe at
# import and deals in Python if it ever differs.

cdef Twister _twister


def shuffled(seed, items):
    """`items` (a list, at most 64 ints) shuffled as ``random.Random(seed).shuffle`` would,
    for a seed in [0, 2**64)."""
    cdef uint64_t values[64]
    cdef int n = len(items), i
    if n > 64:
        raise ValueError(f"shuffled takes at most 64 items, got {n}")
    for i in range(n):
        values[i] = items[i]
    mt_seed(&_twister, seed)
    mt_shuffle(&_twister, values, n)
    return [values[i] for i in range(n)]
