# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled ISMCTS loop for the card play of four-hand trick-taking games (Hearts, Spades).

`parlour.agents.search.ismcts` stays the reference: this module runs the very same search in C
for the cases `ismcts_gate` accepts (random rollouts, the playout stopping at the end of the
deal, the root in the card play) and gives back the root's statistics. The same seed must give
the same decisions on both loops, so everything here follows the Python loop operation for
operation:

- The generator: `Twister` is CPython's Mersenne Twister (`random.Random`) as the deals share
  it (`cards/_twister.pxd`), loaded from the agent's generator with `getstate()` and written
  back with `setstate()`, and the draws are CPython's: `random()`, `getrandbits`, `_randbelow`
  (so `randrange`) and `shuffle`.
  `reproduces_random()` checks this against the running Python at import.
- Sampling a world: `parlour.cards.sampling.deal_constrained` (a plain shuffle and cut, else
  the greedy deal, else the exhaustive one) and then the world's seed (``getrandbits(63)``).
- The tree: nodes are the searching seat's information sets, reached by the cards played (in
  the card play every card is seen); an edge holds visits, availability and total value, and
  selection is UCB on min-max normalised values with the availability, in card order, with
  the same floating-point operations; playouts are ``legal[int(random() * n)]`` per card, on
  `TrickPlay` (`parlour.cards._trick_play`).
- With a compiled rollout agent (`cards/_card_agent.pxd`'s `CardAgent`: Hearts' or Spades'
  heuristic, `rollout=auto`), the playouts play it, the other seats play it in the tree where
  they are modelled (``opponents=rollout``), it suggests the move to expand (`Playout.suggest`) and,
  where it proposes moves (``moves=auto``), the tree weighs its proposals in its order. Its
  knowledge of the position is copied with each world and told every card played (`see`).
- A playout's values come from the game (`TrickState.settled_returns`, a Python call),
  remembered by the per-seat counts the game says they depend on (`TrickState.settle_key`).
"""

from cpython.pycapsule cimport PyCapsule_GetPointer
from cpython.tuple cimport PyTuple_GET_ITEM
from libc.math cimport INFINITY, log, sqrt
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memcpy

from parlour.cards._trick_play cimport SEATS, TrickPlay
from parlour.cards._card_agent cimport CardAgent
from parlour.cards._twister cimport (
    Twister, mt_below, mt_load, mt_next, mt_random, mt_save, mt_shuffle_ints,
)

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

cdef enum:
    MAX_PATH = 64
    GREEDY_TRIES = 64
    KNOWLEDGE_MAX = 512


# --- the generator: CPython's Mersenne Twister and random.py's draws (cards/_twister.pxd) -----

cdef class Generator:
    """A `Twister` for tests: the draws of this module beside `random.Random`'s."""

    cdef Twister t

    def __init__(self, rng):
        mt_load(&self.t, rng)

    def random(self):
        return mt_random(&self.t)

    def randrange(self, int n):
        return mt_below(&self.t, n)

    def getrandbits(self, int k):
        """k in 1..32."""
        return mt_next(&self.t) >> (32 - k)

    def shuffle(self, list x):
        cdef int values[64]
        cdef int i, n = len(x)
        for i in range(n):
            values[i] = x[i]
        mt_shuffle_ints(&self.t, values, n)
        for i in range(n):
            x[i] = values[i]

    def save(self, rng):
        mt_save(&self.t, rng)


def reproduces_random():
    """True if this module draws exactly what the running Python's `random.Random` draws."""
    from random import Random

    mine, theirs = Random(20261124), Random(20261124)
    generator = Generator(mine)
    for n in (1, 2, 3, 5, 13, 39, 52, 1000):
        for _ in range(20):
            if generator.randrange(n) != theirs.randrange(n):
                return False
    for _ in range(20):
        if generator.random() != theirs.random():
            return False
    cards = list(range(39))
    mirror = list(cards)
    generator.shuffle(cards)
    theirs.shuffle(mirror)
    generator.save(mine)
    return cards == mirror and mine.getstate() == theirs.getstate()


