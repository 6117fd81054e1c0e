"""Rebuild a league's index from its files: settings, tokens, versions and records.

The database is an index. What it holds is also in the league folder: ``settings.json``,
``tokens.json`` (digests only), each version's ``bot.json`` and every game's record. A damaged
or lost ``ladder.sqlite`` is moved aside and made anew from them; each record is verified by
re-simulation before its game is indexed, and a record that does not verify is left out (its
game is played again, from the same seed, when its match is finished).
"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path

from parlour.arena.formats import seatings
from parlour.arena.worker import outcome_of
from parlour.core import ParlourError, load_game
from parlour.ladder.bots import MANIFEST, SCHEME, read_manifest
from parlour.ladder.league import (
    SETTINGS_FILE,
    SETTINGS_KEY,
    TOKENS_FILE,
    LadderError,
    LeagueSettings,
    game_row,
)
from parlour.ladder.store import FILENAME, LadderStore
from parlour.records import load

log = logging.getLogger("parlour.ladder")
RECORD_NAME = re.compile(r"(\d{6})-(\d+)\.json\.gz")


def rebuild(folder: str | Path) -> tuple[int, int]:
    """Make `folder`'s index anew; return (versions, games) indexed. The old database, if
    any, is kept beside it as ``ladder.sqlite.damaged-TIME``."""
    folder = Path(folder)
    settings_path = folder / SETTINGS_FILE
    if not settings_path.is_file():
        raise LadderError(f"{folder} is not a league folder (no {SETTINGS_FILE})")
    settings = LeagueSettings.from_json(settings_path.read_text())
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for suffix in ("", "-wal", "-shm"):
        old = folder / f"{FILENAME}{suffix}"
        if old.exists():
            old.rename(folder / f"{FILENAME}{suffix}.damaged-{stamp}")
    store = LadderStore(folder / FILENAME)
    try:
        store.set_meta(SETTINGS_KEY, settings.to_json())
        _tokens(store, folder)
        specs = _versions(store, folder, settings)
        games = _games(store, folder, specs)
        store.checkpoint()
        return len(store.versions()), games
    finally:
        store.close()


def _tokens(store: LadderStore, folder: Path) -> None:
    path = folder / TOKENS_FILE
    if not path.is_file():
        return
    for entry in json.loads(path.read_text()):
        store.add_token(entry["name"], entry["digest"], bool(entry["organiser"]))
        if entry["revoked"]:
            store.revoke_token(entry["name"])


def _versions(store: LadderStore, folder: Path, settings: LeagueSettings) -> dict[str, int]:
    """Index the anchors and every submitted version; map each seat spec to its version."""
    specs: dict[str, int] = {}
    for game in settings.games:
        for spec in settings.anchors:
            version = store.add_version(game, spec, "(anchor)", True, spec, "", "", "active")
            specs[f"{game}\0{spec}"] = version.version
    manifests = []
    for path in (folder / "bots").glob(f"*/*/v*/{MANIFEST}"):
        try:
            manifests.append((read_manifest(path.parent), path.parent.resolve()))
        except ParlourError as error:
            log.warning("rebuild: %s is left out (%s)", path.parent, error)
    manifests.sort(key=lambda item: (item[0].get("submitted", 0), item[0].get("number", 0)))
    for manifest, place in manifests:
        spec = f"{SCHEME}:{place}"
        version = store.add_version(manifest["game"], manifest["name"], manifest["owner"], False,
                                    spec, manifest["command"], str(place), "qualifying")
        store.set_status(version.version, manifest.get("status", "qualifying"),
                         manifest.get("message", ""), manifest.get("private", ""))
        specs[f"{manifest['game']}\0{spec}"] = version.version
    return specs


def _games(store: LadderStore, folder: Path, specs: dict[str, int]) -> int:
    """Index every record that verifies, match by match in number order."""
    found: dict[int, dict[int, Path]] = {}
    for path in (folder / "records").glob("*/*.json.gz"):
        name = RECORD_NAME.fullmatch(path.name)
        if name:
            found.setdefault(int(name[1]), {})[int(name[2])] = path
    indexed = 0
    for number in sorted(found):
        rows = []
        for seating, path in sorted(found[number].items()):
            try:
                record = load(path)
                final = record.verify()
                game = load_game(record.game, **record.params)
                game_spec = game.spec
                seats = tuple(specs[f"{game_spec}\0{s}"] for s in record.seats)
            except (ParlourError, KeyError) as error:
                log.warning("rebuild: %s is left out (%s); its game will be played again",
                            path, error)
                continue
            rows.append((seating, path, outcome_of(seating, game, final, record, 0.0),
                         record.seed, game_spec, seats))
        if not rows:
            continue
        seed, game_spec = rows[0][3], rows[0][4]
        lineup = tuple(sorted(set(rows[0][5])))
        seats_count = len(rows[0][5])
        mode = "rotations" if seats_count % len(lineup) == 0 else "permutations"
        planned = seatings(lineup, seats_count, mode)
        store.db.execute("INSERT INTO matches (match, game, seed, versions, seatings, planned) "
                         "VALUES (?, ?, ?, ?, ?, ?)",
                         (number, game_spec, seed, json.dumps(list(lineup)),
                          json.dumps([list(s) for s in planned]), time.time()))
        match = store.match(number)
        for seating, path, outcome, _, _, seats in rows:
            if seating >= len(planned) or planned[seating] != seats:
                log.warning("rebuild: %s does not fit its match's seatings; left out", path)
                continue
            store.add_game(game_row(match, outcome, str(path)))
            indexed += 1
    return indexed
