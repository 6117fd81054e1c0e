"""The Hearts seat view: scores, the last trick, the trick in progress, the hand, the passes."""

from __future__ import annotations

from collections.abc import Sequence

from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from parlour.cards import format_cards, iter_cards, parse_card_list
from parlour.cards.notation import DISPLAY_ORDER
from parlour.cards.tricks import trick_winner_no_trump
from parlour.console.render import styled
from parlour.console.views import SeatView
from parlour.console.views.cards import card_text, dim, hand_text, legal_cards, played_text
from parlour.core import Action, DealStarted, Event, GameOver, NotationError, Observation
from parlour.games.hearts import (
    PASS,
    CardPlayed,
    CardsPassed,
    HandDealt,
    HeartsDealScored,
    HeartsObservation,
    Pass,
    PassChosen,
    Play,
    TrickWon,
)
from parlour.games.hearts.events import DIRECTION_NAMES

POSITIONS = ("you", "left", "across", "right")
"""Seats by their offset from yours: seat + 1 is on your left (it plays after you)."""


class HeartsView(SeatView):
    """Hearts from one seat: who is where, points, the last trick, the trick, the hand."""

    verb = "play"
    hints = (
        "Type a card: Q♠, qs or Qs; ten as T, 0 or 10 (th, 0h, 10h).",
        "A bare rank will do when only one card fits: the suit you must follow, else the only "
        "card of that rank you hold (q, k, 5).",
        "Passing: choose one card at a time, or all three at once (qs ks as); type a chosen "
        "card again to take it back; Enter passes the three chosen.",
    )

    selection = 0
    """The cards chosen to pass and not yet confirmed (a mask): they may still be taken back."""

    def label(self, seat: int) -> str:
        """``you`` or ``seat 1 (left)``."""
        if seat == self.seat:
            return "you"
        return f"seat {seat} ({POSITIONS[(seat - self.seat) % 4]})"

    def names(self) -> list[str]:
        """Short names for trick lines: ``you``, ``left``, ``across``, ``right``."""
        return [POSITIONS[(s - self.seat) % 4] for s in range(4)]

    # --- the table ----------------------------------------------------------------------------
    def show(self, observation: Observation) -> None:
        if not isinstance(observation, HeartsObservation):
            super().show(observation)
            return
        obs = observation
        print_ = self.console.print
        passing = obs.phase == "pass"
        if passing:
            receiver = (self.seat + _offset(obs.pass_direction)) % 4
            title = f"Deal {obs.deal + 1} · pass {obs.pass_direction} to {self.label(receiver)}"
        else:
            broken = " · hearts broken" if obs.hearts_broken else ""
            title = f"Deal {obs.deal + 1} · trick {len(obs.tricks) + 1} of 13{broken}"
        print_(Rule(title, style="cyan"))
        print_(self.scores(obs))
        if obs.tricks:
            leader, cards = obs.tricks[-1]
            winner = (leader + trick_winner_no_trump(cards)) % 4
            print_(dim("  last trick  ")
                   + played_text(cards, leader, 4, self.names(), winner, self.seat)
                   + Text(f"  → {self.label(winner)}"))
        if passing:
            chosen = self._chosen(obs)
            line = dim("  passing     ")
            line += (styled(format_cards(chosen)) if chosen else dim("-"))
            print_(line + dim(f"  ({chosen.bit_count()} of 3 chosen)"))
        else:
            if obs.received and not obs.tricks:
                print_(dim("  received    ") + styled(format_cards(obs.received)))
            trick = (played_text(obs.trick, obs.leader, 4, self.names(), you=self.seat)
                     if obs.trick else dim("you lead"))
            print_(dim("  trick       ") + trick)
        playable = legal_cards(obs.legal_actions) if obs.current_player == self.seat else None
        hand = int(obs.hand) & ~self._chosen(obs) if passing else int(obs.hand)  # chosen: gone
        print_(dim("  your hand   ") + hand_text(hand, playable))

    def scores(self, obs: HeartsObservation) -> Table:
        """Points this deal and totals per seat, you first, then in playing order."""
        table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
        table.add_column("  seat", style="dim")
        table.add_column("this deal", justify="right")
        table.add_column("total", justify="right")
        for offset in range(4):
            seat = (self.seat + offset) % 4
            style = "bold" if seat == self.seat else ""
            table.add_row(f"  {self.label(seat)}", str(obs.points_taken[seat]),
                          str(obs.scores[seat]), style=style)
        return table

    def prompt(self, observation: Observation) -> str:
        if isinstance(observation, HeartsObservation) and observation.phase == "pass":
            chosen = self._chosen(observation)
            if chosen.bit_count() == 3:
                return f"Enter passes {format_cards(chosen)} (or type one to take it back)> "
            return f"pass card {chosen.bit_count() + 1} of 3> "
        return "play> "

    def _chosen(self, observation: HeartsObservation) -> int:
        """The cards chosen to pass: those passed already and the selection."""
        return int(observation.passed) | self.selection

    # --- the pass: chosen, changed, then confirmed ----------------------------------------------
    def choose(self, actions: list[Action], observation: Observation) -> list[Action]:
        """While passing, a card joins the selection, or leaves it if chosen already; the
        selection is passed on `confirm`. Cards are played at once otherwise."""
        if not isinstance(observation, HeartsObservation) or observation.phase != "pass":
            return actions
        selection = self.selection
        for action in actions:
            selection ^= 1 << _card(action)
        if (selection | int(observation.passed)).bit_count() > 3:
            self.console.print(Text("  ✗ three cards are chosen already; type one of them "
                                    "to take it back", style="bold yellow"))
            return []
        taken_back = self.selection & ~selection
        self.selection = selection
        if taken_back:
            self.console.print(dim("  taken back: ") + styled(format_cards(taken_back)))
        print_ = self.console.print
        print_(dim("  passing     ") + (styled(format_cards(self._chosen(observation)))
                                        if self._chosen(observation) else dim("-")))
        return []

    def confirm(self, observation: Observation) -> list[Action]:
        """The selection's passes, once three cards are chosen."""
        if not isinstance(observation, HeartsObservation) or observation.phase != "pass":
            return []
        if self._chosen(observation).bit_count() != 3:
            return []
        cards = self.selection
        self.selection = 0
        return [PASS[card] for card in sorted(iter_cards(cards))]

    def numbered(self, observation: Observation) -> Sequence[Action]:
        """The legal cards in the order the hand shows them: by suit (♣ ♦ ♠ ♥), high first."""
        return sorted(observation.legal_actions, key=_shown_order)

    def legal(self, observation: Observation) -> Text:
        if legal_cards(observation.legal_actions) is None:
            return super().legal(observation)
        verb = "may pass" if getattr(observation, "phase", "") == "pass" else "may play"
        text = dim(f"  you {verb}: ")
        for number, action in enumerate(self.numbered(observation), start=1):
            text += dim(f"#{number} ") + card_text(_card(action)) + Text(" ")
        return text

    # --- input --------------------------------------------------------------------------------
    def read(self, text: str, observation: Observation) -> list[Action]:
        """A card to play or pass; a bare rank where only one legal card has it; while
        passing, up to the cards still to choose at once."""
        try:
            return super().read(text, observation)
        except NotationError as error:
            only = _only_legal_of_rank(text, observation.legal_actions)
            if only is not None:
                return [only]
            if not isinstance(observation, HeartsObservation) or observation.phase != "pass":
                raise
            several = _several(text)
            if several is None:
                raise error from None
            left = 3 - int(observation.passed).bit_count()
            if len(several) > left:
                raise NotationError(f"{text.strip()!r} names {len(several)} cards, but only "
                                    f"{left} more may be passed") from None
            return [PASS[card] for card in several]

    # --- events -------------------------------------------------------------------------------
    def event(self, event: Event) -> None:
        print_ = self.console.print
        if isinstance(event, DealStarted):
            direction = DIRECTION_NAMES[self.game.pass_offset(event.deal)]  # type: ignore[attr-defined]
            print_(Rule(f"Deal {event.deal + 1} · pass {direction}", style="dim"))
        elif isinstance(event, HandDealt):
            print_(Text("  you are dealt  ") + hand_text(int(event.cards)))
        elif isinstance(event, CardsPassed):
            if event.giver == self.seat:
                print_(Text("  you pass ") + styled(format_cards(event.cards))
                       + Text(f" to {self.label(event.receiver)}"))
            else:
                print_(Text("  you receive ") + styled(format_cards(event.cards))
                       + Text(f" from {self.label(event.giver)}"))
        elif isinstance(event, (CardPlayed, PassChosen)):
            return  # shown with the trick (at your turn and when it is won)
        elif isinstance(event, TrickWon):
            gain = f" +{event.points}" if event.points else ""
            print_(Text(f"  trick {event.trick + 1:>2}  ")
                   + played_text(event.cards, event.leader, 4, self.names(), event.winner,
                                 self.seat)
                   + Text(f"  → {self.label(event.winner)}{gain}",
                          style="yellow" if event.points else "dim"))
        elif isinstance(event, HeartsDealScored):
            self.deal_scored(event)
        elif isinstance(event, GameOver):
            self.game_over(event)
        else:
            super().event(event)

    def deal_scored(self, event: HeartsDealScored) -> None:
        if event.moon_shooter is not None:
            self.console.print(Text(f"  {self.label(event.moon_shooter)} shot the moon!",
                                    style="bold magenta"))
        parts = [f"{self.label(s)} {_signed(p)} = {t}"
                 for s, (p, t) in enumerate(zip(event.points, event.totals, strict=True))]
        self.console.print(Text(f"  deal {event.deal + 1} scored: " + " · ".join(parts),
                                style="bold"))

    def game_over(self, event: GameOver) -> None:
        order = sorted(range(4), key=lambda s: event.scores[s])
        place = order.index(self.seat) + 1
        winners = ", ".join(self.label(w) for w in event.winners)
        self.console.print(Rule(f"Game over · winner: {winners}", style="bold"))
        self.console.print(Text(f"  you finish {_ordinal(place)} of 4 with "
                                f"{event.scores[self.seat]} points"))


