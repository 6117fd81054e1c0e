"""Keeping seat tokens out of the server's log.

A seat token is a secret (whoever holds it plays that seat), and it travels in paths:
``/ws/tables/TOKEN`` and ``/api/tables/TOKEN/record``. uvicorn logs every request's path
(``uvicorn.access``) and every WebSocket's (``uvicorn.error``), so a filter on those loggers,
and on parlour's own, replaces each token with ``…`` before anything is written.
"""

from __future__ import annotations

import logging
import re

TOKEN_IN_PATH = re.compile(r"(/tables/)[^/\s?#\"']+")
LOGGERS = ("uvicorn.access", "uvicorn.error", "parlour.web")


def redact(text: str) -> str:
    """`text` with every table token in a path replaced by ``…``."""
    return TOKEN_IN_PATH.sub(r"\1…", text)


class RedactTokens(logging.Filter):
    """Rewrites a log record's message and arguments with tokens redacted."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v
                           for k, v in record.args.items()}
        return True


def install_redaction() -> None:
    """Add the filter to uvicorn's loggers and parlour's web logger (once each)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
