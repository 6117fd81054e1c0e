"""Tables being played from the page: a `Match` with people at some seats and bots at the rest.

Each person's seat has its own unguessable token: the token is the only way to see that seat
or move for it, so one browser tab cannot see another seat's cards. The creator of a table
gets an *invite* for each other person's seat, not its token: an invite is claimed once
(`Tables.claim`), which hands the seat's token to that browser alone; a second use is refused.
A table with more than one person never takes a seed from its creator: the server draws it,
and it is shown only with the finished record. A table runs as one asyncio
task that drives the match: at a person's turn it waits for their move, at a bot's turn it
waits the table's pace and lets the bot think in a worker thread. After every move it sends
each connected person the view of their own seat (built from that seat's observation only)
and the log lines their seat may see.

The state is only read or changed by that task, or by a person's move while the task waits
for exactly that move, so a bot thinking in its thread never races a reader.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Protocol

from rich.console import Console

from parlour.agents import Agent, AgentQuit, BaseAgent
from parlour.console.views import SeatView
from parlour.console.views import view_for as console_view_for
from parlour.core import Action, Game, Observation, ParlourError
from parlour.core.seeding import fresh_seed
from parlour.match import FaultRules, Match
from parlour.web.catalog import PERSON, check_spec, make_game
from parlour.web.config import ServerConfig
from parlour.web.messages import Act, NewTable, Pace, Resign, Sync
from parlour.web.views import TableView, view_for

log = logging.getLogger("parlour.web")

MAX_LOG = 5000
"""Log lines kept per seat (for a page that reconnects)."""
BOT_FAULT_RULES = FaultRules(move_time=30.0, time_bank=60.0, sandbox="on")
"""Bots get 30 s a move (plus a 60 s bank); people are never timed. A program a table seats
never starts outside the sandbox."""


class InviteRefused(ParlourError):
    """An invite that cannot seat anyone (unknown, or already used); `status` is the HTTP
    status the API answers with."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class Socket(Protocol):
    """What a table needs of a WebSocket: sending text."""

    async def send_text(self, data: str) -> None: ...


class WebSeat(BaseAgent):
    """A person at the page: plays the move the table hands it, never anything else."""

    name = PERSON
    interactive = True

    def __init__(self) -> None:
        self.next: Action | None = None

    def act(self, observation: Observation) -> Action:
        action, self.next = self.next, None
        if action is None:  # the table always sets a move first; never guess one
            raise AgentQuit(f"no move from the page for seat {observation.seat}")
        return action


@dataclass(eq=False)
class Person:
    """One seat played from the page, and the tabs connected to it."""

    table: Table
    seat: int
    token: str
    creator: bool
    invite: str | None = None
    """The single-use code that hands this seat to an invited person (None once claimed, and
    for the creator)."""
    agent: WebSeat = field(default_factory=WebSeat)
    sockets: set[Socket] = field(default_factory=set)
    log: list[dict[str, str]] = field(default_factory=list)
    view: dict[str, Any] | None = None
    observation: Observation | None = None
    moves: asyncio.Queue[list[Action] | None] = field(default_factory=asyncio.Queue)
    pending: list[Action] = field(default_factory=list)
    reader: SeatView | None = None


def not_your_turn(view: TableView, current: int | None, you: int) -> str:
    """Why a move sent by seat `you` is refused when the table is not waiting for it, with
    `current` the seat to move (None: nobody, the game is between moves)."""
    if current is None:
        return "It is not your turn: nobody is to move yet."
    if current == you:
        return "Your turn is coming: wait until the table asks for your move."
    return f"It is not your turn: {view.label(current, you)} is to move."


