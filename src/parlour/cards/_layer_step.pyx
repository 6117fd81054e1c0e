# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The general trick layer's compiled `Match` step: a card play's `legal_actions`, `apply` and
`apply_unchecked_no_undo` in C, for any game on `ContractTrickState` (`LAYER_STEP`).

The step reads the game's data, not game-specific code: the contract's follow and power
tables, the seating, the state's slots (`parlour.cards._slots`) and the `card_actions` table.
`install` puts its three functions in place of a `layer_class`'s methods and keeps those as
the fallback. A card play is done here as `State.apply` and `ContractTrickState.play_card` do
it: the undo record (the game's `_snapshot`), the history entry, the hand, the trick, the
break, the player to move, the `CardPlayed` event and, at a trick's end, its winner by the
contract. The game's Python is called where its rules are its own: `in_card_play`,
`restricted_legal_mask` (a hand holding a restricted card), `_on_broken` and `_trick_won`.
With `twin_copies` (two copies of a card, one action) the legal actions are one per card and
a play plays the copy held. Every other move (bidding, announcements), an illegal card, a class that overrides a method
`LAYER_STEP` names and an undealt state go to the Python methods.
`parlour.crosscheck.layer_steps` cross-checks it move for move.
"""

from libc.stdint cimport uint64_t
from cpython.ref cimport PyObject

from parlour.cards._contract_tables cimport (
    CARD_IDS, MAX_SEATS, ContractTables, load_contract, next_seat, winner_index,
)
from parlour.cards._slots cimport (
    actions_of, full_undo, list_item, long_of, set_slot, short_undo, size_of, slot, slot_offset,
    truth, tuple_item, tuple_plus, type_of, untracked,
)
from parlour.cards._trick_step cimport (
    TrickSlots, TrickTurn, close_trick, lay_card, moves_by_seat, read_turn, trick_slots,
    within_trick_undo,
)

from types import FunctionType

from parlour.cards.card import CARD
from parlour.cards.contract import (
    FIRST_COPIES as FIRSTS, SECOND_COPIES as SECONDS, TWIN_OFFSET as OFFSET,
)
from parlour.core.undo import FullUndo, ShortUndo


cdef list CARDS = list(CARD)
cdef uint64_t FIRST_COPIES = FIRSTS
cdef uint64_t SECOND_COPIES = SECONDS
cdef int TWIN_OFFSET = OFFSET
cdef object FULL_UNDO = FullUndo, SHORT_UNDO = ShortUndo

# the slots of `ContractTrickState` and its bases, found by the first `install`
cdef TrickSlots T
cdef Py_ssize_t RESTRICTED = -1, CONTRACT, SEATING

cdef dict PYTHON = {}
"""Each installed class: its Python (`legal_actions`, `apply`, `apply_unchecked_no_undo`)."""
cdef object KEPT = None  # `LAYER_STEP.kept_by`
cdef dict KINDS = {}
cdef PyObject *LAST_TYPE = NULL
cdef Kind LAST_KIND = None


cdef class Kind:
    """What the step knows of one state class: whether it may run, the Python fallbacks, the
    play action and history entry of each card."""
    cdef bint fits
    cdef object legal_actions, apply, apply_unchecked_no_undo
    cdef list actions
    """``actions[card]``: the game's play action of each card id (None off its table)."""
    cdef dict card_of
    """The card id of each play action, by ``id(action)``."""
    cdef list moves
    """``moves[seat][card]``: the history entry of `seat` playing `card`."""
    cdef bint twins
    """`twin_copies`: a play action names a card of two copies."""
    cdef list events
    """``events[seat][card]``: `card_played_events`, None off the table."""


# --- the contract's tables and the seating, loaded when they change -------------------------
cdef ContractTables TABLES
cdef object SEATING_LOADED = None
cdef int PLAYERS = 0, TRICK_SIZE = 0
cdef uint64_t SITTING_OUT = 0


cdef int load_seating(seating) except -1:
    """`Seating.players`, `sitting_out` and `trick_size`."""
    global SEATING_LOADED, PLAYERS, TRICK_SIZE, SITTING_OUT
    if seating is SEATING_LOADED:
        return 0
    PLAYERS = seating.players
    SITTING_OUT = <uint64_t>seating.sitting_out
    TRICK_SIZE = seating.trick_size
    SEATING_LOADED = seating
    return 0


cdef int trick_winner(PyObject *trick, Py_ssize_t n) except -1:
    """`Contract.winner` of the loaded contract for the full `trick` (a tuple of cards)."""
    cdef int cards[MAX_SEATS]
    cdef Py_ssize_t i
    for i in range(n):
        cards[i] = <int>long_of(tuple_item(trick, i))
    return winner_index(&TABLES, cards, <int>n)


# --- binding ---------------------------------------------------------------------------------
def install(cls, kept_by):
    """Called once per `layer_class` (`ContractTrickState.init_layer`): the compiled step takes
    the place of `cls`'s `legal_actions`, `apply` and `apply_unchecked_no_undo`, which it keeps as
    its fallback; `kept_by` is `LAYER_STEP.kept_by`, asked once per state class. A class whose
    methods are already compiled by a step of its own (not Python functions) keeps them:
    returns False."""
    global T, RESTRICTED, CONTRACT, SEATING, KEPT, LAST_TYPE, LAST_KIND
    if RESTRICTED < 0:
        T = trick_slots(cls)
        RESTRICTED, CONTRACT, SEATING = [
            slot_offset(cls, name) for name in ("restricted", "contract", "seating")]
    python = tuple([python_of(cls, name, index) for index, name in enumerate(
        ("legal_actions", "apply", "apply_unchecked_no_undo"))])
    if not all(isinstance(method, FunctionType) for method in python):
        return False
    KEPT = kept_by
    PYTHON[cls] = python
    cls.legal_actions = legal_actions
    cls.apply = apply
    cls.apply_unchecked_no_undo = apply_unchecked_no_undo
    KINDS.clear()
    LAST_TYPE = NULL
    LAST_KIND = None
    return True


cdef object python_of(cls, str name, int index):
    """`cls`'s Python method `name`: the one it has, or, where it inherits the compiled step
    from an installed class, that class's fallback."""
    method = getattr(cls, name)
    if method is not (legal_actions, apply, apply_unchecked_no_undo)[index]:
        return method
    for base in cls.__mro__:
        if base in PYTHON:
            return PYTHON[base][index]
    raise TypeError(f"{cls.__name__}.{name} is the compiled step but no Python method is known")


def python_step(kind):
    """The Python `legal_actions`, `apply` and `apply_unchecked_no_undo` the step stands in for on
    state class `kind` (for cross-checks)."""
    cdef Kind known = kind_of_class(kind)
    return known.legal_actions, known.apply, known.apply_unchecked_no_undo


cdef Kind kind_of_class(kind):
    cdef Kind known = KINDS.get(kind)
    if known is not None:
        return known
    known = Kind()
    for base in kind.__mro__:
        if base in PYTHON:
            known.legal_actions, known.apply, known.apply_unchecked_no_undo = PYTHON[base]
            break
    else:
        raise TypeError(f"the layer's compiled step is not installed on {kind.__name__}")
    known.fits = bool(KEPT(kind))
    table = kind.card_actions
    known.actions = [table.get(card) for card in range(CARD_IDS)]
    known.card_of = {id(action): card for card, action in enumerate(known.actions)
                     if action is not None}
    known.moves = moves_by_seat(known.actions, MAX_SEATS)
    known.twins = bool(kind.twin_copies)
    played = kind.card_played_events
    known.events = [[played[seat].get(card) if seat < len(played) else None
                     for card in range(CARD_IDS)] for seat in range(MAX_SEATS)]
    KINDS[kind] = known
    return known


cdef inline Kind kind_of(state):
    """`kind_of_class` of `state`'s class, the last one remembered."""
    global LAST_TYPE, LAST_KIND
    cdef PyObject *kind = type_of(state)
    if kind != LAST_TYPE:
        LAST_KIND = kind_of_class(type(state))
        LAST_TYPE = kind
    return LAST_KIND


cdef inline bint in_play(Kind kind, state) except -1:
    """True if the step may play a card of `state`: its class fits, its cards are dealt, its
    fields set and the game says cards are being played."""
    if (not kind.fits or slot(state, T.hands) == NULL or slot(state, T.current) == NULL
            or slot(state, RESTRICTED) == NULL):
        return False
    return bool(state.in_card_play())


cdef long long card_of(Kind kind, action) except -2:
    """The card id of `action` if it is one of the game's play actions, else -1."""
    found = kind.card_of.get(id(action))
    if found is None:
        return -1
    if kind.actions[<long long>found] is not action:
        return -1
    return <long long>found


# --- the step --------------------------------------------------------------------------------
cdef long long legal_mask(state) except? -1:
    """`ContractTrickState.compute_legal_mask` (in the card play)."""
    cdef long long p = long_of(slot(state, T.current))
    cdef uint64_t hand = <uint64_t>long_of(list_item(slot(state, T.hands), p)), part, first
    cdef PyObject *trick
    if hand & <uint64_t>long_of(slot(state, RESTRICTED)):
        return state.restricted_legal_mask()
    trick = slot(state, T.trick)
    if size_of(trick):
        load_contract(&TABLES, <object>slot(state, CONTRACT))
        part = hand & TABLES.follow[long_of(tuple_item(trick, 0))]
        return <long long>(part if part else hand)
    first = <uint64_t>long_of(slot(state, T.first_lead))
    if first and not size_of(slot(state, T.tricks)):
        return <long long>first
    if truth(slot(state, T.broken)):
        return <long long>hand
    part = hand & ~(<uint64_t>long_of(slot(state, T.held_back)))
    return <long long>(part if part else hand)


def legal_actions(state):
    """The layer game's `legal_actions`: the card actions of the legal cards in the card
    play, the Python method otherwise."""
    cdef Kind kind = kind_of(state)
    if not in_play(kind, state):
        return kind.legal_actions(state)
    cdef long long legal = long_of(slot(state, T.legal))
    if legal < 0:
        legal = legal_mask(state)
        set_slot(state, T.legal, legal)
    if kind.twins:
        return actions_of(kind.actions, one_per_card(<uint64_t>legal))
    return actions_of(kind.actions, <uint64_t>legal)


cdef inline uint64_t one_per_card(uint64_t mask) noexcept:
    """`contract.one_per_card`: the first copy of each card of which `mask` holds a copy."""
    return (mask & FIRST_COPIES) | (mask & SECOND_COPIES) << TWIN_OFFSET


cdef long long held_copy(Kind kind, state, long long card) except -2:
    """`contract.held_copy` for the seat to move (a class with `twin_copies`), else `card`."""
    if not kind.twins:
        return card
    cdef long long p = long_of(slot(state, T.current))
    cdef uint64_t hand = <uint64_t>long_of(list_item(slot(state, T.hands), p))
    return card if hand >> card & 1 else card - TWIN_OFFSET


def apply(state, action):
    """`State.apply` of a layer game: a legal card play in C, anything else by the Python
    method (which raises the rules' `IllegalActionError` for an illegal action)."""
    cdef Kind kind = kind_of(state)
    if not in_play(kind, state):
        return kind.apply(state, action)
    cdef long long card = card_of(kind, action)
    if card < 0:
        return kind.apply(state, action)
    cdef long long legal = long_of(slot(state, T.legal))
    if legal < 0:
        legal = legal_mask(state)
    if kind.twins:
        legal = <long long>one_per_card(<uint64_t>legal)
    if not (legal >> card) & 1:
        return kind.apply(state, action)
    play(kind, state, held_copy(kind, state, card), True)


def apply_unchecked_no_undo(state, action):
    """`State.apply_unchecked_no_undo` of a layer game: a card play in C (unchecked, as the Python
    method is), anything else by the Python method."""
    cdef Kind kind = kind_of(state)
    if not in_play(kind, state):
        return kind.apply_unchecked_no_undo(state, action)
    cdef long long card = card_of(kind, action)
    if card < 0:
        return kind.apply_unchecked_no_undo(state, action)
    play(kind, state, held_copy(kind, state, card), False)


cdef int play(Kind kind, state, long long card, bint record) except -1:
    """`State.apply` (with `record`: its undo record) or `apply_unchecked_no_undo` of a card, then
    `ContractTrickState.play_card`; the game's `_on_broken` and `_trick_won` in Python.

    A card within a trick that announces no break keeps the short undo record of
    `TrickState.undo_play` (the seat, its hand, the trick, the break: all it changes); any
    other card, whose trick's end runs the game's Python, a full `_snapshot`."""
    cdef list stack = <list>slot(state, T.undo)
    if not record and stack and type_of(stack[len(stack) - 1]) == <PyObject *>SHORT_UNDO:
        state.complete_undo_record()  # before reading: it takes back and remakes a move
    cdef TrickTurn turn
    read_turn(&turn, state, &T)
    cdef bint quiet = turn.quiet
    cdef bint breaking = (not truth(slot(state, T.broken))
                          and (<uint64_t>long_of(slot(state, T.breaks)) >> card) & 1)
    current = <object>turn.current
    cdef long long p = turn.seat
    load_seating(<object>slot(state, SEATING))
    if record:
        if size_of(turn.trick) + 1 < TRICK_SIZE and not (breaking and not quiet):
            stack.append(within_trick_undo(SHORT_UNDO, state, &T, &turn, type(state).undo_play))
        else:
            stack.append(full_undo(FULL_UNDO, state._snapshot(), size_of(turn.history),
                                   size_of(turn.events)))
    trick = lay_card(state, &T, &turn, card, CARDS[card], (<list>kind.moves[p])[card],
                     (<list>kind.events[p])[card])
    if breaking:
        set_slot(state, T.broken, True)
        if not quiet:
            state._on_broken(current)
            load_seating(<object>slot(state, SEATING))
    cdef Py_ssize_t n = size_of(<PyObject *>trick)
    if n < TRICK_SIZE:
        set_slot(state, T.trick, trick)
        set_slot(state, T.current, next_seat(<int>p, PLAYERS, SITTING_OUT))
        return 0
    leader = <object>slot(state, T.leader)
    load_contract(&TABLES, <object>slot(state, CONTRACT))
    cdef int winner = <int>long_of(<PyObject *>leader), i
    for i in range(trick_winner(<PyObject *>trick, n)):
        winner = next_seat(winner, PLAYERS, SITTING_OUT)
    winner_object = winner
    close_trick(state, &T, slot(state, T.tricks), leader, trick, winner_object)
    state._trick_won(leader, trick, winner_object)
    return 0
