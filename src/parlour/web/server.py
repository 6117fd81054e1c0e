"""Running the web table under uvicorn (what `parlour serve` calls)."""

from __future__ import annotations

import importlib.util
import logging

from parlour.core import ParlourError
from parlour.web.config import ServerConfig

log = logging.getLogger("parlour.web")

NEEDED = ("fastapi", "uvicorn", "pydantic")
SOCKETS = ("websockets", "wsproto")


def check_installed() -> None:
    """Raise `ParlourError` naming the extra to install when the web parts are missing."""
    missing = [name for name in NEEDED if importlib.util.find_spec(name) is None]
    if not any(importlib.util.find_spec(name) for name in SOCKETS):
        missing.append("websockets")
    if missing:
        raise ParlourError(f"the web table needs {', '.join(missing)}: "
                           "pip install 'parlour[web]'")


def serve(config: ServerConfig, host: str = "127.0.0.1", port: int = 8000,
          log_level: str = "info") -> None:
    """Serve the web table until interrupted."""
    check_installed()
    import uvicorn

    from parlour.web.app import create_app

    app = create_app(config, host=host)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws="auto",
                ws_max_size=1 << 16, server_header=False)