class Table:
    """One game at the page: people at some seats, bots at the others."""

    def __init__(self, table_id: str, game: Game[Any], specs: Sequence[str], people: set[int],
                 creator: int, seed: int, pace: float) -> None:
        self.id = table_id
        self.game = game
        self.seed = seed
        self.pace = pace
        self.people: dict[int, Person] = {}
        for seat in sorted(people):
            invite = None if seat == creator else secrets.token_urlsafe(24)
            self.people[seat] = Person(self, seat, secrets.token_urlsafe(24), seat == creator,
                                       invite)
        agents: list[str | Agent] = [
            self.people[seat].agent if seat in self.people else spec
            for seat, spec in enumerate(specs)
        ]
        self.match = Match(game, agents, seed=seed, fault_rules=BOT_FAULT_RULES)
        self.specs = list(self.match.specs)
        self.view: TableView = view_for(game, self.specs)
        self.waiting: int | None = None
        """The seat whose move the table is waiting for (a person's), else None."""
        self.thinking: int | None = None
        self.finished = False
        self.abandoned = False
        self.failure: str | None = None
        self.touched = time.monotonic()
        self.task: asyncio.Task[None] | None = None
        self._sent_events = 0
        self._rng = Random(seed ^ 0x5EA7)

    # --- what the page may know ------------------------------------------------------------
    def meta(self, person: Person) -> dict[str, Any]:
        """The table as one person's page shows it (never another seat's token, and never the
        seed while the game is on: the seed would reveal every deal). The creator sees the
        invites not yet claimed."""
        data: dict[str, Any] = {
            "id": self.id, "game": self.game.id, "spec": self.game.spec,
            "name": self.game.name or self.game.id, "seat": person.seat,
            "seats": self.specs, "people": sorted(self.people), "pace": self.pace,
            "finished": self.finished, "abandoned": self.abandoned,
            "thinking": self.thinking,
        }
        if person.creator:
            data["invites"] = {str(s): p.invite for s, p in self.people.items()
                               if p.invite is not None}
        if self.finished:
            data["seed"] = self.seed
        return data

    # --- driving the match -----------------------------------------------------------------
    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self.run(), name=f"table {self.id}")

    async def run(self) -> None:
        """Play the game to its end (or until abandoned), sending views as it goes."""
        match = self.match
        try:
            await self.publish()
            while not match.state.is_terminal and not self.abandoned:
                seat = match.state.current_player
                assert seat is not None
                person = self.people.get(seat)
                if person is not None:
                    action = await self.next_move(person)
                    if action is None:
                        break
                    person.agent.next = action
                    match.step()
                else:
                    self.thinking = seat
                    await self.publish_status()
                    if self.pace:
                        await asyncio.sleep(self.pace)
                    if self.abandoned:
                        break
                    await asyncio.to_thread(match.step)
                    self.thinking = None
                await self.publish()
            if match.state.is_terminal:
                match.step()  # lets the match finish: agents' end hooks, processes closed
        except AgentQuit:
            self.abandoned = True
        except Exception as error:  # a bug in a game or bot must not leave a dead table
            log.exception("table %s stopped", self.id)
            self.failure = f"the game stopped on an error: {type(error).__name__}: {error}"
            self.abandoned = True
        finally:
            self.thinking = None
            self.waiting = None
            self.finished = True
            match.close()
            with contextlib.suppress(Exception):
                await self.publish()
                if self.failure:
                    await self.broadcast({"type": "error", "message": self.failure})

    async def next_move(self, person: Person) -> Action | None:
        """The person's next move: one they queued earlier or a new one, checked again
        against the state (a move is never handed to the match unchecked)."""
        state = self.match.state
        while True:
            if person.pending:
                action = person.pending.pop(0)
            else:
                self.waiting = person.seat
                moves = await person.moves.get()
                self.waiting = None
                if not moves:
                    return None
                action, person.pending = moves[0], list(moves[1:])
            if state.is_legal(action):
                return action
            person.pending.clear()
            await self.tell(person, f"{action} is not legal now; choose again")

    # --- messages from the page ------------------------------------------------------------
    async def receive(self, person: Person, message: Act | Pace | Resign | Sync) -> None:
        """Carry out one (already validated) message from `person`'s page."""
        self.touched = time.monotonic()
        if isinstance(message, Sync):
            await self.send_all(person)
        elif isinstance(message, Pace):
            self.pace = message.seconds
            await self.publish_status()
        elif isinstance(message, Resign):
            if not self.finished:
                log.info("table %s: seat %d leaves the game", self.id, person.seat)
                self.abandon()
        else:
            await self.act(person, message.action)

    async def act(self, person: Person, text: str) -> None:
        """A move typed or clicked on the page: checked, then handed to the match."""
        if self.finished:
            await self.tell(person, "The game is over.")
            return
        if self.waiting != person.seat or person.observation is None:
            current = self.match.state.current_player if self.waiting is None else self.waiting
            await self.tell(person, not_your_turn(self.view, current, person.seat))
            return
        observation = person.observation
        try:
            actions = self.read(person, text, observation)
        except ParlourError as error:
            await self.tell(person, str(error))
            return
        except Exception as error:  # a parser's bug must not end the game for a typo
            log.warning("table %s: reading %r failed: %s", self.id, text, error)
            await self.tell(person, f"cannot read {text!r}")
            return
        state = self.match.state  # stable: the driver waits for this very move
        for action in actions:
            if not state.is_legal(action):
                await self.tell(person, f"{action} is not legal now: "
                                f"{self.why_illegal(action, observation)}")
                return
        for action in actions:
            refusal = self.view.refuse(action, observation)
            if refusal:
                await self.tell(person, refusal)
                return
        if len(set(actions)) != len(actions):
            await self.tell(person, f"{text!r} names the same move twice")
            return
        self.waiting = None
        person.moves.put_nowait(actions)

    def read(self, person: Person, text: str, observation: Observation) -> list[Action]:
        """The move(s) `text` names, read as the console reads a person's entry."""
        if person.reader is None:
            person.reader = console_view_for(self.game, person.seat,
                                             Console(file=io.StringIO(), width=100))
        actions = person.reader.read(text.strip(), observation)
        if not actions:
            raise ParlourError(f"{text!r} names no move")
        return actions

    def why_illegal(self, action: Action, observation: Observation) -> str:
        """Why `action` may not be played, as far as the seat can tell (from a world sampled
        from its observation, so the reason cannot give away hidden cards)."""
        try:
            reason = self.game.sample_state(observation, self._rng).why_illegal(action)
        except Exception:
            reason = None
        return reason or "it is not among your legal moves"

    def abandon(self) -> None:
        """Stop the game: the driver ends at its next step."""
        self.abandoned = True
        for person in self.people.values():
            person.moves.put_nowait(None)

    # --- sending --------------------------------------------------------------------------------
    async def connect(self, person: Person, socket: Socket) -> None:
        person.sockets.add(socket)
        self.touched = time.monotonic()
        await self.send_all(person, only=socket)

    def disconnect(self, person: Person, socket: Socket) -> None:
        person.sockets.discard(socket)
        self.touched = time.monotonic()

    async def publish(self) -> None:
        """Send every person the view of their seat and the new log lines they may see."""
        state = self.match.state
        events = state.events[self._sent_events:]
        self._sent_events = len(state.events)
        result: tuple[tuple[int, ...], tuple[int, ...], bool] | None = None
        if self.finished:
            done = state.is_terminal
            result = (tuple(state.scores()), tuple(state.winners()) if done else (), done)
        current = state.current_player
        if not self.finished and current in self.people:
            self.waiting = current  # before sending: a quick click must find the table ready
        for seat, person in self.people.items():
            observation = state.observe(seat)
            view = self.view.seat_view(observation, seat)
            if result is not None:
                scores, winners, complete = result
                view["result"] = self.view.result(scores, winners, seat, complete)
                view["status"] = view["result"]["headline"]
            lines = [line for event in events if event.visible(seat)
                     and (line := self.view.log_line(event, seat)) is not None]
            person.log.extend(lines)
            del person.log[:-MAX_LOG]
            person.view = view
            person.observation = observation
            await self.send(person, {"type": "view", "view": view, "log": lines,
                                     "table": self.meta(person)})

    async def publish_status(self) -> None:
        """Tell every page the table's state changed (a bot thinking, the pace)."""
        for person in self.people.values():
            await self.send(person, {"type": "status", "table": self.meta(person)})

    async def send_all(self, person: Person, only: Socket | None = None) -> None:
        if person.view is None:
            return  # the first view is on its way
        message = {"type": "view", "view": person.view, "log": person.log, "reset": True,
                   "table": self.meta(person)}
        await self.send(person, message, only)

    async def tell(self, person: Person, text: str) -> None:
        """An error for one person's page (and the log)."""
        log.info("table %s seat %d: %s", self.id, person.seat, text)
        await self.send(person, {"type": "error", "message": text})

    async def broadcast(self, message: dict[str, Any]) -> None:
        for person in self.people.values():
            await self.send(person, message)

    async def send(self, person: Person, message: dict[str, Any],
                   only: Socket | None = None) -> None:
        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        for socket in [only] if only is not None else list(person.sockets):
            try:
                await socket.send_text(text)
            except Exception as error:  # a closed tab: forget it
                log.debug("table %s: dropping a socket: %s", self.id, error)
                person.sockets.discard(socket)

    def record_json(self) -> str:
        """The record of the game (only once it is over: the seed shows every deal)."""
        if not self.finished:
            raise ParlourError("the record can be downloaded once the game is over")
        return self.match.record().to_json()


