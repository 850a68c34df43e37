"""Mondrian fields: exact counts, a true dissection, printable sizes, T-junctions only, never
only guillotine cuts, topology that matches the rectangles, determinism, options."""

from __future__ import annotations

import functools

import pytest
import shapely
from shapely.geometry import box

from artsheets.generator.checkfield import check_layout
from artsheets.generator.games import mondrian
from artsheets.generator.games.mondrian import (
    MIN_AREA,
    MIN_SHARED,
    MIN_SIDE,
    U,
    guillotine_blocks,
    make_geometry,
    random_geometry,
    validate_geometry,
)
from artsheets.generator.layout import Layout
from artsheets.generator.registry import build_layout, get_game
from artsheets.generator.rng import Rng

SEEDS = list(range(20))
DEFAULT = {"players": 4, "spaces": 99}


@functools.cache
def geometry(seed: int, spaces: int = 99):
    return random_geometry(Rng.derive("mondrian", 1, seed), {"spaces": spaces})[0]


@functools.cache
def layout(seed: int | None, page: str = "a4", players: int = 4, spaces: int = 99) -> Layout:
    return build_layout("mondrian", seed, {"players": players, "spaces": spaces}, page)


def rects_mm(lay: Layout) -> list[tuple[float, float, float, float]]:
    return [tuple(lay.topology.attrs[s]["rect"]) for s in lay.topology.spaces]


@pytest.mark.parametrize("seed", SEEDS)
def test_random_geometry_holds_every_constraint(seed: int) -> None:
    g = geometry(seed)
    assert [c.line() for c in validate_geometry(g, DEFAULT) if not c.ok] == []
    assert len(g.rects) == 99
    assert sum((r[2] - r[0]) * (r[3] - r[1]) for r in g.rects) == g.w * g.h
    assert min(min(r[2] - r[0], r[3] - r[1]) for r in g.rects) >= MIN_SIDE
    assert min((r[2] - r[0]) * (r[3] - r[1]) for r in g.rects) >= MIN_AREA
    assert guillotine_blocks(g.rects) >= 1


@pytest.mark.parametrize("spaces", [13, 40, 150])
def test_other_counts(spaces: int) -> None:
    for seed in range(3):
        g = geometry(seed, spaces)
        assert len(g.rects) == spaces
        assert not [c for c in validate_geometry(g, {"spaces": spaces}) if not c.ok]


def test_guillotine_blocks() -> None:
    # Two cuts: fully guillotine.
    assert guillotine_blocks([(0, 0, 5, 10), (5, 0, 10, 4), (5, 4, 10, 10)]) == 0
    # A pinwheel: four rectangles turning around a fifth.
    pin = [(0, 0, 6, 3), (6, 0, 9, 6), (3, 6, 9, 9), (0, 3, 3, 9), (3, 3, 6, 6)]
    assert guillotine_blocks(pin) == 1
    # A pinwheel beside a guillotine part, and one nested inside a pinwheel piece.
    shifted = [(x0 + 9, y0, x1 + 9, y1) for x0, y0, x1, y1 in pin]
    assert guillotine_blocks([(0, 0, 9, 9), *shifted]) == 1
    assert (
        guillotine_blocks(
            [
                *pin[:4],
                *[(3 + x0 / 3, 3 + y0 / 3, 3 + x1 / 3, 3 + y1 / 3) for x0, y0, x1, y1 in pin],
            ]
        )
        == 1
    )


