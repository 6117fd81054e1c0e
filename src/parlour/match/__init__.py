"""The match: seats agents at a game, steps their decisions, and produces a `Record`.

Agents get only their seat's observation and the events their seat may see. A misbehaving agent
(an exception, an illegal or malformed action, a timeout, a crashed process, a failing hook)
never stops the match: the fault is logged and recorded, a seeded random legal action is played
instead, and after `FaultRules.strike_limit` faults the seat forfeits and plays fallback moves
to the end. A crash (the agent's process died: `AgentCrashed`) forfeits the seat at once: a dead
process cannot answer again, so later decisions get their fallback without waiting.

Time: with `FaultRules.move_time` set, each decision may take that long plus whatever is left
of the seat's `time_bank`; time over the move limit is taken from the bank. Agents marked
``interactive = True`` (people) are never timed, nor are agents marked ``self_timed = True``,
which enforce the limit themselves with the game's own consequence (a Territory player file
over its time forfeits its turn, as in game17). Agents in another
process are cut off at that budget; in-process agents cannot be interrupted, so a late answer
is discarded and counted as a timeout once the bank is spent. A game may give a late answer its
own consequence instead (`Game.overtime_action(reason)`: Territory forfeits the turn, as game17
does, with no fault counted), so every agent meets the same rule.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.agents import Agent, make_agent
from parlour.agents.base import (
    AgentCrashed,
    AgentFault,
    AgentQuit,
    AgentTimeout,
    act_within_of,
    close_of,
    is_untimed,
)
from parlour.agents.external import ProcessLimits
from parlour.core import Action, Event, Game, ParlourError, State, make_rng
from parlour.core.seeding import fresh_seed
from parlour.match import deprecated
from parlour.records import Fault, GameResult, Record, TimeLimits

log = logging.getLogger("parlour.match")


@dataclass(frozen=True)
class FaultRules:
    """How a match treats misbehaving agents: time limits, strikes, process limits, sandbox."""

    strike_limit: int = 3
    """Faults after which the seat forfeits (its remaining moves are fallback moves)."""
    move_time: float | None = None
    """Seconds per decision (wall clock); None for no limit."""
    time_bank: float = 0.0
    """Extra seconds per seat for the whole game, drawn on when a move runs over."""
    cpu_seconds: int = 600
    """CPU-time limit of each agent process."""
    memory_mb: int = 1024
    """Memory limit of each agent process (and, in the sandbox, of its whole tree), in MiB."""
    sandbox: str = "auto"
    """Whether out-of-process bots run in the sandbox: ``auto``, ``on`` or ``off``
    (docs/agents.md)."""
    bot_network: bool = False
    """Let sandboxed bots use the network."""
    bot_state: str | None = None
    """A folder where each sandboxed bot keeps files between games; None keeps nothing."""
    hidden: tuple[str, ...] = ()
    """Paths no sandboxed bot may see, even inside its own folder (outputs, stores)."""
    bot_env: tuple[str, ...] = ()
    """Names of environment variables passed on to sandboxed bots."""

    def process_limits(self) -> ProcessLimits:
        """The limits for agents that run in another process."""
        move = self.move_time if self.move_time is not None else ProcessLimits.move_time
        return ProcessLimits(move_time=move, cpu_seconds=self.cpu_seconds,
                             memory_mb=self.memory_mb, enforced=self.move_time is not None,
                             sandbox=self.sandbox, network=self.bot_network,
                             state_dir=self.bot_state, hidden=self.hidden,
                             pass_env=self.bot_env)


class Match:
    """One game between agents: `run()` plays it out, `step()` plays one decision, and
    iterating yields every event as it happens (the omniscient view, for display).
    `fault_rules` (default `FaultRules()`) says how misbehaving agents are treated; the old
    keyword ``policy=`` still works, with a `DeprecationWarning`."""

    def __init__(
        self,
        game: Game[Any],
        seats: Sequence[str | Agent],
        seed: int | None = None,
        setup: dict[str, Any] | None = None,
        fault_rules: FaultRules | None = None,
        *,
        policy: FaultRules | None = None,
    ) -> None:
        if len(seats) != game.num_players:
            raise ParlourError(
                f"{game.id} seats {game.num_players} players, but {len(seats)} agents were given"
            )
        if policy is not None:
            if fault_rules is not None:
                raise ParlourError("Match got both fault_rules= and its deprecated name "
                                   "policy=: pass fault_rules= only")
            deprecated.warn_policy_keyword()
            fault_rules = policy
        self.game = game
        self.seed = fresh_seed() if seed is None else int(seed)
        self.setup = dict(setup or {})
        self.fault_rules = fault_rules or FaultRules()
        self.specs = [s if isinstance(s, str) else _agent_name(s) for s in seats]
        limits = self.fault_rules.process_limits()
        self.agents: list[Agent] = []
        try:
            for seat, s in enumerate(seats):
                self.agents.append(
                    make_agent(s, game, seat, make_rng(self.seed, "agent", seat), limits)
                    if isinstance(s, str) else s
                )
        except BaseException:
            self.close()
            raise
        self.bank = [self.fault_rules.time_bank] * len(seats)
        self._fallback_rngs = [make_rng(self.seed, "fallback", seat) for seat in range(len(seats))]
        self.state: State[Any] = game.new_state(seed=self.seed, **self.setup)
        self.times: list[float] = []
        self.faults: list[Fault] = []
        self.strikes = [0] * len(seats)
        self.forfeited: list[int] = []
        self._sent = 0
        self.aborted = False
        """True when an agent quit the game (`AgentQuit`); the record is then unfinished."""
        self._started = False
        self._finished = False

    # --- playing ---------------------------------------------------------------------------
    def step(self) -> list[Event]:
        """Play one decision and return the events it caused (empty once the game is over)."""
        if not self._started:
            self._start()
        state = self.state
        seat = state.current_player
        if seat is None:
            self._finish()
            return []
        before = len(state.events)
        action, elapsed = self._decide(seat)
        state.apply(action)
        self.times.append(elapsed)
        self._forward()
        if state.is_terminal:
            self._finish()
        return state.events[before:]

    def run(self) -> Record:
        """Play to the end and return the record."""
        while not self.state.is_terminal:
            self.step()
        self.step()
        return self.record()

    def __iter__(self) -> Iterator[Event]:
        """Yield every event (all seats' views) from the start until the game is over."""
        if not self._started:
            self._start()
        yield from self.state.events
        while not self.state.is_terminal:
            yield from self.step()
        self._finish()

    def record(self) -> Record:
        """The record of the game so far (complete once the game is over)."""
        return Record.from_state(self.state, self.specs, self.times, self.faults, self.forfeited,
                                 self.time_limits())

    def time_limits(self) -> TimeLimits | None:
        """The time limits of this match as its record states them (None if untimed)."""
        if self.fault_rules.move_time is None:
            return None
        untimed = tuple(seat for seat, agent in enumerate(self.agents) if is_untimed(agent))
        return TimeLimits(self.fault_rules.move_time, self.fault_rules.time_bank, untimed)

    @property
    def policy(self) -> FaultRules:
        """Deprecated name of `fault_rules`."""
        deprecated.warn_policy_attribute()
        return self.fault_rules

    @property
    def result(self) -> GameResult:
        return GameResult.of(self.state)

    # --- internals ---------------------------------------------------------------------------
    def _start(self) -> None:
        self._started = True
        for seat, _agent in enumerate(self.agents):
            self._hook(seat, "on_game_start", self.game, seat)
        self._forward()

    def _finish(self) -> None:
        if self._finished:
            return
        self._finished = True
        self._forward()
        result = self.result
        for seat in range(len(self.agents)):
            self._hook(seat, "on_game_end", result)
        self.close()

    def close(self) -> None:
        """Release the agents' resources (processes); safe to call more than once."""
        for seat, agent in enumerate(self.agents):
            close = close_of(agent)
            if close is not None:
                try:
                    close()
                except Exception as error:
                    log.warning("seat %d (%s) failed to close: %s", seat, self.specs[seat], error)

    def _forward(self) -> None:
        events = self.state.events
        for event in events[self._sent:]:
            for seat in range(len(self.agents)):
                if event.visible(seat):
                    self._hook(seat, "on_event", event)
        self._sent = len(events)

    def _hook(self, seat: int, name: str, *args: Any) -> None:
        method = getattr(self.agents[seat], name, None)
        if method is None or seat in self.forfeited:
            return
        try:
            method(*args)
        except Exception as error:  # an agent's bug must not stop the match
            self._fault(seat, "hook", f"{name} raised {type(error).__name__}: {error}")

    def _decide(self, seat: int) -> tuple[Action, float]:
        state = self.state
        if seat in self.forfeited:
            return self._fallback(seat), 0.0
        observation = state.observe(seat)
        agent = self.agents[seat]
        move_time = None if is_untimed(agent) else self.fault_rules.move_time
        act_within = act_within_of(agent)
        start = time.perf_counter()
        try:
            if move_time is not None and act_within is not None:
                action = act_within(observation, move_time + self.bank[seat])
            else:
                action = agent.act(observation)
        except AgentQuit:
            self.aborted = True
            self.close()
            raise
        except AgentFault as fault:
            elapsed = time.perf_counter() - start
            self._spend(seat, elapsed)
            if isinstance(fault, AgentTimeout) and (late := self._overtime(seat, str(fault))):
                return late, elapsed
            self._fault(seat, fault.kind, str(fault))
            if isinstance(fault, AgentCrashed):
                self._forfeit(seat, "because its process crashed")  # a dead bot cannot answer again
            return self._fallback(seat), elapsed
        except Exception as error:
            elapsed = time.perf_counter() - start
            self._fault(seat, "exception", f"act raised {type(error).__name__}: {error}")
            return self._fallback(seat), elapsed
        elapsed = time.perf_counter() - start
        if move_time is not None and not self._spend(seat, elapsed):
            slow = (f"answered after {elapsed:.3f}s; the limit is {move_time}s and the time "
                    "bank is spent")
            if late := self._overtime(seat, slow):
                return late, elapsed
            self._fault(seat, "timeout", slow)
            return self._fallback(seat), elapsed
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action, state)
            except ParlourError as error:
                self._fault(seat, "unparseable", str(error))
                return self._fallback(seat), elapsed
        if not state.is_legal(action):
            reason = state.why_illegal(action) if hasattr(action, "__hash__") else "not an action"
            self._fault(seat, "illegal", f"{str(action)!r}: {reason}")
            return self._fallback(seat), elapsed
        return action, elapsed

    def _overtime(self, seat: int, reason: str) -> Action | None:
        """The game's own consequence of a late answer (`Game.overtime_action`), if it has
        one: then no fault is counted (Territory forfeits the turn, as game17 does)."""
        hook = getattr(self.game, "overtime_action", None)
        if hook is None:
            return None
        action: Action | None = hook(reason)
        if action is not None:
            log.warning("seat %d (%s) is late at move %d: %s; %s", seat, self.specs[seat],
                        len(self.times) + 1, reason, action)
        return action

    def _spend(self, seat: int, elapsed: float) -> bool:
        """Charge time over the move limit to the seat's bank; False if it ran out."""
        move_time = self.fault_rules.move_time
        if move_time is None or elapsed <= move_time:
            return True
        self.bank[seat] -= elapsed - move_time
        if self.bank[seat] >= 0:
            return True
        self.bank[seat] = 0.0
        return False

    def _fallback(self, seat: int) -> Action:
        legal = self.state.legal_actions()
        return legal[self._fallback_rngs[seat].randrange(len(legal))]

    def _fault(self, seat: int, kind: str, message: str) -> None:
        move = len(self.times)
        self.faults.append(Fault(seat, move, kind, message))
        self.strikes[seat] += 1
        log.warning("seat %d (%s) fault at move %d: %s: %s",
                    seat, self.specs[seat], move + 1, kind, message)
        if self.strikes[seat] >= self.fault_rules.strike_limit:
            self._forfeit(seat, f"after {self.strikes[seat]} faults")

    def _forfeit(self, seat: int, why: str) -> None:
        """Strike the seat out: fallback moves from now on, at once; its agent is closed."""
        if seat not in self.forfeited:
            self.forfeited.append(seat)
            log.warning("seat %d (%s) forfeits %s; fallback moves from now on",
                        seat, self.specs[seat], why)
            close = getattr(self.agents[seat], "close", None)
            if close is not None:
                try:
                    close()
                except Exception as error:
                    log.warning("seat %d (%s) failed to close: %s", seat, self.specs[seat], error)


def _agent_name(agent: Agent) -> str:
    name = getattr(agent, "name", None)
    return name if isinstance(name, str) and name != "agent" else type(agent).__name__


def __getattr__(name: str) -> Any:
    """The deprecated old names (`parlour.match.deprecated`), with a `DeprecationWarning`."""
    return deprecated.old_name(name)


__all__ = ["FaultRules", "Match"]
