# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Hearts' compiled step: `HeartsState.legal_actions`, `apply` and `apply_unchecked_no_undo` in C.

The Python methods stay the reference and the fallback. `install` puts these functions in
their place on `HeartsState`; each works on the state's own slots (`parlour.cards._slots`) and
makes exactly what the Python methods make: the hands, the trick, the tricks, the leader, the
player to move, the break, the `_legal` cache, the history entries, the undo records and the
events. A class that overrides a method the step stands in for (`trickstate.step_fits`), an
undealt state (its cards unread), an illegal action and the rare moves (a deal's last pass, the
action of another phase) go to the Python methods; the end of a deal calls the state's own
`_score_deal`. `parlour.testing.trick_steps` cross-checks it move for move.
"""

from libc.stdint cimport uint64_t
from cpython.ref cimport PyObject, Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

from parlour.cards._trick_play cimport __builtin_ctzll, __builtin_popcountll, class_fits
from parlour.cards._slots cimport (
    StepFit, actions_of, fit_known, full_undo, list_item, long_of, new_object, set_slot,
    short_undo, size_of, slot, slot_offset, truth, tuple_item, tuple_plus, type_of, untracked,
)
from parlour.cards._trick_step cimport (
    TrickSlots, TrickTurn, TrickWonSlots, by_card, close_trick, lay_card, moves_by_seat,
    played_by_seat, put_in_place, read_turn, trick_slots, trick_won_event, trick_won_slots,
    trick_end_undo, within_trick_undo,
)

from parlour.cards.card import CARD
from parlour.core.undo import FullUndo, ShortUndo

cdef enum:
    PASSING = 0
    PLAYING = 1
    OVER = 2
    SEATS = 4
    HAND_SIZE = 13
    PASS_SIZE = 3

cdef uint64_t SUIT = 0x7FFC

# bound by `install`
cdef object PY_LEGAL = None, PY_APPLY = None, PY_WITHOUT = None
cdef TrickSlots T
cdef TrickWonSlots W
cdef Py_ssize_t PHASE, PASSES, TAKEN, GAME, CARD_SLOT, TW_POINTS
cdef object PLAY_TYPE = None, PASS_TYPE = None, TRICK_WON = None
cdef object UNDO_PLAY = None, UNDO_PASS = None, STEP_FITS = None, CARD_POINTS = None
cdef list PLAYS = [None] * 64
cdef list PASSES_OF = [None] * 64
cdef list CARDS = list(CARD)
cdef list PLAY_MOVES = [], PASS_MOVES = [], PLAYED = [], CHOSEN = []
cdef uint64_t HEARTS_MASK = 0, QS = 0, JD = 0, TWO_CLUBS = 0, POINT_CARDS = 0
cdef object MINUS_ONE = -1
cdef dict FITS = {}
cdef StepFit FIT = StepFit(NULL, NULL)
cdef object POINTS_OF = None  # the game `NATIVE` and `JACK` were read from
cdef bint NATIVE = False, JACK = False
cdef object FULL_UNDO = FullUndo, SHORT_UNDO = ShortUndo


def install(cls, play, passes, trick_won, undo_play, undo_pass, card_points, step_fits,
            chosen, uint64_t hearts, uint64_t queen, uint64_t jack, uint64_t two_clubs):
    """Called once by `rules`: the compiled step takes the place of `cls`'s `legal_actions`,
    `apply` and `apply_unchecked_no_undo`, which it keeps as its fallback, and its `is_terminal`
    and `deal_number` are read in C (`cards._trick_step.put_in_place`). `play` and `passes` are
    the interned actions by card, `trick_won` the `TrickWon` class, `undo_play` and `undo_pass`
    the short undo records' restore functions, `card_points` `Hearts.card_points` (a game that
    overrides it is asked), `step_fits` `trickstate.step_fits`, `chosen` the interned
    `PassChosen` events by seat and card."""
    global PY_LEGAL, PY_APPLY, PY_WITHOUT, T, W, PHASE, PASSES, TAKEN, GAME, CARD_SLOT
    global TW_POINTS, PLAY_TYPE, PASS_TYPE, TRICK_WON, UNDO_PLAY, UNDO_PASS, STEP_FITS
    global CARD_POINTS, PLAYS, PASSES_OF, PLAY_MOVES, PASS_MOVES, PLAYED, CHOSEN, HEARTS_MASK
    global QS, JD, TWO_CLUBS, POINT_CARDS
    T = trick_slots(cls)
    PHASE, PASSES, TAKEN, GAME = [slot_offset(cls, name)
                                  for name in ("phase", "passes", "taken", "game")]
    W = trick_won_slots(trick_won)
    TW_POINTS = slot_offset(trick_won, "points")
    PLAY_TYPE = type(next(iter(play.values())))
    PASS_TYPE = type(next(iter(passes.values())))
    CARD_SLOT = slot_offset(PLAY_TYPE, "card")
    if slot_offset(PASS_TYPE, "card") != CARD_SLOT:
        raise TypeError("Play and Pass keep their card in different slots")
    TRICK_WON, UNDO_PLAY, UNDO_PASS, STEP_FITS = trick_won, undo_play, undo_pass, step_fits
    CARD_POINTS = card_points
    PLAYS, PASSES_OF = by_card(play), by_card(passes)
    PLAY_MOVES, PASS_MOVES = moves_by_seat(PLAYS, SEATS), moves_by_seat(PASSES_OF, SEATS)
    PLAYED = played_by_seat(SEATS)
    CHOSEN = [by_card(chosen[seat]) for seat in range(SEATS)]
    HEARTS_MASK, QS, JD, TWO_CLUBS = hearts, queen, jack, two_clubs
    POINT_CARDS = hearts | queen
    FITS.clear()
    PY_LEGAL, PY_APPLY, PY_WITHOUT = put_in_place(
        cls, legal_actions, apply, apply_unchecked_no_undo, OVER)


def python_step():
    """The Python methods the step stands in for (once installed): `legal_actions`, `apply`
    and `apply_unchecked_no_undo`, for cross-checks."""
    return PY_LEGAL, PY_APPLY, PY_WITHOUT


cdef inline bint fits(state) except -1:
    """True if the compiled step may move `state`: its class fits and its cards are dealt."""
    if not fit_known(&FIT, type_of(state)) and not class_fits(
            &FIT, FITS, STEP_FITS, type(state)):
        return False
    return slot(state, T.hands) != NULL and slot(state, T.current) != NULL


cdef long long legal_mask(state, long long phase) except? -1:
    """`HeartsState.compute_legal_mask` (the state is passing or playing)."""
    cdef long long p = long_of(slot(state, T.current))
    cdef uint64_t hand = <uint64_t>long_of(list_item(slot(state, T.hands), p)), part
    cdef PyObject *trick
    if phase == PASSING:
        return <long long>(hand & ~(<uint64_t>long_of(list_item(slot(state, PASSES), p))))
    trick = slot(state, T.trick)
    if size_of(trick):
        part = hand & (SUIT << ((long_of(tuple_item(trick, 0)) >> 4) << 4))
        if part:
            return <long long>part
        if not size_of(slot(state, T.tricks)):  # the first trick: no point card if others
            part = hand & ~POINT_CARDS
            if part:
                return <long long>part
        return <long long>hand
    if not size_of(slot(state, T.tricks)):
        return <long long>TWO_CLUBS
    if truth(slot(state, T.broken)):
        return <long long>hand
    part = hand & ~(<uint64_t>long_of(slot(state, T.held_back)))
    return <long long>(part if part else hand)


def legal_actions(state):
    """`HeartsState.legal_actions`."""
    if not fits(state):
        return PY_LEGAL(state)
    cdef long long phase = long_of(slot(state, PHASE))
    if phase != PLAYING and phase != PASSING:
        return PY_LEGAL(state)
    cdef long long legal = long_of(slot(state, T.legal))
    if legal < 0:
        legal = legal_mask(state, phase)
        set_slot(state, T.legal, legal)
    return actions_of(PLAYS if phase == PLAYING else PASSES_OF, <uint64_t>legal)


def apply(state, action):
    """`HeartsState.apply`: a legal play or pass in C, anything else by the Python method
    (which raises the rules' `IllegalActionError` for an illegal action)."""
    if not fits(state):
        return PY_APPLY(state, action)
    cdef long long phase = long_of(slot(state, PHASE))
    kind = type(action)
    if not ((kind is PLAY_TYPE and phase == PLAYING) or (kind is PASS_TYPE and phase == PASSING)):
        return PY_APPLY(state, action)
    cdef long long card = long_of(slot(action, CARD_SLOT))
    cdef long long legal = long_of(slot(state, T.legal))
    if legal < 0:
        legal = legal_mask(state, phase)
    if card < 0 or card > 63 or not (legal >> card) & 1:
        return PY_APPLY(state, action)
    if phase == PLAYING:
        play(state, card, True)
    else:
        choose(state, card, True)


def apply_unchecked_no_undo(state, action):
    """`State.apply_unchecked_no_undo` of a `HeartsState`: a play or a pass in C (unchecked, as the
    Python method is), anything else by the Python method."""
    if not fits(state):
        return PY_WITHOUT(state, action)
    cdef long long phase = long_of(slot(state, PHASE))
    kind = type(action)
    if not ((kind is PLAY_TYPE and phase == PLAYING) or (kind is PASS_TYPE and phase == PASSING)):
        return PY_WITHOUT(state, action)
    cdef long long card = long_of(slot(action, CARD_SLOT))
    if card < 0 or card > 63:
        return PY_WITHOUT(state, action)
    cdef list stack = <list>slot(state, T.undo)
    if stack and type_of(stack[len(stack) - 1]) == <PyObject *>SHORT_UNDO:
        state.complete_undo_record()
    if phase == PLAYING:
        play(state, card, False)
    else:
        choose(state, card, False)


cdef int play(state, long long card, bint record) except -1:
    """`HeartsState.apply`'s short way for a play (with `record`: its undo record), then
    `TrickState.play_card` and `HeartsState._trick_won`."""
    cdef TrickTurn turn
    read_turn(&turn, state, &T)
    cdef long long p = turn.seat, leader
    cdef PyObject *tricks = turn.tricks
    cdef Py_ssize_t n = size_of(turn.trick), ntricks = size_of(tricks), i
    cdef list events = <list>turn.events
    cdef bint quiet = turn.quiet
    cdef uint64_t taken
    cdef int lead, best, index, winner, c
    if record:
        if n < 3:
            entry = within_trick_undo(SHORT_UNDO, state, &T, &turn, UNDO_PLAY)
        elif ntricks == HAND_SIZE - 1:  # the deal's last card: a full snapshot
            entry = untracked(full_undo(FULL_UNDO, state._snapshot(), size_of(turn.history),
                                        size_of(turn.events)))
        else:  # the trick's last card: `TrickState.undo_play`'s record and the taken cards
            entry = trick_end_undo(SHORT_UNDO, state, &T, &turn,
                                   tuple(<list>slot(state, TAKEN)), UNDO_PLAY)
        (<list>slot(state, T.undo)).append(entry)
    new_trick = lay_card(state, &T, &turn, card, CARDS[card], (<list>PLAY_MOVES[p])[card],
                         (<list>PLAYED[p])[card])
    if (<uint64_t>long_of(slot(state, T.breaks)) >> card) & 1 and not truth(slot(state, T.broken)):
        set_slot(state, T.broken, True)  # Hearts announces no break (`_on_broken`)
    if n + 1 < SEATS:
        set_slot(state, T.trick, new_trick)
        set_slot(state, T.current, (p + 1) & 3)
        return 0
    # the trick is full: the highest card of the suit led wins it (`winner_no_trump`)
    lead = long_of(tuple_item(<PyObject *>new_trick, 0)) >> 4
    best = -1
    index = 0
    taken = 0
    for i in range(SEATS):
        c = long_of(tuple_item(<PyObject *>new_trick, i))
        taken |= (<uint64_t>1) << c
        if c >> 4 == lead and c > best:
            best = c
            index = i
    leader_object = <object>slot(state, T.leader)
    leader = long_of(<PyObject *>leader_object)
    winner = (leader + index) & 3
    winner_object = winner
    close_trick(state, &T, tricks, leader_object, new_trick, winner_object)
    # `HeartsState._trick_won`
    takens = <list>slot(state, TAKEN)
    takens[winner] = <uint64_t>long_of(list_item(<PyObject *>takens, winner)) | taken
    if not quiet:
        event = trick_won_event(TRICK_WON, &W, ntricks, leader_object, new_trick, winner_object)
        set_slot(event, TW_POINTS, card_points(<object>slot(state, GAME), taken))
        events.append(event)
    if ntricks + 1 == HAND_SIZE:
        state._score_deal()
    return 0


cdef object card_points(game, uint64_t mask):
    """`game.card_points(mask)`, in C while the game keeps `Hearts.card_points`."""
    global POINTS_OF, NATIVE, JACK
    cdef int points
    if game is not POINTS_OF:
        NATIVE = getattr(type(game), "card_points") is CARD_POINTS
        JACK = bool(game.jack_of_diamonds)
        POINTS_OF = game
    if not NATIVE:
        return game.card_points(mask)
    points = __builtin_popcountll(mask & HEARTS_MASK) + (13 if mask & QS else 0)
    if JACK and mask & JD:
        points -= 10
    return points


cdef int choose(state, long long card, bint record) except -1:
    """`HeartsState.apply`'s short way for a pass (with `record`: its undo record), then
    `HeartsState._choose_pass`; the pass that completes the passing by the Python method."""
    cdef PyObject *current = slot(state, T.current)
    cdef long long p = long_of(current)
    cdef list passes = <list>slot(state, PASSES)
    cdef uint64_t chosen = <uint64_t>long_of(list_item(<PyObject *>passes, p))
    cdef uint64_t after = chosen | (<uint64_t>1) << card
    cdef list history = <list>slot(state, T.history)
    cdef list events = <list>slot(state, T.events)
    cdef bint last = p == SEATS - 1 and __builtin_popcountll(after) >= PASS_SIZE
    if record:
        if last:  # the cards change hands: a full snapshot
            entry = full_undo(FULL_UNDO, state._snapshot(), len(history), len(events))
        else:  # `HeartsState.undo_pass`'s short record
            entry = short_undo(SHORT_UNDO, untracked((<object>current,
                                                      <object>list_item(<PyObject *>passes, p))),
                               len(history), len(events), UNDO_PASS)
        (<list>slot(state, T.undo)).append(untracked(entry))
    history.append((<list>PASS_MOVES[p])[card])
    set_slot(state, T.legal, MINUS_ONE)
    if last:
        state._choose_pass(CARDS[card])
        return 0
    passes[p] = after
    if not truth(slot(state, T.quiet)):
        events.append((<list>CHOSEN[p])[card])
    if __builtin_popcountll(after) >= PASS_SIZE:
        set_slot(state, T.current, p + 1)
    return 0
