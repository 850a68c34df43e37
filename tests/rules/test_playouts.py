"""Random playouts on every game and variant: the engine's broadest consistency test."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from artsheets.rules.field import Field
from tests.rules import synthetic as S

from .playout import playout

SEEDS = (1, 2, 3)

# (case id, field factory taking a seed, options)
CASES: list[tuple[str, Callable[[int], Field], dict[str, Any]]] = [
    ("vasarely-2", lambda s: S.vasarely_field(s, cubes=4), {"players": 2}),
    ("vasarely-3", lambda s: S.vasarely_field(s, cubes=4), {"players": 3}),
    (
        "vasarely-4-three-cubes",
        lambda s: S.vasarely_field(s, cubes=5),
        {"players": 4, "max_cubes": 3},
    ),
    ("miro-2", lambda s: S.miro_field(2, 3, 90, seed=s), {"players": 2}),
    ("miro-3", lambda s: S.miro_field(3, 4, 140, seed=s), {"players": 3}),
    ("miro-4", lambda s: S.miro_field(2, 3, 90, seed=s), {"players": 4}),
    ("miro-teams", lambda s: S.miro_field(3, 4, 140, seed=s), {"players": 4, "teams": True}),
    (
        "miro-double-lower",
        lambda s: S.miro_field(2, 3, 90, seed=s),
        {"players": 4, "teams": True, "partnership": "double_lower"},
    ),
    (
        "miro-double-higher",
        lambda s: S.miro_field(2, 3, 90, seed=s),
        {"players": 4, "teams": True, "partnership": "double_higher"},
    ),
    ("mondrian-4", lambda s: S.mondrian_field(s, 24, 60, 80), {"players": 4}),
    ("mondrian-teams", lambda s: S.mondrian_field(s, 24, 60, 80), {"players": 4, "teams": True}),
    ("mondrian-3", lambda s: S.mondrian_field(s, 24, 60, 80), {"players": 3}),
    ("mondrian-2", lambda s: S.mondrian_field(s, 24, 60, 80), {"players": 2}),
    ("mondrian-2-160", lambda s: S.mondrian_field(s, 30, 60, 80), {"players": 2, "target": 160}),
    ("arp-2", lambda s: S.arp_field(s, 8), {"players": 2}),
    ("arp-3", lambda s: S.arp_field(s, 8), {"players": 3}),
    ("arp-4-stop", lambda s: S.arp_field(s, 9), {"players": 4, "stop_at_own": True}),
    ("arp-2-stop", lambda s: S.arp_field(s, 8), {"players": 2, "stop_at_own": True}),
    (
        "arp-teams-double-higher",
        lambda s: S.arp_field(s, 8),
        {"players": 4, "teams": True, "partnership": "double_higher"},
    ),
    ("delaunay-4-teams", lambda s: S.delaunay_field(2, 3, 2), {"players": 4}),
    ("delaunay-3", lambda s: S.delaunay_field(2, 3, 2), {"players": 3}),
    ("delaunay-2", lambda s: S.delaunay_field(2, 3, 2), {"players": 2}),
    ("klee", lambda s: S.klee_field(5, track=12), {}),
    ("klee-six-areas", lambda s: S.klee_field(5, track=12), {"all_areas": True}),
    ("klee-triangular", lambda s: S.klee_field(5, track=12), {"triangular": True}),
    ("klee-short-track", lambda s: S.klee_field(5, track=12), {"track_length": 4}),
    ("springer-2", lambda s: S.springer_field(5, 6, s), {"players": 2}),
    ("springer-2-low", lambda s: S.springer_field(5, 5, s), {"players": 2, "threshold": 6}),
    ("springer-3", lambda s: S.springer_field(5, 6, s), {"players": 3}),
    ("springer-2-divide", lambda s: S.springer_field(5, 6, s), {"players": 2, "divide": True}),
    (
        "springer-2-double-first",
        lambda s: S.springer_field(5, 6, s),
        {"players": 2, "double_first": True},
    ),
    (
        "springer-2-both-variations",
        lambda s: S.springer_field(5, 6, s),
        {"players": 2, "divide": True, "double_first": True, "threshold": 9},
    ),
    ("rings-2", lambda s: S.rings_field(s, 4, 2, 6), {"players": 2}),
    (
        "rings-3-fill-neither",
        lambda s: S.rings_field(s, 4, 3, 6),
        {"players": 3, "coincide": "fill_neither"},
    ),
    ("synch", lambda s: S.synch_field(4), {}),
    ("synch-variation", lambda s: S.synch_field(4), {"variation": "directioner_first"}),
]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("factory", "options"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_random_playout(
    factory: Callable[[int], Field], options: dict[str, Any], seed: int
) -> None:
    state = playout(factory(seed), options, seed)
    out = state.outcome()
    assert out is not None and out.reason


REAL = [
    ("vasarely", None, {"players": 4}),
    ("miro", None, {"players": 3}),
    ("mondrian", None, {"players": 3}),
    ("delaunay", None, {"players": 2}),
    ("klee", None, {}),
    ("springer", None, {"players": 2}),
    ("rings", 7, {"players": 3}),
    ("synch", None, {"variation": "directioner_first"}),
]


@pytest.mark.parametrize(("game", "seed", "options"), REAL, ids=[r[0] for r in REAL])
def test_random_playout_on_the_generator_fields(
    game: str, seed: int | None, options: dict[str, Any]
) -> None:
    """The same checks on the fields the generator prints (standard, or seeded for Rings)."""
    from artsheets.generator.registry import build_field

    state = playout(
        build_field(game, seed, {}), options, 11, apply_all_limit=8, unlisted=4, roundtrip_every=40
    )
    assert state.outcome() is not None


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("seed", [4, 9])
def test_random_playout_on_every_springer_field_version(version: int, seed: int) -> None:
    """The rule engine plays random Springer fields of every version (version 2 is a free net,
    not a grid: junctions of three to eight spaces) without change."""
    from artsheets.generator.registry import build_layout

    field = build_layout("springer", seed, {}, "a4", version).topology
    assert field is not None and field.field_id.startswith(f"SPRINGER-{version}-")
    for options in ({"players": 2}, {"players": 3}, {"players": 2, "divide": True}):
        state = playout(field, options, seed, apply_all_limit=8, unlisted=4, roundtrip_every=40)
        assert state.outcome() is not None
