"""A Schafkopf bot that plays sensibly: it rates its hand for each game, bids and raises what
the hand supports, calls the Sau of its shortest callable suit, gives Kontra with a strong
defence, and plays by role (declaring side, defender, Ramsch) with the trumps still out.

It reads only its `SchafkopfObservation`, like every agent.
"""

from __future__ import annotations

from random import Random
from typing import Any

from parlour.core import Action, Game
from parlour.games.schafkopf.actions import (
    CALLABLE,
    CONTRACT,
    KONTRA,
    MIT,
    PLAY,
    RAISE,
    RAMSCH,
    RE,
    RUFSPIEL,
    SIE,
    SOLO,
    SOLO_SUITS,
    SOLO_TOUT,
    SPIEL,
    WEITER,
    WENZ_GAME,
    WENZ_TOUT,
    Contract,
    Play,
)
from parlour.games.schafkopf.observation import SchafkopfObservation
from parlour.games.schafkopf.tables import (
    CARD_POINTS,
    DECK,
    EFFECTIVE_SUIT,
    HERZ,
    MEMBERS,
    OBERS,
    POWER,
    SAU,
    TRUMP,
    TRUMP_RUNS,
    TRUMPS,
    UNTERS,
    WENZ,
    ZEHN,
)


def _cards(mask: int) -> list[int]:
    return [c for c in range(64) if mask >> c & 1]


def _top(mask: int, order: int) -> int:
    return max(_cards(mask), key=lambda c: POWER[order][c])


def _bottom(mask: int, order: int) -> int:
    return min(_cards(mask), key=lambda c: (CARD_POINTS[c], POWER[order][c]))


def _high_trumps(hand: int, order: int, count: int) -> int:
    """How many of the `count` highest trumps of `order` the hand holds."""
    return sum(1 for card in TRUMP_RUNS[order][:count] if hand >> card & 1)


def solo_rating(hand: int, suit: int) -> float:
    """Roughly the tricks a Farbsolo in `suit` takes: trumps, the top ones, and side Saus."""
    order = suit
    trumps = hand & TRUMPS[order]
    side_aces = sum(1 for s in SOLO_SUITS if s != suit and hand >> (s << 4 | SAU) & 1)
    return (trumps.bit_count() + 0.5 * _high_trumps(hand, order, 4)
            + 0.25 * _high_trumps(hand, order, 8) + 0.8 * side_aces)


def wenz_rating(hand: int) -> float:
    """Roughly the tricks a Wenz takes: the Unter and the side suits' top cards."""
    unter = (hand & UNTERS).bit_count()
    tricks = unter + 0.5 * (hand >> (0 << 4 | 11) & 1)
    for suit in SOLO_SUITS:
        cards = hand & MEMBERS[WENZ][suit]
        ranked = sorted((POWER[WENZ][c] for c in _cards(cards)), reverse=True)
        top = 7
        for power in ranked:
            if power != top:
                break
            tricks += 1
            top -= 1
        if ranked and ranked[0] == 7 and len(ranked) >= 4:
            tricks += 0.5 * (len(ranked) - 3)
    return tricks


def rufspiel_rating(hand: int) -> float:
    """Roughly how well a Rufspiel goes: trumps, Ober, the top two trumps and callable Saus."""
    trumps = hand & TRUMPS[HERZ]
    aces = sum(1 for s in CALLABLE if hand >> (s << 4 | SAU) & 1)
    return (trumps.bit_count() + 0.5 * (hand & OBERS).bit_count()
            + 0.25 * _high_trumps(hand, HERZ, 2) + 0.5 * aces)


def best_contract(hand: int, least: int = RUFSPIEL) -> Contract | None:
    """The game this hand should play, of rank at least `least`, or None."""
    from parlour.games.schafkopf.rules import has_sie, may_call

    if has_sie(hand):
        return CONTRACT[SIE, -1]
    solo_suit = max(SOLO_SUITS, key=lambda s: solo_rating(hand, s))
    solo = solo_rating(hand, solo_suit)
    wenz = wenz_rating(hand)
    options: list[Contract] = []
    outstanding = 14 - hand.bit_count()
    if hand & TRUMPS[solo_suit] == hand and _high_trumps(hand, solo_suit, outstanding) == \
            outstanding:  # the top trumps draw every trump out, whoever holds them
        options.append(CONTRACT[SOLO_TOUT, solo_suit])
    if (hand & UNTERS).bit_count() == 4 and wenz >= 8:
        options.append(CONTRACT[WENZ_TOUT, -1])
    if solo >= 8.5:
        options.append(CONTRACT[SOLO, solo_suit])
    if wenz >= 6.5 and hand >> 11 & 1:
        options.append(CONTRACT[WENZ_GAME, -1])
    callable_suits = [s for s in CALLABLE if may_call(hand, s)]
    if callable_suits and rufspiel_rating(hand) >= 5.0:
        suit = min(callable_suits, key=lambda s: (
            (hand & MEMBERS[HERZ][s]).bit_count(), hand >> (s << 4 | ZEHN) & 1))
        options.append(CONTRACT[RUFSPIEL, suit])
    fitting = [c for c in options if c.kind >= least]
    return max(fitting, key=lambda c: c.kind) if fitting else None


