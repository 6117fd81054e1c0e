# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Hearts' compiled deal: the passing, the card play, settling and the next deal's start, in C.

The Python rules (`parlour.games.hearts.rules`) stay the reference. `play_deals` is
`HeartsState.play_random` for quiet states of classes that keep the rules' moves: it loads a
state in its passing or card play, passes and plays at random in C (`HeartsDeal`, a
`parlour.cards._trick_play.TrickPlay` with the passing added), each choice the index the Python
loop draws in the rules' own order of legal actions, and writes the moves back into the
history. With `SETTLE` (the game keeps `score_deal`, `card_points`, `is_game_over`,
`deal_hands` and `pass_offset`) it settles the deal in C and starts the next one undealt
(`parlour.cards.undealt`); otherwise the state's own `_score_deal` does. `tests/cards/
test_trick_play.py` and `benchmarks/trick_crosscheck.py` check it move for move.
"""

from libc.stdint cimport uint64_t

from parlour.cards._trick_play cimport (
    SEATS, DealsToCome, Draw, TrickPlay, __builtin_popcountll, draw_from, draw_next, nth_card,
)
from parlour.cards._trick_step cimport by_card, moves_by_seat

from parlour.games.hearts.actions import PASS, PLAY

SETTLE = 1
"""Mode bit: settle the deal and start the next one in C."""

cdef enum:
    PASSING = 0
    PLAYING = 1
    OVER = 2
    PASS_SIZE = 3
    HAND_SIZE = 13
    MAX_PASSES = 12

cdef list PLAY_MOVES = moves_by_seat(by_card(PLAY), SEATS)
cdef list PASS_MOVES = moves_by_seat(by_card(PASS), SEATS)
"""Every history entry of a pass or a play, by seat and card, built once (entries are values)."""

# from the rules, which import this module: given by `bind`
cdef DealsToCome DEALS = None
cdef uint64_t HEARTS_MASK = 0, QS = 0, JD = 0, TWO_CLUBS = 0, POINT_CARDS = 0
cdef int MOON = 26


def bind(deal_class, uint64_t hearts, uint64_t queen, uint64_t jack, uint64_t two_clubs,
         int moon):
    """Called once by `rules`: its `Deal` class and card masks, and the moon's points."""
    global DEALS, HEARTS_MASK, QS, JD, TWO_CLUBS, POINT_CARDS, MOON
    DEALS = DealsToCome(deal_class)
    HEARTS_MASK, QS, JD, TWO_CLUBS, MOON = hearts, queen, jack, two_clubs, moon
    POINT_CARDS = hearts | queen


cdef class HeartsDeal(TrickPlay):
    """One Hearts deal in C: the passing (`random_pass`) and the card play (`TrickPlay`)."""

    cdef public int phase, direction, npasses
    cdef int start_phase
    cdef uint64_t passes[SEATS]
    cdef uint64_t received[SEATS]
    cdef uint64_t taken_before[SEATS]
    cdef int pass_seat[MAX_PASSES]
    cdef int pass_card[MAX_PASSES]
    # the game's settling parameters, read once per game object
    cdef object rules_of
    cdef int jack, subtract, end_score

    def load(self, state):
        """Copy `state` (a `HeartsState` passing or playing)."""
        self.load_deal(state)

    cdef int load_deal(self, state) except -1:
        cdef int i
        self.load_cards(state, HAND_SIZE, TWO_CLUBS, POINT_CARDS)
        self.phase = self.start_phase = state.phase
        self.npasses = 0
        taken = state.taken
        for i in range(SEATS):
            self.taken_before[i] = taken[i]
        if self.phase == PASSING:
            passes = state.passes
            for i in range(SEATS):
                self.passes[i] = passes[i]
                self.received[i] = 0
            self.direction = state.direction
        return 0

    def legal_passes(self):
        """The cards the current player may still choose to pass, as a mask."""
        return self.hands[self.current] & ~self.passes[self.current]

    cpdef int pass_card_index(self, int index) except -1:
        """Choose the `index`-th card (in card order) of `legal_passes` for the current
        player; after the twelfth, exchange the cards and start the play (2♣ leads)."""
        cdef int p = self.current, g
        cdef uint64_t legal = self.hands[p] & ~self.passes[p]
        cdef int card = nth_card(legal, index)
        self.pass_seat[self.npasses] = p
        self.pass_card[self.npasses] = card
        self.npasses += 1
        self.passes[p] |= (<uint64_t>1) << card
        if __builtin_popcountll(self.passes[p]) < PASS_SIZE:
            return 0
        if p < SEATS - 1:
            self.current = p + 1
            return 0
        for g in range(SEATS):
            self.hands[g] &= ~self.passes[g]
            self.received[(g + self.direction) % SEATS] = self.passes[g]
        for g in range(SEATS):
            self.hands[g] |= self.received[g]
        self.phase = PLAYING
        self.leader = self.current = self.leader_holding(TWO_CLUBS)
        return 0

    cdef int random_pass(self, random) except -1:
        """Pass at random to the end of the passing, as `State.play_random` chooses."""
        cdef uint64_t legal
        cdef double r
        cdef Draw draw
        draw_from(&draw, random)
        while self.phase == PASSING:
            legal = self.hands[self.current] & ~self.passes[self.current]
            r = draw_next(&draw, random)
            self.pass_card_index(<int>(r * __builtin_popcountll(legal)))
        return 0

    cdef int write_all(self, state) except -1:
        """Write every field of the deal back (not the history)."""
        cdef int i
        self.store_cards(state)
        state.phase = self.phase
        if self.start_phase == PASSING:
            state.passes = [self.passes[i] for i in range(SEATS)]
            state.received = [self.received[i] for i in range(SEATS)]
        state.taken = [self.taken_before[i] | self.taken[i] for i in range(SEATS)]
        return 0

    def store(self, state):
        """Write the moves made since `load` back into `state` (history included)."""
        self.append_moves(state.history)
        self.write_all(state)

    def settle(self, state, int mode):
        """Write the deal played out since `load` into `state` (history included) and settle
        it as `play_deals` does, in C with `SETTLE` (for cross-checks)."""
        self.finish(state, mode)

    cdef int append_moves(self, list history) except -1:
        cdef int i
        for i in range(self.npasses):
            history.append((<list>PASS_MOVES[self.pass_seat[i]])[self.pass_card[i]])
        self.append_plays(history, PLAY_MOVES)
        return 0

    cdef int finish(self, state, int mode) except -1:
        """The deal played out: write it back and settle it (in C with `SETTLE`)."""
        cdef int p, shooter = -1, over = 0
        cdef int points[SEATS]
        cdef uint64_t taken
        self.append_moves(state.history)
        if not mode & SETTLE:
            self.write_all(state)
            state._score_deal()
            return 0
        game = state.game
        if game is not self.rules_of:
            self.jack = 1 if game.jack_of_diamonds else 0
            self.subtract = 1 if game.moon == "subtract" else 0
            self.end_score = game.end_score
            self.rules_of = game
        for p in range(SEATS):  # `Hearts.score_deal` and `card_points`
            taken = self.taken_before[p] | self.taken[p]
            points[p] = __builtin_popcountll(taken & HEARTS_MASK) + (13 if taken & QS else 0)
            if self.jack and taken & JD:
                points[p] -= 10
            if shooter < 0 and taken & POINT_CARDS == POINT_CARDS:
                shooter = p
        if shooter >= 0:
            for p in range(SEATS):
                if p == shooter:
                    points[p] -= MOON
                    if self.subtract:
                        points[p] -= MOON
                elif not self.subtract:
                    points[p] += MOON
        totals = state.totals
        new_totals = tuple([totals[p] + points[p] for p in range(SEATS)])
        for p in range(SEATS):  # `Hearts.is_game_over`
            if new_totals[p] >= self.end_score:
                over = 1
        state.totals = new_totals
        state.results = state.results + (tuple([points[p] for p in range(SEATS)]),)
        if over:
            self.write_all(state)
            state.phase = OVER
            state.current = None
            return 0
        state.leader = self.leader  # the next deal replaces every other field of this one
        self.start_next(state, game)
        return 0

    cdef int start_next(self, state, game) except -1:
        """`HeartsState._next_deal` of a quiet state: the next deal, undealt (`DealsToCome`),
        then `_deal_begun`."""
        deal = DEALS.start_next(state, game)
        state.passes = [0, 0, 0, 0]
        state.received = [0, 0, 0, 0]
        state.taken = [0, 0, 0, 0]
        direction = game.pass_offset(deal)
        state.direction = direction
        if direction != 0:
            state.phase = PASSING
            state.current = 0
        else:  # the 2♣ leads: found when the cards are read (`HeartsState._cards_dealt`)
            state.phase = PLAYING
            del state.leader, state.current
        return 0

    cdef int random_deal(self, state, random, int mode) except -1:
        self.load_deal(state)
        self.random_pass(random)
        self.random_play(random)
        self.finish(state, mode)
        return 0


cdef HeartsDeal _scratch = HeartsDeal()


def play_deals(state, stop, random, int mode):
    """`HeartsState.play_random` of a quiet state: whole deals until deal `stop` (None: the
    end of the game), every choice the one the Python loop makes."""
    while state.phase != OVER and (stop is None or state.deal < stop):
        _scratch.random_deal(state, random, mode)
