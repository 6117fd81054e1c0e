# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Hearts heuristic (`parlour.games.hearts.bots.HeartsHeuristic`) in C, for search playouts.

The Python agent stays the reference: `pass_plan` and `choose_play` here make the very choices
of `bots.pass_plan` and `bots.choose_play`, rule for rule and in the same order (each rule's
card is taken only where it is legal, ties go to the card the Python `min`/`max`/`sorted`
keeps), from what the seat to move knows: its hand, the trick, and a `Knowledge` of the deal
that every seat shares (the cards played, the voids shown, the cards taken), kept card by card
by `see_play`. It never reads another seat's hand.

`play_deals` is `HeartsState.play_compiled("heuristic", stop)`: whole deals on the deal kernel's
`HeartsDeal` (`_deals.pyx`), the passing by `pass_plan` and the card play by `choose_play`,
settled as `HeartsState.play_random` settles. `CARD_AGENT` (a capsule of `cards/_card_agent.pxd`'s
`CardAgent`) and `knowledge(state)` let a search loop play it (`agents/search/_ismcts.pyx`).
`parlour.testing.hearts_heuristic` cross-checks it decision by decision against the agent.
"""

from cpython.pycapsule cimport PyCapsule_New
from libc.stdint cimport uint64_t
from libc.string cimport memcpy

from parlour.cards._trick_play cimport SEATS, TrickPlay, __builtin_popcountll
from parlour.cards._card_agent cimport CardAgent

from parlour.games.hearts._deals import HeartsDeal

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil

cdef enum:
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    ACE = 14
    KING = 13
    QUEEN_OF_SPADES = 60       # SPADES << 4 | 12
    PASSING = 0
    OVER = 2
    SPADE_GUARDS = 4
    MOON_THREAT_POINTS = 16
    MOON_THREAT_HEARTS = 6

cdef uint64_t SUIT = 0x7FFC
cdef uint64_t DECK = 0x7FFC7FFC7FFC7FFC
cdef uint64_t HEARTS_MASK = SUIT << 32
cdef uint64_t SPADES_MASK = SUIT << 48
cdef uint64_t QS = (<uint64_t>1) << 60
cdef uint64_t HIGH_SPADES = ((<uint64_t>1) << 62) | ((<uint64_t>1) << 61)
cdef uint64_t POINT_CARDS = HEARTS_MASK | QS
cdef uint64_t JD = (<uint64_t>1) << 27

RULES = (
    "forced", "highest",
    "lead_for_the_moon", "lead_to_stop_the_moon", "flush_the_queen", "lead_safely",
    "follow_for_the_moon", "take_points_from_the_shooter", "drop_the_queen_under_a_higher_spade",
    "win_a_clean_last_trick", "duck_as_high_as_possible", "win_as_safely_as_possible",
    "discard_for_the_moon", "keep_points_from_the_shooter", "dump_the_queen", "dump_high_spades",
    "dump_the_most_dangerous",
)
"""The rules by number, as `choose_play` reports them (the Python functions' names)."""
PASS_RULES = ("pass_for_the_moon", "pass_the_unguarded_queen",
              "pass_the_unguarded_high_spades", "pass_to_void_a_suit", "pass_the_most_dangerous")
"""The passing rules by number, as `pass_plan` reports which gave each card."""

cdef enum:
    FORCED = 0
    HIGHEST = 1
    LEAD_FOR_THE_MOON = 2
    LEAD_TO_STOP_THE_MOON = 3
    FLUSH_THE_QUEEN = 4
    LEAD_SAFELY = 5
    FOLLOW_FOR_THE_MOON = 6
    TAKE_POINTS_FROM_THE_SHOOTER = 7
    DROP_THE_QUEEN = 8
    WIN_A_CLEAN_LAST_TRICK = 9
    DUCK_AS_HIGH_AS_POSSIBLE = 10
    WIN_AS_SAFELY_AS_POSSIBLE = 11
    DISCARD_FOR_THE_MOON = 12
    KEEP_POINTS_FROM_THE_SHOOTER = 13
    DUMP_THE_QUEEN = 14
    DUMP_HIGH_SPADES = 15
    DUMP_THE_MOST_DANGEROUS = 16

cdef int SUIT_ORDER[4]
SUIT_ORDER[0], SUIT_ORDER[1], SUIT_ORDER[2], SUIT_ORDER[3] = CLUBS, DIAMONDS, SPADES, HEARTS
"""The order in which `distinct_plays` lists the suits."""


# --- masks ------------------------------------------------------------------------------------
cdef inline uint64_t suit_of(int card) noexcept nogil:
    return SUIT << ((card >> 4) << 4)


cdef inline uint64_t above(int card) noexcept nogil:
    """The cards of `card`'s suit that rank above it."""
    return suit_of(card) & ~((((<uint64_t>2) << card)) - 1)


cdef inline uint64_t below(int card) noexcept nogil:
    """The cards of `card`'s suit that rank below it."""
    return suit_of(card) & (((<uint64_t>1) << card) - 1)


cdef inline int top(uint64_t mask) noexcept nogil:
    return 63 - __builtin_clzll(mask)


cdef inline int bottom(uint64_t mask) noexcept nogil:
    return __builtin_ctzll(mask)


cdef inline int suit_length(uint64_t hand, int card) noexcept nogil:
    return __builtin_popcountll(hand & suit_of(card))


# --- passing ----------------------------------------------------------------------------------
cdef int moon_hand(uint64_t hand) noexcept nogil:
    """`bots.moon_hand`."""
    cdef uint64_t hearts = hand & HEARTS_MASK
    cdef int weak = 0, suit
    if __builtin_popcountll(hearts) < 7 or (hearts >> (HEARTS << 4 | 12)) != 0b111:
        return 0
    if hand & QS and not hand & HIGH_SPADES:
        return 0
    for suit in range(4):
        if suit != HEARTS and hand & (SUIT << (suit << 4)) and not (hand >> (suit << 4 | ACE)) & 1:
            weak += 1
    return weak <= 1


cdef inline int pass_danger(uint64_t hand, int card) noexcept nogil:
    """`bots.pass_danger` (whole numbers there too)."""
    cdef int rank = card & 15, suit = card >> 4, short
    if suit == HEARTS:
        return 2 * rank - 10
    if suit == SPADES:
        if ((<uint64_t>1) << card) & (QS | HIGH_SPADES):
            return rank - 20
        return rank - 14
    short = 4 - suit_length(hand, card)
    return rank + 2 * (short if short > 0 else 0)


cdef inline int add_pass(int *plan, int n, int card) noexcept nogil:
    """`pass_plan`'s step: `card` joins the plan if there is room and it is new."""
    cdef int i
    if n >= 3:
        return n
    for i in range(n):
        if plan[i] == card:
            return n
    plan[n] = card
    return n + 1


cdef int pass_plan(uint64_t hand, int *plan) noexcept:
    """`bots.pass_plan`: the three cards to pass from `hand` into `plan`, in order; returns
    the rules that gave them as bits (1 << rule number of `PASS_RULES`)."""
    cdef int n = 0, i, j, card, suit, rank, count, high, best_count = 0, best_high = 0
    cdef int cards[13]
    cdef int dangers[13]
    cdef int used = 0, before
    cdef uint64_t mask, left, best = 0
    # pass_for_the_moon: side cards below the king by rank, then the hearts
    if moon_hand(hand):
        before = n
        for rank in range(2, KING):
            for suit in range(4):  # clubs, diamonds, spades
                if suit != HEARTS and (hand >> (suit << 4 | rank)) & 1:
                    n = add_pass(plan, n, suit << 4 | rank)
        mask = hand & HEARTS_MASK
        while mask:
            n = add_pass(plan, n, __builtin_ctzll(mask))
            mask &= mask - 1
        if n > before:
            used |= 1
    if n == 3:
        return used
    # pass_the_unguarded_queen: the Q♠, then the A♠ and K♠
    if hand & QS and __builtin_popcountll(hand & SPADES_MASK) <= SPADE_GUARDS:
        before = n
        n = add_pass(plan, n, QUEEN_OF_SPADES)
        mask = hand & HIGH_SPADES
        while mask:
            n = add_pass(plan, n, top(mask))
            mask &= ~((<uint64_t>1) << top(mask))
        if n > before:
            used |= 2
    if n == 3:
        return used
    # pass_the_unguarded_high_spades: the A♠ and K♠ without the Q♠ and few low spades
    if not hand & QS and __builtin_popcountll(hand & SPADES_MASK & ~HIGH_SPADES) \
            < SPADE_GUARDS - 1:
        before = n
        mask = hand & HIGH_SPADES
        while mask:
            n = add_pass(plan, n, top(mask))
            mask &= ~((<uint64_t>1) << top(mask))
        if n > before:
            used |= 4
    if n == 3:
        return used
    # pass_to_void_a_suit: the shortest club or diamond suit that fits, highest first
    for suit in range(DIAMONDS + 1):  # clubs, diamonds
        mask = hand & (SUIT << (suit << 4))
        for i in range(n):
            mask &= ~((<uint64_t>1) << plan[i])
        count = __builtin_popcountll(mask)
        if not mask or count > 3 - n:
            continue
        high = top(mask)
        if not best or count < best_count or (count == best_count and high > best_high):
            best, best_count, best_high = mask, count, high
    if best:
        before = n
        while best:
            n = add_pass(plan, n, top(best))
            best &= ~((<uint64_t>1) << top(best))
        if n > before:
            used |= 8
    if n == 3:
        return used
    # pass_the_most_dangerous: a stable sort of the hand by danger, highest first
    count = 0
    left = hand
    while left:
        card = __builtin_ctzll(left)
        left &= left - 1
        j = count
        while j > 0 and dangers[j - 1] < pass_danger(hand, card):
            cards[j] = cards[j - 1]
            dangers[j] = dangers[j - 1]
            j -= 1
        cards[j] = card
        dangers[j] = pass_danger(hand, card)
        count += 1
    before = n
    for i in range(count):
        n = add_pass(plan, n, cards[i])
    if n > before:
        used |= 16
    return used


def plan_passes(uint64_t hand):
    """`pass_plan(hand)` (for tests): the three cards, in order."""
    cdef int plan[3]
    pass_plan(hand, plan)
    return [plan[0], plan[1], plan[2]]


# --- what a seat knows ------------------------------------------------------------------------
cdef void see_play(Knowledge *k, TrickPlay play, int card) noexcept:
    """Every seat sees `card` played by `play.current` (before `play.play(card)`): the voids
    it shows (not following suit; a heart led before a heart was played: only hearts left)."""
    cdef int p = play.current, lead
    if play.ntrick == 0:
        if card >> 4 == HEARTS and not k.hearts_seen:
            k.voids[p] |= DECK & ~HEARTS_MASK
    else:
        lead = play.trick[0] >> 4
        if card >> 4 != lead:
            k.voids[p] |= SUIT << (lead << 4)
    if card >> 4 == HEARTS:
        k.hearts_seen = 1
    k.played |= (<uint64_t>1) << card


cdef int load_knowledge(Knowledge *k, state, int jack) except -1:
    """`Knowledge.read`'s counting of `state`'s deal so far (its tricks and the trick)."""
    cdef int i, p, card, lead
    cdef uint64_t mask
    k.played = 0
    k.hearts_seen = 0
    k.jack = jack
    taken = state.taken
    for i in range(SEATS):
        k.voids[i] = 0
        k.taken[i] = taken[i]
    for leader, cards in (*state.tricks, (state.leader, state.trick)):
        if not cards:
            continue
        lead = cards[0] >> 4
        if lead == HEARTS and not k.hearts_seen:
            k.voids[leader] |= DECK & ~HEARTS_MASK
        p = leader
        for card in cards:
            if card >> 4 != lead:
                k.voids[p] |= SUIT << (lead << 4)
            if card >> 4 == HEARTS:
                k.hearts_seen = 1
            k.played |= (<uint64_t>1) << card
            p = (p + 1) & 3
    return 0


cdef struct Reading:
    # one decision's `bots.Knowledge`: what the seat to move knows of the position
    int seat
    uint64_t hand, legal, unseen
    int points[SEATS]
    int ntrick, lead_suit, winner, winning, trick_points
    Knowledge *k


cdef inline int card_points(uint64_t taken, int jack) noexcept nogil:
    """`Hearts.card_points`."""
    cdef int points = __builtin_popcountll(taken & HEARTS_MASK) + (13 if taken & QS else 0)
    if jack and taken & JD:
        points -= 10
    return points


cdef void fill_reading(Reading *v, TrickPlay play, Knowledge *k, uint64_t legal) noexcept:
    cdef int i, best = -1, at = 0
    cdef uint64_t mask = 0
    v.k = k
    v.seat = play.current
    v.hand = play.hands[v.seat]
    v.legal = legal
    v.unseen = DECK & ~k.played & ~v.hand
    for i in range(SEATS):
        v.points[i] = card_points(k.taken[i] | play.taken[i], k.jack)
    v.ntrick = play.ntrick
    v.winner = -1
    v.winning = -1
    v.trick_points = 0
    v.lead_suit = -1
    if play.ntrick:
        v.lead_suit = play.trick[0] >> 4
        for i in range(play.ntrick):
            mask |= (<uint64_t>1) << play.trick[i]
            if play.trick[i] >> 4 == v.lead_suit and play.trick[i] > best:
                best = play.trick[i]
                at = i
        v.winning = best
        v.winner = (play.leader + at) & 3
        v.trick_points = __builtin_popcountll(mask & HEARTS_MASK) + (13 if mask & QS else 0)


cdef inline int is_boss(Reading *v, int card) noexcept nogil:
    return not (v.unseen & above(card))


cdef inline int holds_void_seat(Reading *v, int suit, int later) noexcept nogil:
    """`Knowledge.holds_void_seat`: another seat (with `later`: one still to play to the
    trick) is known void in `suit`."""
    cdef int i, p, count = 3 - v.ntrick if later else 3
    for i in range(1, count + 1):
        p = (v.seat + i) & 3
        if v.k.voids[p] & (SUIT << (suit << 4)):
            return 1
    return 0


cdef int moon_threat(Reading *v) noexcept nogil:
    """`Knowledge.moon_threat`: the shooter, or -1."""
    cdef int p, shooter = -1, takers = 0, points, hearts, queen_taken
    for p in range(SEATS):
        if v.points[p] > 0:
            takers += 1
            shooter = p
    if takers != 1 or shooter == v.seat:
        return -1
    points = v.points[shooter]
    queen_taken = not (v.unseen & QS) and not (v.hand & QS) and points >= 13
    hearts = points - 13 if queen_taken else points
    if not ((v.unseen | v.hand) & POINT_CARDS):
        return -1
    if points >= MOON_THREAT_POINTS or hearts >= MOON_THREAT_HEARTS:
        return shooter
    return -1


cdef int can_shoot(Reading *v) noexcept nogil:
    """`Knowledge.can_shoot`."""
    cdef int p, bosses
    cdef uint64_t hearts_out, mine
    for p in range(SEATS):
        if p != v.seat and v.points[p]:
            return 0
    if v.unseen & QS:
        return 0
    if v.hand & QS and v.unseen & HIGH_SPADES:
        return 0
    hearts_out = v.unseen & HEARTS_MASK
    mine = v.hand & HEARTS_MASK
    if not hearts_out:
        return 1 if (v.points[v.seat] or mine) else 0
    bosses = __builtin_popcountll(mine & ~((((<uint64_t>1) << (top(hearts_out) + 1))) - 1))
    return bosses >= __builtin_popcountll(hearts_out) and v.points[v.seat] > 0


# --- leading ----------------------------------------------------------------------------------
cdef double RISK[2][3][13][13]
"""`round(bots.lead_risk(...), 2)` by (a heart?, the extra danger: none, the Q♠, a void with
hearts out; the unseen cards of the suit below and above the card): built at import with
Python's `round` of the very product the Python rule computes."""


cdef double lead_risk(int lower, int higher, int heart, int extra) noexcept nogil:
    """`bots.lead_risk` from its counts (chance times danger, in the Python rule's order)."""
    cdef double chance, danger = 1.0
    if higher == 0 and lower == 0:
        chance = 0.0
    elif higher == 0:
        chance = 1.0
    else:
        chance = lower / <double>(lower + higher) * 0.8
    if chance == 0.0:
        return 0.0
    if heart:
        danger += 3.0
    if extra == 1:
        danger += 13.0
    elif extra == 2:
        danger += 2.0
    return chance * danger


def _fill_risk():
    cdef int heart, extra, lower, higher
    for heart in range(2):
        for extra in range(3):
            for lower in range(13):
                for higher in range(13):
                    RISK[heart][extra][lower][higher] = round(
                        lead_risk(lower, higher, heart, extra), 2)


_fill_risk()


cdef double rounded_risk(Reading *v, int card) noexcept nogil:
    cdef int suit = card >> 4, extra = 0, void_seat
    cdef uint64_t out = v.unseen & suit_of(card)
    cdef int lower = 1, higher = 0  # nobody can follow: it wins (chance 1)
    if out:
        higher = __builtin_popcountll(out & above(card))
        lower = __builtin_popcountll(out & below(card))
    void_seat = holds_void_seat(v, suit, 0)
    if v.unseen & QS and (suit == SPADES or void_seat):
        extra = 1
    elif void_seat and v.unseen & HEARTS_MASK:
        extra = 2
    return RISK[1 if suit == HEARTS else 0][extra][lower][higher]


cdef int lead_for_the_moon(Reading *v) noexcept nogil:
    cdef uint64_t hearts, m
    cdef int card, best = -1
    if not can_shoot(v):
        return -1
    hearts = v.legal & HEARTS_MASK
    if hearts:
        return top(hearts)
    m = v.legal
    while m:  # the boss of the highest rank, the first in card order
        card = __builtin_ctzll(m)
        m &= m - 1
        if is_boss(v, card) and (best < 0 or (card & 15) > (best & 15)):
            best = card
    return best


cdef int lead_to_stop_the_moon(Reading *v) noexcept nogil:
    cdef uint64_t hearts
    if moon_threat(v) < 0:
        return -1
    hearts = v.legal & HEARTS_MASK
    if hearts and is_boss(v, top(hearts)):
        return top(hearts)
    return -1


cdef int flush_the_queen(Reading *v) noexcept nogil:
    cdef uint64_t spades
    if not v.unseen & QS or v.hand & (QS | HIGH_SPADES):
        return -1
    spades = v.legal & SPADES_MASK
    if not spades or __builtin_popcountll(v.unseen & SPADES_MASK) < 2:
        return -1
    return bottom(spades)


cdef int lead_safely(Reading *v) noexcept nogil:
    """The least risk (rounded), then the shortest suit, then the lowest rank."""
    cdef uint64_t m = v.legal
    cdef int card, best = -1, length, best_length = 0
    cdef double risk, best_risk = 0.0
    while m:
        card = __builtin_ctzll(m)
        m &= m - 1
        if card == QUEEN_OF_SPADES or (((<uint64_t>1) << card) & HIGH_SPADES
                                       and v.unseen & QS):
            continue
        risk = rounded_risk(v, card)
        length = suit_length(v.hand, card)
        if best < 0 or risk < best_risk or (risk == best_risk and (
                length < best_length or (length == best_length
                                         and (card & 15) < (best & 15)))):
            best, best_risk, best_length = card, risk, length
    return best


# --- following suit ---------------------------------------------------------------------------
cdef int follow_for_the_moon(Reading *v) noexcept nogil:
    cdef int best
    if not can_shoot(v):
        return -1
    best = top(v.legal)
    return best if best > v.winning else -1


cdef int take_points_from_the_shooter(Reading *v) noexcept nogil:
    cdef int shooter = moon_threat(v)
    cdef uint64_t beaters
    if shooter < 0 or v.winner != shooter or not v.trick_points:
        return -1
    beaters = v.legal & above(v.winning) & ~QS
    return bottom(beaters) if beaters else -1


cdef int drop_the_queen(Reading *v) noexcept nogil:
    if v.legal & QS and v.winning > QUEEN_OF_SPADES:
        return QUEEN_OF_SPADES
    return -1


cdef int win_a_clean_last_trick(Reading *v) noexcept nogil:
    cdef uint64_t safe
    if v.ntrick != 3 or v.trick_points:
        return -1
    safe = v.legal & ~QS
    if safe and top(safe) > v.winning:
        return top(safe)
    return -1


cdef int duck_as_high_as_possible(Reading *v) noexcept nogil:
    cdef uint64_t under = v.legal & below(v.winning) & ~QS
    return top(under) if under else -1


cdef int win_as_safely_as_possible(Reading *v) noexcept nogil:
    cdef uint64_t safe = v.legal & ~QS
    cdef int suit = v.lead_suit, feared, void_later
    if not safe:
        safe = v.legal
    if v.ntrick == 3:
        return top(safe)
    void_later = holds_void_seat(v, suit, 1)
    feared = v.trick_points > 0 or ((v.unseen & QS) != 0 and (suit == SPADES or void_later)) \
        or (void_later and (v.unseen & HEARTS_MASK) != 0)  # (masks as truth values: != 0)
    return bottom(safe) if feared else top(safe)


# --- discarding -------------------------------------------------------------------------------
cdef inline int discard_danger(Reading *v, int card) noexcept nogil:
    """`bots.discard_danger` (whole numbers there too)."""
    cdef int rank = card & 15, suit = card >> 4
    if suit == HEARTS:
        return rank + 6 if v.unseen & HEARTS_MASK & below(card) else rank - 4
    if suit == SPADES and card < QUEEN_OF_SPADES and (v.unseen & QS or v.hand & QS):
        return rank - 12
    if not v.unseen & below(card):
        return rank - 8
    return rank + (3 if suit_length(v.hand, card) <= 2 else 0)


cdef int most_dangerous(Reading *v, uint64_t m) noexcept nogil:
    """`max(m, key=(discard_danger, rank))`: the first in card order among equals; -1 if none."""
    cdef int card, best = -1, danger, best_danger = 0
    while m:
        card = __builtin_ctzll(m)
        m &= m - 1
        danger = discard_danger(v, card)
        if best < 0 or danger > best_danger or (danger == best_danger
                                                and (card & 15) > (best & 15)):
            best, best_danger = card, danger
    return best


cdef int discard_for_the_moon(Reading *v) noexcept nogil:
    cdef uint64_t m
    cdef int card, best = -1
    if not can_shoot(v) or v.trick_points:
        return -1
    m = v.legal & ~POINT_CARDS
    while m:  # the lowest rank, the first in card order
        card = __builtin_ctzll(m)
        m &= m - 1
        if best < 0 or (card & 15) < (best & 15):
            best = card
    return best


cdef int keep_points_from_the_shooter(Reading *v) noexcept nogil:
    cdef int shooter = moon_threat(v)
    if shooter < 0 or v.winner != shooter:
        return -1
    return most_dangerous(v, v.legal & ~POINT_CARDS)


cdef int dump_high_spades(Reading *v) noexcept nogil:
    cdef uint64_t high = v.legal & HIGH_SPADES
    if v.unseen & QS and high:
        return top(high)
    return -1


# --- the decision -----------------------------------------------------------------------------
cdef inline int legal_card(Reading *v, int card) noexcept nogil:
    return card >= 0 and ((v.legal >> card) & 1) != 0


cdef int choose_from_reading(Reading *v, int *rule) noexcept nogil:
    """`bots.choose_play` on a reading."""
    cdef uint64_t legal = v.legal
    cdef int card
    if legal & (legal - 1) == 0:
        rule[0] = FORCED
        return top(legal)
    if v.ntrick == 0:
        card = lead_for_the_moon(v)
        if legal_card(v, card):
            rule[0] = LEAD_FOR_THE_MOON
            return card
        card = lead_to_stop_the_moon(v)
        if legal_card(v, card):
            rule[0] = LEAD_TO_STOP_THE_MOON
            return card
        card = flush_the_queen(v)
        if legal_card(v, card):
            rule[0] = FLUSH_THE_QUEEN
            return card
        card = lead_safely(v)
        if legal_card(v, card):
            rule[0] = LEAD_SAFELY
            return card
    elif v.hand & (SUIT << (v.lead_suit << 4)):
        card = follow_for_the_moon(v)
        if legal_card(v, card):
            rule[0] = FOLLOW_FOR_THE_MOON
            return card
        card = take_points_from_the_shooter(v)
        if legal_card(v, card):
            rule[0] = TAKE_POINTS_FROM_THE_SHOOTER
            return card
        card = drop_the_queen(v)
        if legal_card(v, card):
            rule[0] = DROP_THE_QUEEN
            return card
        card = win_a_clean_last_trick(v)
        if legal_card(v, card):
            rule[0] = WIN_A_CLEAN_LAST_TRICK
            return card
        card = duck_as_high_as_possible(v)
        if legal_card(v, card):
            rule[0] = DUCK_AS_HIGH_AS_POSSIBLE
            return card
        card = win_as_safely_as_possible(v)
        if legal_card(v, card):
            rule[0] = WIN_AS_SAFELY_AS_POSSIBLE
            return card
    else:
        card = discard_for_the_moon(v)
        if legal_card(v, card):
            rule[0] = DISCARD_FOR_THE_MOON
            return card
        card = keep_points_from_the_shooter(v)
        if legal_card(v, card):
            rule[0] = KEEP_POINTS_FROM_THE_SHOOTER
            return card
        if legal & QS:
            rule[0] = DUMP_THE_QUEEN
            return QUEEN_OF_SPADES
        card = dump_high_spades(v)
        if legal_card(v, card):
            rule[0] = DUMP_HIGH_SPADES
            return card
        card = most_dangerous(v, legal)
        if legal_card(v, card):
            rule[0] = DUMP_THE_MOST_DANGEROUS
            return card
    rule[0] = HIGHEST
    return top(legal)


cdef int choose_play(TrickPlay play, Knowledge *k, int *rule) noexcept:
    """The card the seat to move plays (`bots.choose_play`), and the rule's number."""
    cdef Reading v
    fill_reading(&v, play, k, play.legal_mask())
    return choose_from_reading(&v, rule)


cdef uint64_t distinct_plays(TrickPlay play, Knowledge *k, uint64_t legal, int chosen) noexcept:
    """`bots.distinct_plays` as a mask (its order: the suits by `SUIT_ORDER`, then rank)."""
    cdef uint64_t gone = k.played, plays = 0
    cdef int i, s, suit, card, run, last = -1
    for i in range(play.ntrick):  # the trick in progress does not count as gone
        gone &= ~((<uint64_t>1) << play.trick[i])
    for s in range(4):
        suit = SUIT_ORDER[s]
        run = 0
        for card in range(suit << 4 | 2, suit << 4 | (ACE + 1)):
            if card == QUEEN_OF_SPADES:
                if legal & QS:
                    plays |= QS
                    last = card
                run = 0
            elif (legal >> card) & 1:
                if not run:
                    plays |= (<uint64_t>1) << card
                    last = card
                elif card == chosen:
                    plays = (plays & ~((<uint64_t>1) << last)) | ((<uint64_t>1) << card)
                    last = card
                run = 1
            elif not (gone >> card) & 1:
                run = 0
    return plays


# --- the generic agent interface (cards/_card_agent.pxd) -----------------------------------------
cdef int agent_choose(TrickPlay play, void *knowledge) noexcept:
    cdef int rule
    return choose_play(play, <Knowledge *>knowledge, &rule)


cdef void agent_see(TrickPlay play, void *knowledge, int card) noexcept:
    see_play(<Knowledge *>knowledge, play, card)


cdef uint64_t agent_propose(TrickPlay play, void *knowledge, uint64_t legal,
                             int chosen) noexcept:
    if legal & (legal - 1) == 0:
        return legal
    return distinct_plays(play, <Knowledge *>knowledge, legal, chosen)


cdef CardAgent HEURISTIC
HEURISTIC.choose = agent_choose
HEURISTIC.see = agent_see
HEURISTIC.propose = agent_propose
for _i in range(4):
    HEURISTIC.suit_order[_i] = SUIT_ORDER[_i]
HEURISTIC.size = sizeof(Knowledge)

CARD_AGENT = PyCapsule_New(&HEURISTIC, "parlour.CardAgent", NULL)
"""The heuristic as `cards/_card_agent.pxd`'s `CardAgent`, for search loops."""


def knowledge(state, bint jack):
    """The `Knowledge` of `state`'s deal so far (in its card play), as bytes for `CARD_AGENT`."""
    cdef Knowledge k
    load_knowledge(&k, state, jack)
    return (<char *>&k)[:sizeof(Knowledge)]


# --- whole deals ------------------------------------------------------------------------------
cdef class HeuristicDeal:
    """A Hearts deal played by the heuristic in C, for `play_deals` and the cross-check:
    `load` a state, ask `choice` (the card and rule the heuristic picks now), `step`."""

    cdef public object deal       # the deal kernel's `HeartsDeal`
    cdef TrickPlay play
    cdef Knowledge k

    def __init__(self):
        self.deal = HeartsDeal()
        self.play = <TrickPlay>self.deal

    def load(self, state, bint jack):
        self.deal.load(state)
        if self.deal.phase != PASSING:
            load_knowledge(&self.k, state, jack)
        else:
            self.k.jack = jack

    def choice(self):
        """(card, rule name): the pass or play the heuristic makes now."""
        cdef int plan[3]
        cdef int rule, card, p
        cdef uint64_t legal
        if self.deal.phase == PASSING:
            p = self.play.current
            legal = self.deal.legal_passes()
            pass_plan(self.play.hands[p], plan)
            for card in plan:
                if (legal >> card) & 1:
                    return card, "pass_plan"
            return top(legal), "pass_plan"
        card = choose_play(self.play, &self.k, &rule)
        return card, RULES[rule]

    def step(self, int card):
        """Make `card` the current seat's pass or play."""
        cdef uint64_t legal
        if self.deal.phase == PASSING:
            legal = self.deal.legal_passes()
            self.deal.pass_card_index(__builtin_popcountll(legal & (((<uint64_t>1) << card) - 1)))
            if self.deal.phase != PASSING:
                load_knowledge_fresh(&self.k)
            return
        see_play(&self.k, self.play, card)
        self.play.play(card)

    def known(self):
        """The knowledge now: (cards played, voids per seat, cards taken before the load)."""
        return (self.k.played, [self.k.voids[i] for i in range(SEATS)],
                [self.k.taken[i] for i in range(SEATS)])

    def candidates(self, int chosen):
        """`distinct_plays` for the seat to move, as a mask."""
        return agent_propose(self.play, &self.k, self.play.legal_mask(), chosen)

    def pass_rules(self, hand):
        """The passing rules that gave `hand`'s three passes (names)."""
        cdef int plan[3]
        cdef int used = pass_plan(hand, plan), i
        return [PASS_RULES[i] for i in range(5) if used >> i & 1]

    cdef int play_deal(self, state, int jack, int mode) except -1:
        """One deal (or its rest) by the heuristic, settled by the deal kernel."""
        cdef int plan[3]
        cdef int card, p, rule, i
        cdef uint64_t legal
        cdef TrickPlay play = self.play
        deal = self.deal
        deal.load(state)
        if deal.phase == PASSING:
            self.k.jack = jack
            while deal.phase == PASSING:
                p = play.current
                legal = deal.legal_passes()
                pass_plan(play.hands[p], plan)
                card = top(legal)
                for i in range(3):
                    if (legal >> plan[i]) & 1:
                        card = plan[i]
                        break
                deal.pass_card_index(__builtin_popcountll(legal & (((<uint64_t>1) << card) - 1)))
            load_knowledge_fresh(&self.k)
        else:
            load_knowledge(&self.k, state, jack)
        while not play.done:
            card = choose_play(play, &self.k, &rule)
            see_play(&self.k, play, card)
            play.play(card)
        deal.settle(state, mode)
        return 0


cdef void load_knowledge_fresh(Knowledge *k) noexcept:
    """The knowledge at the first card of a deal: nothing seen, nothing taken."""
    cdef int i
    k.played = 0
    k.hearts_seen = 0
    for i in range(SEATS):
        k.voids[i] = 0
        k.taken[i] = 0


cdef HeuristicDeal _scratch = HeuristicDeal()


def play_deals(state, stop, bint jack, int mode):
    """`HeartsState.play_compiled("heuristic", stop)`: whole deals by the heuristic until deal
    `stop` (None: the end of the game), settled as the deal kernel settles with `mode`."""
    while state.phase != OVER and (stop is None or state.deal < stop):
        _scratch.play_deal(state, jack, mode)
