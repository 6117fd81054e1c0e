"""Tournament output directories, read only: the summary, the plots, the error log, the games.

`--tournaments DIR` names one tournament's output directory (``summary.json``,
``records/NNNN.json.gz``, ``errors.log``, plots) or a directory holding several. Files are only
ever found by listing those directories: a name from the page is looked up in the listing, never
joined to a path, and the listing holds only regular files and folders that resolve inside the
directory (a symbolic link pointing out of it is left out), so nothing outside it can be read.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from parlour.arena.report import ranking_caption
from parlour.core import ParlourError, RecordError
from parlour.records import Record
from parlour.web.replays import RecordTooLarge, read_record

log = logging.getLogger("parlour.web")

SUMMARY_FILES = ("summary.json",)
TEXT_FILES = ("summary.txt", "report.txt")
ERRORS = "errors.log"
SHOWN_SUFFIXES = {".png": "image/png", ".svg": "image/svg+xml", ".txt": "text/plain",
                  ".json": "application/json", ".log": "text/plain", ".csv": "text/csv"}
PLOT_SUFFIXES = (".png", ".svg")
MAX_TEXT = 200_000


def _is_record_name(name: str) -> bool:
    return name.endswith((".json.gz", ".json")) and name not in SUMMARY_FILES


def _head(path: Path, limit: int) -> str:
    """The first `limit` bytes of a text file (a huge file is never read whole)."""
    with path.open("rb") as file:
        return file.read(limit).decode("utf-8", errors="replace")


def _tail(path: Path, limit: int) -> str:
    """The last `limit` bytes of a text file, from the first whole line among them."""
    with path.open("rb") as file:
        size = file.seek(0, 2)
        file.seek(max(0, size - limit))
        data = file.read(limit)
    if size > limit:
        data = data.split(b"\n", 1)[-1]
    return data.decode("utf-8", errors="replace")


def _count_lines(path: Path) -> int:
    """Lines in a text file, counted a megabyte at a time."""
    count = 0
    last = b"\n"
    with path.open("rb") as file:
        while chunk := file.read(1 << 20):
            count += chunk.count(b"\n")
            last = chunk[-1:]
    return count + (last != b"\n")


class Tournaments:
    """The tournaments under the directory given at start-up."""

    def __init__(self, root: Path | None, max_record_bytes: int = 16 * 1024 * 1024) -> None:
        self.root = root.resolve() if root is not None else None
        self.max_record_bytes = max_record_bytes

    # --- what may be read: only what resolves inside the root --------------------------------
    def inside(self, path: Path) -> bool:
        """Whether `path`, with every link followed, is within the root directory."""
        if self.root is None:
            return False
        try:
            return path.resolve().is_relative_to(self.root)
        except (OSError, RuntimeError):  # a link loop
            return False

    def is_file(self, path: Path) -> bool:
        """A regular file inside the root (not a link out of it, a device or a pipe)."""
        return self.inside(path) and path.is_file()

    def is_dir(self, path: Path) -> bool:
        """A directory inside the root."""
        return self.inside(path) and path.is_dir()

    def _is_tournament(self, path: Path) -> bool:
        return self.is_dir(path / "records") or any(self.is_file(path / n)
                                                    for n in SUMMARY_FILES)

    def _record_files(self, folder: Path) -> list[str]:
        if not self.is_dir(folder):
            return []
        return sorted(p.name for p in folder.iterdir()
                      if _is_record_name(p.name) and self.is_file(p))

    def folders(self) -> dict[str, Path]:
        """Tournament name -> its directory (``"."`` for the root itself)."""
        root = self.root
        if root is None or not root.is_dir():
            return {}
        found: dict[str, Path] = {}
        if self._is_tournament(root):
            found["."] = root
        for child in sorted(root.iterdir()):
            if not child.name.startswith(".") and self.is_dir(child) \
                    and self._is_tournament(child):
                found[child.name] = child
        if not found:
            found["."] = root  # a plain folder of records
        return found

    def folder(self, name: str) -> Path:
        folder = self.folders().get(name)
        if folder is None:
            raise ParlourError(f"no tournament {name!r} here")
        return folder

    def listing(self) -> list[dict[str, Any]]:
        """Every tournament: its name and a one-line description."""
        out = []
        for name, folder in self.folders().items():
            summary = self._summary(folder)
            settings = summary.get("settings", {}) if isinstance(summary, dict) else {}
            title = folder.name if name == "." else name
            out.append({"name": name, "title": title,
                        "game": settings.get("game") if isinstance(settings, dict) else None,
                        "format": settings.get("format") if isinstance(settings, dict) else None,
                        "records": len(self._records_in(folder))})
        return out

    # --- one tournament --------------------------------------------------------------------------
    def report(self, name: str) -> dict[str, Any]:
        """The summary (as stored), text reports, plot names, the error log's tail."""
        folder = self.folder(name)
        texts = {}
        for text_name in TEXT_FILES:
            path = folder / text_name
            if self.is_file(path):
                texts[text_name] = _head(path, MAX_TEXT)
        errors = None
        if self.is_file(folder / ERRORS):
            errors = {"count": _count_lines(folder / ERRORS),
                      "tail": _tail(folder / ERRORS, MAX_TEXT).splitlines()[-200:]}
        summary = self._summary(folder)
        settings = summary.get("settings", {}) if isinstance(summary, dict) else {}
        game = settings.get("game", "") if isinstance(settings, dict) else ""
        return {
            "name": name, "title": folder.name, "summary": summary,
            "caption": ranking_caption(game if isinstance(game, str) else ""),
            "texts": texts, "plots": self._plots(folder), "errors": errors,
            "records": len(self._records_in(folder)),
        }

    def record_names(self, name: str) -> list[str]:
        """The file names of the tournament's records, in order."""
        return self._records_in(self.folder(name))

    def records(self, name: str, offset: int, limit: int) -> list[dict[str, Any]]:
        """A page of the tournament's games: file name, game, seats and result."""
        folder = self.folder(name)
        names = self._records_in(folder)
        out: list[dict[str, Any]] = []
        for record_name in names[offset:offset + limit]:
            try:
                record = self._load(folder, record_name)
            except ParlourError as error:
                out.append({"name": record_name, "error": str(error)})
                continue
            out.append({"name": record_name, "game": record.game, "seats": record.seats,
                        "scores": list(record.result.scores),
                        "winners": list(record.result.winners),
                        "complete": record.result.complete, "moves": len(record.moves),
                        "seed": record.seed, "faults": len(record.faults)})
        return out

    def record(self, name: str, record_name: str) -> Record:
        folder = self.folder(name)
        if record_name not in self._records_in(folder):
            raise ParlourError(f"no record {record_name!r} in tournament {name!r}")
        return self._load(folder, record_name)

    def file(self, name: str, file_name: str) -> tuple[Path, str]:
        """A file shown by the report (a plot, a text): its path and media type."""
        folder = self.folder(name)
        listed = dict(self._files(folder))
        path = listed.get(file_name)
        if path is None:
            raise ParlourError(f"no file {file_name!r} in tournament {name!r}")
        return path.resolve(), SHOWN_SUFFIXES[path.suffix.lower()]

    # --- internals -----------------------------------------------------------------------------
    def _load(self, folder: Path, record_name: str) -> Record:
        """A listed record, read with the server's size limits (before and after
        decompression); whatever is wrong with the file, a `RecordError` says what."""
        source = f"record {record_name!r}"
        path = self._record_dir(folder) / record_name
        try:
            size = path.stat().st_size
            if size > self.max_record_bytes:
                raise RecordTooLarge(f"{source} is {size:,} bytes; the limit is "
                                     f"{self.max_record_bytes:,}")
            data = path.read_bytes()
        except OSError as error:
            raise RecordError(f"{source} cannot be read: {error.strerror or error}") from None
        return read_record(data, source, self.max_record_bytes)

    def _summary(self, folder: Path) -> Any:
        for summary_name in SUMMARY_FILES:
            path = folder / summary_name
            if self.is_file(path):
                try:
                    if path.stat().st_size > self.max_record_bytes:
                        raise ValueError(f"larger than {self.max_record_bytes:,} bytes")
                    return json.loads(path.read_text(encoding="utf-8"))
                except (OSError, ValueError, RecursionError) as error:
                    log.warning("cannot read %s: %s", path, error)
                    return {"error": f"{summary_name} is unreadable: {error}"}
        return None

    def _record_dir(self, folder: Path) -> Path:
        return folder / "records" if self.is_dir(folder / "records") else folder

    def _records_in(self, folder: Path) -> list[str]:
        return self._record_files(self._record_dir(folder))

    def _files(self, folder: Path) -> list[tuple[str, Path]]:
        out = []
        for where in (folder, folder / "plots"):
            if not self.is_dir(where):
                continue
            for path in sorted(where.iterdir()):
                if path.suffix.lower() in SHOWN_SUFFIXES and self.is_file(path):
                    out.append((path.relative_to(folder).as_posix(), path))
        return out

    def _plots(self, folder: Path) -> list[str]:
        return [rel for rel, path in self._files(folder)
                if path.suffix.lower() in PLOT_SUFFIXES]
