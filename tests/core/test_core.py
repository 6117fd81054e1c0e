"""The game contract: parameters, the registry, Game values, seeding, errors, user games."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.core import (
    CHANCE,
    Action,
    Game,
    GameInfo,
    IllegalActionError,
    NotationError,
    Observation,
    Param,
    ParameterError,
    ParlourError,
    State,
    UnknownGameError,
    UnknownNameError,
    UnknownParameterError,
    derive_seed,
    game_class,
    list_games,
    load_game,
    make_rng,
    parse_spec,
    register_game,
)
from parlour.core import registry as registry_module
from parlour.core.errors import did_you_mean
from parlour.core.seeding import SEED_BITS
from parlour.games.hearts import Hearts


# --- a small user game, registered by the tests --------------------------------------------------
class Take(Action):
    """Take `n` counters."""

    __slots__ = ("n",)
    n: int

    def __init__(self, n: int) -> None:
        object.__setattr__(self, "n", n)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Take) and other.n == self.n

    def __hash__(self) -> int:
        return hash(self.n)

    def __str__(self) -> str:
        return f"take {self.n}"


class CountdownState(State["Countdown"]):
    """Two players take 1 or 2 counters in turn; whoever takes the last one wins."""

    __slots__ = ("left", "turn")

    def __init__(self, game: Countdown, seed: int) -> None:
        super().__init__(game, seed)
        self.left = game.start
        self.turn = 0

    @property
    def current_player(self) -> int | None:
        return None if self.left == 0 else self.turn

    def legal_actions(self) -> Sequence[Action]:
        return tuple(Take(n) for n in (1, 2) if n <= self.left)

    def _snapshot(self) -> Any:
        return self.left, self.turn

    def _restore(self, snapshot: Any) -> None:
        self.left, self.turn = snapshot

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Take)
        self.left -= action.n
        if self.left:
            self.turn = 1 - self.turn

    def scores(self) -> tuple[int, ...]:
        return (0, 0) if self.left else tuple(int(p == self.turn) for p in (0, 1))

    def returns(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.scores())

    def winners(self) -> tuple[int, ...]:
        return (self.turn,)

    def observe(self, seat: int) -> Observation:
        legal = tuple(self.legal_actions()) if seat == self.current_player else ()
        return Observation(seat=seat, current_player=self.current_player, legal_actions=legal)


class Countdown(Game[CountdownState]):
    """A user game: take 1 or 2 from a pile; the last taker wins."""

    id = "test.countdown"
    description = "Take 1 or 2 counters; whoever takes the last one wins."
    aliases = ("test.nim",)
    parameters = (
        Param("start", int, 10, "Counters in the pile at the start.", min=1, max=100),
        Param("speed", float, 1.0, "Unused; a float parameter.", min=0.0),
    )

    start: int
    speed: float

    @property
    def num_players(self) -> int:
        return 2

    def new_state(self, seed: int | None = None, **setup: Any) -> CountdownState:
        return CountdownState(self, self._seed(seed))

    def parse_action(self, text: str, state: CountdownState) -> Action:
        word, _, number = text.strip().partition(" ")
        if word != "take" or number not in ("1", "2"):
            raise NotationError(f"cannot read {text!r}: expected 'take 1' or 'take 2'")
        return Take(int(number))


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let a test register games without leaking them into other tests."""
    monkeypatch.setattr(registry_module, "_LOADED", dict(registry_module._LOADED))
    monkeypatch.setattr(registry_module, "_ALIASES", dict(registry_module._ALIASES))


def test_register_game_makes_a_user_game_loadable(registry: None) -> None:
    assert register_game(Countdown) is Countdown
    assert game_class("test.countdown") is Countdown
    assert game_class("test.nim") is Countdown
    game = load_game("test.nim:start=5")
    assert isinstance(game, Countdown)
    assert game.start == 5
    assert game.spec == "test.countdown:start=5"
    assert load_game(game.spec) == game
    info = {i.id: i for i in list_games()}["test.countdown"]
    assert info == GameInfo("test.countdown", ("test.nim",), Countdown.description, Countdown)
    state = game.new_state(seed=1)
    while not state.is_terminal:
        state.apply(state.legal_actions()[-1])
    assert state.history == [(0, Take(2)), (1, Take(2)), (0, Take(1))]
    assert state.winners() == (0,)
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(Take(1))