# --- dealing the hidden hands (parlour.cards.sampling.deal_constrained) ---------------------

cdef inline int nth_card(uint64_t mask, int n) noexcept nogil:
    """The `n`-th lowest card (counting from 0) of `mask`."""
    while n:
        mask &= mask - 1
        n -= 1
    return __builtin_ctzll(mask)


cdef struct Deal:
    int nseats            # hands to deal
    int seat[SEATS]       # the seat of each
    int size[SEATS]       # its cards to deal (its fixed cards apart)
    uint64_t allowed[SEATS]
    uint64_t fixed[SEATS]
    int ncards
    int cards[64]         # the unknown cards, low to high
    int plain             # no constraint binds: shuffle and cut
    int tries             # greedy deals before the exhaustive search
    int nelig[64]         # per card: the hands it may go to, in order
    int elig[64][SEATS]


cdef void stable_sort_by_count(Deal* d, int* order, int n) noexcept nogil:
    """`list.sort(key=number of eligible hands)`: stable, ascending."""
    cdef int i, j, card, count
    for i in range(1, n):
        card = order[i]
        count = d.nelig[card]
        j = i - 1
        while j >= 0 and d.nelig[order[j]] > count:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = card


cdef inline void start_deal(Deal* d, int* room, uint64_t* hands, int* order) noexcept nogil:
    """Empty hands with room for their sizes, and the unknown cards in order."""
    cdef int i
    for i in range(d.nseats):
        room[i] = d.size[i]
        hands[i] = 0
    for i in range(d.ncards):
        order[i] = d.cards[i]


cdef int greedy(Deal* d, Twister* t, uint64_t* hands) noexcept nogil:
    """`sampling._greedy`: 1 and the hands, or 0 if a card found no room."""
    cdef int room[SEATS]
    cdef int order[64]
    cdef int options[SEATS]
    cdef int i, k, n, card, hand
    start_deal(d, room, hands, order)
    mt_shuffle_ints(t, order, d.ncards)
    stable_sort_by_count(d, order, d.ncards)
    for i in range(d.ncards):
        card = order[i]
        n = 0
        for k in range(d.nelig[card]):
            hand = d.elig[card][k]
            if room[hand] > 0:
                options[n] = hand
                n += 1
        if n == 0:
            return 0
        hand = options[mt_below(t, n)]
        hands[hand] |= (<uint64_t>1) << card
        room[hand] -= 1
    return 1


cdef int place(Deal* d, Twister* t, int* order, int index, int* room, uint64_t* hands
               ) noexcept nogil:
    """`sampling._exhaustive`'s `place`."""
    cdef int seats[SEATS]
    cdef int k, n = 0, card, hand
    if index == d.ncards:
        return 1
    card = order[index]
    for k in range(d.nelig[card]):
        if room[d.elig[card][k]] > 0:
            seats[n] = d.elig[card][k]
            n += 1
    mt_shuffle_ints(t, seats, n)
    for k in range(n):
        hand = seats[k]
        room[hand] -= 1
        hands[hand] |= (<uint64_t>1) << card
        if place(d, t, order, index + 1, room, hands):
            return 1
        room[hand] += 1
        hands[hand] ^= (<uint64_t>1) << card
    return 0


cdef int exhaustive(Deal* d, Twister* t, uint64_t* hands) noexcept nogil:
    """`sampling._exhaustive`."""
    cdef int room[SEATS]
    cdef int order[64]
    start_deal(d, room, hands, order)
    stable_sort_by_count(d, order, d.ncards)
    return place(d, t, order, 0, room, hands)


cdef int deal_constrained(Deal* d, Twister* t, uint64_t* hands) noexcept nogil:
    """`sampling.deal_constrained`: the hands to deal into `hands`; 0 if none fits."""
    cdef int order[64]
    cdef int i, j, start = 0, tries
    if d.plain:
        for i in range(d.ncards):
            order[i] = d.cards[i]
        mt_shuffle_ints(t, order, d.ncards)
        for i in range(d.nseats):
            hands[i] = 0
            for j in range(start, start + d.size[i]):
                hands[i] |= (<uint64_t>1) << order[j]
            start += d.size[i]
        return 1
    for tries in range(d.tries):
        if greedy(d, t, hands):
            return 1
    return exhaustive(d, t, hands)


