"""What the JSON API answers with, as pydantic models (they document /openapi.json).

The views of a table and of a replay's steps are game-specific JSON and stay free-form
(``dict``); everything with a fixed shape is described here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Health(BaseModel):
    """The server answers."""

    ok: bool


class Settings(BaseModel):
    """What the server was started with, as far as the page needs to know."""

    allow_local_bots: bool = Field(description="tables may seat exec: and file: bots")
    tournaments: bool = Field(description="a --tournaments directory is shown")
    ladder: bool = Field(False, description="a league is served (`parlour ladder serve`)")


class AgentChoice(BaseModel):
    """An agent a table may seat."""

    spec: str
    note: str


class Parameter(BaseModel):
    """One parameter of a game, with its default and limits."""

    name: str
    type: str
    default: Any
    doc: str
    choices: list[Any] | None
    min: int | float | None
    max: int | float | None


class GameEntry(BaseModel):
    """A game of the catalog."""

    id: str
    name: str
    description: str
    aliases: list[str]
    players: int
    parameters: list[Parameter]
    agents: list[AgentChoice]
    default_agent: str


class CheckedGame(BaseModel):
    """A game with its parameters, as a table would be made of it."""

    spec: str = Field(description="the game spec, e.g. hearts:end_score=50")
    players: int
    agents: list[AgentChoice]


class NewTableAnswer(BaseModel):
    """A new table: your seat's token (a secret) and the table as your page shows it."""

    token: str = Field(description="your seat's token: connect to /ws/tables/{token}")
    seat: int
    table: dict[str, Any] = Field(description="id, game, seats, pace, state; for the "
                                              "creator, `invites` maps each other person's "
                                              "seat to its single-use invite (POST "
                                              "/api/invites), while it is unclaimed")


class ReplayMeta(BaseModel):
    """An open replay: its id (for /api/replays/{id}) and the record's facts."""

    id: str
    source: str
    game: str
    params: dict[str, Any]
    seed: int
    seats: list[str]
    moves: int
    steps: int
    complete: bool
    scores: list[int | float]
    winners: list[int]
    faults: list[str]
    deals: list[int] = Field(description="the steps at which a deal starts")


class TournamentEntry(BaseModel):
    """A tournament under --tournaments DIR."""

    name: str
    title: str
    game: str | None
    format: str | None
    records: int


class RecordsPage(BaseModel):
    """A page of a tournament's games."""

    total: int
    offset: int
    records: list[dict[str, Any]]
