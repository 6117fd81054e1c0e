"""Skull (Skull & Roses): the rules (`Skull`) and a game in progress (`SkullState`).

Three to six players each own three roses and a skull. A round: everyone places a first disc
unseen, then in turn players add discs or open the bidding; the highest bidder must turn that
many roses, their own stack first. Two successes win; each failure costs a disc (drawn at random
by the skull's owner, or chosen after one's own skull); the last player with discs wins.
See docs/rules/skull.md.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from parlour.core import (
    Action,
    Game,
    GameOver,
    Observation,
    Param,
    ParameterError,
    State,
    make_rng,
)
from parlour.core.game import parse_error, places_by
from parlour.games.skull.actions import (
    BID,
    DISC_NAMES,
    DISCARD,
    DISCS_EACH,
    MAX_BID,
    MAX_PLAYERS,
    PASS,
    PLACE,
    REVEAL,
    ROSE,
    SKULL,
    START,
    Bid,
    Discard,
    Pass,
    Place,
    Reveal,
    Start,
    action_from_id,
)
from parlour.games.skull.events import (
    BidMade,
    ChallengeResult,
    ChallengeStarted,
    DiscLost,
    DiscPlaced,
    DiscRevealed,
    Passed,
    PlayerEliminated,
    RoundStarted,
    StarterChosen,
)
from parlour.games.skull.observation import RoundResult, SkullObservation

ROSES_EACH = 3
WINS_NEEDED = 2
PLACE_FIRST, TURN, BIDDING, REVEAL_PHASE, DISCARD_PHASE, CHOOSE_START, OVER = range(7)
PHASE_NAMES = ("place_first", "turn", "bid", "reveal", "discard", "choose_starter", "over")
STARTER_RULES = ("challenger", "skull_owner", "next")


class DiscDrawn(Action):
    """The chance move: the skull's owner drew `disc` from `seat`'s discs at random."""

    __slots__ = ("disc", "seat")
    seat: int
    disc: int

    def __init__(self, seat: int, disc: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "disc", disc)

    def __str__(self) -> str:
        return f"draw {DISC_NAMES[self.disc]} from seat {self.seat}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiscDrawn) and (other.seat, other.disc) == (self.seat, self.disc)

    def __hash__(self) -> int:
        return hash((self.seat, self.disc))


class FirstPlayer(Action):
    """The chance move that picks the seat starting the first round (``first_player=-1``)."""

    __slots__ = ("seat",)
    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)

    def __str__(self) -> str:
        return f"seat {self.seat} starts"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FirstPlayer) and other.seat == self.seat

    def __hash__(self) -> int:
        return hash(("first", self.seat))


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1:])


class SkullState(State["Skull"]):
    """A whole game of Skull in progress, round after round until one player is left or has
    won two challenges.

    `scores()` is the challenges each seat has won (its flowers); `returns()` is 1 for the
    winner and 0 for everyone else once the game is over (all 0 before).
    """

    __slots__ = (
        "bids", "challenger", "current", "flowers", "high_bid", "passed", "phase", "revealed",
        "roses", "round", "rounds", "skull_owner", "skulls", "stacks", "starter", "turned",
        "winner",
    )

    def __init__(self, game: Skull, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        self.roses: tuple[int, ...] = (game.roses,) * n
        self.skulls: tuple[int, ...] = (1,) * n
        self.stacks: tuple[tuple[int, ...], ...] = ((),) * n
        self.turned: tuple[int, ...] = (0,) * n
        self.flowers: tuple[int, ...] = (0,) * n
        self.phase = PLACE_FIRST
        self.current: int | None = 0
        self.starter = 0
        self.round = 0
        self.bids: tuple[tuple[int, int | None], ...] = ()
        self.high_bid = 0
        self.challenger: int | None = None
        self.passed: tuple[bool, ...] = (False,) * n
        self.revealed: tuple[tuple[int, int], ...] = ()
        self.skull_owner: int | None = None
        self.rounds: tuple[RoundResult, ...] = ()
        self.winner: int | None = None

    # --- snapshots (every field is immutable, so a snapshot is a tuple of references) -------
    def _snapshot(self) -> Any:
        return (
            self.roses, self.skulls, self.stacks, self.turned, self.flowers, self.phase,
            self.current, self.starter, self.round, self.bids, self.high_bid, self.challenger,
            self.passed, self.revealed, self.skull_owner, self.rounds, self.winner,
        )

    def _restore(self, s: Any) -> None:
        (self.roses, self.skulls, self.stacks, self.turned, self.flowers, self.phase,
         self.current, self.starter, self.round, self.bids, self.high_bid, self.challenger,
         self.passed, self.revealed, self.skull_owner, self.rounds, self.winner) = s

    # --- reading the state -----------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.roses)

    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def discs(self, seat: int) -> int:
        """Discs `seat` still owns (0: out of the game)."""
        return self.roses[seat] + self.skulls[seat]

    def in_game(self) -> tuple[int, ...]:
        """The seats still in the game."""
        return tuple(p for p in range(self.num_players) if self.roses[p] + self.skulls[p])

    def total_on_mats(self) -> int:
        return sum(len(s) for s in self.stacks)

    def in_hand(self, seat: int) -> tuple[int, int]:
        """(roses, skulls) `seat` holds in hand, not on the mat."""
        stack = self.stacks[seat]
        skulls_down = sum(stack)
        return (self.roses[seat] - (len(stack) - skulls_down), self.skulls[seat] - skulls_down)

    def roses_turned(self) -> int:
        return sum(1 for _, disc in self.revealed if disc == ROSE)

    def _next_seat(self, seat: int, bidding: bool = False) -> int:
        """The next seat clockwise from `seat` still in the game (and, if `bidding`, not passed)."""
        n = self.num_players
        for step in range(1, n + 1):
            q = (seat + step) % n
            if self.roses[q] + self.skulls[q] and not (bidding and self.passed[q]):
                return q
        raise AssertionError("no seat left to play")

    def _placeable(self, seat: int) -> tuple[Action, ...]:
        roses, skulls = self.in_hand(seat)
        return ((PLACE[ROSE],) if roses else ()) + ((PLACE[SKULL],) if skulls else ())

    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        p = self.current
        if p is None:
            return ()
        if phase == PLACE_FIRST:
            return self._placeable(p)
        if phase == TURN:
            return self._placeable(p) + BID[1:self.total_on_mats() + 1]
        if phase == BIDDING:
            return (*BID[self.high_bid + 1:self.total_on_mats() + 1], PASS)
        if phase == REVEAL_PHASE:
            return tuple(REVEAL[s] for s in range(self.num_players)
                         if s != p and self.turned[s] < len(self.stacks[s]))
        if phase == DISCARD_PHASE:
            return ((DISCARD[ROSE],) if self.roses[p] else ()) + (
                (DISCARD[SKULL],) if self.skulls[p] else ())
        if phase == CHOOSE_START:
            return tuple(START[s] for s in self.in_game())
        return ()

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def why_illegal(self, action: Action) -> str | None:
        if self.phase == OVER:
            return "the game is over"
        if not isinstance(action, (Place, Bid, Pass, Reveal, Discard, Start)):
            return f"{type(action).__name__} is not a Skull action"
        if self.is_legal(action):
            return None
        p = self.current
        assert p is not None
        phase = self.phase
        wrong_phase = {
            PLACE_FIRST: "every player must first place one disc ('place rose' or 'place skull')",
            TURN: "place a disc or open the bidding ('bid N')",
            BIDDING: f"raise above {self.high_bid} or pass",
            REVEAL_PHASE: "the challenger must reveal a stack ('reveal N')",
            DISCARD_PHASE: "the challenger must discard a disc ('discard rose' or 'discard skull')",
            CHOOSE_START: "the eliminated challenger must choose who starts ('start N')",
        }[phase]
        if isinstance(action, Place):
            if phase not in (PLACE_FIRST, TURN):
                return f"no disc may be placed now: {wrong_phase}"
            roses, skulls = self.in_hand(p)
            what = DISC_NAMES[action.disc]
            if phase == PLACE_FIRST and self.stacks[p]:
                return f"seat {p} has placed its first disc already"
            return f"seat {p} has no {what} in hand ({roses} rose(s), {skulls} skull(s))"
        if isinstance(action, Bid):
            total = self.total_on_mats()
            if phase == TURN:
                return f"a bid must be from 1 to the {total} disc(s) on the mats"
            if phase == BIDDING:
                if action.count > total:
                    return f"a bid may not exceed the {total} disc(s) on the mats"
                return f"a raise must be above the current bid of {self.high_bid}"
            return f"no bid now: {wrong_phase}"
        if isinstance(action, Pass):
            if phase == TURN:
                return "nobody has bid yet: place a disc or open the bidding"
            return f"no pass now: {wrong_phase}"
        if isinstance(action, Reveal):
            if phase != REVEAL_PHASE:
                return f"nothing to reveal now: {wrong_phase}"
            s = action.seat
            if s == p:
                return "the challenger's own stack is turned first, and only as deep as the bid"
            if s >= self.num_players or not self.discs(s):
                return f"seat {s} is not in the game"
            return f"seat {s} has no unturned disc left"
        if isinstance(action, Discard):
            if phase != DISCARD_PHASE:
                return f"no discard now: {wrong_phase}"
            return f"seat {p} owns no {DISC_NAMES[action.disc]}"
        if phase != CHOOSE_START:
            return f"no choice of starter now: {wrong_phase}"
        return f"seat {action.seat} is not in the game"

    def scores(self) -> tuple[int, ...]:
        """Challenges won (flowers) per seat; `winners()` says who won the game."""
        return self.flowers

    def returns(self) -> tuple[float, ...]:
        """1 for the winner and 0 for every other seat once over; all 0 before."""
        return tuple(1.0 if p == self.winner else 0.0 for p in range(self.num_players))

    def running_returns(self) -> tuple[float, ...]:
        """The standing so far: `returns()` once over; before, a flower counts a quarter and
        each disc still owned a sixteenth (at most 0.5, below the winner's 1)."""
        if self.winner is not None:
            return self.returns()
        return tuple(0.25 * self.flowers[p] + self.discs(p) / 16 if self.discs(p) else 0.0
                     for p in range(self.num_players))

    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    def placings(self) -> tuple[int, ...]:
        """The winner first; then the seats still in, by flowers won; then the seats
        eliminated, the later out the better (a seat out in round 7 above one out in 3)."""
        out = {r.challenger: r.round for r in self.rounds if r.eliminated}
        return places_by([(seat == self.winner, out.get(seat, math.inf), self.flowers[seat])
                          for seat in range(self.num_players)])

    def observe(self, seat: int) -> SkullObservation:
        return SkullObservation(
            seat=seat,
            current_player=self.current,
            legal_actions=tuple(self.legal_actions()) if seat == self.current else (),
            round=self.round,
            phase=PHASE_NAMES[self.phase],
            starter=self.starter,
            discs=tuple(r + s for r, s in zip(self.roses, self.skulls, strict=True)),
            stack_sizes=tuple(len(s) for s in self.stacks),
            turned=self.turned,
            flowers=self.flowers,
            passed=self.passed,
            my_roses=self.roses[seat],
            my_skulls=self.skulls[seat],
            my_stack=self.stacks[seat],
            bids=self.bids,
            high_bid=self.high_bid,
            challenger=self.challenger,
            revealed=self.revealed,
            rounds=tuple(r.seen_by(seat) for r in self.rounds),
            winner=self.winner,
        )

    # --- changing the state ----------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind = type(action)
        if kind is Place:
            self._place(action.disc)  # type: ignore[attr-defined]
        elif kind is Bid:
            self._bid(action.count)  # type: ignore[attr-defined]
        elif kind is Pass:
            self._pass()
        elif kind is Reveal:
            if not self._turn(action.seat):  # type: ignore[attr-defined]
                self.current = self.challenger
        elif kind is Discard:
            self._lose(action.disc, chosen=True)  # type: ignore[attr-defined]
        else:
            self._choose_starter(action.seat)  # type: ignore[attr-defined]

    def _others(self, *seats: int) -> frozenset[int]:
        return frozenset(range(self.num_players)).difference(seats)

    def _place(self, disc: int) -> None:
        p: int = self.current  # type: ignore[assignment]
        stack = self.stacks[p] + (disc,)
        self.stacks = _set(self.stacks, p, stack)
        if not self.quiet:
            self.emit(DiscPlaced(seat=p, stack=len(stack), disc=disc, visible_to=frozenset((p,))))
            self.emit(DiscPlaced(seat=p, stack=len(stack), visible_to=self._others(p)))
        if self.phase == TURN:
            self.current = self._next_seat(p)
            return
        nxt = self._next_seat(p)
        if self.stacks[nxt]:  # back round to the starter: everyone has a first disc down
            self.phase = TURN
            self.current = self.starter
        else:
            self.current = nxt

    def _bid(self, count: int) -> None:
        p: int = self.current  # type: ignore[assignment]
        opening = self.phase == TURN
        self.phase = BIDDING
        self.bids += ((p, count),)
        self.high_bid = count
        self.challenger = p
        if not self.quiet:
            self.emit(BidMade(seat=p, count=count, opening=opening))
        if count == self.total_on_mats():
            self._challenge()
        else:
            self.current = self._next_seat(p, bidding=True)

    def _pass(self) -> None:
        p: int = self.current  # type: ignore[assignment]
        self.passed = _set(self.passed, p, True)
        self.bids += ((p, None),)
        if not self.quiet:
            self.emit(Passed(seat=p))
        nxt = self._next_seat(p, bidding=True)
        if nxt == self.challenger:  # everyone else has passed
            self._challenge()
        else:
            self.current = nxt

    def _challenge(self) -> None:
        c: int = self.challenger  # type: ignore[assignment]
        self.phase = REVEAL_PHASE
        self.current = c
        if not self.quiet:
            self.emit(ChallengeStarted(challenger=c, bid=self.high_bid))
        for _ in range(min(self.high_bid, len(self.stacks[c]))):
            if self._turn(c):
                return

    def _turn(self, seat: int) -> bool:
        """Turn `seat`'s top unturned disc; True if that ended the challenge."""
        stack = self.stacks[seat]
        depth = self.turned[seat]
        disc = stack[len(stack) - 1 - depth]
        self.turned = _set(self.turned, seat, depth + 1)
        self.revealed += ((seat, disc),)
        roses = self.roses_turned()
        if not self.quiet:
            self.emit(DiscRevealed(challenger=self.challenger,  # type: ignore[arg-type]
                                   seat=seat, disc=disc, roses=roses))
        if disc == SKULL:
            self._failure(seat)
            return True
        if roses == self.high_bid:
            self._success()
            return True
        return False

    def _result(self, success: bool, lost: int | None = None, eliminated: bool = False
                ) -> RoundResult:
        return RoundResult(
            round=self.round, starter=self.starter, challenger=self.challenger,  # type: ignore[arg-type]
            bid=self.high_bid, bids=self.bids, revealed=self.revealed, success=success,
            skull_owner=self.skull_owner, lost=lost, eliminated=eliminated,
        )

    def _end_round(self, result: RoundResult) -> None:
        """File the round's result; every disc goes back to its owner's hand."""
        n = self.num_players
        self.rounds += (result,)
        self.stacks = ((),) * n
        self.turned = (0,) * n
        self.passed = (False,) * n
        self.bids = ()
        self.revealed = ()
        self.high_bid = 0
        self.challenger = None
        self.skull_owner = None

    def _success(self) -> None:
        c: int = self.challenger  # type: ignore[assignment]
        self.flowers = _set(self.flowers, c, self.flowers[c] + 1)
        if not self.quiet:
            self.emit(ChallengeResult(challenger=c, bid=self.high_bid, success=True,
                                      skull_owner=None, flowers=self.flowers[c]))
        self._end_round(self._result(success=True))
        if self.flowers[c] >= self.game.wins:
            self._game_over(c)
        else:
            self._start_round(c)

    def _failure(self, owner: int) -> None:
        c: int = self.challenger  # type: ignore[assignment]
        self.skull_owner = owner
        n = self.num_players
        self.stacks = ((),) * n  # everyone takes their discs back
        self.turned = (0,) * n
        if not self.quiet:
            self.emit(ChallengeResult(challenger=c, bid=self.high_bid, success=False,
                                      skull_owner=owner, flowers=self.flowers[c]))
        if owner == c:
            self.phase = DISCARD_PHASE
            self.current = c
            return
        disc = self.game.draw_lost_disc(self.seed, self.round, self.roses[c], self.skulls[c])
        self.record_chance(DiscDrawn(c, disc))
        self._lose(disc, chosen=False)

    def _lose(self, disc: int, chosen: bool) -> None:
        c: int = self.challenger  # type: ignore[assignment]
        owner: int = self.skull_owner  # type: ignore[assignment]
        if disc == SKULL:
            self.skulls = _set(self.skulls, c, self.skulls[c] - 1)
        else:
            self.roses = _set(self.roses, c, self.roses[c] - 1)
        left = self.discs(c)
        if not self.quiet:
            informed = frozenset((c, owner))
            self.emit(DiscLost(seat=c, discs=left, chosen=chosen, disc=disc, visible_to=informed))
            others = self._others(c, owner)
            if others:
                self.emit(DiscLost(seat=c, discs=left, chosen=chosen, visible_to=others))
        self._end_round(self._result(success=False, lost=disc, eliminated=not left))
        if not left and not self.quiet:
            self.emit(PlayerEliminated(seat=c))
        players = self.in_game()
        if len(players) == 1:
            self._game_over(players[0])
            return
        starter = self.game.starter_after_failure(c, owner, bool(left), self._next_seat(c))
        if starter is None:
            self.phase = CHOOSE_START
            self.current = c
        else:
            self._start_round(starter)

    def _choose_starter(self, seat: int) -> None:
        if not self.quiet:
            self.emit(StarterChosen(chooser=self.current, seat=seat))  # type: ignore[arg-type]
        self._start_round(seat)

    def _start_round(self, starter: int, first: bool = False) -> None:
        if not first:
            self.round += 1
        self.starter = starter
        self.phase = PLACE_FIRST
        self.current = starter
        if not self.quiet:
            self.emit(RoundStarted(round=self.round, starter=starter, players=self.in_game()))

    def _game_over(self, winner: int) -> None:
        self.winner = winner
        self.phase = OVER
        self.current = None
        if not self.quiet:
            self.emit(GameOver(scores=self.flowers, returns=self.returns(), winners=(winner,)))

    def check_invariants(self) -> None:
        """Assert the conservation laws; the conformance suite calls this after every move."""
        n = self.num_players
        lost_roses = [0] * n
        lost_skulls = [0] * n
        for result in self.rounds:
            if not result.success:
                assert result.lost is not None and result.skull_owner is not None
                if result.lost == SKULL:
                    lost_skulls[result.challenger] += 1
                else:
                    lost_roses[result.challenger] += 1
        wins = [sum(1 for r in self.rounds if r.success and r.challenger == p) for p in range(n)]
        assert list(self.flowers) == wins, "flowers do not match the challenges won"
        for p in range(n):
            assert self.roses[p] + lost_roses[p] == self.game.roses, f"seat {p}: roses do not sum"
            assert self.skulls[p] + lost_skulls[p] == 1, f"seat {p}'s skull does not add up"
            stack = self.stacks[p]
            assert sum(stack) <= self.skulls[p] and len(stack) - sum(stack) <= self.roses[p]
            assert 0 <= self.turned[p] <= len(stack)
            if not self.discs(p):
                assert not stack and not self.passed[p], f"seat {p} is out but still playing"
            if self.phase in (TURN, BIDDING, REVEAL_PHASE) and self.discs(p):
                assert stack, f"seat {p} has no first disc down"
        assert len(self.revealed) == sum(self.turned) or self.phase == DISCARD_PHASE
        assert self.roses_turned() <= self.high_bid or not self.revealed
        assert self.high_bid <= self.total_on_mats() or self.phase == DISCARD_PHASE
        if self.phase == OVER:
            assert self.current is None and self.winner is not None
            assert self.flowers[self.winner] == self.game.wins or self.in_game() == (self.winner,)
            return
        assert self.winner is None and self.current is not None
        assert max(self.flowers) < self.game.wins and len(self.in_game()) > 1
        if self.phase in (BIDDING, REVEAL_PHASE, DISCARD_PHASE):
            assert self.challenger is not None and self.high_bid >= 1
        if self.phase in (REVEAL_PHASE, DISCARD_PHASE):
            assert self.current == self.challenger
        if self.phase != CHOOSE_START:
            assert self.discs(self.current), "a seat out of the game is to act"
        if self.phase == BIDDING:
            assert not self.passed[self.current] and self.current != self.challenger


class Skull(Game[SkullState]):
    """Skull & Roses for three to six players: bluff with a skull, bid on roses."""

    id = "skull"
    name = "Skull"
    description = "Three to six players bluff with roses and a skull; two won challenges win."
    aliases = ("skull.roses",)
    agents: ClassVar[Mapping[str, str]] = {"heuristic": "parlour.games.skull.bots:SkullHeuristic"}
    num_distinct_actions = 41
    encoding_class = "parlour.games.skull.encoding:SkullEncoding"
    search_opponents = "rollout"  # opponents must act on their own discs
    parameters = (
        Param("players", int, 4, "The number of players (2 is a small variant, not in the "
              "published rules).", min=2, max=MAX_PLAYERS),
        Param("roses", int, ROSES_EACH, "Roses each player starts with, beside one skull "
              "(fewer is a small variant).", min=1, max=ROSES_EACH),
        Param("wins", int, WINS_NEEDED, "Won challenges that win the game (1 is a small "
              "variant).", min=1, max=WINS_NEEDED),
        Param("next_starter", str, "challenger",
              "Who starts the round after a failed challenge: 'challenger' (the challenger; if "
              "eliminated, the skull's owner, or their choice after their own skull), "
              "'skull_owner' (the skull's owner; the challenger after their own skull, or "
              "their choice if eliminated), 'next' (the challenger, or the next player still "
              "in if eliminated). After a success the challenger always starts.",
              choices=STARTER_RULES),
        Param("first_player", int, -1, "The seat that starts the first round; -1 draws it at "
              "random from the seed.", min=-1, max=MAX_PLAYERS - 1),
    )

    players: int
    roses: int
    wins: int
    next_starter: str
    first_player: int

    def _check_params(self) -> None:
        if self.first_player >= self.players:
            raise ParameterError(
                f"parameter 'first_player' of game 'skull' ({self.first_player}) must be a "
                f"seat below players ({self.players})"
            )

    @property
    def num_players(self) -> int:
        return self.players

    recall_moves = 128
    """Moves between two random disc draws (Skull has no deals): the last 128 are kept."""

    def action_is_public(self, action: Action) -> bool:
        """Bids, passes, reveals and starters are public; which disc is placed, or discarded
        after one's own skull, is not."""
        return not isinstance(action, (Place, Discard))

    def return_bounds(self, one_deal: bool = False) -> tuple[float, float]:
        """1 for the winner, 0 for the others; a round's `running_returns` stay in [0, 1]."""
        return 0.0, 1.0

    def return_sum(self, one_deal: bool = False) -> float | None:
        """One winner: the returns sum to 1 (a cut round's running returns do not)."""
        return None if one_deal else 1.0

    # --- public hooks a variant may override ----------------------------------------------
    def draw_lost_disc(self, seed: int, round_number: int, roses: int, skulls: int) -> int:
        """The disc a skull's owner draws at random from a challenger holding `roses` and
        `skulls`: from the game's own stream for that round, never from an agent."""
        rng = make_rng(seed, "disc-loss", round_number)
        return SKULL if rng.randrange(roses + skulls) < skulls else ROSE

    def starter_after_failure(self, challenger: int, owner: int, still_in: bool,
                              next_seat: int) -> int | None:
        """Who starts the round after `challenger` failed on `owner`'s skull; None means the
        (eliminated) challenger chooses. `next_seat` is the next seat still in after them."""
        rule = self.next_starter
        if rule == "challenger":
            if still_in:
                return challenger
            return owner if owner != challenger else None
        if rule == "skull_owner":
            if owner != challenger:
                return owner
            return challenger if still_in else None
        return challenger if still_in else next_seat

    # --- the contract ---------------------------------------------------------------------
    def new_state(self, seed: int | None = None, **setup: Any) -> SkullState:
        """A new game; the only chance in Skull is the disc a skull's owner draws."""
        if setup:
            raise ParameterError(f"unknown setup argument(s) for skull: {', '.join(setup)}")
        state = SkullState(self, self._seed(seed))
        first = self.first_player
        if first < 0:
            first = make_rng(state.seed, "first-player").randrange(self.players)
            state.record_chance(FirstPlayer(first))
        state._start_round(first, first=True)
        return state

    def parse_action(self, text: str, state: SkullState | Observation | None = None) -> Action:
        """Read ``place rose``, ``place skull``, ``bid 3``, ``pass``, ``reveal 2``,
        ``discard rose``, ``discard skull`` or ``start 2``; a bare number is a bid and a bare
        ``rose``/``skull`` a placement (a discard in the discard phase)."""
        words = text.strip().lower().split()
        phase = _phase(state)
        expected = ("'place rose', 'place skull', 'bid N', 'pass', 'reveal SEAT', "
                    "'discard rose', 'discard skull' or 'start SEAT'")
        if len(words) == 1 and words[0] in _DISCS:
            words = ["discard" if phase == DISCARD_PHASE else "place", words[0]]
        if len(words) == 1 and _DIGITS.fullmatch(words[0]):
            words = ["bid", words[0]]
        if words == ["pass"]:
            return PASS
        if len(words) == 2:
            verb, arg = words
            if verb in ("place", "discard"):
                if arg not in _DISCS:
                    raise parse_error(text, f"'{verb} rose' or '{verb} skull'", _READING)
                return (PLACE if verb == "place" else DISCARD)[_DISCS[arg]]
            if verb in ("bid", "reveal", "turn", "start"):
                if not _DIGITS.fullmatch(arg):
                    raise parse_error(text, f"a number after '{verb}'", _READING)
                number = int(arg)
                if verb == "bid":
                    if not 1 <= number <= MAX_BID:
                        raise parse_error(text, f"a bid from 1 to {MAX_BID}", _READING)
                    return BID[number]
                if number >= MAX_PLAYERS:
                    raise parse_error(text, f"a seat from 0 to {MAX_PLAYERS - 1}",
                                      _READING)
                return (START if verb == "start" else REVEAL)[number]
        raise parse_error(text, expected, _READING)

    def action_from_id(self, action_id: int) -> Action:
        return action_from_id(action_id)

    def sample_state(self, observation: Observation, rng: Random) -> SkullState:
        """A full state consistent with everything `observation`'s seat knows: the other
        players' unturned discs and the discs they lost unseen are drawn at random, weighted
        by how likely each history is and consistent with every disc turned so far."""
        from parlour.games.skull.sampling import sample_state

        if not isinstance(observation, SkullObservation):
            raise TypeError("skull.sample_state needs a SkullObservation")
        return sample_state(self, observation, rng)


_READING = "reading a Skull action"
_DIGITS = re.compile("[0-9]{1,3}")
_DISCS = {"rose": ROSE, "r": ROSE, "roses": ROSE, "skull": SKULL, "s": SKULL}


def _phase(state: SkullState | Observation | None) -> int | None:
    if isinstance(state, SkullState):
        return state.phase
    if isinstance(state, SkullObservation):
        return PHASE_NAMES.index(state.phase)
    return None


__all__ = ["DISCS_EACH", "PHASE_NAMES", "DiscDrawn", "FirstPlayer", "Skull", "SkullState"]
