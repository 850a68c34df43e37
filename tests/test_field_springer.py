"""Springer fields (version 1, the jittered grid, and version 2, the free net): exact counts,
a tiling of the rectangle, printable spaces, plenty of four-way corners, winnable chains,
triangles that touch exactly their spaces, totals that can be reached, topology from the
planar graph, determinism, options."""

from __future__ import annotations

import functools
import itertools
import math

import pytest
import shapely
from shapely.geometry import Polygon, box

from artsheets.generator.checkfield import check_layout
from artsheets.generator.games import springer
from artsheets.generator.games.springer import (
    EDGES,
    MIN_AREA,
    MIN_WIDTH,
    find_chain,
    random_geometry,
    validate_geometry,
)
from artsheets.generator.layout import Layout
from artsheets.generator.registry import build_layout, get_game
from artsheets.generator.rng import Rng
from tests.conftest import space_polygons as polygons

SEEDS = list(range(15))
VERSIONS = [1, 2]
DEFAULT = {"players": 2, "threshold": 13, "spaces": 108}


@functools.cache
def geometry(seed: int, spaces: int = 108, version: int = 1):
    rng = Rng.derive("springer", version, seed)
    return random_geometry(rng, {"spaces": spaces}, version)[0]


@functools.cache
def layout(
    seed: int | None,
    page: str = "a4",
    players: int = 2,
    threshold: int = 13,
    version: int | None = None,
) -> Layout:
    opts = {"players": players, "threshold": threshold}
    return build_layout("springer", seed, opts, page, version)


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_geometry_holds_every_constraint(seed: int, version: int) -> None:
    g = geometry(seed, version=version)
    assert [c.line() for c in validate_geometry(g, DEFAULT) if not c.ok] == []


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("spaces", [48, 160])
def test_other_counts(spaces: int, version: int) -> None:
    for seed in range(2):
        g = geometry(seed, spaces, version)
        opts = {"spaces": spaces}
        assert [c.line() for c in validate_geometry(g, opts) if not c.ok] == []


def _straight_share(version: int) -> float:
    """Share of the interior boundary length within 15 degrees of horizontal or vertical."""
    straight = total = 0.0
    for seed in range(3):
        g = geometry(seed, version=version)
        for x0, y0, x1, y1 in g.segments:
            if {x0, x1} <= {0, g.w} or {y0, y1} <= {0, g.h}:
                continue  # on the frame
            length = math.hypot(x1 - x0, y1 - y0)
            tilt = math.degrees(math.atan2(abs(y1 - y0), abs(x1 - x0)))
            straight += length * (min(tilt, 90 - tilt) < 15)
            total += length
    return straight / total


def test_version_2_is_no_grid() -> None:
    # The jittered grid runs almost all along its rows and columns; the free net does not.
    # (Directions spread evenly would give 1/3 within 15 degrees of the two axes.)
    assert _straight_share(1) > 0.8
    assert _straight_share(2) < 0.5


def test_new_sheets_default_to_version_2() -> None:
    assert get_game("springer").current_version == 2
    assert layout(5).sheet_code.startswith("SPRINGER-2-")
    one = layout(5, version=1)
    assert one.sheet_code.startswith("SPRINGER-1-")
    assert one.topology.adjacent != layout(5).topology.adjacent


@pytest.mark.parametrize(
    ("seed", "version"), [(None, None), (1, 1), (2, 1), (1, 2), (2, 2), (42, 2)]
)
@pytest.mark.parametrize("page", ["a4", "letter"])
def test_sheet(seed: int | None, version: int | None, page: str) -> None:
    lay = layout(seed, page, version=version)
    topo = lay.topology
    assert len(topo.spaces) == 108
    assert [c.line() for c in check_layout(lay) if not c.ok] == []
    assert topo.check_symmetric() == []
    polys = polygons(lay)
    assert list(polys) == list(topo.spaces)
    assert all(p.is_valid for p in polys.values())
    union = shapely.union_all(list(polys.values()))
    total = sum(p.area for p in polys.values())
    assert abs(total - union.area) < 1e-6
    frame = box(*union.bounds)
    assert abs(union.area - frame.area) < 1e-6  # the spaces tile the rectangle
    assert min(p.area for p in polys.values()) >= MIN_AREA
    assert all(not p.buffer(-MIN_WIDTH / 2).is_empty for p in polys.values())
    # every region inside the body (so inside the 10 mm safe area)
    body = (10.0, 34.0, lay.page.width_mm - 10.0, lay.page.height_mm - 29.0)
    for r in lay.regions:
        if r.kind in ("space", "triangle", "score_box"):
            for x, y in r.polygon:
                assert body[0] <= x <= body[2] and body[1] <= y <= body[3], r.id

    # adjacency = a shared side, corner = only points in common, checked with shapely
    for a, b in itertools.combinations(topo.spaces, 2):
        pa, pb = polys[a], polys[b]
        if b in topo.adjacent[a]:
            assert pa.intersection(pb).length > 1.0
        elif b in topo.corner[a]:
            inter = pa.intersection(pb)
            assert not inter.is_empty and inter.length == 0
        else:
            assert pa.distance(pb) > 0.5

    # triangles: numbered 1-5, at least five per edge with every number, ids along the edge
    tris = topo.data["triangles"]
    regions = {r.id: r for r in lay.regions if r.kind == "triangle"}
    assert set(tris) == set(regions)
    for edge in EDGES:
        mine = [t for t in tris if tris[t]["edge"] == edge]
        assert len(mine) >= 5
        assert {tris[t]["number"] for t in mine} == {1, 2, 3, 4, 5}
        assert sorted(mine, key=lambda t: int(t.rsplit("-", 1)[1])) == [
            f"triangle-{edge}-{k}" for k in range(1, len(mine) + 1)
        ]
    # each triangle touches exactly the spaces listed, along a side; edge spaces all covered
    touched = set()
    for tid, info in tris.items():
        tri = Polygon(regions[tid].polygon)
        assert regions[tid].extra["number"] == info["number"]
        near = {s for s, p in polys.items() if p.intersection(tri).length > 0.5}
        assert near == set(info["spaces"]), tid
        touched |= near
    on_frame = {s for s, p in polys.items() if p.intersection(frame.exterior).length > 0.5}
    assert touched == on_frame
    assert topo.data["threshold"] == 13


