# cython: language_level=3
"""What the compiled steps of trick games share (`games/hearts/_step.pyx`,
`games/spades/_step.pyx`, `cards/_layer_step.pyx`): the offsets of the slots every
`TrickState` has and of the `TrickWon` event's, the interned actions, history entries (which
the deal kernels read too) and `CardPlayed` events by seat and card, a full trick's end and
its `TrickWon` event, a card play's start (`TrickTurn` filled by `read_turn`, the undo records
`within_trick_undo` and `trick_end_undo`, `lay_card`) and putting a step in place of a class's
methods.

A step fills its own `TrickSlots` once, in its `install`, with `trick_slots(cls)`, and reads a
state's fields through it (`slot(state, T.hands)`, `parlour.cards._slots`); what is the game's
own (Hearts' passes, Spades' bids) it looks up beside it.
"""

cimport cython
from libc.stdint cimport uint64_t
from cpython.ref cimport PyObject

from parlour.cards._slots cimport (
    list_item, long_of, new_object, set_slot, short_undo, size_of, slot, slot_offset, truth,
    tuple_plus, untracked,
)

cdef enum:
    CARD_COUNT = 64   # card ids are below this


cdef struct TrickSlots:  # slot offsets of `TrickState` and `State`, the same in every subclass
    Py_ssize_t hands, trick, tricks, leader, current, broken, legal, breaks, held_back
    Py_ssize_t first_lead, history, events, undo, quiet


cdef inline TrickSlots trick_slots(object cls) except *:
    """The `TrickSlots` of state class `cls` (a `TrickState`)."""
    cdef TrickSlots found
    (found.hands, found.trick, found.tricks, found.leader, found.current, found.broken,
     found.legal, found.breaks, found.held_back, found.first_lead, found.history, found.events,
     found.undo, found.quiet) = [slot_offset(cls, name) for name in (
        "hands", "trick", "tricks", "leader", "current", "broken", "_legal", "breaks",
        "held_back", "first_lead", "history", "events", "_undo_stack", "quiet")]
    return found


cdef struct TrickTurn:  # what a card play reads first; the objects borrowed from the state
    PyObject *current   # the seat to move, as the state holds it
    long long seat      # the same, as a C number
    PyObject *hands     # the list of hands (card masks)
    PyObject *trick     # the trick so far (a tuple of card ids)
    PyObject *tricks    # the deal's tricks done
    PyObject *history
    PyObject *events
    bint quiet


cdef inline int read_turn(TrickTurn *turn, object state, const TrickSlots *t) except -1:
    """Fill `turn` from `state`, whose current player is about to play a card."""
    turn.current = slot(state, t.current)
    turn.seat = long_of(turn.current)
    turn.hands = slot(state, t.hands)
    turn.trick = slot(state, t.trick)
    turn.tricks = slot(state, t.tricks)
    turn.history = slot(state, t.history)
    turn.events = slot(state, t.events)
    turn.quiet = truth(slot(state, t.quiet))
    return 0


cdef inline object within_trick_undo(object kind, object state, const TrickSlots *t,
                                     const TrickTurn *turn, object restore):
    """`TrickState.undo_play`'s short record of a card that leaves its trick open (`kind` being
    `ShortUndo`, `restore` the class's `undo_play`): the seat, its hand, the trick, the break."""
    return untracked(short_undo(
        kind, untracked((<object>turn.current, <object>list_item(turn.hands, turn.seat),
                         <object>turn.trick, <object>slot(state, t.broken))),
        size_of(turn.history), size_of(turn.events), restore))


cdef inline object trick_end_undo(object kind, object state, const TrickSlots *t,
                                  const TrickTurn *turn, object taken, object restore):
    """`TrickState.undo_play`'s short record of a card that completes a trick not the deal's
    last: `within_trick_undo`'s fields, then the leader, the tricks done and `taken` (the game's
    count of the tricks taken, for `_restore_taken`)."""
    return untracked(short_undo(
        kind, untracked((<object>turn.current, <object>list_item(turn.hands, turn.seat),
                         <object>turn.trick, <object>slot(state, t.broken),
                         <object>slot(state, t.leader), <object>turn.tricks, taken)),
        size_of(turn.history), size_of(turn.events), restore))