def test_register_game_needs_an_id(registry: None) -> None:
    class Nameless(Countdown):
        id = ""

    with pytest.raises(ValueError, match="Nameless has no id"):
        register_game(Nameless)


def test_a_user_game_can_be_subclassed_with_new_defaults(registry: None) -> None:
    @register_game
    class Quick(Countdown):
        id = "test.quick"
        aliases = ()
        parameters = (Param("start", int, 3, "A short pile.", min=1),)

    assert load_game("test.quick").start == 3
    assert load_game("test.quick") != Countdown(start=3)  # another class, another game
    assert load_game("test.quick").spec == "test.quick"


# --- parameters ----------------------------------------------------------------------------------
def test_unknown_parameter_suggests_the_closest_name() -> None:
    with pytest.raises(UnknownParameterError) as caught:
        load_game("hearts", end_scor=50)
    message = str(caught.value)
    assert message == (
        "unknown parameter 'end_scor' for game 'hearts'; did you mean 'end_score'?"
    )
    assert isinstance(caught.value, ParlourError)
    assert isinstance(caught.value, KeyError)
    with pytest.raises(UnknownParameterError, match="did you mean 'moon'"):
        load_game("hearts:mon=add")


def test_unknown_parameter_without_a_close_name_lists_the_choices() -> None:
    with pytest.raises(UnknownParameterError, match="expected one of: end_score, jack_of"):
        load_game("hearts", zzzzzz=1)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abc", "parameter 'end_score' of game 'hearts' expects int, cannot read 'abc'"),
        (1.5, "parameter 'end_score' of game 'hearts' must be int, got 1.5"),
        (True, "parameter 'end_score' of game 'hearts' must be int, got True"),
        (0, "parameter 'end_score' of game 'hearts' must be at least 1, got 0"),
        ("-3", "parameter 'end_score' of game 'hearts' must be at least 1, got -3"),
    ],
)
def test_wrong_parameter_values_are_refused(value: Any, message: str) -> None:
    with pytest.raises(ParameterError) as caught:
        load_game("hearts", end_score=value)
    assert str(caught.value) == message


def test_parameter_choices_min_and_max() -> None:
    with pytest.raises(ParameterError, match="must be one of 'add', 'subtract', got 'double'"):
        load_game("hearts", moon="double")
    param = Param("start", int, 10, "doc", min=1, max=100)
    assert param.check(100, "g") == 100
    assert param.check("1", "g") == 1
    with pytest.raises(ParameterError, match="must be at most 100, got 101"):
        param.check(101, "g")
    with pytest.raises(ParameterError, match="must be at least 1, got 0"):
        param.check("0", "g")


def test_float_parameters_accept_ints_and_text() -> None:
    param = Param("speed", float, 1.0, "doc", min=0.0)
    assert param.check(2, "g") == 2.0
    assert isinstance(param.check(2, "g"), float)
    assert param.check(" 0.5 ", "g") == 0.5
    with pytest.raises(ParameterError, match="must be float"):
        param.check(True, "g")


@pytest.mark.parametrize(
    ("text", "value"),
    [("true", True), ("True", True), ("yes", True), ("on", True), ("1", True),
     ("false", False), ("NO", False), ("off", False), ("0", False), (" yes ", True)],
)
def test_bool_parameters_read_text(text: str, value: bool) -> None:
    game = load_game("hearts", queen_breaks_hearts=text)
    assert game.queen_breaks_hearts is value  # type: ignore[attr-defined]
    assert load_game(f"hearts:queen_breaks_hearts={text.strip()}") == game


def test_bad_bool_text_is_refused() -> None:
    with pytest.raises(ParameterError, match="expects bool, cannot read 'maybe'"):
        load_game("hearts", jack_of_diamonds="maybe")
    with pytest.raises(ParameterError, match="must be bool, got 1"):
        load_game("hearts", jack_of_diamonds=1)


def test_defaults_fill_every_parameter() -> None:
    game = load_game("hearts")
    assert dict(game.params) == {
        "end_score": 100, "passing": "left,right,across,none", "queen_breaks_hearts": False,
        "jack_of_diamonds": False, "moon": "add",
    }
    assert game.changed_params() == {}


