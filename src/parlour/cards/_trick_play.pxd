# cython: language_level=3
"""C-level declarations of the trick-play module, for other compiled modules to `cimport` (search
loops that play cards without a Python step per card, and the deal kernels of Hearts and
Spades, which subclass `TrickPlay`). The fields are described in `_trick_play.pyx`."""

from libc.stdint cimport uint64_t
from cpython.ref cimport PyObject, Py_DECREF

from parlour.cards._slots cimport StepFit

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

ctypedef PyObject *(*NoArgs)(PyObject *, PyObject *)

cdef extern from "Python.h":
    bint PyCFunction_Check(object)
    int PyCFunction_GET_FLAGS(object)
    void *PyCFunction_GET_FUNCTION(object)
    PyObject *PyCFunction_GET_SELF(object)
    double PyFloat_AsDouble(PyObject *)
    enum:
        METH_VARARGS, METH_KEYWORDS, METH_NOARGS, METH_O, METH_FASTCALL, METH_METHOD

cdef enum:
    SEATS = 4
    MAX_TRICKS = 13


cdef inline int nth_card(uint64_t mask, int n) noexcept nogil:
    """The `n`-th lowest card (counting from 0) of `mask`."""
    while n:
        mask &= mask - 1
        n -= 1
    return __builtin_ctzll(mask)


cdef struct Draw:
    NoArgs function   # `random`'s C function when it is a builtin without arguments
    PyObject *owner   # (a bound `random.Random.random`), else NULL: called as an object


cdef inline void draw_from(Draw *draw, object random) noexcept:
    """Prepare `draw` to call `random` (see `draw_next`)."""
    draw.function = NULL
    draw.owner = NULL
    if PyCFunction_Check(random) and (PyCFunction_GET_FLAGS(random) & (
            METH_VARARGS | METH_KEYWORDS | METH_NOARGS | METH_O | METH_FASTCALL
            | METH_METHOD)) == METH_NOARGS:
        draw.function = <NoArgs>PyCFunction_GET_FUNCTION(random)
        draw.owner = PyCFunction_GET_SELF(random)


cdef inline double draw_next(Draw *draw, object random) except? -1.0:
    """``random()`` as a C double: the builtin's C function called directly where it is one
    (as `random.Random().random` is: the very same draw, without the call machinery)."""
    cdef PyObject *result
    cdef double value
    if draw.function == NULL:
        return random()
    result = draw.function(draw.owner, NULL)
    if result == NULL:
        return -1.0  # the error set by `random` propagates
    value = PyFloat_AsDouble(result)
    Py_DECREF(<object>result)
    return value


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
    cdef int load_cards(self, state, int hand_size, uint64_t first_lead,
                        uint64_t first_ban) except -1
    cdef int store_cards(self, state) except -1
    cdef int append_plays(self, list history, list moves) except -1
    cdef int leader_holding(self, uint64_t card) noexcept


cdef class DealsToCome:
    cdef object coming_class, undealt_of, undealt_twin
    cdef object start_next(self, state, game)


cdef bint class_fits(StepFit *fit, dict known, object fits, object kind) except -1
