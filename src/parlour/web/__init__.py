"""The web table: play against the bots, watch replays and tournaments, in the browser.

`parlour serve` runs it (FastAPI under uvicorn; ``pip install 'parlour[web]'``). Everything is
served from this package: the page is plain HTML, CSS and JavaScript modules in ``static/``,
and the cards are SVG drawn by the page itself. See docs/web.md.
"""

from __future__ import annotations

from parlour.web.config import ServerConfig

__all__ = ["ServerConfig"]
