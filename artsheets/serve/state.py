"""A game as the pages see it: its state (JSON for the review page), its ledger summary, and a
region's crop from the photo.

The state carries every region's shape in page millimetres (from the layout the sheet code
rebuilds), so the page draws the overlay itself over the rectified sheet and any region can
be tapped; with each region, what the scanner read first and second and what it is now.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from artsheets.generator.layout import Layout
from artsheets.scanner.identify import layout_for_code
from artsheets.serve.ledger import Ledger, Scan

__all__ = ["crop_jpeg", "game_state", "summary"]

CROP_MARGIN_MM = 6.0  # paper around a region in its crop: enough to see its neighbours
CROP_MIN_PX = 220  # a crop's shorter side is enlarged to at least this (a tap target's view)
CROP_MAX_PX = 520


def _pts(points: Any) -> list[float]:
    return [round(float(v), 1) for p in points for v in p]


@functools.lru_cache(maxsize=16)
def _shapes(code: str) -> dict[str, dict[str, Any]]:
    layout = layout_for_code(code)
    out: dict[str, dict[str, Any]] = {}
    for r in layout.regions:
        if r.polygon is not None:
            out[r.id] = {"kind": r.kind, "polygon": _pts(r.polygon)}
        elif r.polyline is not None:
            out[r.id] = {"kind": r.kind, "polyline": _pts(r.polyline), "width": r.width_mm}
    return out


def _players(layout: Layout, report: dict[str, Any]) -> list[int]:
    found = {int(p) for key in ("scores", "tallies") for p in (report.get(key) or {})}
    count = layout.options.get("players") or report.get("players")
    if count:
        found |= set(range(1, int(count) + 1))
    return sorted(found)


def summary(scan: Scan) -> dict[str, Any]:
    """The ledger's line for a game: what was played and how it ended (as corrected)."""
    cur = scan.current or {}
    scores = cur.get("scores") or cur.get("outcome_scores")
    return {
        "game": scan.game,
        "sheet_code": scan.sheet_code,
        "players": len(scores) if scores else None,
        "scores": scores,
        "tallies": cur.get("tallies") or None,
        "result": cur.get("result"),
        "winners": cur.get("winners") or [],
        "final": scan.status == "done" and not cur.get("needs_review"),
    }


def game_state(scan: Scan, ledger: Ledger) -> dict[str, Any]:
    """Everything the game page shows, as JSON."""
    state: dict[str, Any] = {"id": scan.id, "status": scan.status, "error": scan.error}
    if scan.status == "queued":
        state["position"] = ledger.queue_position(scan.id) + 1
    if scan.status != "done" or scan.current is None or scan.reading is None:
        return state
    cur = scan.current
    layout = layout_for_code(cur["sheet_code"])
    shapes = _shapes(cur["sheet_code"])
    doubted = set(cur.get("needs_review", []))
    corrected = set(cur.get("corrections", {}))
    regions = []
    for rid, entry in cur["regions"].items():
        if rid not in shapes:
            continue
        first = entry.get("as_read", entry)
        regions.append(
            {
                "id": rid,
                **shapes[rid],
                "color": entry.get("color"),
                "first": first.get("color"),
                "second": first.get("second"),
                "confidence": first.get("confidence"),
                "reason": first.get("review"),
                "doubted": rid in doubted,
                "corrected": rid in corrected,
            }
        )
    state.update(
        game=cur["game"],
        title=layout.title,
        sheet_code=cur["sheet_code"],
        page={"width": layout.page.width_mm, "height": layout.page.height_mm},
        sheet_image=f"/games/{scan.id}/sheet.jpg",
        photo=f"/games/{scan.id}/photo",
        colours={k: v["rgb"] for k, v in cur.get("colours", {}).items()},
        players=_players(layout, cur),
        scores=cur.get("scores"),
        tallies=cur.get("tallies") or {},
        outcome_scores=cur.get("outcome_scores"),
        result=cur.get("result"),
        winners=cur.get("winners", []),
        checks=[c["message"] for c in cur.get("checks", []) if not c.get("ok", True)],
        notes=cur.get("notes", []),
        doubted=[r["id"] for r in regions if r["doubted"]],
        corrections=ledger.corrections(scan.id),
        final=not doubted,
        regions=regions,
    )
    return state


def crop_jpeg(sheet_jpeg: bytes, code: str, region: str) -> bytes:
    """The region cut from the rectified sheet with a margin, outlined, enlarged to be seen."""
    import cv2

    from artsheets.scanner.template import PX_PER_MM

    img = cv2.imdecode(np.frombuffer(sheet_jpeg, np.uint8), cv2.IMREAD_COLOR)
    shape = _shapes(code)[region]
    flat = shape.get("polygon") or shape["polyline"]
    pts = np.array(flat, np.float64).reshape(-1, 2) * PX_PER_MM
    margin = CROP_MARGIN_MM * PX_PER_MM + (shape.get("width") or 0) * PX_PER_MM
    h, w = img.shape[:2]
    x0, y0 = (max(0, int(v - margin)) for v in pts.min(axis=0))
    x1, y1 = (int(v + margin) + 1 for v in pts.max(axis=0))
    x1, y1 = min(w, x1), min(h, y1)
    piece = img[y0:y1, x0:x1].copy()
    short, long = min(piece.shape[:2]), max(piece.shape[:2])
    scale = min(max(CROP_MIN_PX / max(1, short), 1.0), CROP_MAX_PX / long)
    piece = cv2.resize(piece, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    outline = np.round((pts - (x0, y0)) * scale).astype(np.int32)
    closed = "polygon" in shape
    cv2.polylines(piece, [outline], closed, (255, 255, 255), 4, cv2.LINE_AA)
    cv2.polylines(piece, [outline], closed, (255, 0, 255), 2, cv2.LINE_AA)
    _, buf = cv2.imencode(".jpg", piece, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return buf.tobytes()
