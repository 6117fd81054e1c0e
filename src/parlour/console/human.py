"""A person at the console (`human`): sees what their seat may see, types their moves.

At each decision the seat's view is shown (`parlour.console.views`: the generic view for any
game, a better one where a game has it), then the person types a move in the game's notation.
Input is forgiving (the game's own parser: ``qs``, a bare ``q`` where only one card fits,
``pass``, ``18``), and a bad entry gets a one-line reason and another try. ``?`` lists the legal
moves (``#N`` plays the Nth listed), ``h`` shows help, an empty line shows the table again (or
confirms a selection, such as Hearts' three cards to pass, which may be changed until then), and
``exit``, ``quit`` or Ctrl-D leave the game (`AgentQuit`: the match stops and keeps its record).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from rich.console import Console
from rich.text import Text

from parlour.agents.base import AgentQuit, BaseAgent
from parlour.console.render import styled
from parlour.console.views import SeatView, view_for
from parlour.console.views.cards import dim
from parlour.core import Action, Event, Game, Observation, ParlourError

InputFunction = Callable[[str], str]
"""Reads one line after showing a prompt, like the built-in `input`."""

LEGAL_COMMANDS = {"?", "l", "legal"}
HELP_COMMANDS = {"h", "help"}
HINT_COMMANDS = {"hint", "!"}
QUIT_COMMANDS = {"exit", "quit"}

GENERAL_HELP = (
    "Type your move in the game's notation and press Enter.",
    "  ? l legal   list the legal moves (#N plays the Nth of the list)",
    "  h help      this help",
    "  hint !      what the game's heuristic bot would play here",
    "  Enter       show the table again (or confirm a choice: Hearts' pass)",
    "  exit quit   leave the game (Ctrl-D too); the moves so far are kept",
)


class HumanAgent(BaseAgent):
    """A person at the console, for any game."""

    name = "human"
    interactive = True
    """A person: never timed by the match."""

    def __init__(self, game: Game[Any] | None = None, seat: int = 0, rng: Random | None = None,
                 console: Console | None = None, input: InputFunction | None = None) -> None:
        self.console = console or Console(highlight=False)
        self.seat = seat
        self._input = input
        self._pending: list[Action] = []
        self._hints: list[Action] = []
        self.view: SeatView | None = None
        if game is not None:
            self.view = view_for(game, seat, self.console)

    # --- the agent protocol -----------------------------------------------------------------
    def on_game_start(self, game: Game[Any], seat: int) -> None:
        self.seat = seat
        self.view = view_for(game, seat, self.console)
        self._pending = []

    def on_event(self, event: Event) -> None:
        if self.view is not None:
            self.view.event(event)

    def act(self, observation: Observation) -> Action:
        view = self.view
        if view is None:
            raise ParlourError("the human agent was not told its game (on_game_start)")
        if self._pending:
            action = self._pending.pop(0)
            if view.refusal(action, observation) is None:
                self.console.print(dim("  → ") + styled(str(action)))
                return action
            self._pending = []
        view.show(observation)
        while True:
            line = self._read(view.prompt(observation)).strip()
            command = line.lower()
            if command in QUIT_COMMANDS:
                raise AgentQuit(f"the player at seat {self.seat} typed {command!r}")
            if command in LEGAL_COMMANDS:
                self.console.print(view.legal(observation))
                continue
            if command in HELP_COMMANDS:
                self._help(view)
                continue
            if command in HINT_COMMANDS:
                self._hint(observation, view)
                continue
            if not command:
                actions = view.confirm(observation)
                if not actions:
                    view.show(observation)
                    continue
            else:
                actions = view.choose(self._understand(line, observation, view), observation)
            if actions:
                self._pending = actions[1:]
                return actions[0]

    # --- internals -----------------------------------------------------------------------------
    def _read(self, prompt: str) -> str:
        try:
            if self._input is not None:
                return self._input(prompt)
            return self.console.input(Text(prompt, style="bold"))
        except EOFError:
            self.console.print()
            raise AgentQuit(f"the player at seat {self.seat} closed the input") from None

    def _understand(self, line: str, observation: Observation, view: SeatView) -> list[Action]:
        """The action(s) `line` names if legal; else print why not and return nothing."""
        legal = view.numbered(observation)
        if line.startswith("#") and line[1:].strip().isdigit():
            number = int(line[1:])
            if 1 <= number <= len(legal):
                return [legal[number - 1]]
            self._complain(f"there is no move #{number}; the legal moves are #1 to "
                           f"#{len(legal)} (type ? to list them)")
            return []
        try:
            actions = view.read(line, observation)
        except ParlourError as error:
            self._complain(str(error))
            return []
        except Exception as error:  # a game's parser must not end the game for a typo
            self._complain(f"cannot read {line!r}: {type(error).__name__}: {error}")
            return []
        for action in actions:
            reason = view.refusal(action, observation)
            if reason is not None:
                self._complain(f"{action} is not legal now: {reason}")
                return []
        if len(set(actions)) != len(actions):
            self._complain(f"{line!r} names the same move twice")
            return []
        return actions

    def _hint(self, observation: Observation, view: SeatView) -> None:
        """Say what the game's heuristic bot would play, as a fresh bot seeing this seat's
        observation only; the person still chooses."""
        game = view.game
        if "heuristic" not in game.agents:
            self._complain(f"no hint: {game.id} has no heuristic bot")
            return
        from parlour.agents import make_agent

        advisor = make_agent("heuristic", game, self.seat, Random(len(self._hints)))
        start = getattr(advisor, "on_game_start", None)
        if start is not None:
            start(game, self.seat)
        try:
            action = advisor.act(observation)
        except Exception as error:  # a bot's failure is no reason to end the person's game
            self._complain(f"no hint: the heuristic bot failed ({type(error).__name__})")
            return
        self._hints.append(action)
        numbered = list(view.numbered(observation))
        number = f" (#{numbered.index(action) + 1})" if action in numbered else ""
        self.console.print(dim("  hint: the heuristic bot would play ") + styled(str(action))
                           + dim(number))

    def _complain(self, message: str) -> None:
        self.console.print(Text(f"  ✗ {message}", style="bold yellow"))

    def _help(self, view: SeatView) -> None:
        for line in (*GENERAL_HELP, *view.hints):
            self.console.print(Text(line, style="dim" if line.startswith("  ") else ""))
