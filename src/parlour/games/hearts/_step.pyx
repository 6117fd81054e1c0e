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
    StepFit, actions_of, fit_known, list_item, long_of, new_object, set_slot, size_of, slot,
    full_undo, short_undo, slot_offset, truth, tuple_item, tuple_plus, type_of, untracked,
)

from parlour.cards._trick_play import SlotEquals, SlotInt
from parlour.cards.card import CARD
from parlour.cards.events import CARD_PLAYED
from parlour.core.game import Move
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
cdef Py_ssize_t HANDS, TRICK, TRICKS, LEADER, CURRENT, BROKEN, LEGAL, BREAKS, HELD_BACK
cdef Py_ssize_t PHASE, PASSES, TAKEN, HISTORY, EVENTS, UNDO, QUIET, GAME, CARD_SLOT
cdef Py_ssize_t TW_TRICK, TW_LEADER, TW_CARDS, TW_WINNER, TW_POINTS, TW_VISIBLE
cdef object PLAY_TYPE = None, PASS_TYPE = None, TRICK_WON = None
cdef object UNDO_PLAY = None, UNDO_PASS = None, STEP_FITS = None, CARD_POINTS = None
cdef list PLAYS = [None] * 64
cdef list PASSES_OF = [None] * 64
cdef list CARDS = list(CARD)
cdef list PLAY_MOVES = [], PASS_MOVES = [], PLAYED = [], CHOSEN = []
cdef uint64_t HEARTS_MASK = 0, QS = 0, JD = 0, TWO_CLUBS = 0, POINT_CARDS = 0
cdef object MINUS_ONE = -1
cdef tuple EMPTY = ()
cdef dict FITS = {}
cdef StepFit FIT = StepFit(NULL, NULL)
cdef object POINTS_OF = None  # the game `NATIVE` and `JACK` were read from
cdef bint NATIVE = False, JACK = False
cdef object FULL_UNDO = FullUndo, SHORT_UNDO = ShortUndo


def install(cls, play, passes, trick_won, undo_play, undo_pass, card_points, step_fits,
            chosen, uint64_t hearts, uint64_t queen, uint64_t jack, uint64_t two_clubs):
    """Called once by `rules`: the compiled step takes the place of `cls`'s `legal_actions`,
    `apply` and `apply_unchecked_no_undo`, which it keeps as its fallback, and its `is_terminal`
    and `deal_number` are read in C (`_trick_play.SlotEquals`, `SlotInt`). `play` and `passes` are
    the interned actions by card, `trick_won` the `TrickWon` class, `undo_play` and `undo_pass`
    the short undo records' restore functions, `card_points` `Hearts.card_points` (a game that
    overrides it is asked), `step_fits` `trickstate.step_fits`, `chosen` the interned
    `PassChosen` events by seat and card."""
    global PY_LEGAL, PY_APPLY, PY_WITHOUT, HANDS, TRICK, TRICKS, LEADER, CURRENT, BROKEN, LEGAL
    global BREAKS, HELD_BACK, PHASE, PASSES, TAKEN, HISTORY, EVENTS, UNDO, QUIET, GAME, CARD_SLOT
    global TW_TRICK, TW_LEADER, TW_CARDS, TW_WINNER, TW_POINTS, TW_VISIBLE, PLAY_TYPE, PASS_TYPE
    global TRICK_WON, UNDO_PLAY, UNDO_PASS, STEP_FITS, CARD_POINTS, PLAY_MOVES, PASS_MOVES
    global PLAYED, CHOSEN, HEARTS_MASK, QS, JD, TWO_CLUBS, POINT_CARDS
    PY_LEGAL, PY_APPLY, PY_WITHOUT = cls.legal_actions, cls.apply, cls.apply_unchecked_no_undo
    (HANDS, TRICK, TRICKS, LEADER, CURRENT, BROKEN, LEGAL, BREAKS, HELD_BACK, PHASE, PASSES,
     TAKEN, HISTORY, EVENTS, UNDO, QUIET, GAME) = [slot_offset(cls, name) for name in (
        "hands", "trick", "tricks", "leader", "current", "broken", "_legal", "breaks",
        "held_back", "phase", "passes", "taken", "history", "events", "_undo_stack", "quiet",
        "game")]
    (TW_TRICK, TW_LEADER, TW_CARDS, TW_WINNER, TW_POINTS, TW_VISIBLE) = [
        slot_offset(trick_won, name)
        for name in ("trick", "leader", "cards", "winner", "points", "visible_to")]
    PLAY_TYPE = type(next(iter(play.values())))
    PASS_TYPE = type(next(iter(passes.values())))
    CARD_SLOT = slot_offset(PLAY_TYPE, "card")
    if slot_offset(PASS_TYPE, "card") != CARD_SLOT:
        raise TypeError("Play and Pass keep their card in different slots")
    TRICK_WON, UNDO_PLAY, UNDO_PASS, STEP_FITS = trick_won, undo_play, undo_pass, step_fits
    CARD_POINTS = card_points
    for card in range(64):
        PLAYS[card] = play.get(card)
        PASSES_OF[card] = passes.get(card)
    PLAY_MOVES = [[Move(seat, PLAYS[card]) for card in range(64)] for seat in range(SEATS)]
    PASS_MOVES = [[Move(seat, PASSES_OF[card]) for card in range(64)] for seat in range(SEATS)]
    PLAYED = [[CARD_PLAYED[seat].get(card) for card in range(64)] for seat in range(SEATS)]
    CHOSEN = [[chosen[seat].get(card) for card in range(64)] for seat in range(SEATS)]
    HEARTS_MASK, QS, JD, TWO_CLUBS = hearts, queen, jack, two_clubs
    POINT_CARDS = hearts | queen
    FITS.clear()
    cls.legal_actions = legal_actions
    cls.apply = apply
    cls.apply_unchecked_no_undo = apply_unchecked_no_undo
    cls.is_terminal = SlotEquals(cls, "phase", OVER, cls.is_terminal)
    cls.deal_number = SlotInt(cls, "deal", cls.deal_number)


