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

from parlour.cards._contract_tables cimport (
    MAX_SEATS, ContractTables, load_contract, next_seat, winner_index,
)
from parlour.cards._trick_play cimport Draw, __builtin_popcountll, draw_from, draw_next, nth_card

from parlour.cards.card import CARD
from parlour.cards.contract import FIRST_COPIES as FIRSTS, SECOND_COPIES as SECONDS, TWIN_OFFSET as OFFSET
from parlour.core.game import Move

cdef object CARDS = CARD
cdef uint64_t FIRST_COPIES = FIRSTS
cdef uint64_t SECOND_COPIES = SECONDS
cdef int TWIN_OFFSET = OFFSET
cdef object _new_move = tuple.__new__
cdef ContractTables TABLES  # the contract's tables, loaded as the contract changes


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
        load_contract(&TABLES, state.contract)
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
            for i in range(winner_index(&TABLES, trick, n)):
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
