"""Review: a person's corrections applied to a stored reading, and the sheet scored again.

The stored reading is the scan report itself (``<photo>.scan.json``, FORMATS.md): every
region's colour, confidence, why it is doubted (``review``) and the scanner's second choice
(``second``). From it and the sheet code, the rule engine scores the sheet again without the
photo: :func:`rescore` takes corrections ``{region id: colour index or None}`` and returns a
new report in which each corrected region carries the colour it was set to (confidence 1,
no longer doubted) and, under ``as_read``, what the scanner had read; the report's
``corrections`` field lists them all. A report that was corrected before is corrected again
from what was read, so corrections accumulate and the first reading is never lost.

What is recomputed: the tallies (a corrected score box changes them), the scores, outcome and
checks (through :mod:`artsheets.scanner.scoring`, the one seam with the rule engine) and
``needs_review``: the regions doubted as read that no correction has settled. The scanner's
own mending is not run again: a correction is a person's word about the sheet, and what the
rules still find wrong is shown as a failed check, not changed behind the person's back.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from artsheets.errors import UserError
from artsheets.scanner.colours import OUTSIDE, REVIEW_BELOW
from artsheets.scanner.identify import layout_for_code
from artsheets.scanner.scoring import score_sheet
from artsheets.scanner.tallies import read_tallies

__all__ = [
    "BLANK_WORDS",
    "ReviewError",
    "as_read",
    "colours_in_play",
    "parse_sets",
    "rescore",
]

BLANK_WORDS = frozenset({"blank", "none", "empty", "0"})


class ReviewError(UserError):
    """A correction that cannot be applied (unknown region, colour not in play, a report
    that is not a scan report); the message says which and what is allowed."""


def parse_sets(items: Iterable[str]) -> dict[str, int | None]:
    """``["space-12=3", "segment-4=blank"]`` -> ``{"space-12": 3, "segment-4": None}``."""
    out: dict[str, int | None] = {}
    for item in items:
        rid, sep, value = item.partition("=")
        rid, value = rid.strip(), value.strip().lower()
        if not sep or not rid or not value:
            raise ReviewError(
                f"bad --set '{item}': write REGION=COLOUR, e.g. space-12=3 or segment-4=blank"
            )
        if value in BLANK_WORDS:
            out[rid] = None
        elif value.isdigit():
            out[rid] = int(value)
        else:
            raise ReviewError(
                f"bad colour in --set '{item}': give a colour number (as on the sheet's "
                "colour key) or 'blank'"
            )
    return out


def colours_in_play(report: Mapping[str, Any]) -> list[int]:
    """The colour indexes the scan learned (the sheet's keys in play)."""
    return sorted(int(k) for k in report.get("colours", {}))


def as_read(report: Mapping[str, Any]) -> dict[str, Any]:
    """The report's regions as the scanner read them, every earlier correction undone."""
    return {
        rid: dict(entry.get("as_read", entry)) for rid, entry in _mapping(report, "regions").items()
    }


def _mapping(report: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = report.get(key)
    if not isinstance(value, Mapping):
        raise ReviewError(
            f"the stored reading has no '{key}': it is not a scan report written by "
            "artsheets scan; scan the photo again"
        )
    return value


def _validate(
    corrections: Mapping[str, int | None], read: Mapping[str, Any], in_play: list[int]
) -> None:
    for rid, colour in corrections.items():
        if rid not in read:
            raise ReviewError(
                f"no region '{rid}' on this sheet; region ids are as in the scan report "
                "(e.g. space-12, segment-4)"
            )
        if colour is not None and colour not in in_play:
            allowed = ", ".join(map(str, in_play)) or "none read"
            raise ReviewError(
                f"colour {colour} for {rid} is not in play on this sheet; use one of "
                f"{allowed} or 'blank'"
            )


def rescore(
    report: Mapping[str, Any], corrections: Mapping[str, int | None] | None = None
) -> dict[str, Any]:
    """A new report: ``report``'s earlier corrections plus ``corrections`` (later ones win)
    applied to what was read, and the sheet scored again by the rule engine."""
    code = report.get("sheet_code")
    if not isinstance(code, str):
        raise ReviewError("the stored reading names no sheet code; scan the photo again")
    read = as_read(report)
    in_play = colours_in_play(report)
    earlier = {
        rid: (None if c is None else int(c))
        for rid, c in dict(report.get("corrections") or {}).items()
    }
    merged = {**earlier, **dict(corrections or {})}
    _validate(merged, read, in_play)

    regions: dict[str, Any] = {}
    for rid, entry in read.items():
        if rid in merged:
            regions[rid] = {"color": merged[rid], "confidence": 1.0, "as_read": entry}
        else:
            regions[rid] = entry
    colours = {rid: e.get("color") for rid, e in regions.items()}
    unseen = {rid for rid, e in regions.items() if e.get("review") == OUTSIDE}
    doubted = {rid for rid, e in regions.items() if float(e.get("confidence", 1)) < REVIEW_BELOW}
    layout = layout_for_code(code)
    players = report.get("players")
    tallies, tally_checks = read_tallies(layout, colours, unseen, doubted)
    scoring = score_sheet(layout, colours, tallies, players)

    out = copy.deepcopy(dict(report))
    notes = [n for n in out.get("notes", []) if not n.startswith("the rule engine cannot")]
    if scoring.note and scoring.note not in notes:
        notes.append(scoring.note)
    out.update(
        regions=regions,
        corrections=dict(sorted(merged.items())),
        needs_review=[rid for rid, e in regions.items() if "review" in e and rid not in merged],
        scores=_keyed(scoring.scores),
        tallies=_keyed(tallies),
        result=scoring.result,
        winners=scoring.winners,
        outcome_scores=_keyed(scoring.outcome_scores),
        checks=tally_checks + scoring.checks,
        notes=notes,
    )
    return out


def _keyed(d: Mapping[int, int] | None) -> dict[str, int] | None:
    return None if d is None else {str(k): v for k, v in sorted(d.items())}
