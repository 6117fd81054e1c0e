# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled random playouts of any game on the general trick layer (`ContractTrickState`).

No game writes Cython for it: the kernel reads the game's data, the contract's tables
(`Contract.follow`, `power`, `trumps`, `later_wins`), the seating (3 to 6 seats, some sitting
out) and the held-back, breaking and first-lead cards, and plays random cards in C: the legal
cards, the draw (the index the Python loop draws among the legal actions, in ascending card
order), the hands, the trick, the next seat and the trick's winner. Per trick it writes the
state back and calls the game's own `_trick_won` in Python, then goes on while the state is in
its card play (`in_card_play`) before deal `stop`. Where the seat to move holds one of the
state's `restricted` cards (read once a trick), it writes the hands, the trick and the seat to
move back and asks the game's `restricted_legal_mask` in Python, as `compute_legal_mask` does.
For a class with `twin_copies` it draws one of the legal cards (not copies) and plays the copy
held.
`parlour.crosscheck.layer_play` checks it move for move against the Python loop.
"""

from libc.stdint cimport uint64_t

from parlour.cards._kernel cimport Draw, __builtin_popcountll, draw_from, draw_next, nth_card

from parlour.cards.card import CARD
from parlour.cards.contract import FIRST_COPIES as FIRSTS, SECOND_COPIES as SECONDS, TWIN_OFFSET as OFFSET
from parlour.core.game import Move

cdef enum:
    MAX_SEATS = 6

cdef object CARDS = CARD
cdef uint64_t FIRST_COPIES = FIRSTS
cdef uint64_t SECOND_COPIES = SECONDS
cdef int TWIN_OFFSET = OFFSET
cdef object _new_move = tuple.__new__


cdef struct Tables:
    uint64_t follow[64]
    uint64_t eligible[64]
    int power[64]
    uint64_t later_wins


cdef Tables TABLES
cdef object LOADED = None  # the contract whose tables are in `TABLES`


cdef int load_contract(contract) except -1:
    global LOADED
    cdef int card
    if contract is LOADED:
        return 0
    follow, power = contract.follow, contract.power
    trumps = <uint64_t>contract.trumps
    for card in range(64):
        TABLES.follow[card] = <uint64_t>follow[card]
        TABLES.eligible[card] = TABLES.follow[card] | trumps
        TABLES.power[card] = power[card]
    TABLES.later_wins = <uint64_t>contract.later_wins
    LOADED = contract
    return 0


cdef inline int next_seat(int seat, int players, uint64_t out) noexcept nogil:
    seat += 1
    if seat == players:
        seat = 0
    while out >> seat & 1:
        seat += 1
        if seat == players:
            seat = 0
    return seat


cdef int winner_index(int *trick, int n) noexcept nogil:
    """`Contract.winner`: the highest power among the trumps and the effective suit led;
    an equal power wins only if it is one of `later_wins`."""
    cdef uint64_t eligible = TABLES.eligible[trick[0]]
    cdef int best = 0, best_power = TABLES.power[trick[0]], i, card, value
    for i in range(1, n):
        card = trick[i]
        if eligible >> card & 1:
            value = TABLES.power[card]
            if value > best_power or (value == best_power and TABLES.later_wins >> card & 1):
                best = i
                best_power = value
    return best


def play_out(state, random, actions, stop):
    """Random cards of `state` (quiet, in its card play) until its card play ends, the game is
    over or deal `stop` is reached (None: no limit), each drawn as the Python loop draws
    `legal[int(random() * len(legal))]`; `actions` maps a card id to the game's play action."""
    cdef Draw draw
    cdef uint64_t hands[MAX_SEATS]
    cdef int trick[MAX_SEATS]
    cdef uint64_t hand, legal, out, held_back, breaks, first_lead, restricted
    cdef int players, size, n, leader, current, ntricks, card, index, seat, i, winner
    cdef bint broken
    cdef bint twins = type(state).twin_copies
    draw_from(&draw, random)
    history = state.history
    while True:  # one trick a round: load, play it in C, store, the game's hook
        load_contract(state.contract)
        seating = state.seating
        players = seating.players
        out = <uint64_t>seating.sitting_out
        size = seating.trick_size
        py_hands = state.hands
        for seat in range(players):
            hands[seat] = <uint64_t>py_hands[seat]
        n = 0
        for card in state.trick:
            trick[n] = card
            n += 1
        leader = state.leader
        current = state.current
        ntricks = len(state.tricks)
        broken = state.broken
        held_back = <uint64_t>state.held_back
        breaks = <uint64_t>state.breaks
        first_lead = <uint64_t>state.first_lead
        restricted = <uint64_t>state.restricted
        while True:
            hand = hands[current]
            if hand & restricted:  # the game's own rule, on the state as it stands
                for seat in range(players):
                    py_hands[seat] = hands[seat]
                state.trick = tuple([CARDS[trick[i]] for i in range(n)])
                state.current = current
                state.broken = broken
                legal = <uint64_t>state.restricted_legal_mask()
            elif n:
                legal = hand & TABLES.follow[trick[0]]
                if not legal:
                    legal = hand
            elif first_lead and not ntricks:
                legal = first_lead
            elif broken:
                legal = hand
            else:
                legal = hand & ~held_back
                if not legal:
                    legal = hand
            if twins:  # one per card, its first copy (`contract.one_per_card`)
                legal = (legal & FIRST_COPIES) | (legal & SECOND_COPIES) << TWIN_OFFSET
            index = <int>(draw_next(&draw, random) * __builtin_popcountll(legal))
            card = nth_card(legal, index)
            if twins and not hand >> card & 1:  # the copy held (`contract.held_copy`)
                card -= TWIN_OFFSET
            history.append(_new_move(Move, (current, actions[card])))
            hands[current] ^= (<uint64_t>1) << card
            trick[n] = card
            n += 1
            if not broken and breaks >> card & 1:
                broken = True
            if n < size:
                current = next_seat(current, players, out)
                continue
            winner = leader
            for i in range(winner_index(trick, n)):
                winner = next_seat(winner, players, out)
            break
        for seat in range(players):
            py_hands[seat] = hands[seat]
        cards = tuple([CARDS[trick[i]] for i in range(n)])
        state.broken = broken
        state._legal = -1
        state.tricks = state.tricks + ((leader, cards),)
        state.trick = ()
        state.leader = state.current = winner
        state._trick_won(leader, cards, winner)
        if state.is_terminal or not state.in_card_play() or (
                stop is not None and state.deal_number >= stop):
            return
