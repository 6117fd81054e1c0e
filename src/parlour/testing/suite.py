"""The conformance suite as a pytest test class, generated for any list of games.

`conformance_suite(games)` returns a class of tests; bind it to a ``Test*`` name in a test module
and pytest runs every check on every game. See `parlour.testing` and docs/testing.md.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour.core import CHANCE, Game, ParlourError, load_game
from parlour.core.plugins import PluginError, import_target
from parlour.records import Record
from parlour.testing.checks import (
    Scaled,
    check_final,
    check_state,
    is_perfect_information,
    public_snapshot,
    random_playout,
)
from parlour.testing.encoding import EncodingChecks

SCALE_VARIABLE = "PARLOUR_CONFORMANCE_SCALE"
_HYPOTHESIS = settings(max_examples=60, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def conformance_suite(games: Sequence[str | Game[Any]], scale: float | None = None,
                      rules_docs: str | Path | None = None) -> type:
    """A pytest test class that runs every conformance check on each of `games`.

    `games` are game specs (``"ohhell:players=5"``, loaded with `parlour.load_game`) or `Game`
    objects; each becomes one parameter of every test. `scale` multiplies the number of games
    played per check (default 1), and the environment variable PARLOUR_CONFORMANCE_SCALE
    multiplies it again, so a run can scale every suite, one with its own `scale` included.
    Games with a tensor encoding also get the encoding checks (`EncodingChecks`: added when
    any of `games` has one, skipped for the others); with
    `rules_docs` (a folder of ``<game id>.md`` pages) each page must document the layout.
    Use it as ``TestConformance = conformance_suite(["ohhell", "ohhell:players=5"])``.
    """
    loaded = [load_game(g) if isinstance(g, str) else g for g in games]
    if not loaded:
        raise ValueError("conformance_suite needs at least one game")
    scale = (1.0 if scale is None else scale) * _scale_from_environment()

    @pytest.fixture(params=loaded, ids=[g.spec for g in loaded])
    def game(self: Any, request: pytest.FixtureRequest) -> Game[Any]:
        return request.param  # type: ignore[no-any-return]

    docs = Path(rules_docs) if rules_docs is not None else None
    encoded = any(type(g).encoding_class for g in loaded)
    bases = (ConformanceChecks, EncodingChecks) if encoded else (ConformanceChecks,)
    return type("ConformanceSuite", bases, {"game": game, "scale": scale, "rules_docs": docs})


def _scale_from_environment() -> float:
    """PARLOUR_CONFORMANCE_SCALE as a positive number (1 when unset); a clear error else."""
    text = os.environ.get(SCALE_VARIABLE, "1")
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise ValueError(f"{SCALE_VARIABLE}={text!r} is not a positive number (e.g. 0.1 or 10)")
    return value


class ConformanceChecks(Scaled):
    """Every check of the suite, as test methods over a `game` fixture (set by
    `conformance_suite`). Each docstring states the promise it checks."""


    def test_random_playouts_keep_the_invariants(self, game: Game[Any]) -> None:
        """Random playouts: `check_state` after every move, `check_final` at the end."""
        rng = Random(1)
        for seed in range(self.scaled(1000)):
            state = game.new_state(seed=seed)
            check_state(state, check_parse=seed < 20)
            random_playout(state, rng, check=seed < 200, check_parse=seed < 20)
            check_final(state)

    def test_the_parts_the_game_names_import(self, game: Game[Any]) -> None:
        """Every part the game names by ``"module:Class"`` imports: its agents, console and
        web views, console renderer and tensor encoding (a broken ``views.py`` fails here,
        not in front of the first player). A part whose optional extra is not installed
        (a third-party module missing) is skipped, named."""
        kind = type(game)
        named = {f"agent {name!r}": target for name, target in kind.agents.items()}
        for attribute in ("console_view", "web_view", "console_renderer", "encoding_class"):
            if getattr(kind, attribute, ""):
                named[attribute] = getattr(kind, attribute)
        missing = []
        for what, target in named.items():
            try:
                import_target(target, f"{game.id}'s {what}")
            except PluginError as error:
                cause = error.__cause__
                if (isinstance(cause, ModuleNotFoundError) and cause.name
                        and cause.name.split(".")[0] not in (
                            "parlour", target.split(":")[0].split(".")[0])):
                    missing.append(f"{what} needs {cause.name}")
                    continue
                raise
        if missing:
            pytest.skip("; ".join(missing))

    def test_undo_restores_every_earlier_state_exactly(self, game: Game[Any]) -> None:
        """Undo walks back through every state of a whole game, exactly, to the start."""
        rng = Random(2)
        for seed in range(self.scaled(10)):
            state = game.new_state(seed=seed)
            views = [public_snapshot(state)]
            while not state.is_terminal:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                views.append(public_snapshot(state))
            views.pop()
            while state.can_undo:
                state.undo()
                assert public_snapshot(state) == views.pop()
            assert not views
            with pytest.raises(ParlourError):
                state.undo()

    def test_clone_is_independent_of_the_original(self, game: Game[Any]) -> None:
        """Playing on a clone never changes the original, and the other way round."""
        rng = Random(3)
        for seed in range(self.scaled(10)):
            state = game.new_state(seed=seed)
            for _ in range(rng.randrange(1, 40)):
                if state.is_terminal:
                    break
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            before = public_snapshot(state)
            copy = state.clone()
            assert public_snapshot(copy) == before
            random_playout(copy, Random(seed))
            assert public_snapshot(state) == before, "playing the clone changed the original"
            if not state.is_terminal:
                copy2 = state.clone()
                random_playout(state, Random(seed))
                assert public_snapshot(copy2) == before, "playing the original changed the clone"

    def test_same_seed_gives_the_same_game(self, game: Game[Any]) -> None:
        """A seed reproduces a game exactly, and agents' randomness never changes a deal."""
        for seed in range(self.scaled(5)):
            first = random_playout(game.new_state(seed=seed), Random(seed), check=False)
            second = random_playout(game.new_state(seed=seed), Random(seed), check=False)
            assert first.history == second.history
            assert first.scores() == second.scores()
            other_bots = game.new_state(seed=seed)
            random_playout(other_bots, Random(seed + 1000), check=False)
            chance_first = [m for m in first.history if m.player == CHANCE][:1]
            chance_other = [m for m in other_bots.history if m.player == CHANCE][:1]
            assert chance_first == chance_other, "the first deal depends on the seed only"
        starts = {repr(game.new_state(seed=s).history[:1]) + repr(game.new_state(seed=s).observe(0))
                  for s in range(5)}
        assert len(starts) > 1, "different seeds should give different games"

    def test_records_round_trip_and_verify(self, game: Game[Any], tmp_path: Path) -> None:
        """A match's record survives JSON and a file, and re-simulates to the same result."""
        seats = ["random"] * game.num_players
        for seed in range(self.scaled(5)):
            record = parlour.Match(game, seats, seed=seed).run()
            assert record.result.complete
            again = Record.from_json(record.to_json())
            assert again == record
            again.verify()
            path = record.save(tmp_path / f"game{seed}.json.gz")
            assert parlour.records.load(path).verify().scores() == tuple(record.result.scores)

    def test_why_illegal_agrees_with_legal_actions(self, game: Game[Any]) -> None:
        """`is_legal`, `why_illegal` and `legal_actions` are one source of truth, and every
        integer id 0..num_distinct_actions-1 names one action."""
        if not game.num_distinct_actions:
            pytest.skip(f"{game.id} has no finite action space to enumerate")
        rng = Random(4)
        every = [game.action_from_id(i) for i in range(game.num_distinct_actions)]
        assert [a.id for a in every] == list(range(game.num_distinct_actions))
        for seed in range(self.scaled(5)):
            state = game.new_state(seed=seed)
            while not state.is_terminal:
                legal = set(state.legal_actions())
                for action in every:
                    ok = action in legal
                    assert state.is_legal(action) == ok, f"is_legal({action}) should be {ok}"
                    reason = state.why_illegal(action)
                    assert (reason is None) == ok, f"why_illegal({action}) = {reason!r}"
                    if not ok:
                        with pytest.raises(parlour.IllegalActionError, match="illegal action"):
                            state.apply(action)
                legal_list = state.legal_actions()
                state.apply(legal_list[rng.randrange(len(legal_list))])

    def test_observations_hide_what_a_seat_cannot_see(self, game: Game[Any]) -> None:
        """States that differ only in what a seat cannot see give that seat equal observations.

        `sample_state` builds another world consistent with a seat's observation; that world
        must give the seat the very same observation, and must be a legal game that plays to the
        end. For games with hidden information, some sampled world must differ from the real one.
        """
        rng = Random(5)
        hidden_differs = False
        for seed in range(self.scaled(20)):
            state = game.new_state(seed=seed)
            steps = 0
            while not state.is_terminal:
                if steps % 7 == 0:
                    for seat in range(game.num_players):
                        observation = state.observe(seat)
                        world = game.sample_state(observation, rng)
                        assert world.observe(seat) == observation, (
                            f"seat {seat}'s observation changes with what it cannot see"
                        )
                        check_state(world)
                        others = [s for s in range(game.num_players) if s != seat]
                        if any(world.observe(o) != state.observe(o) for o in others):
                            hidden_differs = True
                        if steps % 21 == 0:
                            random_playout(world, rng)
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                steps += 1
        if not is_perfect_information(game):
            assert hidden_differs, "sampled worlds never differ: is anything hidden at all?"

    def test_observations_and_events_encode_as_json(self, game: Game[Any]) -> None:
        """What external bots receive is plain JSON, with actions in the game's notation."""
        rng = Random(6)
        for seed in range(self.scaled(3)):
            state = game.new_state(seed=seed)
            while not state.is_terminal:
                for seat in range(game.num_players):
                    data = state.observe(seat).to_json()
                    json.dumps(data)
                    if seat == state.current_player:
                        assert data["legal_actions"] == [str(a) for a in state.legal_actions()]
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            for event in state.events:
                data = event.to_json()
                assert data["type"] == type(event).__name__
                json.dumps(data)

    def test_notation_errors_are_parlour_errors(self, game: Game[Any]) -> None:
        """Garbage text raises a `ParlourError` that quotes the text, never another exception."""
        state = game.new_state(seed=0)
        for text in ["", "zz", "??", "bid", "x" * 50, "10 10 10", "♠♠"]:
            try:
                action = game.parse_action(text, state)
            except ParlourError as error:
                message = str(error)
            else:
                message = str(action)
            assert message, "an accepted action prints and an error carries a message"

    @_HYPOTHESIS
    @given(choices=st.lists(st.integers(min_value=0, max_value=10**6), max_size=300))
    def test_hypothesis_action_sequences_with_undo(
        self, game: Game[Any], choices: list[int]
    ) -> None:
        """Any sequence of legal moves and undos keeps the invariants and undoes to the start."""
        state = game.new_state(seed=choices[0] if choices else 0)
        start = public_snapshot(state)
        for choice in choices:
            if choice % 9 == 0 and state.can_undo:
                state.undo()
            elif not state.is_terminal:
                legal = state.legal_actions()
                state.apply(legal[choice % len(legal)])
            check_state(state)
        while state.can_undo:
            state.undo()
        assert public_snapshot(state) == start

    @settings(max_examples=100, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(text=st.text(max_size=20))
    def test_hypothesis_parse_action_never_crashes(self, game: Game[Any], text: str) -> None:
        """`parse_action` on any text returns an action or raises a `ParlourError`."""
        state = game.new_state(seed=1)
        with contextlib.suppress(ParlourError):
            game.parse_action(text, state)
