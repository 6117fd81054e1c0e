# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Spades' compiled step: `SpadesState.legal_actions`, `apply` and `apply_unchecked_no_undo` in C.

The Python methods stay the reference and the fallback. `install` puts these functions in
their place on `SpadesState`; each works on the state's own slots (`parlour.cards._slots`) and
makes for a card play exactly what the Python methods make: the hands, the trick, the tricks,
the leader, the player to move, the break, the tricks won, the `_legal` cache, the history
entries, the undo records and the events. A class that overrides a method the step stands in
for (`trickstate.step_fits`), an undealt state, an illegal action, the bidding and the rare
events (the break's `SpadesBroken`) go to the Python methods. The end of a hand calls the
state's own `_score_deal`, or for a quiet state whose game settles in C the deal kernel's
`settle_played` (`rules._quiet_settler`). `parlour.testing.trick_steps` cross-checks
it move for move.
"""

from libc.stdint cimport uint64_t
from cpython.ref cimport PyObject, Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

from parlour.cards._trick_play cimport __builtin_ctzll, __builtin_popcountll, class_fits
from parlour.cards._slots cimport (
    StepFit, actions_of, fit_known, list_item, long_of, new_object, set_slot, size_of, slot,
    full_undo, short_undo, slot_offset, truth, tuple_item, tuple_plus, type_of, untracked,
)
from parlour.cards._trick_step cimport (
    TrickSlots, TrickTurn, TrickWonSlots, by_card, close_trick, lay_card, moves_by_seat,
    played_by_seat, put_in_place, read_turn, trick_slots, trick_won_event, trick_won_slots,
    trick_end_undo, within_trick_undo,
)

from parlour.cards.card import CARD
from parlour.core.game import Move
from parlour.core.undo import FullUndo, ShortUndo

cdef enum:
    BIDDING = 1
    PLAYING = 2
    OVER = 3
    SEATS = 4
    HAND_SIZE = 13

cdef uint64_t SUIT = 0x7FFC

# bound by `install`
cdef object PY_LEGAL = None, PY_APPLY = None, PY_WITHOUT = None
cdef TrickSlots T
cdef TrickWonSlots W
cdef Py_ssize_t TRUMP, PHASE, WON, CARD_SLOT, BIDS, SEEN, DEALER, GAME, TRICKS_SLOT, TW_WON
cdef Py_ssize_t BM_SEAT, BM_TRICKS, BM_BLIND, BM_VISIBLE
cdef object PLAY_TYPE = None, TRICK_WON = None, UNDO_PLAY = None, STEP_FITS = None
cdef object BID_TYPE = None, BID_MADE = None
cdef list BID_MOVES = []
cdef long long NO_BID = -1
cdef list PLAYS = [None] * 64
cdef list CARDS = list(CARD)
cdef list PLAY_MOVES = [], PLAYED = [], STARTED = []
cdef object MINUS_ONE = -1
cdef dict FITS = {}
cdef StepFit FIT = StepFit(NULL, NULL)
cdef object SETTLER_OF = None
cdef dict SETTLERS = {}
cdef object MISSING = object()
cdef object FULL_UNDO = FullUndo, SHORT_UNDO = ShortUndo


def install(cls, play, trick_won, trick_started, undo_play, step_fits, bids, bid_made,
            long long no_bid, settler_of):
    """Called once by `rules`: the compiled step takes the place of `cls`'s `legal_actions`,
    `apply` and `apply_unchecked_no_undo`, which it keeps as its fallback, and its `is_terminal`
    and `deal_number` are read in C (`cards._trick_step.put_in_place`). `play` is the interned
    plays by card, `trick_won` the `TrickWon` class, `trick_started(trick, leader)` the
    interned `TrickStarted` events, `undo_play` the short undo record's restore function,
    `step_fits` `trickstate.step_fits`, `bids` the interned bids (0 to 13 tricks), `bid_made`
    the `BidMade` class, `no_bid` the bid of a seat yet to bid, `settler_of(state class, game
    class)` what settles a quiet state's hand in C (None: its `_score_deal`)."""
    global PY_LEGAL, PY_APPLY, PY_WITHOUT, T, W, TRUMP, PHASE, WON, CARD_SLOT, BIDS, SEEN
    global DEALER, GAME, TRICKS_SLOT, TW_WON, BM_SEAT, BM_TRICKS, BM_BLIND, BM_VISIBLE
    global PLAY_TYPE, TRICK_WON, UNDO_PLAY, STEP_FITS, BID_TYPE, BID_MADE, BID_MOVES, NO_BID
    global PLAYS, PLAY_MOVES, PLAYED, STARTED, SETTLER_OF
    T = trick_slots(cls)
    TRUMP, PHASE, WON, BIDS, SEEN, DEALER, GAME = [slot_offset(cls, name) for name in (
        "trump", "phase", "won", "bids", "seen", "dealer", "game")]
    W = trick_won_slots(trick_won)
    TW_WON = slot_offset(trick_won, "tricks_won")
    PLAY_TYPE = type(next(iter(play.values())))
    CARD_SLOT = slot_offset(PLAY_TYPE, "card")
    TRICK_WON, UNDO_PLAY, STEP_FITS = trick_won, undo_play, step_fits
    BID_TYPE = type(bids[0])
    TRICKS_SLOT = slot_offset(BID_TYPE, "tricks")
    BM_SEAT, BM_TRICKS, BM_BLIND, BM_VISIBLE = [
        slot_offset(bid_made, name) for name in ("seat", "tricks", "blind", "visible_to")]
    BID_MADE, NO_BID = bid_made, no_bid
    BID_MOVES = moves_by_seat(list(bids), SEATS)
    PLAYS = by_card(play)
    PLAY_MOVES = moves_by_seat(PLAYS, SEATS)
    PLAYED = played_by_seat(SEATS)
    STARTED = [[trick_started(number, seat) for seat in range(SEATS)]
               for number in range(HAND_SIZE)]
    FITS.clear()
    SETTLER_OF = settler_of
    SETTLERS.clear()
    PY_LEGAL, PY_APPLY, PY_WITHOUT = put_in_place(
        cls, legal_actions, apply, apply_unchecked_no_undo, OVER)


def python_step():
    """The Python methods the step stands in for (once installed): `legal_actions`, `apply`
    and `apply_unchecked_no_undo`, for cross-checks."""
    return PY_LEGAL, PY_APPLY, PY_WITHOUT


cdef inline long long phase_of(state) except? -2:
    """The phase of `state` if the compiled step may move it (its class fits and its cards are
    dealt), else -1."""
    if not fit_known(&FIT, type_of(state)) and not class_fits(
            &FIT, FITS, STEP_FITS, type(state)):
        return -1
    if slot(state, T.hands) == NULL or slot(state, T.current) == NULL:
        return -1
    return long_of(slot(state, PHASE))


cdef long long legal_mask(state) except? -1:
    """`TrickState.compute_legal_mask` (the state is playing)."""
    cdef long long p = long_of(slot(state, T.current))
    cdef uint64_t hand = <uint64_t>long_of(list_item(slot(state, T.hands), p)), part
    cdef PyObject *trick = slot(state, T.trick)
    cdef long long first
    if size_of(trick):
        part = hand & (SUIT << ((long_of(tuple_item(trick, 0)) >> 4) << 4))
        return <long long>(part if part else hand)
    first = long_of(slot(state, T.first_lead))
    if first and not size_of(slot(state, T.tricks)):
        return first
    if truth(slot(state, T.broken)):
        return <long long>hand
    part = hand & ~(<uint64_t>long_of(slot(state, T.held_back)))
    return <long long>(part if part else hand)


def legal_actions(state):
    """`SpadesState.legal_actions`: the plays and the bids in C."""
    cdef long long phase = phase_of(state)
    if phase == BIDDING:
        return (<object>slot(state, GAME)).bid_actions
    if phase != PLAYING:
        return PY_LEGAL(state)
    cdef long long legal = long_of(slot(state, T.legal))
    if legal < 0:
        legal = legal_mask(state)
        set_slot(state, T.legal, legal)
    return actions_of(PLAYS, <uint64_t>legal)


def apply(state, action):
    """`SpadesState.apply`: a legal play or bid in C, anything else by the Python method
    (which raises the rules' `IllegalActionError` for an illegal action)."""
    cdef long long phase = phase_of(state)
    kind = type(action)
    if kind is BID_TYPE and phase == BIDDING:
        tricks = <object>slot(action, TRICKS_SLOT)
        if tricks > 0 or (<object>slot(state, GAME)).nil:
            bid(state, action, tricks, True)
            return
        return PY_APPLY(state, action)
    if kind is not PLAY_TYPE or phase != PLAYING:
        return PY_APPLY(state, action)
    cdef long long card = long_of(slot(action, CARD_SLOT))
    cdef long long legal = long_of(slot(state, T.legal))
    if legal < 0:
        legal = legal_mask(state)
    if card < 0 or card > 63 or not (legal >> card) & 1:
        return PY_APPLY(state, action)
    play(state, card, True)


def apply_unchecked_no_undo(state, action):
    """`State.apply_unchecked_no_undo` of a `SpadesState`: a play in C (unchecked, as the Python
    method is), anything else by the Python method."""
    cdef long long phase = phase_of(state)
    cdef long long card = -1
    kind = type(action)
    if kind is PLAY_TYPE and phase == PLAYING:
        card = long_of(slot(action, CARD_SLOT))
        if card < 0 or card > 63:
            return PY_WITHOUT(state, action)
    elif not (kind is BID_TYPE and phase == BIDDING):
        return PY_WITHOUT(state, action)
    cdef list stack = <list>slot(state, T.undo)
    if stack and type_of(stack[len(stack) - 1]) == <PyObject *>SHORT_UNDO:
        state.complete_undo_record()
    if card >= 0:
        play(state, card, False)
    else:
        bid(state, action, <object>slot(action, TRICKS_SLOT), False)


cdef int play(state, long long card, bint record) except -1:
    """`SpadesState.apply`'s short way (with `record`: its undo record), then
    `TrickState.play_card` and `SpadesState._trick_won`."""
    cdef TrickTurn turn
    read_turn(&turn, state, &T)
    cdef long long p = turn.seat, leader
    cdef PyObject *tricks = turn.tricks
    cdef Py_ssize_t n = size_of(turn.trick), ntricks = size_of(tricks), i
    cdef list events = <list>turn.events
    cdef bint quiet = turn.quiet
    cdef int lead, trump, best, index, winner, c, score
    if record:
        if n < 3:
            entry = within_trick_undo(SHORT_UNDO, state, &T, &turn, UNDO_PLAY)
        elif ntricks < HAND_SIZE - 1:  # the trick's last card: `undo_play`'s record, tricks won
            entry = trick_end_undo(SHORT_UNDO, state, &T, &turn, <object>slot(state, WON),
                                   UNDO_PLAY)
        else:  # the deal's last card: a full snapshot
            entry = untracked(full_undo(FULL_UNDO, state._snapshot(), size_of(turn.history),
                                        size_of(turn.events)))
        (<list>slot(state, T.undo)).append(entry)
    new_trick = lay_card(state, &T, &turn, card, CARDS[card], (<list>PLAY_MOVES[p])[card],
                         (<list>PLAYED[p])[card])
    if (<uint64_t>long_of(slot(state, T.breaks)) >> card) & 1 and not truth(slot(state, T.broken)):
        set_slot(state, T.broken, True)
        if not quiet:
            state._on_broken(p)  # `SpadesBroken`, once a hand
    if n + 1 < SEATS:
        set_slot(state, T.trick, new_trick)
        set_slot(state, T.current, (p + 1) & 3)
        return 0
    # the trick is full: the highest trump, else the highest card of the suit led
    lead = long_of(tuple_item(<PyObject *>new_trick, 0)) >> 4
    trump = long_of(slot(state, TRUMP))
    best = -1
    index = 0
    for i in range(SEATS):
        c = long_of(tuple_item(<PyObject *>new_trick, i))
        if c >> 4 == trump:
            score = 100 + c
        elif c >> 4 == lead:
            score = c
        else:
            continue
        if score > best:
            best = score
            index = i
    leader_object = <object>slot(state, T.leader)
    leader = long_of(<PyObject *>leader_object)
    winner = (leader + index) & 3
    winner_object = winner
    close_trick(state, &T, tricks, leader_object, new_trick, winner_object)
    # `SpadesState._trick_won`
    won_before = <tuple>slot(state, WON)
    won = PyTuple_New(SEATS)
    for i in range(SEATS):
        count = won_before[i] + 1 if i == winner else won_before[i]
        Py_INCREF(count)
        PyTuple_SET_ITEM(won, i, count)
    set_slot(state, WON, untracked(won))
    if not quiet:
        event = trick_won_event(TRICK_WON, &W, ntricks, leader_object, new_trick, winner_object)
        set_slot(event, TW_WON, won)
        events.append(event)
    if ntricks + 1 == HAND_SIZE:
        end_hand(state, quiet)
    elif not quiet:
        events.append((<list>STARTED[ntricks + 1])[winner])
    return 0


cdef int end_hand(state, bint quiet) except -1:
    """The hand's last card is down: settle it, in C where a quiet state's game settles so."""
    if quiet:
        kinds = (type(state), type(<object>slot(state, GAME)))
        settle = SETTLERS.get(kinds, MISSING)
        if settle is MISSING:
            settle = SETTLERS[kinds] = SETTLER_OF(*kinds)
        if settle is not None:
            settle(state)
            return 0
    state._score_deal()
    return 0


cdef int bid(state, action, tricks, bint record) except -1:
    """`State.apply` of a bid (with `record`: its undo record, a snapshot), then
    `SpadesState._bid` and `_next_bidder`; the play's start by the Python method."""
    cdef PyObject *current = slot(state, T.current)
    cdef long long p = long_of(current), d, seat
    cdef list history = <list>slot(state, T.history)
    cdef list events = <list>slot(state, T.events)
    cdef int i
    if record:
        (<list>slot(state, T.undo)).append(full_undo(FULL_UNDO, state._snapshot(), len(history),
                                                   len(events)))
    if 0 <= tricks <= HAND_SIZE:  # the interned entry: equal to `Move(p, action)`
        history.append((<list>BID_MOVES[p])[tricks])
    else:
        history.append(Move(<object>current, action))
    set_slot(state, T.legal, MINUS_ONE)
    before = <tuple>slot(state, BIDS)
    bids = PyTuple_New(SEATS)
    for i in range(SEATS):
        each = tricks if i == p else before[i]
        Py_INCREF(each)
        PyTuple_SET_ITEM(bids, i, each)
    set_slot(state, BIDS, untracked(bids))
    if not truth(slot(state, T.quiet)):
        event = new_object(BID_MADE)
        set_slot(event, BM_SEAT, <object>current)
        set_slot(event, BM_TRICKS, tricks)
        set_slot(event, BM_BLIND, False)
        set_slot(event, BM_VISIBLE, None)
        events.append(event)
    # `SpadesState._next_bidder`: every seat has looked (else the Python method decides)
    seen = <tuple>slot(state, SEEN)
    for i in range(SEATS):
        if not truth(<PyObject *>seen[i]):
            state._next_bidder()
            return 0
    d = long_of(slot(state, DEALER))
    for i in range(1, SEATS + 1):
        seat = (d + i) & 3
        if long_of(<PyObject *>bids[seat]) == NO_BID:
            set_slot(state, T.current, seat)
            return 0
    state._start_play()
    return 0
