"""Shared fixtures: sheets built once per test session (building is deterministic)."""

from __future__ import annotations

import functools
import os
import shutil
import tempfile

import pytest
from shapely.geometry import Polygon

from artsheets.generator.layout import Layout, Region
from artsheets.generator.registry import build_layout, games


def pytest_configure(config: pytest.Config) -> None:
    """The scanner's disk cache of templates in a folder of this run's own (subprocesses
    inherit it): never the user's, and every run starts empty."""
    folder = tempfile.mkdtemp(prefix="artsheets-test-cache-")
    config.stash[_CACHE_KEY] = folder
    os.environ["ARTSHEETS_CACHE_DIR"] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(_CACHE_KEY, None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


_CACHE_KEY = pytest.StashKey[str]()


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
