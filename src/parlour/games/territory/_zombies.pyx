# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Territory's zombies in C: their turns and the turns' resolution.

`advance(state, quiet)` does what `TerritoryState.advance` does: run zombies' turns until a
seat is to act or the game is over, and for a state with events (`quiet` false) log the same
`RoundStarted` and `TurnPlayed` events as the Python turns, built from C arrays. Each zombie draws its moves with
numpy's own multinomial sampler (`random_multinomial` of numpy's C distributions) on the
state's PCG64 stream, and ties are the same seeded coins (`derive_seed`), so the board, the
stream and the result are exactly those of the Python rules; `tests/games/territory/
test_zombies.py` and `benchmarks/territory.py --crosscheck` check that.
"""

from cpython.object cimport PyObject_GenericSetAttr
from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdint cimport int64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from numpy.random cimport bitgen_t
from numpy.random.c_distributions cimport binomial_t, random_multinomial

import dataclasses

from parlour.core.seeding import derive_seed
from parlour.games.territory.actions import DIRECTIONS
from parlour.games.territory.board import neighbour_table
from parlour.games.territory.events import RoundStarted, TurnPlayed

cdef enum:
    COIN_BITS = 63

TURN_FIELDS = ("round", "owner", "seat", "moves", "taken", "changes")
cdef bint FAST_TURN = tuple(f.name for f in dataclasses.fields(TurnPlayed)) == TURN_FIELDS
"""`TurnPlayed` events are built slot by slot (no keyword parsing) while it has these fields."""

cdef double QUARTERS[4]
QUARTERS[:] = [0.25, 0.25, 0.25, 0.25]


cdef class _Board:
    cdef int64_t *own
    cdef int64_t *num
    cdef const int64_t *table
    cdef int64_t *squares
    cdef int64_t *pieces
    cdef int64_t *incoming
    cdef int64_t *before
    cdef char *touched  # for events: the squares a turn touched (sources and destinations)
    cdef int *taken  # for events: the squares a turn took, in order
    cdef int area, owner, round, over, ntaken
    cdef int64_t total
    cdef object seed
    cdef object reason


cdef int end(_Board b, str reason) except -1:
    if not b.over:
        b.over = 1
        b.reason = reason
    return 0


cdef int land(_Board b, int owner, int64_t *dest, int64_t *amount, int n) except -1:
    """Resolve pieces arriving at `dest` (see `TerritoryState._land`)."""
    cdef int i, target, holder, wins, ties = 0, taken = 0
    cdef int64_t came, stood
    cdef unsigned long long coins = 0
    for i in range(n):
        b.incoming[dest[i]] += amount[i]
    for target in range(b.area):  # ascending, as numpy's nonzero
        came = b.incoming[target]
        if not came:
            continue
        b.incoming[target] = 0
        stood = b.num[target]
        holder = b.own[target]
        b.num[target] = stood + came
        if b.touched:
            b.touched[target] = 1
        if holder == owner:
            continue
        if came == stood:
            if ties % COIN_BITS == 0:
                coins = derive_seed(b.seed, "coin", b.round, owner, ties // COIN_BITS)
            wins = coins >> (ties % COIN_BITS) & 1
            ties += 1
        else:
            wins = came > stood
        if wins:
            b.own[target] = owner
            b.squares[holder] -= 1
            b.squares[owner] += 1
            b.pieces[holder] -= stood
            b.pieces[owner] += stood
            if b.taken:
                b.taken[taken] = target
            taken += 1
        else:
            b.pieces[holder] += came
            b.pieces[owner] -= came
            if b.pieces[holder] == b.total:
                end(b, "all pieces belong to one owner")
    if taken and b.pieces[owner] == b.total:
        end(b, "all pieces belong to one owner")
    b.ntaken = taken
    return 0


cdef int zombie_turn(_Board b, bitgen_t *rng, binomial_t *binomial, int owner,
                     int64_t *dest, int64_t *amount, int *sources) except -1:
    """Move every piece of `owner` one step, each direction with probability 1/4. The squares
    moved from go to `sources`; returns how many."""
    cdef int square, k, n = 0, m = 0
    cdef int64_t drawn[4]
    for square in range(b.area):
        if b.own[square] != owner or b.num[square] <= 0:
            continue
        memset(drawn, 0, sizeof(drawn))
        random_multinomial(rng, b.num[square], drawn, QUARTERS, 4, binomial)
        b.num[square] = 0
        sources[m] = square
        m += 1
        for k in range(4):
            dest[n] = b.table[4 * square + k]
            amount[n] = drawn[k]
            n += 1
    land(b, owner, dest, amount, n)
    return m


cdef object turn_played(_Board b, int owner, int size, int64_t *amount, int *sources, int m):
    """The `TurnPlayed` of the zombie turn just made (see `TerritoryState._zombie_turn`)."""
    cdef int i, k, square, t
    moves = []
    for i in range(m):
        square = sources[i]
        b.touched[square] = 1
        for k in range(4):
            if amount[4 * i + k]:
                moves.append((square // size, square % size, DIRECTIONS[k], amount[4 * i + k]))
    changes = []
    for t in range(b.area):
        if b.touched[t]:
            b.touched[t] = 0
            changes.append((t // size, t % size, b.own[t], b.num[t]))
    taken = tuple([(b.taken[i] // size, b.taken[i] % size) for i in range(b.ntaken)])
    if not FAST_TURN:
        return TurnPlayed(round=b.round, owner=owner, seat=None, moves=tuple(moves),
                          taken=taken, changes=tuple(changes))
    event = TurnPlayed.__new__(TurnPlayed)
    for name, value in zip(TURN_FIELDS, (b.round, owner, None, tuple(moves), taken,
                                         tuple(changes))):
        PyObject_GenericSetAttr(event, name, value)
    return event


def advance(state, bint quiet=True):
    """Run zombies' turns of `state` until a seat is to act or the game is over; unless
    `quiet`, log their events (and the game's end) as the Python turns do."""
    game = state.game
    cdef int area = game.size * game.size, players = game.players, rounds = game.rounds
    cdef int length, position, owner, i, m, size = game.size
    cdef int64_t[::1] own = state._own
    cdef int64_t[::1] num = state._num
    cdef const int64_t[:, ::1] table = neighbour_table(game.size)
    cdef bitgen_t *rng = <bitgen_t *> PyCapsule_GetPointer(
        state.zombie_rng.bit_generator.capsule, "BitGenerator")
    cdef binomial_t binomial
    cdef _Board b = _Board()
    order = state.order
    length = len(order)
    memset(&binomial, 0, sizeof(binomial))
    b.area = area
    b.own = &own[0]
    b.num = &num[0]
    b.table = &table[0, 0]
    b.total = state.total
    b.seed = state.seed
    b.over = 1 if state.over else 0  # a seat's turn may have ended the game
    b.reason = state.end_reason
    b.round = state.round
    b.squares = <int64_t *> malloc(area * sizeof(int64_t))
    b.pieces = <int64_t *> malloc(area * sizeof(int64_t))
    b.incoming = <int64_t *> malloc(area * sizeof(int64_t))
    cdef int64_t *dest = <int64_t *> malloc(4 * area * sizeof(int64_t))
    cdef int64_t *amount = <int64_t *> malloc(4 * area * sizeof(int64_t))
    cdef int *sources = <int *> malloc(area * sizeof(int))
    b.touched = NULL if quiet else <char *> malloc(area)
    b.taken = NULL if quiet else <int *> malloc(area * sizeof(int))
    events = None if quiet else state.events
    if not (b.squares and b.pieces and b.incoming and dest and amount and sources
            and (quiet or (b.touched and b.taken))):
        free(b.squares); free(b.pieces); free(b.incoming); free(dest); free(amount)
        free(sources); free(b.touched); free(b.taken)
        raise MemoryError("territory zombies: no memory for the board")
    if not quiet:
        memset(b.touched, 0, area)
    try:
        squares = state.squares
        pieces = state.pieces
        for i in range(area):
            b.squares[i] = squares[i]
            b.pieces[i] = pieces[i]
            b.incoming[i] = 0
        current = None
        position = state.position + 1
        while not b.over:
            if position >= length:
                b.round += 1
                position = 0
                if b.round >= rounds:
                    b.round = rounds - 1
                    end(b, f"{rounds} rounds were played")
                    break
                if events is not None:
                    events.append(RoundStarted(round=b.round))
            owner = order[position]
            if b.squares[owner] == 0:
                position += 1
                continue
            state.position = position
            if owner < players:
                current = owner
                break
            m = zombie_turn(b, rng, &binomial, owner, dest, amount, sources)
            if events is not None:
                events.append(turn_played(b, owner, size, amount, sources, m))
            position += 1
        state.round = b.round
        state.squares = [b.squares[i] for i in range(area)]
        state.pieces = [b.pieces[i] for i in range(area)]
        if b.over:
            state.over = True
            state.end_reason = b.reason
            state.current = None
        else:
            state.current = current
    finally:
        free(b.squares); free(b.pieces); free(b.incoming); free(dest); free(amount)
        free(sources); free(b.touched); free(b.taken)
    if b.over and not quiet:
        state._game_over()