cdef int deal_hidden(Deal* d, Twister* t, uint64_t* full) noexcept nogil:
    """Deal the hidden hands into `full` (by seat) as `deal_hidden` does, then draw the
    world's seed (`sample_state`); 0 if no deal fits the constraints."""
    cdef uint64_t hands[SEATS]
    cdef int i
    if not deal_constrained(d, t, hands):
        return 0
    for i in range(d.nseats):
        full[d.seat[i]] = hands[i] | d.fixed[i]
    mt_next(t)  # getrandbits(63): the sampled world's seed, two words
    mt_next(t)
    return 1


cdef void set_deal(Deal* d, list seats, list sizes, list allowed, list fixed, uint64_t unknown,
                   int tries) except *:
    """The hidden deal's constraints (`ismcts_gate`): `seats` to deal, and for each its
    `sizes` (fixed cards apart), `allowed` and `fixed` cards; the `unknown` cards."""
    cdef int i, k, card
    cdef uint64_t left
    if len(seats) > SEATS:
        raise ValueError(f"at most {SEATS} hands to deal, not {len(seats)}")
    d.nseats = len(seats)
    d.tries = tries
    d.plain = 1
    for i in range(d.nseats):
        d.seat[i] = seats[i]
        d.size[i] = sizes[i]
        d.allowed[i] = allowed[i]
        d.fixed[i] = fixed[i]
        if d.size[i] and unknown & ~d.allowed[i]:
            d.plain = 0
    d.ncards = 0
    left = unknown
    while left:
        card = __builtin_ctzll(left)
        left &= left - 1
        d.cards[d.ncards] = card
        d.ncards += 1
        d.nelig[card] = 0
        for k in range(d.nseats):
            if (d.allowed[k] >> card) & 1:
                d.elig[card][d.nelig[card]] = k
                d.nelig[card] += 1


def deal_cards(rng, list sizes, list allowed, uint64_t unknown, int tries=GREEDY_TRIES):
    """`sampling.deal_constrained(unknown, sizes, allowed, rng, tries)` in C (for tests): the
    hands, or None where no deal fits; `rng` is left as the Python function leaves it."""
    cdef Deal d
    cdef Twister t
    cdef uint64_t hands[SEATS]
    cdef int i, found
    set_deal(&d, list(range(len(sizes))), sizes, allowed, [0] * len(sizes), unknown, tries)
    mt_load(&t, rng)
    found = deal_constrained(&d, &t, hands)
    mt_save(&t, rng)
    return [hands[i] for i in range(d.nseats)] if found else None


# --- the playouts' values, remembered by what they depend on --------------------------------

cdef struct Memo:
    int on                # 0: every playout asks the game
    int ngroups
    uint64_t groups[SEATS]  # card groups: the values depend on each seat's count of each
    int bits[SEATS]       # the bits of each group's count in a key
    int won_bits          # the bits of a seat's tricks won (0: they do not count)
    int shift             # 64 - log2(cap)
    long cap, count
    uint64_t* keys
    unsigned char* used
    double* values        # SEATS per slot


cdef inline int bit_length(uint64_t n) noexcept nogil:
    return 0 if n == 0 else 64 - __builtin_clzll(n)


cdef int memo_start(Memo* m, list groups, bint count_won, int hand_size) except -1:
    """Remember values by the per-seat counts of `groups` (and tricks won), if they fit a
    64-bit key."""
    cdef int g, total = 0
    m.on = 0
    m.keys = NULL
    m.used = NULL
    m.values = NULL
    m.ngroups = len(groups)
    if m.ngroups > SEATS:
        return 0
    for g in range(m.ngroups):
        m.groups[g] = groups[g]
        m.bits[g] = bit_length(__builtin_popcountll(m.groups[g]))
        total += m.bits[g]
    m.won_bits = bit_length(hand_size) if count_won else 0
    if SEATS * (total + m.won_bits) > 64:
        return 0
    return memo_alloc(m, 1024)


