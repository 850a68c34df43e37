"""Vasarely fields: counts, tiling, printability, dots, topology, determinism, the standard."""

from __future__ import annotations

import functools

import pytest
from shapely.geometry import Point, Polygon
from shapely.ops import unary_union

from artsheets.generator.furniture import body_rect
from artsheets.generator.games import vasarely as V
from artsheets.generator.layout import Layout
from artsheets.generator.registry import build_layout, get_game
from artsheets.generator.render_svg import render_svg
from artsheets.generator.rng import Rng
from artsheets.generator.templates import load_template
from artsheets.generator.topology import polygon_neighbours
from tests.conftest import space_polygons as spaces

SEEDS = list(range(1, 9))
STANDARD_SIZES = [7, 11, 12, 8, 8, 11, 8, 11, 10, 12]


@functools.cache
def layout(seed: int | None, page: str = "a4", players: int = 4) -> Layout:
    return build_layout("vasarely", seed, {"players": players}, page)


@pytest.mark.parametrize("seed", range(20, 32))
def test_random_geometry_is_valid_and_counts_are_exact(seed: int) -> None:
    geom, attempts = V.random_geometry(Rng.derive("vasarely", 1, seed))
    assert attempts >= 1
    assert all(c.ok for c in V.validate_geometry(geom)), [
        c.line() for c in V.validate_geometry(geom) if not c.ok
    ]
    assert len(geom.cubes) == 10
    for cube in geom.cubes:
        assert 7 <= len(cube.spaces) <= 12
        assert {s.dots for s in cube.spaces} == {1, 2, 3, 4, 5}
        assert all(len(s.dot_centres) == s.dots for s in cube.spaces)


@pytest.mark.parametrize("seed", [None, *SEEDS])
def test_layout_passes_its_own_checks(seed: int | None) -> None:
    lay = layout(seed)
    failed = [c.line() for c in V.validate_layout(lay) if not c.ok]
    assert not failed


@pytest.mark.parametrize("seed", [None, *SEEDS])
def test_spaces_tile_cubes_without_overlap_and_are_printable(seed: int | None) -> None:
    lay = layout(seed)
    topo = lay.topology
    polys = spaces(lay)
    assert all(p.is_valid for p in polys.values())
    for members in topo.groups.values():
        ps = [polys[s] for s in members]
        union = unary_union(ps)
        assert sum(p.area for p in ps) == pytest.approx(union.area, abs=0.5)
        assert union.convex_hull.area == pytest.approx(union.area, abs=0.5)  # a full hexagon
        hexagon_area = 3 * 3**0.5 / 2 * V.EDGE**2
        assert union.area == pytest.approx(hexagon_area, abs=1.0)
    for sid, p in polys.items():
        assert p.area >= V.MIN_AREA, sid
        assert not p.buffer(-V.MIN_WIDTH / 2).is_empty, sid


@pytest.mark.parametrize("seed", [None, *SEEDS])
def test_dots_sit_well_inside_their_space(seed: int | None) -> None:
    lay = layout(seed)
    for r in lay.regions:
        if r.kind != "space":
            continue
        poly = Polygon(r.polygon)
        centres = r.extra["dot_centres"]
        assert len(centres) == r.extra["dots"] == lay.topology.attrs[r.id]["dots"]
        for c in centres:
            assert poly.exterior.distance(Point(c)) >= V.DOT_R + V.DOT_CLEAR - 0.02
            assert poly.contains(Point(c))
        for i, a in enumerate(centres):
            for b in centres[i + 1 :]:
                assert Point(a).distance(Point(b)) >= V.DOT_SPACING - 0.02


@pytest.mark.parametrize("page", ["a4", "letter"])
@pytest.mark.parametrize("seed", [None, 3])
def test_everything_inside_the_body(seed: int | None, page: str) -> None:
    lay = layout(seed, page)
    body = body_rect(lay.page)
    for r in lay.regions:
        if r.kind == "key":
            continue
        for x, y in r.polygon:
            assert body.x0 <= x <= body.x1 and body.y0 <= y <= body.y1, r.id
    drawn = unary_union(
        [Polygon(r.polygon) for r in lay.regions if r.kind in ("space", "mark", "score_box")]
    )
    assert drawn.bounds[0] >= body.x0 and drawn.bounds[2] <= body.x1


