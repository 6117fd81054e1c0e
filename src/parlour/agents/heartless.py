"""Heartless-style scripts for Hearts (`heartless:./script.py`): one process per decision.

A heartless script is run once per decision with ``--key=value`` arguments describing the table
from its own seat (it always sits at "me", ``--who=0``) and prints its card(s): one card to
play, or three cards to pass, which this adapter hands to the match one pass at a time. The
arguments are defined precisely in docs/protocol.md ("Heartless scripts").

Each call has the move's time (the script is killed when it runs over), its output is capped,
and it runs with the limits of `ProcessLimits`, in a fresh sandbox where bubblewrap is
available (`parlour.agents.sandbox`), so nothing it writes survives to the next decision. When
a call ends, every process the script started is killed. Once the script has crashed, every
later decision fails at once (the match forfeits the seat). A timeout, a crash or unreadable
output becomes `AgentTimeout`, `AgentCrashed` or `AgentGarbage`, which the
match's fault rules handle like any other fault; stderr goes to the log.
"""

from __future__ import annotations

import logging
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from random import Random
from typing import Any

from parlour.agents.base import AgentCrashed, AgentGarbage, AgentTimeout, BaseAgent
from parlour.agents.external import ProcessLimits
from parlour.agents.reaper import BotProcesses
from parlour.agents.sandbox import launch
from parlour.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    SUIT_MASKS,
    iter_cards,
    parse_card,
    parse_card_list,
)
from parlour.cards.tricks import trick_winner_no_trump
from parlour.core import Action, AgentError, Game, NotationError, Observation
from parlour.games.hearts import PASS, PLAY, Hearts, HeartsObservation

log = logging.getLogger("parlour.agents.heartless")

NOBODY = 4
"""The player number heartless uses for "no one" (no leader yet, no card played yet)."""
SUIT_WORDS = {CLUBS: "club", DIAMONDS: "diamond", SPADES: "spade", HEARTS: "heart"}
SUIT_ORDER = (CLUBS, DIAMONDS, SPADES, HEARTS)
"""Heartless's suit order, for listing cards."""
SUIT_CHARS_ORDER = ((HEARTS, "h"), (SPADES, "s"), (DIAMONDS, "d"), (CLUBS, "c"))
"""Heartless's order for `suit_chars` (``"hsdc"`` when every suit is possible)."""
RANK_TEXT = "  234567890JQKA"
SUIT_TEXT = "cdhs"
RELATIVE = ("my", "left", "opposite", "right")
_SUIT_MARKS = set("cdhsCDHS♣♦♥♠♧♢♡♤")


# --- the arguments ----------------------------------------------------------------------------
def card_text(card: int) -> str:
    """One card as heartless writes it: rank (``0`` for ten), lowercase suit: ``0h``, ``Qs``."""
    return RANK_TEXT[card & 15] + SUIT_TEXT[card >> 4]


def cards_text(mask: int) -> str:
    """Cards as heartless writes them: each with its suit, no spaces, clubs, diamonds, spades,
    hearts, low to high (``2c0cQd5s``); the empty string for none."""
    parts: list[str] = []
    for suit in SUIT_ORDER:
        parts.extend(card_text(c) for c in iter_cards(mask & SUIT_MASKS[suit]))
    return "".join(parts)


