# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Territory's compiled kernel: the zombies' turns and their resolution, in C.

`advance(state)` does what `TerritoryState.advance` does for a quiet state (no events): run
zombies' turns until a seat is to act or the game is over. Each zombie draws its moves with
numpy's own multinomial sampler (`random_multinomial` of numpy's C distributions) on the
state's PCG64 stream, and ties are the same seeded coins (`derive_seed`), so the board, the
stream and the result are exactly those of the Python rules; `tests/games/territory/
test_kernel.py` and `benchmarks/territory.py --crosscheck` check that.
"""

from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdint cimport int64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from numpy.random cimport bitgen_t
from numpy.random.c_distributions cimport binomial_t, random_multinomial

from parlour.core.seeding import derive_seed
from parlour.games.territory.board import neighbour_table

cdef enum:
    COIN_BITS = 63

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
    cdef int area, owner, round, over
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
            taken += 1
        else:
            b.pieces[holder] += came
            b.pieces[owner] -= came
            if b.pieces[holder] == b.total:
                end(b, "all pieces belong to one owner")
    if taken and b.pieces[owner] == b.total:
        end(b, "all pieces belong to one owner")
    return 0


cdef int zombie_turn(_Board b, bitgen_t *rng, binomial_t *binomial, int owner,
                     int64_t *dest, int64_t *amount) except -1:
    """Move every piece of `owner` one step, each direction with probability 1/4."""
    cdef int square, k, n = 0
    cdef int64_t drawn[4]
    for square in range(b.area):
        if b.own[square] != owner or b.num[square] <= 0:
            continue
        memset(drawn, 0, sizeof(drawn))
        random_multinomial(rng, b.num[square], drawn, QUARTERS, 4, binomial)
        b.num[square] = 0
        for k in range(4):
            dest[n] = b.table[4 * square + k]
            amount[n] = drawn[k]
            n += 1
    land(b, owner, dest, amount, n)
    return 0


def advance(state):
    """Run zombies' turns of a quiet `state` until a seat is to act or the game is over."""
    game = state.game
    cdef int area = game.size * game.size, players = game.players, rounds = game.rounds
    cdef int length, position, owner, i
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
    b.over = 0
    b.round = state.round
    b.squares = <int64_t *> malloc(area * sizeof(int64_t))
    b.pieces = <int64_t *> malloc(area * sizeof(int64_t))
    b.incoming = <int64_t *> malloc(area * sizeof(int64_t))
    cdef int64_t *dest = <int64_t *> malloc(4 * area * sizeof(int64_t))
    cdef int64_t *amount = <int64_t *> malloc(4 * area * sizeof(int64_t))
    if not (b.squares and b.pieces and b.incoming and dest and amount):
        free(b.squares); free(b.pieces); free(b.incoming); free(dest); free(amount)
        raise MemoryError("territory kernel: no memory for the board")
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
            owner = order[position]
            if b.squares[owner] == 0:
                position += 1
                continue
            state.position = position
            if owner < players:
                current = owner
                break
            zombie_turn(b, rng, &binomial, owner, dest, amount)
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
