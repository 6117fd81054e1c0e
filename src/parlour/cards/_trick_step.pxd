# cython: language_level=3
"""What the compiled steps of trick games share (`games/hearts/_step.pyx`,
`games/spades/_step.pyx`, `cards/_layer_step.pyx`; the deal kernels read its move tables too): the offsets of the slots every
`TrickState` has and of the `TrickWon` event's, the interned actions, history entries and
`CardPlayed` events by seat and card, and putting a step in place of a class's methods.

A step fills its own `TrickSlots` once, in its `install`, with `trick_slots(cls)`, and reads a
state's fields through it (`slot(state, T.hands)`, `parlour.cards._slots`); what is the game's
own (Hearts' passes, Spades' bids) it looks up beside it.
"""

from parlour.cards._slots cimport slot_offset

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


cdef struct TrickWonSlots:  # slot offsets of every `TrickWon` event's fields
    Py_ssize_t trick, leader, cards, winner, visible_to


cdef inline TrickWonSlots trick_won_slots(object event_class) except *:
    """The `TrickWonSlots` of `event_class`."""
    cdef TrickWonSlots found
    found.trick, found.leader, found.cards, found.winner, found.visible_to = [
        slot_offset(event_class, name)
        for name in ("trick", "leader", "cards", "winner", "visible_to")]
    return found


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
    from parlour.cards._kernel import SlotEquals, SlotInt
    python = (cls.legal_actions, cls.apply, cls.apply_unchecked_no_undo)
    cls.legal_actions = legal_actions
    cls.apply = apply
    cls.apply_unchecked_no_undo = apply_unchecked_no_undo
    cls.is_terminal = SlotEquals(cls, "phase", over, cls.is_terminal)
    cls.deal_number = SlotInt(cls, "deal", cls.deal_number)
    return python
