"""A parlour rule set as a ``pyspiel.Game``: the game, its states, and the registration.

Chance: parlour draws every deal (and every other chance event) from streams derived from the
game's seed, so the seed is the game's whole chance. The bridge makes that choice explicit:
the first nodes of every OpenSpiel game are chance nodes that pick the seed, seven bits at a
time (nine nodes of 128 equally likely outcomes for parlour's 63-bit seeds), and from then on
the parlour state deals exactly as ``game.new_state(seed=...)`` would. With ``seeds=N`` one
chance node picks among the seeds ``0 .. N-1`` instead, a small exact chance tree for
equilibrium methods (the game over a fixed set of deals, as in a duplicate tournament).

``one_deal=true`` ends the OpenSpiel game when parlour's deal in progress ends (the first,
or for a state adopted mid-game, that one), scored by the state's `running_returns` (what
parlour's own search scores a deal with).
"""

from __future__ import annotations

import json
from functools import lru_cache
from random import Random
from typing import Any

from parlour.core import Action, Event, Game, ParlourError, State, list_games, load_game
from parlour.core.seeding import SEED_BITS
from parlour.openspiel._pyspiel import import_pyspiel

pyspiel: Any = import_pyspiel()

SEED_DIGIT_BITS = 7
"""Bits of the seed each chance node picks when the seed is drawn whole."""
SEED_DIGITS = SEED_BITS // SEED_DIGIT_BITS
BRIDGE_PARAMS: dict[str, Any] = {"seeds": 0, "one_deal": False, "max_actions": 1024}
"""The bridge's own parameters, beside the game's: the seed set (0: every seed), whether the
game is the first deal only, and the bound on legal moves for games without action ids."""


def pyspiel_name(game_id: str) -> str:
    """The ``pyspiel`` short name of parlour game `game_id`: ``parlour_<id>``, dots as ``_``."""
    return "parlour_" + game_id.replace(".", "_")


class ParlourGame(pyspiel.Game):  # type: ignore[misc]
    """A parlour `Game` with the bridge's parameters, as an OpenSpiel game."""

    def __init__(self, game: Game[Any], seeds: int = 0, one_deal: bool = False,
                 max_actions: int = 1024, imperfect: bool = False) -> None:
        """`imperfect` declares a perfect-information game as imperfect, for algorithms that
        accept only those (OpenSpiel's ISMCTS); its information states are then its states."""
        if seeds < 0:
            raise ParlourError(f"parameter 'seeds' of the OpenSpiel bridge must be >= 0, "
                               f"got {seeds}")
        self.parlour = game
        self.seeds = int(seeds)
        self.one_deal = bool(one_deal)
        self.has_ids = game.num_distinct_actions > 0
        self.num_actions = game.num_distinct_actions if self.has_ids else int(max_actions)
        low, high = return_bounds(game, self.one_deal)
        spiel_type = game_type(type(game), constant_sum(game, self.one_deal), imperfect)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.num_actions,
            max_chance_outcomes=self.seeds or 1 << SEED_DIGIT_BITS,
            num_players=game.num_players,
            min_utility=low,
            max_utility=high,
            utility_sum=constant_sum(game, self.one_deal),
            max_game_length=100_000,
        )
        params = {**game.params, "seeds": self.seeds, "one_deal": self.one_deal,
                  "max_actions": int(max_actions)}
        super().__init__(spiel_type, info, params)
        self._encodes = bool(game.encoding_class)

    def new_initial_state(self) -> ParlourState:
        return ParlourState(self)

    def state_from_parlour(self, state: State[Any]) -> ParlourState:
        """The OpenSpiel state that parlour `state` reached: its seed's chance actions, then
        its moves replayed (its deals come from its seed, so the replay is exact)."""
        spiel = ParlourState(self)
        for action in spiel.seed_actions(state.seed):
            spiel.apply_action(action)
        for move in state.moves():
            spiel.apply_action(spiel.spiel_action(move.action))
        return spiel

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        from parlour.openspiel.observer import ParlourObserver

        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ParlourObserver(self, perfect_recall)