# --- specs and the registry ----------------------------------------------------------------------
def test_parse_spec() -> None:
    assert parse_spec("hearts") == ("hearts", {})
    assert parse_spec("hearts:") == ("hearts", {})
    assert parse_spec(" hearts : end_score = 50 ") == ("hearts", {"end_score": "50"})
    assert parse_spec("x:a=1,b=two") == ("x", {"a": "1", "b": "two"})
    # a part without '=' continues the previous value: list values keep their commas
    assert parse_spec("hearts:passing=left,none,end_score=50") == (
        "hearts", {"passing": "left,none", "end_score": "50"}
    )
    for bad in ("x:a", "x:=1", "x:a=1,=2"):
        with pytest.raises(ParameterError, match="expected key=value") as caught:
            parse_spec(bad)
        assert repr(bad) in str(caught.value)


def test_load_game_reads_parameters_from_the_spec() -> None:
    game = load_game("hearts:end_score=50")
    assert isinstance(game, Hearts)
    assert game.end_score == 50
    assert load_game("hearts:end_score=50,moon=subtract") == Hearts(end_score=50, moon="subtract")
    assert load_game("hearts:end_score=50", end_score=60).end_score == 60  # keywords win
    assert load_game("hearts:passing=left,none").passing == "left,none"


def test_aliases_load_the_same_game() -> None:
    assert load_game("hearts.standard") == load_game("hearts")
    assert load_game("hearts.standard:end_score=30") == Hearts(end_score=30)
    assert game_class("hearts.standard") is Hearts


def test_unknown_game_suggests_the_closest_id() -> None:
    with pytest.raises(UnknownGameError) as caught:
        load_game("heart")
    assert str(caught.value).startswith("unknown game 'heart'; did you mean 'hearts'")
    assert isinstance(caught.value, UnknownNameError)
    with pytest.raises(UnknownGameError, match="did you mean 'hearts'"):
        load_game("HEARTS:end_score=5")
    with pytest.raises(UnknownGameError, match=r"expected one of: .*hearts"):
        load_game("zzqqxx")


def test_list_games() -> None:
    games = list_games()
    assert [g.id for g in games] == sorted(g.id for g in games)
    hearts = {g.id: g for g in games}["hearts"]
    assert hearts.game_class is Hearts
    assert "hearts.standard" in hearts.aliases
    assert hearts.description
    assert "\n" not in hearts.description


# --- Game values ---------------------------------------------------------------------------------
def test_games_are_immutable() -> None:
    game = load_game("hearts", end_score=50)
    with pytest.raises(AttributeError, match="immutable"):
        game.end_score = 10  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        game.params = {}  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del game.end_score  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        game.params["end_score"] = 10  # type: ignore[index]
    assert game.end_score == 50  # type: ignore[attr-defined]


def test_game_equality_and_hash() -> None:
    assert Hearts() == load_game("hearts") == Hearts(end_score=100)
    assert Hearts(end_score=50) != Hearts()
    assert hash(Hearts(end_score=50)) == hash(load_game("hearts:end_score=50"))
    assert len({Hearts(), Hearts(), Hearts(moon="subtract")}) == 2
    assert Hearts() != "hearts"


def test_game_spec_repr_and_variant() -> None:
    assert Hearts().spec == "hearts"
    game = Hearts(end_score=50, queen_breaks_hearts=True)
    assert game.spec == "hearts:end_score=50,queen_breaks_hearts=true"
    assert game.variant == game.spec
    assert repr(game) == "Hearts(end_score=50, queen_breaks_hearts=True)"
    assert repr(Hearts()) == "Hearts()"


DIRECTION = st.sampled_from(["left", "right", "across", "none"])


@given(
    end_score=st.integers(1, 10_000),
    passing=st.lists(DIRECTION, min_size=1, max_size=5).map(",".join),
    queen=st.booleans(),
    jack=st.booleans(),
    moon=st.sampled_from(["add", "subtract"]),
)
def test_spec_loads_back_to_an_equal_game(
    end_score: int, passing: str, queen: bool, jack: bool, moon: str
) -> None:
    game = load_game("hearts", end_score=end_score, passing=passing,
                     queen_breaks_hearts=queen, jack_of_diamonds=jack, moon=moon)
    again = load_game(game.spec)
    assert again == game
    assert hash(again) == hash(game)
    assert again.spec == game.spec


# --- seeding -------------------------------------------------------------------------------------
def test_derive_seed_is_stable_across_runs() -> None:
    assert derive_seed(0) == 4761921975702974394
    assert derive_seed(1, "deal", 0) == 782553730503344955
    assert derive_seed(7, "deal", 0) == 6200475615330760169
    assert derive_seed(7, "deal", 1) == 1800934459372051193
    assert derive_seed(123456789, "agent", 3) == 3247640674858911438
    assert derive_seed(-5) == 4793239085546121635
    rng = make_rng(7, "deal", 0)
    assert rng.random() == 0.659670331420638
    assert make_rng(7, "deal", 0).getrandbits(32) == 2833262500


