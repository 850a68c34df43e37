"""Arp fields: L lines, exactly S spaces bounded only by line portions, general position,
printable, topology as docs/topology.md says."""

from __future__ import annotations

import functools
import itertools
import math

import pytest
import shapely
from shapely.geometry import LineString, Point, Polygon

from artsheets.generator.games import arp
from artsheets.generator.registry import build_layout, get_game
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import MARGIN_MM
from tests.conftest import regions_of as regions

SEEDS = list(range(1, 9))
VERSIONS = (1, 2)


@functools.cache
def layout(
    seed: int | None, page: str = "a4", players: int = 4, version: int | None = None, **opts: int
):
    return build_layout("arp", seed, {"players": players, **opts}, page, version)


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


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_field_counts(seed: int, version: int) -> None:
    check_counts(layout(seed, version=version), 25, 55)


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_field_is_valid_and_printable(seed: int, version: int) -> None:
    lay = layout(seed, version=version)
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


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_topology_is_consistent(seed: int, version: int) -> None:
    lay = layout(seed, version=version)
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
    assert a.field_version == 2 and layout(1, version=1).to_json() != a.to_json()


@pytest.mark.parametrize("version", VERSIONS)
def test_template_round_trip(version: int) -> None:
    opts = arp.GAME.resolve_options({})
    geom, _ = arp.random_geometry(Rng.derive("arp", "standard", 2), opts, version)
    assert arp.ArpGeometry.from_data(geom.to_data()) == geom


@pytest.mark.parametrize("version", [*VERSIONS, None])
def test_standard_field_on_both_pages(version: int | None) -> None:
    for page in ("a4", "letter"):
        lay = layout(None, page, version=version)
        assert lay.field_version == (version or 2)
        assert lay.sheet_code.startswith(f"ARP-{version or 2}-STD-")
        check_counts(lay, 25, 55)
        assert all(c.ok for c in get_game("arp").validate(lay))
    assert layout(None, version=1).to_json() != layout(None, version=2).to_json()


def test_unknown_standard_version_is_refused() -> None:
    with pytest.raises(ValueError, match="standard field has no version 3; known: 1, 2"):
        build_layout("arp", None, {}, "a4", 3)


def _directions(lay) -> list[float]:
    """Each line's direction in degrees, 0 <= d < 180, from its end vertices."""
    segs = regions(lay, "segment")
    out = []
    for ids in lay.topology.data["pieces"].values():
        (x0, y0), (x1, y1) = segs[ids[0]].polyline[0], segs[ids[-1]].polyline[-1]
        out.append(math.degrees(math.atan2(y1 - y0, x1 - x0)) % 180.0)
    return out


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_version_2_lines_are_free(seed: int) -> None:
    """Version 2 is not a lattice: directions spread over the half circle with no family of
    near-parallels, and lines of very different reach, some crossing only two or three."""
    lay = layout(seed, version=2)
    dirs = sorted(_directions(lay))
    gaps = [b - a for a, b in itertools.pairwise([*dirs, dirs[0] + 180.0])]
    assert max(gaps) < 3 * 180.0 / len(dirs)
    # No direction is shared by a family: at most three lines within any 10 degrees.
    assert max(sum((d - c) % 180.0 < 10.0 for d in dirs) for c in dirs) <= 3
    crossings = [len(vs) - 2 for vs in lay.topology.data["lines"].values()]
    assert min(crossings) <= 3 and max(crossings) >= 3 * min(crossings)
    # The v1 lattice, for contrast, has three families of parallels.
    v1 = sorted(_directions(layout(seed, version=1)))
    assert max(sum((d - c) % 180.0 < 10.0 for d in v1) for c in v1) > 3


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize(("lines", "spaces"), [(10, 16), (20, 44)])
def test_other_counts(lines: int, spaces: int, version: int) -> None:
    lay = layout(3, lines=lines, spaces=spaces, version=version)
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


def test_version_2_refuses_more_crossings_than_it_draws() -> None:
    assert arp.free_space_range(25) == arp.space_range(25)  # 75 spaces: as version 1
    assert arp.free_space_range(32) == (32, 69)
    with pytest.raises(ValueError, match="give --field-version 1 for up to 96"):
        build_layout("arp", 1, {"lines": 32, "spaces": 96})