def test_validation_catches_broken_dissections() -> None:
    g = geometry(0)
    # a cross: split the field into four quarters
    w, h = g.w, g.h
    cross = (
        (0, 0, w // 2, h // 2),
        (w // 2, 0, w, h // 2),
        (0, h // 2, w // 2, h),
        (w // 2, h // 2, w, h),
    )
    bad = {c.name: c.ok for c in validate_geometry(mondrian.Geometry(w, h, cross), {"spaces": 4})}
    assert bad["no four spaces meet at a point (T-junctions only)"] is False
    assert bad["not only guillotine cuts"] is False
    # a missing rectangle leaves a hole and a wrong count
    holed = mondrian.Geometry(w, h, g.rects[1:])
    bad = {c.name: c.ok for c in validate_geometry(holed, DEFAULT)}
    assert bad["exactly 99 spaces"] is False
    assert bad["rectangles tile the field"] is False


@pytest.mark.parametrize("seed", [None, 1, 2, 5, 42])
@pytest.mark.parametrize("page", ["a4", "letter"])
def test_sheet(seed: int | None, page: str) -> None:
    lay = layout(seed, page)
    topo = lay.topology
    assert len(topo.spaces) == 99
    assert [r.id for r in lay.regions if r.kind == "space"] == list(topo.spaces)
    assert [c.line() for c in check_layout(lay) if not c.ok] == []
    assert topo.check_symmetric() == []
    # rects: 0.01 mm grid, ordered, and their union is the field rectangle
    rects = rects_mm(lay)
    assert all(x0 < x1 and y0 < y1 for x0, y0, x1, y1 in rects)
    assert all(round(v, 2) == v for r in rects for v in r)
    polys = [box(*r) for r in rects]
    union = shapely.union_all(polys)
    assert abs(sum(p.area for p in polys) - union.area) < 1e-6
    assert union.equals(box(*topo.data["field"]))
    # every region inside the body (so inside the 10 mm safe area)
    body = (10.0, 34.0, lay.page.width_mm - 10.0, lay.page.height_mm - 29.0)
    for r in lay.regions:
        if r.kind in ("space", "score_box"):
            for x, y in r.polygon:
                assert body[0] <= x <= body[2] and body[1] <= y <= body[3], r.id
    # "next to" = a shared side of at least 3 mm; corners never count and never occur
    for s in topo.spaces:
        assert topo.corner[s] == frozenset()
    by_id = dict(zip(topo.spaces, polys, strict=True))
    for s in topo.spaces:
        for t in topo.adjacent[s]:
            assert by_id[s].intersection(by_id[t]).length >= MIN_SHARED / U - 1e-9
    # printability in page millimetres
    assert min(min(r[2] - r[0], r[3] - r[1]) for r in rects) >= MIN_SIDE / U - 1e-9
    # four score areas of 80 boxes, two at each end of the field
    boxes = [r for r in lay.regions if r.kind == "score_box" and r.extra.get("role") == "point"]
    assert len(boxes) == 320
    top = topo.data["field"][1]
    above = {r.player for r in boxes if r.polygon[0][1] < top}
    below = {r.player for r in boxes if r.polygon[0][1] > top}
    assert above == {1, 2} and below == {3, 4}


def test_standard_is_the_same_field_on_both_pages() -> None:
    a4, lt = layout(None, "a4"), layout(None, "letter")
    assert a4.topology.adjacent == lt.topology.adjacent

    def rel(lay: Layout) -> list[tuple[float, ...]]:
        fx, fy = lay.topology.data["field"][:2]
        return [
            tuple(round(v - o, 2) for v, o in zip(r, (fx, fy, fx, fy), strict=True))
            for r in rects_mm(lay)
        ]

    assert rel(a4) == rel(lt)
    assert a4.topology.field_id == lt.topology.field_id == "MONDRIAN-1-STD-P4S99"


def test_players_and_neutral_colour() -> None:
    spec = get_game("mondrian")
    assert [spec.colours({"players": p}) for p in (2, 3, 4)] == [3, 4, 4]
    two = layout(None, "a4", players=2)
    ids = {r.id for r in two.regions}
    for p in (1, 2):
        for a in (1, 2):
            assert f"score-p{p}-a{a}-box-80" in ids and f"score-p{p}-a{a}-x" in ids
    assert sum(r.kind == "key" for r in two.regions) == 3
    three = layout(None, "a4", players=3)
    assert {r.player for r in three.regions if r.kind == "score_box"} == {1, 2, 3}
    assert (
        sum(r.kind == "score_box" and r.extra.get("role") == "point" for r in three.regions) == 240
    )
    assert sum(r.kind == "key" for r in three.regions) == 4


def test_deterministic() -> None:
    a = build_layout("mondrian", 7, {}, "a4").to_json()
    b = build_layout("mondrian", 7, {}, "a4").to_json()
    assert a == b
    assert make_geometry(Rng.derive("x", 1), DEFAULT) == make_geometry(Rng.derive("x", 1), DEFAULT)
    assert build_layout("mondrian", 8).to_json() != a


def test_template_round_trip() -> None:
    g = geometry(3)
    data = mondrian.geometry_to_data(g)
    back = mondrian.geometry_from_data(data)
    assert back.rects == g.rects and (back.w, back.h) == (g.w, g.h)


def test_options() -> None:
    spec = get_game("mondrian")
    with pytest.raises(ValueError, match="--spaces must be from 13 to 150"):
        spec.resolve_options({"spaces": 12})
    with pytest.raises(ValueError, match="--spaces must be from 13 to 150"):
        spec.resolve_options({"spaces": 151})
    with pytest.raises(ValueError, match="--players must be from 2 to 4"):
        spec.resolve_options({"players": 5})
    with pytest.raises(ValueError, match="standard Mondrian field has 99 spaces"):
        build_layout("mondrian", None, {"spaces": 50})
    assert len(build_layout("mondrian", 3, {"spaces": 50}).topology.spaces) == 50


def test_validate_layout_sees_tampering() -> None:
    lay = build_layout("mondrian", 11)
    assert all(c.ok for c in mondrian.validate_layout(lay))
    space = next(r for r in lay.regions if r.kind == "space")
    lay.regions.remove(space)
    failed = {c.name for c in mondrian.validate_layout(lay) if not c.ok}
    assert "exactly 99 spaces" in failed and "rectangles tile the field" in failed
