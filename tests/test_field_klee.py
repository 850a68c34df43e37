"""Klee's field: 144 quadrilaterals in a 12 x 12 structure, the track and the sequence areas."""

from __future__ import annotations

import functools
import itertools

import pytest
import shapely
from shapely.geometry import Polygon

from artsheets.generator.checkfield import check_layout
from artsheets.generator.games import klee
from artsheets.generator.layout import Layout
from artsheets.generator.registry import build_layout, get_game
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import MARGIN_MM
from tests.conftest import space_polygons as spaces

SEEDS = list(range(1, 21))


@functools.cache
def layout(seed: int | None, page: str = "a4", areas: int = 4) -> Layout:
    return build_layout("klee", seed, {"areas": areas}, page)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_field_is_a_valid_printable_grid(seed: int) -> None:
    lay = layout(seed)
    polys = spaces(lay)
    assert len(polys) == 144
    assert all(p.is_valid and p.equals(p.convex_hull) for p in polys.values())
    total = sum(p.area for p in polys.values())
    union = shapely.union_all(list(polys.values()))
    assert abs(total - union.area) < 0.5  # no overlaps
    assert abs(union.area - klee.SIDE**2) < 0.5  # they tile the square field
    assert min(p.area for p in polys.values()) >= klee.MIN_AREA_MM2
    assert all(not p.buffer(-klee.MIN_WIDTH_MM / 2).is_empty for p in polys.values())
    assert [c.line() for c in check_layout(lay) if not c.ok] == []


@pytest.mark.parametrize("seed", SEEDS[:6])
def test_topology_is_the_grid(seed: int) -> None:
    lay = layout(seed)
    topo = lay.topology
    assert topo is not None and topo.check_symmetric() == []
    polys = spaces(lay)
    by_rc = {(a["row"], a["col"]): s for s, a in topo.attrs.items()}
    assert sorted(by_rc) == [(r, c) for r in range(12) for c in range(12)]
    for (r, c), s in by_rc.items():
        want_adj = {
            by_rc[(r + dr, c + dc)]
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if (r + dr, c + dc) in by_rc
        }
        want_corner = {
            by_rc[(r + dr, c + dc)] for dr in (-1, 1) for dc in (-1, 1) if (r + dr, c + dc) in by_rc
        }
        assert topo.adjacent[s] == want_adj
        assert topo.corner[s] == want_corner
        # the geometry agrees: edge neighbours share an edge, diagonal ones touch at a point
        for n in want_adj:
            assert polys[s].intersection(polys[n]).length > 1.0
        for n in want_corner:
            assert polys[s].distance(polys[n]) < 0.02
            assert polys[s].intersection(polys[n]).length < 0.05


def test_every_region_inside_the_safe_area() -> None:
    for seed, page in ((None, "a4"), (None, "letter"), (3, "a4"), (3, "letter")):
        lay = layout(seed, page)
        w, h = lay.page.width_mm, lay.page.height_mm
        for r in lay.regions:
            for x, y in r.polygon or r.polyline or []:
                assert MARGIN_MM <= x <= w - MARGIN_MM and MARGIN_MM <= y <= h - MARGIN_MM, r.id


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_standard_field_is_sacksons_squares(page: str) -> None:
    lay = layout(None, page)
    polys = spaces(lay)
    assert len(polys) == 144
    areas = {round(p.area, 1) for p in polys.values()}
    assert areas == {round((klee.SIDE / 12) ** 2, 1)}
    topo = lay.topology
    assert topo is not None and topo.field_id.startswith("KLEE-1-STD-")
    assert [c.line() for c in check_layout(lay) if not c.ok] == []


def test_track_and_sequence_areas() -> None:
    lay = layout(5)
    topo = lay.topology
    assert topo is not None
    ids = {r.id: r for r in lay.regions}
    track = topo.data["track"]
    assert sorted(track) == ["1", "2"]
    for p in ("1", "2"):
        assert track[p] == [f"track-p{p}-{n}" for n in range(1, klee.TRACK_LENGTH + 1)]
        assert all(ids[t].kind == "track_box" and ids[t].player == int(p) for t in track[p])
    # consecutive boxes of a lane touch along an edge; the lanes never overlap
    boxes = [Polygon(ids[t].polygon) for p in ("1", "2") for t in track[p]]
    assert abs(sum(b.area for b in boxes) - shapely.union_all(boxes).area) < 0.5
    for p in ("1", "2"):
        lane = [Polygon(ids[t].polygon) for t in track[p]]
        for a, b in itertools.pairwise(lane):
            assert a.intersection(b).length > 1.0
    # the track does not touch the field
    field = shapely.union_all(list(spaces(lay).values()))
    assert field.distance(shapely.union_all(boxes)) > 2.0
    seq = topo.data["sequence_areas"]
    assert topo.data["area_lengths"] == [3, 3, 3, 4, 4, 4]
    assert topo.data["standard_areas"] == [1, 2, 3, 4]
    for p in ("1", "2"):
        assert [len(a) for a in seq[p]] == [3, 3, 3, 4, 4, 4]
        for k, area in enumerate(seq[p], start=1):
            assert area == [f"mark-seq-p{p}-a{k}-c{c}" for c in range(1, len(area) + 1)]
            assert all(ids[m].kind == "mark" for m in area)
    # player 1's areas at the top, player 2's at the bottom, the field between them
    y1 = max(y for m in seq["1"][0] for _, y in ids[m].polygon)
    y2 = min(y for m in seq["2"][0] for _, y in ids[m].polygon)
    assert y1 < field.bounds[1] and field.bounds[3] < y2


def test_areas_option() -> None:
    four, six = layout(None, "a4", 4), layout(None, "a4", 6)
    faint4 = [r.id for r in four.regions if r.kind == "mark" and r.extra.get("optional")]
    faint6 = [r.id for r in six.regions if r.kind == "mark" and r.extra.get("optional")]
    assert len(faint4) == 2 * (3 + 4) and faint6 == []
    assert six.topology.data["areas_in_play"] == 6
    with pytest.raises(ValueError, match=r"must be 4 .* or 6"):
        get_game("klee").resolve_options({"areas": 5})
    with pytest.raises(ValueError):
        get_game("klee").resolve_options({"areas": 7})
    with pytest.raises(ValueError, match="does not apply"):
        get_game("klee").resolve_options({"players": 3})


def test_deterministic() -> None:
    a = build_layout("klee", 11, {}, "a4").to_json()
    assert a == build_layout("klee", 11, {}, "a4").to_json()
    g1, n1 = klee.random_geometry(Rng.derive("klee", 1, 11), {"areas": 4})
    g2, n2 = klee.random_geometry(Rng.derive("klee", 1, 11), {"areas": 4})
    assert g1 == g2 and n1 == n2
    assert a != build_layout("klee", 12, {}, "a4").to_json()


def test_template_round_trip() -> None:
    geom, _ = klee.random_geometry(Rng.derive("klee", "standard", 3), {"areas": 4})
    assert klee.KleeGeometry.from_data(geom.to_data()) == geom
    assert klee.KleeGeometry.from_data(klee.freeze_standard(0)) == klee.regular_geometry()