cdef int memo_alloc(Memo* m, long cap) except -1:
    m.keys = <uint64_t*>malloc(cap * sizeof(uint64_t))
    m.used = <unsigned char*>calloc(cap, 1)
    m.values = <double*>malloc(cap * SEATS * sizeof(double))
    if m.keys == NULL or m.used == NULL or m.values == NULL:
        memo_free(m)
        raise MemoryError()
    m.cap = cap
    m.count = 0
    m.shift = 64 - bit_length(cap - 1)
    m.on = 1
    return 0


cdef void memo_free(Memo* m) noexcept nogil:
    free(m.keys)
    free(m.used)
    free(m.values)
    m.keys = NULL
    m.used = NULL
    m.values = NULL
    m.on = 0


cdef inline uint64_t memo_key(Memo* m, TrickPlay w) noexcept:
    cdef uint64_t key = 0
    cdef int seat, g
    for seat in range(SEATS):
        for g in range(m.ngroups):
            key = (key << m.bits[g]) | <uint64_t>__builtin_popcountll(w.taken[seat] & m.groups[g])
        if m.won_bits:
            key = (key << m.won_bits) | <uint64_t>w.won[seat]
    return key


cdef inline long memo_slot(Memo* m, uint64_t key) noexcept nogil:
    """The slot of `key`: where it is, or the free one where it goes."""
    cdef long slot = <long>((key * 0x9E3779B97F4A7C15ULL) >> m.shift)
    while m.used[slot] and m.keys[slot] != key:
        slot = (slot + 1) & (m.cap - 1)
    return slot


cdef int memo_put(Memo* m, uint64_t key, double* values) except -1:
    cdef Memo old
    cdef long i, slot
    cdef int p
    if 2 * (m.count + 1) > m.cap:  # grow: rehash into twice the room
        old = m[0]
        memo_alloc(m, 2 * old.cap)
        for i in range(old.cap):
            if old.used[i]:
                memo_put(m, old.keys[i], &old.values[i * SEATS])
        memo_free(&old)
    slot = memo_slot(m, key)
    m.used[slot] = 1
    m.keys[slot] = key
    for p in range(SEATS):
        m.values[slot * SEATS + p] = values[p]
    m.count += 1
    return 0


# --- the tree ---------------------------------------------------------------------------------

cdef struct Edge:
    double visits
    double avail
    double total
    int child


cdef struct Node:
    uint64_t has          # the cards with an edge here (statistics of the seat to move)
    uint64_t slots        # the cards with an edge or a child: a modelled seat's moves lead
                          # to children without edges
    int start             # its slots, by card, at edges[start:start + cap]
    int cap


cdef inline void copy_play(TrickPlay dst, TrickPlay src):
    """The card play of `src` into `dst` (what `play` and `legal_mask` read)."""
    cdef int i
    dst.current = src.current
    dst.leader = src.leader
    dst.ntrick = src.ntrick
    dst.ntricks = src.ntricks
    dst.start_tricks = src.start_tricks
    dst.broken = src.broken
    dst.trump = src.trump
    dst.done = src.done
    dst.nplayed = src.nplayed
    dst.hand_size = src.hand_size
    dst.last_winner = src.last_winner
    dst.held_back = src.held_back
    dst.breaks = src.breaks
    dst.first_lead = src.first_lead
    dst.first_ban = src.first_ban
    for i in range(SEATS):
        dst.hands[i] = src.hands[i]
        dst.taken[i] = src.taken[i]
        dst.won[i] = src.won[i]
        dst.trick[i] = src.trick[i]


