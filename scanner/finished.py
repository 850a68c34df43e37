"""When a sheet read cannot be given a result: not finished, or a player's colour unknown.

The rule engine scores whatever position it is handed: a blank sheet is a 0-0 "draw", and a
sheet whose blank key left one player's colour unknown is scored with that player's regions
read as another's. Neither is a result. Such a scan still reports every region it read, but
names the problem, withholds the result (no winner, no "draw") and fails ``--strict``.

Not finished: fewer than :data:`MIN_FINISHED_SHARE` of the regions that make up the position
(spaces, segments, marks, triangles) coloured. Over 30 random finished games of each of the
nine games, the least coloured finished sheet had 20.5 % of them coloured (Rings: a quarter
is typical), the next least 32 % (Klee); half of the least is taken, so that a sheet read
with many faint fills missed is still scored (and its doubts sent to review), while a blank or
barely begun sheet is not.
"""

from __future__ import annotations

from collections.abc import Mapping

from artsheets.generator.layout import Layout
from artsheets.scanner.scoring import POSITION_KINDS, Scoring

__all__ = ["MIN_FINISHED_SHARE", "sheet_problems", "withhold_result"]

MIN_FINISHED_SHARE = 0.10  # half the least coloured share of a finished game (module doc)


def sheet_problems(
    layout: Layout, colours: Mapping[str, int | None], unknown_colours: set[int]
) -> list[str]:
    """Why no result can be given for this reading (empty when one can)."""
    problems = []
    position = [r.id for r in layout.regions if r.kind in POSITION_KINDS]
    coloured = sum(1 for rid in position if colours.get(rid) is not None)
    if position and coloured < MIN_FINISHED_SHARE * len(position):
        problems.append(
            "the sheet is not finished: "
            + (
                "nothing is coloured"
                if coloured == 0
                else f"only {coloured} of its {len(position)} regions are coloured"
            )
            + "; finish the game (or photograph the finished sheet) to get a result"
        )
    for k in sorted(unknown_colours):
        problems.append(
            f"player {k}'s colour is unknown: colour key {k} is blank, unreadable or out of the "
            f"photo, and no region on the sheet shows a colour of its own, so player {k}'s "
            "regions may be read as another player's; colour the key swatch (or get it in the "
            "frame) and scan again"
        )
    return problems


def withhold_result(scoring: Scoring, problems: list[str]) -> None:
    """No winner and no "draw" for a sheet with ``problems``; the scores read stay."""
    if problems:
        scoring.result = None
        scoring.winners = []
