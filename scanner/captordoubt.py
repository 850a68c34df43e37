"""Line pieces doubted on a sheet whose lines read one key as another throughout.

Where the line fit's reference of one key is off for a whole sheet (a crayon's dark key read
as its look-alike under partial cover), the fills read right and the lines wrong, and the
rules show it: several spaces filled with colour X have none of their sides in X (Arp's
captor colours its last side: :class:`~artsheets.rules.breaks.MarkForeign`). One such space
is a player's slip or a planted break; several of one colour are the reading's. On such a
sheet every line piece read in another colour with X its runner-up goes to review, X named;
no reading changes. The doubt is the sheet's, not the failing spaces': the pieces misread
are mostly not those spaces' own sides (the misread sides fail the rule; the others pass it
unseen)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from artsheets.generator.layout import Region
from artsheets.rules.breaks import MarkForeign, RuleBreak
from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig


def doubt_foreign_captors(
    readings: dict[str, Reading],
    broken: Sequence[RuleBreak],
    regions: Sequence[Region],
    config: ScannerConfig,
) -> int:
    """Send to review, in place, the line pieces read in a colour Y with X second on a sheet
    where at least ``config.line_foreign_captures`` spaces filled with X have no side in X
    (``broken``: the solved reading's failed rules). Returns how many were sent."""
    if config.line_foreign_captures <= 0:
        return 0
    owners = Counter(b.owner for b in broken if isinstance(b, MarkForeign))
    suspect: Mapping[int, int] = {
        x: n for x, n in owners.items() if n >= config.line_foreign_captures
    }
    if not suspect:
        return 0
    sent = 0
    for reg in regions:
        rd = readings.get(reg.id)
        if reg.kind != "segment" or rd is None or rd.reason is not None or rd.color is None:
            continue
        x = rd.runner_up
        if x is None or x not in suspect or x == rd.color:
            continue
        why = (
            f"colour {rd.color}, {x} second, on a sheet where {suspect[x]} spaces filled with "
            f"colour {x} have none of their sides in {x}: its lines may read {x} as {rd.color}"
        )
        readings[reg.id] = rd.doubted(rd.confidence, why)
        sent += 1
    return sent
