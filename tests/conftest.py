"""Shared fixtures: sheets built once per test session (building is deterministic)."""

from __future__ import annotations

import functools

from shapely.geometry import Polygon

from artsheets.generator.layout import Layout, Region
from artsheets.generator.registry import build_layout, games


def sample_cases() -> list[tuple[str, int | None]]:
    """One standard sheet per game that has one, and one seeded sheet per game with random
    fields: the sheets every cross-game test runs on."""
    cases: list[tuple[str, int | None]] = []
    for spec in games().values():
        if spec.standard is not None:
            cases.append((spec.name, None))
        if spec.random_fields:
            cases.append((spec.name, 42))
    return cases


@functools.cache
def sample_layout(game: str, seed: int | None, page: str = "a4") -> Layout:
    return build_layout(game, seed, {}, page)


def regions_of(layout: Layout, kind: str) -> dict[str, Region]:
    """The layout's regions of one kind, by id."""
    return {r.id: r for r in layout.regions if r.kind == kind}


def space_polygons(layout: Layout) -> dict[str, Polygon]:
    """Every space as a shapely polygon (holes included), by id."""
    return {r.id: Polygon(r.polygon, r.holes or None) for r in layout.regions if r.kind == "space"}