@pytest.mark.parametrize("seed", [None, 1, 2])
def test_topology_is_symmetric_and_matches_geometry(seed: int | None) -> None:
    lay = layout(seed)
    topo = lay.topology
    assert topo.check_symmetric() == []
    adjacent, corner = polygon_neighbours(spaces(lay))
    assert {k: set(v) for k, v in adjacent.items()} == {
        k: set(topo.adjacent[k]) for k in topo.spaces
    }
    assert {k: set(v) for k, v in corner.items()} == {k: set(topo.corner[k]) for k in topo.spaces}
    # cubes stand apart: no space touches a space of another cube
    for s in topo.spaces:
        for t in topo.touching(s):
            assert topo.group_of(s) == topo.group_of(t)
    # every space of a cube is connected to the others through shared edges
    for members in topo.groups.values():
        seen, todo = {members[0]}, [members[0]]
        while todo:
            for n in topo.adjacent[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == set(members)


@pytest.mark.parametrize("seed", [None, 5])
def test_topology_follows_the_contract(seed: int | None) -> None:
    lay = layout(seed)
    topo = lay.topology
    assert topo.game == "vasarely"
    parts = lay.sheet_code.split("-")
    assert topo.field_id == "-".join(parts[:3] + parts[4:5])
    assert list(topo.groups) == [f"cube-{k}" for k in range(1, 11)]
    assert sorted(s for m in topo.groups.values() for s in m) == sorted(topo.spaces)
    assert list(topo.spaces) == [f"space-{n}" for n in range(1, len(topo.spaces) + 1)]
    marks = topo.data["completion_marks"]
    assert marks == {f"cube-{k}": f"mark-cube-{k}" for k in range(1, 11)}
    for cube, mark in marks.items():
        region = lay.region(mark)
        assert region.kind == "mark" and region.group == cube
        # the mark hangs right under its cube
        cube_poly = unary_union([Polygon(lay.region(s).polygon) for s in topo.groups[cube]])
        mark_poly = Polygon(region.polygon)
        assert 1.5 <= mark_poly.distance(cube_poly) <= 3.0
        assert mark_poly.centroid.y > cube_poly.bounds[3]
        assert abs(mark_poly.centroid.x - cube_poly.centroid.x) < 0.05
        assert mark_poly.area > 25.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_score_area_per_player(players: int) -> None:
    lay = layout(None, "a4", players)
    ids = {r.id for r in lay.regions if r.kind == "score_box"}
    for p in range(1, 5):
        want = {f"score-p{p}-x", f"score-p{p}-t"} | {
            f"score-p{p}-box-{n}" for n in range(1, V.SCORE_POINTS + 1)
        }
        if p <= players:
            assert want <= ids
        else:
            assert not want & ids
    assert len([r for r in lay.regions if r.kind == "key"]) == players
    # score areas never overlap the field
    field = unary_union([Polygon(r.polygon) for r in lay.regions if r.kind in ("space", "mark")])
    boxes = unary_union([Polygon(r.polygon) for r in lay.regions if r.kind == "score_box"])
    assert field.distance(boxes) >= 3.0


def test_same_seed_same_bytes() -> None:
    a = build_layout("vasarely", 11, {"players": 3})
    b = build_layout("vasarely", 11, {"players": 3})
    assert a.to_json() == b.to_json()
    assert render_svg(a) == render_svg(b)
    assert build_layout("vasarely", 12).to_json() != a.to_json()


def test_template_data_draws_the_same_sheet_as_the_geometry(monkeypatch) -> None:
    original, _ = V.random_geometry(Rng.derive("vasarely", "standard", 2), {"players": 4})
    assert V.geometry_to_data(original) == load_template("vasarely")
    from_template = build_layout("vasarely", None).to_json()
    monkeypatch.setattr(V, "geometry_from_data", lambda data: original)
    assert build_layout("vasarely", None).to_json() == from_template


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_standard_field_counts(page: str) -> None:
    lay = layout(None, page)
    topo = lay.topology
    assert lay.sheet_code.startswith("VASARELY-1-STD-")
    assert [len(topo.groups[f"cube-{k}"]) for k in range(1, 11)] == STANDARD_SIZES
    assert len(topo.spaces) == sum(STANDARD_SIZES) == 98
    dots = [topo.attrs[s]["dots"] for s in topo.spaces]
    assert sorted(set(dots)) == [1, 2, 3, 4, 5]


def test_standard_is_the_same_field_on_both_pages() -> None:
    a, b = layout(None, "a4").topology, layout(None, "letter").topology
    assert a.spaces == b.spaces and a.adjacent == b.adjacent and a.corner == b.corner
    assert a.groups == b.groups and a.attrs == b.attrs and a.data == b.data


def test_options_are_checked() -> None:
    spec = get_game("vasarely")
    assert spec.resolve_options({}) == {"players": 4}
    with pytest.raises(ValueError, match="players"):
        spec.resolve_options({"players": 5})
    with pytest.raises(ValueError, match="players"):
        spec.resolve_options({"players": 1})
    with pytest.raises(ValueError, match="does not apply"):
        spec.resolve_options({"circles": 6})


def test_validate_layout_catches_a_broken_field() -> None:
    lay = build_layout("vasarely", 4)
    space = next(r for r in lay.regions if r.kind == "space")
    space.extra["dot_centres"] = space.extra["dot_centres"][:-1] or [space.polygon[0]]
    space.polygon = space.polygon[:3]
    failed = {c.name for c in V.validate_layout(lay) if not c.ok}
    assert "every space shows its dots" in failed or any("dots" in f for f in failed)
    assert "spaces tile every cube" in failed
