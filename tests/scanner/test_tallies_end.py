"""A tally run whose likeliest reading takes two blanks or more inside it for lost ticks: the
blank after its last tick is doubtful too (``ScannerConfig.tally_end_lost``), since a photo that
loses ticks inside a run loses its last one alike."""

from __future__ import annotations

from dataclasses import replace

from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.tallies import read_tallies

from .simulator import sheet_for


def _named(colours: dict[str, int | None], config: ScannerConfig = DEFAULT) -> list[str]:
    layout = sheet_for("miro")
    (check,) = [c for c in read_tallies(layout, colours, config=config)[1] if not c["ok"]]
    return sorted(check["regions"], key=lambda r: int(r.rsplit("-", 1)[1]))


def test_the_box_after_the_last_tick_is_doubted_where_ticks_inside_were_lost() -> None:
    """Ticks 1-41 of which 10, 20 and the last were read blank: the likeliest run (to 40)
    takes 10 and 20 for lost, so 41 is doubted too (it was read blank surely and left out
    of review); wanting three lost ticks, it is not."""
    assert 0 < DEFAULT.tally_end_lost <= 2
    colours = {f"score-p2-box-{n}": 2 for n in range(1, 41) if n not in (10, 20)}
    boxes = [f"score-p2-box-{n}" for n in (10, 20, 41)]
    assert _named(colours) == boxes
    off = replace(DEFAULT, tally_end_lost=3)
    assert _named(colours, off) == boxes[:2]


def test_a_stray_tick_after_a_clean_run_still_names_the_stray_alone() -> None:
    """No tick inside the run is taken for lost (1-5 and a shadow at 9): the boxes after
    the stray are not doubted; nor after a run that lost one tick only."""
    colours = {f"score-p2-box-{n}": 2 for n in (1, 2, 3, 4, 5, 9)}
    assert _named(colours) == ["score-p2-box-9"]
    one = {f"score-p2-box-{n}": 2 for n in range(1, 21) if n != 12}
    assert _named(one) == ["score-p2-box-12"]
