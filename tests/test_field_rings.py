"""Crossing The Rings sheets: section counts, arcs, points, tiling, topology, table, options."""

from __future__ import annotations

import functools
import math

import pytest
from shapely.geometry import Point, Polygon
from shapely.ops import unary_union

from artsheets.generator.furniture import body_rect
from artsheets.generator.games import rings as G
from artsheets.generator.layout import Layout
from artsheets.generator.registry import build_layout, get_game
from artsheets.generator.render_svg import render_svg
from artsheets.generator.topology import polygon_neighbours
from tests.conftest import space_polygons as polys

CASES = [
    ({}, range(1, 6)),
    ({"players": 2, "rounds": 1, "circles": 12, "cap": 64}, range(1, 3)),
    ({"players": 6, "circles": 7, "cap": 64}, range(1, 3)),
    ({"players": 4, "circles": 8}, range(1, 3)),
    ({"players": 8, "rounds": 6, "circles": 3, "cap": 2}, range(1, 3)),
    ({"players": 2, "circles": 11, "cap": 5}, range(1, 3)),
]


def _id(opts: dict, seed: int) -> str:
    return f"{'-'.join(f'{k}{v}' for k, v in opts.items()) or 'default'}-{seed}"


PARAMS = [pytest.param(opts, seed, id=_id(opts, seed)) for opts, seeds in CASES for seed in seeds]


@functools.cache
def _layout(opts_items: tuple, seed: int, page: str = "a4") -> Layout:
    return build_layout("rings", seed, dict(opts_items), page)


def layout(opts: dict, seed: int, page: str = "a4") -> Layout:
    return _layout(tuple(sorted(opts.items())), seed, page)


@pytest.mark.parametrize(("opts", "seed"), PARAMS)
def test_layout_passes_its_own_checks(opts: dict, seed: int) -> None:
    lay = layout(opts, seed)
    failed = [c.line() for c in G.validate_layout(lay) if not c.ok]
    assert not failed


@pytest.mark.parametrize(("opts", "seed"), PARAMS)
def test_section_counts_arcs_and_points(opts: dict, seed: int) -> None:
    lay = layout(opts, seed)
    o = lay.options
    rounds = lay.topology.data["rounds"]
    assert len(rounds) == o["rounds"]
    for rd in rounds:
        radii = rd["radii"]
        assert len(radii) == o["circles"]
        ring = radii[0]
        assert ring >= G.MIN_RING
        assert all(abs(r - (i + 1) * ring) < 0.011 for i, r in enumerate(radii))
        dividers = rd["dividers"]
        assert sorted(dividers, key=int) == [str(m) for m in range(1, o["circles"])]
        for m in range(1, o["circles"]):
            angles = dividers[str(m)]
            lo, hi = G.section_range(m, ring, o["cap"])
            assert min(m, o["cap"]) == lo
            assert hi <= min(2**m, o["cap"])
            assert lo <= len(angles) <= hi
            assert angles == sorted(angles) and all(0 <= a < 360 for a in angles)
            inner = radii[m - 1]
            for i, a in enumerate(angles):
                b = angles[(i + 1) % len(angles)] + (360 if i == len(angles) - 1 else 0)
                if len(angles) > 1:
                    assert math.radians(b - a) * inner >= G.MIN_ARC - 0.01
            # divider ends of neighbouring rings on their shared circle are distinct points
            if m > 1:
                for a in angles:
                    for b in dividers[str(m - 1)]:
                        gap = min(abs(a - b) % 360, 360 - abs(a - b) % 360)
                        assert math.radians(gap) * inner >= G.POINT_GAP - 0.01


@pytest.mark.parametrize(("opts", "seed"), PARAMS[:8])
def test_sections_tile_the_rings_and_are_printable(opts: dict, seed: int) -> None:
    lay = layout(opts, seed)
    topo = lay.topology
    ps = polys(lay)
    assert all(p.is_valid for p in ps.values())
    for i, rd in enumerate(topo.data["rounds"], start=1):
        members = [ps[s] for s in topo.groups[f"round-{i}"]]
        union = unary_union(members)
        assert sum(p.area for p in members) == pytest.approx(union.area, abs=0.5)
        r1, rn = rd["radii"][0], rd["radii"][-1]
        assert union.area == pytest.approx(math.pi * (rn**2 - r1**2), rel=0.002)
        # the centre disc is no section
        assert not union.contains(Point(rd["center"]))
    for sid, p in ps.items():
        assert not p.buffer(-1.5).is_empty, sid  # a 3 mm pencil disc fits