@given(st.integers(-(2**70), 2**70), st.text(max_size=8), st.integers(0, 1000))
def test_derived_seeds_fit_in_63_bits(seed: int, key: str, number: int) -> None:
    derived = derive_seed(seed, key, number)
    assert 0 <= derived < 2**SEED_BITS
    assert derive_seed(seed, key, number) == derived


def test_derived_streams_are_independent() -> None:
    deals = {derive_seed(42, "deal", n) for n in range(1000)}
    assert len(deals) == 1000
    assert derive_seed(42, "deal", 0) != derive_seed(42, "agent", 0)
    assert derive_seed(42, "deal", 0) != derive_seed(43, "deal", 0)
    assert derive_seed(42, "deal", 0) != derive_seed(42)
    # drawing from one stream never moves another
    a = make_rng(5, "agent", 0)
    expected = make_rng(5, "deal", 1).random()
    for _ in range(100):
        a.random()
    assert make_rng(5, "deal", 1).random() == expected


def test_new_state_without_a_seed_draws_a_fresh_one() -> None:
    game = load_game("hearts")
    seeds = {game.new_state().seed for _ in range(5)}
    assert len(seeds) == 5
    assert all(0 <= s < 2**SEED_BITS for s in seeds)
    assert game.new_state(seed=7).seed == 7


# --- errors and the State contract ---------------------------------------------------------------
def _errors() -> list[tuple[str, ParlourError]]:
    """(quoted input, error) for a variety of bad inputs."""
    cases: list[tuple[str, Any]] = [
        ("heart", lambda: load_game("heart")),
        ("end_scor", lambda: load_game("hearts", end_scor=1)),
        ("abc", lambda: load_game("hearts", end_score="abc")),
        ("hearts:end_score", lambda: load_game("hearts:end_score")),
        ("up", lambda: load_game("hearts", passing="up")),
        ("X♠", lambda: parlour.load_game("hearts").parse_action("X♠", None)),
        ("Zz", lambda: Hearts().new_state(seed=1, hands=["Zz"] * 4)),
    ]
    errors = []
    for quoted, make in cases:
        with pytest.raises(ParlourError) as caught:
            make()
        errors.append((quoted, caught.value))
    return errors


def test_errors_are_one_line_and_quote_the_input() -> None:
    for quoted, error in _errors():
        message = str(error)
        assert "\n" not in message, message
        assert repr(quoted) in message, message


def test_did_you_mean() -> None:
    assert did_you_mean("hart", ["hearts", "spades"]) == "'hearts'"
    assert did_you_mean("HEARTS", ["hearts", "skat"]) == "'hearts'"
    assert did_you_mean("spadez", ["spades", "spades.x", "hearts"]) == "'spades' or 'spades.x'"
    assert did_you_mean("qqqq", ["hearts"]) == ""


def test_undo_at_the_start_is_an_error() -> None:
    state = load_game("hearts").new_state(seed=1)
    assert not state.can_undo
    with pytest.raises(ParlourError, match="nothing to undo"):
        state.undo()
    assert state.history[0].player == CHANCE  # the deal is a chance move
    assert state.moves() == []


def test_clone_is_independent() -> None:
    state = load_game("hearts").new_state(seed=1)
    copy = state.clone()
    rng = Random(0)
    for _ in range(20):
        copy.apply(copy.legal_actions()[rng.randrange(len(copy.legal_actions()))])
    assert state.history == [state.history[0]]
    assert len(copy.moves()) == 20
    assert state.observe(0) != copy.observe(0)
    assert "seed=1" in repr(state)


def test_an_id_action_sets_its_id_and_slots_in_one_call_and_stays_immutable() -> None:
    from parlour.core import IdAction

    class Bid(IdAction):
        __slots__ = ("tricks",)
        tricks: int

        def __init__(self, tricks: int) -> None:
            super().__init__(52 + tricks, tricks=tricks)

    bid = Bid(3)
    assert (bid.id, bid.tricks) == (55, 3)
    assert bid == Bid(3) and hash(bid) == 55 and bid != Bid(4)
    with pytest.raises(AttributeError, match="immutable"):
        bid.tricks = 4
