# cython: language_level=3
"""C-level declarations of Skat's deal kernel (`_deals_and_step.pyx`), for `_heuristic.pyx` to
`cimport`: the phases, the C tables this module fills once from the Python rules (`tables`,
`actions`), and the counts and settling helpers on them. One set of tables serves the deal
kernel and the step."""

from libc.stdint cimport uint64_t

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

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
    # what a move did, for `TrickPlay.apply_index`
    GOES_ON = 0
    PLAY_OVER = 1
    ALL_PASSED = 2

# by trump order (`tables`: 0-3 the suits, 4 Grand, 5 Null) and card
cdef uint64_t FOLLOW_C[6][64]    # the cards that follow a led card
cdef int POWER_C[6][64]          # a card's rank in the trick
cdef uint64_t TRUMPS_C[6]
cdef uint64_t RUNS_C[6][11]      # `tables.MATADOR_RUNS`
cdef int RUN_LENGTH[6]
cdef int POINTS_C[64]            # `tables.CARD_POINTS`
cdef int PLAY_ID[64]             # the id of a card's `Play` action, -1 for none
cdef int BID_VALUE[NBIDS]        # `tables.BID_VALUES`
cdef object BID_INDEX            # a bid's index in `BID_VALUES` (0: -1)


cdef inline uint64_t playable_cards(uint64_t hand, int order, int lead) noexcept nogil:
    """The cards of `hand` that may go on a trick led by `lead` (-1: none yet) in trump
    `order`: those that follow it, else any."""
    cdef uint64_t follow
    if lead >= 0:
        follow = hand & FOLLOW_C[order][lead]
        if follow:
            return follow
    return hand


cdef inline int trick_winner(int order, int *trick, int n) noexcept nogil:
    """The index of the card winning `trick` (its first n cards) in trump `order` so far: the
    highest in power of those that follow the led card or are trumps (`bots._winner`)."""
    cdef uint64_t eligible = FOLLOW_C[order][trick[0]] | TRUMPS_C[order]
    cdef int *power = POWER_C[order]
    cdef int best = 0, i
    for i in range(1, n):
        if eligible >> trick[i] & 1 and power[trick[i]] > power[trick[best]]:
            best = i
    return best


cdef inline int card_points(uint64_t mask) noexcept nogil:
    """The card points of `mask`."""
    cdef int points = 0
    while mask:
        points += POINTS_C[__builtin_ctzll(mask)]
        mask &= mask - 1
    return points


cdef inline int matadors(uint64_t cards, int order) noexcept nogil:
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
