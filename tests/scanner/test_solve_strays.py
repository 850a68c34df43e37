"""A tally run's ticks that the count of misreads calls stray: read as surely as the blanks
before them, the rules cannot say which side is misread, so both go to review; read past
the run beyond doubt, the search changes them together, even when cut short."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.solve import solve

from .simulator import finished_game, sheet_for

CONFIG = ScannerConfig()
SHORT = ScannerConfig(solve_evaluations=1)  # the search cut short at the reading as measured


def _sure(colours: dict[str, int | None]) -> dict[str, Reading]:
    return {
        rid: Reading(c, 1.0, 0.0 if c is None else 0.9, surely_marked=c is not None)
        for rid, c in colours.items()
    }


def _vasarely() -> tuple:
    layout = sheet_for("vasarely")
    colours, scores = finished_game(layout, np.random.default_rng(7))
    keys = sorted(r.color_index for r in layout.regions if r.kind == "key" and r.color_index)
    player, score = next((p, s) for p, s in scores.items() if s >= 6)
    return layout, colours, keys, player, score


def test_sure_blanks_before_a_sure_tick_the_run_calls_stray_go_to_review() -> None:
    # A sure tick three sure blanks after the run: the count of misreads calls it stray,
    # beyond doubt. A search its budget cuts short (a messaging copy with many doubted
    # regions) keeps it as read; then the blanks before it are as much in doubt as the
    # tick (a photo that loses ticks loses them in a row), though the tally's disagreement
    # with the drawing names only the tick.
    layout, colours, keys, player, score = _vasarely()
    last = f"score-p{player}-box-{score + 4}"
    colours[last] = player
    readings = _sure(colours)
    solved = solve(layout, readings, None, keys, SHORT)
    assert not solved.exact and readings[last].color == player
    assert any(last in c.get("must_be_blank", ()) for c in solved.scoring.failed)
    for n in range(score + 1, score + 4):
        rid = f"score-p{player}-box-{n}"
        assert readings[rid].color is None
        assert "calls stray" in (readings[rid].reason or "")
        assert readings[rid].runner_up == player
    assert readings[f"score-p{player}-box-{score + 5}"].reason is None


def test_a_doubtful_stray_tick_leaves_the_blanks_before_it_sure() -> None:
    # The same, but the stray tick read with doubt (a shadow's patchy darkening): the count
    # of misreads decides, and the sure blanks stay out of review.
    layout, colours, keys, player, score = _vasarely()
    last = f"score-p{player}-box-{score + 4}"
    colours[last] = player
    readings = _sure(colours)
    readings[last] = Reading(player, 0.7, 0.2, "patchy or light pencil")
    solve(layout, readings, None, keys, SHORT)
    assert readings[last].color == player
    assert all(
        readings[f"score-p{player}-box-{n}"].reason is None for n in range(score + 1, score + 4)
    )


def test_a_sure_stray_tick_the_solver_blanks_leaves_the_blanks_before_it_sure() -> None:
    # A search that runs to its end takes the stray tick blank (it costs nothing: the run
    # is its evidence), and the run is clean again: the blanks before it stay sure.
    layout, colours, keys, player, score = _vasarely()
    last = f"score-p{player}-box-{score + 4}"
    colours[last] = player
    readings = _sure(colours)
    solve(layout, readings, None, keys, CONFIG)
    assert readings[last].color is None
    assert all(
        readings[f"score-p{player}-box-{n}"].reason is None for n in range(score + 1, score + 4)
    )


def test_two_strays_beyond_doubt_are_mended_together_within_two_rescorings() -> None:
    # The boxes the run calls misread beyond doubt cost nothing to change, but each alone
    # leaves the run's check failed: the descent tries them together first, so a search
    # its budget cuts short still mends them.
    layout, colours, keys, player, score = _vasarely()
    strays = [f"score-p{player}-box-{score + n}" for n in (6, 7)]
    for rid in strays:
        colours[rid] = player
    readings = _sure(colours)
    # Two rescorings: the reading as measured, and one more (both changes at once).
    solved = solve(layout, readings, None, keys, ScannerConfig(solve_evaluations=2))
    assert solved.evaluations == 2
    assert all(readings[rid].color is None for rid in strays)
    assert solved.tallies[player] == score
