"""The Doppelkopf heuristic (`heuristic`): hand counts for the calls, rules of thumb for play.

Calls: a solo when one of them counts strong enough (`solo_strength`; the strongest when a
Vorführung forces one), a Hochzeit with both Kreuz-Damen unless the hand is strong enough to
play them silently, an Armut with at most two trumps. Announcements: the party's Ansage with
enough high trumps (`announce_strength`) at the first chance, or in answer with a stronger
hand; "keine 90" once the party's tricks make it safe. Play: smear points onto a trick the
partner is winning for sure, win a trick worth taking as cheaply as possible, otherwise throw
the least valuable card; lead plain Aces first, then trumps from a long trump hand. It reads
only its `DoppelkopfObservation`, like every agent; `last_rule` names the rule behind its
latest move.
"""

from __future__ import annotations

from random import Random
from typing import Any

from parlour.core import Action, Game
from parlour.games.doppelkopf.actions import (
    ACCEPT,
    ARMUT,
    CALL,
    DECLINE,
    GESUND,
    HOCHZEIT,
    SOLO_TABLES,
    Announce,
    Give,
    GiveBack,
    Play,
)
from parlour.games.doppelkopf.cards import ACE, QUEEN, TEN, iter_cards, rank_of
from parlour.games.doppelkopf.observation import DoppelkopfObservation
from parlour.games.doppelkopf.tables import (
    BUBEN,
    CARD_POINTS,
    DAMEN,
    NORMAL,
    POWER,
    SUIT,
    SUIT_CARDS,
    TABLE_NAMES,
    TRUMP,
    TRUMPS,
)

HIGH_TRUMP = 70
"""Power of a Dame in the normal game: trumps at least this high are 'high'."""
SOLO_THRESHOLD = 15.5
"""`solo_strength` needed to call a Lustsolo."""


def solo_strength(hand: int, table: int) -> float:
    """How well `hand` plays the solo of `table`: trumps (high ones double), plain Aces, and
    a penalty for each plain card below the suit's Ace."""
    power = POWER[table]
    trumps = hand & TRUMPS[table]
    score = 0.0
    for card in iter_cards(trumps):
        high = power[card] >= HIGH_TRUMP or table in (DAMEN, BUBEN)
        score += 2.0 if high else 1.0
    for card in iter_cards(hand & ~trumps):
        score += 1.0 if rank_of(card) == ACE else -0.6
    return score


def announce_strength(hand: int, table: int) -> int:
    """High trumps (Dullen and Damen, or a solo's top trumps) plus half the other trumps."""
    power = POWER[table]
    trumps = hand & TRUMPS[table]
    high = sum(1 for c in iter_cards(trumps) if power[c] >= HIGH_TRUMP)
    return high * 2 + (trumps.bit_count() - high)


