"""A tally run whose likeliest reading takes a blank for a lost tick: the blanks before its
last tick that a run a few lost ticks longer would tick are doubtful too."""

from __future__ import annotations

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.tallies import read_tallies

from .simulator import sheet_for


def _named(colours: dict[str, int | None]) -> list[str]:
    layout = sheet_for("miro")
    (check,) = [c for c in read_tallies(layout, colours)[1] if not c["ok"]]
    return sorted(check["regions"], key=lambda r: int(r.rsplit("-", 1)[1]))


def test_ticks_lost_in_a_row_before_the_last_tick_go_to_review() -> None:
    """Ticks 1-40 of which 34 and 37-39 were read blank: the likeliest run (to 36) takes 34
    for lost and 40 for a stray; the run to 40 needs two more changes, and its lost ticks
    37-39 are doubted too (they were read blank surely and reported as read)."""
    assert DEFAULT.tally_doubt_margin >= 2
    lost = {34, 37, 38, 39}
    colours = {f"score-p2-box-{n}": 2 for n in range(1, 41) if n not in lost}
    named = _named(colours)
    assert [f"score-p2-box-{n}" for n in (34, 37, 38, 39, 40)] == named


def test_a_stray_tick_after_a_clean_run_doubts_the_tick_alone() -> None:
    """No tick is taken for lost (1-5 and a shadow at 9): only the stray is named."""
    colours = {f"score-p2-box-{n}": 2 for n in (1, 2, 3, 4, 5, 9)}
    assert _named(colours) == ["score-p2-box-9"]


def test_a_faint_tick_counts_for_nothing_in_which_runs_are_likeliest() -> None:
    """Ticks 1-32 with 30 read blank faintly and 31 surely: the run to 29 (32 a stray) and
    the run to 32 (30 and 31 lost) are as likely once the faint box counts for nothing, so
    31 is doubted too, not only 32."""
    layout = sheet_for("miro")
    colours = {f"score-p1-box-{n}": 1 for n in range(1, 33) if n not in (30, 31)}
    (check,) = [
        c for c in read_tallies(layout, colours, doubted={"score-p1-box-30"})[1] if not c["ok"]
    ]
    assert {"score-p1-box-31", "score-p1-box-32"} <= set(check["regions"])