@pytest.mark.parametrize(("opts", "seed"), PARAMS[:8])
def test_sections_match_their_attributes(opts: dict, seed: int) -> None:
    lay = layout(opts, seed)
    topo = lay.topology
    assert list(topo.spaces) == [f"space-{n}" for n in range(1, len(topo.spaces) + 1)]
    assert list(topo.groups) == [f"round-{r}" for r in range(1, lay.options["rounds"] + 1)]
    ps = polys(lay)
    for r, rd in enumerate(topo.data["rounds"], start=1):
        cx, cy = rd["center"]
        per_ring: dict[int, int] = {}
        for sid in topo.groups[f"round-{r}"]:
            a = topo.attrs[sid]
            assert a["round"] == r
            assert a["a0"] < a["a1"] and a["a1"] - a["a0"] <= 360 + 1e-9
            per_ring[a["ring"]] = per_ring.get(a["ring"], 0) + 1
            # the middle of the section (mid angle, mid radius) lies inside its polygon
            mid = math.radians((a["a0"] + a["a1"]) / 2)
            rad = (rd["radii"][a["ring"] - 1] + rd["radii"][a["ring"]]) / 2
            assert ps[sid].contains(Point(cx + rad * math.cos(mid), cy - rad * math.sin(mid)))
            if a["a1"] - a["a0"] > 360 - 1e-9:
                assert len(rd["dividers"][str(a["ring"])]) == 1
        assert per_ring == {int(m): len(v) for m, v in rd["dividers"].items()}


@pytest.mark.parametrize(("opts", "seed"), PARAMS[:6] + PARAMS[-2:])
def test_topology_is_symmetric_and_matches_shapely(opts: dict, seed: int) -> None:
    lay = layout(opts, seed)
    topo = lay.topology
    assert topo.check_symmetric() == []
    adjacent, corner = polygon_neighbours(polys(lay))
    assert {k: set(v) for k, v in adjacent.items()} == {
        k: set(topo.adjacent[k]) for k in topo.spaces
    }
    assert all(not v for v in corner.values())
    assert all(not topo.corner[s] for s in topo.spaces)
    for s in topo.spaces:
        for t in topo.adjacent[s]:
            assert topo.group_of(s) == topo.group_of(t)
            assert abs(topo.attrs[s]["ring"] - topo.attrs[t]["ring"]) <= 1


@pytest.mark.parametrize("page", ["a4", "letter"])
@pytest.mark.parametrize(("opts", "seed"), [PARAMS[0], PARAMS[5], PARAMS[7]])
def test_everything_inside_the_body(opts: dict, seed: int, page: str) -> None:
    lay = layout(opts, seed, page)
    body = body_rect(lay.page)
    assert [c.line() for c in G.validate_layout(lay) if not c.ok] == []
    for r in lay.regions:
        for x, y in r.polygon:
            assert body.x0 <= x <= body.x1 or r.kind == "key", r.id
            assert body.y0 <= y <= body.y1 or r.kind == "key", r.id
    # targets and score table never overlap
    field = unary_union(list(polys(lay).values()))
    table = unary_union([Polygon(r.polygon) for r in lay.regions if r.kind == "score_box"])
    assert field.distance(table) >= 3.0