cdef inline int in_order(uint64_t mask, int *order, int *cards) noexcept nogil:
    """The cards of `mask` into `cards`, suit by suit in `order` (NULL: card order), each
    suit low to high; their number."""
    cdef int n = 0, s
    cdef uint64_t part
    if order == NULL:
        while mask:
            cards[n] = __builtin_ctzll(mask)
            mask &= mask - 1
            n += 1
        return n
    for s in range(4):
        part = mask & ((<uint64_t>0xFFFF) << (order[s] << 4))
        while part:
            cards[n] = __builtin_ctzll(part)
            part &= part - 1
            n += 1
    return n


cdef class Search:
    """One decision's search in C: the tree, the generator, the sampled worlds.

    Built from the root world (`template`, any world consistent with the observation: only
    the hidden hands change between worlds), the hidden deal (`ismcts_gate`), `settle`
    (``(taken, won) -> values``), the exploration constant, the seat and whether the other
    seats play at random in the tree (``opponents=rollout`` with random rollouts), or with a
    `agent` (a `CardAgent` capsule and the bytes of its `knowledge` of the root position)
    play that agent there and in the playouts; `proposals`: the tree weighs the agent's
    proposed moves rather than every legal card."""

    cdef Twister twister
    cdef Deal deal
    cdef TrickPlay template, world, work
    cdef uint64_t sampled[SEATS]
    cdef object settle
    cdef Memo memo
    cdef double c
    cdef int seat, modelled
    cdef double low[SEATS]
    cdef double high[SEATS]
    cdef double values[SEATS]
    cdef Node* nodes
    cdef int nnodes, capnodes
    cdef Edge* edges
    cdef int nedges, capedges
    cdef int root_order[64]
    cdef int nroot
    cdef int path_node[MAX_PATH]
    cdef int path_card[MAX_PATH]
    cdef int path_player[MAX_PATH]
    cdef int npath
    cdef CardAgent *agent         # NULL: random rollouts
    cdef int proposals
    cdef int *order                 # the agent's suit order where it proposes, else NULL
    cdef char root_known[KNOWLEDGE_MAX]
    cdef char known[KNOWLEDGE_MAX]

    def __cinit__(self):
        self.nodes = NULL
        self.edges = NULL
        self.memo.on = 0
        self.memo.keys = NULL
        self.memo.used = NULL
        self.memo.values = NULL

    def __init__(self, TrickPlay template, list seats, list sizes, list allowed, list fixed,
                 uint64_t unknown, settle, settle_key, double c, int seat, bint modelled,
                 agent=None, bytes knowledge=None, bint proposals=False):
        """`settle_key`: ``(card groups, whether tricks won count)``, on whose per-seat counts
        alone `settle`'s values depend (they are then asked once per outcome), or None."""
        cdef int i
        self.agent = NULL
        self.order = NULL
        self.proposals = 0
        if agent is not None:
            self.agent = <CardAgent *>PyCapsule_GetPointer(agent, "parlour.CardAgent")
            if self.agent.size > KNOWLEDGE_MAX or <size_t>len(knowledge) != self.agent.size:
                raise ValueError("the agent's knowledge does not fit the search")
            memcpy(self.root_known, <char *>knowledge, self.agent.size)
            self.proposals = proposals and self.agent.propose != NULL
            if self.proposals:
                self.order = self.agent.suit_order
        if settle_key is not None:
            memo_start(&self.memo, list(settle_key[0]), settle_key[1], template.hand_size)
        self.template = template
        self.world = TrickPlay()
        self.work = TrickPlay()
        self.settle = settle
        self.c = c
        self.seat = seat
        self.modelled = modelled
        for i in range(SEATS):
            self.low[i] = INFINITY
            self.high[i] = -INFINITY
            self.sampled[i] = template.hands[i]
        set_deal(&self.deal, seats, sizes, allowed, fixed, unknown, GREEDY_TRIES)
        self.capnodes = 1024
        self.nodes = <Node*>malloc(self.capnodes * sizeof(Node))
        self.capedges = 4096
        self.edges = <Edge*>malloc(self.capedges * sizeof(Edge))
        if self.nodes == NULL or self.edges == NULL:
            raise MemoryError()
        self.nnodes = 0
        self.nedges = 0
        self.nroot = 0
        self.new_node()

    def __dealloc__(self):
        free(self.nodes)
        free(self.edges)
        memo_free(&self.memo)

    # --- the tree's storage ------------------------------------------------------------------
    cdef int new_node(self) except -1:
        cdef Node* grown
        if self.nnodes == self.capnodes:
            grown = <Node*>realloc(self.nodes, 2 * self.capnodes * sizeof(Node))
            if grown == NULL:
                raise MemoryError()
            self.nodes = grown
            self.capnodes *= 2
        self.nodes[self.nnodes].has = 0
        self.nodes[self.nnodes].slots = 0
        self.nodes[self.nnodes].start = 0
        self.nodes[self.nnodes].cap = 0
        self.nnodes += 1
        return self.nnodes - 1

    cdef int edge_block(self, int size) except -1:
        """Room for `size` edges at the end of the pool; their first index."""
        cdef Edge* grown
        cdef int cap = self.capedges
        while self.nedges + size > cap:
            cap *= 2
        if cap != self.capedges:
            grown = <Edge*>realloc(self.edges, cap * sizeof(Edge))
            if grown == NULL:
                raise MemoryError()
            self.edges = grown
            self.capedges = cap
        self.nedges += size
        return self.nedges - size

    cdef inline Edge* edge(self, int node, int card) noexcept:
        """The slot of `card` at `node` (it must exist): slots are kept in card order."""
        cdef Node* n = &self.nodes[node]
        return &self.edges[n.start + __builtin_popcountll(n.slots & (((<uint64_t>1) << card) - 1))]

    cdef int add_slot(self, int node, int card) except -1:
        """Make the slot of `card` at `node`: no edge, no child yet."""
        cdef Node* n = &self.nodes[node]
        cdef int count = __builtin_popcountll(n.slots)
        cdef int at = __builtin_popcountll(n.slots & (((<uint64_t>1) << card) - 1))
        cdef int start, i
        cdef Edge* e
        if count == n.cap:
            start = self.edge_block(4 if n.cap == 0 else 2 * n.cap)
            n = &self.nodes[node]
            for i in range(count):
                self.edges[start + i] = self.edges[n.start + i]
            n.start = start
            n.cap = 4 if n.cap == 0 else 2 * n.cap
        for i in range(count, at, -1):
            self.edges[n.start + i] = self.edges[n.start + i - 1]
        n.slots |= (<uint64_t>1) << card
        e = &self.edges[n.start + at]
        e.visits = 0.0
        e.avail = 0.0
        e.total = 0.0
        e.child = -1
        return 0

    cdef int add_edge(self, int node, int card, double avail) except -1:
        """Make the edge of `card` at `node` with availability `avail`."""
        if not (self.nodes[node].slots >> card) & 1:
            self.add_slot(node, card)
        self.nodes[node].has |= (<uint64_t>1) << card
        self.edge(node, card).avail = avail
        if node == 0:
            self.root_order[self.nroot] = card
            self.nroot += 1
        return 0

    cdef int child(self, int node, int card) except -1:
        """The node `card` leads to from `node`, made on first use."""
        cdef int made, found
        if not (self.nodes[node].slots >> card) & 1:
            self.add_slot(node, card)
        found = self.edge(node, card).child
        if found >= 0:
            return found
        made = self.new_node()
        self.edge(node, card).child = made
        return made

    cdef inline void push(self, int node, int card, int player):
        self.path_node[self.npath] = node
        self.path_card[self.npath] = card
        self.path_player[self.npath] = player
        self.npath += 1

    # --- one iteration ------------------------------------------------------------------------
    cdef int sample(self) except -1:
        """Deal a world into `world` (the template with new hidden hands)."""
        cdef int i
        if not deal_hidden(&self.deal, &self.twister, self.sampled):
            from parlour.core.errors import ParlourError
            raise ParlourError("no deal of the unknown cards is consistent with the observation")
        copy_play(self.world, self.template)
        for i in range(SEATS):
            self.world.hands[i] = self.sampled[i]
        return 0

    cdef inline int play(self, TrickPlay w, int card) except -2:
        """Play `card` in `w`, the agent (if any) seeing it first."""
        if self.agent != NULL:
            self.agent.see(w, self.known, card)
        return w.play(card)

    cdef int iterate(self, int forced) except -1:
        """`_Tree.iterate` on a copy of `world`: select, expand, play out, back up.
        `forced`: the root card to play (the halving root), or -1."""
        cdef TrickPlay w = self.work
        cdef Twister* t = &self.twister
        cdef CardAgent *agent = self.agent
        cdef int node = 0, player, card, n, a, i, k, chosen
        cdef uint64_t legal, moves, untried, tried
        cdef double lo, span, scale, best, score, visits, c = self.c
        cdef Edge* e
        cdef int cards[64]
        copy_play(w, self.world)
        if agent != NULL:
            memcpy(self.known, self.root_known, agent.size)
        self.npath = 0
        if forced >= 0:
            if not (self.nodes[0].has >> forced) & 1:
                self.add_edge(0, forced, 0.0)
            self.edge(0, forced).avail += 1.0
            self.play(w, forced)
            self.push(0, forced, self.seat)
            node = self.child(0, forced)
        while not w.done:
            player = w.current
            legal = w.legal_mask()
            if self.modelled and player != self.seat:
                n = __builtin_popcountll(legal)
                if n == 1:
                    card = __builtin_ctzll(legal)
                elif agent != NULL:
                    card = agent.choose(w, self.known)
                else:
                    card = nth_card(legal, <int>(mt_random(t) * n))
                self.play(w, card)
                node = self.child(node, card)
                continue
            moves = legal
            chosen = -1
            if self.proposals:
                chosen = agent.choose(w, self.known)
                moves = agent.propose(w, self.known, legal, chosen)
            untried = moves & ~self.nodes[node].has
            if untried:
                tried = moves & self.nodes[node].has
                while tried:
                    self.edge(node, __builtin_ctzll(tried)).avail += 1.0
                    tried &= tried - 1
                n = __builtin_popcountll(untried)
                if n == 1:
                    card = __builtin_ctzll(untried)
                else:
                    if agent != NULL and chosen < 0:  # the agent's move: `Playout.suggest`
                        chosen = agent.choose(w, self.known)
                    if chosen >= 0 and (untried >> chosen) & 1:
                        card = chosen
                    else:
                        in_order(untried, self.order, cards)
                        card = cards[mt_below(t, n)]
                self.add_edge(node, card, 1.0)
                self.play(w, card)
                self.push(node, card, player)
                break
            lo = self.low[player]
            span = self.high[player] - lo
            scale = 1.0 / span if span > 0 else 0.0
            best = -INFINITY
            n = in_order(moves, self.order, cards)
            card = cards[0]
            for k in range(n):
                a = cards[k]
                e = self.edge(node, a)
                e.avail += 1.0
                visits = e.visits
                score = (e.total / visits - lo) * scale + c * sqrt(log(e.avail) / visits)
                if score > best:
                    best = score
                    card = a
            self.play(w, card)
            self.push(node, card, player)
            node = self.child(node, card)
        if agent != NULL:  # the agent's playout (`State.play_compiled`)
            while not w.done:
                card = agent.choose(w, self.known)
                agent.see(w, self.known, card)
                w.play(card)
        while not w.done:  # the random playout: State.play_random's moves
            legal = w.legal_mask()
            w.play(nth_card(legal, <int>(mt_random(t) * __builtin_popcountll(legal))))
        self.score(w)
        for i in range(SEATS):
            if self.values[i] < self.low[i]:
                self.low[i] = self.values[i]
            if self.values[i] > self.high[i]:
                self.high[i] = self.values[i]
        for i in range(self.npath):
            e = self.edge(self.path_node[i], self.path_card[i])
            e.visits += 1.0
            e.total += self.values[self.path_player[i]]
        return 0

    cdef int score(self, TrickPlay w) except -1:
        """The playout's values into `values`: remembered, or from `settle`."""
        cdef int i
        cdef long slot = 0
        cdef uint64_t key = 0
        if self.memo.on:
            key = memo_key(&self.memo, w)
            slot = memo_slot(&self.memo, key)
            if self.memo.used[slot]:
                for i in range(SEATS):
                    self.values[i] = self.memo.values[slot * SEATS + i]
                return 0
        values = self.settle((w.taken[0], w.taken[1], w.taken[2], w.taken[3]),
                             (w.won[0], w.won[1], w.won[2], w.won[3]))
        for i in range(SEATS):
            self.values[i] = <object>PyTuple_GET_ITEM(values, i)
        if self.memo.on:
            memo_put(&self.memo, key, self.values)
        return 0

    cdef double mean(self, int card):
        cdef Edge* e
        if not (self.nodes[0].has >> card) & 1:
            return -INFINITY
        e = self.edge(0, card)
        return e.total / e.visits if e.visits else -INFINITY

    # --- the root ---------------------------------------------------------------------------
    def ucb(self, rng, long limit, deadline, clock):
        """`ISMCTSAgent._ucb`: iterations until `limit` (-1: none) or the `deadline`; the
        number done. Draws from `rng` and leaves it where the Python loop would."""
        cdef long done = 0
        mt_load(&self.twister, rng)
        try:
            while limit < 0 or done < limit:
                self.sample()
                self.iterate(-1)
                done += 1
                if deadline is not None and clock() >= deadline:
                    break
        finally:
            mt_save(&self.twister, rng)
        return done

    def halving(self, rng, list candidates, int rounds, long limit, double start, seconds,
                clock):
        """`ISMCTSAgent._halving` over the root `candidates` (cards, in the order given):
        the finalists and the number of iterations done."""
        cdef long done = 0, share, worlds, played
        cdef int r, i, j, k, card, count = len(candidates)
        cdef int order[64]
        cdef double key
        for i in range(count):
            order[i] = candidates[i]
        mt_load(&self.twister, rng)
        try:
            for r in range(rounds):
                share = -1 if limit < 0 else floordiv(limit - done, rounds - r)
                worlds = -1 if limit < 0 else max(1, floordiv(share, count))
                ends = None if seconds is None else start + seconds * (r + 1) / rounds
                played = 0
                while worlds < 0 or played < worlds:
                    self.sample()
                    for i in range(count):
                        self.iterate(order[i])
                    done += count
                    played += 1
                    if ends is not None and clock() >= ends:
                        break
                if r < rounds - 1:
                    for i in range(1, count):  # a stable sort, best mean first
                        card = order[i]
                        key = self.mean(card)
                        j = i - 1
                        while j >= 0 and self.mean(order[j]) < key:
                            order[j + 1] = order[j]
                            j -= 1
                        order[j + 1] = card
                    count = max(1, (count + 1) // 2)
        finally:
            mt_save(&self.twister, rng)
        return [order[k] for k in range(count)], done

    def root_edges(self):
        """The root's edges in the order they were made: (card, visits, availability, total)."""
        cdef int i
        cdef Edge* e
        found = []
        for i in range(self.nroot):
            e = self.edge(0, self.root_order[i])
            found.append((self.root_order[i], e.visits, e.avail, e.total))
        return found

    def cards_below_root(self):
        """The cards of every edge below the root, as a mask (what the tree searched)."""
        cdef int i
        cdef uint64_t found = 0
        for i in range(1, self.nnodes):
            found |= self.nodes[i].has
        return found

    def ranges(self):
        """The per-seat value ranges seen: (low, high)."""
        return ([self.low[i] for i in range(SEATS)], [self.high[i] for i in range(SEATS)])


cdef inline long floordiv(long a, long b) noexcept nogil:
    """Python's `a // b` for b > 0."""
    cdef long q = a / b
    if (a % b) and a < 0:
        q -= 1
    return q
