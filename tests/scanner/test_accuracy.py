"""Named conditions read right: the measurement model's answers to what players really do
(tuning seeds of ``benchmarks/bench_scanner.py``, whose photos may be looked at)."""

from __future__ import annotations

import pytest

from artsheets.scanner.pipeline import scan_image

from .scenarios import simulate_named
from .simulator import sheet_for

SIZE = (4000, 3000)  # the benchmark's 12 megapixels


def _wrong(photo, result) -> dict[str, tuple[int | None, int | None]]:
    return {
        rid: (photo.colours.get(rid), rd.color)
        for rid, rd in result.readings.items()
        if rd.color != photo.colours.get(rid)
    }


def test_felt_tip_bleeding_into_a_blank_space_leaves_it_blank() -> None:
    # Springer's small triangles among felt-tip fills: the neighbours' dye covers 12-19 % of
    # five blank spaces' rims (read coloured before the fills were judged by their cores too).
    layout = sheet_for("springer")
    photo = simulate_named(layout, 3, "felt_tip", SIZE)
    result = scan_image(photo.image)
    blanks_read_coloured = {
        rid: got for rid, (truth, got) in _wrong(photo, result).items() if truth is None
    }
    assert blanks_read_coloured == {}


def test_ticks_in_a_photo_sent_through_a_messaging_app_keep_their_colour() -> None:
    # 2.3 photo pixels per mm, JPEG quality 40-60: the ticks' colour is washed out (half
    # resolution chroma); read as grey "shadow or smudge" before, 53 regions wrong.
    layout = sheet_for("mondrian")
    photo = simulate_named(layout, 5, "messaging", SIZE)
    result = scan_image(photo.image)
    assert result.registration.px_per_mm < 3.0
    assert _wrong(photo, result) == {}


def test_a_sheet_at_two_photo_pixels_per_mm_is_read() -> None:
    # A messaging app's 1200 px photo, the sheet filling 70 % of it: 2.1 px/mm, refused as
    # too small before (2.2 px/mm needed), read right now.
    from .simulator import easy, simulate

    photo = simulate(sheet_for("synch"), seed=3, conditions=easy((1200, 900), fill=0.7))
    result = scan_image(photo.image)
    assert result.registration.px_per_mm < 2.2
    assert _wrong(photo, result) == {}


@pytest.mark.parametrize(("game", "seed"), [("arp", 6), ("synch", 11)])
def test_a_small_photos_thin_colours_are_doubted_not_misread(game: str, seed: int) -> None:
    # 2.5-2.9 photo pixels per mm: a traced line's or a drawn symbol's colour rests on few
    # colour samples. Read as a sure wrong colour before (Arp's lines, Synch's symbols).
    photo = simulate_named(sheet_for(game), seed, "messaging", SIZE)
    result = scan_image(photo.image)
    assert result.registration.px_per_mm < 3.0
    unflagged = {
        rid: wrong for rid, wrong in _wrong(photo, result).items() if rid not in result.needs_review
    }
    assert unflagged == {}
