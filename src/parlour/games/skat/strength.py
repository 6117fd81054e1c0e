"""Rule-of-thumb hand strength for the Skat bot: which games a hand supports, and how well.

Each estimate is a *margin*: positive means the game looks playable (taking the skat, or Hand
with `hand=True`); larger is safer. Thresholds were calibrated by bot-against-bot play.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import CLUBS, SPADES
from parlour.games.skat.actions import Contract
from parlour.games.skat.tables import (
    ACES,
    BASE_VALUES,
    GRAND,
    JACKS,
    NULL,
    NULL_VALUES,
    SUIT32,
    TENS,
    TRUMPS,
    matadors,
)

J_CLUBS = 1 << (CLUBS << 4 | 11)
J_SPADES = 1 << (SPADES << 4 | 11)

SUIT_NEEDED = 7.4
"""Suit-game score a hand needs to take the skat; a Hand game needs `HAND_EXTRA` more."""
GRAND_NEEDED = 7.0
HAND_EXTRA = 1.6


@dataclass(frozen=True, slots=True)
class Option:
    """A game the hand could be played as: its contract, margin, and the value it reaches."""

    contract: Contract
    margin: float
    value: int


def suit_score(cards: int, trump: int) -> float:
    """Strength of `cards` for a suit game in `trump` (trumps, top Jacks, side aces, voids)."""
    trumps = cards & TRUMPS[trump]
    count = trumps.bit_count()
    jacks = (cards & JACKS).bit_count()
    score = count + 0.5 * jacks - (1.0 if not jacks else 0.0)
    score += 0.6 * bool(cards & J_CLUBS) + 0.3 * bool(cards & J_SPADES)
    score += 0.3 * (trumps & (ACES | TENS) & ~JACKS).bit_count()
    for suit in range(4):
        if suit == trump:
            continue
        side = cards & SUIT32[suit] & ~JACKS
        if not side:
            score += 0.7 if count >= 5 else 0.2
        elif side & ACES:
            score += 1.0 + (0.6 if side & TENS else 0.0)
        elif side & TENS:
            score += 0.1 if side.bit_count() > 1 else -0.4
        elif side.bit_count() == 1:
            score += 0.2
    return score


def grand_score(cards: int) -> float:
    """Strength of `cards` for a Grand (Jacks, aces, tens with aces, long solid suits)."""
    jacks = (cards & JACKS).bit_count()
    score = 1.2 * jacks + 0.8 * bool(cards & J_CLUBS) + 0.4 * bool(cards & J_SPADES)
    for suit in range(4):
        side = cards & SUIT32[suit] & ~JACKS
        length = side.bit_count()
        if side & ACES:
            score += 1.2
            if side & TENS:
                score += 0.8 + 0.5 * max(0, length - 3)
        elif side & TENS:
            score += 0.0 if length > 2 else -0.4
    return score if jacks >= 2 or (jacks == 1 and score > 8) else min(score, GRAND_NEEDED - 1)


def null_risk(cards: int) -> int:
    """Cards the opponents could force to take a trick in Null (0 for a safe hand)."""
    risk = 0
    for suit in range(4):
        held = cards & SUIT32[suit]
        out = SUIT32[suit] & ~held
        k = 0
        while held:
            low = held & -held
            if (out & (low - 1)).bit_count() > k:
                risk += 1
            held ^= low
            k += 1
    return risk


def null_has_sevens(cards: int) -> bool:
    """Every suit held includes its 7 (a Null that is safe even played open)."""
    return all(not cards & SUIT32[s] or cards >> (s << 4 | 7) & 1 for s in range(4))


def options(cards: int, all_cards: int | None = None, hand: bool = False) -> list[Option]:
    """Every game worth considering for `cards`, with margins and values.

    `all_cards` (the hand plus the skat, when known) gives the matadors; without it the
    matadors of `cards` alone are an estimate.
    """
    tops_from = cards if all_cards is None else all_cards
    extra = HAND_EXTRA if hand else 0.0
    out = []
    for trump in range(4):
        tops = abs(matadors(tops_from, trump))
        value = BASE_VALUES[trump] * (tops + 1 + hand)
        out.append(Option(Contract(("clubs", "diamonds", "hearts", "spades")[trump], hand=hand),
                          suit_score(cards, trump) - SUIT_NEEDED - extra, value))
    tops = abs(matadors(tops_from, GRAND))
    out.append(Option(Contract("grand", hand=hand), grand_score(cards) - GRAND_NEEDED - extra,
                      BASE_VALUES[GRAND] * (tops + 1 + hand)))
    risk = null_risk(cards)
    allowed_risk = 0 if hand else 1
    out.append(Option(Contract("null", hand=hand), allowed_risk - risk + 0.5,
                      NULL_VALUES[hand, False]))
    if risk == 0 and null_has_sevens(cards):
        out.append(Option(Contract("null", hand=hand, ouvert=True), 0.6,
                          NULL_VALUES[hand, True]))
    return out


def best_option(cards: int, bid: int, all_cards: int | None = None,
                hand: bool = False) -> Option:
    """The most valuable playable game reaching `bid`; else the safest reaching it; else the
    most valuable one."""
    choices = options(cards, all_cards, hand)
    reaching = [o for o in choices if o.value >= bid]
    playable = [o for o in reaching if o.margin >= 0]
    if playable:
        return max(playable, key=lambda o: (o.value, o.margin))
    if reaching:
        return max(reaching, key=lambda o: (o.margin, o.value))
    return max(choices, key=lambda o: (o.value, o.margin))


def bid_limit(cards: int) -> int:
    """The highest value the bot bids with `cards` (0: pass), over the playable games."""
    limit = 0
    for hand in (False, True):
        for option in options(cards, hand=hand):
            if option.margin >= 0:
                limit = max(limit, option.value)
    return limit


__all__ = ["GRAND", "NULL", "Option", "best_option", "bid_limit", "null_risk", "options"]
