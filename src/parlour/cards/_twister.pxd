# cython: language_level=3
"""CPython's Mersenne Twister (MT19937, `Modules/_randommodule.c`) and the draws of `random.py`
that deals and search use, in C, for the compiled modules that deal or search (`cimport` it:
one copy of the generator).

A `Twister` seeded with `mt_seed(t, seed)` draws exactly what ``random.Random(seed)`` draws
for a seed in [0, 2**64) (`init_by_array` over the seed's 32-bit words, least significant
first); `mt_shuffle` is ``Random.shuffle`` (`_randbelow` by `getrandbits` rejection) and
`mt_key_order` is the order of ``sorted(range(n), key=keys)`` for the 64-bit keys that
``getrandbits(64 * n).to_bytes(8 * n, "little")`` holds (`parlour.cards.deck.deal_by_keys`).
`mt_random` is ``Random.random()``, `mt_below` ``Random._randbelow`` (so `randrange`) and
`mt_shuffle_ints` ``Random.shuffle`` of C ints; `mt_load` and `mt_save` copy a
`random.Random`'s state in and out (`getstate`, `setstate`), so compiled code can draw for it.
The compiled modules check a probe against `random.Random` when they are bound.
"""

from libc.stdint cimport uint64_t

cdef extern from *:
    int __builtin_clz(unsigned int) nogil

cdef enum:
    MT_N = 624
    MT_M = 397

cdef struct Twister:
    unsigned int mt[MT_N]
    int index


cdef extern from *:
    """
    #include <string.h>
    /* The generator seeded by init_genrand(19650218), where init_by_array starts for every
       seed: computed once per module, then copied. */
    static void parlour_mt_base_into(unsigned int *mt) {
        static unsigned int base[624];
        static int ready = 0;
        int i;
        if (!ready) {
            base[0] = 19650218U;
            for (i = 1; i < 624; i++)
                base[i] = 1812433253U * (base[i - 1] ^ (base[i - 1] >> 30)) + (unsigned int)i;
            ready = 1;
        }
        memcpy(mt, base, sizeof base);
    }
    """
    void mt_base_into "parlour_mt_base_into"(unsigned int *mt) noexcept nogil


cdef inline void mt_seed(Twister *t, unsigned long long seed) noexcept nogil:
    """Seed `t` as ``random.Random(seed)`` seeds itself, for 0 <= seed < 2**64."""
    cdef unsigned int key[2]
    cdef int length = 2 if seed >> 32 else 1
    cdef int i = 1, j = 0, k
    key[0] = <unsigned int>(seed & 0xFFFFFFFFU)
    key[1] = <unsigned int>(seed >> 32)
    mt_base_into(t.mt)  # `init_genrand(19650218)`, the same for every seed: copied
    t.index = MT_N
    k = MT_N if MT_N > length else length
    while k:
        t.mt[i] = ((t.mt[i] ^ ((t.mt[i - 1] ^ (t.mt[i - 1] >> 30)) * 1664525U))
                   + key[j] + <unsigned int>j)
        i += 1
        j += 1
        if i >= MT_N:
            t.mt[0] = t.mt[MT_N - 1]
            i = 1
        if j >= length:
            j = 0
        k -= 1
    k = MT_N - 1
    while k:
        t.mt[i] = (t.mt[i] ^ ((t.mt[i - 1] ^ (t.mt[i - 1] >> 30)) * 1566083941U)) - <unsigned int>i
        i += 1
        if i >= MT_N:
            t.mt[0] = t.mt[MT_N - 1]
            i = 1
        k -= 1
    t.mt[0] = 0x80000000U


cdef inline unsigned int mt_next(Twister *t) noexcept nogil:
    """The next 32-bit word (`genrand_uint32`)."""
    cdef unsigned int y
    cdef int kk
    if t.index >= MT_N:
        for kk in range(MT_N - MT_M):
            y = (t.mt[kk] & 0x80000000U) | (t.mt[kk + 1] & 0x7fffffffU)
            t.mt[kk] = t.mt[kk + MT_M] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
        for kk in range(MT_N - MT_M, MT_N - 1):
            y = (t.mt[kk] & 0x80000000U) | (t.mt[kk + 1] & 0x7fffffffU)
            t.mt[kk] = t.mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
        y = (t.mt[MT_N - 1] & 0x80000000U) | (t.mt[0] & 0x7fffffffU)
        t.mt[MT_N - 1] = t.mt[MT_M - 1] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
        t.index = 0
    y = t.mt[t.index]
    t.index += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680U
    y ^= (y << 15) & 0xefc60000U
    y ^= y >> 18
    return y


cdef inline void mt_shuffle(Twister *t, uint64_t *values, int n) noexcept nogil:
    """``Random.shuffle(values[:n])``: the same draws and the same order."""
    cdef int i, j, k, bits
    cdef uint64_t v
    for i in range(n - 1, 0, -1):
        k = i + 1
        bits = 0
        while k >> bits:
            bits += 1
        j = mt_next(t) >> (32 - bits)
        while j >= i + 1:
            j = mt_next(t) >> (32 - bits)
        v = values[i]
        values[i] = values[j]
        values[j] = v


cdef inline void mt_key_order(Twister *t, int *order, int n) noexcept nogil:
    """`order[:n]` = ``sorted(range(n), key=keys)`` for the keys of ``getrandbits(64 * n)``
    read as little-endian 64-bit words (a stable sort, as `sorted` is); n <= 64."""
    cdef uint64_t keys[64]
    cdef uint64_t low, key
    cdef int i, j, index
    for i in range(n):
        low = mt_next(t)
        keys[i] = low | (<uint64_t>mt_next(t)) << 32
    for i in range(n):  # insertion sort: stable, and short for 52 keys
        key = keys[i]
        j = i
        while j > 0 and keys[order[j - 1]] > key:
            order[j] = order[j - 1]
            j -= 1
        order[j] = i


cdef inline double mt_random(Twister *t) noexcept nogil:
    """``Random.random()``: 53 bits from two words."""
    cdef unsigned int a = mt_next(t) >> 5, b = mt_next(t) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


cdef inline int mt_below(Twister *t, int n) noexcept nogil:
    """``Random._randbelow(n)`` (so ``randrange(n)``), 0 < n < 2**31: ``getrandbits(k)`` with
    k the bit length of n, drawn again while not below n."""
    cdef int k = 32 - __builtin_clz(<unsigned int>n)
    cdef unsigned int r = mt_next(t) >> (32 - k)
    while r >= <unsigned int>n:
        r = mt_next(t) >> (32 - k)
    return <int>r


cdef inline void mt_shuffle_ints(Twister *t, int *x, int n) noexcept nogil:
    """``Random.shuffle`` of the `n` ints at `x`."""
    cdef int i, j, swap
    for i in range(n - 1, 0, -1):
        j = mt_below(t, i + 1)
        swap = x[i]
        x[i] = x[j]
        x[j] = swap


cdef inline int mt_load(Twister *t, rng) except -1:
    """`t` in the state of `rng` (a `random.Random`), from its `getstate()`."""
    cdef int i
    state = rng.getstate()[1]
    for i in range(MT_N):
        t.mt[i] = state[i]
    t.index = state[MT_N]
    return 0


cdef inline int mt_save(Twister *t, rng) except -1:
    """`rng` (a `random.Random`) in the state of `t`, by `setstate()`: it goes on drawing
    where `t` stopped."""
    cdef int i
    version, _, gauss = rng.getstate()
    rng.setstate((version, tuple([t.mt[i] for i in range(MT_N)]) + (t.index,), gauss))
    return 0
