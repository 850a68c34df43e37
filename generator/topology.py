"""Topology from geometry: which spaces are next to each other, which only touch at corners.

Built once per field with shapely (an STR-tree finds candidate pairs, the shared boundary's
length decides), so rules never repeat geometry work.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import shapely
from shapely import STRtree
from shapely.geometry import Polygon

from artsheets.rules.field import symmetric_pairs

__all__ = ["grid_neighbours", "polygon_neighbours"]


def polygon_neighbours(
    polygons: Mapping[str, Polygon], min_shared_mm: float = 0.05, tol_mm: float = 0.02
) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """(adjacent, corner) maps: boundaries shared over ``min_shared_mm`` or more are "next to";
    touching closer than ``tol_mm`` with less shared length is a corner touch."""
    ids = list(polygons)
    geoms = [polygons[i] for i in ids]
    tree = STRtree(geoms)
    left, right = tree.query(geoms, predicate="dwithin", distance=tol_mm)
    adjacent: list[tuple[str, str]] = []
    corner: list[tuple[str, str]] = []
    for a, b in zip(left.tolist(), right.tolist(), strict=True):
        if a >= b:
            continue
        shared = shapely.intersection(geoms[a].boundary.buffer(tol_mm), geoms[b].boundary)
        (adjacent if shared.length >= min_shared_mm else corner).append((ids[a], ids[b]))
    return symmetric_pairs(adjacent, ids), symmetric_pairs(corner, ids)


def grid_neighbours(
    cells: Sequence[Sequence[str]],
) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """(adjacent, corner) maps of a rectangular grid of cell ids (4- and diagonal neighbours)."""
    rows, cols = len(cells), len(cells[0])
    ids = [c for row in cells for c in row]
    edge, diag = [], []
    for r in range(rows):
        for c in range(cols):
            for dr, dc, out in ((0, 1, edge), (1, 0, edge), (1, 1, diag), (1, -1, diag)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    out.append((cells[r][c], cells[rr][cc]))
    return symmetric_pairs(edge, ids), symmetric_pairs(diag, ids)
