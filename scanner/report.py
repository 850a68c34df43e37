"""The scan report: the JSON contract of FORMATS.md, plus a few lines for a person to read.

The fields FORMATS.md names keep their names and meanings; extras (how registration went,
what each colour was learned from, notes) are added beside them, as the format allows.
"""

from __future__ import annotations

from typing import Any

from artsheets.scanner.pipeline import ScanResult

__all__ = ["FORMAT", "report_dict", "summary_lines"]

FORMAT = "artsheets.scan/1"


def _hex(bgr: tuple[int, int, int]) -> str:
    b, g, r = bgr
    return f"#{r:02x}{g:02x}{b:02x}"


def report_dict(result: ScanResult, photo: str | None = None) -> dict[str, Any]:
    """The ``<photo>.scan.json`` document."""
    reg = result.registration
    scoring = result.scoring
    regions: dict[str, Any] = {}
    for rid, rd in result.readings.items():
        # ``confidence``: the calibrated probability that the reading is right.
        entry: dict[str, Any] = {"color": rd.color, "confidence": result.probability(rid)}
        if rd.reason:
            entry["review"] = rd.reason
            entry["reason"] = rd.reason
            # The likeliest other reading (None: blank), for a person to choose between.
            if rd.color is not None or rd.runner_up is not None:
                entry["second"] = rd.runner_up
        if rid in result.as_drawn:
            entry["as_drawn"] = True
        regions[rid] = entry
    return {
        "format": FORMAT,
        "photo": photo,
        "sheet_code": result.code,
        "sheet_code_from": result.code_source,
        "game": result.layout.game,
        "registration": {
            "markers_found": len(reg.markers_found),
            "reprojection_error_px": round(reg.reprojection_error_px, 3),
            "reprojection_error_mm": round(reg.reprojection_error_mm, 3),
            "markers_used": list(reg.markers_used),
            "markers_rejected": list(reg.markers_rejected),
            "photo_px_per_mm": round(reg.px_per_mm, 2),
            "refinement_max_shift_mm": round(result.refinement.max_shift_mm, 2),
            "refinement_median_shift_mm": round(result.refinement.median_shift_mm, 2),
            "blur_mm": round(result.blur_mm, 3),
        },
        "colours": {
            str(k): {"rgb": _hex(result.palette.srgb(k)), "from": result.palette.source[k]}
            for k in sorted(result.palette.colours)
        },
        "regions": regions,
        "needs_review": result.needs_review,
        "scores": _keyed(scoring.scores),
        "tallies": _keyed(result.tallies),
        "result": scoring.result,
        "winners": scoring.winners,
        "outcome_scores": _keyed(scoring.outcome_scores),
        "checks": scoring.checks,
        "notes": result.notes + ([scoring.note] if scoring.note else []),
    }


def _keyed(d: dict[int, int] | None) -> dict[str, int] | None:
    return None if d is None else {str(k): v for k, v in sorted(d.items())}


def summary_lines(result: ScanResult, name: str) -> list[str]:
    """What the command prints for one photo: scores, winner, disagreements, doubts."""
    reg = result.registration
    s = result.scoring
    lines = [
        f"{name}: {result.layout.game} sheet {result.code}; {len(reg.markers_found)} markers, "
        f"reprojection error {reg.reprojection_error_px:.1f} px"
    ]
    if s.scores is not None:
        lines.append(
            "  scores: " + ", ".join(f"player {p} {v}" for p, v in sorted(s.scores.items()))
        )
    else:
        lines.append("  scores: not determined by the drawing alone; the tallies are the record")
    if result.tallies:
        lines.append(
            "  tallies: " + ", ".join(f"player {p} {v}" for p, v in sorted(result.tallies.items()))
        )
    if s.result:
        lines.append(f"  result: {s.result}")
    for c in s.checks:
        if not c.get("ok", True):
            lines.append(f"  disagreement: {c['message']}")
    review = result.needs_review
    if review:
        shown = ", ".join(review[:8]) + (f" and {len(review) - 8} more" if len(review) > 8 else "")
        lines.append(f"  needs review ({len(review)}): {shown}")
    for note in result.notes + ([s.note] if s.note else []):
        lines.append(f"  note: {note}")
    return lines
