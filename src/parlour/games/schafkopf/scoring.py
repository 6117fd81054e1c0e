"""Settling a Schafkopf deal: who won, the game's value, and what each seat pays or gets.

Pure functions of the deal's outcome and the tariff (docs/rules/schafkopf.md, "Scoring"): the
value V = base + Schneider + Schwarz + Laufende, doubled per Kontra and Re; a Tout is worth
2 x (base + Laufende), Sie 4 x (base + 8 Laufende). A Rufspiel pays V between each winner and
each loser; a solo 3V to or from the soloist, V from or to each defender. Ramsch: the seat with
most card points pays each other seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.games.schafkopf.actions import RUFSPIEL, SIE, SOLO_TOUT, WENZ_GAME, WENZ_TOUT

TRICKS = 8


@dataclass(frozen=True, slots=True)
class Tariff:
    """What a game is worth per opponent, in the table's unit (cents, say)."""

    rufspiel: int = 10
    solo: int = 50
    laufende: int = 10
    schneider: int = 10
    ramsch: int = 20


@dataclass(frozen=True, slots=True)
class Outcome:
    """The declaring party's result: won, and whether the losers are schneider or schwarz."""

    won: bool
    schneider: bool
    schwarz: bool


def outcome(points: int, tricks: int) -> Outcome:
    """The declaring party's `points` and `tricks` read by the rules: 61 wins; the defenders
    are schneider at 29 or less (the declaring party 91 or more), the declaring party at 30 or
    less; schwarz when the losing side took no trick."""
    if points >= 61:
        return Outcome(True, points >= 91, tricks == TRICKS)
    return Outcome(False, points <= 30, tricks == 0)


def paid_laufende(kind: int, run: int, minimum: int, minimum_wenz: int) -> int:
    """The Laufende a game pays: the whole run once it reaches the minimum (Wenz: its own),
    else none; Sie always pays 8."""
    if kind == SIE:
        return 8
    least = minimum_wenz if kind in (WENZ_GAME, WENZ_TOUT) else minimum
    return run if run >= least else 0


def game_value(kind: int, tariff: Tariff, result: Outcome, laufende: int, doublings: int) -> int:
    """V for one opponent: base, Schneider and Schwarz (not in a Tout or Sie), Laufende, then
    doubled once per Kontra and Re."""
    base = tariff.rufspiel if kind == RUFSPIEL else tariff.solo
    if kind == SIE:
        value = 4 * (base + 8 * tariff.laufende)
    elif kind in (WENZ_TOUT, SOLO_TOUT):
        value = 2 * (base + tariff.laufende * laufende)
    else:
        value = (base + tariff.schneider * (result.schneider + result.schwarz)
                 + tariff.laufende * laufende)
    return value << doublings


def settle(kind: int, declarers: tuple[int, ...], won: bool, value: int,
           players: int = 4) -> tuple[int, ...]:
    """Each seat's gain: the declaring seats `declarers` (one, or declarer and partner) win or
    lose `value` per opponent; zero-sum."""
    sign = 1 if won else -1
    if kind == RUFSPIEL:
        return tuple(sign * value if p in declarers else -sign * value for p in range(players))
    return tuple(3 * sign * value if p in declarers else -sign * value for p in range(players))


@dataclass(frozen=True, slots=True)
class RamschResult:
    """A Ramsch deal's losers (most card points), Jungfrauen (no trick), a Durchmarsch."""

    losers: tuple[int, ...]
    jungfrauen: tuple[int, ...]
    durchmarsch: int | None
    points: tuple[int, ...]


def settle_ramsch(card_points: tuple[int, ...], tricks: tuple[int, ...], tariff: Tariff,
                  tie: str, jungfrau: bool) -> RamschResult:
    """Ramsch: a seat that took every trick (Durchmarsch) is paid like a won Schwarz solo;
    else the seat with most card points pays each other seat the Ramsch tariff, doubled per
    Jungfrau (seat without a trick) if `jungfrau`. Tied losers all lose (`tie` ``all``), or
    (``tricks``) the one with more tricks loses, all still tied losing."""
    players = len(card_points)
    sweep = next((p for p, t in enumerate(tricks) if t == TRICKS), None)
    if sweep is not None:
        value = tariff.solo + 2 * tariff.schneider
        points = tuple(3 * value if p == sweep else -value for p in range(players))
        return RamschResult((), (), sweep, points)
    most = max(card_points)
    losers = [p for p in range(players) if card_points[p] == most]
    if tie == "tricks" and len(losers) > 1:
        top = max(tricks[p] for p in losers)
        losers = [p for p in losers if tricks[p] == top]
    maids = tuple(p for p in range(players) if tricks[p] == 0)
    pay = tariff.ramsch << (len(maids) if jungfrau else 0)
    winners = players - len(losers)
    gains = tuple(-pay * winners if p in losers else pay * len(losers) for p in range(players))
    return RamschResult(tuple(losers), maids, None, gains)


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal as settled: the contract played (``""`` if thrown in), the declaring side,
    its card points and tricks, the extras, the value and each seat's gain."""

    deal: int
    contract: str
    declarer: int | None
    partner: int | None
    won: bool | None
    card_points: int
    schneider: bool
    schwarz: bool
    laufende: int
    doublings: int
    value: int
    points: tuple[int, ...]

    def describe(self) -> str:
        """One line for people: ``Sauspiel auf die Gras-Sau won by seats 0+2 with 72: 20``."""
        if not self.contract:
            return "thrown in: nobody plays"
        if self.declarer is None:
            return f"{self.contract}: " + ", ".join(
                f"seat {p} {g:+}" for p, g in enumerate(self.points))
        side = f"seats {self.declarer}+{self.partner}" if self.partner is not None else \
            f"seat {self.declarer}"
        extras = [name for flag, name in ((self.schneider, "schneider"),
                                          (self.schwarz, "schwarz")) if flag]
        if self.laufende:
            extras.append(f"{self.laufende} Laufende")
        if self.doublings:
            extras.append(("Kontra", "Kontra and Re")[self.doublings - 1])
        more = f" ({', '.join(extras)})" if extras else ""
        verb = "won" if self.won else "lost"
        return (f"{self.contract} {verb} by {side} with {self.card_points} points{more}: "
                f"{self.value} per opponent")
