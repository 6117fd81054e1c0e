"""Settling a Doppelkopf deal by the DDV's TSR: who wins, the game value, the special points.

Announcement levels per party: 0 none, 1 the Ansage (Re or Kontra), 2 keine 90, 3 keine 60,
4 keine 30, 5 schwarz. A party's level includes every lower one.
"""

from __future__ import annotations

from dataclasses import dataclass

RE, KONTRA = 0, 1
PARTY_NAMES = ("re", "kontra")
_LIMITS = {2: 90, 3: 60, 4: 30}
"""The points an Absage of each level allows the opponents to stay below."""


@dataclass(frozen=True, slots=True)
class Settlement:
    """A settled deal: `winner` (RE, KONTRA or None), the `value` of the game to the winner
    (before special points), the named `items`, and `net`, what each Re player gets per
    share (a Kontra player the opposite)."""

    winner: int | None
    value: int
    items: tuple[str, ...]
    net: int


def _fulfils_absage(level: int, opponent_points: int, opponent_tricks: int) -> bool:
    if level == 5:
        return opponent_tricks == 0
    return opponent_points < _LIMITS[level]


def _wins(party: int, levels: tuple[int, int], points: tuple[int, int],
          tricks: tuple[int, int]) -> bool:
    """Whether `party` reached what it needed (each party's need is set by the announcements)."""
    other = 1 - party
    own, theirs = levels[party], levels[other]
    if own >= 2:
        return _fulfils_absage(own, points[other], tricks[other])
    if theirs >= 2:  # beat the opponents' Absage: reach its limit (a trick against schwarz)
        return tricks[party] > 0 if theirs == 5 else points[party] >= _LIMITS[theirs]
    if party == RE:
        return points[RE] >= (120 if levels[KONTRA] >= 1 and levels[RE] == 0 else 121)
    return points[KONTRA] >= (121 if levels[KONTRA] >= 1 and levels[RE] == 0 else 120)


def _against_absage(party: int, levels: tuple[int, int], points: tuple[int, int],
                    tricks: tuple[int, int]) -> list[str]:
    """The '120 v. keine 90' steps `party` reached against the other party's Absagen."""
    theirs = levels[1 - party]
    steps = []
    for level, need, name in ((2, 120, "120 v. keine 90"), (3, 90, "90 v. keine 60"),
                              (4, 60, "60 v. keine 30"), (5, 30, "30 v. schwarz")):
        if theirs >= level and points[party] >= need:
            steps.append(name)
    return steps


def settle(re_points: int, re_tricks: int, kontra_tricks: int, levels: tuple[int, int],
           special: tuple[tuple[int, str], ...], solo: bool,
           gegen_die_alten: bool = True) -> Settlement:
    """Settle a deal: Re's card points and tricks, Kontra's tricks, each party's announcement
    level, the special points earned as ``(party, name)`` (empty in a solo), and whether it
    was a solo (no "gegen die Kreuz-Damen" then, nor with `gegen_die_alten` off)."""
    points = (re_points, 240 - re_points)
    tricks = (re_tricks, kontra_tricks)
    winner: int | None = None
    if _wins(RE, levels, points, tricks):
        winner = RE
    elif _wins(KONTRA, levels, points, tricks):
        winner = KONTRA
    if winner is None:  # both Absagen failed: only the steps against them and special points
        items = [f"{PARTY_NAMES[p]}: {name}" for p in (RE, KONTRA)
                 for name in _against_absage(p, levels, points, tricks)]
        net = (len(_against_absage(RE, levels, points, tricks))
               - len(_against_absage(KONTRA, levels, points, tricks)))
        for party, name in special:
            items.append(f"{PARTY_NAMES[party]}: {name}")
            net += 1 if party == RE else -1
        return Settlement(None, 0, tuple(items), net)
    loser = 1 - winner
    items = ["won"]
    for limit, name in ((90, "under 90"), (60, "under 60"), (30, "under 30")):
        if points[loser] < limit:
            items.append(name)
    if tricks[loser] == 0:
        items.append("schwarz")
    if levels[RE] >= 1:
        items += ["Re announced"] * 2
    if levels[KONTRA] >= 1:
        items += ["Kontra announced"] * 2
    for party in (RE, KONTRA):
        for level in range(2, levels[party] + 1):
            items.append(f"{_LEVEL_NAMES[level]} announced")
    items += _against_absage(winner, levels, points, tricks)
    if winner == KONTRA and not solo and gegen_die_alten:
        items.append("gegen die Kreuz-Damen")
    value = len(items)
    net = value
    for party, name in special:
        items.append(f"{PARTY_NAMES[party]}: {name}")
        net += 1 if party == winner else -1
    return Settlement(winner, value, tuple(items), net if winner == RE else -net)


_LEVEL_NAMES = ("", "", "keine 90", "keine 60", "keine 30", "schwarz")