def game_type(cls: type[Game[Any]], utility_sum: float | None, imperfect: bool = False) -> Any:
    """The ``pyspiel.GameType`` of parlour game class `cls` (`utility_sum`: constant or None;
    `imperfect`: declared imperfect-information even where it is perfect)."""
    spiel_type = pyspiel.GameType
    perfect = bool(getattr(cls, "perfect_information", False)) and not imperfect
    utility = spiel_type.Utility.GENERAL_SUM
    if utility_sum is not None:
        utility = (spiel_type.Utility.ZERO_SUM if utility_sum == 0
                   else spiel_type.Utility.CONSTANT_SUM)
    defaults = {p.name: p.default for p in cls.parameters}
    return spiel_type(
        short_name=pyspiel_name(cls.id),
        long_name=f"parlour {cls.name or cls.id}",
        dynamics=spiel_type.Dynamics.SEQUENTIAL,
        chance_mode=spiel_type.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(spiel_type.Information.PERFECT_INFORMATION if perfect
                     else spiel_type.Information.IMPERFECT_INFORMATION),
        utility=utility,
        reward_model=spiel_type.RewardModel.TERMINAL,
        max_num_players=_players_bound(cls),
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=bool(cls.encoding_class),
        provides_observation_string=True,
        provides_observation_tensor=bool(cls.encoding_class),
        parameter_specification={**defaults, **BRIDGE_PARAMS},
    )


def _players_bound(cls: type[Game[Any]]) -> int:
    for param in cls.parameters:
        if param.name == "players" and param.max is not None:
            return int(param.max)
    return 10


def return_bounds(game: Game[Any], one_deal: bool) -> tuple[float, float]:
    """The least and greatest return a seat can get, from `Game.return_bounds` where the game
    gives them, else wide bounds (OpenSpiel needs numbers; its search does not scale by them)."""
    bounds = game.return_bounds(one_deal=one_deal)
    return (-1e6, 1e6) if bounds is None else (float(bounds[0]), float(bounds[1]))


def constant_sum(game: Game[Any], one_deal: bool) -> float | None:
    """The sum of the returns where it is the same in every outcome (`Game.return_sum`)."""
    return game.return_sum(one_deal=one_deal)


