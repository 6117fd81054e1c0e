# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Skat's compiled kernel: the card play of a deal held in C (64-bit masks, C arrays).

The Python rules (`parlour.games.skat.rules`) stay the reference: this kernel reads its tables
from `tables`, takes a `SkatState` in the play phase, plays cards in C and writes the result
back into the state, which then settles the deal through the game's own hooks (`score_deal`,
`deal_tiebreak`, `finish_deal`), so rule extensions such as Ramsch work unchanged.
`tests/games/skat/test_kernel.py` and `benchmarks/skat_crosscheck.py` check it move for move
against the Python engine.
"""

from libc.stdint cimport uint64_t

from parlour.core.game import Move
from parlour.games.skat.actions import PLAY
from parlour.games.skat.tables import FOLLOW, POWER, TRUMPS

cdef enum:
    TRICKS = 10

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

cdef uint64_t FOLLOW_C[6][64]
cdef int POWER_C[6][64]
cdef uint64_t TRUMPS_C[6]
cdef object MOVES = [[None if PLAY.get(card) is None else Move(seat, PLAY[card])
                      for card in range(64)] for seat in range(4)]
"""Every history entry of a card play, built once (history entries are immutable values)."""

cdef int _order
for _order in range(6):
    TRUMPS_C[_order] = TRUMPS[_order]
    for _card in range(64):
        FOLLOW_C[_order][_card] = FOLLOW[_order][_card]
        POWER_C[_order][_card] = POWER[_order][_card]


cdef inline int nth_card(uint64_t mask, int n) nogil:
    """The `n`-th lowest card (counting from 0) of `mask`."""
    while n:
        mask &= mask - 1
        n -= 1
    return __builtin_ctzll(mask)


cdef class TrickPlay:
    """The card play of one Skat deal in C: hands, the trick, the tricks taken.

    `load` copies a `SkatState` in the play phase; `legal_mask`, `play` and `random_play`
    advance it; `store` writes it back. Trick winners follow `rules.SkatState._trick_done`.
    """

    cdef public int current, leader, order, declarer, null, seats, ntrick, ntricks, done
    cdef public int last_winner
    cdef uint64_t hands[4]
    cdef uint64_t taken[4]
    cdef int next_seat[4]
    cdef int trick[3]
    cdef int leaders[TRICKS]
    cdef int winners[TRICKS]
    cdef int cards[TRICKS][3]
    cdef int start_tricks
    cdef int players[3 * TRICKS]
    cdef int played[3 * TRICKS]
    cdef int nplayed

    def load(self, state):
        """Copy the card play of `state` (a `SkatState` in the play phase)."""
        cdef int i
        hands = state.hands
        self.seats = len(hands)
        for i in range(self.seats):
            self.hands[i] = hands[i]
            self.taken[i] = state.taken[i]
            self.next_seat[i] = state.next_seat[i]
        trick = state.trick
        self.ntrick = len(trick)
        for i in range(self.ntrick):
            self.trick[i] = trick[i]
        self.current = state.current
        self.leader = state.leader
        self.order = state.order
        self.declarer = state.declarer
        self.null = state.contract.is_null
        self.ntricks = self.start_tricks = len(state.tricks)
        self.nplayed = 0
        self.done = 0
        self.last_winner = -1

    cpdef uint64_t legal_mask(self):
        """The cards the current player may play: those following the led card, else any."""
        cdef uint64_t hand = self.hands[self.current], follow
        if self.ntrick:
            follow = hand & FOLLOW_C[self.order][self.trick[0]]
            if follow:
                return follow
        return hand

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
        self.players[self.nplayed] = p
        self.played[self.nplayed] = card
        self.nplayed += 1
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
        self.ntrick = 0
        self.leader = self.current = winner
        self.last_winner = winner
        if self.ntricks == TRICKS or (winner == self.declarer and self.null):
            self.done = 1
        return winner

    cpdef int random_play(self, random) except -2:
        """Play to the end of the deal's card play, each card `legal[int(random() * n)]` of
        the n legal cards in card order: the choice `parlour.agents.search` playouts make."""
        cdef uint64_t legal
        cdef double r
        while not self.done:
            legal = self.legal_mask()
            r = random()
            self.play(nth_card(legal, <int>(r * __builtin_popcountll(legal))))
        return self.nplayed

    def store(self, state):
        """Write the card play back into `state` (plays appended to its history), then settle
        the deal through its game's hooks if the card play is over."""
        cdef int i, n = self.seats
        state._legal = -1
        state.hands = [self.hands[i] for i in range(n)]
        state.taken = tuple([self.taken[i] for i in range(n)])
        if self.ntricks > self.start_tricks:
            state.tricks = state.tricks + tuple([
                (self.leaders[i], (self.cards[i][0], self.cards[i][1], self.cards[i][2]),
                 self.winners[i]) for i in range(self.start_tricks, self.ntricks)])
        state.trick = tuple([self.trick[i] for i in range(self.ntrick)])
        state.leader = self.leader
        state.current = self.current
        history = state.history
        for i in range(self.nplayed):
            history.append(MOVES[self.players[i]][self.played[i]])
        if self.done:
            state.finish_deal(state.game.score_deal(state))


