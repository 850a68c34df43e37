"""Miro fields: one closed curve, exact counts, printable, topology as docs/topology.md says."""

from __future__ import annotations

import functools

import pytest
import shapely
from shapely.geometry import LineString, Polygon

from artsheets.generator.games import miro
from artsheets.generator.registry import build_layout, get_game
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import MARGIN_MM
from tests.conftest import regions_of as regions

SEEDS = list(range(1, 7))


@functools.cache
def layout(seed: int | None, page: str = "a4", spaces: int | None = None, players: int = 4):
    opts = {"players": players}
    if spaces is not None:
        opts["spaces"] = spaces
    return build_layout("miro", seed, opts, page)


def counts(lay) -> tuple[int, int, int]:
    topo = lay.topology
    crossings = {tuple(regions(lay, "segment")[s].polyline[0]) for s in topo.data["segments"]}
    return len(topo.spaces), len(topo.data["segments"]), len(crossings)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_field_counts_and_euler(seed: int) -> None:
    lay = layout(seed)
    s, e, v = counts(lay)
    assert (s, e, v) == (109, 216, 108)
    # Euler for the plane graph of the curve: V - E + F = 2 with F = S + the outside.
    assert v - e + (s + 1) == 2


@pytest.mark.parametrize("seed", SEEDS)
def test_random_field_is_valid_and_printable(seed: int) -> None:
    lay = layout(seed)
    checks = get_game("miro").validate(lay)
    assert all(c.ok for c in checks), [c.line() for c in checks if not c.ok]
    spaces = [Polygon(r.polygon) for r in regions(lay, "space").values()]
    assert all(p.is_valid for p in spaces)
    union = shapely.union_all(spaces)
    assert sum(p.area for p in spaces) == pytest.approx(union.area, abs=0.05)
    assert min(p.area for p in spaces) >= miro.MIN_AREA
    segs = regions(lay, "segment").values()
    assert min(LineString(r.polyline).length for r in segs) >= miro.MIN_SEGMENT
    assert all(r.width_mm == miro.SEGMENT_BAND for r in segs)


@pytest.mark.parametrize("seed", SEEDS[:5])
def test_every_region_inside_the_safe_area(seed: int) -> None:
    lay = layout(seed)
    body = lay.page
    for r in lay.regions:
        for x, y in r.polygon or r.polyline or []:
            assert MARGIN_MM <= x <= body.width_mm - MARGIN_MM, r.id
            assert MARGIN_MM <= y <= body.height_mm - MARGIN_MM, r.id


@pytest.mark.parametrize("seed", SEEDS)
def test_topology_is_consistent_with_the_curve(seed: int) -> None:
    lay = layout(seed)
    topo = lay.topology
    assert topo.check_symmetric() == []
    segs = regions(lay, "segment")
    spaces = regions(lay, "space")
    order = topo.data["segments"]
    # Segments run in order along one closed curve.
    for a, b in zip(order, order[1:] + order[:1], strict=True):
        assert segs[a].polyline[-1] == segs[b].polyline[0]
    # Every space's boundary segments close a ring that is the space's boundary.
    for sid in topo.spaces:
        lines = [LineString(segs[s].polyline) for s in topo.data["space_segments"][sid]]
        ring = shapely.line_merge(shapely.union_all(lines))
        assert ring.geom_type == "LineString" and ring.is_ring, sid
        assert ring.symmetric_difference(Polygon(spaces[sid].polygon).exterior).length < 0.05
    # segment_spaces and space_segments are inverse; a segment has one or two spaces.
    for seg, sids in topo.data["segment_spaces"].items():
        assert 1 <= len(sids) <= 2
        for sid in sids:
            assert seg in topo.data["space_segments"][sid]
    # Spaces across a segment are adjacent; capture marks sit inside their spaces.
    for sids in topo.data["segment_spaces"].values():
        if len(sids) == 2:
            assert sids[1] in topo.adjacent[sids[0]]
    marks = regions(lay, "mark")
    for sid, mid in topo.data["capture_marks"].items():
        assert Polygon(spaces[sid].polygon).contains(Polygon(marks[mid].polygon))


def test_same_seed_same_sheet() -> None:
    a = build_layout("miro", 1, {"players": 4})
    assert a.to_json() == layout(1).to_json()
    assert layout(2).to_json() != a.to_json()


def test_template_round_trip_draws_identically() -> None:
    opts = miro.GAME.resolve_options({})
    geom, _ = miro.random_geometry(Rng.derive("miro", "standard", 4), opts)
    again = miro.MiroGeometry.from_data(geom.to_data())
    assert again == geom


def test_standard_field_counts_on_both_pages() -> None:
    for page in ("a4", "letter"):
        lay = layout(None, page)
        assert counts(lay) == (109, 216, 108)
        checks = get_game("miro").validate(lay)
        assert all(c.ok for c in checks), [c.line() for c in checks if not c.ok]
        assert len(regions(lay, "mark")) == 109


@pytest.mark.parametrize("spaces", [12, 150])
def test_other_space_counts(spaces: int) -> None:
    lay = layout(3, spaces=spaces)
    assert counts(lay) == (spaces, 2 * (spaces - 1), spaces - 1)
    assert all(c.ok for c in get_game("miro").validate(lay))


@pytest.mark.parametrize(("players", "areas"), [(2, 4), (3, 3), (4, 4)])
def test_score_areas(players: int, areas: int) -> None:
    lay = layout(5, players=players)
    totals = [r for r in lay.regions if r.kind == "score_box" and r.extra.get("role") == "total"]
    assert len(totals) == areas
    assert len(regions(lay, "key")) == players
    if players == 2:
        ids = {r.id for r in totals}
        assert ids == {"score-p1-a1-t", "score-p1-a2-t", "score-p2-a1-t", "score-p2-a2-t"}


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="--spaces must be from 12 to 150"):
        build_layout("miro", 1, {"spaces": 5})
    with pytest.raises(ValueError, match="--players must be from 2 to 4"):
        build_layout("miro", 1, {"players": 5})
    with pytest.raises(ValueError, match="standard Miro field has 109 spaces"):
        build_layout("miro", None, {"spaces": 50})