class DoppelkopfHeuristic:
    """Counted calls and rule-of-thumb play (see the module docstring)."""

    name = "doppelkopf.heuristic"

    def __init__(self, game: Game[Any] | None = None, seat: int = 0,
                 rng: Random | None = None) -> None:
        self.game = game
        self.rng = rng or Random(0)
        self.last_rule = ""

    def act(self, observation: DoppelkopfObservation) -> Action:
        obs = observation
        legal = obs.legal_actions
        if obs.phase == "vorbehalt":
            return self._call(obs)
        if isinstance(legal[0], Give):
            self.last_rule = "give_cheapest"
            return min(legal, key=lambda a: (CARD_POINTS[a.card], POWER[NORMAL][a.card]))  # type: ignore[attr-defined]
        if legal[0] is ACCEPT:
            self.last_rule = "take_armut_with_trumps"
            trumps = (obs.hand & TRUMPS[NORMAL]).bit_count()
            return ACCEPT if trumps >= 8 else DECLINE
        if isinstance(legal[0], GiveBack):
            self.last_rule = "return_plain_cards"
            return min(legal, key=lambda a: (SUIT[NORMAL][a.card] == TRUMP,  # type: ignore[attr-defined]
                                             -CARD_POINTS[a.card] if SUIT[NORMAL][a.card] != TRUMP  # type: ignore[attr-defined]
                                             else POWER[NORMAL][a.card]))  # type: ignore[attr-defined]
        announcement = self._announce(obs)
        if announcement is not None:
            return announcement
        return self._play(obs)

    # --- calls --------------------------------------------------------------------------------
    def _call(self, obs: DoppelkopfObservation) -> Action:
        names = {str(a) for a in obs.legal_actions}
        hand = int(obs.hand)
        solos = sorted(((solo_strength(hand, SOLO_TABLES[n]), n) for n in names
                        if n in SOLO_TABLES), reverse=True)
        if GESUND not in names:  # a Vorführung: the best solo
            self.last_rule = "forced_solo"
            return CALL[solos[0][1]]
        if solos and solos[0][0] >= SOLO_THRESHOLD:
            self.last_rule = "strong_solo"
            return CALL[solos[0][1]]
        if HOCHZEIT in names:
            self.last_rule = "hochzeit"
            strong = announce_strength(hand, NORMAL) >= 14
            return CALL[GESUND] if strong else CALL[HOCHZEIT]
        if ARMUT in names and (hand & TRUMPS[NORMAL]).bit_count() <= 2:
            self.last_rule = "armut"
            return CALL[ARMUT]
        self.last_rule = "gesund"
        return CALL[GESUND]

    # --- announcements ------------------------------------------------------------------------
    def _announce(self, obs: DoppelkopfObservation) -> Action | None:
        offers = [a for a in obs.legal_actions if isinstance(a, Announce)]
        if not offers:
            return None
        party = obs.parties[obs.seat]
        side = 0 if party == "re" else 1
        table = TABLE_NAMES.index(obs.table)
        strength = announce_strength(int(obs.hand), table)
        solo = obs.contract in SOLO_TABLES
        first = offers[0]
        if first.level == 1 and obs.levels[side] == 0:
            need = 10 if solo else (9 if party == "re" else 8)
            if obs.levels[1 - side]:
                need += 2  # answering: only with a clearly better hand
            if strength >= need:
                self.last_rule = "announce_party"
                return first
        if obs.levels[side] >= 1:
            own = self._points(obs, side)
            for offer in offers:
                if offer.level == 2 and own >= 151:
                    self.last_rule = "keine_90_when_safe"
                    return offer
        return None

    def _points(self, obs: DoppelkopfObservation, side: int) -> int:
        """Card points taken by the seats known to be of `side` (0 Re, 1 Kontra)."""
        name = ("re", "kontra")[side]
        return sum(sum(CARD_POINTS[c] for c in cards) for _, cards, winner in obs.tricks
                   if obs.parties[winner] == name)

    # --- card play ----------------------------------------------------------------------------
    def _play(self, obs: DoppelkopfObservation) -> Action:
        plays = [a for a in obs.legal_actions if isinstance(a, Play)]
        if len(plays) == 1:
            self.last_rule = "only_card"
            return plays[0]
        table = TABLE_NAMES.index(obs.table)
        power, suits = POWER[table], SUIT[table]
        if not obs.trick:
            return self._lead(obs, plays, table)
        led = suits[obs.trick[0]]
        best_i = 0
        for i, card in enumerate(obs.trick):
            if (suits[card] in (led, TRUMP)) and power[card] > power[obs.trick[best_i]]:
                best_i = i
        best = obs.trick[best_i]
        winner = (obs.leader + best_i) % 4
        mine = obs.parties[obs.seat]
        friend = mine is not None and obs.parties[winner] == mine and winner != obs.seat
        last = len(obs.trick) == 3
        trick_points = sum(CARD_POINTS[c] for c in obs.trick)

        def beats(card: int) -> bool:
            return suits[card] in (led, TRUMP) and power[card] > power[best]

        if friend and (last or power[best] >= HIGH_TRUMP + 3):
            self.last_rule = "smear_onto_partner"
            return max(plays, key=lambda a: (CARD_POINTS[a.card] - (
                20 if suits[a.card] == TRUMP and power[a.card] >= HIGH_TRUMP else 0),
                -power[a.card]))
        winning = [a for a in plays if beats(a.card)]
        if winning and not friend and (last or trick_points >= 10 or suits[best] != TRUMP):
            self.last_rule = "win_cheaply" if last else "win_with_strength"
            if last:
                return min(winning, key=lambda a: (power[a.card] + 10 * (
                    suits[a.card] == TRUMP), -CARD_POINTS[a.card]))
            return max(winning, key=lambda a: (power[a.card], CARD_POINTS[a.card]))
        self.last_rule = "throw_cheapest"
        return min(plays, key=lambda a: (CARD_POINTS[a.card], power[a.card]))

    def _lead(self, obs: DoppelkopfObservation, plays: list[Play], table: int) -> Action:
        power, suits = POWER[table], SUIT[table]
        led_suits = {suits[cards[0]] for _, cards, _ in obs.tricks}
        aces = [a for a in plays if suits[a.card] != TRUMP and rank_of(a.card) == ACE
                and suits[a.card] not in led_suits]
        if aces:
            self.last_rule = "lead_fresh_ace"
            return aces[0]
        trumps = [a for a in plays if suits[a.card] == TRUMP]
        hand = int(obs.hand)
        if trumps and (hand & SUIT_CARDS[table][TRUMP]).bit_count() * 2 >= hand.bit_count():
            self.last_rule = "lead_trump_from_length"
            top = max(trumps, key=lambda a: power[a.card])
            if power[top.card] >= HIGH_TRUMP + 3 or rank_of(top.card) == TEN:
                return top
            return min(trumps, key=lambda a: (CARD_POINTS[a.card], power[a.card]))
        plain = [a for a in plays if suits[a.card] != TRUMP]
        self.last_rule = "lead_low_plain"
        pool = plain or plays
        return min(pool, key=lambda a: (rank_of(a.card) == QUEEN, CARD_POINTS[a.card],
                                        power[a.card]))
