"""Display helpers (no rich or matplotlib at import) and the PNG and GIF pictures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import parlour
from parlour.games.territory import Territory
from parlour.games.territory.display import (
    PLAYER_COLORS,
    board_rows,
    frames,
    owner_color,
    to_hex,
)
from tests.games.territory.helpers import make_state


def test_importing_the_game_and_its_display_pulls_in_no_rich_or_matplotlib() -> None:
    code = ("import sys, parlour.games.territory, parlour.games.territory.display, "
            "parlour.games.territory.render; "
            "print(any(m.split('.')[0] in ('rich', 'matplotlib', 'PIL') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_board_rows_give_owner_and_count_per_cell() -> None:
    state = make_state([[0, 1], [1, 1]], [[3, 4], [0, 5]])
    expected = [[(0, 3), (1, 4)], [(1, 0), (1, 5)]]
    assert board_rows(state) == expected
    assert board_rows(state.observe(0)) == expected
    assert board_rows((state.owners, state.numbers)) == expected


def test_owner_colours_seats_bright_zombies_muted_and_names_accepted() -> None:
    assert owner_color(0, 2) == PLAYER_COLORS[0]
    assert owner_color(1, 2, {1: "#0F0"}) == "#00ff00"
    assert owner_color(1, 2, {1: "orange"}) == "#ffa500"
    zombie = owner_color(40, 2)
    assert zombie.startswith("#") and len(zombie) == 7 and zombie != owner_color(41, 2)
    with pytest.raises(ValueError, match="unknown colour 'notacolour'"):
        to_hex("notacolour")


def test_frames_rebuild_the_board_turn_by_turn_from_the_events() -> None:
    state = Territory(size=6, rounds=6, players=1).new_state(seed=2)
    while not state.is_terminal:
        state.apply(state.legal_actions()[-1])
    turns = list(frames(state.events, "turn"))
    assert turns[0].caption == "start"
    assert np.array_equal(turns[-1].owners, state.owners)
    assert np.array_equal(turns[-1].numbers, state.numbers)
    assert all(int(f.numbers.sum()) == 144 for f in turns)
    rounds = list(frames(state.events, "round"))
    assert len(rounds) == state.round + 2
    assert np.array_equal(rounds[-1].owners, state.owners)


def test_a_png_of_a_real_game_board(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from PIL import Image

    from parlour.games.territory.render import render_state

    game = Territory(size=8, rounds=10, players=2)
    record = parlour.Match(game, ["heuristic", "t800"], seed=4).run()
    path = render_state(record.final_state(), tmp_path / "board.png", colors={0: "orange"})
    with Image.open(path) as image:
        assert image.format == "PNG" and image.size[0] >= 300
        colours = {c for _, c in image.convert("RGB").getcolors(1 << 20)}
        assert (255, 165, 0) in colours, "seat 0 is drawn in orange"


def test_an_animated_gif_of_a_record(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from PIL import Image

    from parlour.games.territory.render import render_record

    game = Territory(size=6, rounds=4, players=1)
    record = parlour.Match(game, ["heuristic"], seed=1).run()
    path = render_record(record, tmp_path / "game.gif")
    with Image.open(path) as image:
        assert image.format == "GIF" and image.n_frames == record.final_state().round + 2
    png = render_record(record, tmp_path / "final.png")
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_the_board_png_has_a_legend_of_the_seats_with_their_agents(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    from parlour.games.territory import render

    game = Territory(size=6, rounds=3, players=2)
    specs = ["heuristic", "file:bots/mine.py:orange"]
    state = parlour.Match(game, ["heuristic", "t800"], seed=2).run().final_state()
    figure = render.board_figure(state.owners, state.numbers, 2, names=specs)
    (legend,) = figure.legends
    held = [int((state.owners == seat).sum()) for seat in (0, 1)]
    squares = [f"{n} square{'' if n == 1 else 's'}" for n in held]
    assert [t.get_text() for t in legend.get_texts()] == [
        f"heuristic: {squares[0]}", f"mine.py: {squares[1]}", "zombies"]
    seen: list[Any] = []
    drawn = render.board_figure
    monkeypatch.setattr(render, "board_figure",
                        lambda *a, **k: seen.append(a[6]) or drawn(*a, **k))
    record = parlour.Match(game, [*specs[:1], "t800"], seed=2).run()
    render.render_record(record, tmp_path / "final.png")
    assert seen == [["heuristic", "t800"]], "render names the seats by the record's agents"