def test_four_way_corners_and_a_winnable_chain() -> None:
    lay = layout(None)
    topo = lay.topology
    # Count four-way corners from the polygons: points shared by four or more spaces.
    count: dict[tuple[float, float], int] = {}
    for r in lay.regions:
        if r.kind == "space":
            for p in r.polygon:
                count[p] = count.get(p, 0) + 1
    assert sum(n >= 4 for n in count.values()) >= 40
    # A chain through corners, no two members next to each other, touching all four edges.
    ids = list(topo.spaces)
    idx = {s: k for k, s in enumerate(ids)}
    adjacent = {idx[s]: {idx[t] for t in topo.adjacent[s]} for s in ids}
    corner = {idx[s]: {idx[t] for t in topo.corner[s]} for s in ids}
    edges_of = {k: set() for k in range(len(ids))}
    for info in topo.data["triangles"].values():
        for s in info["spaces"]:
            edges_of[idx[s]].add(info["edge"])
    chain = find_chain(len(ids), adjacent, corner, edges_of)
    assert chain is not None
    assert {e for f in chain for e in edges_of[f]} == set(EDGES)
    for a, b in itertools.combinations(chain, 2):
        assert b not in adjacent[a]
    # connected through corners
    seen, todo = {chain[0]}, [chain[0]]
    while todo:
        u = todo.pop()
        for v in corner[u]:
            if v in chain and v not in seen:
                seen.add(v)
                todo.append(v)
    assert seen == set(chain)


def test_threshold_reachable_in_many_ways() -> None:
    tris = layout(None).topology.data["triangles"]
    per_edge = {e: [t["number"] for t in tris.values() if t["edge"] == e] for e in EDGES}
    totals = [sum(c) for c in itertools.product(*per_edge.values())]
    assert max(totals) == 20 and min(totals) == 4
    assert sum(t >= 13 for t in totals) >= 10


def test_standard_is_the_same_field_on_both_pages() -> None:
    a4, lt = layout(None, "a4"), layout(None, "letter")
    assert a4.topology.adjacent == lt.topology.adjacent
    assert a4.topology.corner == lt.topology.corner
    assert a4.topology.data["triangles"] == lt.topology.data["triangles"]
    assert a4.topology.field_id == lt.topology.field_id == "SPRINGER-1-STD-P2T13S108"
    three = layout(None, "a4", players=3)
    assert {r.id for r in three.regions if r.kind == "score_box"} == {
        "score-p1-x",
        "score-p2-x",
        "score-p3-x",
    }
    assert sum(r.kind == "key" for r in three.regions) == 3


def test_deterministic() -> None:
    a = build_layout("springer", 5).to_json()
    assert a == build_layout("springer", 5).to_json()
    assert a != build_layout("springer", 6).to_json()
    g = springer.make_geometry(Rng.derive("x", 1), DEFAULT)
    assert g == springer.make_geometry(Rng.derive("x", 1), DEFAULT)
    # the threshold and the players do not change the field
    b = build_layout("springer", 5, {"threshold": 9, "players": 3})
    assert b.topology.adjacent == build_layout("springer", 5).topology.adjacent


def test_template_round_trip() -> None:
    g = geometry(4)
    back = springer.geometry_from_data(springer.geometry_to_data(g))
    assert back == g


def test_options() -> None:
    spec = get_game("springer")
    with pytest.raises(ValueError, match="--threshold must be from 4 to 20"):
        spec.resolve_options({"threshold": 21})
    with pytest.raises(ValueError, match="--players must be from 2 to 3"):
        spec.resolve_options({"players": 4})
    with pytest.raises(ValueError, match="--spaces must be from 48 to 160"):
        spec.resolve_options({"spaces": 40})
    with pytest.raises(ValueError, match="standard Springer field has 108 spaces"):
        build_layout("springer", None, {"spaces": 100})


def test_validate_layout_sees_tampering() -> None:
    lay = build_layout("springer", 3)
    assert [c.line() for c in springer.validate_layout(lay) if not c.ok] == []
    tri = next(r for r in lay.regions if r.kind == "triangle")
    tri.extra["number"] = 9
    failed = {c.name for c in springer.validate_layout(lay) if not c.ok}
    assert "topology matches the geometry" in failed
    lay = build_layout("springer", 3)
    space = next(r for r in lay.regions if r.kind == "space")
    lay.regions.remove(space)
    failed = {c.name for c in springer.validate_layout(lay) if not c.ok}
    assert "exactly 108 spaces" in failed