class Tables:
    """Every table of the server, found by a person's token."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, Person] = {}
        self.invites: dict[str, Person] = {}
        self.claimed: dict[str, str] = {}
        """Invites already used, with their table's id (to say so on a second use)."""

    def create(self, request: NewTable) -> tuple[Table, Person]:
        """A new table from the page's request, validated; raises `ParlourError` if refused."""
        self.sweep()
        playing = self.playing()
        if playing >= self.config.max_tables:
            games = "1 game" if playing == 1 else f"{playing} games"
            raise ParlourError(f"this server is playing {games} at once, its limit; finish or "
                               "leave one of them first (a game frees its place as soon as "
                               "it ends)")
        game = make_game(request.game, dict(request.params))
        seats = [s.strip() for s in request.seats]
        if len(seats) != game.num_players:
            raise ParlourError(f"{game.spec} seats {game.num_players} players, but "
                               f"{len(seats)} seat(s) were given")
        if not 0 <= request.seat < len(seats):
            raise ParlourError(f"seat {request.seat} does not exist: {game.spec} has seats 0 "
                               f"to {len(seats) - 1}")
        seats[request.seat] = PERSON
        specs = [check_spec(spec, game, self.config.allow_local_bots) for spec in seats]
        people = {seat for seat, spec in enumerate(specs) if spec == PERSON}
        if request.seed is not None and len(people) > 1:
            raise ParlourError("a table with more than one person takes no seed: whoever chose "
                               "it would know every hand, so the server draws it (it is shown "
                               "with the record once the game is over)")
        seed = fresh_seed() if request.seed is None else request.seed
        table = Table(secrets.token_urlsafe(12), game, specs, people, request.seat, seed,
                      request.pace)
        self.tables[table.id] = table
        for person in table.people.values():
            self.tokens[person.token] = person
            if person.invite is not None:
                self.invites[person.invite] = person
        log.info("table %s: %s, seats %s", table.id, game.spec, ", ".join(table.specs))
        table.start()
        return table, table.people[request.seat]

    def claim(self, invite: str) -> Person:
        """The seat an invite hands over, once: the invite is used up, so a second use (a
        forwarded link, a guess) is refused with `InviteRefused`."""
        person = self.invites.get(invite)
        if person is None or person.invite is None or not secrets.compare_digest(
                person.invite, invite):
            if invite in self.claimed:
                raise InviteRefused("this invite was already used: an invite seats one "
                                    "person, in the browser that opened it first", status=410)
            raise InviteRefused("no table has this invite (a wrong link, or the table was "
                                "closed)", status=404)
        if person.table.finished:
            raise InviteRefused("this table's game is over", status=410)
        del self.invites[invite]
        person.invite = None
        self.claimed[invite] = person.table.id
        person.table.touched = time.monotonic()
        log.info("table %s: seat %d claimed its invite", person.table.id, person.seat)
        return person

    def playing(self) -> int:
        """Tables whose game is still going on: each holds one of the `max_tables` places.
        A finished or left game gives its place back at once; its table stays (for its
        record and its last view) until it expires or too many finished ones are kept."""
        return sum(1 for table in self.tables.values()
                   if not (table.finished or table.abandoned))

    def find(self, token: str) -> Person | None:
        """The person a token belongs to (compared in constant time), or None."""
        person = self.tokens.get(token)
        if person is None or not secrets.compare_digest(person.token, token):
            return None
        return person

    def sweep(self) -> None:
        """Close tables nobody has touched for a long time; forget finished ones later."""
        now = time.monotonic()
        for table_id, table in list(self.tables.items()):
            idle = now - table.touched
            connected = any(p.sockets for p in table.people.values())
            if not table.finished and idle > self.config.idle_seconds and not connected:
                log.info("table %s: closed after %.0f s without a visitor", table_id, idle)
                table.abandon()
            if table.finished and idle > self.config.idle_seconds:
                self.forget(table_id)
        ended = sorted((t for t in self.tables.values() if t.finished), key=lambda t: t.touched)
        for table in ended[:max(0, len(ended) - self.config.max_finished)]:
            self.forget(table.id)

    def forget(self, table_id: str) -> None:
        """Drop a finished table and its tokens."""
        table = self.tables.pop(table_id)
        for person in table.people.values():
            self.tokens.pop(person.token, None)
            if person.invite is not None:
                self.invites.pop(person.invite, None)
        for invite in [i for i, t in self.claimed.items() if t == table_id]:
            del self.claimed[invite]

    async def close(self) -> None:
        """Stop every table (server shutdown)."""
        for table in self.tables.values():
            table.abandon()
        tasks = [t.task for t in self.tables.values() if t.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=5)
