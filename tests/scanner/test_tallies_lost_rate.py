"""A photo that loses ticks in its other score areas: a stretch of sure blanks before sure
ticks is likelier lost ticks than stray ones, so no tick after it is called stray beyond
doubt (``must_be_blank``); a photo whose other runs lost nothing keeps the count of
misreads, where two ticks after four sure blanks are strays beyond doubt."""

from __future__ import annotations

from dataclasses import replace

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.tallies import read_tallies

from .simulator import sheet_for

# Player 2 ticked 1-49; the photo lost 44-47 (read blank surely), 48 and 49 read ticked.
_RUN = {f"score-p2-box-{n}": 2 for n in range(1, 50) if n not in (44, 45, 46, 47)}


def _check(colours: dict[str, int | None], config=DEFAULT) -> dict:  # type: ignore[no-untyped-def]
    (check,) = [
        c
        for c in read_tallies(sheet_for("miro"), colours, config=config)[1]
        if not c["ok"] and "player 2" in str(c["message"])
    ]
    return check


def _lossy_other() -> dict[str, int | None]:
    """Player 1's run 1-30 with a quarter of its ticks lost (read blank)."""
    return {f"score-p1-box-{n}": 1 for n in range(1, 31) if n % 4}


def test_a_clean_photo_calls_ticks_after_sure_blanks_stray() -> None:
    colours = {**_RUN, **{f"score-p1-box-{n}": 1 for n in range(1, 31)}}
    check = _check(colours)
    assert set(check["must_be_blank"]) == {"score-p2-box-48", "score-p2-box-49"}


def test_a_photo_that_loses_ticks_calls_no_tick_after_its_blanks_stray() -> None:
    check = _check({**_RUN, **_lossy_other()})
    assert "must_be_blank" not in check
    named = set(check["regions"])
    assert {f"score-p2-box-{n}" for n in (44, 45, 46, 47, 48, 49)} <= named


def test_no_stray_rate_weighs_every_misread_alike() -> None:
    config = replace(DEFAULT, tally_stray_rate=0.0)
    check = _check({**_RUN, **_lossy_other()}, config)
    assert set(check["must_be_blank"]) == {"score-p2-box-48", "score-p2-box-49"}
