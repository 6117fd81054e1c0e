# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Spades' compiled hand: the bidding, the card play, settling and the next hand's start, in C.

The Python rules (`parlour.games.spades.rules`) stay the reference. `play_deals` is
`SpadesState.play_random` for quiet states of classes that keep the rules' moves: it loads a
state in its bidding (Blind Nil choices included) or card play, bids and plays at random in C
(`SpadesDeal`, a `parlour.cards._trick_play.TrickPlay` with the bidding added), each choice the
index the Python loop draws in the rules' own order of legal actions, and writes the moves
back into the history. With `SETTLE` (the game keeps `score_partnership`, `winning_team`,
`deal_hands`, `dealer_of` and `blind_nil_allowed`) it settles the hand in C and starts the
next one undealt (`parlour.cards.undealt`); otherwise the state's own `_score_deal` does.
`settle_played` settles the same way a quiet hand the compiled step (`_step.pyx`) has just
played out. `tests/cards/test_trick_play.py` and `benchmarks/trick_crosscheck.py` check the deals
move for move, `tests/cards/test_step.py` the step's settling.
"""

from libc.stdint cimport uint64_t

from parlour.cards._trick_play cimport SEATS, DealsToCome, Draw, TrickPlay, draw_from, draw_next
from parlour.cards._trick_step cimport by_card, moves_by_seat

from parlour.core.game import Move
from parlour.games.spades.actions import BID, PLAY

SETTLE = 1
"""Mode bit: settle the hand and start the next one in C."""

cdef enum:
    BLIND = 0
    BIDDING = 1
    PLAYING = 2
    OVER = 3
    HAND_SIZE = 13
    MAX_CALLS = 8   # a hand has at most four Blind Nil choices and four bids

cdef list PLAY_MOVES = moves_by_seat(by_card(PLAY), SEATS)
"""Every history entry of a card played, by seat and card, built once (entries are values)."""
cdef list CALL_MOVES = []
"""Every history entry of a bid (0-13), Blind Nil (14) or look (15), by seat: given by `bind`."""
cdef enum:
    BLIND_NIL_CALL = 14
    LOOK_CALL = 15

# from the rules, which import this module: given by `bind`
cdef DealsToCome DEALS = None
cdef uint64_t TWO_CLUBS = 0
cdef int NO_BID = -1
cdef object BLIND_CHOICES = ()


def bind(deal_class, uint64_t two_clubs, int no_bid, tuple blind_choices):
    """Called once by `rules`: its `Deal` class, the 2♣, the mark of a missing bid, and the
    Blind Nil choices in their order (Blind Nil first)."""
    global DEALS, TWO_CLUBS, NO_BID, BLIND_CHOICES, CALL_MOVES
    TWO_CLUBS, NO_BID, BLIND_CHOICES = two_clubs, no_bid, blind_choices
    DEALS = DealsToCome(deal_class)
    CALL_MOVES = [[Move(seat, BID[tricks]) for tricks in range(14)]
                  + [Move(seat, choice) for choice in blind_choices] for seat in range(SEATS)]


cdef class SpadesDeal(TrickPlay):
    """One Spades hand in C: the bidding (`random_bid`) and the card play (`TrickPlay`)."""

    cdef public int phase, dealer, ncalls
    cdef int start_phase
    cdef int bids[SEATS]
    cdef int blind[SEATS]
    cdef int seen[SEATS]
    cdef int won_before[SEATS]
    cdef int call_seat[MAX_CALLS]
    cdef int calls[MAX_CALLS]
    cdef object bid_actions
    # the game's settling parameters, read once per game object
    cdef object rules_of
    cdef int nil_bonus, blind_nil_bonus, bag_limit, bag_penalty, target, mercy, mercy_score
    cdef int max_hands, blind_nil, blind_nil_deficit

    def load(self, state):
        """Copy `state` (a `SpadesState` bidding or playing)."""
        self.load_deal(state)

    cdef int load_deal(self, state) except -1:
        cdef int i
        self.load_cards(state, HAND_SIZE, state.first_lead, 0)
        self.phase = self.start_phase = state.phase
        self.ncalls = 0
        won = state.won
        for i in range(SEATS):
            self.won_before[i] = won[i]
        bids, blind, seen = state.bids, state.blind, state.seen  # bids and blind: to settle
        for i in range(SEATS):
            self.bids[i] = bids[i]
            self.blind[i] = 1 if blind[i] else 0
            self.seen[i] = 1 if seen[i] else 0
        if self.phase != PLAYING:
            self.dealer = state.dealer
            self.bid_actions = state.game.bid_actions
        return 0

    def legal_count(self):
        """How many actions the current player chooses from while bidding."""
        return 2 if self.phase == BLIND else len(self.bid_actions)

    def choice_index(self, int index):
        """Make the `index`-th action of the rules' order (`SpadesState.legal_actions`) for
        the current player while bidding; the play starts after the last bid."""
        self.call_index(index)

    cdef int call_index(self, int index) except -1:
        cdef int p = self.current, seat, i
        self.call_seat[self.ncalls] = p
        if self.phase == BLIND:
            self.seen[p] = 1
            if index == 0:  # Blind Nil
                self.bids[p] = 0
                self.blind[p] = 1
            self.calls[self.ncalls] = BLIND_NIL_CALL + index
        else:
            self.bids[p] = self.bid_actions[index].tricks
            self.calls[self.ncalls] = self.bids[p]
        self.ncalls += 1
        for i in range(1, SEATS + 1):  # `SpadesState._next_bidder`
            seat = (self.dealer + i) & 3
            if not self.seen[seat]:
                self.phase = BLIND
                self.current = seat
                return 0
        for i in range(1, SEATS + 1):
            seat = (self.dealer + i) & 3
            if self.bids[seat] == NO_BID:
                self.phase = BIDDING
                self.current = seat
                return 0
        self.phase = PLAYING  # `SpadesState._start_play`
        if self.first_lead:
            self.leader = self.current = self.leader_holding(TWO_CLUBS)
        else:
            self.leader = self.current = (self.dealer + 1) & 3
        return 0

    cdef int random_bid(self, random) except -1:
        """Bid at random to the end of the bidding, as `State.play_random` chooses."""
        cdef double r
        cdef int n
        cdef Draw draw
        draw_from(&draw, random)
        while self.phase != PLAYING:
            n = 2 if self.phase == BLIND else len(self.bid_actions)
            r = draw_next(&draw, random)
            self.call_index(<int>(r * n))
        return 0

    cdef int write_all(self, state) except -1:
        """Write every field of the hand back (not the history)."""
        cdef int i
        self.store_cards(state)
        state.phase = self.phase
        if self.start_phase != PLAYING:
            state.bids = tuple([self.bids[i] for i in range(SEATS)])
            state.blind = tuple([bool(self.blind[i]) for i in range(SEATS)])
            state.seen = tuple([bool(self.seen[i]) for i in range(SEATS)])
        state.won = tuple([self.won_before[i] + self.won[i] for i in range(SEATS)])
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
        for i in range(self.ncalls):
            history.append((<list>CALL_MOVES[self.call_seat[i]])[self.calls[i]])
        self.append_plays(history, PLAY_MOVES)
        return 0

    cdef int read_rules(self, game) except -1:
        self.nil_bonus = game.nil_bonus
        self.blind_nil_bonus = game.blind_nil_bonus
        self.bag_limit = game.bag_limit
        self.bag_penalty = game.bag_penalty
        self.target = game.target
        self.mercy = 1 if game.mercy else 0
        self.mercy_score = game.mercy_score
        self.max_hands = game.max_hands
        self.blind_nil = 1 if game.blind_nil else 0
        self.blind_nil_deficit = game.blind_nil_deficit
        self.rules_of = game
        return 0

    cdef int finish(self, state, int mode) except -1:
        """The hand played out: write it back and settle it (in C with `SETTLE`)."""
        self.append_moves(state.history)
        if not mode & SETTLE:
            self.write_all(state)
            state._score_deal()
            return 0
        self.settle_hand(state, True)
        return 0

    cdef int settle_hand(self, state, bint write) except -1:
        """`SpadesState._score_deal` of a quiet state, the tricks each seat took being
        `won_before` and `won`: the score, then the game's end or the next hand, undealt
        (with `write`, the hand is written back first where the game ends)."""
        cdef int t, i, bid, took, contract, tricks, nil_points, overtricks, bags, penalty, bonus
        cdef int points[2]
        cdef int new_bags[2]
        cdef int ns, ew, over
        game = state.game
        if game is not self.rules_of:
            self.read_rules(game)
        old_bags = state.bags
        for t in range(2):  # `scoring.score_partnership` of each partnership
            contract = tricks = nil_points = 0
            for i in range(t, SEATS, 2):
                bid = self.bids[i]
                took = self.won_before[i] + self.won[i]
                tricks += took
                if bid > 0:
                    contract += bid
                elif bid == 0:
                    bonus = self.blind_nil_bonus if self.blind[i] else self.nil_bonus
                    nil_points += -bonus if took else bonus
            overtricks = tricks - contract if tricks >= contract else 0
            bags = old_bags[t] + overtricks
            penalty = 0
            while bags >= self.bag_limit:
                bags -= self.bag_limit
                penalty += self.bag_penalty
            points[t] = ((10 * contract + overtricks if tricks >= contract else -10 * contract)
                         + nil_points - penalty)
            new_bags[t] = bags
        totals = state.totals
        ns = totals[0] + points[0]
        ew = totals[1] + points[1]
        state.totals = (ns, ew)
        state.bags = (new_bags[0], new_bags[1])
        state.results = state.results + ((points[0], points[1]),)
        # `Spades.winning_team`, or the last hand
        over = ((ns >= self.target or ew >= self.target
                 or (self.mercy and (ns <= self.mercy_score or ew <= self.mercy_score)))
                and ns != ew) or state.deal + 1 >= self.max_hands
        if over:
            if write:
                self.write_all(state)
            state.phase = OVER
            state.current = None
            return 0
        self.start_next(state, game, ns, ew)
        return 0

    cdef int settle_played(self, state) except -1:
        """`settle_hand` for a quiet state whose hand's last card the compiled step has just
        played."""
        cdef int i
        bids, blind, won = state.bids, state.blind, state.won
        for i in range(SEATS):
            self.bids[i] = bids[i]
            self.blind[i] = 1 if blind[i] else 0
            self.won_before[i] = won[i]
            self.won[i] = 0
        self.settle_hand(state, False)
        return 0

    cdef int start_next(self, state, game, int ns, int ew) except -1:
        """`SpadesState._next_deal` of a quiet state: the next hand, undealt (`DealsToCome`),
        then `_deal_begun`."""
        cdef int dealer, seat, i
        cdef int seen[SEATS]
        deal = DEALS.start_next(state, game)
        dealer = (3 + deal) % SEATS  # `Spades.dealer_of`
        state.dealer = dealer
        state.bids = (NO_BID, NO_BID, NO_BID, NO_BID)
        state.blind = (False, False, False, False)
        for seat in range(SEATS):  # `Spades.blind_nil_allowed`
            seen[seat] = not (self.blind_nil and (
                (ew - ns if seat & 1 == 0 else ns - ew) >= self.blind_nil_deficit))
        state.seen = (bool(seen[0]), bool(seen[1]), bool(seen[2]), bool(seen[3]))
        state.won = (0, 0, 0, 0)
        state.leader = (dealer + 1) & 3
        for i in range(1, SEATS + 1):  # `_next_bidder`: a Blind Nil choice, else a bid
            seat = (dealer + i) & 3
            if not seen[seat]:
                state.phase = BLIND
                state.current = seat
                return 0
        state.phase = BIDDING
        state.current = (dealer + 1) & 3
        return 0

    cdef int random_deal(self, state, random, int mode) except -1:
        self.load_deal(state)
        self.random_bid(random)
        self.random_play(random)
        self.finish(state, mode)
        return 0


cdef SpadesDeal _scratch = SpadesDeal()


def settle_played(state):
    """`SpadesState._score_deal` in C for a quiet state whose hand is played out (all its
    tricks taken), where the game settles in C (`SETTLE`): the compiled step calls it at a
    hand's last card. `parlour.testing.trick_steps` checks it against `_score_deal`."""
    _scratch.settle_played(state)


def play_deals(state, stop, random, int mode):
    """`SpadesState.play_random` of a quiet state: whole hands until hand `stop` (None: the
    end of the game), every choice the one the Python loop makes."""
    while state.phase != OVER and (stop is None or state.deal < stop):
        _scratch.random_deal(state, random, mode)
