# cython: language_level=3
"""C-level interface of the compiled Spades heuristic (`_heuristic.pyx`), for other compiled
modules to `cimport`: a search loop whose rollouts play the heuristic on a `TrickPlay`.

    cdef SpadesKnowledge k
    knowledge_from_state(&k, state)        # once, when `tp` is loaded from the same state
    card = heuristic_card(tp, &k, &rule)   # the card `tp.current` plays, from its view only
    tp.play(card)                          # (any card: `k` notes what `tp` played, lazily)

`heuristic_card` reads, of the `TrickPlay`, only the hand of the seat to play, the trick and
the counts of tricks (never another seat's hand), and of `k` what every seat has seen; in
Spades that is all public (no cards are passed), so one `SpadesKnowledge` serves all four
seats. `k` notes what `tp` played since `k.synced` from `tp.played` and `tp.seat_of`, so a tree
descent may play cards on `tp` without telling `k`; a copy of `k` (plain struct assignment) made
with a copy of `tp` follows that copy, once `note_plays(&k, tp)` has run before copying where
the copy leaves those arrays out (as `_ismcts.copy_play` does).
"""

from libc.stdint cimport uint64_t

from parlour.cards._trick_play cimport SEATS, TrickPlay


cdef struct SpadesKnowledge:
    int bids[SEATS]          # each seat's bid this hand (0: Nil or Blind Nil)
    int won_before[SEATS]    # the tricks each seat had won when `tp` was loaded
    uint64_t played          # the cards played this hand, as far as `synced`
    uint64_t voids[SEATS]    # the suits (as card masks) each seat has shown void in
    int synced               # how many of `tp`'s plays (`nplayed`) are noted here
    int lead                 # the suit led to the trick in progress at `synced` (-1: none)
    int position             # how many cards that trick held at `synced`


cdef int knowledge_from_state(SpadesKnowledge *k, state) except -1
cdef void note_plays(SpadesKnowledge *k, TrickPlay tp) noexcept
cdef int heuristic_card(TrickPlay tp, SpadesKnowledge *k, int *rule) except -2
cdef int heuristic_bid(uint64_t hand, int seat, const int *bids, bint nil) noexcept
cdef bint heuristic_blind_nil(int seat, int ns, int ew, const int *blind) noexcept
