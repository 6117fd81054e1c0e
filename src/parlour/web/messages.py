"""Every message the page may send, as pydantic models: anything else is refused.

The table's WebSocket accepts `Act`, `Pace`, `Resign` and `Sync` (one JSON object a message,
told apart by ``type``). Creating a table takes a `NewTable` body. A message that does not fit
gets a one-line error back on the page and a log line; the table goes on. `GameCheck` and
`RecordChoice` are the bodies of the other JSON routes that take one, and `InviteClaim`
the body of the route that hands an invited person their seat.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, ValidationError

MAX_MESSAGE = 4096
"""The longest WebSocket message read (characters); longer ones are refused unread."""

ParamValue = Annotated[str, Field(max_length=200)] | int | float | bool


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Act(_Message):
    """Make a move, in the game's notation (a clicked card sends its own notation)."""

    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=1000)]


class Pace(_Message):
    """Seconds the bots wait before each move, so a person can follow them."""

    type: Literal["pace"]
    seconds: Annotated[float, Field(ge=0.0, le=5.0)]


class Resign(_Message):
    """Leave the game: it stops, and its record can be downloaded."""

    type: Literal["resign"]


class Sync(_Message):
    """Send the whole view and log again (after a reconnect)."""

    type: Literal["sync"]


class ClientMessage(RootModel[Act | Pace | Resign | Sync]):
    """Any message from the page, told apart by its ``type``."""

    root: Annotated[Act | Pace | Resign | Sync, Field(discriminator="type")]


class NewTable(_Message):
    """A table to create: the game and its parameters, the seats, your seat, the pace.

    `seats` holds one agent spec per seat; ``human`` marks a person (you at `seat`, and
    anyone you invite at the others). `seed` is refused when more than one person sits at
    the table: the server draws it, so nobody knows the deal.
    """

    game: Annotated[str, Field(min_length=1, max_length=60)]
    params: Annotated[dict[Annotated[str, Field(max_length=60)], ParamValue],
                      Field(max_length=32)] = {}
    seats: Annotated[list[Annotated[str, Field(min_length=1, max_length=300)]],
                     Field(min_length=1, max_length=64)]
    seat: Annotated[int, Field(ge=0, le=63)] = 0
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    pace: Annotated[float, Field(ge=0.0, le=5.0)] = 0.6


class InviteClaim(_Message):
    """An invite to a table's seat, claimed once by the browser that opens its link."""

    invite: Annotated[str, Field(min_length=1, max_length=100)]


class GameCheck(_Message):
    """A game and parameters to check before a table is made."""

    game: Annotated[str, Field(min_length=1, max_length=60)]
    params: Annotated[dict[Annotated[str, Field(max_length=60)], ParamValue],
                      Field(max_length=32)] = {}


class RecordChoice(_Message):
    """A record of a tournament to open as a replay: the tournament (``.`` for the
    directory itself) and the record's file name as the listing shows it."""

    t: Annotated[str, Field(max_length=200)] = "."
    name: Annotated[str, Field(min_length=1, max_length=200)]


def read_client_message(text: str) -> Act | Pace | Resign | Sync:
    """Parse one WebSocket message; raises `ValueError` with a short reason."""
    if len(text) > MAX_MESSAGE:
        raise ValueError(f"message too long ({len(text)} characters; at most {MAX_MESSAGE})")
    try:
        return ClientMessage.model_validate_json(text).root
    except ValidationError as error:
        raise ValueError(short_reason(error)) from None


def short_reason(error: ValidationError) -> str:
    """A pydantic error as one line a person can read."""
    parts = []
    for item in error.errors()[:3]:
        where = ".".join(str(p) for p in item.get("loc", ()) if p not in ("body",))
        message = str(item.get("msg", "invalid"))
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts) or "invalid message"