def heartless_args(observation: HeartsObservation, game: Hearts) -> list[str]:
    """The ``--key=value`` arguments for a Hearts `observation` (see docs/protocol.md).

    Players are numbered from the observing seat: 0 me, 1 left (the next to play), 2 opposite,
    3 right; 4 is nobody.
    """
    seat = observation.seat
    playing = observation.phase == "play"

    def rel(player: int) -> int:
        return (player - seat) % 4

    tricks = observation.tricks
    trick = observation.trick
    discarding = [0] * 4
    taken = [0] * 4
    may_have = [{CLUBS, DIAMONDS, SPADES, HEARTS} for _ in range(4)]
    discarded = 0
    for leader, cards in (*tricks, (observation.leader, trick)):
        if not cards:
            continue
        lead_suit = cards[0] >> 4
        for i, card in enumerate(cards):
            player = (leader + i) % 4
            discarded |= 1 << card
            if card >> 4 != lead_suit:
                may_have[player].discard(lead_suit)
        if len(cards) == 4:
            winner = (leader + trick_winner_no_trump(cards)) % 4
            for card in cards:
                taken[winner] |= 1 << card
    high_card = round_winner = None
    for i, card in enumerate(trick):
        discarding[(observation.leader + i) % 4] = 1 << card
    if trick:
        best = trick_winner_no_trump(trick)
        high_card = trick[best]
        round_winner = (observation.leader + best) % 4
    hand_scores, _ = game.score_deal(taken)
    hand = int(observation.hand)
    if not playing:
        hand &= ~int(observation.passed)
    if trick:
        suit_to_follow = SUIT_WORDS[trick[0] >> 4]
    elif playing and not tricks:
        suit_to_follow = SUIT_WORDS[CLUBS]  # the 2♣ leads the first trick
    else:
        suit_to_follow = ""
    args = {
        "who": "0",
        "hand": cards_text(hand),
        "discarded": cards_text(discarded),
        "suit_to_follow": suit_to_follow,
        "round": str(len(tricks) + 1 if playing else 0),
        "under_the_gun": str(rel(observation.leader) if playing else NOBODY),
        "round_winner": str(NOBODY if round_winner is None else rel(round_winner)),
        "high_card": "" if high_card is None else card_text(high_card),
    }
    for offset, name in enumerate(RELATIVE):
        player = (seat + offset) % 4
        args[f"{name}_discarding"] = cards_text(discarding[player])
        args[f"{name}_hand_score"] = str(hand_scores[player])
        args[f"{name}_game_score"] = str(observation.scores[player])
        args[f"{name}_suit_chars"] = "".join(ch for s, ch in SUIT_CHARS_ORDER
                                             if s in may_have[player])
    return [f"--{key}={value}" for key, value in args.items()]


def read_cards(text: str, hand: int, follow_suit: int | None) -> list[int]:
    """The cards a script printed, in order, read as heartless does.

    Whitespace is ignored; cards of one suit may share a trailing suit mark (``QKAs``); ranks
    after the last suit mark get their suit from the hand: the suit to follow when held, else
    the only suit in which the hand holds that rank.
    """
    last = max((i for i, ch in enumerate(text) if ch in _SUIT_MARKS), default=-1)
    head, tail = text[:last + 1], text[last + 1:]
    cards = parse_card_list(head) if head.strip() else []
    tail = "".join(tail.split())
    i = 0
    while i < len(tail):
        size = 2 if tail.startswith("10", i) else 1
        cards.append(parse_card(tail[i:i + size], hand, follow_suit))
        i += size
    if len(set(cards)) != len(cards):
        raise NotationError(f"cannot read {text!r}: a card is named twice")
    return cards


# --- the process ------------------------------------------------------------------------------
class _Run:
    """One run of a script: its exit status (None on a timeout), stdout (capped), stderr."""

    def __init__(self, process: subprocess.Popen[bytes], seconds: float, cap: int,
                 end: Callable[[], None]) -> None:
        self.code: int | None = None
        self.out = bytearray()
        self.err = bytearray()
        self.flooded = False
        assert process.stdout is not None and process.stderr is not None
        selector = selectors.DefaultSelector()
        selector.register(process.stdout, selectors.EVENT_READ, self.out)
        selector.register(process.stderr, selectors.EVENT_READ, self.err)
        pidfd = _pidfd(process)
        if pidfd is not None:
            selector.register(pidfd, selectors.EVENT_READ, None)
        deadline = time.monotonic() + max(0.0, seconds)
        exited = False
        try:
            while not exited and not self.flooded:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                # without a pidfd, look at the process every 10 ms
                for key, _ in selector.select(remaining if pidfd else min(remaining, 0.01)):
                    if key.data is None:
                        exited = True
                    else:
                        self._read(selector, key, cap)
                if pidfd is None and process.poll() is not None:
                    exited = True
            end()  # the script on a timeout or a flood, and any process it left behind
            grace = time.monotonic() + 1.0  # read what the script wrote before it ended
            while not self.flooded and self._pipes(selector):
                events = selector.select(max(0.0, grace - time.monotonic()))
                if not events:
                    break
                for key, _ in events:
                    if key.data is None:
                        selector.unregister(key.fileobj)
                    else:
                        self._read(selector, key, cap)
        finally:
            selector.close()
            if pidfd is not None:
                os.close(pidfd)
            process.stdout.close()
            process.stderr.close()
            code = process.wait()
        if exited:
            self.code = code

    @staticmethod
    def _pipes(selector: selectors.BaseSelector) -> bool:
        return any(key.data is not None for key in selector.get_map().values())

    def _read(self, selector: selectors.BaseSelector, key: selectors.SelectorKey,
              cap: int) -> None:
        """Read what is there (up to `cap` bytes kept); a closed stream is unregistered."""
        chunk = os.read(key.fd, 1 << 16)
        if not chunk:
            selector.unregister(key.fileobj)
            return
        buffer: bytearray = key.data
        room = cap - len(buffer)
        if len(chunk) <= room:
            buffer += chunk
            return
        buffer += chunk[:max(0, room)]
        if buffer is self.out:
            self.flooded = True  # stderr past the cap is read and dropped


