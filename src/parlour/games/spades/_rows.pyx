# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Spades' learner tensors and masks in C, written straight into rows of preallocated batches.

`fill_rows` writes what `SpadesEncoding.fill(state.observe(seat), row)` and `action_mask`
write, reading only the fields of the state the seat's observation holds (its own hand once
it has looked; the public bids, tricks, scores and bags), without building the observation.
`Encoding.fill_rows` is the pure-Python twin; tests/rl/test_batch.py checks that both give
identical arrays.
"""

from libc.stdint cimport uint64_t
from libc.string cimport memset

from parlour.cards._rows cimport add_trick_history, set_cards

cdef enum:
    PLAYERS = 4
    BID_VALUES = 15

cdef int INDEX[64]
"""The encoding's index (0-51) of each card (suit << 4 | rank), -1 for no card."""
cdef int PHASE_CODE[8]
"""The encoding's phase index of each of the state's phase numbers."""
cdef Py_ssize_t HAND, SEEN, PLAYED, TRICK, VOID, BIDS, BLIND, LOOKED, WON, PHASE, BROKEN
cdef Py_ssize_t LEAD, LEADER, DEALER, TO_MOVE, SCORES, BAGS, DONE, SIZE, ACTIONS
cdef int NO_BID = -1
cdef bint BOUND = False


def bind(dict offsets, dict index, dict phases, int no_bid, Py_ssize_t size,
         Py_ssize_t actions):
    """Called once by `parlour.games.spades.encoding`: the layout's offsets, the card index,
    the phases' indices, the rules' "no bid yet" value, the row and mask sizes."""
    global HAND, SEEN, PLAYED, TRICK, VOID, BIDS, BLIND, LOOKED, WON, PHASE, BROKEN
    global LEAD, LEADER, DEALER, TO_MOVE, SCORES, BAGS, DONE, SIZE, ACTIONS, NO_BID, BOUND
    cdef int i
    for i in range(64):
        INDEX[i] = index.get(i, -1)
    for i in range(8):
        PHASE_CODE[i] = phases.get(i, 0)
    HAND, SEEN, PLAYED, TRICK = offsets["hand"], offsets["hand_seen"], offsets["played"], \
        offsets["trick"]
    VOID, BIDS, BLIND, LOOKED = offsets["void"], offsets["bids"], offsets["blind"], \
        offsets["looked"]
    WON, PHASE, BROKEN, LEAD = offsets["tricks_won"], offsets["phase"], \
        offsets["spades_broken"], offsets["lead_suit"]
    LEADER, DEALER, TO_MOVE = offsets["leader"], offsets["dealer"], offsets["to_move"]
    SCORES, BAGS, DONE = offsets["scores"], offsets["bags"], offsets["tricks_done"]
    NO_BID, SIZE, ACTIONS = no_bid, size, actions
    BOUND = True


cdef int fill_one(object state, int me, float *out, unsigned char *mask, double target,
                  double bag_limit) except -1:
    """One row: the tensor `out` (SIZE floats) and the mask `mask` (ACTIONS bytes), zeroed."""
    cdef tuple seen = state.seen, bids = state.bids, blind = state.blind, won = state.won
    cdef tuple totals = state.totals, bags = state.bags
    cdef tuple trick = state.trick, tricks = state.tricks
    cdef object current = state.current, action
    cdef int leader = state.leader, seat, rel, bid, team = me & 1
    cdef bint looked = seen[me]
    memset(out, 0, SIZE * sizeof(float))
    memset(mask, 0, ACTIONS)
    if looked:
        set_cards(out, HAND, <uint64_t>state.hands[me], INDEX)
    add_trick_history(out, tricks, leader, trick, me, PLAYERS, 52, PLAYED, VOID, TRICK, INDEX)
    for seat in range(PLAYERS):
        rel = (seat - me + PLAYERS) % PLAYERS
        bid = bids[seat]
        out[BIDS + BID_VALUES * rel + (0 if bid == NO_BID else bid + 1)] = 1.0
        if blind[seat]:
            out[BLIND + rel] = 1.0
        if seen[seat]:
            out[LOOKED + rel] = 1.0
        out[WON + rel] = <float>(<long long>won[seat] / 13.0)
    out[PHASE + PHASE_CODE[<int>state.phase]] = 1.0
    out[LEADER + (leader - me + PLAYERS) % PLAYERS] = 1.0
    out[DEALER + (<int>state.dealer - me + PLAYERS) % PLAYERS] = 1.0
    if len(trick):
        out[LEAD + ((<int>trick[0]) >> 4)] = 1.0
    if current is not None:
        out[TO_MOVE + (<int>current - me + PLAYERS) % PLAYERS] = 1.0
    out[SEEN] = 1.0 if looked else 0.0
    out[BROKEN] = 1.0 if state.broken else 0.0
    out[SCORES] = <float>(<long long>totals[team] / target)
    out[SCORES + 1] = <float>(<long long>totals[1 - team] / target)
    out[BAGS] = <float>(<long long>bags[team] / bag_limit)
    out[BAGS + 1] = <float>(<long long>bags[1 - team] / bag_limit)
    out[DONE] = <float>(len(tricks) / 13.0)
    if current is not None and <int>current == me:
        for action in state.legal_actions():
            mask[<Py_ssize_t>action.id] = 1
    return 0


def fill_rows(list states, long long[::1] seats, float[:, ::1] rows, unsigned char[:, ::1] masks,
              double target, double bag_limit, unsigned char[::1] which=None):
    """For every game i of the batch (or only those with ``which[i]``): seat ``seats[i]``'s
    tensor of ``states[i]`` into row i and its legal ids into mask row i (bool as bytes)."""
    cdef Py_ssize_t i, n = len(states)
    if not BOUND:
        raise RuntimeError("parlour.games.spades._rows is used before `bind`")
    if rows.shape[0] < n or masks.shape[0] < n or seats.shape[0] < n:
        raise ValueError(f"{n} games need {n} rows, seats and masks")
    if rows.shape[1] != SIZE or masks.shape[1] != ACTIONS:
        raise ValueError(f"rows of {SIZE} floats and {ACTIONS} mask bytes are needed, not "
                         f"{rows.shape[1]} and {masks.shape[1]}")
    for i in range(n):
        if which is None or which[i]:
            fill_one(states[i], <int>seats[i], &rows[i, 0], &masks[i, 0], target, bag_limit)
