# cython: language_level=3
"""C-level declarations of the trick-play kernel, for other kernels to `cimport` (search
loops that play cards without a Python step per card). The fields are described in
`_kernel.pyx`."""

from libc.stdint cimport uint64_t

cdef enum:
    SEATS = 4
    MAX_TRICKS = 13


cdef class TrickPlay:
    cdef public int current, leader, ntrick, ntricks, start_tricks, broken, trump, done
    cdef public int nplayed, hand_size, last_winner
    cdef uint64_t hands[SEATS]
    cdef uint64_t taken[SEATS]
    cdef int won[SEATS]
    cdef int trick[SEATS]
    cdef int leaders[MAX_TRICKS]
    cdef int cards[MAX_TRICKS][SEATS]
    cdef int seat_of[SEATS * MAX_TRICKS]
    cdef int played[SEATS * MAX_TRICKS]
    cdef uint64_t held_back, breaks, first_lead, first_ban

    cpdef uint64_t legal_mask(self)
    cpdef int play(self, int card) except -2
    cpdef int random_play(self, random) except -2
