# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled card play of four-hand trick-taking games on `TrickState` (Hearts, Spades).

The Python layer (`parlour.cards.trickstate`) stays the reference: this kernel loads a state
in its card play, plays cards in C (hands as `uint64_t`, the trick and the tricks as C
arrays) and writes the result back; the game then settles the deal with its own hooks
(`TrickState._kernel_stored`). The per-game parts are fields: the trump, the held-back and
breaking cards, the card that must lead a deal's first trick and the cards banned from it
while another can be played (Hearts' point cards). `tests/cards/test_trick_play.py` checks it
move for move against the Python engine.
"""

from libc.stdint cimport uint64_t

from cpython.object cimport PyObject_GenericSetAttr
from cpython.ref cimport PyObject

from parlour.cards._slots cimport StepFit, slot, slot_offset
from parlour.cards._twister cimport Twister, mt_key_order, mt_seed, mt_shuffle

from parlour.cards.card import CARD
from parlour.cards.undealt import deal_to_come_class, undealt_class
from parlour.core.game import CHANCE, Move

cdef uint64_t SUIT = 0x7FFC
cdef object CARDS = CARD
cdef object _new_move = tuple.__new__


cdef class TrickPlay:
    """The card play of one deal in C. `load` copies a `TrickState` in its card play;
    `legal_mask`, `play` and `random_play` advance it; `store` writes it back."""

    def load(self, state, int hand_size, uint64_t first_lead, uint64_t first_ban):
        """Copy the card play of `state` (four seats, in its card play). `first_lead`: the card
        mask that must lead the first trick (0: any); `first_ban`: cards not to be played to
        the first trick while the hand holds others."""
        self.load_cards(state, hand_size, first_lead, first_ban)

    cdef int load_cards(self, state, int hand_size, uint64_t first_lead,
                        uint64_t first_ban) except -1:
        """`load`, for kernels that subclass this one."""
        cdef int i
        hands = state.hands
        for i in range(SEATS):
            self.hands[i] = hands[i]
            self.taken[i] = 0
            self.won[i] = 0
        trick = state.trick
        self.ntrick = len(trick)
        for i in range(self.ntrick):
            self.trick[i] = trick[i]
        self.current = state.current
        self.leader = state.leader
        self.broken = 1 if state.broken else 0
        self.trump = state.trump
        self.held_back = state.held_back
        self.breaks = state.breaks
        self.first_lead = first_lead
        self.first_ban = first_ban
        self.hand_size = hand_size
        self.ntricks = self.start_tricks = len(state.tricks)
        self.nplayed = 0
        self.done = 0
        self.last_winner = -1
        return 0

    cdef int leader_holding(self, uint64_t card) noexcept:
        """The seat whose hand holds `card` (a one-card mask), or -1."""
        cdef int i
        for i in range(SEATS):
            if self.hands[i] & card:
                return i
        return -1

    cpdef uint64_t legal_mask(self):
        """Follow suit if you can (on the first trick, avoid `first_ban` if you can); lead
        `first_lead` to the first trick; else anything but the held-back cards until broken."""
        cdef uint64_t hand = self.hands[self.current], part
        if self.ntrick:
            part = hand & (SUIT << ((self.trick[0] >> 4) << 4))
            if part:
                return part
            if self.ntricks == 0 and self.first_ban:
                part = hand & ~self.first_ban
                if part:
                    return part
            return hand
        if self.ntricks == 0 and self.first_lead:
            return self.first_lead
        if self.broken:
            return hand
        part = hand & ~self.held_back
        return part if part else hand

    def hand(self, int seat):
        return self.hands[seat]

    def taken_by(self, int seat):
        """The cards `seat` took in the tricks played since `load`."""
        return self.taken[seat]

    def won_by(self, int seat):
        """The number of tricks `seat` took since `load`."""
        return self.won[seat]

    cpdef int play(self, int card) except -2:
        """Play `card` (legal, unchecked) for the current player; the trick's winner when it
        completes a trick, else -1. Sets `done` after the deal's last trick."""
        cdef int p = self.current, i, c, lead, best, score, winner, n
        cdef uint64_t mask = 0
        self.hands[p] ^= (<uint64_t>1) << card
        self.seat_of[self.nplayed] = p
        self.played[self.nplayed] = card
        self.nplayed += 1
        self.trick[self.ntrick] = card
        self.ntrick += 1
        if not self.broken and (self.breaks >> card) & 1:
            self.broken = 1
        if self.ntrick < SEATS:
            self.current = (p + 1) & 3
            return -1
        lead = self.trick[0] >> 4
        best = 0
        winner = -1
        for i in range(SEATS):  # a trump outranks every card of the suit led
            c = self.trick[i]
            mask |= (<uint64_t>1) << c
            if c >> 4 == self.trump:
                score = 100 + c
            elif c >> 4 == lead:
                score = c
            else:
                score = -1
            if score > best or winner < 0:
                best, winner = score, i
        winner = (self.leader + winner) & 3
        self.taken[winner] |= mask
        self.won[winner] += 1
        n = self.ntricks
        self.leaders[n] = self.leader
        for i in range(SEATS):
            self.cards[n][i] = self.trick[i]
        self.ntricks = n + 1
        self.ntrick = 0
        self.leader = self.current = self.last_winner = winner
        if self.ntricks == self.hand_size:
            self.done = 1
        return winner

    cpdef int random_play(self, random) except -2:
        """Play to the end of the deal, each card ``legal[int(random() * n)]`` of the n legal
        cards in card order: the choice `State.play_random` makes."""
        cdef uint64_t legal
        cdef double r
        cdef Draw draw
        draw_from(&draw, random)
        while not self.done:
            legal = self.legal_mask()
            r = draw_next(&draw, random)
            self.play(nth_card(legal, <int>(r * __builtin_popcountll(legal))))
        return self.nplayed

    def store(self, state, plays):
        """Write the card play back into `state` (`plays[card]` is the game's action, appended
        to its history), then hand the tricks' counts to `state._kernel_stored`."""
        cdef int i
        self.store_cards(state)
        history = state.history
        for i in range(self.nplayed):
            history.append(_new_move(Move, (self.seat_of[i], plays[self.played[i]])))
        state._kernel_stored(tuple([self.taken[i] for i in range(SEATS)]),
                             tuple([self.won[i] for i in range(SEATS)]), bool(self.done))

    cdef int store_cards(self, state) except -1:
        """Write the hands, the tricks, the trick, the leader, the player to move and the break
        back into `state` (not the history)."""
        cdef int i, n
        state._legal = -1
        state.hands = [self.hands[i] for i in range(SEATS)]
        if self.ntricks > self.start_tricks:
            state.tricks = state.tricks + tuple([
                (self.leaders[n], (CARDS[self.cards[n][0]], CARDS[self.cards[n][1]],
                                   CARDS[self.cards[n][2]], CARDS[self.cards[n][3]]))
                for n in range(self.start_tricks, self.ntricks)])
        state.trick = tuple([CARDS[self.trick[i]] for i in range(self.ntrick)])
        state.leader = self.leader
        state.current = self.current
        state.broken = bool(self.broken)
        return 0

    cdef int append_plays(self, list history, list moves) except -1:
        """Append the cards played since `load` to `history`: ``moves[seat][card]``, the
        game's interned history entries."""
        cdef int i
        for i in range(self.nplayed):
            history.append((<list>moves[self.seat_of[i]])[self.played[i]])
        return 0


cdef TrickPlay _scratch = TrickPlay()


def play_out(state, random, int hand_size, uint64_t first_lead, uint64_t first_ban, plays):
    """Play the rest of `state`'s card play at random (`TrickPlay.random_play`) and store it:
    what the Python playout loop does, move for move, without a Python step per card."""
    _scratch.load(state, hand_size, first_lead, first_ban)
    _scratch.random_play(random)
    _scratch.store(state, plays)


# --- deals from a seed: `parlour.cards.deck`'s, in C (CPython's generator, `_twister.pxd`) ----
cdef Twister _deal_twister


cdef int card_bits(uint64_t *bits, cards, str name) except -1:
    """`bits[i]` the mask of `cards[i]`; the number of cards (at most 64)."""
    cdef int n = len(cards), i
    if n > 64:
        raise ValueError(f"{name} takes at most 64 cards, got {n}")
    for i in range(n):
        bits[i] = (<uint64_t>1) << <int>cards[i]
    return n


cdef list cut_masks(const uint64_t *bits, sizes):
    """The masks of `bits` taken in order, `sizes` of them per hand."""
    cdef int start = 0, size, k
    cdef uint64_t hand
    hands = []
    for size in sizes:
        hand = 0
        for k in range(start, start + size):
            hand |= bits[k]
        hands.append(hand)
        start += size
    return hands


def shuffled_masks(seed, cards, sizes):
    """`deck.deal_masks(cards, random.Random(seed), sizes)` for 0 <= seed < 2**64 and at most
    64 cards: shuffled as `Random.shuffle` shuffles, cut into masks of `sizes`."""
    cdef uint64_t bits[64]
    cdef int n = card_bits(bits, cards, "shuffled_masks")
    mt_seed(&_deal_twister, seed)
    mt_shuffle(&_deal_twister, bits, n)
    return cut_masks(bits, sizes)


def keyed_masks(seed, cards, sizes):
    """`deck.deal_by_keys(cards, random.Random(seed), sizes)` for 0 <= seed < 2**64 and at most
    64 cards: ordered by a 64-bit key each, cut into masks of `sizes`."""
    cdef int order[64]
    cdef uint64_t bits[64]
    cdef uint64_t ordered[64]
    cdef int n = card_bits(bits, cards, "keyed_masks"), i
    mt_seed(&_deal_twister, seed)
    mt_key_order(&_deal_twister, order, n)
    for i in range(n):
        ordered[i] = bits[order[i]]
    return cut_masks(ordered, sizes)


# --- hot properties read from a state's slot in C (the compiled steps install them) -----------
cdef class SlotEquals:
    """A read-only property in C of instances of `cls`: whether their slot `name` holds `value`
    (Hearts' and Spades' `is_terminal`: ``phase == OVER``). `fallback`, the Python property it
    stands for, answers where the slot is unset or the object is no `cls`."""

    cdef Py_ssize_t offset
    cdef object cls, value
    cdef readonly object fallback

    def __init__(self, cls, str name, value, fallback):
        self.offset = slot_offset(cls, name)
        self.cls, self.value, self.fallback = cls, value, fallback

    def __get__(self, state, kind):
        if state is None:
            return self
        cdef PyObject *value = NULL
        if isinstance(state, self.cls):
            value = slot(state, self.offset)
        if value == NULL:
            return self.fallback.__get__(state, kind)
        if value == <PyObject *>self.value:
            return True
        return <object>value == self.value

    def __set__(self, state, value):
        raise AttributeError("read-only property")

    def __delete__(self, state):
        raise AttributeError("read-only property")


cdef class SlotInt:
    """A read-only property in C of instances of `cls`: their slot `name` where it holds an int
    (`deal_number` as the `deal` slot); `fallback`, the Python property it stands for, answers
    otherwise."""

    cdef Py_ssize_t offset
    cdef object cls
    cdef readonly object fallback

    def __init__(self, cls, str name, fallback):
        self.offset = slot_offset(cls, name)
        self.cls, self.fallback = cls, fallback

    def __get__(self, state, kind):
        if state is None:
            return self
        cdef PyObject *value = NULL
        if isinstance(state, self.cls):
            value = slot(state, self.offset)
        if value == NULL or type(<object>value) is not int:
            return self.fallback.__get__(state, kind)
        return <object>value

    def __set__(self, state, value):
        raise AttributeError("read-only property")

    def __delete__(self, state):
        raise AttributeError("read-only property")


cdef class DealsToCome:
    """The start of a quiet state's next deal, undealt, in C: `SeededDealState._next_deal` and
    the part of `_begin` every such game shares, for the deal kernels of Hearts and Spades
    (the game's `_deal_begun` follows in its own kernel). Made with the game's `Deal` class."""

    def __init__(self, deal_class):
        self.coming_class = deal_to_come_class(deal_class)

    cdef object start_next(self, state, game):
        """The next deal of `state` (a game dealing with the `dealt_by` class's `deal_hands`)
        begun undealt: its number (returned) in `deal`, the deal to come in the history, the
        cards unset (the undealt twin class, `parlour.cards.undealt`), the trick cleared."""
        deal = state.deal + 1
        state.deal = deal
        coming = self.coming_class.__new__(self.coming_class)  # `undealt.deal_to_come`
        PyObject_GenericSetAttr(coming, "_game", game)
        PyObject_GenericSetAttr(coming, "_seed", state.seed)
        PyObject_GenericSetAttr(coming, "_number", deal)
        state.history.append(_new_move(Move, (CHANCE, coming)))
        state._coming = coming
        del state.hands
        kind = type(state)
        if kind is not self.undealt_of:  # `undealt.undealt_class`, the last answer kept
            self.undealt_twin = undealt_class(kind)
            self.undealt_of = kind
        state.__class__ = self.undealt_twin
        state.trick = ()
        state.tricks = ()
        state.broken = False
        state._legal = -1
        return deal


cdef bint class_fits(StepFit *fit, dict known, object fits, object kind) except -1:
    """True if a compiled step may move states of class `kind`: ``fits(kind)`` (the step
    binding's `kept_by`), asked once per class and kept in `known`; the first two classes that
    fit go into `fit`, which the steps of Hearts and Spades test first by pointer
    (`_step.fit_known`)."""
    answer = known.get(kind)
    if answer is None:
        answer = known[kind] = bool(fits(kind))
        if answer:
            if fit.first == NULL:
                fit.first = <PyObject *>kind
            elif fit.second == NULL:
                fit.second = <PyObject *>kind
    return answer
