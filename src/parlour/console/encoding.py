"""Output on consoles that cannot print card symbols: the ASCII card notation instead.

On a console whose encoding has no ``♠`` (``PYTHONIOENCODING=latin-1``, an old Windows code
page), `fit_streams` makes standard output and error write ``s`` for ``♠`` (the notation's
ASCII suits, which parse back: ``AKQs``) and a plain stand-in for the few other symbols,
rather than end in `UnicodeEncodeError`.
"""

from __future__ import annotations

import codecs
import io
import sys
from typing import TextIO

ERRORS = "parlour-ascii"
"""The codec error handler `fit_streams` installs."""

ASCII = {
    "♣": "c", "♦": "d", "♥": "h", "♠": "s",
    "→": "->", "←": "<-", "·": "-", "✗": "x", "✓": "v", "★": "*", "…": "...", "—": "--",
    "–": "-", "±": "+/-", "×": "x", "µ": "u", "≤": "<=", "≥": ">=", "─": "-", "━": "=",
    "│": "|", "╸": "=", "╺": "-", "•": "*", "“": '"', "”": '"', "‘": "'", "’": "'",
}
"""A character the console cannot print -> what is printed instead (else ``?``)."""


def _ascii(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start:error.end]
    return "".join(ASCII.get(char, "?") for char in bad), error.end


codecs.register_error(ERRORS, _ascii)


def prints_cards(stream: TextIO) -> bool:
    """Whether `stream`'s encoding can write the card suits."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "♣♦♥♠".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def fit_streams() -> None:
    """Let standard output and error fall back to ASCII where their encoding lacks a
    character (the card suits first of all)."""
    for stream in (sys.stdout, sys.stderr):
        if not prints_cards(stream) and isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=ERRORS)
