"""Tallies: the scores the players marked on the sheet themselves.

Two records exist: score areas, where a player marks one small box per point (``score_box``
regions with ``role: point``, possibly two areas per player), and Klee's track, where a
player's furthest marked box is his position (``track_box`` regions). A tally is only
reported for a player whose sheet has such a record; the total box (T), where a number is
written by hand, is not read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from artsheets.generator.layout import Layout

__all__ = ["read_tallies"]

_TRACK_RE = re.compile(r"^track-p(\d+)-(\d+)$")


def read_tallies(
    layout: Layout, colours: Mapping[str, int | None]
) -> tuple[dict[int, int], list[dict[str, object]]]:
    """(player -> tally, checks about how the tallies were marked)."""
    points: dict[int, list[tuple[str, int, bool]]] = {}
    track: dict[int, list[tuple[int, bool]]] = {}
    track_order = (layout.topology.data.get("track") if layout.topology else None) or {}
    position = {rid: n for p, ids in track_order.items() for n, rid in enumerate(ids, 1)}
    for r in layout.regions:
        marked = colours.get(r.id) is not None
        if r.kind == "score_box" and r.extra.get("role") == "point" and r.player is not None:
            area = r.id.rsplit("-box-", 1)[0]
            points.setdefault(r.player, []).append((area, int(r.extra.get("value", 0)), marked))
        elif r.kind == "track_box" and r.player is not None:
            m = _TRACK_RE.match(r.id)
            n = position.get(r.id) or (int(m.group(2)) if m else 0)
            track.setdefault(r.player, []).append((n, marked))
    tallies: dict[int, int] = {}
    checks: list[dict[str, object]] = []
    for player, boxes in sorted(points.items()):
        tallies[player] = sum(1 for _, _, m in boxes if m)
        for area in sorted({a for a, _, _ in boxes}):
            values = sorted(v for a, v, m in boxes if a == area and m)
            if values and values != list(range(1, len(values) + 1)):
                gaps = sorted(set(range(1, values[-1] + 1)) - set(values))
                checks.append(
                    {
                        "ok": False,
                        "message": f"player {player} marked point boxes up to {values[-1]} in "
                        f"{area} but left {_ranges(gaps)} empty",
                    }
                )
    for player, boxes in sorted(track.items()):
        marked = [n for n, m in boxes if m]
        tallies[player] = tallies.get(player, 0) + (max(marked) if marked else 0)
    return tallies, checks


def _ranges(values: list[int]) -> str:
    """``[3, 4, 5, 9]`` -> ``"3-5, 9"``."""
    out: list[str] = []
    for v in values:
        if out and v == int(out[-1].split("-")[-1]) + 1:
            out[-1] = f"{out[-1].split('-')[0]}-{v}"
        else:
            out.append(str(v))
    return ", ".join(out)
