# cython: language_level=3
"""The C-level interface of a compiled card-play agent (a game's heuristic), for search loops
that play it in their rollouts and as the other seats' moves (`agents/search/_ismcts.pyx`).

Declarations only (no module): a game's compiled heuristic fills a `CardAgent` with its functions
and hands it out in a capsule named ``"parlour.CardAgent"``, with the bytes of its knowledge of a
position (`size` of them: what the seats know beyond their own hands, kept card by card by
`see`). An agent reads only the hand of the seat to move, the trick and its knowledge: never
the other hands of the `TrickPlay`, which in search are sampled.
"""

from libc.stdint cimport uint64_t

from parlour.cards._trick_play cimport TrickPlay

# the card the seat to move (`play.current`) plays, from its own knowledge
ctypedef int (*ChooseCard)(TrickPlay play, void *knowledge) noexcept
# every seat sees `card` played by `play.current`: called before `play.play(card)`
ctypedef void (*SeeCard)(TrickPlay play, void *knowledge, int card) noexcept
# the cards search weighs for the seat to move among `legal` (`moves=auto`), `chosen` (the
# agent's own choice) standing for the cards it is equivalent to
ctypedef uint64_t (*ProposeCards)(TrickPlay play, void *knowledge, uint64_t legal,
                                  int chosen) noexcept

cdef struct CardAgent:
    ChooseCard choose
    SeeCard see
    ProposeCards propose    # NULL: search weighs every legal card
    int suit_order[4]       # the order in which the agent lists suits among its proposals
    size_t size             # bytes of the knowledge
