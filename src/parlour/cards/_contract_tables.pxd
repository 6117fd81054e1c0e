# cython: language_level=3
"""A contract's tables in C, shared by the general trick layer's compiled playouts
(`cards/_layer.pyx`) and its compiled step (`cards/_layer_step.pyx`): `Contract.follow`,
`power`, `trumps` and `later_wins` as arrays by card id, the trick's winner read from them, and
the next seat of a seating where some seats sit out.

A module keeps one `ContractTables` and calls `load_contract` before reading it: the arrays are
filled again only when the contract changes (recognised by identity; the struct holds a
reference to the contract it was filled from).
"""

from libc.stdint cimport uint64_t
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF

cdef enum:
    CARD_IDS = 64
    MAX_SEATS = 6


cdef struct ContractTables:
    uint64_t follow[CARD_IDS]     # the cards that follow each card led
    uint64_t eligible[CARD_IDS]   # those and the trumps: the cards that may win its trick
    long long power[CARD_IDS]
    uint64_t later_wins           # cards that beat an equal power played before them
    PyObject *loaded              # the contract the arrays were filled from (a reference)


cdef inline int load_contract(ContractTables *tables, object contract) except -1:
    """Fill `tables` from `contract` unless they hold it already."""
    cdef int card
    cdef uint64_t trumps
    if <PyObject *>contract == tables.loaded:
        return 0
    follow, power = contract.follow, contract.power
    trumps = <uint64_t>contract.trumps
    for card in range(CARD_IDS):
        tables.follow[card] = <uint64_t>follow[card]
        tables.eligible[card] = tables.follow[card] | trumps
        tables.power[card] = power[card]
    tables.later_wins = <uint64_t>contract.later_wins
    Py_INCREF(contract)
    Py_XDECREF(tables.loaded)
    tables.loaded = <PyObject *>contract
    return 0


cdef inline int winner_index(const ContractTables *tables, const int *trick,
                             int n) noexcept nogil:
    """`Contract.winner` of the `n` cards of `trick` in play order: the highest power among
    the trumps and the effective suit led; an equal power wins only if it is in `later_wins`."""
    cdef uint64_t eligible = tables.eligible[trick[0]]
    cdef long long best_power = tables.power[trick[0]], value
    cdef int best = 0, i, card
    for i in range(1, n):
        card = trick[i]
        if eligible >> card & 1:
            value = tables.power[card]
            if value > best_power or (value == best_power and tables.later_wins >> card & 1):
                best = i
                best_power = value
    return best


cdef inline int next_seat(int seat, int players, uint64_t sitting_out) noexcept nogil:
    """`Seating.next_seat`: the seat after `seat` of `players`, skipping those `sitting_out`."""
    seat += 1
    if seat == players:
        seat = 0
    while sitting_out >> seat & 1:
        seat += 1
        if seat == players:
            seat = 0
    return seat
