"""In a photo too small to see a tick, a tally's blanks that the pixels cannot settle are
doubted (``tallies.unresolved_blanks``): those before the last tick read, and as many after
it as the photo's own rate of lost ticks leaves in doubt (``tally_unresolved_chance``)."""

from __future__ import annotations

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.tallies import unresolved_blanks

from .simulator import sheet_for


def _doubted(ticked: set[int], faint: set[int] | None = None, chance: float = 0.05) -> list[int]:
    regions = sheet_for("miro").regions
    ids = {int(r.id.rsplit("-", 1)[1]): r.id for r in regions if r.id.startswith("score-p2-box-")}
    assert len(ids) >= 40
    faint = faint or set()
    blank = {rid for v, rid in ids.items() if v not in ticked | faint}
    out = unresolved_blanks(
        regions, {ids[v] for v in ticked}, {ids[v] for v in faint}, blank, chance
    )
    return sorted(int(rid.rsplit("-", 1)[1]) for rid in out)


def test_a_clean_run_leaves_every_blank_as_read() -> None:
    """Nothing lost inside the run: the photo shows its ticks, no box is in doubt."""
    assert _doubted(set(range(1, 21))) == []


def test_blanks_inside_the_run_and_the_next_box_are_doubted() -> None:
    """Ticks 1-20 read but 5 and 9: those two may be lost ticks, and at that rate of loss
    (2 of 19) one box after the run may be too (0.105 >= 0.05), two not (0.011)."""
    assert 0 < DEFAULT.tally_unresolved_chance < 0.1
    assert _doubted(set(range(1, 21)) - {5, 9}) == [5, 9, 21]


def test_a_faint_box_within_reach_carries_the_run_on() -> None:
    """A box read blank with doubt (a faint or darkened mark) just past the run is a sign
    of a tick: the run may reach it, so the blank before it and the next one are doubted;
    one far past the run is not (a speck, or a tick nobody can place)."""
    run = set(range(1, 21)) - {5, 9}
    assert _doubted(run, {22}) == [5, 9, 21, 23]
    assert _doubted(run, {30}) == [5, 9, 21]


def test_a_photo_that_lost_most_ticks_doubts_further() -> None:
    """Half the run's boxes lost: four boxes past its end may all be lost (0.5^4 >= 0.05)."""
    assert _doubted(set(range(2, 21, 2))) == [*range(1, 20, 2), 21, 22, 23, 24]
