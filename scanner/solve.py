"""Solve: the likeliest reading of the whole sheet, with the rules deciding only between
readings the pixels leave close.

The rules say which rules a whole reading breaks (``rules.position``'s checks, with their
regions). A reading that breaks one is either a misread or a player's real mistake; the
pixels decide which is likelier. Changing region ``r`` from its measured best to another
reading costs ``evidence[r].against(other)`` (log-odds); a player's mistake on a sheet costs
:attr:`ScannerConfig.sure_logodds`. So a change is made only where the pixels leave it close:
a reading the pixels state surely is **never** changed to satisfy a rule; the sheet is read as
drawn and the broken rule is reported with its regions.

The regions read as drawn are those of the position (spaces, segments, marks, triangles: what
the rules judge). Tally boxes are a count, read as a clean run of ticks where the run rules a
faint tick in or a stray one out (:mod:`artsheets.scanner.tallies`); on the tuning seeds the
one such change the pixels stated surely (a tick covering 3 % of its box) was right.

Candidate changes come from the readings that would satisfy a failed check (the hints the
scanner draws from the rules' rule-breaks, :mod:`artsheets.scanner.hints`;
:func:`artsheets.scanner.mending.mend_and_score`: one change at a time, the sheet scored
again after each, the order of play and the tallies tried); the solver then takes back
every change the evidence does not allow and scores the sheet as drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from artsheets.generator.layout import Layout
from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.evidence import Evidence, evidence_of
from artsheets.scanner.mending import mend_and_score, rescore
from artsheets.scanner.scoring import POSITION_KINDS, Scoring

__all__ = ["AS_DRAWN", "Solution", "solve"]

AS_DRAWN = "read as drawn, but the sheet breaks a rule"


@dataclass
class Solution:
    """The solved sheet: tallies, scoring, each region's evidence, and the regions read as
    drawn against a rule (changes the rules wanted that the pixels ruled out)."""

    tallies: dict[int, int]
    scoring: Scoring
    evidence: dict[str, Evidence]
    as_drawn: list[str]
    # Every change the rules proposed: region -> (the reading proposed, its cost in log-odds
    # of the pixels); those costing ``sure_logodds`` or more are the ones read as drawn.
    proposed: dict[str, tuple[int | None, float]]


def solve(
    layout: Layout,
    readings: dict[str, Reading],
    players: int | None,
    colours: Iterable[int],
    config: ScannerConfig,
) -> Solution:
    """Solve ``readings`` (changed in place) under the rules; see the module's docstring."""
    in_play = list(colours)
    as_read = dict(readings)
    evidence = {rid: evidence_of(rd, in_play, config) for rid, rd in as_read.items()}
    tallies, scoring = mend_and_score(layout, readings, players)
    proposed = {
        rid: (rd.color, evidence[rid].against(rd.color))
        for rid, rd in readings.items()
        if rd.color != as_read[rid].color
    }
    kinds = {r.id: r.kind for r in layout.regions}
    as_drawn = [
        rid
        for rid, (_, cost) in proposed.items()
        if cost >= config.sure_logodds and kinds.get(rid) in POSITION_KINDS
    ]
    if as_drawn:
        for rid in as_drawn:
            readings[rid] = as_read[rid]
        tallies, scoring = rescore(layout, readings, players)
        _name_broken_rules(readings, scoring.checks)
    _review_small_margins(readings, config.review_below)
    return Solution(tallies, scoring, evidence, as_drawn, proposed)


def _review_small_margins(readings: dict[str, Reading], below: float) -> None:
    """Regions whose reading, after solving, is under ``below`` go to review (in place),
    naming the alternative; those already in review keep their own reason."""
    for rid, rd in readings.items():
        if rd.reason is None and rd.confidence < below:
            other = "blank" if rd.runner_up is None else f"colour {rd.runner_up}"
            read = "blank" if rd.color is None else f"colour {rd.color}"
            readings[rid] = replace(rd, reason=f"read as {read}, but {other} is nearly as likely")


def _name_broken_rules(readings: dict[str, Reading], checks: list[dict]) -> None:
    """The regions of each failed check go to review saying which rule the sheet breaks as
    drawn (in place). Their confidence is the pixels': the reading is not in doubt, the
    sheet is."""
    for check in checks:
        if check.get("ok", True):
            continue
        for rid in check.get("regions", ()):
            rd = readings.get(rid)
            if rd is not None and rd.reason is None:
                readings[rid] = replace(rd, reason=f"{AS_DRAWN}: {check['message']}")
