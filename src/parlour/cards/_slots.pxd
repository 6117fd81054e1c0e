# cython: language_level=3
"""C-level helpers of the compiled steps (`games/hearts/_step.pyx`, `games/spades/_step.pyx`,
the step in `games/skat/_deals_and_step.pyx`): reading and writing a Python state's `__slots__`
through their member offsets.

A slot's offset is looked up once per class (`slot_offset`: the class attribute must be an
object member descriptor); a step then reads a slot as a borrowed pointer (NULL where the slot
is unset, as an undealt state's `hands`) and writes it with `set_slot`. Events are frozen
dataclasses with slots, made by `new_object` and filled the same way (what
`parlour.core.game.slot_builder` does through the descriptors).
"""

from libc.stdint cimport uint64_t
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

cdef extern from "Python.h":
    ctypedef struct PyMemberDef:
        const char *name
        int type
        Py_ssize_t offset
        int flags
    ctypedef struct PyMemberDescrObject:
        PyMemberDef *d_member
    ctypedef struct PyTypeObject:
        pass
    PyTypeObject PyMemberDescr_Type
    PyObject *Py_True
    PyObject *Py_False
    PyObject *Py_None
    Py_ssize_t size_of "Py_SIZE"(PyObject *)
    PyObject *tuple_item "PyTuple_GET_ITEM"(PyObject *, Py_ssize_t)
    PyObject *list_item "PyList_GET_ITEM"(PyObject *, Py_ssize_t)
    int PyObject_IsTrue(PyObject *) except -1
    void PyObject_GC_UnTrack(void *)

cdef extern from *:
    """
    #include "structmember.h"
    #define parlour_type_of(o) ((PyObject *)Py_TYPE(o))
    static inline PyObject *parlour_new_object(PyObject *cls) {
        PyTypeObject *t = (PyTypeObject *)cls;
        return t->tp_alloc(t, 0);
    }
    static inline PyObject *parlour_new_items(PyObject *cls, Py_ssize_t items) {
        PyTypeObject *t = (PyTypeObject *)cls;
        return t->tp_alloc(t, items);
    }
    static inline int parlour_is_member(PyObject *descr) {
        return Py_TYPE(descr) == &PyMemberDescr_Type
            && ((PyMemberDescrObject *)descr)->d_member->type == T_OBJECT_EX
            && !(((PyMemberDescrObject *)descr)->d_member->flags & READONLY);
    }
    """
    object new_object "parlour_new_object"(object cls)
    object new_items "parlour_new_items"(object cls, Py_ssize_t items)
    bint is_member "parlour_is_member"(PyObject *descr)
    PyObject *type_of "parlour_type_of"(object obj)


cdef inline long long long_of(PyObject *value) except? -1:
    """`int(value)` of a set slot or item as a C long long: Cython's conversion, which reads an
    int of up to two 30-bit digits directly and a longer one by `PyLong_AsLong`, where
    `PyLong_AsLongLong` goes through a byte array."""
    if value == NULL:
        raise SystemError("long_of: an unset slot")
    return <long long><object>value


cdef inline Py_ssize_t slot_offset(object kind, str name) except -1:
    """The offset of slot `name` of class `kind` (an object member of an instance)."""
    descr = getattr(kind, name)
    if not is_member(<PyObject *>descr):
        raise TypeError(f"{kind.__name__}.{name} is not a writable object slot")
    return (<PyMemberDescrObject *><PyObject *>descr).d_member.offset


cdef inline PyObject *slot(object obj, Py_ssize_t offset) noexcept:
    """The value of the slot at `offset` of `obj`: a borrowed pointer, NULL if unset."""
    return (<PyObject **>((<char *><PyObject *>obj) + offset))[0]


cdef inline void set_slot(object obj, Py_ssize_t offset, object value) noexcept:
    """Set the slot at `offset` of `obj` to `value`."""
    cdef PyObject **place = <PyObject **>((<char *><PyObject *>obj) + offset)
    cdef PyObject *old = place[0]
    Py_INCREF(value)
    place[0] = <PyObject *>value
    Py_XDECREF(old)


cdef inline bint truth(PyObject *value) except -1:
    """`bool(value)` for a slot's value, quick for True and False."""
    if value == Py_True:
        return True
    if value == Py_False or value == Py_None:
        return False
    return PyObject_IsTrue(value)


cdef inline object untracked(object value):
    """`value`, a new tuple of a step's that no reference cycle can pass through (cards, ints,
    actions, undo records of them), untracked by the cycle collector as CPython untracks tuples
    of atoms: the collector then never walks the many a game keeps (its undo records)."""
    PyObject_GC_UnTrack(<void *>value)
    return value


cdef inline void put_item(object record, Py_ssize_t index, object value) noexcept:
    """Fill item `index` of the new tuple `record` with `value` (a new reference)."""
    Py_INCREF(value)
    PyTuple_SET_ITEM(record, index, value)


cdef inline object full_undo(object kind, object snapshot, Py_ssize_t moves, Py_ssize_t events):
    """``FullUndo(snapshot, moves, events)``, `kind` being `parlour.core.undo.FullUndo`: the
    tuple subclass's instance allocated by its `tp_alloc` and filled in C, as `tuple.__new__`
    makes it, without the call through the class (`docs/performance.md`, "Undo records")."""
    cdef object record = new_items(kind, 3)
    put_item(record, 0, snapshot)
    put_item(record, 1, moves)
    put_item(record, 2, events)
    return record


cdef inline object short_undo(object kind, object fields, Py_ssize_t moves, Py_ssize_t events,
                              object restore):
    """``ShortUndo(fields, moves, events, restore)``, `kind` being `parlour.core.undo.ShortUndo`,
    made in C as `full_undo` makes a `FullUndo`."""
    cdef object record = new_items(kind, 4)
    put_item(record, 0, fields)
    put_item(record, 1, moves)
    put_item(record, 2, events)
    put_item(record, 3, restore)
    return record


cdef inline tuple tuple_plus(PyObject *items, object item):
    """``items + (item,)`` for a tuple `items`, untracked (`untracked`)."""
    cdef Py_ssize_t n = size_of(items), i
    cdef tuple result = PyTuple_New(n + 1)
    cdef PyObject *each
    for i in range(n):
        each = tuple_item(items, i)
        Py_INCREF(<object>each)
        PyTuple_SET_ITEM(result, i, <object>each)
    Py_INCREF(item)
    PyTuple_SET_ITEM(result, n, item)
    PyObject_GC_UnTrack(<void *>result)
    return result


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil


cdef inline tuple actions_of(list table, uint64_t mask):
    """The actions `table[card]` of the cards of `mask`, low to high (`CardActionTable`), as an
    untracked tuple."""
    cdef tuple result = PyTuple_New(__builtin_popcountll(mask))
    cdef Py_ssize_t i = 0
    cdef object action
    while mask:
        action = table[__builtin_ctzll(mask)]
        Py_INCREF(action)
        PyTuple_SET_ITEM(result, i, action)
        i += 1
        mask &= mask - 1
    PyObject_GC_UnTrack(<void *>result)
    return result



cdef struct StepFit:
    PyObject *first   # the first two state classes found to fit, recognised by pointer
    PyObject *second


cdef inline bint fit_known(StepFit *fit, PyObject *kind) noexcept:
    """True if `kind` is one of the two state classes `fit` holds (`_trick_play.class_fits`)."""
    return kind == fit.first or kind == fit.second
