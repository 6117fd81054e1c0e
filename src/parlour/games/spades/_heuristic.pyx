# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Spades heuristic (`parlour.games.spades.bots.SpadesHeuristic`) in C, for rollouts.

`bots.py` stays the reference: this is a second implementation of its Blind Nil choice
(`heuristic_blind_nil`), its bid (`heuristic_bid`: `count_tricks`, `nil_hand`, `choose_bid`)
and its card play (`heuristic_card`: the `Reading` and the rules of `LEAD_RULES` and
`FOLLOW_RULES`, in order), each making the move the Python agent makes from that seat's
observation, with the same float arithmetic for the counted tricks (built with
``-ffp-contract=off``) and the same tie-breaks (the first card in card order among equals).

`play_compiled` is `SpadesState.play_compiled("heuristic", stop)`: whole hands in C on the deal
kernel's `SpadesDeal` (`parlour.games.spades._deals`, which also writes the moves into the
history and settles each hand as its random playouts do). `HeuristicDeal` steps one hand
decision by decision for the cross-check (`parlour.games.spades.crosscheck`). The C-level
interface other compiled modules may `cimport` is in `_heuristic.pxd`. `CARD_AGENT` (a capsule of
`cards/_card_agent.pxd`'s `CardAgent`) and `knowledge(state)` let a search loop play its card
play (`agents/search/_ismcts.pyx`); `enable` switches the compiled heuristic off for
`heuristic_playouts.python_heuristic`.
"""

from cpython.pycapsule cimport PyCapsule_New
from libc.stdint cimport uint64_t
from libc.string cimport memset

from parlour.cards._trick_play cimport SEATS, TrickPlay
from parlour.cards._card_agent cimport CardAgent

from parlour.games.spades._deals import SpadesDeal
from parlour.games.spades.actions import BID, BLIND_NIL, LOOK, PLAY

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

cdef enum:
    BLIND = 0
    BIDDING = 1
    PLAYING = 2
    OVER = 3
    SPADES = 3
    HAND_SIZE = 13
    ACE = 14
    KING = 13
    QUEEN = 12
    JACK = 11
    NO_BID = -1
    BLIND_NIL_DEFICIT = 200   # `bots.BLIND_NIL_DEFICIT`
    NONE = -1                 # a rule that does not decide

cdef uint64_t SUIT = 0x7FFC
cdef uint64_t SPADES_MASK = SUIT << 48
cdef uint64_t SIDE_MASK = SUIT | SUIT << 16 | SUIT << 32
cdef uint64_t DECK = SIDE_MASK | SPADES_MASK
cdef uint64_t RANK = 0x0001000100010001   # one bit per suit, at rank 0
cdef double BID_SHADE = 0.5               # `bots.BID_SHADE`
cdef double NIL_LIMIT = 1.0               # `bots.NIL_LIMIT`

RULES = (
    "forced",
    "nil_leads_low", "lead_high_for_a_nil_partner", "lead_low_against_a_nil",
    "cash_sure_winners", "lead_for_a_ruff", "lead_to_lose", "lead_low",
    "nil_ducks", "cover_a_nil_partner", "let_a_nil_win", "leave_it_to_partner",
    "win_the_trick", "duck_to_avoid_bags", "play_cheap",
    "highest", "choose_bid", "blind_nil_when_far_behind",
)
"""The names of the rules by number, as `SpadesHeuristic.last_rule` gives them."""

cdef enum:
    FORCED = 0
    FIRST_LEAD_RULE = 1
    FIRST_FOLLOW_RULE = 8
    HIGHEST = 15
    CHOOSE_BID = 16
    BLIND_NIL_RULE = 17


# --- masks -----------------------------------------------------------------------------------
cdef inline uint64_t bit(int card) noexcept nogil:
    return (<uint64_t>1) << card


cdef inline uint64_t suit_of(int card) noexcept nogil:
    """The mask of `card`'s suit."""
    return SUIT << ((card >> 4) << 4)


cdef inline int lowest(uint64_t mask) noexcept nogil:
    return __builtin_ctzll(mask)


cdef inline int highest(uint64_t mask) noexcept nogil:
    return 63 - __builtin_clzll(mask)


cdef inline int count(uint64_t mask) noexcept nogil:
    return __builtin_popcountll(mask)


cdef inline int least_rank(uint64_t mask) noexcept nogil:
    """``min(cards_of(mask), key=rank)``: the lowest rank, in the lowest suit among equals
    (so a side card before a spade)."""
    cdef int rank
    for rank in range(2, ACE + 1):
        if mask & (RANK << rank):
            return lowest(mask & (RANK << rank))
    return -1


cdef inline int most_rank(uint64_t mask) noexcept nogil:
    """``max(cards_of(mask), key=rank)``: the highest rank, in the lowest suit among equals."""
    cdef int rank
    for rank in range(ACE, 1, -1):
        if mask & (RANK << rank):
            return lowest(mask & (RANK << rank))
    return -1


cdef inline int cheapest(uint64_t mask) noexcept nogil:
    """``min(cards_of(mask), key=cost)``: side cards before spades, low before high."""
    return least_rank(mask & SIDE_MASK) if mask & SIDE_MASK else lowest(mask)


cdef inline int dearest_cost(uint64_t mask) noexcept nogil:
    """``max(cards_of(mask), key=cost)``: the highest spade, else the highest side rank."""
    return highest(mask & SPADES_MASK) if mask & SPADES_MASK else most_rank(mask)


cdef inline int dearest(uint64_t mask) noexcept nogil:
    """`bots.dearest`: the highest side card (spades last)."""
    return most_rank(mask & SIDE_MASK if mask & SIDE_MASK else mask)


# --- bidding ---------------------------------------------------------------------------------
cdef inline uint64_t rank_bit(int suit, int rank) noexcept nogil:
    return (<uint64_t>1) << (suit << 4 | rank)


cdef double count_tricks(uint64_t hand) noexcept nogil:
    """`bots.count_tricks`, operation for operation (the same doubles)."""
    cdef uint64_t spades = hand & SPADES_MASK, cards
    cdef int length = count(spades), high = 0, spare, suit, n, honours, ruffs, extra
    cdef double tricks = 0.0
    if spades & rank_bit(SPADES, ACE):
        tricks += 1.0 if length >= 1 else 0.4
        high += 1
    if spades & rank_bit(SPADES, KING):
        tricks += 1.0 if length >= 2 else 0.4
        high += 1
    if spades & rank_bit(SPADES, QUEEN):
        tricks += 1.0 if length >= 3 else 0.4
        high += 1
    if spades & rank_bit(SPADES, JACK) and length >= 4:
        tricks += 1.0 if high == 3 else 0.6
        high += 1
    extra = length - 3 - (1 if high >= 3 else 0)
    tricks += (extra if extra > 0 else 0) * 0.9
    spare = length - high - 1
    if spare < 0:
        spare = 0
    for suit in range(3):
        cards = hand & (SUIT << (suit << 4))
        n = count(cards)
        if cards & rank_bit(suit, ACE):
            tricks += 1.0 if n <= 4 else 0.7 if n <= 6 else 0.4
        if cards & rank_bit(suit, KING) and n >= 2:
            if n <= 5:
                tricks += 0.9 if cards & rank_bit(suit, ACE) else 0.6
            else:
                tricks += 0.2
        if cards & rank_bit(suit, QUEEN) and 3 <= n <= 4:
            honours = count(cards & (rank_bit(suit, ACE) | rank_bit(suit, KING)))
            if honours == 1:
                tricks += 0.3
            elif honours == 2:
                tricks += 0.9
        if spare and n <= 1:
            ruffs = spare if spare < 2 - n else 2 - n
            tricks += 0.8 * ruffs
            spare -= ruffs
        elif spare and n == 2:
            tricks += 0.3
            spare -= 1
    return tricks


cdef bint nil_hand(uint64_t hand) noexcept nogil:
    """`bots.nil_hand`."""
    cdef uint64_t spades = hand & SPADES_MASK, cards
    cdef int suit
    if count(spades) > 3 or spades & (rank_bit(SPADES, KING) | rank_bit(SPADES, ACE)
                                      | rank_bit(SPADES, QUEEN)):
        return False
    for suit in range(3):
        cards = hand & (SUIT << (suit << 4))
        if (cards & (rank_bit(suit, KING) | rank_bit(suit, ACE))
                and count(cards & (rank_bit(suit, 8) - 1)) < 2):
            return False
    return count_tricks(hand) <= NIL_LIMIT


cdef long round_half_even(double x) noexcept nogil:
    """Python's ``round(x)`` of a float."""
    cdef double down = <double><long>x
    if down > x:
        down -= 1.0  # the floor
    cdef double rest = x - down
    if rest > 0.5 or (rest == 0.5 and (<long>down) & 1):
        return <long>down + 1
    return <long>down


cdef int heuristic_bid(uint64_t hand, int seat, const int *bids, bint nil) noexcept:
    """`bots.choose_bid` for `seat` holding `hand`, with `bids` so far (`NO_BID` for a seat
    yet to bid, 0 for Nil) and Nil allowed or not: the number of tricks bid."""
    cdef int partner_bid = bids[(seat + 2) & 3], others = 0, i
    cdef long bid
    cdef double estimate
    if nil and partner_bid != 0 and nil_hand(hand):
        return 0
    estimate = count_tricks(hand)
    if partner_bid == 0:
        estimate += 0.5
    bid = round_half_even(estimate - BID_SHADE)
    bid = 1 if bid < 1 else 13 if bid > 13 else bid
    for i in range(SEATS):
        if bids[i] > 0:
            others += bids[i]
    if others < 13:
        if bid > 13 - others:
            bid = 13 - others
        if bid < 1:
            bid = 1
    else:
        bid = 1
    return <int>bid  # 1-13: always among the legal bids


cdef bint heuristic_blind_nil(int seat, int ns, int ew, const int *blind) noexcept:
    """The Blind Nil choice of `SpadesHeuristic.act` (`blind_nil_when_far_behind`) for `seat`
    with the partnerships' totals `ns` and `ew` and `blind` the Blind Nil bids so far."""
    cdef int deficit = ew - ns if seat & 1 == 0 else ns - ew
    return deficit >= BLIND_NIL_DEFICIT and not blind[(seat + 2) & 3]


# --- what the seats have seen ----------------------------------------------------------------
cdef int knowledge_from_state(SpadesKnowledge *k, state) except -1:
    """Fill `k` from `state` (a `SpadesState`, any phase): the bids, the tricks won, and the
    cards played and voids shown in its tricks and trick; `tp` is to be loaded from it too."""
    cdef int i, suit, player, card, n
    bids, won = state.bids, state.won
    for i in range(SEATS):
        k.bids[i] = bids[i]
        k.won_before[i] = won[i]
        k.voids[i] = 0
    k.played = 0
    trick = state.trick
    for leader, cards in state.tricks + ((state.leader, trick),):
        n = len(cards)
        if not n:
            continue
        suit = cards[0] >> 4
        player = leader
        for i in range(n):
            card = cards[i]
            if card >> 4 != suit:
                k.voids[player] |= SUIT << (suit << 4)
            k.played |= bit(card)
            player = (player + 1) & 3
    k.synced = 0
    k.position = len(trick)
    k.lead = trick[0] >> 4 if trick else -1
    return 0


cdef void note_plays(SpadesKnowledge *k, TrickPlay tp) noexcept:
    """Note in `k` the cards `tp` has played since `k.synced` (called by `heuristic_card`)."""
    cdef int i, card
    for i in range(k.synced, tp.nplayed):
        card = tp.played[i]
        if k.position == 0:
            k.lead = card >> 4
        elif card >> 4 != k.lead:
            k.voids[tp.seat_of[i]] |= SUIT << (k.lead << 4)
        k.played |= bit(card)
        k.position = (k.position + 1) & 3
    k.synced = tp.nplayed


# --- the card play ---------------------------------------------------------------------------
cdef struct Reading:
    # `bots.Reading`: one card-play decision as read
    int seat, partner, ntrick, lead, winner, winning, tricks_left, need, opp_need
    uint64_t hand, legal, unseen
    uint64_t voids[SEATS]
    int nil_alive[SEATS]


cdef inline uint64_t bosses(Reading *t, uint64_t mask) noexcept nogil:
    """The cards of `mask` no unseen card of their suit outranks (`Reading.is_boss`)."""
    cdef uint64_t result = 0, part, unseen
    cdef int suit
    for suit in range(4):
        part = mask & (SUIT << (suit << 4))
        if part:
            unseen = t.unseen & (SUIT << (suit << 4))
            result |= part & ~((bit(highest(unseen)) << 1) - 1) if unseen else part
    return result


cdef inline bint is_boss(Reading *t, int card) noexcept nogil:
    return not (t.unseen & suit_of(card) & ~((bit(card) << 1) - 1))


cdef inline bint sure_winner(Reading *t, int card, int seats) noexcept nogil:
    """`Reading.sure_winner` against the seats of the bit set `seats`."""
    cdef int p
    cdef uint64_t suit
    if not is_boss(t, card):
        return False
    if card >> 4 == SPADES:
        return True
    if not t.unseen & SPADES_MASK:
        return True
    suit = suit_of(card)
    for p in range(SEATS):
        if seats >> p & 1 and t.voids[p] & suit:
            return False
    return True


cdef inline uint64_t sure_winners(Reading *t, uint64_t mask, int seats) noexcept nogil:
    cdef uint64_t result = 0
    cdef int card
    while mask:
        card = lowest(mask)
        mask &= mask - 1
        if sure_winner(t, card, seats):
            result |= bit(card)
    return result


cdef inline uint64_t beaters(Reading *t, uint64_t mask) noexcept nogil:
    """The cards of `mask` that would take the trick from the card winning it (`beats`)."""
    cdef int best = t.winning
    cdef uint64_t result = mask & suit_of(best) & ~((bit(best) << 1) - 1)
    if best >> 4 != SPADES:
        result |= mask & SPADES_MASK
    return result


cdef inline int later(Reading *t) noexcept nogil:
    """The seats still to play to this trick after this one, as a bit set."""
    cdef int result = 0, i
    for i in range(1, 4 - t.ntrick):
        result |= 1 << ((t.seat + i) & 3)
    return result


cdef inline int opponent_nil(Reading *t) noexcept nogil:
    """`Reading.opponent_nil`: the first opponent (left, then right) whose Nil is alive, or -1."""
    if t.nil_alive[(t.seat + 1) & 3]:
        return (t.seat + 1) & 3
    if t.nil_alive[(t.seat + 3) & 3]:
        return (t.seat + 3) & 3
    return -1


cdef inline bint setting(Reading *t) noexcept nogil:
    return t.need <= 0 and t.opp_need > 0 and t.opp_need * 2 > t.tricks_left


# leading: `bots.LEAD_RULES`
cdef int nil_leads_low(Reading *t) noexcept nogil:
    if not t.nil_alive[t.seat]:
        return NONE
    cdef uint64_t side = t.legal & SIDE_MASK
    side &= ~bosses(t, side)
    return least_rank(side if side else t.legal)


cdef int lead_high_for_a_nil_partner(Reading *t) noexcept nogil:
    if not t.nil_alive[t.partner]:
        return NONE
    cdef uint64_t pool = bosses(t, t.legal)
    if not pool:
        pool = t.legal & SIDE_MASK
        if not pool:
            pool = t.legal
    return most_rank(pool)


cdef int lead_low_against_a_nil(Reading *t) noexcept nogil:
    cdef int target = opponent_nil(t), suit
    cdef uint64_t pool = 0, mask
    if target < 0:
        return NONE
    for suit in range(4):
        mask = SUIT << (suit << 4)
        if t.unseen & mask and not t.voids[target] & mask:
            pool |= t.legal & mask
    # min by (rank, is a spade): the lowest suit among equal ranks, so a side card first
    return least_rank(pool) if pool else NONE


cdef int cash_sure_winners(Reading *t) noexcept nogil:
    if t.need <= 0 and not setting(t):
        return NONE
    cdef uint64_t winners = sure_winners(t, t.legal, 1 << ((t.seat + 1) & 3)
                                         | 1 << ((t.seat + 3) & 3))
    if not winners:
        return NONE
    return most_rank(winners & SIDE_MASK) if winners & SIDE_MASK else highest(winners)


cdef int lead_for_a_ruff(Reading *t) noexcept nogil:
    if t.need <= 0 or count(t.hand & SPADES_MASK) < 2:
        return NONE
    cdef uint64_t side = t.legal & SIDE_MASK
    cdef int best = NONE, best_key = 1 << 20, key, card
    while side:  # min by (length of the suit in hand, rank): the first among equals
        card = lowest(side)
        side &= side - 1
        key = count(t.hand & suit_of(card)) << 4 | (card & 15)
        if key < best_key:
            best, best_key = card, key
    return best


cdef int lead_to_lose(Reading *t) noexcept nogil:
    if t.need > 0:
        return NONE
    cdef uint64_t losers = t.legal & ~bosses(t, t.legal)
    if losers & SIDE_MASK:
        return least_rank(losers & SIDE_MASK)
    return least_rank(losers if losers else t.legal)


# following: `bots.FOLLOW_RULES`
cdef int nil_ducks(Reading *t) noexcept nogil:
    if not t.nil_alive[t.seat]:
        return NONE
    cdef uint64_t losers = t.legal & ~beaters(t, t.legal)
    cdef int first
    if losers:
        first = lowest(losers)
        if ((first >> 4 == t.winning >> 4 or t.lead == first >> 4)
                and t.hand & (SUIT << (t.lead << 4))):
            return highest(losers)
        return dearest(losers)
    return highest(t.legal) if t.ntrick == 3 else lowest(t.legal)


cdef int cover_a_nil_partner(Reading *t) noexcept nogil:
    if not t.nil_alive[t.partner]:
        return NONE
    cdef uint64_t beat = beaters(t, t.legal), led
    if not beat:
        return NONE
    if t.winner == t.partner:
        return cheapest(beat)
    if later(t) >> t.partner & 1:
        led = beat & (SUIT << (t.lead << 4))  # max by (follows suit, rank)
        return highest(led) if led else most_rank(beat)
    return NONE


cdef int let_a_nil_win(Reading *t) noexcept nogil:
    cdef int target = opponent_nil(t)
    if target < 0 or t.winner != target:
        return NONE
    cdef uint64_t under = t.legal & ~beaters(t, t.legal)
    return most_rank(under) if under else NONE


cdef int leave_it_to_partner(Reading *t) noexcept nogil:
    if t.winner != t.partner or not sure_winner(t, t.winning, later(t)):
        return NONE
    cdef uint64_t losers = t.legal & ~beaters(t, t.legal)
    return cheapest(losers if losers else t.legal)


cdef int win_the_trick(Reading *t) noexcept nogil:
    if t.need <= 0 and not setting(t):
        return NONE
    cdef uint64_t beat = beaters(t, t.legal), sure
    cdef int seats
    if not beat:
        return NONE
    if t.winner == t.partner and t.ntrick == 3:
        return NONE
    seats = later(t)
    if not seats:
        return cheapest(beat)
    sure = sure_winners(t, beat, seats)
    if sure:
        return cheapest(sure)
    if lowest(beat) >> 4 != t.lead:
        return cheapest(beat)  # ruff as cheaply as possible
    if t.ntrick == 1 and seats >> t.partner & 1:
        return NONE  # second hand low: partner plays last
    return dearest_cost(beat)


cdef int duck_to_avoid_bags(Reading *t) noexcept nogil:
    if t.need > 0:
        return NONE
    cdef uint64_t losers = t.legal & ~beaters(t, t.legal)
    if losers:
        return highest(losers) if t.hand & (SUIT << (t.lead << 4)) else dearest(losers)
    return highest(t.legal) if t.ntrick == 3 else cheapest(t.legal)


cdef int lead_rule(Reading *t, int rule) noexcept nogil:
    if rule == 1:
        return nil_leads_low(t)
    if rule == 2:
        return lead_high_for_a_nil_partner(t)
    if rule == 3:
        return lead_low_against_a_nil(t)
    if rule == 4:
        return cash_sure_winners(t)
    if rule == 5:
        return lead_for_a_ruff(t)
    if rule == 6:
        return lead_to_lose(t)
    return cheapest(t.legal)  # lead_low


cdef int follow_rule(Reading *t, int rule) noexcept nogil:
    if rule == 8:
        return nil_ducks(t)
    if rule == 9:
        return cover_a_nil_partner(t)
    if rule == 10:
        return let_a_nil_win(t)
    if rule == 11:
        return leave_it_to_partner(t)
    if rule == 12:
        return win_the_trick(t)
    if rule == 13:
        return duck_to_avoid_bags(t)
    return cheapest(t.legal)  # play_cheap


cdef int heuristic_card(TrickPlay tp, SpadesKnowledge *k, int *rule) except -2:
    """`bots.choose_card` for the seat to play in `tp`, from its own hand and `k`: the card,
    and in `rule` the number of the rule that chose it (`RULES`)."""
    cdef Reading t
    cdef int seat = tp.current, p, i, card, best, score, r
    cdef int won[SEATS]
    note_plays(k, tp)
    t.seat = seat
    t.partner = (seat + 2) & 3
    t.hand = tp.hands[seat]
    t.legal = tp.legal_mask()
    if not t.legal & (t.legal - 1):
        rule[0] = FORCED
        return highest(t.legal)
    t.unseen = DECK & ~k.played & ~t.hand
    for p in range(SEATS):
        t.voids[p] = k.voids[p]
        won[p] = k.won_before[p] + tp.won[p]
        t.nil_alive[p] = k.bids[p] == 0 and won[p] == 0
    t.need = k.bids[seat] + k.bids[t.partner] - won[seat] - won[t.partner]
    t.opp_need = (k.bids[(seat + 1) & 3] + k.bids[(seat + 3) & 3] - won[(seat + 1) & 3]
                  - won[(seat + 3) & 3])
    t.tricks_left = HAND_SIZE - tp.ntricks
    t.ntrick = tp.ntrick
    t.winner = t.winning = -1
    t.lead = -1
    if t.ntrick:
        t.lead = tp.trick[0] >> 4
        best = -1
        for i in range(t.ntrick):  # `trick_winner`: the highest spade, else of the suit led
            card = tp.trick[i]
            score = 100 + card if card >> 4 == SPADES else card if card >> 4 == t.lead else -1
            if score > best:
                best = score
                t.winning = card
                t.winner = (tp.leader + i) & 3
        for r in range(FIRST_FOLLOW_RULE, HIGHEST):
            card = follow_rule(&t, r)
            if card >= 0 and t.legal >> card & 1:
                rule[0] = r
                return card
    else:
        for r in range(FIRST_LEAD_RULE, FIRST_FOLLOW_RULE):
            card = lead_rule(&t, r)
            if card >= 0 and t.legal >> card & 1:
                rule[0] = r
                return card
    rule[0] = HIGHEST
    return highest(t.legal)


# --- whole hands -----------------------------------------------------------------------------
cdef class HeuristicDeal:
    """One Spades hand played by the heuristic in C, on the deal kernel's `SpadesDeal`: `load`
    a quiet `SpadesState` (bidding or playing), then `step` decision by decision (or `play`
    to the end), and `settle` it into the state as the deal kernel does."""

    cdef object deal          # the `SpadesDeal`
    cdef TrickPlay tp         # the same object, for its card play in C
    cdef SpadesKnowledge k
    cdef int bids[SEATS]
    cdef int blind[SEATS]
    cdef int ns, ew
    cdef bint nil
    cdef public int phase       # the hand's phase (`rules.BLIND`, `BIDDING` or `PLAYING`)
    cdef public int last_rule   # the number of the rule behind the last decision (`RULES`)

    def __cinit__(self):
        self.deal = SpadesDeal()
        self.tp = <TrickPlay>self.deal

    def load(self, state):
        """Copy `state` (a `SpadesState` bidding or playing)."""
        self.load_deal(state)

    cdef int load_deal(self, state) except -1:
        cdef int i
        self.deal.load(state)
        knowledge_from_state(&self.k, state)
        bids, blind = state.bids, state.blind
        for i in range(SEATS):
            self.bids[i] = bids[i]
            self.blind[i] = 1 if blind[i] else 0
        self.ns, self.ew = state.totals
        self.nil = state.game.nil
        self.phase = state.phase
        return 0

    @property
    def current(self):
        return self.tp.current

    @property
    def done(self):
        return bool(self.tp.done)

    def legal_mask(self):
        """The legal cards (in the card play)."""
        return self.tp.legal_mask()

    def legal_count(self):
        """How many choices the seat to move has while bidding."""
        return self.deal.legal_count()

    cdef int decide(self) except -2:
        """The heuristic's choice for the seat to move: a card in the card play, else the
        index of its bid or Blind Nil choice in the rules' order of legal actions."""
        cdef int seat = self.tp.current, rule = 0, card
        if self.phase == PLAYING:
            card = heuristic_card(self.tp, &self.k, &rule)
            self.last_rule = rule
            return card
        if self.phase == BLIND:
            self.last_rule = BLIND_NIL_RULE
            return 0 if heuristic_blind_nil(seat, self.ns, self.ew, self.blind) else 1
        self.last_rule = CHOOSE_BID
        return heuristic_bid(self.tp.hands[seat], seat, self.bids, self.nil) - (0 if self.nil
                                                                               else 1)

    cdef int make(self, int choice) except -2:
        """Make `choice` (as `decide` gives it); the trick's winner when it ends one, else -1."""
        cdef int seat = self.tp.current, i
        if self.phase == PLAYING:
            return self.tp.play(choice)
        if self.phase == BLIND:
            if choice == 0:
                self.bids[seat] = 0
                self.blind[seat] = 1
        else:
            self.bids[seat] = choice + (0 if self.nil else 1)
        self.deal.choice_index(choice)
        self.phase = self.deal.phase
        if self.phase == PLAYING:
            for i in range(SEATS):
                self.k.bids[i] = self.bids[i]
        return -1

    def choose(self):
        """The heuristic's action for the seat to move (the game's `Action`) and its rule."""
        cdef int choice = self.decide()
        if self.phase == PLAYING:
            action = PLAY[choice]
        elif self.phase == BLIND:
            action = BLIND_NIL if choice == 0 else LOOK
        else:
            action = BID[choice + (0 if self.nil else 1)]
        return action, RULES[self.last_rule]

    def step(self):
        """Make the heuristic's move; the trick's winner when it ends one, else -1."""
        return self.make(self.decide())

    cdef int play_hand(self) except -1:
        while not self.tp.done:
            self.make(self.decide())
        return 0

    def play(self):
        """Play the hand to its end."""
        self.play_hand()

    def settle(self, state, int mode):
        """Write the hand into `state` (history included) and settle it (in C with the deal
        kernel's `SETTLE`), as `SpadesDeal.settle` does."""
        self.deal.settle(state, mode)


cdef HeuristicDeal _scratch = HeuristicDeal()
cdef dict FITS = {}
cdef dict MODES = {}
cdef object RULES_OF = None   # `SpadesState`, and the hooks this module stands in for
cdef tuple HOOKS = ()
cdef object HEURISTIC = None  # `Spades.agents["heuristic"]`


cdef bint fits(state) except -1:
    """True if `state`'s class and game keep what this module implements: the rules' hooks the
    deal kernel stands in for (as `TrickState.play_random` decides), `observe` (what the agent
    reads), and the game's heuristic agent."""
    global RULES_OF, HOOKS, HEURISTIC
    if RULES_OF is None:
        from parlour.cards import trickstate
        from parlour.games.spades.rules import Spades, SpadesState
        RULES_OF = SpadesState
        HOOKS = trickstate._KERNEL_HOOKS + SpadesState.kernel_hooks + ("observe",)
        HEURISTIC = Spades.agents["heuristic"]
    kind = type(state)
    known = FITS.get(kind)
    if known is None:
        known = FITS[kind] = (kind.kernel_class is RULES_OF and kind.deal_kernel is not None
                              and all(getattr(kind, name) is getattr(RULES_OF, name)
                                      for name in HOOKS))
    return known and state.game.agents.get("heuristic") == HEURISTIC


cdef bint ENABLED = True


def enable(bint on):
    """Let `play_compiled` and `compiled_agent` play the heuristic in C (True, the default), or
    make them decline (False: the Python agents play, for tests and benchmarks)."""
    global ENABLED
    ENABLED = on


def enabled():
    """True unless `enable(False)` switched the compiled heuristic off."""
    return ENABLED


def play_compiled(state, agent, stop):
    """`SpadesState.play_compiled`: the heuristic for every seat in C, whole hands until hand
    `stop` (None: the end of the game), where `agent` is ``"heuristic"`` and `state` is quiet
    and fits (see `fits`); else False, with nothing played."""
    if agent != "heuristic" or not ENABLED or not state.quiet or not fits(state):
        return False
    kinds = type(state), type(state.game)
    mode = MODES.get(kinds)
    if mode is None:
        mode = MODES[kinds] = kinds[0].kernel_mode(kinds[1])
    state.complete_undo_record()
    while state.phase != OVER and (stop is None or state.deal < stop):
        _scratch.load_deal(state)
        _scratch.play_hand()
        _scratch.deal.settle(state, mode)
    return True


# --- the generic agent interface (cards/_card_agent.pxd) -----------------------------------------
cdef int agent_choose(TrickPlay play, void *knowledge) noexcept:
    cdef int rule
    return heuristic_card(play, <SpadesKnowledge *>knowledge, &rule)


cdef void agent_see(TrickPlay play, void *knowledge, int card) noexcept:
    # the cards before `card`: `heuristic_card` notes the rest from `play`'s own record of
    # its plays (`played`, `seat_of`), which every card played on `play` writes
    note_plays(<SpadesKnowledge *>knowledge, play)


cdef CardAgent HEURISTIC_CARD_AGENT
HEURISTIC_CARD_AGENT.choose = agent_choose
HEURISTIC_CARD_AGENT.see = agent_see
HEURISTIC_CARD_AGENT.propose = NULL  # `SpadesHeuristic` has no `candidates`: search weighs all
HEURISTIC_CARD_AGENT.suit_order[:] = [0, 1, 2, 3]
HEURISTIC_CARD_AGENT.size = sizeof(SpadesKnowledge)

CARD_AGENT = PyCapsule_New(&HEURISTIC_CARD_AGENT, "parlour.CardAgent", NULL)
"""The card play of the heuristic as `cards/_card_agent.pxd`'s `CardAgent`, for search loops."""


def knowledge(state):
    """The `SpadesKnowledge` of `state`'s hand so far (in its card play), as bytes for
    `CARD_AGENT`, to go with a `TrickPlay` loaded from the same state."""
    cdef SpadesKnowledge k
    memset(&k, 0, sizeof(SpadesKnowledge))  # the padding too: the same position, the same bytes
    knowledge_from_state(&k, state)
    return (<char *>&k)[:sizeof(SpadesKnowledge)]


def compiled_agent(state, agent):
    """`SpadesState.compiled_agent`: ``(CARD_AGENT, knowledge(state))`` where `agent` is
    ``"heuristic"``, the compiled heuristic is enabled and `state` fits (as `play_compiled`
    decides, the state's quietness apart: search only reads it) and its class keeps
    `play_compiled`; else None."""
    if (agent != "heuristic" or not ENABLED or not fits(state)
            or type(state).play_compiled is not RULES_OF.play_compiled):
        return None
    return CARD_AGENT, knowledge(state)