@pytest.mark.parametrize(("players", "rounds"), [(2, 2), (3, 3), (8, 6), (5, 1)])
def test_score_table(players: int, rounds: int) -> None:
    lay = layout({"players": players, "rounds": rounds}, 7)
    boxes = {r.id: r for r in lay.regions if r.kind == "score_box"}
    want = {f"score-p{p}-x" for p in range(1, players + 1)}
    want |= {f"score-p{p}-t" for p in range(1, players + 1)}
    want |= {f"score-p{p}-r{r}" for p in range(1, players + 1) for r in range(1, rounds + 1)}
    assert set(boxes) == want
    for p in range(1, players + 1):
        for r in range(1, rounds + 1):
            box = boxes[f"score-p{p}-r{r}"]
            assert box.player == p and box.extra["round"] == r
    cells = [Polygon(b.polygon) for b in boxes.values()]
    assert sum(c.area for c in cells) == pytest.approx(unary_union(cells).area)
    assert len([r for r in lay.regions if r.kind == "key"]) == players


def test_same_seed_same_bytes() -> None:
    a = build_layout("rings", 42, {"players": 4})
    b = build_layout("rings", 42, {"players": 4})
    assert a.to_json() == b.to_json()
    assert render_svg(a) == render_svg(b)
    assert build_layout("rings", 43, {"players": 4}).to_json() != a.to_json()
    parts = a.sheet_code.split("-")
    assert a.topology.field_id == "-".join(parts[:3] + parts[4:5])
    assert a.sheet_code.startswith("RINGS-1-000042-A4-P4R4N6C16-")


def test_same_field_on_both_pages() -> None:
    a, b = layout({}, 3).topology, layout({}, 3, "letter").topology
    assert a.spaces == b.spaces and a.adjacent == b.adjacent and a.attrs == b.attrs
    for ra, rb in zip(a.data["rounds"], b.data["rounds"], strict=True):
        assert ra["dividers"] == rb["dividers"] and ra["radii"] == rb["radii"]


def test_cap_limits_every_ring() -> None:
    lay = layout({"players": 2, "circles": 11, "cap": 5}, 1)
    for rd in lay.topology.data["rounds"]:
        for m, angles in rd["dividers"].items():
            assert min(int(m), 5) <= len(angles) <= 5
    lay = layout({"players": 8, "rounds": 6, "circles": 3, "cap": 2}, 1)
    for rd in lay.topology.data["rounds"]:
        assert 1 <= len(rd["dividers"]["1"]) <= 2
        assert len(rd["dividers"]["2"]) == 2


def test_options_and_their_errors() -> None:
    spec = get_game("rings")
    assert spec.resolve_options({}) == {"players": 3, "rounds": 3, "circles": 6, "cap": 16}
    assert spec.resolve_options({"players": 5})["rounds"] == 5
    assert spec.resolve_options({"players": 8, "rounds": 4})["rounds"] == 4
    # 7-8 players: half the rounds on a sheet (a second sheet for the rest); 7+ never fit
    assert spec.resolve_options({"players": 8})["rounds"] == 4
    assert spec.resolve_options({"players": 7})["rounds"] == 4
    with pytest.raises(ValueError, match="--rounds must be from 1 to 6, got 7"):
        spec.resolve_options({"rounds": 7})
    with pytest.raises(ValueError, match=r"at most 7 circles fit"):
        spec.resolve_options({"players": 6, "circles": 8})
    with pytest.raises(ValueError, match="circles"):
        spec.resolve_options({"circles": 13})
    with pytest.raises(ValueError, match="cap"):
        spec.resolve_options({"cap": 1})
    with pytest.raises(ValueError, match="players"):
        spec.resolve_options({"players": 9})
    with pytest.raises(ValueError, match="no standard field"):
        build_layout("rings", None)
    # the most circles allowed for every round count actually builds
    for rounds in range(1, 7):
        n = min(12, G.max_circles(rounds))
        lay = build_layout("rings", 5, {"players": 2, "rounds": rounds, "circles": n, "cap": 64})
        assert [c.line() for c in G.validate_layout(lay) if not c.ok] == []


def test_validate_layout_catches_a_broken_field() -> None:
    lay = build_layout("rings", 9)
    rd = lay.topology.data["rounds"][0]
    first = rd["dividers"]["3"][0]
    rd["dividers"]["3"] = [first, first + 0.5]
    failed = {c.name for c in G.validate_layout(lay) if not c.ok}
    assert any("along its inner circle" in f for f in failed)