def python_step():
    """The Python methods the step stands in for (once installed): `legal_actions`, `apply`
    and `apply_unchecked_no_undo`, for cross-checks."""
    return PY_LEGAL, PY_APPLY, PY_WITHOUT


cdef inline bint fits(state) except -1:
    """True if the compiled step may move `state`: its class fits and its cards are dealt."""
    if not fit_known(&FIT, type_of(state)) and not class_fits(
            &FIT, FITS, STEP_FITS, type(state)):
        return False
    return slot(state, HANDS) != NULL and slot(state, CURRENT) != NULL


cdef long long legal_mask(state, long long phase) except? -1:
    """`HeartsState.compute_legal_mask` (the state is passing or playing)."""
    cdef long long p = long_of(slot(state, CURRENT))
    cdef uint64_t hand = <uint64_t>long_of(list_item(slot(state, HANDS), p)), part
    cdef PyObject *trick
    if phase == PASSING:
        return <long long>(hand & ~(<uint64_t>long_of(list_item(slot(state, PASSES), p))))
    trick = slot(state, TRICK)
    if size_of(trick):
        part = hand & (SUIT << ((long_of(tuple_item(trick, 0)) >> 4) << 4))
        if part:
            return <long long>part
        if not size_of(slot(state, TRICKS)):  # the first trick: no point card if others
            part = hand & ~POINT_CARDS
            if part:
                return <long long>part
        return <long long>hand
    if not size_of(slot(state, TRICKS)):
        return <long long>TWO_CLUBS
    if truth(slot(state, BROKEN)):
        return <long long>hand
    part = hand & ~(<uint64_t>long_of(slot(state, HELD_BACK)))
    return <long long>(part if part else hand)


def legal_actions(state):
    """`HeartsState.legal_actions`."""
    if not fits(state):
        return PY_LEGAL(state)
    cdef long long phase = long_of(slot(state, PHASE))
    if phase != PLAYING and phase != PASSING:
        return PY_LEGAL(state)
    cdef long long legal = long_of(slot(state, LEGAL))
    if legal < 0:
        legal = legal_mask(state, phase)
        set_slot(state, LEGAL, legal)
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
    cdef long long legal = long_of(slot(state, LEGAL))
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
    cdef list stack = <list>slot(state, UNDO)
    if stack and type_of(stack[len(stack) - 1]) == <PyObject *>SHORT_UNDO:
        state.complete_undo_record()
    if phase == PLAYING:
        play(state, card, False)
    else:
        choose(state, card, False)