cdef TrickPlay _scratch = TrickPlay()


def play_out(state, random):
    """Play the rest of `state`'s card play at random (see `TrickPlay.random_play`) and settle
    the deal: what the Python playout loop does, move for move, without a Python step per card.
    """
    _scratch.load(state)
    _scratch.random_play(random)
    _scratch.store(state)


# --- the deal: Python's `random.Random(seed).shuffle`, reproduced in C -----------------------
# The Mersenne Twister (MT19937) seeded as CPython seeds it from an int (init_by_array over the
# seed's 32-bit words, least significant first), and `shuffle` with `_randbelow` by
# `getrandbits`, so a deal is the very deal the Python rules make; `rules` checks that on a
# probe at import and deals in Python if it ever differs.

cdef enum:
    MT_N = 624
    MT_M = 397

cdef struct Twister:
    unsigned int mt[MT_N]
    int index


cdef void mt_init(Twister *t, unsigned int s) noexcept nogil:
    cdef int i
    t.mt[0] = s
    for i in range(1, MT_N):
        t.mt[i] = 1812433253U * (t.mt[i - 1] ^ (t.mt[i - 1] >> 30)) + <unsigned int>i
    t.index = MT_N


cdef void mt_seed(Twister *t, unsigned long long seed) noexcept nogil:
    cdef unsigned int key[2]
    cdef int length = 2 if seed >> 32 else 1
    cdef int i = 1, j = 0, k
    key[0] = <unsigned int>(seed & 0xFFFFFFFFU)
    key[1] = <unsigned int>(seed >> 32)
    mt_init(t, 19650218U)
    k = MT_N if MT_N > length else length
    while k:
        t.mt[i] = (t.mt[i] ^ ((t.mt[i - 1] ^ (t.mt[i - 1] >> 30)) * 1664525U)) + key[j] + <unsigned int>j
        i += 1
        j += 1
        if i >= MT_N:
            t.mt[0] = t.mt[MT_N - 1]
            i = 1
        if j >= length:
            j = 0
        k -= 1
    k = MT_N - 1
    while k:
        t.mt[i] = (t.mt[i] ^ ((t.mt[i - 1] ^ (t.mt[i - 1] >> 30)) * 1566083941U)) - <unsigned int>i
        i += 1
        if i >= MT_N:
            t.mt[0] = t.mt[MT_N - 1]
            i = 1
        k -= 1
    t.mt[0] = 0x80000000U


cdef unsigned int mt_next(Twister *t) noexcept nogil:
    cdef unsigned int y
    cdef int kk
    if t.index >= MT_N:
        for kk in range(MT_N - MT_M):
            y = (t.mt[kk] & 0x80000000U) | (t.mt[kk + 1] & 0x7fffffffU)
            t.mt[kk] = t.mt[kk + MT_M] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
        for kk in range(MT_N - MT_M, MT_N - 1):
            y = (t.mt[kk] & 0x80000000U) | (t.mt[kk + 1] & 0x7fffffffU)
            t.mt[kk] = t.mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
        y = (t.mt[MT_N - 1] & 0x80000000U) | (t.mt[0] & 0x7fffffffU)
        t.mt[MT_N - 1] = t.mt[MT_M - 1] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
        t.index = 0
    y = t.mt[t.index]
    t.index += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680U
    y ^= (y << 15) & 0xefc60000U
    y ^= y >> 18
    return y


cdef Twister _twister


def shuffled(seed, items):
    """`items` (a list, at most 64 ints) shuffled as ``random.Random(seed).shuffle`` would,
    for a seed in [0, 2**64)."""
    cdef unsigned long long values[64]
    cdef unsigned long long v
    cdef int n = len(items), i, j, k, bits
    if n > 64:
        raise ValueError(f"shuffled takes at most 64 items, got {n}")
    for i in range(n):
        values[i] = items[i]
    mt_seed(&_twister, seed)
    for i in range(n - 1, 0, -1):
        k = i + 1
        bits = 0
        while k >> bits:
            bits += 1
        j = mt_next(&_twister) >> (32 - bits)
        while j >= i + 1:
            j = mt_next(&_twister) >> (32 - bits)
        v = values[i]
        values[i] = values[j]
        values[j] = v
    return [values[i] for i in range(n)]
