"""The solver's figures: a scan says how its search ended, and the benchmarks print, per
condition, the sheets solved exactly and the rescorings used, the evidence's reliability by
margin, and the changes the failed checks offer by their cost."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

import artsheets.scanner.pipeline as pipeline
from benchmarks.bench_scanner import report
from benchmarks.bench_solver import offered, reliability
from benchmarks.bench_solver import report as solver_report

from .simulator import easy, finished_game, sheet_for, simulate


def test_a_scan_says_how_many_readings_its_search_scored_and_whether_it_ended() -> None:
    layout = sheet_for("miro")
    colours, _ = finished_game(layout, np.random.default_rng(3))
    photo = simulate(layout, seed=3, conditions=easy(), colours=colours)
    real = pipeline.solve

    def cut_short(*args, **kwargs):  # type: ignore[no-untyped-def]
        return replace(real(*args, **kwargs), evaluations=7, exact=False)

    pipeline.solve = cut_short
    try:
        result = pipeline.scan_image(photo.image)
    finally:
        pipeline.solve = real
    assert result.solve_evaluations == 7
    assert result.solve_exact is False


def _row(condition: str, evaluations: int, solved: bool) -> dict:
    return {
        "path": f"/x/{condition}_miro_1.jpg",
        "condition": condition,
        "game": "miro",
        "ok": True,
        "right_sheet": True,
        "regions": 100,
        "wrong": 0,
        "unflagged": 0,
        "flagged": 1,
        "seconds": 1.0,
        "bins": [[0, 0.0, 0] for _ in range(7)],
        "evaluations": evaluations,
        "solved_exactly": solved,
    }


def test_the_scanner_benchmark_prints_the_sheets_solved_exactly_and_the_rescorings() -> None:
    rows = [_row("pencil", 1, True), _row("pencil", 100, False), _row("steep", 3, True)]
    text = report(rows, ["pencil", "steep"], "tune")
    assert "\nsolver:" in text
    # After the accuracy table, the solver's: sheets, solved exactly, median and most.
    solver = text.split("solver:")[1]
    table = {ln.split()[0]: ln.split()[1:] for ln in solver.splitlines()[2:6] if ln.strip()}
    assert table["pencil"] == ["2", "1", "50", "100"]
    assert table["steep"] == ["1", "1", "3", "3"]
    assert table["all"] == ["3", "2", "3", "100"]


def _solved(condition: str, wrong: int, margins: list, offers: list, **extra: object) -> dict:
    return {
        "condition": condition,
        "name": f"{condition}_arp_5.jpg",
        "wrong": wrong,
        "unflagged": 0,
        "evaluations": 2,
        "exact_search": True,
        "seconds": 0.01,
        "margins": margins,
        "offers": offers,
        **extra,
    }


def test_the_solver_benchmark_states_the_evidence_reliability_and_the_offers() -> None:
    # Lines at a margin of 0.2: 3 of 4 best right (the fourth's truth the runner-up).
    margins = [["segment/fit", 0.2, True, False]] * 3 + [["segment/fit", 0.2, False, True]]
    offers = [["segment", 0.3, True, False], ["segment", 5.0, False, True]]
    rows = [
        _solved("pencil", 1, margins, offers, break_read=True, break_reported=True),
        _solved("steep", 0, [], [], break_read=False, break_reported=True),
    ]
    table = reliability(rows).splitlines()
    line = next(ln for ln in table if ln.startswith("segment/fit"))
    # 4 regions, 75 % best right, log-odds of (3 + 0.5) / (1 + 0.5).
    assert line.split()[1:] == ["0.0-0.5", "4", "75.0%", "0.85"]
    cost = {ln.split()[0]: ln.split()[1:] for ln in offered(rows).splitlines()[2:]}
    assert cost == {"0.0-0.5": ["1", "1", "0"], "4.0-6.0": ["1", "0", "1"]}
    text = solver_report(rows, {}, listing=True)
    assert "all                 2      1      1      0     1/2" in text
    assert "steep_arp_5.jpg: wrong 0 unflagged 0 rescorings 2 break read otherwise" in text