def _card(action: Action) -> int:
    """The card a Hearts action plays or passes."""
    assert isinstance(action, (Pass, Play)), action
    return action.card


def _shown_order(action: Action) -> tuple[int, int]:
    """Where a card action's card stands in a hand as shown: suit by `DISPLAY_ORDER`, then
    high to low."""
    card = _card(action)
    return DISPLAY_ORDER.index(card >> 4), -(card & 15)


def _offset(direction: str) -> int:
    return {name: offset for offset, name in DIRECTION_NAMES.items()}[direction]


def _only_legal_of_rank(text: str, legal: Sequence[Action]) -> Action | None:
    """The one legal action whose card has the rank `text` names (``2``, ``q``), if one."""
    raw = text.strip().lower()
    rank = {"10": 10, "0": 10, "t": 10, "j": 11, "q": 12, "k": 13, "a": 14}.get(raw)
    if rank is None and raw.isdigit() and 2 <= int(raw) <= 9:
        rank = int(raw)
    fits = [a for a in legal if getattr(a, "card", -1) & 15 == rank]
    return fits[0] if rank is not None and len(fits) == 1 else None


def _several(text: str) -> Sequence[int] | None:
    """Two or more cards (``qs ks as``), or None."""
    raw = text.strip()
    if raw.lower().startswith("pass"):
        raw = raw[4:]
    try:
        cards = parse_card_list(raw)
    except NotationError:
        return None
    return cards if len(cards) >= 2 else None


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
