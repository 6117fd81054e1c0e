# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# (C's % keeps the sign: seats are counted from `me` as (seat - me + PLAYERS) % PLAYERS)
"""Hearts' learner tensors and masks in C, written straight into rows of preallocated batches.

`fill` writes what `HeartsEncoding.fill(state.observe(seat), row)` and `action_mask` write, reading
only the fields of the state that the seat's observation holds (its own hand, passed and
received cards; the public tricks, points and scores), without building the observation.
`Encoding.fill_rows` (observe, encode, mask) is the pure-Python twin;
tests/rl/test_batch.py checks that both give identical arrays.
"""

from libc.stdint cimport uint64_t
from libc.string cimport memset

from parlour.cards._rows cimport __builtin_ctzll, add_trick_history, set_cards

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil

cdef enum:
    PLAYERS = 4
    PASSING = 0
    PLAYING = 1
    OVER = 2

cdef int INDEX[64]
"""The encoding's index (0-51) of each card (suit << 4 | rank), -1 for no card."""
cdef int DIRECTION_CODE[4]
"""The encoding's pass-direction index of each seat offset (1 left, 3 right, 2 across, 0 none)."""
cdef Py_ssize_t HAND, PLAYED, TRICK, PASSED, RECEIVED, VOID, POINTS, SCORES, DIRECTION, PHASE
cdef Py_ssize_t BROKEN, LEAD, LEADER, DONE, TO_MOVE, SIZE
cdef Py_ssize_t PASS_IDS = 52
cdef uint64_t HEARTS_MASK = 0, QS = 0, JD = 0
cdef bint BOUND = False


def bind(dict offsets, dict index, dict directions, uint64_t hearts, uint64_t queen,
         uint64_t jack, Py_ssize_t size):
    """Called once by `parlour.games.hearts.batch`: the layout's offsets, the card index, the
    pass directions' indices and the point cards, all from the Python encoding and rules."""
    global HAND, PLAYED, TRICK, PASSED, RECEIVED, VOID, POINTS, SCORES, DIRECTION, PHASE
    global BROKEN, LEAD, LEADER, DONE, TO_MOVE, SIZE, HEARTS_MASK, QS, JD, BOUND
    cdef int card
    for card in range(64):
        INDEX[card] = index.get(card, -1)
    for card in range(4):
        DIRECTION_CODE[card] = directions[card]
    HAND, PLAYED, TRICK = offsets["hand"], offsets["played"], offsets["trick"]
    PASSED, RECEIVED, VOID = offsets["passed"], offsets["received"], offsets["void"]
    POINTS, SCORES = offsets["points_taken"], offsets["scores"]
    DIRECTION, PHASE, BROKEN = offsets["pass_direction"], offsets["phase"], offsets["hearts_broken"]
    LEAD, LEADER, DONE, TO_MOVE = offsets["lead_suit"], offsets["leader"], offsets["tricks_done"], \
        offsets["to_move"]
    HEARTS_MASK, QS, JD, SIZE = hearts, queen, jack, size
    BOUND = True


cdef inline int points_of(uint64_t taken, bint jack) noexcept nogil:
    """`Hearts.card_points`: a point a heart, 13 for the Q♠, -10 for the J♦ where it counts."""
    cdef int points = __builtin_popcountll(taken & HEARTS_MASK)
    if taken & QS:
        points += 13
    if jack and taken & JD:
        points -= 10
    return points


cdef int fill_one(object state, int me, float *out, unsigned char *mask, double end_score,
                  bint jack) except -1:
    """One row: the tensor `out` (SIZE floats) and the mask `mask` (104 bytes), zeroed first."""
    cdef list hands = state.hands
    cdef tuple trick = state.trick
    cdef tuple tricks = state.tricks
    cdef list taken = state.taken
    cdef tuple totals = state.totals
    cdef object current = state.current
    cdef int phase = state.phase, leader = state.leader, seat, rel, card
    cdef Py_ssize_t i, n
    cdef uint64_t legal
    memset(out, 0, SIZE * sizeof(float))
    memset(mask, 0, 2 * PASS_IDS)
    set_cards(out, HAND, <uint64_t>hands[me], INDEX)
    set_cards(out, PASSED, <uint64_t>state.passes[me], INDEX)
    set_cards(out, RECEIVED, <uint64_t>state.received[me], INDEX)
    add_trick_history(out, tricks, leader, trick, me, PLAYERS, 52, PLAYED, VOID, TRICK, INDEX)
    n = len(trick)
    out[DIRECTION + DIRECTION_CODE[<int>state.direction]] = 1.0
    out[PHASE + phase] = 1.0
    out[LEADER + (leader - me + PLAYERS) % PLAYERS] = 1.0
    if n:
        out[LEAD + ((<int>trick[0]) >> 4)] = 1.0
    if current is not None:
        out[TO_MOVE + (<int>current - me + PLAYERS) % PLAYERS] = 1.0
    for seat in range(PLAYERS):
        rel = (seat - me + PLAYERS) % PLAYERS
        out[POINTS + rel] = <float>(points_of(<uint64_t>taken[seat], jack) / 26.0)
        out[SCORES + rel] = <float>(<long long>totals[seat] / end_score)
    out[BROKEN] = 1.0 if state.broken else 0.0
    out[DONE] = <float>(len(tricks) / 13.0)
    if current is not None and <int>current == me and phase != OVER:
        legal = <uint64_t>state.legal_mask()
        while legal:
            card = __builtin_ctzll(legal)
            mask[INDEX[card] + (PASS_IDS if phase == PASSING else 0)] = 1
            legal &= legal - 1
    return 0


def fill(object state, int seat, float[::1] row, unsigned char[::1] mask, double end_score,
         bint jack):
    """Write seat `seat`'s tensor into `row` and its legal ids into `mask` (a bool row viewed
    as bytes); `row` and `mask` are zeroed first."""
    if not BOUND:
        raise RuntimeError("parlour.games.hearts._rows is used before `bind`")
    if row.shape[0] != SIZE or mask.shape[0] != 2 * PASS_IDS:
        raise ValueError(f"rows of {SIZE} floats and {2 * PASS_IDS} mask bytes are needed, "
                         f"not {row.shape[0]} and {mask.shape[0]}")
    fill_one(state, seat, &row[0], &mask[0], end_score, jack)


def fill_rows(list states, long long[::1] seats, float[:, ::1] rows, unsigned char[:, ::1] masks,
              double end_score, bint jack, unsigned char[::1] which=None):
    """`fill` for every game i of the batch (or only those with ``which[i]``), seat `seats[i]`
    of ``states[i]`` into row i."""
    cdef Py_ssize_t i, n = len(states)
    if not BOUND:
        raise RuntimeError("parlour.games.hearts._rows is used before `bind`")
    if rows.shape[0] < n or masks.shape[0] < n or seats.shape[0] < n:
        raise ValueError(f"{n} games need {n} rows, seats and masks")
    if rows.shape[1] != SIZE or masks.shape[1] != 2 * PASS_IDS:
        raise ValueError(f"rows of {SIZE} floats and {2 * PASS_IDS} mask bytes are needed")
    for i in range(n):
        if which is None or which[i]:
            fill_one(states[i], <int>seats[i], &rows[i, 0], &masks[i, 0], end_score, jack)

