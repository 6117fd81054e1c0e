"""What every command module of the `parlour` command shares: the root `app` the commands
register on, the consoles, the one-line error wrapper, and the sandbox options.

The command modules (`app`, `tournament`, `train`, `territory`, `ladder`) import this and not
each other, so `parlour.cli.app` imports them at the top with no import circle.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from parlour.core import ParlourError

app = typer.Typer(
    name="parlour",
    help="Turn-based card and table games, the bots that play them, and tournaments.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",  # not "rich", which eats `[render]` in `parlour[render]`
)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)

F = TypeVar("F", bound=Callable[..., Any])


def usage_errors(command: F) -> F:
    """Turn a `ParlourError` into a one-line message and exit status 2, never a traceback."""

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except ParlourError as error:
            err.print(f"[bold red]Error:[/] {escape(str(error))}")
            name = command.__name__.rstrip("_").replace("_", " ")  # ladder_status: a group's
            err.print(f"[dim]Hint: see 'parlour {name} --help'.[/]")
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


SANDBOX_HELP = ("auto: programs run as bots (exec:, heartless:) run in the sandbox where "
                "it works (said once when not); on: refuse to start them without it; off: "
                "never (docs/agents.md).")
NETWORK_HELP = "Let sandboxed bots use the network."
STATE_HELP = ("A folder where each sandboxed bot keeps files between games (at $PARLOUR_STATE); "
              "by default nothing is kept from one game to the next.")
ENV_HELP = "An environment variable passed on to sandboxed bots, by name (repeatable)."


def sandbox_settings(mode: str, network: bool, state: Path | None, env: list[str] | None,
                     hidden: tuple[str, ...]) -> dict[str, Any]:
    """The sandbox fields of a `FaultRules` from the command-line options (checked)."""
    from parlour.agents.sandbox import MODES

    if mode not in MODES:
        raise typer.BadParameter(f"{mode!r} is not one of {', '.join(MODES)}",
                                 param_hint="'--sandbox'")
    names = tuple(env or ())
    bad = next((n for n in names if not n or "=" in n), None)
    if bad is not None:
        raise typer.BadParameter(f"{bad!r} is not a variable name (give the name only)",
                                 param_hint="'--bot-env'")
    return {"sandbox": mode, "bot_network": network,
            "bot_state": None if state is None else str(state.absolute()),
            "bot_env": names, "hidden": hidden}


def check_port_free(host: str, port: int) -> None:
    """Refuse before any banner when `host`:`port` cannot be listened on (a busy port)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        raise ParlourError(f"--host {host!r} is not an address to listen on: "
                           f"{error.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind(address)
        except OSError as error:
            raise ParlourError(f"cannot listen on {host} port {port}: "
                               f"{error.strerror or error}; is another server running there? "
                               "Choose another with --port") from None
