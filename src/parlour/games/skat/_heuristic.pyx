# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Skat heuristic (`bots.SkatHeuristic`, `strength`) in compiled code, for search playouts.

`SkatState.play_compiled("heuristic", stop)` lands here: every seat plays the heuristic deal
after deal, in C, on the deal kernel (`_deals_and_step.TrickPlay`: its moves, its settling and its
next deal), until deal `stop`. Each decision is the one `SkatHeuristic.act` makes from that
seat's observation alone: its hand, the bidding, the tricks, the voids they show, the skat if
it is the declarer who picked it up or buried it, the declarer's hand in an ouvert game. The
bidding, taking the skat, burying and declaring are in C too (`strength.options`,
`best_option` and `bid_limit` with the same float operations in the same order), so a
playout from any decision runs in C; only the third pass goes back to the rules (the game's
`on_all_passed`: a throw-in, or Ramsch). Ties go where Python's `min`, `max` and `sorted`
send them (the first of equal keys, cards in ascending order).

`parlour.games.skat.crosscheck.heuristic_crosscheck` (tests/games/skat/test_heuristic_compiled.py,
benchmarks/skat_heuristic_crosscheck.py) compares every decision and every playout with the
Python agent's.
"""

from libc.stdint cimport uint64_t

from parlour.games.skat._deals_and_step cimport (
    ALL_PASSED,
    BID_INDEX,
    BID_VALUE,
    BIDDING,
    BURY_PHASE,
    DECLARE_PHASE,
    FOLLOW_C,
    NBIDS,
    OVER,
    PLAY_ID,
    PLAY_PHASE,
    POINTS_C,
    POWER_C,
    SKAT_PHASE,
    TRUMPS_C,
    __builtin_ctzll,
    __builtin_popcountll,
    card_points,
    matadors,
    playable_cards,
    trick_winner,
)

from parlour.games.skat import _deals_and_step
from parlour.games.skat.actions import (
    AFTER_PICKUP,
    DECLARE,
    PASS,
    SKAT_DECISIONS,
    Contract,
)
from parlour.games.skat.strength import (
    GRAND_NEEDED,
    HAND_EXTRA,
    J_CLUBS as J_CLUBS_PY,
    J_SPADES as J_SPADES_PY,
    SUIT_NEEDED,
)
from parlour.games.skat.tables import (
    ACES as ACES_PY,
    BASE_VALUES,
    DECK as DECK_PY,
    JACKS as JACKS_PY,
    NULL_VALUES,
    SUIT32 as SUIT32_PY,
    TENS as TENS_PY,
)

cdef enum:
    GRAND_ORDER = 4
    NULL_ORDER = 5
    NULL_OUVERT = 6  # an option's kind: Null ouvert (kinds 0..5 are the trump orders)
    # which rules of the heuristic fired (`counts`, for the cross-check's report)
    R_FORCED = 0
    R_BID, R_BID_PASS, R_HOLD, R_HOLD_PASS, R_HAND_GAME, R_PICKUP, R_BURY, R_DECLARE_NULL
    R_DECLARE_GRAND, R_DECLARE_SUIT, R_DECLARE_OUVERT, R_HAND_NULL, R_HAND_GRAND
    R_DECL_TOP_TRUMP, R_DECL_LOW_TRUMP, R_DECL_SURE_SIDE, R_DECL_SHORT_LOW, R_DECL_LOW_LEAD
    R_DECL_LAST_WINNER, R_DECL_SURE_WINNER, R_DECL_RUFF, R_DECL_CHEAPEST
    R_DEF_ACE, R_DEF_SAFE_LEAD, R_DEF_CHEAPEST_LEAD, R_DEF_SMEAR, R_DEF_PARTNER_CHEAP
    R_DEF_LAST_WINNER, R_DEF_SURE_WINNER, R_DEF_CHEAPEST
    R_NULL_DECL_LEAD, R_NULL_DECL_UNDER, R_NULL_DECL_LOWEST
    R_NULL_DEF_OPEN_LEAD, R_NULL_DEF_FRESH_LEAD, R_NULL_DEF_UNDER, R_NULL_DEF_DISCARD_HIGH
    R_NULL_DEF_HIGH_OFF, R_NULL_DEF_LOWEST
    R_RAMSCH_LEAD, R_RAMSCH_UNDER, R_RAMSCH_LAST_HIGH, R_RAMSCH_CHEAPEST
    NRULES

RULE_NAMES = (
    "forced move (one legal action)", "bid the next value", "pass instead of bidding",
    "hold", "pass instead of holding", "declare a Hand game", "pick up the skat",
    "bury two cards", "declare Null after picking up", "declare Grand after picking up",
    "declare a suit game after picking up", "declare Null ouvert after picking up",
    "declare Null Hand (ouvert or not)", "declare Grand Hand",
    "declarer leads a top trump", "declarer leads a low trump (more trumps than out)",
    "declarer leads a sure side card", "declarer leads low from a short suit",
    "declarer leads its lowest card", "declarer last in the trick: cheapest winner",
    "declarer takes with a sure winner", "declarer ruffs a rich trick",
    "declarer plays its cheapest card",
    "defender leads an ace", "defender leads a safe low card", "defender leads its cheapest",
    "defender smears points on the partner's trick", "defender plays cheap under its partner",
    "defender last in the trick: cheapest winner", "defender takes with a sure winner",
    "defender plays its cheapest card",
    "Null declarer leads its safest card", "Null declarer plays under",
    "Null declarer plays its lowest", "Null defender leads under the open hand",
    "Null defender leads a suit the declarer holds", "Null defender stays under the declarer",
    "Null defender discards its highest", "Null defender plays high off suit",
    "Null defender plays its lowest",
    "Ramsch lead", "Ramsch plays under", "Ramsch last in the trick: highest",
    "Ramsch plays its cheapest",
)
assert len(RULE_NAMES) == NRULES

cdef int _o, _c, _i

# --- tables (beside the deal kernel's, `_deals_and_step.pxd`) -----------------------------------
cdef uint64_t SUIT32_C[4]
cdef uint64_t ACES = ACES_PY, TENS = TENS_PY, JACKS = JACKS_PY, DECK = DECK_PY
cdef uint64_t J_CLUBS = J_CLUBS_PY, J_SPADES = J_SPADES_PY
cdef int BASE_C[5]
cdef int NULL_VALUE_C[2][2]
cdef double SUIT_NEEDED_C = SUIT_NEEDED, GRAND_NEEDED_C = GRAND_NEEDED
cdef double HAND_EXTRA_C = HAND_EXTRA
cdef int SKAT_INDEX[7]
"""By option kind (a Hand game): its index in `SKAT_DECISIONS`."""
cdef int AFTER_INDEX[7]
"""By option kind (after picking up): its index in `AFTER_PICKUP`."""
cdef object SKAT_CONTRACTS = (None, *(a.contract for a in SKAT_DECISIONS[1:]))
"""By index into `SKAT_DECISIONS`: the Hand game declared (None: pick up)."""
cdef object AFTER_CONTRACTS = tuple(a.contract for a in AFTER_PICKUP)

for _i in range(4):
    SUIT32_C[_i] = SUIT32_PY[_i]
for _i in range(5):
    BASE_C[_i] = BASE_VALUES[_i]
for _i in range(2):
    for _o in range(2):
        NULL_VALUE_C[_i][_o] = NULL_VALUES[bool(_i), bool(_o)]


def _option_contract(int kind, bint hand):
    """The contract `strength.options` builds for an option of this kind."""
    if kind < GRAND_ORDER:
        return Contract(("clubs", "diamonds", "hearts", "spades")[kind], hand=hand)
    if kind == GRAND_ORDER:
        return Contract("grand", hand=hand)
    return Contract("null", hand=hand, ouvert=kind == NULL_OUVERT)


for _o in range(7):
    SKAT_INDEX[_o] = SKAT_DECISIONS.index(DECLARE[_option_contract(_o, True)])
    AFTER_INDEX[_o] = AFTER_PICKUP.index(DECLARE[_option_contract(_o, False)])


cdef inline int low_card(uint64_t mask) noexcept nogil:
    return __builtin_ctzll(mask)


cdef inline int popcount(uint64_t mask) noexcept nogil:
    return __builtin_popcountll(mask)


# --- strength (`strength.py`): the same float operations in the same order --------------------
cdef struct Option:
    int kind      # 0..3 a suit game, 4 Grand, 5 Null, 6 Null ouvert
    double margin
    int value


cdef double suit_score(uint64_t cards, int trump) noexcept nogil:
    cdef uint64_t trumps = cards & TRUMPS_C[trump], side
    cdef int count = popcount(trumps), jacks = popcount(cards & JACKS), suit
    cdef double score = (<double>count + 0.5 * jacks) - (1.0 if not jacks else 0.0)
    score += 0.6 * ((cards & J_CLUBS) != 0) + 0.3 * ((cards & J_SPADES) != 0)
    score += 0.3 * popcount(trumps & (ACES | TENS) & ~JACKS)
    for suit in range(4):
        if suit == trump:
            continue
        side = cards & SUIT32_C[suit] & ~JACKS
        if not side:
            score += 0.7 if count >= 5 else 0.2
        elif side & ACES:
            score += 1.0 + (0.6 if side & TENS else 0.0)
        elif side & TENS:
            score += 0.1 if popcount(side) > 1 else -0.4
        elif popcount(side) == 1:
            score += 0.2
    return score


cdef double grand_score(uint64_t cards) noexcept nogil:
    cdef int jacks = popcount(cards & JACKS), suit, length
    cdef uint64_t side
    cdef double score = (1.2 * jacks + 0.8 * ((cards & J_CLUBS) != 0)) \
        + 0.4 * ((cards & J_SPADES) != 0)
    for suit in range(4):
        side = cards & SUIT32_C[suit] & ~JACKS
        length = popcount(side)
        if side & ACES:
            score += 1.2
            if side & TENS:
                score += 0.8 + 0.5 * (length - 3 if length > 3 else 0)
        elif side & TENS:
            score += 0.0 if length > 2 else -0.4
    if jacks >= 2 or (jacks == 1 and score > 8):
        return score
    return GRAND_NEEDED_C - 1 if GRAND_NEEDED_C - 1 < score else score


cdef int null_risk(uint64_t cards) noexcept nogil:
    cdef int risk = 0, suit, k
    cdef uint64_t held, out, low
    for suit in range(4):
        held = cards & SUIT32_C[suit]
        out = SUIT32_C[suit] & ~held
        k = 0
        while held:
            low = held & (~held + 1)
            if popcount(out & (low - 1)) > k:
                risk += 1
            held ^= low
            k += 1
    return risk


cdef bint null_has_sevens(uint64_t cards) noexcept nogil:
    cdef int s
    for s in range(4):
        if cards & SUIT32_C[s] and not (cards >> (s << 4 | 7)) & 1:
            return False
    return True


cdef int options(uint64_t cards, uint64_t tops_from, bint hand, Option *out) noexcept nogil:
    """`strength.options` into `out` (at most 7), in its order; the number of options."""
    cdef double extra = HAND_EXTRA_C if hand else 0.0
    cdef int trump, tops, risk, n = 0
    for trump in range(4):
        tops = abs(matadors(tops_from, trump))
        out[n].kind = trump
        out[n].margin = (suit_score(cards, trump) - SUIT_NEEDED_C) - extra
        out[n].value = BASE_C[trump] * (tops + 1 + hand)
        n += 1
    tops = abs(matadors(tops_from, GRAND_ORDER))
    out[n].kind = GRAND_ORDER
    out[n].margin = (grand_score(cards) - GRAND_NEEDED_C) - extra
    out[n].value = BASE_C[GRAND_ORDER] * (tops + 1 + hand)
    n += 1
    risk = null_risk(cards)
    out[n].kind = NULL_ORDER
    out[n].margin = <double>((0 if hand else 1) - risk) + 0.5
    out[n].value = NULL_VALUE_C[hand][0]
    n += 1
    if risk == 0 and null_has_sevens(cards):
        out[n].kind = NULL_OUVERT
        out[n].margin = 0.6
        out[n].value = NULL_VALUE_C[hand][1]
        n += 1
    return n


cdef inline bint greater(int v1, double m1, int v2, double m2) noexcept nogil:
    return v1 > v2 or (v1 == v2 and m1 > m2)


cdef inline bint greater_margin(double m1, int v1, double m2, int v2) noexcept nogil:
    return m1 > m2 or (m1 == m2 and v1 > v2)


cdef Option best_option(uint64_t cards, int bid, uint64_t all_cards, bint hand) noexcept nogil:
    """`strength.best_option` (`all_cards` is the hand and skat, or `cards` itself)."""
    cdef Option choices[7]
    cdef int n = options(cards, all_cards, hand, choices), i, best = -1
    for i in range(n):  # the most valuable playable game reaching the bid
        if choices[i].value >= bid and choices[i].margin >= 0 and (
                best < 0 or greater(choices[i].value, choices[i].margin,
                                    choices[best].value, choices[best].margin)):
            best = i
    if best >= 0:
        return choices[best]
    for i in range(n):  # else the safest reaching it
        if choices[i].value >= bid and (
                best < 0 or greater_margin(choices[i].margin, choices[i].value,
                                           choices[best].margin, choices[best].value)):
            best = i
    if best >= 0:
        return choices[best]
    best = 0
    for i in range(1, n):
        if greater(choices[i].value, choices[i].margin, choices[best].value,
                   choices[best].margin):
            best = i
    return choices[best]


cdef int bid_limit(uint64_t cards) noexcept nogil:
    """`strength.bid_limit`: the highest value to bid with `cards` (0: pass)."""
    cdef Option choices[7]
    cdef int limit = 0, n, i, hand
    for hand in range(2):
        n = options(cards, cards, hand, choices)
        for i in range(n):
            if choices[i].margin >= 0 and choices[i].value > limit:
                limit = choices[i].value
    return limit


# --- the card play (`SkatHeuristic._play` and its `_Reading`) -------------------------------------
cdef inline bint beats(int order, int lead, int card, int best) noexcept nogil:
    return ((FOLLOW_C[order][lead] | TRUMPS_C[order]) >> card & 1) != 0 \
        and POWER_C[order][card] > POWER_C[order][best]


cdef int first_min(uint64_t cards, int *key) noexcept nogil:
    """The lowest card of `cards` with the least `key` (Python's `min` over ascending cards)."""
    cdef int best = low_card(cards), card
    cards &= cards - 1
    while cards:
        card = low_card(cards)
        if key[card] < key[best]:
            best = card
        cards &= cards - 1
    return best


cdef int first_max(uint64_t cards, int *key) noexcept nogil:
    cdef int best = low_card(cards), card
    cards &= cards - 1
    while cards:
        card = low_card(cards)
        if key[card] > key[best]:
            best = card
        cards &= cards - 1
    return best


cdef class HeuristicDeal:
    """One deal played by the heuristic at every seat, on the kernel's `TrickPlay`.

    Holds what the seats' observations hold in C: the hands, the cards played, each seat's
    known voids, the trick, the skat the declarer knows. `load` reads a `SkatState`; `decide`
    gives the heuristic's move for the player to move; `play_deal` plays to the deal's end.
    """

    cdef object tp
    cdef public int current, leader, order, declarer, players, ntrick
    cdef int null, ramsch, ouvert, hand_game, picked_up
    cdef int seats[3]
    cdef int next_seat[4]
    cdef int trick[3]
    cdef uint64_t hands[4]
    cdef uint64_t voids[4]
    cdef uint64_t played, known_skat
    cdef int key_a[64]
    cdef int key_b[64]
    cdef long long counts[NRULES]

    def __init__(self):
        self.tp = _deals_and_step.TrickPlay()
        self.reset_counts()

    def reset_counts(self):
        cdef int i
        for i in range(NRULES):
            self.counts[i] = 0

    def rule_counts(self):
        """How often each rule of the heuristic fired since `reset_counts`, by name."""
        return {RULE_NAMES[i]: self.counts[i] for i in range(NRULES)}

    # --- loading --------------------------------------------------------------------------
    cdef load(self, state):
        """Load the deal in progress in `state` into the kernel's `TrickPlay` and this reading."""
        cdef int i, n, p
        tp = self.tp
        tp.load(state)
        hands = state.hands
        n = self.players = len(hands)
        next_seat = state.next_seat
        for i in range(n):
            self.hands[i] = hands[i]
            self.voids[i] = 0
            self.next_seat[i] = next_seat[i]
        seats = state.seats
        for i in range(3):
            self.seats[i] = seats[i]
        self.declarer = state.declarer
        self.picked_up = 0
        self.known_skat = 0
        phase = state.phase
        if phase == DECLARE_PHASE:
            self.known_skat = state.skat  # the two cards buried
        elif phase == PLAY_PHASE:
            self.enter_play(state.contract, state.order)
            if not self.hand_game and self.declarer >= 0:
                self.known_skat = state.skat
            self.leader = state.leader
            self.played = 0
            for leader, cards, winner in state.tricks:
                self.see_trick(leader, cards, len(cards))
            trick = state.trick
            self.ntrick = len(trick)
            for i in range(self.ntrick):
                self.trick[i] = trick[i]
            self.see_trick(self.leader, trick, self.ntrick)
        self.current = state.current

    cdef see_trick(self, int leader, cards, int n):
        """Count `cards` (a trick of n cards led by `leader`) as played, and the voids shown."""
        cdef int i, p = leader, card, lead
        cdef uint64_t follow
        if not n:
            return
        lead = cards[0]
        follow = FOLLOW_C[self.order][lead]
        for i in range(n):
            card = cards[i]
            self.played |= (<uint64_t>1) << card
            if i and not follow >> card & 1:
                self.voids[p] |= follow
            p = self.next_seat[p]

    cdef enter_play(self, contract, int order):
        """The card play begins (or is loaded) under `contract` in trump `order`."""
        self.order = order
        self.null = contract.is_null
        self.ramsch = contract.kind == "ramsch" or self.declarer < 0
        self.ouvert = contract.ouvert
        self.hand_game = contract.hand
        self.played = 0
        self.ntrick = 0

    # --- decisions ------------------------------------------------------------------------
    def decide(self, state):
        """The heuristic's action id for the player to move in `state` (a quiet `SkatState`
        in a deal, not over): what `SkatHeuristic.act` picks from that seat's observation."""
        self.load(state)
        tp = self.tp
        if tp.phase == PLAY_PHASE:
            legal = self.legal_cards()
            return PLAY_ID[self.choose_card(legal)]
        return tp.legal_ids()[self.choose_index()]

    cdef int choose_index(self) except -1:
        """The heuristic's choice before the card play, as an index into the legal actions."""
        tp = self.tp
        cdef int phase = tp.phase, p = tp.current, bid = tp.bid, limit, i
        cdef int bid_index
        cdef Option option
        if phase == BIDDING:
            limit = bid_limit(self.hands[p])
            if tp.stage == 2:  # forehand alone: bid 18 or pass
                if BID_VALUE[0] <= limit:
                    self.counts[R_BID] += 1
                    return 0
                self.counts[R_BID_PASS] += 1
                return 1
            if p != tp.asker:  # hold or pass
                if bid <= limit:
                    self.counts[R_HOLD] += 1
                    return 0
                self.counts[R_HOLD_PASS] += 1
                return 1
            bid_index = BID_INDEX[bid]
            if bid_index + 1 >= NBIDS:
                self.counts[R_FORCED] += 1
                return 0  # pass, the only choice
            if BID_VALUE[bid_index + 1] <= limit:
                self.counts[R_BID] += 1
                return 0
            self.counts[R_BID_PASS] += 1
            return NBIDS - 1 - bid_index  # pass, after every higher bid
        if phase == SKAT_PHASE:
            option = best_option(self.hands[p], bid, self.hands[p], True)
            if option.margin >= 0 and option.value >= bid:
                self.counts[R_HAND_GAME] += 1
                if option.kind >= NULL_ORDER:
                    self.counts[R_HAND_NULL] += 1
                elif option.kind == GRAND_ORDER:
                    self.counts[R_HAND_GRAND] += 1
                return SKAT_INDEX[option.kind]
            self.counts[R_PICKUP] += 1
            return 0
        if phase == BURY_PHASE:
            self.counts[R_BURY] += 1
            return self.bury_index(self.hands[p], bid)
        option = best_option(self.hands[p], bid, self.hands[p] | self.known_skat, False)
        if option.kind == NULL_OUVERT:
            self.counts[R_DECLARE_OUVERT] += 1
        elif option.kind == NULL_ORDER:
            self.counts[R_DECLARE_NULL] += 1
        elif option.kind == GRAND_ORDER:
            self.counts[R_DECLARE_GRAND] += 1
        else:
            self.counts[R_DECLARE_SUIT] += 1
        return AFTER_INDEX[option.kind]

    cdef int bury_index(self, uint64_t twelve, int bid):
        """`SkatHeuristic._bury`: the index of the best pair in `combinations` order."""
        cdef uint64_t a_rest = twelve, b_rest, pair
        cdef int a, b, index = 0, best = -1, second, best_second = 0
        cdef double kept, best_kept = 0.0
        cdef Option option
        while a_rest:
            a = low_card(a_rest)
            a_rest &= a_rest - 1
            b_rest = a_rest
            while b_rest:
                b = low_card(b_rest)
                b_rest &= b_rest - 1
                pair = (<uint64_t>1) << a | (<uint64_t>1) << b
                option = best_option(twelve & ~pair, bid, twelve, False)
                kept = option.margin + (0.0 if option.kind >= NULL_ORDER
                                        else 0.04 * card_points(pair))
                if option.value < bid:
                    kept = kept - 10
                second = -(b + 1)
                if best < 0 or kept > best_kept or (kept == best_kept and second > best_second):
                    best, best_kept, best_second = index, kept, second
                index += 1
        return best

    cdef uint64_t legal_cards(self):
        return playable_cards(self.hands[self.current], self.order,
                              self.trick[0] if self.ntrick else -1)

    cdef int choose_card(self, uint64_t legal) except -1:
        """`SkatHeuristic._play` for the player to move (legal cards `legal`)."""
        if popcount(legal) == 1:
            self.counts[R_FORCED] += 1
            return low_card(legal)
        cdef int seat = self.current
        cdef uint64_t hand = self.hands[seat], open_hand = 0, skat = 0, outstanding
        if self.ouvert and self.declarer != seat:
            open_hand = self.hands[self.declarer % self.players]
        if seat == self.declarer:
            skat = self.known_skat
        outstanding = DECK & ~self.played & ~hand & ~skat & ~open_hand
        if self.ramsch:
            return self.ramsch_card(legal)
        if self.null:
            if seat == self.declarer:
                return self.null_declarer(legal, outstanding)
            return self.null_defender(legal, open_hand)
        if seat == self.declarer:
            return self.declarer_card(legal, hand, outstanding, outstanding | open_hand)
        return self.defender_card(legal, hand, outstanding | open_hand)

    cdef bint is_top(self, int card, uint64_t unseen):
        """`_Reading.is_top`: `card` beats every unseen card of its class."""
        cdef uint64_t rivals = unseen & FOLLOW_C[self.order][card]
        cdef int *power = POWER_C[self.order]
        cdef int top = power[card]
        while rivals:
            if power[low_card(rivals)] >= top:
                return False
            rivals &= rivals - 1
        return True

    cdef uint64_t winners(self, uint64_t legal):
        """`SkatHeuristic._winners`: the legal cards that would win the trick as it stands."""
        cdef int order = self.order, lead = self.trick[0], card
        cdef int best = self.trick[trick_winner(order, self.trick, self.ntrick)]
        cdef uint64_t out = 0
        while legal:
            card = low_card(legal)
            if beats(order, lead, card, best):
                out |= (<uint64_t>1) << card
            legal &= legal - 1
        return out

    cdef int trick_points(self):
        cdef int i, points = 0
        for i in range(self.ntrick):
            points += POINTS_C[self.trick[i]]
        return points

    cdef int seat_after(self, int k):
        cdef int seat = self.leader
        for _ in range(k):
            seat = self.next_seat[seat]
        return seat

    cdef int cheapest(self, uint64_t cards):
        """`_cheapest`: least by (card points, strength)."""
        cdef int *power = POWER_C[self.order]
        cdef uint64_t rest = cards
        cdef int card
        while rest:
            card = low_card(rest)
            self.key_a[card] = POINTS_C[card] * 256 + power[card]
            rest &= rest - 1
        return first_min(cards, self.key_a)

    cdef int richest(self, uint64_t cards):
        """`_richest`: most by (card points, weakness), off trumps where it can."""
        cdef int *power = POWER_C[self.order]
        cdef uint64_t plain = cards & ~TRUMPS_C[self.order], rest
        cdef int card
        if not plain:
            plain = cards
        rest = plain
        while rest:
            card = low_card(rest)
            self.key_a[card] = POINTS_C[card] * 256 - power[card]
            rest &= rest - 1
        return first_max(plain, self.key_a)

    cdef int cheapest_winner(self, uint64_t winners):
        """`_cheapest_winner`: least card points plus strength / 20 (a float, as in Python)."""
        cdef int *power = POWER_C[self.order]
        cdef int best = low_card(winners), card
        cdef double key, best_key = POINTS_C[best] + power[best] / 20.0
        winners &= winners - 1
        while winners:
            card = low_card(winners)
            key = POINTS_C[card] + power[card] / 20.0
            if key < best_key:
                best, best_key = card, key
            winners &= winners - 1
        return best

    cdef int weakest(self, uint64_t cards):
        return first_min(cards, POWER_C[self.order])

    cdef int strongest(self, uint64_t cards):
        return first_max(cards, POWER_C[self.order])

    cdef uint64_t sure(self, uint64_t cards, uint64_t unseen):
        cdef uint64_t out = 0
        cdef int card
        while cards:
            card = low_card(cards)
            if self.is_top(card, unseen):
                out |= (<uint64_t>1) << card
            cards &= cards - 1
        return out

    cdef bint ruffable(self, int card, int seat):
        """`_ruffable`: another seat is known void in `card`'s class."""
        cdef uint64_t cls = FOLLOW_C[self.order][card]
        cdef int i
        for i in range(3):
            if self.seats[i] != seat and self.voids[self.seats[i]] & cls:
                return True
        return False

    cdef int declarer_card(self, uint64_t legal, uint64_t hand, uint64_t outstanding,
                           uint64_t unseen):
        cdef int order = self.order, card, top, best, points
        cdef uint64_t trumps = TRUMPS_C[order], mine, theirs, side, rest, win, sure, follows
        cdef int *power = POWER_C[order]
        if not self.ntrick:
            mine = legal & trumps
            theirs = outstanding & trumps
            if mine and theirs:
                top = self.strongest(mine)
                if self.is_top(top, unseen):
                    self.counts[R_DECL_TOP_TRUMP] += 1
                    return top
                if popcount(mine) > popcount(theirs):
                    self.counts[R_DECL_LOW_TRUMP] += 1
                    return self.weakest(mine)
            side = legal & ~trumps
            best = -1
            rest = side
            while rest:  # the first of the side cards by falling points that is sure and safe
                card = low_card(rest)
                rest &= rest - 1
                if (best < 0 or POINTS_C[card] > POINTS_C[best]) and self.is_top(card, unseen) \
                        and not self.ruffable(card, self.current):
                    best = card
            if best >= 0:
                self.counts[R_DECL_SURE_SIDE] += 1
                return best
            if side:
                self.counts[R_DECL_SHORT_LOW] += 1
                rest = side
                while rest:
                    card = low_card(rest)
                    rest &= rest - 1
                    self.key_a[card] = ((POINTS_C[card] >= 10) * 65536 + popcount(
                        hand & SUIT32_C[card >> 4] & ~trumps) * 256 + power[card])
                return first_min(side, self.key_a)
            self.counts[R_DECL_LOW_LEAD] += 1
            return self.weakest(legal)
        win = self.winners(legal)
        points = self.trick_points()
        if win:
            if self.ntrick == 2:
                self.counts[R_DECL_LAST_WINNER] += 1
                return self.cheapest_winner(win)
            sure = self.sure(win, unseen)
            if sure and (points or popcount(sure) > 1):
                self.counts[R_DECL_SURE_WINNER] += 1
                return self.weakest(sure)
            follows = legal & ~trumps & FOLLOW_C[order][self.trick[0]]
            if points >= 10 and win & trumps and not follows:
                self.counts[R_DECL_RUFF] += 1
                return self.cheapest_winner(win & trumps)
        self.counts[R_DECL_CHEAPEST] += 1
        return self.cheapest(legal)

    cdef int defender_card(self, uint64_t legal, uint64_t hand, uint64_t unseen):
        cdef int order = self.order, declarer = self.declarer, card, w, points, best
        cdef uint64_t trumps = TRUMPS_C[order], side, rest, safe = 0, win, sure
        cdef uint64_t declarer_voids = self.voids[declarer]
        cdef int *power = POWER_C[order]
        if not self.ntrick:
            side = legal & ~trumps
            rest = side & ACES
            while rest:
                card = low_card(rest)
                rest &= rest - 1
                if not declarer_voids & FOLLOW_C[order][card]:
                    self.counts[R_DEF_ACE] += 1
                    return card
            rest = side
            while rest:
                card = low_card(rest)
                rest &= rest - 1
                if not declarer_voids & FOLLOW_C[order][card] and POINTS_C[card] < 10:
                    safe |= (<uint64_t>1) << card
                    self.key_a[card] = popcount(hand & FOLLOW_C[order][card]) * 256 + power[card]
            if safe:
                self.counts[R_DEF_SAFE_LEAD] += 1
                return first_min(safe, self.key_a)
            self.counts[R_DEF_CHEAPEST_LEAD] += 1
            return self.cheapest(legal)
        w = trick_winner(order, self.trick, self.ntrick)
        points = self.trick_points()
        win = self.winners(legal)
        if self.seat_after(w) != declarer:  # the partner wins the trick so far
            best = self.trick[w]
            if self.ntrick == 2 or (self.is_top(best, unseen) and not (
                    not trumps >> self.trick[0] & 1
                    and declarer_voids & FOLLOW_C[order][self.trick[0]])):
                self.counts[R_DEF_SMEAR] += 1
                return self.richest(legal)
            self.counts[R_DEF_PARTNER_CHEAP] += 1
            return self.cheapest(legal)
        if win and (self.ntrick == 2 or points >= 10):
            if self.ntrick == 2:
                self.counts[R_DEF_LAST_WINNER] += 1
                return self.cheapest_winner(win)
            sure = self.sure(win, unseen)
            if sure:
                self.counts[R_DEF_SURE_WINNER] += 1
                return self.weakest(sure)
        self.counts[R_DEF_CHEAPEST] += 1
        return self.cheapest(legal)

    cdef int null_declarer(self, uint64_t legal, uint64_t outstanding):
        cdef int *power = POWER_C[NULL_ORDER]
        cdef int card, below, above, best
        cdef uint64_t rest = legal, cls, under = 0
        if not self.ntrick:
            while rest:
                card = low_card(rest)
                rest &= rest - 1
                cls = SUIT32_C[card >> 4]
                below = popcount(outstanding & cls & (((<uint64_t>1) << card) - 1))
                above = popcount(outstanding & cls & ~(((<uint64_t>1) << (card + 1)) - 1))
                self.key_a[card] = (0 if above else 1) * 256 + (below - above + 64)
            self.counts[R_NULL_DECL_LEAD] += 1
            return first_min(legal, self.key_a)
        best = self.trick[trick_winner(NULL_ORDER, self.trick, self.ntrick)]
        while rest:
            card = low_card(rest)
            rest &= rest - 1
            if not beats(NULL_ORDER, self.trick[0], card, best):
                under |= (<uint64_t>1) << card
        if under:
            self.counts[R_NULL_DECL_UNDER] += 1
            return first_max(under, power)
        self.counts[R_NULL_DECL_LOWEST] += 1
        return first_min(legal, power)

    cdef int null_defender(self, uint64_t legal, uint64_t known):
        cdef int *power = POWER_C[NULL_ORDER]
        cdef int rank, suit, card, bar, bi
        cdef uint64_t theirs, fresh = 0, rest, under = 0
        cdef uint64_t declarer_voids = self.voids[self.declarer]
        cdef bint below
        if not self.ntrick:
            if known:
                for rank in range(7, 15):  # the cards by rising rank, then suit
                    for suit in range(4):
                        card = suit << 4 | rank
                        if not legal >> card & 1:
                            continue
                        theirs = known & SUIT32_C[suit]
                        if not theirs:
                            continue
                        below = True
                        while theirs:
                            if power[low_card(theirs)] <= power[card]:
                                below = False
                                break
                            theirs &= theirs - 1
                        if below:
                            self.counts[R_NULL_DEF_OPEN_LEAD] += 1
                            return card
            rest = legal
            while rest:
                card = low_card(rest)
                rest &= rest - 1
                if not declarer_voids & SUIT32_C[card >> 4]:
                    fresh |= (<uint64_t>1) << card
            self.counts[R_NULL_DEF_FRESH_LEAD] += 1
            return first_min(fresh if fresh else legal, power)
        bi = trick_winner(NULL_ORDER, self.trick, self.ntrick)
        if self.seat_after(bi) == self.declarer:
            bar = self.trick[bi]
            rest = legal
            while rest:
                card = low_card(rest)
                rest &= rest - 1
                if not beats(NULL_ORDER, self.trick[0], card, bar):
                    under |= (<uint64_t>1) << card
            if under:
                if legal & FOLLOW_C[NULL_ORDER][self.trick[0]]:
                    self.counts[R_NULL_DEF_UNDER] += 1
                    return first_max(under, power)
                self.counts[R_NULL_DEF_DISCARD_HIGH] += 1
                return first_max(legal, power)
        if not legal & FOLLOW_C[NULL_ORDER][self.trick[0]]:
            self.counts[R_NULL_DEF_HIGH_OFF] += 1
            return first_max(legal, power)
        self.counts[R_NULL_DEF_LOWEST] += 1
        return first_min(legal, power)

    cdef int ramsch_card(self, uint64_t legal):
        cdef int order = self.order, card, best
        cdef int *power = POWER_C[order]
        cdef uint64_t rest = legal, under = 0
        if not self.ntrick:
            while rest:
                card = low_card(rest)
                rest &= rest - 1
                self.key_a[card] = ((power[card] >= 100) * 65536 + (POINTS_C[card] >= 10) * 256
                                    + power[card])
            self.counts[R_RAMSCH_LEAD] += 1
            return first_min(legal, self.key_a)
        best = self.trick[trick_winner(order, self.trick, self.ntrick)]
        while rest:
            card = low_card(rest)
            rest &= rest - 1
            self.key_a[card] = POINTS_C[card] * 256 + power[card]
            if not beats(order, self.trick[0], card, best):
                under |= (<uint64_t>1) << card
        if under:
            self.counts[R_RAMSCH_UNDER] += 1
            return first_max(under, self.key_a)
        if self.ntrick == 2:
            rest = legal
            while rest:
                card = low_card(rest)
                rest &= rest - 1
                self.key_b[card] = power[card] * 256 - POINTS_C[card]
            self.counts[R_RAMSCH_LAST_HIGH] += 1
            return first_max(legal, self.key_b)
        self.counts[R_RAMSCH_CHEAPEST] += 1
        return first_min(legal, self.key_a)

    # --- playing --------------------------------------------------------------------------
    cdef int play_card(self, int card) except -2:
        """Play `card` for the player to move, in the deal and in this reading."""
        cdef int p = self.current, winner
        cdef uint64_t bit = (<uint64_t>1) << card
        winner = self.tp.play(card)
        self.hands[p] ^= bit
        self.played |= bit
        if self.ntrick and not FOLLOW_C[self.order][self.trick[0]] >> card & 1:
            self.voids[p] |= FOLLOW_C[self.order][self.trick[0]]
        self.trick[self.ntrick] = card
        self.ntrick += 1
        if self.ntrick == 3:
            self.ntrick = 0
            self.leader = self.current = winner
        else:
            self.current = self.next_seat[p]
        return winner

    cdef int run(self) except -2:
        """Play the loaded deal to the end of its card play (1), or to a third pass (2)."""
        tp = self.tp
        cdef int status, i, p, p_phase, phase = tp.phase
        while phase != PLAY_PHASE:
            p = tp.current
            p_phase = phase
            i = self.choose_index()
            if phase == BURY_PHASE:
                self.known_skat = tp.hand(p)
            status = tp.apply_index(i)
            if status == ALL_PASSED:
                return status
            if phase == SKAT_PHASE and i == 0:  # picked up the skat
                self.hands[p] = tp.hand(p)
            elif phase == BURY_PHASE:
                self.hands[p] = tp.hand(p)
                self.known_skat &= ~self.hands[p]  # the two cards buried
            phase = tp.phase
            if phase == PLAY_PHASE:
                self.declarer = tp.declarer
                self.enter_play(SKAT_CONTRACTS[i] if p_phase == SKAT_PHASE
                                else AFTER_CONTRACTS[i], tp.order)
                if self.hand_game:
                    self.known_skat = 0
                self.leader = self.current = tp.current
            else:
                self.current = tp.current
        while not tp.done:
            self.play_card(self.choose_card(self.legal_cards()))
        return 1



cdef HeuristicDeal _deal = HeuristicDeal()
deal_kernel = _deals_and_step
"""The deal kernel this heuristic plays on (`_deals_and_step.pyx`)."""


def decide(state):
    """The heuristic's action id for the player to move in `state` (see `HeuristicDeal`)."""
    return _deal.decide(state)


def rule_counts():
    """How often each rule of the heuristic fired in this process (see `reset_counts`)."""
    return _deal.rule_counts()


def reset_counts():
    _deal.reset_counts()


def play_deals(state, stop, int mode):
    """`SkatState.play_compiled("heuristic", stop)`: the heuristic at every seat, deal after
    deal, until deal `stop` (None: the end); `mode` as for `_deals_and_step.play_deals`."""
    cdef bint to_the_end = stop is None or stop > 2**62  # no series has that many deals
    cdef long long last = 0 if to_the_end else max(stop, -1)
    cdef int status
    state.complete_undo_record()  # these moves keep no undo record: an undo goes past them
    while state.phase != OVER and (to_the_end or state.deal < last):
        _deal.load(state)
        status = _deal.run()
        _deal.tp.store(state, mode)
        if status == ALL_PASSED:  # the third pass: the game's hook decides
            state.apply_unchecked_no_undo(PASS)
