"""Delaunay's field: nine sections of 19-24 printable spaces, adjacency across sections, penalty
rows."""

from __future__ import annotations

import functools

import pytest
import shapely

from artsheets.generator.checkfield import check_layout
from artsheets.generator.games import delaunay
from artsheets.generator.games.delaunay_shapes import FIELD_H, FIELD_W, DelaunayGeometry
from artsheets.generator.layout import Layout
from artsheets.generator.registry import build_layout, get_game
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import MARGIN_MM
from artsheets.generator.topology import polygon_neighbours
from tests.conftest import space_polygons as spaces

SEEDS = list(range(1, 6))


@functools.cache
def layout(seed: int | None, page: str = "a4", players: int = 4) -> Layout:
    return build_layout("delaunay", seed, {"players": players}, page)


@pytest.mark.parametrize("seed", [None, *SEEDS])
def test_field_counts_validity_printability(seed: int | None) -> None:
    lay = layout(seed)
    topo = lay.topology
    assert topo is not None
    assert list(topo.groups) == [f"section-{k}" for k in range(1, 10)]
    assert all(19 <= len(m) <= 24 for m in topo.groups.values())
    polys = spaces(lay)
    assert list(polys) == list(topo.spaces) == [f"space-{n}" for n in range(1, len(polys) + 1)]
    assert all(p.is_valid for p in polys.values())
    total = sum(p.area for p in polys.values())
    union = shapely.union_all(list(polys.values()))
    assert abs(total - union.area) < 0.05 * len(polys)  # no overlaps
    assert abs(union.area - FIELD_W * FIELD_H) < 2.0  # the spaces tile the field
    assert min(p.area for p in polys.values()) >= delaunay.MIN_AREA_MM2
    assert all(not p.buffer(-delaunay.MIN_WIDTH_MM / 2).is_empty for p in polys.values())
    assert [c.line() for c in check_layout(lay) if not c.ok] == []


@pytest.mark.parametrize("seed", [None, 1, 2])
def test_topology(seed: int | None) -> None:
    lay = layout(seed)
    topo = lay.topology
    assert topo is not None and topo.check_symmetric() == []
    assert topo.data["penalty_rows"] == 3
    polys = spaces(lay)
    adjacent, corner = polygon_neighbours(polys)
    assert dict(topo.adjacent) == adjacent and dict(topo.corner) == corner
    # every space has neighbours; a section is connected; adjacency crosses section borders
    crossing = 0
    for gid, members in topo.groups.items():
        assert all(r.group == gid for r in lay.regions if r.id in members)
        seen, todo = {members[0]}, [members[0]]
        while todo:
            for n in topo.adjacent[todo.pop()]:
                if n in members and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == set(members), gid
        crossing += sum(1 for s in members for n in topo.adjacent[s] if n not in members)
    assert crossing > 20
    # "next to" means a shared boundary of positive length
    for s, ns in topo.adjacent.items():
        for n in ns:
            shared = polys[s].boundary.buffer(0.02).intersection(polys[n].boundary)
            assert shared.length >= 0.05


def test_every_region_inside_the_safe_area() -> None:
    for seed, page in ((None, "a4"), (None, "letter"), (3, "letter")):
        lay = layout(seed, page)
        w, h = lay.page.width_mm, lay.page.height_mm
        for r in lay.regions:
            for x, y in r.polygon or r.polyline or []:
                assert MARGIN_MM <= x <= w - MARGIN_MM and MARGIN_MM <= y <= h - MARGIN_MM, r.id


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_standard_field(page: str) -> None:
    lay = layout(None, page)
    topo = lay.topology
    assert topo is not None and topo.field_id.startswith("DELAUNAY-1-STD-")
    assert [len(m) for m in topo.groups.values()] == [23, 20, 21, 22, 20, 24, 19, 21, 22]
    assert len(topo.spaces) == 192


@pytest.mark.parametrize("players", [2, 3, 4])
def test_penalty_rows(players: int) -> None:
    lay = layout(None, "a4", players)
    ids = {r.id: r for r in lay.regions}
    for k in (1, 2, 3):
        assert ids[f"score-p{k}-x"].kind == "score_box"
        boxes = [ids[f"score-p{k}-box-{n}"] for n in range(1, delaunay.PENALTY_BOXES + 1)]
        assert all(b.kind == "score_box" and b.player == k for b in boxes)
        assert f"score-p{k}-box-{delaunay.PENALTY_BOXES + 1}" not in ids
    keys = [r for r in lay.regions if r.kind == "key"]
    assert len(keys) == (3 if players == 3 else 4)
    # the rows sit below the field, inside the body
    field_bottom = max(y for p in spaces(lay).values() for _, y in p.exterior.coords)
    assert min(y for _, y in ids["score-p1-x"].polygon) > field_bottom


def test_options() -> None:
    spec = get_game("delaunay")
    assert spec.resolve_options({}) == {"players": 4}
    for bad in (1, 5):
        with pytest.raises(ValueError, match="--players must be from 2 to 4"):
            spec.resolve_options({"players": bad})
    with pytest.raises(ValueError, match="does not apply"):
        spec.resolve_options({"areas": 4})


def test_deterministic_and_template_round_trip() -> None:
    a = build_layout("delaunay", 1, {}, "a4").to_json()
    assert a == layout(1).to_json()
    geom, n = delaunay.random_geometry(Rng.derive("delaunay", 1, 1), {"players": 4})
    assert DelaunayGeometry.from_data(geom.to_data()) == geom
    assert (geom, n) == delaunay.random_geometry(Rng.derive("delaunay", 1, 1), {"players": 4})
    assert a != layout(2).to_json()


def test_every_section_check_passes_on_the_standard_field() -> None:
    from artsheets.generator.templates import load_template

    geom = DelaunayGeometry.from_data(load_template("delaunay"))
    assert [c.line() for c in delaunay.validate_geometry(geom) if not c.ok] == []
