# cython: language_level=3
"""What the trick-taking games' compiled rows share (`games/*/_rows.pyx`): cards and the
tricks of a deal written into a float32 row, as `parlour.games.encoding.add_cards` and
`add_trick_history` write them (seats counted from `me`; C's % keeps the sign, so seats are
wrapped as (seat - me + players) % players)."""

from libc.stdint cimport uint64_t


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil


cdef inline void set_cards(float *out, Py_ssize_t base, uint64_t mask,
                           const int *index) noexcept nogil:
    """``out[base + index[card]] = 1`` for each card of `mask`."""
    while mask:
        out[base + index[__builtin_ctzll(mask)]] = 1.0
        mask &= mask - 1


cdef inline int add_trick(float *out, int led_by, tuple cards, int me, int players, int deck,
                          Py_ssize_t played, Py_ssize_t void, const int *index) except -1:
    """The `played` and `void` blocks of one trick led by `led_by`."""
    cdef Py_ssize_t n = len(cards), i
    cdef int card, lead, seat
    if n == 0:
        return 0
    lead = (<int>cards[0]) >> 4
    for i in range(n):
        card = <int>cards[i]
        seat = (led_by + <int>i - me + players) % players
        out[played + deck * seat + index[card]] = 1.0
        if card >> 4 != lead:
            out[void + 4 * seat + lead] = 1.0
    return 0


cdef inline int add_trick_history(float *out, tuple tricks, int leader, tuple trick, int me,
                                  int players, int deck, Py_ssize_t played, Py_ssize_t void,
                                  Py_ssize_t current, const int *index) except -1:
    """`parlour.games.encoding.add_trick_history`: every card each seat has played this deal,
    the voids they showed, and the trick in progress by position."""
    cdef tuple done
    cdef Py_ssize_t i
    for done in tricks:
        add_trick(out, <int>done[0], <tuple>done[1], me, players, deck, played, void, index)
    add_trick(out, leader, trick, me, players, deck, played, void, index)
    for i in range(len(trick)):
        out[current + deck * ((leader + <int>i - me + players) % players)
            + index[<int>trick[i]]] = 1.0
    return 0