def fallback_contract(hand: int, least: int) -> Contract:
    """The least bad legal game when the hand holds the auction without a plan."""
    from parlour.games.schafkopf.rules import may_call

    if least <= RUFSPIEL:
        callable_suits = [s for s in CALLABLE if may_call(hand, s)]
        if callable_suits:
            return CONTRACT[RUFSPIEL, min(callable_suits, key=lambda s: (
                hand & MEMBERS[HERZ][s]).bit_count())]
    if least <= WENZ_GAME and wenz_rating(hand) > max(solo_rating(hand, s) for s in SOLO_SUITS):
        return CONTRACT[WENZ_GAME, -1]
    suit = max(SOLO_SUITS, key=lambda s: solo_rating(hand, s))
    return CONTRACT[SOLO if least <= SOLO else SOLO_TOUT, suit]


class SchafkopfHeuristic:
    """Bids what its hand supports, calls its shortest suit's Sau, and plays by role."""

    def __init__(self, game: Game[Any] | None = None, seat: int = 0,
                 rng: Random | None = None) -> None:
        self.rng = rng or Random(0)

    def act(self, observation: SchafkopfObservation) -> Action:
        obs = observation
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        hand = int(obs.hand)
        phase = obs.phase
        if phase == "auction":
            return SPIEL if best_contract(hand) is not None else WEITER
        if phase == "raise":
            plan = best_contract(hand, obs.claim + 1)
            if plan is not None and RAISE.get(plan.kind) in legal:
                return RAISE[plan.kind]
            return WEITER
        if phase == "answer":
            pending = next(int(w.split()[1] == "sie") for _, w in reversed(obs.auction)
                           if w.startswith("raise"))
            plan = best_contract(hand)
            claimed = SIE if pending else self._pending_kind(obs)
            return MIT if plan is not None and plan.kind >= claimed and MIT in legal else WEITER
        if phase == "declare":
            plan = best_contract(hand, obs.claim)
            if plan is None or plan not in legal:
                plan = fallback_contract(hand, obs.claim)
            return plan if plan in legal else legal[0]
        if phase == "kontra":
            return KONTRA if KONTRA in legal and self._kontra(obs, hand) else WEITER
        if phase == "re":
            return RE if RE in legal and self._re(obs, hand) else WEITER
        return self._play(obs, hand)

    def candidates(self, observation: SchafkopfObservation) -> tuple[Action, ...]:
        """The moves worth searching (`moves=auto` of the search agents): every legal card in
        the play; its own choice alone in the auction, the declaration and the doubling,
        which its rules of thumb judge better than a short search over noisy deals."""
        if observation.phase == "play":
            return self._distinct_cards(observation)
        return (self.act(observation),)

    def _distinct_cards(self, obs: SchafkopfObservation) -> tuple[Action, ...]:
        """The legal cards with each set of equivalent ones merged into one: cards of one
        effective suit and equal points with nothing between them in power but cards of this
        hand or of finished tricks (a card of the trick in progress keeps them apart). The
        called Sau is never merged; the heuristic's own choice stands for its set."""
        order = obs.order
        legal = [a for a in obs.legal_actions if isinstance(a, Play)]
        if len(legal) < 2:
            return tuple(legal)
        gone = int(obs.hand)
        for _, cards, _ in obs.tricks:
            for card in cards:
                gone |= 1 << card
        mine = self.act(obs)
        power, suit_of = POWER[order], EFFECTIVE_SUIT[order]
        kept: list[Action] = []
        last: Play | None = None
        for action in sorted(legal, key=lambda a: (suit_of[a.card], -power[a.card])):
            card = action.card
            if last is not None and suit_of[last.card] == suit_of[card] \
                    and CARD_POINTS[last.card] == CARD_POINTS[card] \
                    and card != obs.called_card and last.card != obs.called_card \
                    and all(gone >> c & 1 for c in _cards(MEMBERS[order][suit_of[card]])
                            if power[card] < power[c] < power[last.card]):
                if action == mine:
                    kept[-1] = action
            else:
                kept.append(action)
            last = action
        return tuple(kept)

    @staticmethod
    def _pending_kind(obs: SchafkopfObservation) -> int:
        from parlour.games.schafkopf.actions import KIND_NAMES

        word = next(w for _, w in reversed(obs.auction) if w.startswith("raise"))
        return KIND_NAMES.index(word.split()[1])

    @staticmethod
    def _kontra(obs: SchafkopfObservation, hand: int) -> bool:
        order = obs.order
        trumps = (hand & TRUMPS[order]).bit_count()
        high = _high_trumps(hand, order, 4)
        if obs.contract is not None and obs.contract.kind == RUFSPIEL:
            return trumps >= 5 and high >= 2
        return trumps >= 4 and high >= 2

    @staticmethod
    def _re(obs: SchafkopfObservation, hand: int) -> bool:
        order = obs.order
        return (hand & TRUMPS[order]).bit_count() >= 6 and _high_trumps(hand, order, 3) >= 2

    # --- the play ---------------------------------------------------------------------------
    def _play(self, obs: SchafkopfObservation, hand: int) -> Action:
        order = obs.order
        legal = 0
        for action in obs.legal_actions:
            if isinstance(action, Play):
                legal |= 1 << action.card
        contract = obs.contract
        ramsch = contract is None or contract.kind == RAMSCH
        played = 0
        for _, cards, _ in obs.tricks:
            for card in cards:
                played |= 1 << card
        for card in obs.trick:
            played |= 1 << card
        out = DECK & ~played & ~hand
        if ramsch:
            return PLAY[self._ramsch_card(obs, legal, order)]
        team = self._team(obs)
        declaring = obs.seat == obs.declarer or (obs.seat == obs.partner and obs.partner is not \
            None)
        if not obs.trick:
            return PLAY[self._lead(obs, hand, legal, order, declaring, out)]
        return PLAY[self._follow(obs, legal, order, team, out)]

    @staticmethod
    def _team(obs: SchafkopfObservation) -> set[int]:
        """The seats this seat knows are on its side (itself included)."""
        me, declarer, partner = obs.seat, obs.declarer, obs.partner
        contract = obs.contract
        assert contract is not None and declarer is not None
        if contract.kind != RUFSPIEL:
            return {me} if me == declarer else {p for p in range(4) if p != declarer}
        if me == declarer:
            return {me} if partner is None else {me, partner}
        if partner == me:
            return {me, declarer}
        if partner is not None:
            return {p for p in range(4) if p not in (declarer, partner)}
        if obs.kontra is not None and obs.kontra != me:
            return {me, obs.kontra}
        return {me}

    def _lead(self, obs: SchafkopfObservation, hand: int, legal: int, order: int,
              declaring: bool, out: int) -> int:
        trumps = legal & TRUMPS[order]
        plain = legal & ~TRUMPS[order]
        contract = obs.contract
        assert contract is not None
        if declaring and trumps and (out & TRUMPS[order]):
            top = _top(trumps, order)
            outside = _cards(out & TRUMPS[order])
            if all(POWER[order][top] > POWER[order][c] for c in outside):
                return top
            if (hand & TRUMPS[order]).bit_count() >= 3:
                return _bottom(trumps, order) if contract.kind == RUFSPIEL else top
        called = obs.called_card
        if not declaring and called is not None and out >> called & 1:
            search = plain & MEMBERS[order][called >> 4]
            if search:
                return _bottom(search, order)
        for card in _cards(plain):
            suit = EFFECTIVE_SUIT[order][card]
            if POWER[order][card] == max(POWER[order][c] for c in _cards(
                    (out | hand) & MEMBERS[order][suit])):
                return card  # the best card left of its suit
        if plain:
            return _bottom(plain, order)
        return _bottom(legal, order)

    def _follow(self, obs: SchafkopfObservation, legal: int, order: int, team: set[int],
                out: int) -> int:
        trick = obs.trick
        power, suit_of = POWER[order], EFFECTIVE_SUIT[order]
        lead = suit_of[trick[0]]
        best = max(range(len(trick)), key=lambda i: (
            suit_of[trick[i]] in (lead, TRUMP), power[trick[i]] if suit_of[trick[i]] in (
                lead, TRUMP) else -1))
        best_card = trick[best]
        winner = (obs.leader + best) % 4
        last = len(trick) == 3
        points = sum(CARD_POINTS[c] for c in trick)

        def beats(card: int) -> bool:
            return suit_of[card] in (lead, TRUMP) and power[card] > power[best_card] and (
                suit_of[card] == TRUMP or suit_of[best_card] != TRUMP)

        if winner in team and winner != obs.seat:
            safe = last or all(power[c] < power[best_card] for c in _cards(out)
                               if suit_of[c] in (lead, TRUMP))
            if safe:
                fat = [c for c in _cards(legal) if suit_of[c] != TRUMP or not beats(c)]
                if fat:
                    return max(fat, key=lambda c: (CARD_POINTS[c], -power[c]))
            return _bottom(legal, order)
        winning = [c for c in _cards(legal) if beats(c)]
        if winning and (last or points >= 10 or suit_of[best_card] == TRUMP or
                        lead != TRUMP):
            if last:
                return min(winning, key=lambda c: (power[c] >= 100, power[c]))
            return max(winning, key=lambda c: power[c])
        return _bottom(legal, order)

    @staticmethod
    def _ramsch_card(obs: SchafkopfObservation, legal: int, order: int) -> int:
        power, suit_of = POWER[order], EFFECTIVE_SUIT[order]
        if not obs.trick:
            return min(_cards(legal), key=lambda c: power[c])
        trick = obs.trick
        lead = suit_of[trick[0]]
        top = max((c for c in trick if suit_of[c] in (lead, TRUMP)), key=lambda c: power[c])
        losing = [c for c in _cards(legal) if not (
            suit_of[c] in (lead, TRUMP) and power[c] > power[top]
            and (suit_of[c] == TRUMP or suit_of[top] != TRUMP))]
        if losing:
            return max(losing, key=lambda c: (power[c], CARD_POINTS[c]))
        return max(_cards(legal), key=lambda c: power[c])