class ParlourState(pyspiel.State):  # type: ignore[misc]
    """One OpenSpiel game: the seed's chance nodes, then a parlour state played move by move.

    Information-state strings are the seat's perfect recall: every event the seat was shown,
    in order, as JSON, then its observation now. Observation strings are the observation alone.
    """

    def __init__(self, game: ParlourGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        self._live = _Live(None)
        self.digits: list[int] = []
        self.first_deal = 0
        self.traced = 0
        self.done = False

    # --- setting up the parlour state --------------------------------------------------------
    @property
    def traces(self) -> list[list[Event]]:
        """Per seat, the events it was shown, in order: its recall."""
        return self._live.traces

    @property
    def state(self) -> State[Any] | None:
        """The parlour state once the seed is chosen, else None."""
        return self._live.state

    def adopt(self, state: State[Any]) -> None:
        """Take `state` (events on) as this game's parlour state."""
        self._live = _Live(state, [[] for _ in range(self.bridge.num_players())])
        self.first_deal = state.deal_number
        self.traced = 0
        self._trace()
        self.done = self._ends()

    def seed_actions(self, seed: int) -> list[int]:
        """The chance actions that choose `seed` (which must be below `seeds` where set)."""
        if self.bridge.seeds and not 0 <= seed < self.bridge.seeds:
            raise ParlourError(f"seed {seed} is outside this game's seeds "
                               f"0..{self.bridge.seeds - 1}")
        if self.bridge.seeds:
            return [seed]
        return [(seed >> (SEED_DIGIT_BITS * (SEED_DIGITS - 1 - i))) & ((1 << SEED_DIGIT_BITS) - 1)
                for i in range(SEED_DIGITS)]

    def _seed_from_digits(self) -> int:
        if self.bridge.seeds:
            return self.digits[0]
        seed = 0
        for digit in self.digits:
            seed = (seed << SEED_DIGIT_BITS) | digit
        return seed

    def _trace(self) -> None:
        """Append the new events of the parlour state to each seat's trace."""
        state = self.state
        assert state is not None
        events = state.events
        for event in events[self.traced:]:
            for seat, trace in enumerate(self.traces):
                if event.visible(seat):
                    trace.append(event)
        self.traced = len(events)

    def _ends(self) -> bool:
        state = self.state
        assert state is not None
        return state.is_terminal or (self.bridge.one_deal and state.deal_number > self.first_deal)

    # --- the OpenSpiel API -------------------------------------------------------------------
    def current_player(self) -> int:
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.done:
            return int(pyspiel.PlayerId.TERMINAL)
        player = self.state.current_player
        assert player is not None
        return int(player)

    def is_terminal(self) -> bool:
        return self.done

    def chance_outcomes(self) -> list[tuple[int, float]]:
        count = self.bridge.seeds or 1 << SEED_DIGIT_BITS
        return [(action, 1.0 / count) for action in range(count)]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.state
        assert state is not None and player == state.current_player
        legal = state.legal_actions()
        if self.bridge.has_ids:
            return sorted(action.id for action in legal)
        if len(legal) > self.bridge.num_actions:
            raise ParlourError(
                f"{state.game.id} has {len(legal)} legal moves here, more than the bridge's "
                f"max_actions={self.bridge.num_actions}; load it with a larger max_actions"
            )
        return list(range(len(legal)))

    def parlour_action(self, action: int) -> Action:
        """The parlour action of OpenSpiel action id `action` at this state."""
        state = self.state
        assert state is not None
        game: Game[Any] = state.game
        if self.bridge.has_ids:
            return game.action_from_id(action)
        return state.legal_actions()[action]

    def spiel_action(self, action: Action) -> int:
        """The OpenSpiel action id of parlour `action` (legal at this state)."""
        state = self.state
        assert state is not None
        if self.bridge.has_ids:
            return action.id
        return list(state.legal_actions()).index(action)

    def _apply_action(self, action: int) -> None:
        if self.state is None:
            self.digits.append(int(action))
            if len(self.digits) == (1 if self.bridge.seeds else SEED_DIGITS):
                self.adopt(self.bridge.parlour.new_state(seed=self._seed_from_digits()))
            return
        state = self.state
        move = self.parlour_action(action)
        if not state.is_legal(move):
            raise ParlourError(f"OpenSpiel action {action} ({move}) is not legal for seat "
                               f"{state.current_player} in {state.game.spec}")
        state.apply_unchecked(move)
        self._trace()
        self.done = self._ends()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed digit {action}" if not self.bridge.seeds else f"seed {action}"
        return str(self.parlour_action(action))

    def returns(self) -> list[float]:
        state = self.state
        if state is None or not self.done:
            return [0.0] * self.bridge.num_players()
        if state.is_terminal:
            return [float(r) for r in state.returns()]
        return [float(r) for r in state.running_returns()]

    def information_state_key(self, player: int) -> str:
        """`player`'s perfect recall as text: every event shown to it, then its observation."""
        if self.state is None:
            return ""
        return "\n".join([*map(event_text, self.traces[player]), self.observation_key(player)])

    def observation_key(self, player: int) -> str:
        """`player`'s observation now, as JSON text."""
        if self.state is None:
            return ""
        return json.dumps(self.state.observe(player).to_json(), ensure_ascii=False,
                          sort_keys=True)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ParlourState:
        """A state `player_id` cannot tell from this one (OpenSpiel's name; the sampler gives
        the seed of the draw): see `resample`."""
        return self.resample(player_id, Random(int(probability_sampler() * (1 << 53))))

    def resample(self, player: int, rng: Random) -> ParlourState:
        """A world `player` cannot tell from this one: parlour's `sample_state` of its
        observation, with the seat's recall carried over (so its information state is equal).
        The other seats' recall starts from their view of the sampled world."""
        state = self.state
        if state is None:
            return self.clone()  # type: ignore[no-any-return]
        world = state.game.sample_state(state.observe(player), rng).clone(quiet=False)
        clone: ParlourState = self.clone()
        clone._live = _Live(world, [list(trace) if seat == player else []
                                    for seat, trace in enumerate(self.traces)])
        clone.traced = len(world.events)
        clone.done = clone._ends()
        return clone

    @property
    def bridge(self) -> ParlourGame:
        """The OpenSpiel game this state belongs to."""
        return self._shared.game

    def __str__(self) -> str:
        if self.state is None:
            return f"choosing the seed: {self.digits}"
        return f"{self.state.game.spec} seed={self.state.seed} moves={len(self.state.history)}"


def load(spec: str, **params: Any) -> ParlourGame:
    """The OpenSpiel game of parlour game `spec` (``"hearts:end_score=50"`` or an id with
    keyword parameters); the bridge's own parameters ``seeds``, ``one_deal`` and
    ``max_actions`` go in `params` too."""
    bridge = {key: params.pop(key) for key in list(params)
              if key in BRIDGE_PARAMS or key == "imperfect"}
    return ParlourGame(load_game(spec, **params), **bridge)


_FACTORIES: dict[str, type[ParlourGame]] = {}
"""The class pyspiel builds each registered game with. A class, as OpenSpiel's own Python games
register, not a function: pyspiel keeps it in a C++ registry torn down after the interpreter,
and a function whose last reference that registry held would crash the exit."""


def _factory(game_id: str) -> type[ParlourGame]:
    """A `ParlourGame` subclass that pyspiel can call with a parameter dict."""
    if game_id not in _FACTORIES:
        def init(self: ParlourGame, params: dict[str, Any] | None = None) -> None:
            values = dict(params or {})
            bridge = {key: values.pop(key) for key in list(values) if key in BRIDGE_PARAMS}
            ParlourGame.__init__(self, load_game(game_id, **values), **bridge)

        name = "Parlour_" + game_id.replace(".", "_")
        _FACTORIES[game_id] = type(name, (ParlourGame,), {"__init__": init})
    return _FACTORIES[game_id]


def register(game_id: str) -> str:
    """Register parlour game `game_id` with ``pyspiel``; returns its name there."""
    game = load_game(game_id)
    name = pyspiel_name(game.id)
    if name not in pyspiel.registered_names():
        pyspiel.register_game(game_type(type(game), constant_sum(game, False)),
                              _factory(game.id))
    return name


def register_all() -> list[str]:
    """Register every parlour game (built-in and plug-in) with ``pyspiel``; their names."""
    return [register(info.id) for info in list_games()]


class _Shared:
    """Holds the game: copying a state shares it (pyspiel clones a Python state by deepcopy)."""

    def __init__(self, game: ParlourGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Live:
    """Holds the parlour state and the seats' recall: copying a state clones the parlour state
    with its own `clone` and shares the (frozen) events, where a deep copy would copy each."""

    def __init__(self, state: State[Any] | None, traces: list[list[Event]] | None = None
                 ) -> None:
        self.state = state
        self.traces = traces or []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Live:
        return _Live(None if self.state is None else self.state.clone(),
                     [list(trace) for trace in self.traces])


def event_text(event: Event) -> str:
    """`event` as canonical JSON text (cached where the event is hashable: equal events give
    equal text)."""
    try:
        return _cached_text(event)
    except TypeError:  # an event with an unhashable field
        return _text(event)


def _text(event: Event) -> str:
    return json.dumps(event.to_json(), ensure_ascii=False, sort_keys=True)


_cached_text = lru_cache(maxsize=1 << 16)(_text)