@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline tuple lay_card(object state, const TrickSlots *t, const TrickTurn *turn,
                           long long card, object card_object, object move, object played):
    """Lay `card` (`card_object` its id as a Python int) from the hand of the seat to move:
    `move` onto the history, the legal-move cache cleared, the card out of the hand and, unless
    quiet, the `played` event; returns the trick with the card added (the caller stores it)."""
    (<list>turn.history).append(move)
    set_slot(state, t.legal, -1)
    (<list>turn.hands)[turn.seat] = <uint64_t>long_of(list_item(turn.hands, turn.seat)) ^ (
        (<uint64_t>1) << card)
    trick = tuple_plus(turn.trick, card_object)
    if not turn.quiet:
        (<list>turn.events).append(played)
    return trick


cdef struct TrickWonSlots:  # slot offsets of every `TrickWon` event's fields
    Py_ssize_t trick, leader, cards, winner, visible_to


cdef inline TrickWonSlots trick_won_slots(object event_class) except *:
    """The `TrickWonSlots` of `event_class`."""
    cdef TrickWonSlots found
    found.trick, found.leader, found.cards, found.winner, found.visible_to = [
        slot_offset(event_class, name)
        for name in ("trick", "leader", "cards", "winner", "visible_to")]
    return found


cdef inline object trick_won_event(object event_class, const TrickWonSlots *w,
                                   Py_ssize_t number, object leader, object cards,
                                   object winner):
    """A new `TrickWon` event of `event_class` with its common fields set (trick `number`, its
    `leader`, `cards` and `winner`, visible to all); the game sets its own."""
    event = new_object(event_class)
    set_slot(event, w.trick, number)
    set_slot(event, w.leader, leader)
    set_slot(event, w.cards, cards)
    set_slot(event, w.winner, winner)
    set_slot(event, w.visible_to, None)
    return event


cdef inline int close_trick(object state, const TrickSlots *t, PyObject *tricks,
                            object leader, object cards, object winner) except -1:
    """`TrickState.play_card`'s end of a full trick: (`leader`, `cards`) added to `tricks` (the
    state's tricks before), the trick emptied, `winner` leads and is to move."""
    set_slot(state, t.tricks, tuple_plus(tricks, untracked((leader, cards))))
    set_slot(state, t.trick, ())
    set_slot(state, t.leader, winner)
    set_slot(state, t.current, winner)
    return 0


cdef inline list by_card(object actions):
    """`actions` (a card id's action, as `CardActionTable`) as a list of `CARD_COUNT` entries,
    None for the cards it lacks."""
    return [actions.get(card) for card in range(CARD_COUNT)]


cdef inline list moves_by_seat(list actions, int seats):
    """``[seat][card]``: the history entry (`Move`) of `seat` making `actions[card]` (None
    where that is None)."""
    from parlour.core.game import Move
    return [[None if action is None else Move(seat, action) for action in actions]
            for seat in range(seats)]


cdef inline list played_by_seat(int seats):
    """``[seat][card]``: the interned `CardPlayed` event of `seat` playing `card`."""
    from parlour.cards.events import CARD_PLAYED
    return [[CARD_PLAYED[seat].get(card) for card in range(CARD_COUNT)]
            for seat in range(seats)]


cdef inline tuple put_in_place(object cls, object legal_actions, object apply,
                               object apply_unchecked_no_undo, long long over):
    """Put a step's three functions in place of `cls`'s methods and read `is_terminal` (the
    phase is `over`) and `deal_number` in C; returns the Python methods it replaced, the
    step's fallback: (`legal_actions`, `apply`, `apply_unchecked_no_undo`)."""
    from parlour.cards._trick_play import SlotEquals, SlotInt
    python = (cls.legal_actions, cls.apply, cls.apply_unchecked_no_undo)
    cls.legal_actions = legal_actions
    cls.apply = apply
    cls.apply_unchecked_no_undo = apply_unchecked_no_undo
    cls.is_terminal = SlotEquals(cls, "phase", over, cls.is_terminal)
    cls.deal_number = SlotInt(cls, "deal", cls.deal_number)
    return python