def _pidfd(process: subprocess.Popen[bytes]) -> int | None:
    """A descriptor that becomes readable when `process` exits (Linux), else None."""
    try:
        return os.pidfd_open(process.pid)
    except (AttributeError, OSError):
        return None


def script_command(text: str) -> list[str]:
    """The command line of a ``heartless:`` spec; a ``.py`` file that is not executable runs
    with this Python."""
    try:
        argv = shlex.split(text)
    except ValueError as error:
        raise AgentError(f"cannot read heartless command {text!r}: {error}") from None
    if not argv:
        raise AgentError("heartless: needs a script, like 'heartless:./bot.py'")
    path = Path(argv[0])
    if path.is_file():
        argv[0] = str(path.absolute())  # a bare name is a file here, not a program on PATH
        if argv[0].endswith(".py") and not os.access(path, os.X_OK):
            argv.insert(0, sys.executable)
        elif not os.access(path, os.X_OK):
            raise AgentError(f"heartless script {text.split()[0]!r} is not executable: "
                             f"chmod +x it, or name its interpreter "
                             f"('heartless:python3 {text.split()[0]}')")
    elif shutil.which(argv[0]) is None:
        raise AgentError(f"heartless script {argv[0]!r} does not exist")
    return argv


class HeartlessAgent(BaseAgent):
    """Runs a heartless-style script once per Hearts decision."""

    def __init__(self, command: str | Sequence[str], game: Game[Any], seat: int = 0,
                 limits: ProcessLimits | None = None, name: str | None = None) -> None:
        self.argv = script_command(command) if isinstance(command, str) else list(command)
        self.name = name or f"heartless:{shlex.join(self.argv)}"
        self.limits = limits or ProcessLimits()
        self.game = _check_game(game, self.name)
        self.seat = seat
        self.calls = 0
        self.seconds = 0.0
        """Process calls made and the wall-clock seconds they took (for measurements)."""
        self._stderr_lines = 0
        self._queue: list[Action] = []
        self._queue_deal = -1
        self._processes = BotProcesses()
        self._dead: str | None = None
        """Why the script crashed, once it has: later decisions fail at once."""

    def on_game_start(self, game: Game[Any], seat: int) -> None:
        self.game = _check_game(game, self.name)
        self.seat = seat

    def act(self, observation: Observation) -> Action:
        return self.act_within(observation, self.limits.move_time)

    def act_within(self, observation: Observation, seconds: float) -> Action:
        """Decide within `seconds`: run the script (or use a pass it already chose)."""
        if not isinstance(observation, HeartsObservation):
            raise AgentError(f"{self.name} needs a Hearts observation, not "
                             f"{type(observation).__name__}")
        obs = observation
        if self._dead is not None:
            raise AgentCrashed(self._dead)
        if obs.phase == "pass":
            return self._pass(obs, seconds)
        text = self.run(obs, seconds)
        follow = obs.lead_suit if obs.trick else (CLUBS if not obs.tricks else None)
        cards = self._read(text, int(obs.hand), follow)
        if len(cards) != 1:
            raise AgentGarbage(f"printed {len(cards)} cards ({text[:40]!r}); expected one to play")
        return PLAY[cards[0]]

    def _pass(self, obs: HeartsObservation, seconds: float) -> Action:
        legal = obs.legal_actions
        if self._queue and self._queue_deal == obs.deal:
            action = self._queue.pop(0)
            if action in legal:
                return action
        self._queue = []
        needed = 3 - int(obs.passed).bit_count()
        text = self.run(obs, seconds)
        cards = self._read(text, int(obs.hand) & ~int(obs.passed), None)
        if not needed <= len(cards) <= 3:
            raise AgentGarbage(f"printed {len(cards)} card(s) ({text[:40]!r}); expected "
                               f"{'three' if needed == 3 else needed} to pass")
        actions: list[Action] = [PASS[c] for c in cards[:needed]]
        illegal = next((a for a in actions if a not in legal), None)
        if illegal is not None:
            return illegal  # the match records it as an illegal move, with the reason
        self._queue, self._queue_deal = actions[1:], obs.deal
        return actions[0]

    @staticmethod
    def _read(text: str, hand: int, follow: int | None) -> list[int]:
        try:
            return read_cards(text, hand, follow)
        except NotationError as error:
            shown = text if len(text) <= 60 else text[:57] + "..."
            raise AgentGarbage(f"output {shown!r} is not cards: {error}") from None

    def run(self, observation: HeartsObservation, seconds: float) -> str:
        """Run the script for `observation` within `seconds`; its output, stripped."""
        argv = [*self.argv, *heartless_args(observation, self.game)]
        limits = self.limits
        start = time.perf_counter()
        try:
            launched = launch(argv, limits, self._processes, self.name,
                              stdin=subprocess.DEVNULL)
        except AgentError as error:
            self._dead = str(error)
            raise AgentCrashed(self._dead) from None
        process = launched.process
        try:
            run = _Run(process, seconds, limits.max_line_bytes,
                       lambda: launched.end(self._processes))
        finally:
            self.calls += 1
            self.seconds += time.perf_counter() - start
        last = self._log_stderr(bytes(run.err))
        if run.flooded:
            raise AgentGarbage(f"printed more than {limits.max_line_bytes} bytes")
        code = run.code
        if code is None:
            raise AgentTimeout(f"no answer within {seconds:.3g}s; the script was killed")
        if code > 128 and launched.sandboxed:
            code = 128 - code  # bwrap passes a signal on as 128+n
        if code != 0:
            reason = (f"killed by signal {_signal_name(-code)}" if code < 0
                      else f"exited with status {code}")
            self._dead = f"the script {reason}" + (f"; last stderr: {last}" if last else "")
            raise AgentCrashed(self._dead)
        text = run.out.decode("utf-8", errors="replace").strip()
        if not text:
            raise AgentGarbage("the script printed nothing")
        return text

    def _log_stderr(self, data: bytes) -> str:
        """Log the script's stderr (capped per game); return its last line."""
        lines = data.decode("utf-8", errors="replace").splitlines()
        for line in lines:
            self._stderr_lines += 1
            if self._stderr_lines <= self.limits.stderr_lines:
                log.warning("seat %d (%s) stderr: %s", self.seat, self.name, line[:1000])
        return lines[-1][:300] if lines else ""


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)


def _check_game(game: Game[Any] | None, name: str) -> Hearts:
    if not isinstance(game, Hearts):
        which = "no game" if game is None else f"{game.id!r}"
        raise AgentError(f"{name} is a heartless script, which plays Hearts only, not {which}")
    return game


def heartless_agent(text: str, game: Game[Any] | None = None, seat: int = 0,
                    rng: Random | None = None,
                    limits: ProcessLimits | None = None) -> HeartlessAgent:
    """The ``heartless:`` scheme: ``heartless:./script.py`` or ``heartless:python3 bot.py``."""
    return HeartlessAgent(text, game=_check_game(game, f"heartless:{text}"), seat=seat,
                          limits=limits)
