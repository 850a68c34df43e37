"""Arp fields: L lines, exactly S spaces bounded only by line portions, general position,
printable, topology as docs/topology.md says."""

from __future__ import annotations

import functools
import itertools

import pytest
import shapely
from shapely.geometry import LineString, Point, Polygon

from artsheets.generator.games import arp
from artsheets.generator.registry import build_layout, get_game
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import MARGIN_MM
from tests.conftest import regions_of as regions

SEEDS = list(range(1, 9))


@functools.cache
def layout(seed: int | None, page: str = "a4", players: int = 4, **opts: int):
    return build_layout("arp", seed, {"players": players, **opts}, page)


def check_counts(lay, lines: int, spaces: int) -> None:
    topo = lay.topology
    assert len(topo.spaces) == spaces
    assert len(topo.data["lines"]) == lines
    crossings = {v for vs in topo.data["lines"].values() for v in vs[1:-1]}
    ends = {v for vs in topo.data["lines"].values() for v in (vs[0], vs[-1])}
    # Interior vertices are crossings of exactly two lines; ends belong to one line only.
    for v in crossings:
        assert sum(v in vs[1:-1] for vs in topo.data["lines"].values()) == 2
    assert not crossings & ends
    # S = X - L + 1 for a connected figure whose ends all lie outside the spaces.
    assert len(crossings) == spaces + lines - 1
    for lid, vs in topo.data["lines"].items():
        assert len(topo.data["pieces"][lid]) == len(vs) - 1
        assert len(vs) >= 3, f"{lid} touches no other line"


@pytest.mark.parametrize("seed", SEEDS)
def test_random_field_counts(seed: int) -> None:
    check_counts(layout(seed), 25, 55)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_field_is_valid_and_printable(seed: int) -> None:
    lay = layout(seed)
    checks = get_game("arp").validate(lay)
    assert all(c.ok for c in checks), [c.line() for c in checks if not c.ok]
    spaces = [Polygon(r.polygon) for r in regions(lay, "space").values()]
    assert all(p.is_valid for p in spaces)
    assert sum(p.area for p in spaces) == pytest.approx(shapely.union_all(spaces).area, abs=0.05)
    assert min(p.area for p in spaces) >= arp.MIN_AREA
    segs = regions(lay, "segment").values()
    assert min(LineString(r.polyline).length for r in segs) >= arp.MIN_PIECE
    # Spaces are bounded only by line portions: no line end inside or on a space.
    union = shapely.union_all(spaces)
    topo = lay.topology
    for lid, ids in topo.data["pieces"].items():
        first, last = regions(lay, "segment")[ids[0]], regions(lay, "segment")[ids[-1]]
        for end in (first.polyline[0], last.polyline[-1]):
            assert union.distance(Point(end)) > 0.5, lid
    for r in lay.regions:
        for x, y in r.polygon or r.polyline or []:
            assert MARGIN_MM <= x <= lay.page.width_mm - MARGIN_MM, r.id
            assert MARGIN_MM <= y <= lay.page.height_mm - MARGIN_MM, r.id


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_topology_is_consistent(seed: int) -> None:
    lay = layout(seed)
    topo = lay.topology
    assert topo.check_symmetric() == []
    segs = regions(lay, "segment")
    spaces = regions(lay, "space")
    for sid in topo.spaces:
        lines = [LineString(segs[s].polyline) for s in topo.data["space_segments"][sid]]
        ring = shapely.line_merge(shapely.union_all(lines))
        assert ring.geom_type == "LineString" and ring.is_ring, sid
        assert ring.symmetric_difference(Polygon(spaces[sid].polygon).exterior).length < 0.05
    for seg, sids in topo.data["segment_spaces"].items():
        assert len(sids) <= 2
        for sid in sids:
            assert seg in topo.data["space_segments"][sid]
        if len(sids) == 2:
            assert sids[1] in topo.adjacent[sids[0]]
    # Pieces of a line join its vertices in order.
    for ids in topo.data["pieces"].values():
        for a, b in itertools.pairwise(ids):
            assert segs[a].polyline[-1] == segs[b].polyline[0]


def test_same_seed_same_sheet() -> None:
    a = build_layout("arp", 1, {"players": 4})
    assert a.to_json() == layout(1).to_json()
    assert layout(2).to_json() != a.to_json()


def test_template_round_trip() -> None:
    opts = arp.GAME.resolve_options({})
    geom, _ = arp.random_geometry(Rng.derive("arp", "standard", 2), opts)
    assert arp.ArpGeometry.from_data(geom.to_data()) == geom


def test_standard_field_on_both_pages() -> None:
    for page in ("a4", "letter"):
        lay = layout(None, page)
        check_counts(lay, 25, 55)
        assert all(c.ok for c in get_game("arp").validate(lay))


@pytest.mark.parametrize(("lines", "spaces"), [(10, 16), (20, 44)])
def test_other_counts(lines: int, spaces: int) -> None:
    lay = layout(3, lines=lines, spaces=spaces)
    check_counts(lay, lines, spaces)
    assert all(c.ok for c in get_game("arp").validate(lay))


@pytest.mark.parametrize(("players", "areas"), [(2, 2), (3, 3), (4, 4)])
def test_score_areas(players: int, areas: int) -> None:
    lay = layout(None, players=players)
    totals = [r for r in lay.regions if r.kind == "score_box" and r.extra.get("role") == "total"]
    assert len(totals) == areas
    boxes = [r for r in lay.regions if r.kind == "score_box" and r.extra.get("role") == "point"]
    assert len(boxes) == 55 * areas
    assert len(regions(lay, "key")) == players


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="impossible with --lines 10: 10 lines make from 5 to 16"):
        build_layout("arp", 1, {"lines": 10, "spaces": 40})
    with pytest.raises(ValueError, match="--lines must be from 8 to 32"):
        build_layout("arp", 1, {"lines": 50})
    with pytest.raises(ValueError, match="standard Arp field has 25 lines and 55 spaces"):
        build_layout("arp", None, {"spaces": 60})
    assert arp.GAME.resolve_options({"lines": 10})["spaces"] == 16
