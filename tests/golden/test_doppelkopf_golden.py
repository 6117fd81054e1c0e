"""Doppelkopf re-simulates its golden records byte for byte (see doppelkopf.py)."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.records import Record
from tests.golden.doppelkopf import CASES, load
from tests.golden.golden import ENGINE_AGENTS, case_name, digest, play

STORED = load()


def test_the_golden_file_covers_every_case() -> None:
    assert [s["name"] for s in STORED] == [case_name(c) for c in CASES]


@pytest.mark.parametrize("stored", STORED, ids=[s["name"] for s in STORED])
def test_rules_reproduce_the_golden_record(stored: dict[str, Any]) -> None:
    """Re-simulating the stored moves gives the same record, events, observations and samples."""
    record = Record.from_json(stored["record"])
    assert record.to_json() == stored["record"]
    record.verify()
    assert digest(record) == stored["digest"]


ENGINE_ONLY = [s for s in STORED if set(s["case"]["seats"]) <= ENGINE_AGENTS]


@pytest.mark.parametrize("stored", ENGINE_ONLY, ids=[s["name"] for s in ENGINE_ONLY])
def test_matches_replay_to_the_same_record_text(stored: dict[str, Any]) -> None:
    assert play(stored["case"]).to_json() == stored["record"]