cdef int play(state, long long card, bint record) except -1:
    """`HeartsState.apply`'s short way for a play (with `record`: its undo record), then
    `TrickState.play_card` and `HeartsState._trick_won`."""
    cdef PyObject *current = slot(state, CURRENT)
    cdef long long p = long_of(current), leader
    cdef list hands = <list>slot(state, HANDS)
    cdef uint64_t hand = <uint64_t>long_of(list_item(<PyObject *>hands, p))
    cdef PyObject *trick = slot(state, TRICK)
    cdef PyObject *tricks = slot(state, TRICKS)
    cdef Py_ssize_t n = size_of(trick), ntricks = size_of(tricks), i
    cdef list history = <list>slot(state, HISTORY)
    cdef list events = <list>slot(state, EVENTS)
    cdef bint quiet = truth(slot(state, QUIET))
    cdef uint64_t bit = (<uint64_t>1) << card, taken
    cdef int lead, best, index, winner, c
    if record:
        if n == 3 and ntricks == HAND_SIZE - 1:  # the deal's last card: a full snapshot
            entry = full_undo(FULL_UNDO, state._snapshot(), len(history), len(events))
        elif n < 3:  # `TrickState.undo_play`'s short record
            entry = short_undo(SHORT_UNDO, untracked((<object>current,
                                                      <object>list_item(<PyObject *>hands, p),
                                                      <object>trick, <object>slot(state, BROKEN))),
                               len(history), len(events), UNDO_PLAY)
        else:
            entry = short_undo(SHORT_UNDO, untracked((<object>current,
                                                      <object>list_item(<PyObject *>hands, p),
                                                      <object>trick, <object>slot(state, BROKEN),
                                                      <object>slot(state, LEADER), <object>tricks,
                                                      tuple(<list>slot(state, TAKEN)))),
                               len(history), len(events), UNDO_PLAY)
        (<list>slot(state, UNDO)).append(untracked(entry))
    history.append((<list>PLAY_MOVES[p])[card])
    set_slot(state, LEGAL, MINUS_ONE)
    hands[p] = hand ^ bit
    new_trick = tuple_plus(trick, CARDS[card])
    if not quiet:
        events.append((<list>PLAYED[p])[card])
    if (<uint64_t>long_of(slot(state, BREAKS)) >> card) & 1 and not truth(slot(state, BROKEN)):
        set_slot(state, BROKEN, True)  # Hearts announces no break (`_on_broken`)
    if n + 1 < SEATS:
        set_slot(state, TRICK, new_trick)
        set_slot(state, CURRENT, (p + 1) & 3)
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
    leader_object = <object>slot(state, LEADER)
    leader = long_of(<PyObject *>leader_object)
    winner = (leader + index) & 3
    set_slot(state, TRICKS, tuple_plus(tricks, untracked((leader_object, new_trick))))
    set_slot(state, TRICK, EMPTY)
    winner_object = winner
    set_slot(state, LEADER, winner_object)
    set_slot(state, CURRENT, winner_object)
    # `HeartsState._trick_won`
    takens = <list>slot(state, TAKEN)
    takens[winner] = <uint64_t>long_of(list_item(<PyObject *>takens, winner)) | taken
    if not quiet:
        event = new_object(TRICK_WON)
        set_slot(event, TW_TRICK, ntricks)
        set_slot(event, TW_LEADER, leader_object)
        set_slot(event, TW_CARDS, new_trick)
        set_slot(event, TW_WINNER, winner_object)
        set_slot(event, TW_POINTS, card_points(<object>slot(state, GAME), taken))
        set_slot(event, TW_VISIBLE, None)
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
    cdef PyObject *current = slot(state, CURRENT)
    cdef long long p = long_of(current)
    cdef list passes = <list>slot(state, PASSES)
    cdef uint64_t chosen = <uint64_t>long_of(list_item(<PyObject *>passes, p))
    cdef uint64_t after = chosen | (<uint64_t>1) << card
    cdef list history = <list>slot(state, HISTORY)
    cdef list events = <list>slot(state, EVENTS)
    cdef bint last = p == SEATS - 1 and __builtin_popcountll(after) >= PASS_SIZE
    if record:
        if last:  # the cards change hands: a full snapshot
            entry = full_undo(FULL_UNDO, state._snapshot(), len(history), len(events))
        else:  # `HeartsState.undo_pass`'s short record
            entry = short_undo(SHORT_UNDO, untracked((<object>current,
                                                      <object>list_item(<PyObject *>passes, p))),
                               len(history), len(events), UNDO_PASS)
        (<list>slot(state, UNDO)).append(untracked(entry))
    history.append((<list>PASS_MOVES[p])[card])
    set_slot(state, LEGAL, MINUS_ONE)
    if last:
        state._choose_pass(CARDS[card])
        return 0
    passes[p] = after
    if not truth(slot(state, QUIET)):
        events.append((<list>CHOSEN[p])[card])
    if __builtin_popcountll(after) >= PASS_SIZE:
        set_slot(state, CURRENT, p + 1)
    return 0
