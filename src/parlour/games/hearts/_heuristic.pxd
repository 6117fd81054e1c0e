# cython: language_level=3
"""C-level declarations of the compiled Hearts heuristic (`_heuristic.pyx`)."""

from libc.stdint cimport uint64_t

from parlour.cards._trick_play cimport SEATS, TrickPlay


cdef struct Knowledge:
    # What every seat knows of the deal beyond its own hand, kept card by card (`see_play`):
    # with the seat's hand and the trick, all `choose_play` reads.
    uint64_t played         # the cards played this deal (the trick in progress too)
    uint64_t voids[SEATS]   # per seat, the suits it has shown void in (`Knowledge.voids`)
    uint64_t taken[SEATS]   # per seat, the cards it took before the play was loaded
    int hearts_seen         # a heart was played this deal (the heuristic's own "broken")
    int jack                # the J♦ counts -10 (`Hearts.jack_of_diamonds`)


cdef void see_play(Knowledge *k, TrickPlay play, int card) noexcept
cdef int choose_play(TrickPlay play, Knowledge *k, int *rule) noexcept
cdef uint64_t distinct_plays(TrickPlay play, Knowledge *k, uint64_t legal, int chosen) noexcept
cdef int pass_plan(uint64_t hand, int *plan) noexcept
cdef int load_knowledge(Knowledge *k, state, int jack) except -1
