"""Review of capture marks whose space is read filled over them.

A capture mark (Miro's: the small circle in a space, coloured by the player who closed the
space) is read by its pixels' colour. Miro's spaces are not filled in; where a sheet's space
is read filled nonetheless (a player's rule-break, which the scoring reports, or a misread),
the fill covers the circle too, and the circle's pixels show the fill's colour or a mix of
it with the circle's: nothing on the photo tells the circle's own colour
(benchmarks/RESULTS.md, "Miro's capture marks read in another key"). Such a mark was read
in a wrong key by a margin of 1.6-1.7 log-odds, at raw confidence 0.84, and left out of
review (benchmarks/RESULTS.md, "Wrong regions left out of review: capture marks under a
filled space").

A mark read in a colour and left out of review whose space (``Region.extra["space"]``) is
read in a colour goes to review after solving, its reading, confidence and runner-up kept.
The space itself is in review already (a filled Miro space breaks a rule), so no sheet goes
to review for it that did not before.
"""

from __future__ import annotations

from collections.abc import Mapping

from artsheets.generator.layout import Layout
from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig

__all__ = ["UNDER_FILL", "doubt_marks_under_fills"]

UNDER_FILL = (
    "its space is read filled in colour {fill}: a fill over the mark hides the mark's own colour"
)


def doubt_marks_under_fills(
    readings: dict[str, Reading], layout: Layout, config: ScannerConfig
) -> int:
    """Send to review, in place, the marks read in a colour and left out of review whose
    space is read filled (see the module's docstring). Returns how many were sent."""
    if not config.mark_under_fill_doubt:
        return 0
    sent = 0
    for reg in layout.regions:
        space = reg.extra.get("space") if reg.kind == "mark" else None
        rd = readings.get(reg.id)
        if space is None or rd is None or rd.color is None or rd.reason is not None:
            continue
        fill = _colour(readings, space)
        if fill is None:
            continue
        readings[reg.id] = rd.doubted(rd.confidence, UNDER_FILL.format(fill=fill))
        sent += 1
    return sent


def _colour(readings: Mapping[str, Reading], rid: str) -> int | None:
    rd = readings.get(rid)
    return None if rd is None else rd.color
