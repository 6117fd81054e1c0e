"""`ContractTrickState`: a trick game's state on the general trick layer.

The layer plays the cards from data the game sets, so that a new trick game writes its
bidding and scoring and no card-play code:

- the **contract** (`parlour.cards.contract.Contract`): each card's effective suit and power,
  set with `set_contract` when the bidding fixes it (a game without bidding sets one in
  `__init__`);
- the **seating** (`parlour.cards.seating.Seating`): 3 to 6 seats, some sitting a hand out,
  set with `set_seating` before a hand's first lead;
- the **teams** (`parlour.cards.seating.Teams`): sides fixed, made in play or hidden, set with
  `set_teams` and shown with `reveal_side`;
- the **restricted** cards (a card mask, 0 by default, `set_restricted`): cards with duties no
  follow table states (Schafkopf's called Sau: it must fall when its suit is led, may not be
  thrown away, leads its suit unless its holder runs away). While the seat to move holds one,
  its legal cards are the game's own rule, `restricted_legal_mask`, in Python and in the
  compiled playouts alike.

A game subclasses `ContractTrickState`, calls `init_layer` in ``__init__``, keeps `contract`,
`seating`, `teams` and `restricted` in its snapshot, calls `play_card` from ``_apply`` for a
card play and implements `_trick_won` as on `TrickState`. `held_back`, `breaks` and `first_lead`
(`TrickState.init_tricks`) apply as there.

A sketch of a Schafkopf-like state (the game's own fields and phases omitted)::

    class MyState(ContractTrickState["MyGame"]):
        def __init__(self, game: MyGame, seed: int) -> None:
            super().__init__(game, seed)
            self.init_layer(Seating(4), NORMAL_GAME, Teams.in_play((0, 0, 0, 0)))

        def _declared(self, contract: Contract, side: tuple[int, ...]) -> None:
            self.set_contract(contract)
            self.set_teams(Teams.in_play(side, revealed=1 << self.declarer))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from parlour.bindings import Binding
from parlour.cards.card import Card
from parlour.cards.contract import Contract
from parlour.cards.events import CARD_PLAYED
from parlour.cards.seating import Seating, Teams
from parlour.cards.tricks import NO_TRUMP
from parlour.cards.trickstate import TrickState
from parlour.core import Action, Event, Game

G = TypeVar("G", bound="Game[Any]")

LAYER_PLAY = Binding(
    "parlour.cards._layer", reference_attr="layer_class",
    stands_in=("play_card", "compute_legal_mask", "legal_mask"),
    reads=("legal_actions", "_apply", "apply_unchecked_no_undo", "in_card_play", "in_trick",
           "card_actions", "twin_copies", "_on_broken"),
    calls=("_trick_won", "restricted_legal_mask"))
"""The compiled random playouts of the layer (`_layer.pyx`, built from the game's tables): for
a quiet state whose class names a `layer_class` and keeps these methods of it. It calls the
game's `restricted_legal_mask` in Python (hands, trick and current written back first) where
the seat to move holds a `restricted` card."""
LAYER_STEP = Binding(
    "parlour.cards._layer_step", reference_attr="layer_class",
    stands_in=("legal_actions", "apply", "apply_unchecked_no_undo"),
    reads=("is_legal", "_apply", "current_player", "play_card", "compute_legal_mask",
           "legal_mask", "card_actions", "twin_copies", "card_played_events", "undo_play"),
    calls=("in_card_play", "_snapshot", "complete_undo_record", "_on_broken", "_trick_won",
           "restricted_legal_mask"))
"""The compiled `Match` step of the layer (`_layer_step.pyx`): a card play's `legal_actions`,
`apply` (a card within a trick keeps `undo_play`'s short undo record) and `apply_unchecked_no_undo`
in C from the contract's tables, the seating and the state's fields, for a class that names a
`layer_class` and keeps these methods of it; every other move goes to the class's Python
methods. Installed on the `layer_class` when its first state is made (`init_layer`)."""
_STEPPED: set[type | None] = {None}
"""The `layer_class`es the compiled step was installed on (or found not built for)."""


def _install_step(reference: type | None) -> None:
    """Put the compiled step (`LAYER_STEP`) in place of `reference`'s `legal_actions`, `apply`
    and `apply_unchecked_no_undo`, which it keeps as its fallback; nothing where it is not built."""
    _STEPPED.add(reference)
    step = LAYER_STEP.load()
    if step is not None and reference is not None:
        step.install(reference, LAYER_STEP.kept_by)


def _python_moves(kind: type) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """`kind`'s `legal_actions` and `apply_unchecked_no_undo` for a move that is no card play:
    the Python methods where the compiled step (`LAYER_STEP`) stands in for them (the step
    would only ask `in_card_play` again and call them), else the class's own."""
    step = LAYER_STEP.load()
    if step is not None and LAYER_STEP.applies(kind):
        legal_actions, _, apply = step.python_step(kind)
        return legal_actions, apply
    return kind.legal_actions, kind.apply_unchecked_no_undo  # type: ignore[attr-defined]


class ContractTrickState(TrickState[G]):
    """A `TrickState` whose following, winning and turn order come from its contract and
    seating (see the module's docstring)."""

    __slots__ = ("contract", "restricted", "seating", "teams")

    contract: Contract
    seating: Seating
    teams: Teams
    restricted: int
    """Cards whose holder plays by the game's own rule (`restricted_legal_mask`), as a mask:
    Schafkopf's called ace. 0: none."""

    def init_layer(self, seating: Seating, contract: Contract, teams: Teams | None = None,
                   held_back: int = 0, breaks: int = 0, first_lead: int = 0,
                   restricted: int = 0) -> None:
        """Set the table up (`TrickState.init_tricks`) with `seating`, `contract`, `teams`
        (each seat on its own side if None) and the `restricted` cards; the first seat that
        plays is to act."""
        self.init_tricks(seating.players, NO_TRUMP, held_back, breaks, first_lead)
        self.contract = contract
        self.seating = seating
        self.teams = Teams.alone(seating.players) if teams is None else teams
        self.restricted = restricted
        if seating.sitting_out & 1:  # else seat 0 (`init_tricks`)
            self.current = seating.next_seat(0)
        if type(self).layer_class not in _STEPPED:
            _install_step(type(self).layer_class)

    def set_contract(self, contract: Contract) -> None:
        """Play the rest of the deal under `contract` (the bidding fixed it)."""
        self.contract = contract
        self._legal = -1

    def set_seating(self, seating: Seating) -> None:
        """Seat this hand's players (before its first lead, `start_tricks`)."""
        if seating.players != self.players:
            raise ValueError(f"this table has {self.players} seats, not {seating.players}")
        self.seating = seating

    def set_teams(self, teams: Teams) -> None:
        """The sides from now on (made in the bidding, or by the cards dealt)."""
        self.teams = teams

    def reveal_side(self, seat: int) -> None:
        """Show `seat`'s side to the table (a called ace played, a queen of clubs shown)."""
        self.teams = self.teams.reveal(seat)

    def set_restricted(self, mask: int) -> None:
        """From now on, a seat to move that holds a card of `mask` plays by the game's
        `restricted_legal_mask` (0: no card is restricted). Change it between tricks, in
        `_trick_won` or outside the card play: the compiled playouts read it once a trick."""
        self.restricted = mask
        self._legal = -1

    # --- the compiled playouts ----------------------------------------------------------------
    layer_class: ClassVar[type | None] = None
    """The class whose card play the compiled playouts (`LAYER_PLAY`) and `Match` step
    (`LAYER_STEP`) reproduce (set it to the game's state class, with `card_actions`,
    `in_card_play` and the promise below); None: Python only.

    The promise: in the card play, `legal_actions` are `card_actions` of the legal cards in
    ascending card id, and `_apply` of a card is ``self._legal = -1; self.play_card(card)``;
    everything a trick does beyond the cards is in `_trick_won`. With `twin_copies`, the
    legal actions are those of `one_per_card` of the legal cards, and `_apply` plays
    ``held_copy(hand, card)``."""
    card_actions: ClassVar[Mapping[int, Action]] = {}
    """The game's play action of each card id (for the compiled code's history); with
    `twin_copies`, both copies of a card map to its one action."""
    twin_copies: ClassVar[bool] = False
    """True for a deck with two copies of cards (Doppelkopf's, `contract.twin`) whose play
    actions name the card, not the copy: the legal actions are one per card held
    (`contract.one_per_card`, ascending by the first copy's id), and a play plays the first
    copy if held, else the second (`contract.held_copy`)."""
    card_played_events: ClassVar[Sequence[Mapping[int, Event]]] = CARD_PLAYED
    """``card_played_events[seat][card]``: the event of `seat` playing card id `card` (the
    compiled step emits it too); a game with its own card-played event names its table."""

    def in_card_play(self) -> bool:
        """True while cards are being played (not bidding, not over); override it."""
        return False

    def play_random(self, stop: int | None, random: Callable[[], float]) -> None:
        """Random moves until deal `stop` or the end (`State.play_random`), the card play in
        compiled code where `LAYER_PLAY` applies to this quiet state (else where a game's own
        kernel does, `TrickState.play_random`): the very same moves."""
        if not self.quiet or self.layer_class is None or not LAYER_PLAY.applies(type(self)):
            super().play_random(stop, random)  # (not loading `_layer` for a game without it)
            return
        self.complete_undo_record()
        play_out = LAYER_PLAY.load().play_out
        actions = self.card_actions
        legal_actions, apply = _python_moves(type(self))
        while not self.is_terminal and (stop is None or self.deal_number < stop):
            if self.in_card_play():
                play_out(self, random, actions, stop)
            else:  # not a card play: the Python methods, without the step asking again
                legal = legal_actions(self)
                apply(self, legal[int(random() * len(legal))])

    def _copy_into(self, other: Any) -> None:
        other.contract = self.contract
        other.seating = self.seating
        other.teams = self.teams
        other.restricted = self.restricted
        super()._copy_into(other)

    # --- reading ----------------------------------------------------------------------------
    @property
    def led_cards(self) -> int:
        """The cards of the effective suit led, as a mask (0 when leading)."""
        return self.contract.follow[self.trick[0]] if self.trick else 0

    def compute_legal_mask(self) -> int:
        """The game's `restricted_legal_mask` if the hand holds a `restricted` card; else
        follow the effective suit led if you can, else any card; leading: the `first_lead`
        card to a deal's first trick if set, else anything but unbroken held-back cards
        unless nothing else is held."""
        hand: int = self.hands[self.current]  # type: ignore[index]
        if hand & self.restricted:
            return self.restricted_legal_mask()
        if self.trick:
            return hand & self.contract.follow[self.trick[0]] or hand
        if self.first_lead and not self.tricks:
            return self.first_lead
        if self.broken:
            return hand
        return hand & ~self.held_back or hand

    def restricted_legal_mask(self) -> int:
        """The cards the seat to move may play while it holds a `restricted` card: the
        game's rule, reading `hands`, `trick`, `current` (and what else it keeps that only
        changes between tricks). The compiled playouts call it too."""
        raise NotImplementedError(f"{type(self).__name__} sets restricted cards but does not "
                                  "define restricted_legal_mask")

    def in_trick(self, seat: int) -> int:
        """1 if `seat` has played to the trick in progress, else 0."""
        return 1 if self.seating.has_played(seat, self.leader, len(self.trick)) else 0

    def cards_left(self, hand_size: int) -> list[int]:
        """How many cards each seat that plays holds in a deal of `hand_size` cards each; a
        seat sitting out holds what it holds."""
        done = len(self.tricks)
        return [hand_size - done - self.in_trick(seat) if self.seating.plays(seat)
                else self.hands[seat].bit_count() for seat in range(self.players)]

    # --- playing ------------------------------------------------------------------------------
    def play_card(self, card: Card) -> None:
        """The current player plays `card` (legal); the next seat that plays is to act, or,
        when the trick is full, its winner by the contract leads and `_trick_won` runs."""
        p: int = self.current  # type: ignore[assignment]
        self.hands[p] ^= 1 << card
        trick = self.trick + (card,)  # noqa: RUF005 (concatenation is faster)
        if not self.quiet:
            self.events.append(self.card_played_events[p][card])
        if not self.broken and self.breaks >> card & 1:
            self.broken = True
            if not self.quiet:
                self._on_broken(p)
        seating = self.seating
        if len(trick) < seating.trick_size:
            self.trick = trick
            self.current = seating.next_seat(p)
            return
        leader = self.leader
        winner = seating.seat_at(leader, self.contract.winner(trick))
        self.tricks = self.tricks + ((leader, trick),)  # noqa: RUF005
        self.trick = ()
        self.leader = self.current = winner
        self._trick_won(leader, trick, winner)
